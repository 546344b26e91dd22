import Testing
import TouchDeskTestSupport
import TouchDeskInterface
import TouchDeskModels

@Suite("Text field editing")
struct TextEditorTests {
    func key(_ name: String, text: String = "", control: Bool = false, shift: Bool = false) -> Key {
        Key(name, text: text, control: control, shift: shift)
    }

    @Test func typingInsertsAtTheCaret() {
        var e = TextEditor()
        for c in "3.5" { _ = e.apply(key(String(c), text: String(c))) }
        #expect(e.text == "3.5")
        #expect(e.caret == 3)
        e.moveLeft(); e.moveLeft()
        #expect(e.apply(key("1", text: "1")) == .edited)
        #expect(e.text == "31.5")
        #expect(e.caret == 2)
    }

    @Test func backspaceAndDelete() {
        var e = TextEditor("hello")
        #expect(e.apply(key("BackSpace")) == .edited)
        #expect(e.text == "hell")
        e.moveHome()
        #expect(e.apply(key("BackSpace")) == .none, "nothing before the caret")
        #expect(e.apply(key("Delete")) == .edited)
        #expect(e.text == "ell")
        e.moveEnd()
        #expect(e.apply(key("Delete")) == .none)
    }

    @Test func caretStaysInsideTheText() {
        var e = TextEditor("ab")
        for _ in 0..<5 { e.moveRight() }
        #expect(e.caret == 2)
        for _ in 0..<5 { e.moveLeft() }
        #expect(e.caret == 0)
        e.move(to: 99)
        #expect(e.caret == 2)
    }

    @Test func homeEndAndShiftSelection() {
        var e = TextEditor("36 degrees")
        _ = e.apply(key("Home"))
        #expect(e.caret == 0)
        _ = e.apply(key("Right", shift: true))
        _ = e.apply(key("Right", shift: true))
        #expect(e.selectedText == "36")
        // Typing replaces the selection.
        _ = e.apply(key("4", text: "4"))
        #expect(e.text == "4 degrees")
        _ = e.apply(key("End", shift: true))
        #expect(e.selectedText == " degrees")
        _ = e.apply(key("BackSpace"))
        #expect(e.text == "4")
    }

    @Test func leftRightCollapseASelection() {
        var e = TextEditor("abcdef")
        e.move(to: 1); e.move(to: 4, extend: true)
        _ = e.apply(key("Left"))
        #expect(e.caret == 1 && !e.hasSelection)
        e.move(to: 4, extend: true)
        _ = e.apply(key("Right"))
        #expect(e.caret == 4 && !e.hasSelection)
    }

    @Test func wordMovesAndWordDelete() {
        var e = TextEditor("one two  three")
        _ = e.apply(key("Left", control: true))
        #expect(e.caret == 9)
        _ = e.apply(key("Left", control: true))
        #expect(e.caret == 4)
        _ = e.apply(key("Right", control: true))
        #expect(e.caret == 7)
        e.moveEnd()
        _ = e.apply(key("BackSpace", control: true))
        #expect(e.text == "one two  ")
        e.moveHome()
        _ = e.apply(key("Delete", control: true))
        #expect(e.text == " two  ")
        _ = e.apply(key("Right", control: true, shift: true))
        #expect(e.selectedText == " two")
    }

    @Test func ctrlAcopyCutPaste() {
        var e = TextEditor("K7G 5T9")
        #expect(e.apply(key("c", control: true)) == .none, "nothing selected, nothing copied")
        #expect(e.apply(key("a", control: true)) == .moved)
        #expect(e.selectedText == "K7G 5T9")
        #expect(e.apply(key("c", control: true)) == .copy("K7G 5T9"))
        #expect(e.text == "K7G 5T9")
        #expect(e.apply(key("x", control: true)) == .cut("K7G 5T9"))
        #expect(e.text == "")
        #expect(e.apply(key("v", control: true)) == .paste)
        e.insert("M2N 6P8")
        #expect(e.text == "M2N 6P8")
    }

    @Test func enterSubmitsAndOtherKeysAreLeftAlone() {
        var e = TextEditor("1")
        #expect(e.apply(key("Return")) == .submit)
        #expect(e.apply(key("KP_Enter")) == .submit)
        #expect(e.apply(key("Tab")) == .unhandled)
        #expect(e.apply(key("Escape")) == .unhandled)
        #expect(e.apply(key("q", control: true)) == .unhandled)
        #expect(e.text == "1")
    }

    @Test func charactersNotBytes() {
        var e = TextEditor()
        _ = e.apply(key("eacute", text: "é"))
        e.insert("👍🏽")
        #expect(e.characters.count == 2)
        _ = e.apply(key("BackSpace"))
        #expect(e.text == "é")
    }

    @Test func pastedLinesBecomeOneLineAndLengthIsCapped() {
        var e = TextEditor(maxLength: 8)
        e.insert("12\n34\t5\u{7}6")
        #expect(e.text == "12 34 56")
        e.insert("789")
        #expect(e.text == "12 34 56", "full: nothing more goes in")
        e.selectAll()
        e.insert("abcdefghijk")
        #expect(e.text == "abcdefgh")
    }

    @Test("property: random edits keep caret and anchor inside the text, and typed text lands at the caret")
    func randomEdits() {
        var rng = SplitMix64(seed: 6)
        let names = ["Left", "Right", "Home", "End", "BackSpace", "Delete", "a", "b", " ", "x"]
        for _ in 0..<200 {
            var e = TextEditor(maxLength: 40)
            for _ in 0..<60 {
                let n = names.randomElement(using: &rng)!
                let ctrl = Bool.random(using: &rng) && n.count > 1
                let shift = Bool.random(using: &rng)
                let before = e
                _ = e.apply(Key(n, text: n.count == 1 ? n : "", control: ctrl, shift: shift))
                #expect(e.caret >= 0 && e.caret <= e.characters.count)
                #expect(e.anchor >= 0 && e.anchor <= e.characters.count)
                if n.count == 1 && before.characters.count < 40 && !before.hasSelection {
                    #expect(e.characters[e.caret - 1] == Character(n))
                    #expect(e.characters.count == before.characters.count + 1)
                }
            }
        }
    }
}

@Suite("Text editor: pastes too long for the field")
struct TextEditorLimitTests {
    @Test func aLongPasteIsCutToTheLimitAndSaysHowMuchWasLeftOut() {
        var e = TextEditor("", maxLength: 24)
        let changed = e.insert(String(repeating: "abc ", count: 100))
        #expect(changed)
        #expect(e.characters.count == 24)
        #expect(e.droppedByLastInsert == 376)
        e.setText("")
        let changedAgain = e.insert("short")
        #expect(changedAgain)
        #expect(e.droppedByLastInsert == 0)
    }

    @Test func oneCharacterOfThousandsOfCombiningMarksIsBounded() {
        // "a" followed by 460,000 combining acute accents: one grapheme cluster.
        var s = String.UnicodeScalarView()
        s.append("a")
        s.append(contentsOf: repeatElement(Unicode.Scalar(0x301)!, count: 460_000))
        var e = TextEditor("", maxLength: 24)
        e.insert(String(s) + "b")
        #expect(e.characters.count == 2)
        #expect(e.characters[0].unicodeScalars.count == TextEditor.maxScalarsPerCharacter)
        #expect(e.text.unicodeScalars.count == TextEditor.maxScalarsPerCharacter + 1)
    }
}
