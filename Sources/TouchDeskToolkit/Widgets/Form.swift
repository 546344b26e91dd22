import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskModels

/// Text fields and buttons together, with keyboard focus: Tab and Shift+Tab move it through
/// `order`, keys go to the focused field, and Space or Enter press a focused button. The buttons
/// are an ordinary `Controls` (hover, pressed, shortcut hints), which the form draws a ring around
/// when focused.
///
/// Pressing a button with the mouse also gives it the focus, as GTK buttons do: the ring shows what
/// Space or Enter will press next, and keys no longer go to a field the user has clicked away from.
public final class Form<ID: ControlID> {
    public enum Outcome: Equatable {
        case ignored
        case consumed
        /// A button was clicked, pressed with Space/Enter while focused, or its key pressed.
        case activated(ID)
        /// A slider's down (-1) or up (+1) key.
        case stepped(ID, Int)
        /// A field's text changed.
        case edited(String)
        /// Enter in a field.
        case submitted(String)
    }

    /// What can have the keyboard focus: a text field (by its id) or a control.
    public enum Focus: Equatable {
        case field(String)
        case control(ID)
    }

    public let controls: Controls<ID>
    public private(set) var fields: [TextField] = []
    /// Focus order: fields and controls.
    public var order: [Focus] = []
    public private(set) var focus: Focus?

    public init(controls: Controls<ID> = Controls<ID>()) {
        self.controls = controls
    }

    public func add(_ field: TextField) {
        fields.append(field)
        order.append(.field(field.id))
    }

    /// Adds a button to the controls and to the focus order.
    public func addButton(_ id: ID, _ label: String, short: String? = nil, key: KeyChord? = nil, also: [KeyChord] = [], help: String? = nil) {
        controls.add(id, label, short: short, key: key, also: also, help: help)
        order.append(.control(id))
    }

    public func field(_ id: String) -> TextField? { fields.first { $0.id == id } }
    public var focusedField: TextField? {
        if case .field(let id) = focus { return field(id) }
        return nil
    }
    /// The control with the focus, if a control has it.
    public var focusedControl: ID? {
        if case .control(let id) = focus { return id }
        return nil
    }

    public func setFocus(_ f: Focus?) {
        focus = f
        for field in fields { field.isFocused = f == .field(field.id) }
        if case .control(let id) = f { controls.focused = id } else { controls.focused = nil }
    }

    /// Moves focus to the next (or previous) enabled item in `order`, wrapping around.
    public func moveFocus(backward: Bool = false) {
        let usable = order.filter { item in
            switch item {
            case .field(let id): field(id) != nil
            case .control(let id): controls[id].map { $0.isEnabled && $0.isTabStop } == true
            }
        }
        guard !usable.isEmpty else { return }
        let i = focus.flatMap { usable.firstIndex(of: $0) }
        let next: Int
        if let i { next = (i + (backward ? usable.count - 1 : 1)) % usable.count } else { next = backward ? usable.count - 1 : 0 }
        setFocus(usable[next])
        focusedField?.selectAll()
    }

    public func handle(_ event: InputEvent) -> Outcome {
        // Keys go to the focus first (a letter typed is text, Space presses the focused button),
        // then to the controls' own keys.
        if case .key = event {} else {
            switch controls.handle(event) {
            case .activated(let id): return .activated(id)
            case .stepped(let id, let step): return .stepped(id, step)
            case .changed, .consumed:
                // `pressed` is set only when an enabled control took the press: a disabled one takes no focus.
                if case .touchBegan = event, let id = controls.pressed, order.contains(.control(id)) { setFocus(.control(id)) }
                return .consumed
            case .ignored: break
            }
        }
        switch event {
        case .touchBegan(let p), .middleClick(let p):
            guard let f = fields.first(where: { $0.frame.contains(p) }) else { return .ignored }
            setFocus(.field(f.id))
            return outcome(f.handle(event), f)
        case .touchMoved, .touchEnded, .paste:
            // A drag belongs to the field it began in; it is the focused one.
            guard let f = focusedField else { return .ignored }
            return outcome(f.handle(event), f)
        case .key(let k):
            if k.is("Tab", shift: false) { moveFocus(); return .consumed }
            if k.is("ISO_Left_Tab") || k.is("Tab", shift: true) { moveFocus(backward: true); return .consumed }
            if let f = focusedField {
                let o = outcome(f.handle(event), f)
                if o != .ignored { return o }
            } else if let id = focusedControl, controls[id]?.isEnabled == true,
                      k.is("space") || k.is("Return") || k.is("KP_Enter") {
                return .activated(id)
            }
            // A chord the focus has no use for (Ctrl+L, F5) presses its control.
            switch controls.handle(event) {
            case .activated(let id): return .activated(id)
            case .stepped(let id, let step): return .stepped(id, step)
            default: return .ignored
            }
        default:
            return .ignored
        }
    }

    private func outcome(_ o: TextField.Outcome, _ f: TextField) -> Outcome {
        switch o {
        case .ignored: return .ignored
        case .consumed: return .consumed
        case .edited: return .edited(f.id)
        case .submitted: return .submitted(f.id)
        }
    }

    /// True while a field's caret blinks.
    public func tick() -> Bool {
        fields.reduce(false) { $1.tick() || $0 }
    }

    public func draw(_ cr: CairoContext) {
        for f in fields { f.draw(cr) }
        controls.draw(cr)
    }
}
