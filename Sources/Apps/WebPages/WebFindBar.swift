import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskModels
import TouchDeskToolkit

/// Web Pages' find bar (Ctrl+F): a row above the status line with the text to find, how many
/// matches there are and which is current ("3 of 12"), and Previous, Next and Close. WebKit's find
/// controller highlights the matches in both views and scrolls to the current one; the bar only
/// says what to look for and counts (`FindInPage`).
///
/// Enter and F3 go to the next match, Shift+Enter and Shift+F3 to the one before, Esc closes the
/// bar. Its controls are declared like every other (keys, F1 list, focus ring), and have a place
/// on screen only while the bar is open.
final class WebFindBar {
    enum Control: String, CaseIterable, ControlID {
        case previous, next, close
    }

    /// What the app should do after an event the bar took.
    enum Outcome: Equatable {
        case ignored
        case consumed
        /// Look for this text (empty: stop looking, no highlights).
        case search(String)
        case next
        case previous
        case close
    }

    static let height = TextField.height + 8

    let form = Form<Control>()
    let field: TextField
    private(set) var model = FindInPage()
    private(set) var isOpen = false
    private(set) var frame = Rect.zero
    private var summaryArea = Rect.zero

    init(clipboard: Clipboard?) {
        field = TextField("find", placeholder: "Find in page", maxLength: 256, clipboard: clipboard)
        form.add(field)
        form.addButton(.previous, "Previous", key: KeyChord(["F3"], shift: true, shown: "Shift+F3"),
                       also: [KeyChord(["Return", "KP_Enter"], shift: true, shown: "Shift+Enter")],
                       help: "Find: the match before")
        form.addButton(.next, "Next", key: KeyChord(["F3"], shift: false), also: [KeyChord(["Return", "KP_Enter"], shift: false, shown: "Enter")],
                       help: "Find: the next match")
        form.addButton(.close, "Close", key: .key("Escape"), help: "Close the find bar")
    }

    /// Opens the bar (or, open, selects its text again) with the keyboard in its field.
    func open() {
        isOpen = true
        form.setFocus(.field("find"))
        field.selectAll()
    }

    func close() {
        isOpen = false
        form.setFocus(nil)
        model.search("")
    }

    /// Whether `k` is Previous's or Next's own key (F3, Shift+F3), which step through the matches
    /// wherever the keyboard is while the bar is open; Enter does so only in the bar's field.
    func isStepKey(_ k: Key) -> Bool {
        [Control.previous, .next].contains { form.controls[$0]?.keys.first?.matches(k) == true }
    }

    /// Whether its field has the keyboard.
    var isFocused: Bool { isOpen && form.focus != nil }

    func unfocus() { form.setFocus(nil) }

    /// A new page started loading (the count was the old page's: it is cleared) or finished
    /// (`loaded`: the search runs again on it, so the bar counts the page shown).
    func pageChanged(loaded: Bool) -> Outcome? {
        guard isOpen, !model.query.isEmpty else { return nil }
        model.search(model.query)
        return loaded ? .search(model.query) : nil
    }

    /// The engine counted `n` matches.
    func found(_ n: Int) { model.found(n) }

    func next() { model.next() }
    func previous() { model.previous() }

    /// Lays the bar out in `rect` (open) or takes its controls off the screen (closed).
    func layout(in rect: Rect) {
        frame = isOpen ? rect : .zero
        guard isOpen else {
            field.frame = .zero
            for c in Control.allCases { form.controls.place(c, at: .zero) }
            return
        }
        let pad = 8.0, gap = ControlSizes.gap
        let widths = Control.allCases.map { c in form.controls[c].map(form.controls.preferredWidth) ?? 0 }
        var x = rect.maxX - pad - widths.reduce(0, +) - gap * Double(widths.count - 1)
        let y = rect.y + (rect.height - ControlSizes.rowHeight) / 2
        for (c, w) in zip(Control.allCases, widths) {
            form.controls.place(c, at: Rect(x: x, y: y, width: w, height: ControlSizes.rowHeight))
            x += w + gap
        }
        let buttonsLeft = rect.maxX - pad - widths.reduce(0, +) - gap * Double(widths.count - 1)
        let summaryWidth = min(180.0, max(0, buttonsLeft - rect.x - 2 * pad - 120))
        let fieldWidth = min(420, max(80, buttonsLeft - rect.x - 2 * pad - summaryWidth - gap))
        field.frame = Rect(x: rect.x + pad, y: rect.y + (rect.height - TextField.height) / 2, width: fieldWidth, height: TextField.height)
        summaryArea = Rect(x: field.frame.maxX + 10, y: rect.y, width: max(0, buttonsLeft - field.frame.maxX - 20), height: rect.height)
    }

    /// Input while the bar is open: Enter and Shift+Enter in its field move between matches, typing
    /// searches as it goes.
    func handle(_ event: InputEvent) -> Outcome {
        guard isOpen else { return .ignored }
        if case .key(let k) = event, isFocused, k.name == "Return" || k.name == "KP_Enter" {
            return step(k.shift ? .previous : .next)
        }
        switch form.handle(event) {
        case .activated(let c):
            switch c {
            case .previous: return step(.previous)
            case .next: return step(.next)
            case .close: return .close
            }
        case .edited:
            model.search(field.text)
            return .search(field.text)
        case .submitted: return step(.next)
        case .consumed, .stepped: return .consumed
        case .ignored: return .ignored
        }
    }

    private func step(_ o: Outcome) -> Outcome {
        guard !model.query.isEmpty else { return .consumed }
        if o == .next { model.next() } else { model.previous() }
        return o
    }

    func tick() -> Bool { isOpen && form.tick() }

    func draw(_ cr: CairoContext) {
        guard isOpen else { return }
        cr.fill(frame, Theme.bar)
        form.draw(cr)
        let summary = model.summary
        if !summary.isEmpty {
            let l = Text.layout(summary, font: Font(size: Theme.TextSize.label), width: summaryArea.width, ellipsis: .end)
            cr.draw(l, x: summaryArea.x, y: summaryArea.midY - l.height / 2, color: model.count == 0 ? Theme.error : Theme.text)
        }
    }
}
