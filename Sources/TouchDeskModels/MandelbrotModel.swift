import TouchDeskInterface
/// Mandelbrot: the seed's explorer of the Mandelbrot set, tapped quadrant by quadrant.
///
/// The view starts at x ∈ [−2, 1], y ∈ [−1.5, 1.5]; a cross-hair divides it into quadrants
/// 1 (top-left), 2 (top-right), 3 (bottom-left) and 4 (bottom-right), and tapping one zooms into
/// it, halving both spans. The journey so far is written as the taps joined by "-", e.g.
/// `1-4-4-1-3-3`. Beyond the seed the window can also be panned and zoomed freely (then it is no
/// longer a journey), the iteration limit grows with depth, and the centre is an exact decimal
/// (`DecimalNumber`) so views stay exact at any depth, down to a width of 1e-1000.

import Foundation

// MARK: - Journey

/// A sequence of quadrant taps, in the seed's notation `1-4-4-1-3-3`.
public enum MandelbrotJourney {
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// Parses `1-4-4-1-3-3`; an empty string is the start view. Names the bad part if any.
    public static func parse(_ text: String) throws -> [Int] {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return [] }
        var steps: [Int] = []
        for (i, part) in trimmed.split(separator: "-", omittingEmptySubsequences: false).enumerated() {
            guard part.count == 1, let d = Int(part), (1...4).contains(d) else {
                let shown = part.isEmpty ? tr("an empty step") : "\"\(echoed(part, limit: 20))\""
                throw ParseError(description: tr("bad journey \"{0}\": step {1} is {2}; a journey is quadrant digits 1 to 4 separated by -, like 1-4-4-1-3-3",
                                                  echoed(text), String(i + 1), shown))
            }
            steps.append(d)
        }
        guard steps.count <= MandelbrotWindow.maxHalvings else {
            throw ParseError(description: tr("journey of {0} steps is deeper than the deepest zoom ({1} steps)",
                                              String(steps.count), String(MandelbrotWindow.maxHalvings)))
        }
        return steps
    }

    public static func format(_ steps: [Int]) -> String {
        steps.map(String.init).joined(separator: "-")
    }
}

// MARK: - Window

/// A point of the complex plane, exactly.
public struct ComplexDecimal: Hashable, Sendable {
    public var x: DecimalNumber
    public var y: DecimalNumber
    public init(_ x: DecimalNumber, _ y: DecimalNumber) { self.x = x; self.y = y }
    public init(_ x: Double, _ y: Double) { self.x = DecimalNumber(x); self.y = DecimalNumber(y) }
}

/// The part of the complex plane on view: a square of side `width` about an exact centre. On a
/// non-square screen the square fits the shorter side and the longer side shows more.
public struct MandelbrotWindow: Equatable, Sendable {
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    public let center: ComplexDecimal
    /// The side of the square, exactly (as given, or as the quadrant arithmetic made it).
    public let width: DecimalNumber
    /// `width` as a double: 0 below about 1e-308, so only for shallow views.
    public let span: Double
    /// `width` at any depth.
    public let extendedSpan: ExtendedDouble

    public static let start = MandelbrotWindow(center: ComplexDecimal(-0.5, 0), width: DecimalNumber(3))
    /// The narrowest view: 1e-1000. Nothing in the arithmetic stops there (the centre is exact and
    /// the engine's precision follows the width), but the reference orbit's cost grows with the
    /// depth's digits and the iteration limit with its halvings.
    public static let minWidth = DecimalNumber(significand: 1, exponent: -1000)
    /// Quadrant taps from the start down to `minWidth`: 3·2⁻³³²³ ≈ 1.06e-1000.
    public static let maxHalvings = 3323
    /// Zooming out stops at four times the start: nothing but blue lies beyond.
    public static let maxSpan = 12.0
    /// Significant digits kept in the width, and digits of the centre kept below the width's
    /// leading digit after a pan or a wheel zoom (a pixel is about 1e-3 of the width, so the
    /// rounding is some 1e-27 of a pixel).
    static let widthDigits = 40
    static let centerDigitsBelowWidth = 30

    public init(center: ComplexDecimal, width: DecimalNumber) {
        self.center = center
        self.width = width
        span = width.double
        extendedSpan = width.extended
    }

    public init(center: ComplexDecimal, span: Double) {
        self.init(center: center, width: DecimalNumber(span))
    }

    /// The window `--center RE,IM --width W` describes; a clear message if either is malformed
    /// or out of range.
    public static func parse(center: String, width: String) throws -> MandelbrotWindow {
        let parts = center.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2 else {
            throw ParseError(description: tr("bad centre \"{0}\": write the real and imaginary parts separated by a comma, like -0.75,0.1", echoed(center, limit: 60)))
        }
        let re: DecimalNumber, im: DecimalNumber, w: DecimalNumber
        do {
            re = try DecimalNumber.parse(parts[0].trimmingCharacters(in: .whitespaces))
            im = try DecimalNumber.parse(parts[1].trimmingCharacters(in: .whitespaces))
        } catch { throw ParseError(description: tr("bad centre: {0}", "\(error)")) }
        do { w = try DecimalNumber.parse(width.trimmingCharacters(in: .whitespaces)) }
        catch { throw ParseError(description: tr("bad width: {0}", "\(error)")) }
        guard re.magnitude <= DecimalNumber(4), im.magnitude <= DecimalNumber(4) else {
            throw ParseError(description: tr("centre {0} is too far out: both parts must lie within -4 and 4", echoed(center, limit: 60)))
        }
        guard w > .zero else { throw ParseError(description: tr("width {0} must be greater than 0", echoed(width, limit: 60))) }
        guard w >= minWidth else { throw ParseError(description: tr("width {0} is narrower than the deepest view, 1e-1000", echoed(width, limit: 60))) }
        guard w <= DecimalNumber(maxSpan) else { throw ParseError(description: tr("width {0} is wider than the widest view, {1}", echoed(width, limit: 60), "\(Int(maxSpan))")) }
        return MandelbrotWindow(center: ComplexDecimal(re, im), width: w)
    }

    /// The view as command-line options: `--center=RE,IM --width W`, every digit held. The `=`
    /// keeps a negative real part from reading as an option, so the text pastes straight back
    /// into a shell.
    public var optionsText: String {
        "--center=\(center.x),\(center.y) --width \(width.shortDescription)"
    }

    public var minX: Double { center.x.double - span / 2 }
    public var maxX: Double { center.x.double + span / 2 }
    public var minY: Double { center.y.double - span / 2 }
    public var maxY: Double { center.y.double + span / 2 }

    /// How many times the start span this window is magnified (infinity past a double's range).
    public var zoom: Double { 3 / span }
    /// log₂ of the zoom: one per quadrant tap, at any depth.
    public var halvings: Double { log2(3) - extendedSpan.log2Magnitude }
    /// The zoom for people: `64×`, `1.07e+300×`.
    public var zoomText: String {
        let h = halvings
        if h < log2(1e6) { return String(format: "%g×", (pow(2, h) * 100).rounded() / 100) }
        let l = h * 0.301_029_995_663_981_2
        var e = Int(l.rounded(.down)), m = pow(10, l - Double(e))
        if m >= 9.995 { m /= 10; e += 1 }
        return String(format: "%.2fe+%d×", m, e)
    }

    /// Whether a window of this width may be shown (not past the deepest or widest view).
    static func allows(_ width: DecimalNumber) -> Bool {
        // Settled by the leading digit's place where it can be: comparing exactly with 1e-1000
        // builds a thousand-digit number, once per tap of a journey (a 240-step journey took 29 s
        // in a debug build; the fuzzer's timeout found it).
        if width.significand > 0 {
            let lead = width.leadingExponent, deepest = minWidth.leadingExponent
            if lead > deepest && lead < 1 { return true }
            if lead < deepest || lead > 1 { return false }
        }
        return width >= minWidth && width <= DecimalNumber(maxSpan)
    }

    /// The seed's arithmetic: the quadrant's half of each span. Quadrant 1 is top-left (high y).
    /// Exact while the width has at most `widthDigits` digits (the first 57 or so taps).
    public func quadrant(_ q: Int) -> MandelbrotWindow {
        precondition((1...4).contains(q), "quadrant \(q)")
        let quarter = width * DecimalNumber(significand: 25, exponent: -2)
        let x = (q == 1 || q == 3) ? center.x - quarter : center.x + quarter
        let y = (q == 1 || q == 2) ? center.y + quarter : center.y - quarter
        return MandelbrotWindow(center: ComplexDecimal(x, y),
                                width: (width * DecimalNumber(significand: 5, exponent: -1)).rounded(significantDigits: Self.widthDigits))
    }

    /// The centre moved by (ox, oy) and the width scaled by `factor`; the centre is rounded to
    /// `centerDigitsBelowWidth` digits below the new width's leading digit.
    func moved(by ox: DecimalNumber, _ oy: DecimalNumber, widthFactor factor: Double = 1) -> MandelbrotWindow {
        let newWidth = factor == 1 ? width : (width * DecimalNumber(factor)).rounded(significantDigits: Self.widthDigits)
        let keep = newWidth.leadingExponent - Self.centerDigitsBelowWidth
        return MandelbrotWindow(center: ComplexDecimal((center.x + ox).rounded(toExponent: keep), (center.y + oy).rounded(toExponent: keep)),
                                width: newWidth)
    }

    /// Moves the centre by (dx, dy) in the plane (shallow views; deep ones use `panned(widths:)`).
    public func panned(dx: Double, dy: Double) -> MandelbrotWindow {
        moved(by: DecimalNumber(dx), DecimalNumber(dy))
    }

    /// Moves the centre by (fx, fy) times the width, at any depth.
    public func panned(widths fx: Double, _ fy: Double) -> MandelbrotWindow {
        moved(by: DecimalNumber(fx) * width, DecimalNumber(fy) * width)
    }

    /// Scales the span by `factor` keeping the point at offset (dx, dy) from the centre in place.
    public func zoomed(by factor: Double, aboutOffset dx: Double, _ dy: Double) -> MandelbrotWindow {
        let keep = DecimalNumber(1 - factor)
        return moved(by: DecimalNumber(dx) * keep, DecimalNumber(dy) * keep, widthFactor: factor)
    }

    /// Scales the width by `factor` keeping the point (fx, fy) widths from the centre in place.
    public func zoomed(by factor: Double, aboutWidths fx: Double, _ fy: Double) -> MandelbrotWindow {
        let keep = DecimalNumber(1 - factor)
        return moved(by: DecimalNumber(fx) * width * keep, DecimalNumber(fy) * width * keep, widthFactor: factor)
    }
}

// MARK: - Model

/// What the explorer shows: the window, the journey that led there, the iteration limit and the
/// colouring.
public struct MandelbrotModel: Equatable, Sendable {
    public enum ZoomError: Error, Equatable, CustomStringConvertible {
        case tooDeep
        case tooFar
        case juliaTooDeep
        public var description: String {
            switch self {
            case .tooDeep: return translatable("Deepest zoom reached: a width of 1e-1000")
            case .juliaTooDeep: return translatable("Julia sets zoom in to a width of 1e-9")
            case .tooFar: return translatable("Zoomed out as far as it goes")
            }
        }
    }

    public internal(set) var window = MandelbrotWindow.start
    /// The quadrant taps from the start, or nil once the view was panned or zoomed freely.
    public internal(set) var journey: [Int]? = []
    /// The limit is the automatic one times 2^limitShift.
    public private(set) var limitShift = 0
    public var smooth = false
    /// How counts become colours, and the cyclic palette's period in iterations.
    public private(set) var palette = MandelbrotPaletteKind.range
    public private(set) var period = MandelbrotModel.startPeriod

    /// The Julia set shown instead of the Mandelbrot set: its c, and the Mandelbrot view to go back to.
    public internal(set) var julia: ComplexDecimal?
    public internal(set) var juliaReturn: MandelbrotWindow?
    var journeyBeforeJulia: [Int]?

    /// The flight under way (a held button or key, or the autopilot), if any.
    public internal(set) var flight: MandelbrotFlight?
    /// How fast a flight zooms, in halvings (or doublings) of the width per second.
    public internal(set) var flightSpeed = MandelbrotModel.defaultFlightSpeed

    public static let startLimit = 200
    public static let startPeriod = 64
    /// The cyclic palette's periods: halved or doubled within these.
    public static let periodRange = 4...8192
    public static let limitRange = 25...200_000

    public init() {}

    /// A model showing `window` with this journey, limit and colouring (a view kept across
    /// restarts). A period outside `periodRange` is brought to its nearer end.
    public init(window: MandelbrotWindow, journey: [Int]?, limitShift: Int, smooth: Bool,
                palette: MandelbrotPaletteKind = .range, period: Int = MandelbrotModel.startPeriod) {
        self.window = window
        self.journey = journey
        self.limitShift = limitShift
        self.smooth = smooth
        self.palette = palette
        self.period = min(max(period, Self.periodRange.lowerBound), Self.periodRange.upperBound)
    }

    public init(journey: [Int]) throws {
        for q in journey { try tapQuadrant(q) }
    }

    /// Opens at a window given exactly (`--center RE,IM --width W`): not a journey.
    public init(window: MandelbrotWindow) {
        self.window = window
        journey = window == .start ? [] : nil
    }

    /// The seed's 200 at the start, growing by 30 per halving of the view.
    public var automaticLimit: Int { Self.startLimit + Int(30 * max(0, window.halvings).rounded()) }

    public var limit: Int {
        let l = Double(automaticLimit) * pow(2, Double(limitShift))
        return min(max(Int(l), Self.limitRange.lowerBound), Self.limitRange.upperBound)
    }

    public var journeyText: String {
        if let c = julia {
            let x = c.x.double, y = c.y.double
            return tr("Julia set of c = {0}", String(format: "%.6g %@ %.6gi", x, y < 0 ? "−" : "+", abs(y)))
        }
        guard let journey else { return tr("free view") }
        return journey.isEmpty ? tr("start") : MandelbrotJourney.format(journey)
    }

    // MARK: Changes

    public mutating func tapQuadrant(_ q: Int) throws {
        guard (journey?.count ?? 0) < MandelbrotWindow.maxHalvings else { throw ZoomError.tooDeep }
        let next = window.quadrant(q)
        if julia != nil && next.span < Self.juliaMinSpan { throw ZoomError.juliaTooDeep }
        guard MandelbrotWindow.allows(next.width) else { throw ZoomError.tooDeep }
        window = next
        journey?.append(q)
    }

    /// One step back out: the journey's last tap undone exactly, or twice the span about the centre.
    public mutating func zoomOut() throws {
        if var j = journey, !j.isEmpty {
            j.removeLast()
            self = try Self(keeping: self, journey: j)
            return
        }
        let next = window.zoomed(by: 2, aboutWidths: 0, 0)
        guard next.width <= DecimalNumber(MandelbrotWindow.maxSpan) else { throw ZoomError.tooFar }
        window = next
        journey = nil
    }

    /// Takes `old`'s colouring: smoothing, palette and period. A view given on the command line
    /// (a journey, or `--center --width`) changes where one looks, not the colours, as every
    /// other way of moving does; only R resets the colouring.
    public mutating func keepColoring(of old: MandelbrotModel) {
        smooth = old.smooth
        palette = old.palette
        period = old.period
    }

    private init(keeping old: MandelbrotModel, journey: [Int]) throws {
        try self.init(journey: journey)
        limitShift = old.limitShift
        smooth = old.smooth
        palette = old.palette
        period = old.period
    }

    /// Zooms by `factor` (< 1 magnifies) about the point at offset (dx, dy) from the centre.
    public mutating func zoom(by factor: Double, aboutOffset dx: Double, _ dy: Double) throws {
        try zoom(to: window.zoomed(by: factor, aboutOffset: dx, dy), factor: factor)
    }

    /// Zooms by `factor` about the point (fx, fy) widths from the centre: at any depth.
    public mutating func zoom(by factor: Double, aboutWidths fx: Double, _ fy: Double) throws {
        try zoom(to: window.zoomed(by: factor, aboutWidths: fx, fy), factor: factor)
    }

    private mutating func zoom(to next: MandelbrotWindow, factor: Double) throws {
        if factor < 1 && next.width < MandelbrotWindow.minWidth { throw ZoomError.tooDeep }
        if factor < 1 && julia != nil && next.span < Self.juliaMinSpan { throw ZoomError.juliaTooDeep }
        if factor > 1 && next.width > DecimalNumber(MandelbrotWindow.maxSpan) { throw ZoomError.tooFar }
        window = next
        journey = nil
    }

    public mutating func pan(dx: Double, dy: Double) {
        guard dx != 0 || dy != 0 else { return }
        window = window.panned(dx: dx, dy: dy)
        journey = nil
    }

    /// Moves the centre by (fx, fy) times the width: at any depth.
    public mutating func pan(widths fx: Double, _ fy: Double) {
        guard fx != 0 || fy != 0 else { return }
        window = window.panned(widths: fx, fy)
        journey = nil
    }

    /// Back to the very start: the view, the limit, the palette and the colouring.
    public mutating func reset() {
        self = Self()
    }

    /// The next palette (P).
    public mutating func cyclePalette() {
        palette = palette.next
    }

    /// Doubles (or halves, for −1) the cyclic palette's period; false at the end of the range.
    @discardableResult
    public mutating func changePeriod(by step: Int) -> Bool {
        let next = step > 0 ? period * 2 : period / 2
        guard Self.periodRange.contains(next) else { return false }
        period = next
        return true
    }

    /// Doubles (or halves, for −1) the iteration limit; false at the end of the range.
    @discardableResult
    public mutating func changeLimit(by step: Int) -> Bool {
        let before = limit
        limitShift += step
        if limit == before { limitShift -= step; return false }
        return true
    }
}
