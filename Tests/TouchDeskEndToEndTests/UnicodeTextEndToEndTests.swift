import Foundation
import Testing
import TouchDeskTestSupport

/// Text in any script, typed into a real field through the real clipboard: the caret moves by
/// character (a grapheme cluster, whatever its bytes) and edits land where a person expects.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct UnicodeTextEndToEndTests {
    @Test("Latin, Hebrew and Chinese pasted from xclip into Postal Codes: arrows move by character, Backspace and Delete edit, Ctrl+A Ctrl+C reads it back")
    func mixedScriptsEditInAField() async throws {
        let session = try await XSession(name: "unicode-field")
        defer { session.close() }
        let app = try await session.launch(["postal", "--size", "800x600"])
        let before = try await app.screenshot("start")
        let pasted = "Zürich ציריך 苏黎世"
        let owner = try await ClipboardInteropEndToEndTests.own(session, "clipboard", pasted)
        defer { owner.stop() }
        // The field has the focus from the start; paste at the end.
        try await app.key("ctrl+v")
        // Bright text in the field's band: the placeholder is dim, the pasted text is not.
        func ink(_ img: PixelImage) -> Int { img.count(in: (x: 0, y: 44, width: 800, height: 120)) { ($0.r + $0.g + $0.b) / 3 > 200 } }
        let shown = try await app.screenshot("pasted") { ink($0) > ink(before) + 150 }
        #expect(ink(shown) > ink(before) + 150, "the pasted text shows: \(shown.path)")
        // From the end: three characters left is before 苏; Backspace takes the space before it.
        try await app.key("Left", "Left", "Left", "BackSpace")
        // From the start: one right is after Z; Delete takes the ü (two bytes, one character).
        try await app.key("Home", "Right", "Delete")
        try await app.key("ctrl+a", "ctrl+c")
        let expected = "Zrich ציריך苏黎世"
        let out = await ClipboardInteropEndToEndTests.xclip(session, ["-o", "-selection", "clipboard"]) { $0.ok && $0.stdout == expected }
        #expect(out.ok && out.stdout == expected, "the field holds \(out.stdout.debugDescription)")
        #expect(app.isRunning, "the app still runs: \(app.log)")
    }

    @Test("A 2 MB paste (xclip sends it in INCR pieces) fills the 32-character field to its limit")
    func aHugePasteArrivesAndIsCutToTheField() async throws {
        let session = try await XSession(name: "incr-paste")
        defer { session.close() }
        let app = try await session.launch(["postal", "--size", "800x600"])
        _ = try await app.screenshot("start")
        let big = String(repeating: "K7G 5T9 ", count: 262_144)
        let owner = try await ClipboardInteropEndToEndTests.own(session, "clipboard", big)
        defer { owner.stop() }
        try await app.key("ctrl+v")
        _ = try await app.screenshot("pasted")
        try await app.key("ctrl+a", "ctrl+c")
        let expected = String(big.prefix(32))
        let out = await ClipboardInteropEndToEndTests.xclip(session, ["-o", "-selection", "clipboard"]) { $0.ok && $0.stdout == expected }
        #expect(out.ok && out.stdout == expected, "the field holds \(out.stdout.prefix(80).debugDescription)")
        #expect(app.isRunning, "\(app.log)")
    }
}
