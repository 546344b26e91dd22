import Foundation
import TouchDeskModels
import TouchDeskToolkit

// The view kept across restarts (StatefulApp): every key optional, so a file from an older or
// newer version restores what it can.
extension MandelbrotApp: @MainActor StatefulApp {
    public nonisolated static let stateFileName = "mandelbrot.json"

    nonisolated struct KeptView: Codable, Hashable, Sendable {
        /// The centre's parts and the view's width as exact decimals (`--center RE,IM --width W`).
        var centerRe: String?
        var centerIm: String?
        var width: KeptWidth?
        var limitShift: Int?
        /// The iteration limit then, for people reading the file.
        var limit: Int?
        var journey: [Int]?
        var smooth: Bool?
        /// The palette's `MandelbrotPaletteKind` name, and the cyclic palette's period.
        var palette: String?
        var period: Int?
        /// How versions before exact decimals kept the centre: the words of a 288-bit fixed-point
        /// number (`DecimalNumber(fixedPointWords:)`); their width was a JSON number.
        var centerX: [UInt32]?
        var centerY: [UInt32]?
    }

    /// The width: text now, a JSON number in files from before exact decimals.
    nonisolated enum KeptWidth: Codable, Hashable, Sendable {
        case text(String)
        case number(Double)

        init(from decoder: Decoder) throws {
            let c = try decoder.singleValueContainer()
            if let s = try? c.decode(String.self) { self = .text(s) } else { self = .number(try c.decode(Double.self)) }
        }

        func encode(to encoder: Encoder) throws {
            var c = encoder.singleValueContainer()
            switch self {
            case .text(let s): try c.encode(s)
            case .number(let d): try c.encode(d)
            }
        }

        var text: String {
            switch self {
            case .text(let s): s
            case .number(let d): d.isFinite && d > 0 ? DecimalNumber(d).shortDescription : "\(d)"
            }
        }
    }

    public func saveState() -> AppState? {
        // A Julia set shown is not kept: the Mandelbrot view it was opened from is.
        let (w, journey) = model.mandelbrotView
        return AppState(json: KeptView(centerRe: w.center.x.description, centerIm: w.center.y.description, width: .text(w.width.shortDescription),
                                       limitShift: model.limitShift, limit: model.limit, journey: journey, smooth: model.smooth,
                                       palette: model.palette.rawValue, period: model.period))
    }

    public func restore(_ data: Data) throws {
        let kept = try decodeState(KeptView.self, from: data)
        var center: String?
        if let re = kept.centerRe, let im = kept.centerIm {
            center = re + "," + im
        } else if let xs = kept.centerX, let ys = kept.centerY {
            guard let x = DecimalNumber(fixedPointWords: xs), let y = DecimalNumber(fixedPointWords: ys) else {
                throw StateError("the view was kept by an older version in a form this one does not read (a centre of "
                                 + "\(xs.count) and \(ys.count) words, not \(DecimalNumber.fixedPointWordCount))")
            }
            center = "\(x),\(y)"
        }
        var window = MandelbrotWindow.start
        if let center, let w = kept.width {
            do { window = try MandelbrotWindow.parse(center: center, width: w.text) }
            catch { throw StateError("the kept view is not one Mandelbrot shows: \(error)") }
        }
        let shift = min(max(kept.limitShift ?? 0, -16), 16)
        let journey = kept.journey.flatMap { $0.allSatisfy { (1...4).contains($0) } ? $0 : nil }
        // A palette this version does not know (a newer one's) leaves the current one.
        let palette = kept.palette.flatMap(MandelbrotPaletteKind.init(rawValue:)) ?? model.palette
        show(MandelbrotModel(window: window, journey: journey, limitShift: shift, smooth: kept.smooth ?? model.smooth,
                             palette: palette, period: kept.period ?? model.period))
    }
}

// What it keeps between visits and frees when left (see `MiniApp.visitMemory`).
extension MandelbrotApp {
    public nonisolated static var visitMemory: VisitMemory {
        VisitMemory(kept: ["the finished picture of the view (one surface)", "the view and palette"],
                    freed: ["the render's workers (cancelled; a big save asked for goes on)"],
                    leavingDuringLoad: .pausesThenRestarts)
    }
}
