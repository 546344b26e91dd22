import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskPlaces

/// A place search, whole: the field, the suggestions under it, which place Enter chooses, how the
/// keys go between the two, and the pair as one stop of the keyboard's ring. Map Search and Sea
/// Level each keep one; the app says what choosing a place does.
///
/// - Typing asks the index (`edited`), as many rows as fit under the field.
/// - Tab goes from the field to the open list (one stop), then on through the form's buttons; on
///   the list, Up and Down move the selection and Enter picks, as they do from the field.
/// - Enter chooses the selected row, else the first row shown, else the best match for the text
///   (the list may be closed); with no match it says what was understood, and before the index has
///   arrived it hands the text back for later.
/// - One Esc ends the search in progress, list and field together; the next is the app's.
public final class SearchBox<ID: ControlID>: WidgetGroup {
    /// The form the field lives in, with the app's buttons: the ring goes through all of it.
    public let form: Form<ID>
    public let field: TextField
    public let list = PlaceSearchList()
    /// At most this many suggestions (fewer where fewer rows fit).
    public var limit: Int
    /// Whether the list, rather than anything in the form, has the keyboard focus.
    private var listHasFocus = false

    /// What a key or a click in the search came to.
    public enum Outcome {
        /// Not the search's: the app goes on with it.
        case ignored
        /// Taken by the search (the selection moved, the search ended).
        case handled
        /// A place was chosen; the field shows its name, the list is closed, the field let go.
        case chose(Place)
        /// Enter found nothing: what to say (what was understood, what to try).
        case unmatched(String)
        /// Enter before the index has arrived: the text, to answer when it does.
        case waiting(String)
    }

    /// Adds the field (named `name`) to `form` as its first stop.
    public init(form: Form<ID>, name: String = "search", placeholder: String, maxLength: Int, clipboard: Clipboard?,
                limit: Int = PlaceIndex.suggestionLimit) {
        self.form = form
        self.limit = limit
        field = TextField(name, placeholder: placeholder, maxLength: maxLength, clipboard: clipboard)
        form.add(field)
    }

    /// The text as searched: without the spaces around it.
    public var query: String { field.text.trimmingCharacters(in: .whitespaces) }

    public var suggestions: [PlaceSuggestion] { list.suggestions }
    public var isListOpen: Bool { list.isOpen }
    /// Whether a search is under way: the field or the list has the keyboard.
    public var isActive: Bool { field.isFocused || isListFocused }

    /// Where the field lies; the list hangs under it, its rows reaching at most to `bottom`.
    public func place(field frame: Rect, bottom: Double = .infinity) {
        field.frame = frame
        list.anchor = frame
        list.bottom = bottom
    }

    // MARK: - Input

    /// The field's text changed (the form said `.edited`): the suggestions follow.
    public func edited(index: PlaceIndex?) {
        list.update(text: query, index: index, limit: limit)
    }

    /// Ctrl+L, "/": the field takes the keyboard with its text selected, so what is typed next
    /// replaces it, and the suggestions for that text open again.
    public func focus(index: PlaceIndex?) {
        form.setFocus(.field(field.id))
        field.selectAll()
        if !query.isEmpty { edited(index: index) }
    }

    /// The search's own keys, before the form's: Esc, the list's Up, Down and Enter, and Enter
    /// in the field. Anything else is `.ignored` (typing goes to the form, which says `.edited`).
    public func handle(key k: Key, index: PlaceIndex?) -> Outcome {
        if k.is("Escape"), list.isOpen || isActive {
            end()
            return .handled
        }
        switch list.handle(key: k) {
        case .ignored: break
        case .moved: return .handled
        case .picked(let row): return pick(row: row).map(Outcome.chose) ?? .handled
        }
        guard k.is("Return") || k.is("KP_Enter"), isActive else { return .ignored }
        return submit(index: index)
    }

    /// Enter: the first row shown, else the best match; what to say when there is none.
    public func submit(index: PlaceIndex?) -> Outcome {
        if list.isOpen, let place = pick(row: list.selectedRow ?? 0) { return .chose(place) }
        let text = query
        guard !text.isEmpty else { return .handled }
        guard let index else { return .waiting(text) }
        guard let place = index.bestMatch(for: text) else {
            return .unmatched(PlaceSearchList.unmatchedNote(for: text, index: index, short: true))
        }
        settle(on: place)
        return .chose(place)
    }

    /// The suggestion under `p`, if the list is open there.
    public func row(at p: Point) -> Int? { list.row(at: p) }

    public func hover(_ p: Point) { list.hover(p) }

    /// Chooses row `i` (a click or Enter on it): its place, which the field then shows.
    public func pick(row i: Int) -> Place? {
        guard let place = list.place(row: i) else { return nil }
        settle(on: place)
        return place
    }

    /// The field shows `place`'s name, the list closes and the search lets go of the keyboard.
    public func settle(on place: Place) {
        field.setText(place.localName())
        end()
    }

    /// The search ends: the list closes and neither it nor the field keeps the keyboard.
    public func end() {
        list.close()
        listHasFocus = false
        if field.isFocused { form.setFocus(nil) }
    }

    // MARK: - The ring (WidgetGroup)

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
        out.insert(stop, at: out.firstIndex { $0.name == field.id }.map { $0 + 1 } ?? 0)
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

    /// The suggestions for a screen reader, their items chosen as a click chooses them (`verb`:
    /// "Show Paris on the map"); nil while the list is closed.
    public func accessibleList(verb: (Place) -> String) -> AccessibleNode? {
        list.accessibleNode(focused: isListFocused, verb: verb)
    }

    // MARK: - Drawing

    /// The field, the suggestions under it (a note while the index loads or when nothing
    /// matches), and the ring round the selected row while the list has the keyboard.
    public func draw(_ cr: CairoContext, loading: Bool) {
        field.draw(cr)
        list.draw(cr, text: query, loading: loading)
        guard isListFocused, let stop = listStop else { return }
        Theme.accent.set(cr)
        cr.setLineWidth(2.5)
        cr.roundedRect(stop.frame.insetBy(-1), radius: 7)
        cr.stroke()
    }
}
