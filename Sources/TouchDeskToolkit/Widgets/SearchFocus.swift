import TouchDeskDrawing
import TouchDeskInterface

/// A search form and the list of suggestions under its field, as the keyboard reaches them: Tab
/// goes from the field to the open list (one stop), then on through the form's buttons. On the
/// list, Up and Down move the selection and Enter picks, as they do from the field (the app's
/// keys: the shell hands them over for a `.list` stop); Esc closes it.
public final class SearchFocus<ID: ControlID>: WidgetGroup {
    public let form: Form<ID>
    public let list: PlaceSearchList
    /// Whether the list, rather than anything in the form, has the keyboard focus.
    private var listHasFocus = false

    public init(form: Form<ID>, list: PlaceSearchList) {
        self.form = form
        self.list = list
    }

    /// The list's stop: the selected row (the first before any), where the ring is drawn.
    private var listStop: Focusable? {
        guard list.isOpen else { return nil }
        return Focusable(name: "suggestions", frame: list.rowRect(list.selectedRow ?? 0), role: .list)
    }

    /// The list has the focus now (Tab put it there and nothing took it since).
    public var isListFocused: Bool { listHasFocus && list.isOpen && form.focus == nil }

    public var focusables: [Focusable] {
        var out = form.focusables
        guard let stop = listStop else { return out }
        out.insert(stop, at: out.firstIndex { $0.role == .field }.map { $0 + 1 } ?? 0)
        return out
    }

    public func isFocused(_ item: Focusable) -> Bool { item.role == .list ? isListFocused : form.isFocused(item) }

    public func setKeyboardFocus(_ item: Focusable?) {
        if item?.role == .list {
            form.setKeyboardFocus(nil)
            listHasFocus = true
            if list.selectedRow == nil { list.select(row: 0) }
        } else {
            listHasFocus = false
            form.setKeyboardFocus(item)
        }
    }

    public var controlRects: [ControlRect] { form.controlRects }
    public var keyHelp: [KeyHelp] { form.keyHelp }
    public var accessibleNodes: [AccessibleNode] { form.accessibleNodes }

    /// The ring round the selected row while the list has the focus.
    public func draw(_ cr: CairoContext) {
        guard isListFocused, let stop = listStop else { return }
        Theme.accent.set(cr)
        cr.setLineWidth(2.5)
        cr.roundedRect(stop.frame.insetBy(-1), radius: 7)
        cr.stroke()
    }
}
