import TouchDeskDrawing
import TouchDeskInterface

/// An app whose work the user saves by hand (Paintbrush's painting): quitting with changes made
/// since the last save asks first (`QuitDialog`).
public protocol DocumentApp: MiniApp {
    /// What the user calls the work, after "the": "painting".
    nonisolated static var documentName: String { get }
    /// True when the work changed since it was last saved to a file the user chose.
    var hasUnsavedWork: Bool { get }
    /// Saves the work as Ctrl+S does; the ticket says when it is on disk (nil: nothing to save).
    func saveDocument() -> BackgroundWriter.Ticket?
}

/// The question asked in the window before quitting with unsaved work: Save (S or Enter),
/// Don't save (D), Cancel (Esc or C), as desktop editors ask.
public final class QuitDialog {
    public enum Choice: Equatable { case save, discard, cancel }

    public let title: String
    public let message: String
    public enum Control: String, ControlID { case save, discard, cancel }
    public let controls = Controls<Control>()
    private(set) var box = Rect.zero
    /// The save asked for, while it is being written.
    public var saving: BackgroundWriter.Ticket?

    public init(document: String, keptIn folder: String) {
        title = tr("Save the {0} before quitting?", tr(document))
        message = tr("The {0} has changes that are not saved to a picture file. It is also kept in {1} and comes back the next time you open TouchDesk, but only a saved file is yours to share.", tr(document), folder)
        controls.add(.save, "Save", key: .key("s"), also: [.key("Return", "KP_Enter")])
        controls.add(.discard, "Don't save", key: .key("d"))
        controls.add(.cancel, "Cancel", key: .key("Escape"), also: [.key("c")])
    }

    public func layout(in size: Size) {
        let w = min(520, size.width - 24)
        let rowsHeight = controls.layoutRows(in: Rect(x: 0, y: 0, width: w - 32, height: 0))
        let textH = Text.layout(message, font: Font(size: Theme.TextSize.body), width: w - 32, wrap: true).height
        let h = 16 + 26 + 10 + textH + 16 + rowsHeight + 16
        box = Rect(x: (size.width - w) / 2, y: max(8, (size.height - h) / 2), width: w, height: h)
        _ = controls.layoutRows(in: Rect(x: box.x + 16, y: box.maxY - 16 - rowsHeight, width: w - 32, height: 0))
    }

    /// The choice an event makes, if any; the dialog takes every event while it shows.
    public func handle(_ event: InputEvent) -> Choice? {
        guard saving == nil else { return nil }
        guard case .activated(let id) = controls.handle(event) else { return nil }
        switch id {
        case .save: return .save
        case .discard: return .discard
        case .cancel: return .cancel
        }
    }

    public func draw(_ cr: CairoContext, in window: Rect) {
        Theme.drawDialogFrame(cr, box: box, dimming: window)
        let heading = saving == nil ? title : tr("Saving…")
        cr.text(heading, x: box.x + 16, y: box.y + 16 + 13, size: Text.fittingSize(heading, width: box.width - 32, size: Theme.TextSize.title, weight: .bold), weight: .bold)
        let body = Text.layout(message, font: Font(size: Theme.TextSize.body), width: box.width - 32, wrap: true)
        cr.draw(body, x: box.x + 16, y: box.y + 16 + 26 + 10, color: Theme.text)
        controls.draw(cr)
    }
}
