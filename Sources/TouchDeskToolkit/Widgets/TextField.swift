import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskModels

/// A one-line text field: click to focus (focus ring, blinking caret), type through the input
/// method, edit with the usual keys (the rules live in `TextEditor`), select with Shift or a drag,
/// double-click selects all, Ctrl+C/X/V through the app's `Clipboard`, Enter submits.
///
/// The caret blinks for ten seconds after the last activity and then stays on, so a window with a
/// focused field stops ticking and sleeps like any idle window.
public final class TextField {
    public enum Outcome: Equatable {
        case ignored
        /// Used the event; the text is unchanged.
        case consumed
        case edited
        case submitted
    }

    public static let height = 40.0
    public static let fontSize = 18.0
    public static let padding = 10.0
    /// Half a blink period, in ticks.
    static let blinkHalfPeriod = 32
    static let blinkTicks = 600
    /// Two clicks this close in ticks (and points) make a double-click.
    public static let doubleClickTicks = 30

    public let id: String
    public var placeholder: String
    public var frame = Rect.zero { didSet { if frame != oldValue { keepCaretInView() } } }
    public private(set) var editor: TextEditor
    public var isFocused = false { didSet { if isFocused != oldValue { wake() } } }
    /// Drawn with a red border: the app found the text wrong.
    public var isInvalid = false
    public let clipboard: Clipboard?

    /// Ticks since the last activity (for the blink) and since the last click (for double-clicks).
    private var idle = 0
    private var sinceClick = Int.max / 2
    private var lastClick = Point.zero
    private var dragging = false
    /// How far the text is scrolled left so the caret stays in view.
    private var scroll = 0.0
    /// A short note under the field (a paste cut to the field's length), and ticks left to show it.
    public private(set) var notice: String?
    private var noticeTicks = 0

    public init(_ id: String, text: String = "", placeholder: String = "", maxLength: Int = 64, clipboard: Clipboard?) {
        self.id = id
        self.placeholder = tr(placeholder)
        self.clipboard = clipboard
        editor = TextEditor(text, maxLength: maxLength)
    }

    public var text: String { editor.text }

    public func setText(_ s: String) {
        editor.setText(s)
        wake()
        keepCaretInView()
    }

    /// Selects the whole text (as Ctrl+L in a search field does), so typing replaces it.
    public func selectAll() {
        editor.selectAll()
        publishSelection()
        wake()
        keepCaretInView()
    }

    private func wake() { idle = 0 }

    /// Whether the caret shows in this frame.
    public var caretVisible: Bool {
        isFocused && (idle >= Self.blinkTicks || (idle / Self.blinkHalfPeriod) % 2 == 0)
    }

    /// One 1/60 s step; true while the caret blinks or a double-click may still come.
    public func tick() -> Bool {
        sinceClick += 1
        if noticeTicks > 0 {
            noticeTicks -= 1
            if noticeTicks == 0 { notice = nil }
        }
        if notice != nil { return true }
        guard isFocused else { return false }
        if idle < Self.blinkTicks { idle += 1 }
        return idle < Self.blinkTicks
    }

    // MARK: - Input

    public func handle(_ event: InputEvent) -> Outcome {
        let outcome = react(to: event)
        if outcome != .ignored { keepCaretInView() }
        return outcome
    }

    private func react(to event: InputEvent) -> Outcome {
        switch event {
        case .touchBegan(let p):
            guard frame.contains(p) else { return .ignored }
            isFocused = true
            wake()
            let isDouble = sinceClick <= Self.doubleClickTicks && p.distance(to: lastClick) < 6
            sinceClick = 0
            lastClick = p
            if isDouble {
                editor.selectAll()
                dragging = false
                publishSelection()
            } else {
                editor.move(to: index(at: p.x))
                dragging = true
            }
            return .consumed
        case .touchMoved(let p):
            guard dragging else { return .ignored }
            editor.move(to: index(at: p.x), extend: true)
            wake()
            return .consumed
        case .touchEnded(let p):
            guard dragging else { return .ignored }
            dragging = false
            editor.move(to: index(at: p.x), extend: true)
            publishSelection()
            return .consumed
        case .middleClick(let p):
            guard frame.contains(p) else { return .ignored }
            isFocused = true
            editor.move(to: index(at: p.x))
            clipboard?.requestPaste(from: .primary)
            wake()
            return .consumed
        case .paste(let s):
            guard isFocused else { return .ignored }
            wake()
            let changed = editor.insert(s)
            if editor.droppedByLastInsert > 0 {
                notice = "Pasted text cut short: the field holds \(editor.maxLength) characters"
                noticeTicks = 5 * 60
            }
            return changed ? .edited : .consumed
        case .key(let k):
            guard isFocused else { return .ignored }
            let outcome = editor.apply(k)
            if outcome != .unhandled { wake() }
            switch outcome {
            case .unhandled: return .ignored
            case .moved:
                publishSelection()
                return .consumed
            case .none: return .consumed
            case .edited: return .edited
            case .submit: return .submitted
            case .copy(let s):
                clipboard?.copy(s, to: .clipboard)
                return .consumed
            case .cut(let s):
                clipboard?.copy(s, to: .clipboard)
                return .edited
            case .paste:
                clipboard?.requestPaste(from: .clipboard)
                return .consumed
            }
        default:
            return .ignored
        }
    }

    /// X's convention: whatever is selected is the PRIMARY selection.
    private func publishSelection() {
        if editor.hasSelection { clipboard?.copy(editor.selectedText, to: .primary) }
    }

    /// The text as Pango lays it out: shaped, in its own direction, with fallback fonts.
    private var layout: TextLayout { Text.layout(text, font: Font(size: Self.fontSize)) }

    /// The character boundary nearest to `x` (in the app's coordinates), from Pango.
    public func index(at x: Double) -> Int {
        layout.characterIndex(atX: x - textLeft + scroll)
    }

    private var textLeft: Double { frame.x + Self.padding }
    private var innerWidth: Double { max(1, frame.width - 2 * Self.padding) }

    /// Where the caret stands before character `i`, from the text's left edge.
    public func offset(of i: Int) -> Double { layout.caretX(beforeCharacter: i) }

    /// Scrolls just enough to keep the caret in view, never past either end of the text.
    private func keepCaretInView() {
        let caretX = offset(of: editor.caret)
        var s = scroll
        if caretX - s > innerWidth - 2 { s = caretX - innerWidth + 2 }
        if caretX - s < 0 { s = caretX }
        scroll = max(0, min(s, max(0, layout.width - innerWidth + 2)))
    }

    // MARK: - Drawing

    public func draw(_ cr: CairoContext) {
        guard frame.width > 0 else { return }
        Theme.well.set(cr)
        cr.roundedRect(frame, radius: 7)
        cr.fill()
        let border = isInvalid ? Theme.error : (isFocused ? Theme.accent : Theme.controlHover)
        border.set(cr)
        cr.setLineWidth(isFocused || isInvalid ? 2.5 : 1)
        cr.roundedRect(frame.insetBy(isFocused || isInvalid ? 1.25 : 0.5), radius: 7)
        cr.stroke()

        let layout = self.layout
        cr.save()
        cr.rectangle(Rect(x: textLeft - 2, y: frame.y, width: innerWidth + 4, height: frame.height))
        cr.clip()
        let x0 = textLeft - scroll
        if editor.hasSelection {
            // One box per piece: a selection across a change of direction shows as several.
            (isFocused ? Theme.accent.with(alpha: 0.55) : Theme.controlHover).set(cr)
            for (a, b) in layout.xRanges(ofCharacters: editor.selection) {
                cr.rectangle(Rect(x: x0 + a, y: frame.midY - 12, width: b - a, height: 24))
            }
            cr.fill()
        }
        if editor.characters.isEmpty && !placeholder.isEmpty {
            let size = Text.fittingSize(placeholder, width: innerWidth, size: Theme.TextSize.body)
            cr.text(placeholder, x: textLeft, y: frame.midY, size: size, color: Theme.dimText.with(alpha: 0.8))
        } else {
            cr.draw(layout, x: x0, y: frame.midY - layout.height / 2, color: Theme.text)
        }
        if caretVisible {
            Theme.text.set(cr)
            cr.rectangle(Rect(x: x0 + offset(of: editor.caret) - 1, y: frame.midY - 12, width: 2, height: 24))
            cr.fill()
        }
        cr.restore()
        if let notice {
            let l = Text.layout(notice, font: Font(size: Theme.TextSize.caption), width: max(40, frame.width), ellipsis: .end)
            let box = Rect(x: frame.x, y: frame.maxY + 2, width: min(frame.width, l.width + 12), height: l.height + 6)
            Theme.error.set(cr)
            cr.roundedRect(box, radius: 4)
            cr.fill()
            cr.draw(l, x: box.x + 6, y: box.y + 3, color: Theme.text)
        }
    }
}
