import Testing
@testable import TouchDeskModels

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

    @Test("The depth check of a journey's step decides by the leading digit where it can, and agrees with the exact comparison")
    func journeyDepthCheck() throws {
        // scripts/fuzz journey: a 240-step journey took 29 s in a debug build, each step comparing
        // the width exactly with 1e-1000. The quick answer must be the exact one.
        let widths = ["1e-1000", "9.99e-1001", "1.0000000001e-1000", "1e-999", "3e-500", "1", "9.99", "10", "12", "12.000001", "99", "100"]
        for text in widths {
            let w = try DecimalNumber.parse(text)
            let exact = w >= MandelbrotWindow.minWidth && w <= DecimalNumber(MandelbrotWindow.maxSpan)
            #expect(MandelbrotWindow.allows(w) == exact, "\(text)")
        }
        // A journey like the fuzzer's opens, 100 quadrants deep.
        let steps = Array(repeating: [1, 2, 3, 4], count: 25).flatMap { $0 }
        let model = try MandelbrotModel(journey: steps)
        #expect(model.journey?.count == 100)
    }
}
