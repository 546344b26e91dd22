import Testing
import TouchDeskModels

/// What coverage-guided fuzzing (scripts/fuzz) found, kept as tests so it stays fixed.
@Suite("Fuzz findings")
struct FuzzFindingsTests {
    @Test("A combining mark pasted after a letter joins it: the field counts one character, and the caret stays inside the text")
    func combiningMarkAfterALetter() {
        // scripts/fuzz text: "t", a control character (dropped), U+031A COMBINING LEFT ANGLE ABOVE.
        var e = TextEditor("", maxLength: 22)
        e.insert("nt\u{10}\u{31A}\r\u{FFFD}")
        #expect(e.characters.count == e.text.count)
        #expect(e.caret == e.characters.count)
        #expect(e.text == "nt\u{31A} \u{FFFD}")
        // Deleting what stood between a letter and a mark brings them together too.
        var d = TextEditor("ax\u{301}", maxLength: 10)
        d.move(to: 1)
        d.insert("\u{20DD}")
        d.move(to: 1)
        d.deleteBackward()
        #expect(d.characters.count == d.text.count)
        #expect(d.caret <= d.characters.count && d.anchor <= d.characters.count)
    }
}
