import Testing
import TouchDeskInterface
import TouchDeskPlaces
import TouchDeskTestSupport
@testable import TouchDeskToolkit

/// The toolkit's place search (`SearchBox`), as Map Search and Sea Level both use it: what Enter
/// chooses, how Esc ends a search, the field and the list as one stop of the keyboard's ring.
@Suite("Search box: field, suggestions, Enter, Esc and the ring", .enabled(if: (try? GeoNamesSource.locate()) != nil, "needs scripts/data/places"))
struct SearchBoxTests {
    enum Button: String, ControlID { case other }

    static let index: PlaceIndex? = try? PlaceIndexCache.load(cacheFolder: DataCaches.directory).index

    func box() -> SearchBox<Button> {
        let form = Form<Button>()
        let box = SearchBox(form: form, placeholder: "Find", maxLength: 64, clipboard: nil)
        form.addButton(.other, "Other", key: .key("o"))
        box.place(field: Rect(x: 10, y: 10, width: 300, height: TextField.height), bottom: 600)
        form.controls.place(.other, at: Rect(x: 320, y: 10, width: 80, height: 30))
        form.setFocus(.field(box.field.id))
        return box
    }

    func typed(_ text: String, into box: SearchBox<Button>) {
        box.field.setText(text)
        box.edited(index: Self.index)
    }

    @Test("Enter takes the row the arrows chose, else the first row shown, else the best match")
    func enterChooses() throws {
        let index = try #require(Self.index)
        let b = box()
        typed("zur", into: b)
        #expect(b.isListOpen && b.suggestions.count > 1)
        let first = try #require(b.suggestions.first?.place), second = b.suggestions[1].place
        _ = b.handle(key: Key("Down"), index: index)
        _ = b.handle(key: Key("Down"), index: index)
        guard case .chose(let picked) = b.handle(key: Key("Return"), index: index) else { Issue.record("Enter chose nothing"); return }
        #expect(picked.id == second.id)
        #expect(!b.isListOpen && !b.field.isFocused && b.field.text == second.localName())
        // No row chosen: the first row shown.
        b.focus(index: index)
        typed("zur", into: b)
        guard case .chose(let top) = b.handle(key: Key("KP_Enter"), index: index) else { Issue.record("Enter chose nothing"); return }
        #expect(top.id == first.id)
        // The list closed (a click elsewhere), the text still there: its best match.
        b.focus(index: index)
        typed("Zürich", into: b)
        b.list.close()
        guard case .chose(let best) = b.handle(key: Key("Return"), index: index) else { Issue.record("Enter chose nothing"); return }
        #expect(best.id == index.bestMatch(for: "Zürich")?.id)
    }

    @Test("Enter with nothing found says what was read; before the index has arrived it hands the text back; empty, it does nothing")
    func enterWithoutAPlace() throws {
        let index = try #require(Self.index)
        let b = box()
        typed("qqqzzzxxq", into: b)
        b.list.close()
        guard case .unmatched(let note) = b.handle(key: Key("Return"), index: index) else { Issue.record("no message for an unmatched search"); return }
        #expect(note.contains("qqqzzzxxq"), "\(note)")
        #expect(b.field.isFocused, "the field stays for another try")
        b.field.setText("  Paris ")
        guard case .waiting(let query) = b.submit(index: nil) else { Issue.record("the text was not handed back"); return }
        #expect(query == "Paris")
        b.field.setText("   ")
        guard case .handled = b.submit(index: index) else { Issue.record("an empty search chose something"); return }
    }

    @Test("One Esc ends the search, list and field together; the next is not the search's")
    func escape() throws {
        let index = try #require(Self.index)
        let b = box()
        typed("ber", into: b)
        #expect(b.isListOpen && b.isActive)
        guard case .handled = b.handle(key: Key("Escape"), index: index) else { Issue.record("Esc did not end the search"); return }
        #expect(!b.isListOpen && !b.isActive && !b.field.isFocused)
        guard case .ignored = b.handle(key: Key("Escape"), index: index) else { Issue.record("a second Esc was the search's"); return }
        // Typing goes on in the form; a key that is not the search's is left to the app.
        b.focus(index: index)
        guard case .ignored = b.handle(key: Key("a", text: "a"), index: index) else { Issue.record("a letter was taken by the search"); return }
    }

    @Test("The field and its open list are one stop of the ring: Tab reaches the list after the field, its arrows move the selection")
    func ring() throws {
        let index = try #require(Self.index)
        let b = box()
        #expect(b.focusables.map(\.name) == ["search", "other"], "closed: the field, then the form's buttons")
        typed("par", into: b)
        let stops = b.focusables
        #expect(stops.map(\.name) == ["search", "suggestions", "other"])
        b.setKeyboardFocus(stops[1])
        #expect(b.isListFocused && b.isFocused(stops[1]) && !b.field.isFocused)
        #expect(b.list.selectedRow == 0, "the list's stop selects its first row")
        _ = b.handle(key: Key("Down"), index: index)
        #expect(b.list.selectedRow == 1)
        #expect(b.accessibleList(verb: { $0.name })?.states.contains(.focused) == true)
        b.setKeyboardFocus(stops[2])
        #expect(!b.isListFocused)
    }

    @Test("Ctrl+L or / selects the text in the field, so what is typed next replaces it, and opens its suggestions again")
    func focusSelects() throws {
        let index = try #require(Self.index)
        let b = box()
        typed("Paris", into: b)
        b.end()
        #expect(!b.isListOpen && !b.field.isFocused)
        b.focus(index: index)
        #expect(b.field.isFocused && b.field.editor.hasSelection && b.isListOpen)
    }
}
