import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskPlaces

/// The list of place suggestions under a search field: it asks the index as the user types,
/// moves a selection with Up and Down, follows the pointer, and draws each row as the name with
/// the typed part in bold, an alias that matched in brackets, and where the place is, dimmed.
///
/// It owns the list's state only: `SearchBox` holds one under its field and routes keys and
/// clicks to it; Map Search and Sea Level reach it through their SearchBox.
public final class PlaceSearchList {
    /// What a key did to the list.
    enum KeyResult: Equatable {
        /// Not a list key (or the list is closed).
        case ignored
        /// The selection moved or the list closed.
        case moved
        /// Enter on a selected row.
        case picked(Int)
    }

    public static let rowHeight = 34.0

    public init() {}

    public private(set) var suggestions: [PlaceSuggestion] = []
    /// What the list says when nothing matches (`unmatchedNote`); nil while there are rows or the index loads.
    private(set) var unmatched: String?
    /// The suggestion Up/Down moved to; nil before the first Down.
    public private(set) var selectedRow: Int?
    private var hoverRow: Int?
    private var open = false
    /// The field the list hangs under.
    public var anchor = Rect.zero
    /// The lowest the rows may reach (the top of what lies under the map): in a small window
    /// fewer rows are asked for and shown, so none runs under the status line or the toolbar.
    public var bottom = Double.infinity {
        didSet {
            guard suggestions.count > fittingRows else { return }
            suggestions.removeLast(suggestions.count - fittingRows)
            if let r = selectedRow, r >= suggestions.count { selectedRow = suggestions.count - 1 }
            if let r = hoverRow, r >= suggestions.count { hoverRow = nil }
        }
    }

    /// How many rows fit between the field and `bottom` (at least one).
    var fittingRows: Int {
        let room = (bottom - anchor.maxY - 4) / Self.rowHeight
        return room.isFinite ? max(1, Int(min(room, 1000))) : .max
    }

    public var isOpen: Bool { !suggestions.isEmpty && open }

    /// Asks `index` for `text` (nil while the index loads), at most `limit` rows, and opens the list.
    public func update(text: String, index: PlaceIndex?, limit: Int = PlaceIndex.suggestionLimit) {
        selectedRow = nil
        hoverRow = nil
        suggestions = index == nil || text.isEmpty ? [] : index!.suggestions(for: text, limit: min(limit, fittingRows))
        unmatched = index.flatMap { suggestions.isEmpty && !text.isEmpty ? Self.unmatchedNote(for: text, index: $0) : nil }
        open = true
    }

    /// What to say when `text` finds nothing: what was understood when the query reads as a postcode
    /// the index lacks ("75001 France": a postcode of France, which it has none of), and what to
    /// try (`short`: without that, for a toast), else that no place matches.
    public static func unmatchedNote(for text: String, index: PlaceIndex, short: Bool = false) -> String {
        index.unknownPostcode(in: text).map { short ? $0.summary : $0.explanation } ?? tr("No place matches “{0}”", echoed(text))
    }

    public func close() {
        open = false
        selectedRow = nil
        hoverRow = nil
    }

    /// Selects row `i` (the keyboard's focus arriving on the list).
    func select(row i: Int) {
        guard suggestions.indices.contains(i) else { return }
        selectedRow = i
    }

    /// The place of row `i`, if there is one.
    public func place(row i: Int) -> Place? { suggestions.indices.contains(i) ? suggestions[i].place : nil }

    public func rowRect(_ i: Int) -> Rect {
        Rect(x: anchor.x, y: anchor.maxY + 4 + Double(i) * Self.rowHeight, width: anchor.width, height: Self.rowHeight)
    }

    /// The box of all rows.
    public var rect: Rect {
        let first = rowRect(0)
        return Rect(x: first.x, y: first.y, width: first.width, height: Double(suggestions.count) * Self.rowHeight)
    }

    public func row(at p: Point) -> Int? {
        guard isOpen else { return nil }
        return suggestions.indices.first { rowRect($0).contains(p) }
    }

    public func hover(_ p: Point) { hoverRow = row(at: p) }

    /// Up, Down, Esc and Enter while the list is open.
    func handle(key k: Key) -> KeyResult {
        guard isOpen else { return .ignored }
        if k.is("Down") || k.is("KP_Down") {
            selectedRow = min(suggestions.count - 1, (selectedRow ?? -1) + 1)
            return .moved
        }
        if k.is("Up") || k.is("KP_Up") {
            selectedRow = selectedRow.map { max(0, $0 - 1) } ?? suggestions.count - 1
            return .moved
        }
        if k.is("Escape") { close(); return .moved }
        if k.is("Return") || k.is("KP_Enter"), let r = selectedRow { return .picked(r) }
        return .ignored
    }

    /// For a screen reader: the rows as a list whose items are chosen as a click on the row
    /// chooses them (`verb`, e.g. "Show Paris on the map"), the one the arrows picked selected.
    public func accessibleNode(focused: Bool, verb: (Place) -> String) -> AccessibleNode? {
        if open, suggestions.isEmpty, let note = unmatched {
            // The note that stands in for the rows, as drawn ("No place matches …", an unknown postcode's reading).
            return AccessibleNode(id: "suggestions.note", role: .label, name: note, states: [.enabled, .showing], frame: rowRect(0))
        }
        guard isOpen else { return nil }
        let items = suggestions.indices.map { i -> AccessibleNode in
            let s = suggestions[i], frame = rowRect(i)
            let name = s.place.name + (s.alias.map { " (\($0))" } ?? "")
            var states: AccessibleNode.States = [.enabled, .showing, .selectable]
            if i == selectedRow { states.insert(.selected) }
            return AccessibleNode(id: "suggestion.\(i)", role: .listItem, name: name, description: Self.detail(s.place), states: states,
                                  actions: [.click("choose", verb(s.place), on: frame)], frame: frame)
        }
        var states: AccessibleNode.States = [.enabled, .showing, .focusable]
        if focused { states.insert(.focused) }
        return AccessibleNode(id: "suggestions", role: .list, name: tr("Suggestions"), states: states, frame: rect, children: items)
    }

    // MARK: - Drawing

    /// Draws the rows under the field for `text`: a note while the index loads ("Loading
    /// places…") or when nothing matches, else the suggestions. `text` is asked for only while the
    /// list is open: a frame of a closed list (every frame of a drag) does not trim the field's text.
    public func draw(_ cr: CairoContext, text: @autoclosure () -> String, loading: Bool) {
        guard open else { return }
        let text = text()
        guard !text.isEmpty else { return }
        if loading { drawNote(cr, tr("Loading places…")); return }
        if suggestions.isEmpty { drawNote(cr, unmatched ?? tr("No place matches “{0}”", echoed(text))); return }
        Theme.well.set(cr)
        cr.roundedRect(rect.insetBy(-2), radius: 8)
        cr.fill()
        for (i, s) in suggestions.enumerated() {
            let r = rowRect(i)
            if i == selectedRow || i == hoverRow {
                (i == selectedRow ? Theme.controlOn : Theme.controlHover).set(cr)
                cr.roundedRect(r.insetBy(1), radius: 6)
                cr.fill()
            }
            drawSuggestion(cr, s, in: r)
        }
    }

    /// A note in place of the rows, wrapped onto as many lines as it needs (down to `bottom`).
    private func drawNote(_ cr: CairoContext, _ text: String) {
        var r = rowRect(0)
        let l = Text.layout(text, font: Font(size: Theme.TextSize.body), width: r.width - 24, wrap: true)
        r.height = min(max(r.height, l.height + 14), max(r.height, bottom - r.y))
        Theme.well.set(cr)
        cr.roundedRect(r.insetBy(-2), radius: 8)
        cr.fill()
        cr.saved {
            cr.clip(to: r)
            cr.draw(l, x: r.x + 12, y: r.midY - l.height / 2, color: Theme.dimText)
        }
    }

    /// The name with the part the query matched in bold, an alternate name that matched in
    /// brackets, then the region and country, dimmed, cut with an ellipsis if long.
    private func drawSuggestion(_ cr: CairoContext, _ s: PlaceSuggestion, in r: Rect) {
        var pieces: [(String, Bool, Color)] = Self.split(s.place.name, bold: s.nameMatch).map { ($0.0, $0.1, Theme.text) }
        if let alias = s.alias {
            pieces.append((" (", false, Theme.dimText))
            pieces += Self.split(alias, bold: s.aliasMatch).map { ($0.0, $0.1, Theme.dimText) }
            pieces.append((")", false, Theme.dimText))
        }
        var x = r.x + 12
        let right = r.maxX - 10
        for (text, bold, color) in pieces where !text.isEmpty {
            let l = Text.layout(text, font: Font(size: Theme.TextSize.body, weight: bold ? .bold : .regular), width: max(10, right - x), ellipsis: .end)
            cr.draw(l, x: x, y: r.midY - l.height / 2, color: color)
            x += l.width
            if x >= right - 10 { return }
        }
        let detail = Self.detail(s.place)
        guard x < right - 40 else { return }
        let l = Text.layout(detail, font: Font(size: Theme.TextSize.caption), width: right - x - 14, ellipsis: .end, align: .right)
        cr.draw(l, x: x + 14, y: r.midY - l.height / 2, color: Theme.dimText)
    }

    /// "Zürich" split around the matched range: [("", false), ("Zür", true), ("ich", false)].
    public static func split(_ s: String, bold range: Range<String.Index>?) -> [(String, Bool)] {
        guard let range, range.lowerBound >= s.startIndex, range.upperBound <= s.endIndex else { return [(s, false)] }
        return [(String(s[..<range.lowerBound]), false), (String(s[range]), true), (String(s[range.upperBound...]), false)]
    }

    /// The dim part of a suggestion: where it is, and what kind of place unless a town
    /// ("Illinois, United States", "region · Canada", "airport · London, England, United Kingdom"),
    /// with country and region names in the user's language ("Zürich, Schweiz", "region · Bayern,
    /// Deutschland" for Bavaria; `LocalNames`).
    public static func detail(_ p: Place) -> String {
        switch p.kind {
        case .country:
            let local = p.localName()
            return local == p.name ? tr(p.kind.word) : tr(p.kind.word) + " · " + local
        case .city: return p.localWhereabouts()
        case .region:
            // A region's own name in the user's language, where it differs ("region · Bayern, Deutschland").
            let local = p.localName()
            return tr(p.kind.word) + " · " + (local == p.name ? "" : local + ", ") + p.localWhereabouts()
        case .airport, .postcode: return tr(p.kind.word) + " · " + p.localWhereabouts()
        case .peak, .lake, .island, .sea, .continent, .landmark:
            let whereabouts = p.localWhereabouts()
            return whereabouts.isEmpty ? tr(p.kind.word) : tr(p.kind.word) + " · " + whereabouts
        }
    }
}
