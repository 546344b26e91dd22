import TouchDeskInterface

/// One line of the keys overlay (F1): the keys as a person types them, and what they do.
public struct KeyHelp: Equatable, Sendable {
    public var keys: String
    public var action: String
    public init(_ keys: String, _ action: String) { self.keys = keys; self.action = action }
}

/// Where one control lies, in the coordinates of whoever reports it: what the layout check
/// (`touchdesk --layout-json`) compares against the window and the other controls.
public struct ControlRect: Equatable, Sendable, Codable {
    public var id: String
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(_ id: String, _ r: Rect) { self.id = id; x = r.x; y = r.y; width = r.width; height = r.height }

    public var frame: Rect { Rect(x: x, y: y, width: width, height: height) }

    public func offsetBy(_ dx: Double, _ dy: Double) -> ControlRect {
        ControlRect(id, Rect(x: x + dx, y: y + dy, width: width, height: height))
    }
}

/// Anything that draws controls the user can press or type into (`Controls`, `Form`): the one
/// source of both their rectangles and their keys, so the buttons, the keys overlay and the
/// layout check cannot disagree.
public protocol WidgetGroup: AnyObject {
    /// The controls on screen now (laid out, not hidden), by id.
    var controlRects: [ControlRect] { get }
    /// The keys the controls show, with what they do.
    var keyHelp: [KeyHelp] { get }
    /// The controls as a screen reader sees them (WidgetGroup+Accessible.swift).
    var accessibleNodes: [AccessibleNode] { get }
}

extension Controls: WidgetGroup {
    public var controlRects: [ControlRect] {
        items.filter { $0.isShown && $0.frame.width > 0 && $0.frame.height > 0 }.map { ControlRect($0.id.name, $0.frame) }
    }

    public var keyHelp: [KeyHelp] { keyHelp { _ in true } }

    /// The keys of the controls `include` picks, with what they do; neighbours that do the same
    /// (the four arrows that pan) share one line.
    public func keyHelp(where include: (Control) -> Bool) -> [KeyHelp] {
        var lines: [KeyHelp] = []
        for c in items where !c.keys.isEmpty && include(c) {
            let keys: String
            if case .slider = c.kind { keys = c.shortcut } else { keys = c.keys.map(\.shown).joined(separator: ", ") }
            let action = c.help ?? c.label
            if let last = lines.last, last.action == action {
                lines[lines.count - 1].keys += ", " + keys
            } else {
                lines.append(KeyHelp(keys, action))
            }
        }
        return lines
    }
}

extension Form: WidgetGroup {
    public var controlRects: [ControlRect] {
        fields.filter { $0.frame.width > 0 && $0.frame.height > 0 }.map { ControlRect($0.id, $0.frame) } + controls.controlRects
    }

    public var keyHelp: [KeyHelp] { controls.keyHelp }
}
