/// One thing on screen as a screen reader sees it: its role, name, states and what it does.
///
/// The content describes the window as a tree of these (`WindowContent.accessibleTree`), built
/// from the data its controls already hold; the host hands the tree to the desktop's
/// accessibility service (AT-SPI) and keeps no other knowledge of the widgets. Nodes are plain
/// values: the host compares one tree with the next to tell the service what changed.
public struct AccessibleNode: Equatable, Sendable {
    public enum Role: Equatable, Sendable {
        case panel, toolBar, pushButton, toggleButton, slider, entry, list, listItem, link, image, canvas, label, statusBar, dialog
    }

    public struct States: OptionSet, Equatable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let enabled = States(rawValue: 1 << 0)
        public static let focusable = States(rawValue: 1 << 1)
        public static let focused = States(rawValue: 1 << 2)
        public static let pressed = States(rawValue: 1 << 3)
        public static let checkable = States(rawValue: 1 << 4)
        public static let checked = States(rawValue: 1 << 5)
        public static let selectable = States(rawValue: 1 << 6)
        public static let selected = States(rawValue: 1 << 7)
        public static let editable = States(rawValue: 1 << 8)
        /// On screen now (a control in a closed panel is not).
        public static let showing = States(rawValue: 1 << 10)
        /// The text in an entry is wrong (shown red).
        public static let invalid = States(rawValue: 1 << 12)
    }

    /// Something a client can ask the node to do ("press", "open"), and the input that does it:
    /// the click or key a person would give, fed to the content as if they had.
    public struct Action: Equatable, Sendable {
        public var name: String
        public var description: String
        public var input: [InputEvent]
        /// The key that does the same, as a GTK accelerator ("j", "<Control>c"); empty when
        /// none, or when it is the node's own `shortcut`.
        public var keybinding: String
        public init(_ name: String, _ description: String, input: [InputEvent], keybinding: String = "") {
            self.name = name; self.description = description; self.input = input; self.keybinding = keybinding
        }
    }

    /// An entry's or readout's text, with the caret and selection in characters.
    public struct TextState: Equatable, Sendable {
        public var text: String
        public var caret: Int
        public var selection: Range<Int>
        public init(_ text: String, caret: Int? = nil, selection: Range<Int>? = nil) {
            self.text = text
            self.caret = caret ?? text.count
            self.selection = selection ?? self.caret..<self.caret
        }
    }

    /// A slider's value and range, and the input that moves it a step: what a client's new value
    /// is carried out as (`AccessibleRequest.setValue`).
    public struct ValueState: Equatable, Sendable {
        /// One way to step the value down or up (the keys a person would press, or a click on
        /// the track just beside the knob).
        public struct Adjuster: Equatable, Sendable {
            public var down: [InputEvent]
            public var up: [InputEvent]
            public init(down: [InputEvent], up: [InputEvent]) { self.down = down; self.up = up }
        }
        public var value: Double
        public var range: ClosedRange<Double>
        public var step: Double
        /// Coarsest first (Sea Level: 100 m, 10 m, 1 m); empty when a client cannot set it.
        public var adjusters: [Adjuster]
        public init(_ value: Double, range: ClosedRange<Double>, step: Double = 1, adjusters: [Adjuster] = []) {
            self.value = value; self.range = range; self.step = step; self.adjusters = adjusters
        }
    }

    /// Unique among the window's nodes and stable while the thing it names stays on screen
    /// ("home/tile.paint", "temperature/field.celsius"): the host keeps one accessible object per id.
    public var id: String
    public var role: Role
    public var name: String
    public var description: String
    /// The key that does the first action, as a GTK accelerator ("<Control>z", "p").
    public var shortcut: String
    public var states: States
    public var actions: [Action]
    /// Where it lies in the window, in points.
    public var frame: Rect
    public var text: TextState?
    public var value: ValueState?
    /// A live region: changes of its text are announced without the focus moving there.
    public var isLive: Bool
    /// Another process's accessible tree shown here (an AT-SPI plug id, "bus-name:path"): the
    /// node is a socket whose one child is that tree (Web Pages' page, from the web helper).
    public var embeddedPlug: String?
    public var children: [AccessibleNode]

    public init(id: String, role: Role, name: String, description: String = "", shortcut: String = "", states: States = [.enabled, .showing],
                actions: [Action] = [], frame: Rect = .zero, text: TextState? = nil, value: ValueState? = nil, isLive: Bool = false,
                children: [AccessibleNode] = []) {
        self.id = id; self.role = role; self.name = name; self.description = description; self.shortcut = shortcut
        self.states = states; self.actions = actions; self.frame = frame; self.text = text; self.value = value
        self.isLive = isLive; self.children = children
    }

    /// This node and every node under it, depth first.
    public var flattened: [AccessibleNode] { [self] + children.flatMap(\.flattened) }

    /// The node with `id` in this subtree.
    public func find(_ id: String) -> AccessibleNode? {
        if self.id == id { return self }
        for c in children { if let n = c.find(id) { return n } }
        return nil
    }

    /// The same subtree with every id under a prefix ("paint/" + id), so that two groups of
    /// controls never share an id.
    public func prefixed(_ prefix: String) -> AccessibleNode {
        var n = self
        n.id = prefix + id
        n.children = children.map { $0.prefixed(prefix) }
        return n
    }
}

/// What an assistive client asked of a node, beyond its actions.
public enum AccessibleRequest: Equatable, Sendable {
    /// Replace an entry's whole text.
    case setText(String)
    /// Give it the keyboard focus.
    case focus
    /// Move a slider to this value (or the nearest it can take), as its keys would.
    case setValue(Double)
}
