import Foundation
import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskModels
import TouchDeskToolkit

// MARK: - Kept across restarts, and asked about before quitting

extension PaintApp: @MainActor StatefulApp, @MainActor DocumentApp {
    public nonisolated static let stateFileName = "paint.json"
    public nonisolated static let documentName = "painting"
    nonisolated struct Kept: Codable, Sendable {
        /// The whole canvas as PNG, base64.
        var canvas: String?
        /// Pixels per point of that PNG.
        var scale: Double?
        /// The brush colour's swatch index (`PaintColor`), as files before the colour picker kept it.
        var swatch: Int?
        var radius: Double?
        /// The brush colour as `#RRGGBB`; when present it wins over `swatch`.
        var color: String?
        /// The brush opacity, 0.05…1 (files without it paint opaque).
        var opacity: Double?
        /// The size of the picture being edited, in points (nil: the window's).
        var width: Double?
        var height: Double?
        /// The file Ctrl+S writes to.
        var file: String?

        /// The file's keys stay those of earlier versions ("color" was the swatch, "colour" the hex).
        enum CodingKeys: String, CodingKey {
            case canvas, scale, swatch = "color", radius, color = "colour", opacity, width, height, file
        }
    }

    public func saveState() -> AppState? {
        guard let canvas = canvas.surface else { return nil }
        var h = Hasher()
        h.combine(files.canvasRevision)
        h.combine(model.color)
        h.combine(model.radius)
        h.combine(model.opacity)
        h.combine(model.file)
        let doc = model.documentSize, file = model.file
        let image = DetachedImage(copying: canvas)
        let scale = canvas.scale, radius = model.radius, opacity = model.opacity
        let color = model.color.hex, swatch = PaintColor.allCases.first { $0.color == model.color }?.rawValue
        return AppState(revision: h.finalize()) {
            let png = try image.pngData()
            return try JSONEncoder().encode(Kept(canvas: png.base64EncodedString(), scale: scale, swatch: swatch, radius: radius,
                                                 color: color, opacity: opacity, width: doc?.width, height: doc?.height, file: file))
        }
    }

    public func restore(_ data: Data) throws {
        let kept = try decodeState(Kept.self, from: data)
        if let b64 = kept.canvas {
            guard let png = Data(base64Encoded: b64) else { throw StateError("the canvas is not a PNG") }
            let picture = try Self.decodeCanvas(png, scale: kept.scale ?? 1)
            var doc: Size?
            if let w = kept.width, let h = kept.height, w.isFinite, h.isFinite, w >= 1, h >= 1 {
                doc = Size(min(w, picture.size.width), min(h, picture.size.height))
            }
            let file = kept.file.flatMap { $0.hasPrefix("/") ? $0 : nil }
            if model.history.isEmpty {
                replaceCanvas(with: picture, documentSize: doc, file: file)
            } else {
                // A picture opened from the command line got here first: the kept canvas goes under it.
                putUnderHistory(picture, documentSize: doc)
            }
        }
        if let c = kept.color.flatMap(RGBColor.init(hex:)) ?? kept.swatch.flatMap(PaintColor.init(rawValue:))?.color { model.color = c }
        if let r = kept.radius, r.isFinite { model.setRadius(r) }
        if let a = kept.opacity, a.isFinite { model.setOpacity(a) }
        files.canvasRestored()
        syncControls()
    }

    /// Decodes a PNG for the canvas, refusing one too large from its header, before decoding.
    static func decodeCanvas(_ png: Data, scale: Double) throws -> ImageSurface {
        do { return try PictureReader.decode(png, scale: scale, limits: PictureReader.canvasLimits) } catch {
            throw StateError(error.description)
        }
    }

    public var hasUnsavedWork: Bool { files.hasUnsavedWork }

    public func saveDocument() -> BackgroundWriter.Ticket? { save() }
}
