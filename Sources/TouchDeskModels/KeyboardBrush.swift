import TouchDeskInterface

/// Painting without a mouse: the arrows move a brush cursor over the canvas, Space puts the brush
/// down (a dab) and keeps it down while held, so the arrows then paint as they move, and
/// Shift+arrows draw a straight line from where the cursor was, one stroke until Shift is let go.
///
/// The brush answers with the same strokes a drag makes (`Action`), so the canvas, undo and
/// opacity treat keyboard painting exactly as mouse painting.
public struct KeyboardBrush: Equatable, Sendable {
    /// Points the cursor moves per arrow press: small enough to aim, large enough to cross a
    /// canvas in a few seconds of auto-repeat.
    public static let step = 8.0

    /// What the canvas should do, in the order given.
    public enum Action: Equatable, Sendable {
        case begin(Point)
        case extend(Point)
        case end(Point)
    }

    /// Where the cursor is; nil until the keyboard first paints or moves it.
    public private(set) var position: Point?
    /// Space is held: the brush is on the canvas.
    public private(set) var isDown = false
    /// A Shift+arrow line is being drawn.
    public private(set) var drawsLine = false

    public init() {}

    /// The arrow keys (the keypad's too) and the way each moves the cursor: Paintbrush declares
    /// its brush keys from this table.
    public static let arrows: [(names: [String], dx: Double, dy: Double)] = [
        (["Left", "KP_Left"], -1, 0), (["Right", "KP_Right"], 1, 0), (["Up", "KP_Up"], 0, -1), (["Down", "KP_Down"], 0, 1),
    ]

    /// The direction an arrow key moves the cursor, or nil.
    static func direction(of key: Key) -> (dx: Double, dy: Double)? {
        arrows.first { $0.names.contains(key.name) }.map { ($0.dx, $0.dy) }
    }

    /// Whether the brush uses `key` (pressed in a canvas `bounds`): the arrows and Space.
    public static func uses(_ key: Key) -> Bool {
        !key.control && !key.alt && (direction(of: key) != nil || key.is("space", shift: nil))
    }

    /// A key went down over a canvas `bounds`: the strokes it makes (none for a plain move). An
    /// arrow moves the cursor `step` points (less when the picture is zoomed in, so it crosses the
    /// screen at the same pace).
    public mutating func press(_ key: Key, in bounds: Rect, step: Double = KeyboardBrush.step) -> [Action] {
        guard Self.uses(key), bounds.width > 0, bounds.height > 0 else { return [] }
        let here = clamp(position ?? Point(bounds.midX, bounds.midY), bounds)
        position = here
        if key.is("space", shift: nil) {
            // Held Space repeats: the brush is already down.
            guard !isDown else { return [] }
            var actions = endLine()
            isDown = true
            actions.append(.begin(here))
            return actions
        }
        guard let d = Self.direction(of: key) else { return [] }
        let next = clamp(Point(here.x + d.dx * step, here.y + d.dy * step), bounds)
        position = next
        if isDown { return [.extend(next)] }
        if key.shift {
            if drawsLine { return [.extend(next)] }
            drawsLine = true
            return [.begin(here), .extend(next)]
        }
        return endLine()
    }

    /// A key came up: Space lifts the brush, Shift ends a line.
    public mutating func release(_ key: Key) -> [Action] {
        if key.is("space", shift: nil), isDown, let p = position {
            isDown = false
            return [.end(p)]
        }
        if key.name == "Shift_L" || key.name == "Shift_R" { return endLine() }
        return []
    }

    /// Ends a Shift line in progress.
    private mutating func endLine() -> [Action] {
        guard drawsLine, let p = position else { return [] }
        drawsLine = false
        return [.end(p)]
    }

    /// Lifts the brush wherever it is (the window lost the keys, a dialog opened).
    public mutating func lift() -> [Action] {
        var actions = endLine()
        if isDown, let p = position { isDown = false; actions.append(.end(p)) }
        return actions
    }

    /// Lifts the brush without ending its stroke (Space+drag pans: the view takes the stroke back).
    public mutating func cancel() {
        isDown = false
        drawsLine = false
    }

    private func clamp(_ p: Point, _ r: Rect) -> Point {
        Point(min(max(p.x, r.x), r.maxX - 1), min(max(p.y, r.y), r.maxY - 1))
    }
}
