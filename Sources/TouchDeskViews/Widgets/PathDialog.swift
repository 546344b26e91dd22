import TouchDeskDrawing
import TouchDeskInterface

/// A question about a file, asked in the window: a heading, the folder that names are read in, a
/// path field, a message line and two buttons (Save As, Open). Enter accepts, Esc cancels. It can
/// then ask a yes/no question about the same path (Replace an existing file? Open over unsaved
/// changes?) with its own two buttons and keys, and show that work is under way ("Saving…")
/// while its owner waits for the disk.
///
/// The dialog decides nothing about files: it hands back what was typed or confirmed, and its
/// owner checks the path, asks, or shows a message (`show(_:isError:)`) with the text kept.
public final class PathDialog {
    public enum Outcome: Equatable {
        /// The event was used (or ignored) and nothing was decided.
        case none
        /// Enter or the accept button, with the field's text.
        case submitted(String)
        /// The yes button of a question, with the path it asked about.
        case confirmed(String)
        /// Esc or Cancel outside a question: the dialog should close.
        case cancelled
    }

    public let title: String
    /// The line under the heading: where names without a folder go.
    public var folderNote: String
    public let form = Form<Control>()
    public let field: TextField
    /// The latest message (an error in red), shown under the field.
    public private(set) var message: String?
    public private(set) var messageIsError = false
    /// The yes/no question being asked, if any, and the path it is about.
    public private(set) var question: (text: String, path: String)?
    public enum Control: String, ControlID { case accept, cancel }
    public enum Answer: String, ControlID { case yes, no }
    let questionControls = Controls<Answer>()
    /// Set while the owner does the work (a save being written): input waits.
    public var busy: String?
    private(set) var box = Rect.zero
    private var messageTop = 0.0
    /// The size last laid out in: a message or a question changes the box's height.
    private var area: Size?

    static let bodySize = 14.0
    static let noteSize = 13.0

    /// - Parameters:
    ///   - accept: the accept button's label ("Save", "Open"), pressed by Enter.
    ///   - yes: the question's yes button ("Replace", "Open") and its letter key.
    public init(title: String, folderNote: String, text: String, accept: String, yes: (label: String, key: String),
                clipboard: Clipboard?) {
        self.title = title
        self.folderNote = folderNote
        field = TextField("path", text: text, placeholder: "File name or path", maxLength: 4096, clipboard: clipboard)
        form.add(field)
        form.addButton(.accept, accept, key: .key("Return", "KP_Enter"))
        form.addButton(.cancel, "Cancel", key: .key("Escape"))
        form.setFocus(.field("path"))
        field.selectAll()
        questionControls.add(.yes, yes.label, key: KeyChord([yes.key, "Return", "KP_Enter"], shown: yes.key.uppercased() + ", Enter"))
        questionControls.add(.no, "Cancel", key: .key("Escape", "c", "n"))
    }

    /// Shows a message under the field (an error in red); the text stays for another try.
    public func show(_ text: String?, isError: Bool) {
        message = text
        messageIsError = isError
        field.isInvalid = isError && text != nil
        busy = nil
        relayout()
    }

    private func relayout() { if let area { layout(in: area) } }

    /// Asks `text` about `path`; the yes button confirms it, Esc goes back to the field.
    public func ask(_ text: String, about path: String) {
        question = (text, path)
        busy = nil
        relayout()
    }

    // MARK: - Layout and input

    public func layout(in size: Size) {
        area = size
        let w = max(200, min(560, size.width - 24))
        let inner = w - 32
        let rowsH = form.controls.layoutRows(in: Rect(x: 0, y: 0, width: inner, height: 0))
        let qRowsH = questionControls.layoutRows(in: Rect(x: 0, y: 0, width: inner, height: 0))
        let messageH = max(messageHeight(inner), question.map { Text.layout($0.text, font: Font(size: Self.bodySize), width: inner, wrap: true).height } ?? 0, 18)
        let h = 16 + 26 + 20 + 8 + TextField.height + 10 + messageH + 12 + max(rowsH, qRowsH) + 16
        box = Rect(x: ((size.width - w) / 2).rounded(), y: max(4, ((size.height - h) / 2).rounded()), width: w, height: h)
        field.frame = Rect(x: box.x + 16, y: box.y + 16 + 26 + 20 + 8, width: inner, height: TextField.height)
        messageTop = field.frame.maxY + 10
        let rowsTop = box.maxY - 16 - max(rowsH, qRowsH)
        if question == nil {
            _ = form.controls.layoutRows(in: Rect(x: box.x + 16, y: rowsTop, width: inner, height: 0))
            _ = questionControls.layoutRows(in: Rect(x: -10000, y: -10000, width: inner, height: 0))
            for id in [Answer.yes, .no] { questionControls.place(id, at: .zero) }
        } else {
            _ = questionControls.layoutRows(in: Rect(x: box.x + 16, y: rowsTop, width: inner, height: 0))
            for id in [Control.accept, .cancel] { form.controls.place(id, at: .zero) }
        }
    }

    private func messageHeight(_ width: Double) -> Double {
        guard let message else { return 0 }
        return Text.layout(message, font: Font(size: Self.noteSize), width: width, wrap: true).height
    }

    /// The dialog takes every event while it shows.
    public func handle(_ event: InputEvent) -> Outcome {
        guard busy == nil else { return .none }
        if let q = question { return handleQuestion(event, path: q.path) }
        if case .key(let k) = event, k.is("Escape") { return .cancelled }
        switch form.handle(event) {
        case .activated(.accept), .submitted: return .submitted(field.text)
        case .activated(.cancel): return .cancelled
        case .edited:
            if messageIsError { show(nil, isError: false) }
            return .none
        case .stepped, .consumed, .ignored: return .none
        }
    }

    private func handleQuestion(_ event: InputEvent, path: String) -> Outcome {
        func answer(_ yes: Bool) -> Outcome {
            question = nil
            relayout()
            return yes ? .confirmed(path) : .none
        }
        switch questionControls.handle(event) {
        case .activated(.yes): return answer(true)
        case .activated(.no): return answer(false)
        default: return .none
        }
    }

    public func tick() -> Bool { form.tick() }

    // MARK: - Drawing

    public func draw(_ cr: CairoContext, in area: Rect) {
        Theme.drawDialogFrame(cr, box: box, dimming: area)
        let inner = box.width - 32
        let heading = busy ?? title
        cr.text(heading, x: box.x + 16, y: box.y + 16 + 13, size: Text.fittingSize(heading, width: inner, size: 18, weight: .bold), weight: .bold)
        let note = Text.layout(folderNote, font: Font(size: Self.noteSize), width: inner, ellipsis: .middle)
        cr.draw(note, x: box.x + 16, y: box.y + 16 + 26 + 2, color: Theme.dimText)
        field.draw(cr)
        if let q = question {
            let l = Text.layout(q.text, font: Font(size: Self.bodySize), width: inner, wrap: true)
            cr.draw(l, x: box.x + 16, y: messageTop, color: Theme.text)
            questionControls.draw(cr)
        } else {
            if let message {
                let l = Text.layout(message, font: Font(size: Self.noteSize), width: inner, wrap: true)
                cr.draw(l, x: box.x + 16, y: messageTop, color: messageIsError ? (Theme.isDark ? Color(hex: 0xff8a97) : Theme.error) : Theme.dimText)
            }
            form.controls.draw(cr)
        }
    }
}

extension PathDialog: WidgetGroup {
    public var controlRects: [ControlRect] { form.controlRects + questionControls.controlRects }
    public var keyHelp: [KeyHelp] { question == nil ? form.keyHelp : questionControls.keyHelp }
}
