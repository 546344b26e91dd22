import TouchDeskInterface
/// Paintbrush: paint with the mouse on a black canvas in any colour and opacity, with undo and redo.
///
/// The model records strokes as lists of dab centres and tells its view, through `drainChanges()`,
/// what to paint: new dabs go straight onto the view's persistent canvas (O(1) per dab); only undo,
/// redo of a clear, and clear itself ask for a rebuild, which replays at most `undoDepth` actions.

/// The seed's brush colours, shown as swatches in this order (keys 1–6); the colour picker and the
/// eyedropper reach every other colour.
public enum PaintColor: Int, CaseIterable, Sendable {
    case white, red, blue, yellow, green
    /// The canvas's own colour: painting with it erases (E).
    case black

    /// Its name in English, marked for the catalogue (the swatch shows it through `tr`).
    public var name: String {
        switch self {
        case .white: translatable("White")
        case .red: translatable("Red")
        case .blue: translatable("Blue")
        case .yellow: translatable("Yellow")
        case .green: translatable("Green")
        case .black: translatable("Black")
        }
    }

    /// Red, green, blue in 0…1.
    public var rgb: (Double, Double, Double) {
        switch self {
        case .white: (1, 1, 1)
        case .red: (1, 0, 0)
        case .blue: (0, 0, 1)
        case .yellow: (1, 1, 0)
        case .green: (0, 1, 0)
        case .black: (0, 0, 0)
        }
    }

    public var color: RGBColor { RGBColor(unit: rgb.0, rgb.1, rgb.2) }
}

/// One stroke: the dabs one drag left, all of one colour, size and opacity.
///
/// A stroke is one layer: its dabs are united into one shape, which is laid on the canvas once at
/// the stroke's opacity, so where a translucent stroke crosses itself it is no darker than elsewhere.
public struct Stroke: Equatable, Sendable {
    public var color: RGBColor
    public var radius: Double
    /// 0.05…1: how much of the colour covers what is beneath.
    public var opacity: Double = 1
    public var dabs: [Point]
}

/// What the undo history records.
public enum PaintAction: Equatable, Sendable {
    case stroke(Stroke)
    case clear
    /// A picture from the clipboard, painted over the canvas (see PaintModel+Pictures.swift).
    case paste(PlacedPicture)
    /// A picture opened from `file`: it replaces the whole canvas, which takes its size;
    /// `previousFile` is the file Ctrl+S wrote to before, which an undo brings back.
    case open(PlacedPicture, file: String, previousFile: String?)
}

/// What the view must do to its canvas surface to match the model.
public enum CanvasChange: Equatable, Sendable {
    /// Paint these dabs of the current stroke: straight onto the canvas when `opacity` is 1,
    /// otherwise into the stroke's own layer, which shows over the canvas at `opacity`.
    case dabs(color: RGBColor, radius: Double, opacity: Double, centers: [Point])
    /// The current translucent stroke is finished: lay its layer onto the canvas at `opacity`,
    /// once, and empty the layer.
    case strokeEnded(opacity: Double)
    /// This action left the undo window: paint it into the base layer under the history.
    case bake(PaintAction)
    /// Rebuild the canvas: start from the base layer (or blank after a clear in `history`)
    /// and replay `history`.
    case rebuild
    /// Paint this action (a pasted or opened picture) on top of the canvas.
    case apply(PaintAction)
}

public struct PaintModel: Sendable {
    public static let radiusRange = 2.0...60.0
    public static let defaultRadius = 10.0
    /// Brush opacity, from barely there to fully covering.
    public static let opacityRange = 0.05...1.0
    /// How many actions can be undone; older ones are baked into the view's base layer.
    public static let undoDepth = 100

    public var color: RGBColor = .white
    public private(set) var radius: Double = PaintModel.defaultRadius
    public private(set) var opacity = 1.0
    /// Undoable actions, oldest first; at most `undoDepth`.
    public internal(set) var history: [PaintAction] = []
    public internal(set) var redoStack: [PaintAction] = []
    /// The stroke being drawn, if a drag is in progress.
    public internal(set) var current: Stroke?
    /// Dabs painted since start, for the benchmark and the status line.
    public private(set) var totalDabs = 0

    var changes: [CanvasChange] = []
    /// The file Ctrl+S writes to (after Save As or Open); nil: a new picture in the pictures folder.
    public internal(set) var file: String?
    /// The size of the picture under the history (an opened picture that left the undo window, or
    /// one restored); nil: the picture is as large as the window shows.
    public internal(set) var baseDocumentSize: Size?
    var nextPictureID = 1

    public init() {}

    public mutating func setRadius(_ r: Double) {
        radius = min(max(r, Self.radiusRange.lowerBound), Self.radiusRange.upperBound).rounded()
    }

    /// Sets the opacity for the next strokes, clamped to `opacityRange` and rounded to whole
    /// percent; NaN leaves it as it was.
    public mutating func setOpacity(_ a: Double) {
        guard !a.isNaN else { return }
        opacity = (min(max(a, Self.opacityRange.lowerBound), Self.opacityRange.upperBound) * 100).rounded() / 100
    }

    /// The eyedropper: the colour under the pointer becomes the brush colour.
    public mutating func pick(_ c: RGBColor) { color = c }

    /// The largest distance between neighbouring dabs of a stroke: half the radius, so that the
    /// painted band has no gaps and no visible scallops.
    public static func spacing(forRadius r: Double) -> Double { max(1, r / 2) }

    // MARK: - Strokes

    public mutating func beginStroke(at p: Point) {
        if current != nil { endStroke(at: nil) }
        current = Stroke(color: color, radius: radius, opacity: opacity, dabs: [p])
        emitDabs([p])
    }

    /// Extends the stroke to `p`, with dabs interpolated every `spacing` along the way.
    public mutating func extendStroke(to p: Point) {
        guard var stroke = current, let last = stroke.dabs.last else { return }
        let new = Self.interpolate(from: last, to: p, spacing: Self.spacing(forRadius: stroke.radius))
        guard !new.isEmpty else { return }
        stroke.dabs.append(contentsOf: new)
        current = stroke
        emitDabs(new)
    }

    /// Ends the stroke; a last dab lands exactly where the button was released.
    public mutating func endStroke(at p: Point?) {
        guard var stroke = current else { return }
        if let p {
            extendStroke(to: p)
            stroke = current ?? stroke
            if let last = stroke.dabs.last, last != p {
                stroke.dabs.append(p)
                emitDabs([p])
            }
        }
        current = nil
        if stroke.opacity < 1 { changes.append(.strokeEnded(opacity: stroke.opacity)) }
        record(.stroke(stroke))
    }

    /// Takes back the stroke under way, as if it had never begun (Space+drag pans instead).
    public mutating func cancelStroke() {
        guard current != nil else { return }
        current = nil
        changes.append(.rebuild)
    }

    /// Dab centres strictly after `a` up to `b`, `spacing` apart; the remainder (< spacing) is left
    /// for the next motion so spacing stays even along the whole stroke.
    public static func interpolate(from a: Point, to b: Point, spacing: Double) -> [Point] {
        let d = a.distance(to: b)
        guard d >= spacing, spacing > 0 else { return [] }
        let n = Int(d / spacing)
        let ux = (b.x - a.x) / d, uy = (b.y - a.y) / d
        return (1...n).map { i in Point(a.x + ux * spacing * Double(i), a.y + uy * spacing * Double(i)) }
    }

    private mutating func emitDabs(_ centers: [Point]) {
        guard let stroke = current else { return }
        totalDabs += centers.count
        if case .dabs(let c, let r, let a, var list)? = changes.last, c == stroke.color, r == stroke.radius, a == stroke.opacity {
            list.append(contentsOf: centers)
            changes[changes.count - 1] = .dabs(color: c, radius: r, opacity: a, centers: list)
        } else {
            changes.append(.dabs(color: stroke.color, radius: stroke.radius, opacity: stroke.opacity, centers: centers))
        }
    }

    // MARK: - Clear, undo, redo

    public mutating func clear() {
        if current != nil { endStroke(at: nil) }
        record(.clear)
        changes.append(.rebuild)
    }

    public var canUndo: Bool { !history.isEmpty }
    public var canRedo: Bool { !redoStack.isEmpty }

    public mutating func undo() {
        if current != nil { endStroke(at: nil) }
        guard let last = history.popLast() else { return }
        redoStack.append(last)
        if case .open(_, _, let previous) = last { file = previous }
        changes.append(.rebuild)
    }

    public mutating func redo() {
        guard current == nil, let action = redoStack.popLast() else { return }
        history.append(action)
        switch action {
        case .stroke(let s):
            changes.append(.dabs(color: s.color, radius: s.radius, opacity: s.opacity, centers: s.dabs))
            if s.opacity < 1 { changes.append(.strokeEnded(opacity: s.opacity)) }
        case .clear: changes.append(.rebuild)
        case .paste: changes.append(.apply(action))
        case .open(_, let f, _):
            file = f
            changes.append(.apply(action))
        }
        trimHistory()
    }

    mutating func record(_ action: PaintAction) {
        history.append(action)
        redoStack.removeAll()
        trimHistory()
    }

    private mutating func trimHistory() {
        while history.count > Self.undoDepth {
            let action = history.removeFirst()
            if case .open(let p, _, _) = action { baseDocumentSize = p.size }
            changes.append(.bake(action))
        }
    }

    /// The actions a rebuild replays, and whether it starts blank (a clear or an open is among
    /// them) rather than from the base layer. An open paints the whole canvas, so it is replayed.
    public var replay: (startsBlank: Bool, actions: ArraySlice<PaintAction>) {
        if let k = history.lastIndex(where: { if case .open = $0 { true } else { $0 == .clear } }) {
            return (true, history[(history[k] == .clear ? k + 1 : k)...])
        }
        return (false, history[...])
    }

    /// Hands the view what changed since the last call, in order.
    public mutating func drainChanges() -> [CanvasChange] {
        defer { changes.removeAll(keepingCapacity: true) }
        return changes
    }
}
