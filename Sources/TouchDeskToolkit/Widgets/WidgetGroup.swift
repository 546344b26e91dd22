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
public protocol WidgetGroup: Focusing {
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

// MARK: - Keyboard focus

/// One thing Tab can reach: a control or a text field, by the name the layout check and the
/// accessibility tree use, where it lies, and how keys work it.
public struct Focusable: Equatable {
    public enum Role: Equatable {
        /// Space or Enter presses it (a button, a toggle, a swatch).
        case button
        /// Keys type into it.
        case field
        /// The arrows step it down and up (a slider).
        case slider(down: Step?, up: Step?)
        /// A list (suggestions): one Tab stop whose keys (Up, Down, Enter) are the app's own.
        case list
    }

    /// How one step of a slider is made: its own key, or (a slider with no keys) a click on its
    /// track where the next value lies.
    public enum Step: Equatable {
        case key(KeyChord)
        case click(Point)
    }

    /// What the app calls it (and the keyboard's focus keeps track of it by).
    public var name: String
    /// What a screen reader says for it, when that is not `name` (a picture with no words on it).
    public var label: String?
    public var frame: Rect
    public var role: Role
    /// Neighbours of one kind (the colour swatches, the presets, the poses) form a group: the
    /// arrows move the focus within it. Nil for a control that stands alone.
    public var group: Int?

    public init(name: String, label: String? = nil, frame: Rect, role: Role, group: Int? = nil) {
        self.name = name; self.label = label; self.frame = frame; self.role = role; self.group = group
    }
}

/// A widget group the keyboard can move through: Tab visits `focusables` in order, and the focus
/// itself lives in the group (`Controls.focused`, `Form.focus`), which draws the ring.
public protocol Focusing: AnyObject {
    /// What Tab can reach now (shown, enabled), in order.
    var focusables: [Focusable] { get }
    /// Whether `item` (one of `focusables`) has the focus.
    func isFocused(_ item: Focusable) -> Bool
    /// Gives the focus to `item` (nil: to nothing in this group).
    func setKeyboardFocus(_ item: Focusable?)
    /// Gives the focus to `item` as Tab (`backward`: Shift+Tab) moved it there: a web page enters
    /// at its first link or its last. By default, `setKeyboardFocus(item)`.
    func setKeyboardFocus(_ item: Focusable?, backward: Bool)
    /// While true (an open dialog, picker or panel), Tab and the arrows stay inside this group.
    var holdsFocus: Bool { get }
    /// Set while the focused item asks the ring to move on from it, as Tab (false) or Shift+Tab
    /// (true) would: a web page Tabbed past its last link, which only its engine can tell, later.
    var handsFocusOn: Bool? { get }
}

extension Focusing {
    public var holdsFocus: Bool { false }
    public var handsFocusOn: Bool? { nil }
    public func setKeyboardFocus(_ item: Focusable?, backward: Bool) { setKeyboardFocus(item) }
}

extension Controls: Focusing {
    public var focusables: [Focusable] {
        var out: [Focusable] = []
        var group = 0
        var previous: Kind?
        for c in items where c.isShown && c.isEnabled && c.isTabStop && c.frame.width > 0 && c.frame.height > 0 {
            let role: Focusable.Role
            switch c.kind {
            case .slider(let range):
                if c.keys.count > 1 {
                    role = .slider(down: .key(c.keys[0]), up: .key(c.keys[1]))
                } else {
                    let track = Self.track(of: c), span = range.upperBound - range.lowerBound
                    func at(_ v: Double) -> Focusable.Step? {
                        guard range.contains(v), span > 0 else { return nil }
                        return .click(Point(track.x + (v - range.lowerBound) / span * track.width, track.midY))
                    }
                    role = .slider(down: at(c.value - 1), up: at(c.value + 1))
                }
            default: role = .button
            }
            // A run of swatches or of toggles is one group; a push button or slider stands alone.
            let groupable: Bool
            switch c.kind {
            case .swatch, .toggle: groupable = true
            default: groupable = false
            }
            let sameRun = groupable && previous.map { Self.sameKindForGroup($0, c.kind) } == true
            if groupable && !sameRun { group += 1 }
            out.append(Focusable(name: c.id.name, frame: c.frame, role: role, group: groupable ? group : nil))
            previous = c.kind
        }
        // A group of one is no group.
        let counts = Dictionary(grouping: out.compactMap(\.group), by: { $0 }).mapValues(\.count)
        return out.map { f in var f = f; if let g = f.group, counts[g] == 1 { f.group = nil }; return f }
    }

    private static func sameKindForGroup(_ a: Kind, _ b: Kind) -> Bool {
        switch (a, b) {
        case (.swatch, .swatch), (.toggle, .toggle): true
        default: false
        }
    }

    public func isFocused(_ item: Focusable) -> Bool { focused?.name == item.name }

    public func setKeyboardFocus(_ item: Focusable?) {
        focused = item.flatMap { f in items.first { $0.id.name == f.name }?.id }
    }
}

extension Form: Focusing {
    /// The fields and buttons in the form's `order`, then any other control on screen.
    public var focusables: [Focusable] {
        let shown = controls.focusables
        var out: [Focusable] = []
        for item in order {
            switch item {
            case .field(let id):
                if let f = field(id), f.frame.width > 0, f.frame.height > 0 { out.append(Focusable(name: id, frame: f.frame, role: .field)) }
            case .control(let id):
                if let f = shown.first(where: { $0.name == id.name }) { out.append(f) }
            }
        }
        return out + shown.filter { f in !out.contains { $0.name == f.name } }
    }

    public func isFocused(_ item: Focusable) -> Bool {
        switch focus {
        case .field(let id)?: item.role == .field && item.name == id
        case .control(let id)?: item.role != .field && item.name == id.name
        case nil: false
        }
    }

    /// A field reached by the keyboard has its whole text selected, as GTK's entries do: typing
    /// replaces it (a click puts the caret where it lands instead).
    public func setKeyboardFocus(_ item: Focusable?) {
        guard let item else { setFocus(nil); return }
        if item.role == .field, let f = field(item.name) { setFocus(.field(item.name)); f.selectAll() }
        else if let c = controls.items.first(where: { $0.id.name == item.name }) { setFocus(.control(c.id)) }
        else { setFocus(nil) }
    }
}
