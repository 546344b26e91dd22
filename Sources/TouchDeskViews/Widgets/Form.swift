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
public final class Form {
    public enum Outcome: Equatable {
        case ignored
        case consumed
        /// A button was clicked, or pressed with Space/Enter while focused.
        case activated(String)
        /// A field's text changed.
        case edited(String)
        /// Enter in a field.
        case submitted(String)
    }

    public let controls: Controls
    public private(set) var fields: [TextField] = []
    /// Focus order: ids of fields and controls.
    public var order: [String] = []
    public private(set) var focus: String?

    public init(controls: Controls = Controls()) {
        self.controls = controls
    }

    public func add(_ field: TextField) {
        fields.append(field)
        order.append(field.id)
    }

    /// Adds a button to the controls and to the focus order.
    public func addButton(_ id: String, _ label: String, short: String? = nil, shortcut: String, help: String? = nil) {
        controls.add(id, label, short: short, shortcut: shortcut, help: help)
        order.append(id)
    }

    public func field(_ id: String) -> TextField? { fields.first { $0.id == id } }
    public var focusedField: TextField? { focus.flatMap(field) }

    public func setFocus(_ id: String?) {
        focus = id
        for f in fields { f.isFocused = f.id == id }
        controls.focused = fields.contains { $0.id == id } ? nil : id
    }

    /// Moves focus to the next (or previous) enabled item in `order`, wrapping around.
    public func moveFocus(backward: Bool = false) {
        let usable = order.filter { id in field(id) != nil || controls[id]?.isEnabled == true }
        guard !usable.isEmpty else { return }
        let i = focus.flatMap { usable.firstIndex(of: $0) }
        let next: Int
        if let i { next = (i + (backward ? usable.count - 1 : 1)) % usable.count } else { next = backward ? usable.count - 1 : 0 }
        setFocus(usable[next])
    }

    public func handle(_ event: InputEvent) -> Outcome {
        switch controls.handle(event) {
        case .activated(let id): return .activated(id)
        case .changed, .consumed:
            // `pressed` is set only when an enabled control took the press: a disabled one takes no focus.
            if case .touchBegan = event, let id = controls.pressed, order.contains(id) { setFocus(id) }
            return .consumed
        case .ignored: break
        }
        switch event {
        case .touchBegan(let p), .middleClick(let p):
            guard let f = fields.first(where: { $0.frame.contains(p) }) else { return .ignored }
            setFocus(f.id)
            return outcome(f.handle(event), f)
        case .touchMoved, .touchEnded, .paste:
            // A drag belongs to the field it began in; it is the focused one.
            guard let f = focusedField else { return .ignored }
            return outcome(f.handle(event), f)
        case .key(let k):
            if k.is("Tab", shift: false) { moveFocus(); return .consumed }
            if k.is("ISO_Left_Tab") || k.is("Tab", shift: true) { moveFocus(backward: true); return .consumed }
            if let f = focusedField { return outcome(f.handle(event), f) }
            if let id = focus, controls[id]?.isEnabled == true,
               k.is("space") || k.is("Return") || k.is("KP_Enter") {
                return .activated(id)
            }
            return .ignored
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
