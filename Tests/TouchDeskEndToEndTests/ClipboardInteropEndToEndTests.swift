import Foundation
import Testing
import TouchDeskTestSupport

/// Copy and paste between TouchDesk and another X program (xclip), through the X server's
/// CLIPBOARD and PRIMARY selections, as a person copying between windows would.
///
/// `xclip -i` stays running as the owner of the selection until another client takes it: each one
/// is started with `-quiet` (in the foreground, so its pid is the owner's) and stopped by that pid
/// at the end of its test, or by `XSession.close()` if the test fails first.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct ClipboardInteropEndToEndTests {
    typealias RGB = PixelColor
    static let success = RGB(hex: 0x3aa66b)

    /// Runs `xclip args` until its output satisfies `condition`, at most `timeout` seconds (the app
    /// takes the selection after the key event reaches it); returns the last output.
    static func xclip(_ session: XSession, _ args: [String], timeout: TimeInterval = 4,
                      until condition: (XSession.Output) -> Bool) async -> XSession.Output {
        var r = await session.run("xclip", args, timeout: 3)
        await wait(until: {
            r = await session.run("xclip", args, timeout: 3)
            return condition(r)
        }, timeout: timeout)
        return r
    }

    /// Starts `xclip -i` owning `selection` with exactly `text` (no newline, like `printf`), and
    /// waits until another client can read it back.
    static func own(_ session: XSession, _ selection: String, _ text: String) async throws -> ChildProcess {
        let file = session.root.appendingPathComponent("xclip-\(selection).txt")
        try Data(text.utf8).write(to: file)
        let owner = try session.start("xclip", ["-quiet", "-selection", selection, "-i", file.path], log: "xclip-\(selection)")
        let r = await xclip(session, ["-o", "-selection", selection]) { $0.ok && $0.stdout == text }
        try #require(r.ok && r.stdout == text, "xclip owns \(selection) with \(text): \(r); \(session.readLog("xclip-\(selection)"))")
        return owner
    }

    @Test("Ctrl+C in Temperature's °F field: xclip reads the text and the UTF8_STRING target")
    func copyToAnotherProgram() async throws {
        let session = try await XSession(name: "clipboard-copy-out")
        defer { session.close() }
        let app = try await session.launch(["temperature", "--size", "800x600"])
        _ = try await app.screenshot("start")
        // The °F field has focus from the start.
        try await app.key("minus", "1", "2", "period", "5", "ctrl+a", "ctrl+c")
        let out = await Self.xclip(session, ["-o", "-selection", "clipboard"]) { $0.ok && $0.stdout == "-12.5" }
        #expect(out.ok && out.stdout == "-12.5", "xclip -o -selection clipboard: \(out)")
        let targets = await session.run("xclip", ["-o", "-selection", "clipboard", "-t", "TARGETS"], timeout: 3)
        let names = targets.stdout.split(separator: "\n").map(String.init)
        #expect(targets.ok && names.contains("UTF8_STRING"), "TARGETS: \(targets)")
        #expect(names.contains("STRING"), "old clients can ask for Latin-1 STRING: \(targets)")
        // Nothing was selected in the window, so PRIMARY is the selected text (Ctrl+A selected it).
        let primary = await session.run("xclip", ["-o", "-selection", "primary"], timeout: 3)
        #expect(primary.ok && primary.stdout == "-12.5", "Ctrl+A's selection is PRIMARY: \(primary)")
        #expect(app.isRunning, "the app still runs: \(app.log)")
    }

    @Test("Text xclip put on the CLIPBOARD pastes into °C with Ctrl+V; Enter converts 21,5 °C to 70.7 °F")
    func pasteFromAnotherProgram() async throws {
        let session = try await XSession(name: "clipboard-paste-in")
        defer { session.close() }
        let app = try await session.launch(["temperature", "--size", "800x600"])
        let start = try await app.screenshot("start")
        let boxes = TextAppsEndToEndTests.fields(start)
        try #require(boxes.count == 3, "three fields in \(start.path): \(boxes)")
        let (f, c, k) = (boxes[0], boxes[1], boxes[2])
        let owner = try await Self.own(session, "clipboard", "21,5")
        defer { owner.stop() }

        try await app.click(Double(c.x + c.width / 2), Double(c.y + c.height / 2))
        try await app.key("ctrl+v")
        let cRegion = (x: c.x, y: c.y, width: c.width, height: c.height)
        let pasted = try await app.screenshot("pasted") { TextReading.find("21,5", size: 18, in: $0, region: cRegion).score < 0.3 }
        let read = TextReading.find("21,5", size: 18, in: pasted, region: cRegion)
        #expect(read.score < 0.3, "21,5 pasted into °C in \(pasted.path): \(read)")

        try await app.key("Return")
        let fRegion = (x: f.x, y: f.y, width: f.width, height: f.height)
        let done = try await app.screenshot("converted") { TextReading.find("70.7", size: 18, in: $0, region: fRegion).score < 0.3 }
        let result = TextReading.find("70.7", size: 18, in: done, region: fRegion)
        #expect(result.score < 0.3, "70.7 in the °F field of \(done.path): \(result)")
        #expect(TextReading.find("70.0", size: 18, in: done, region: fRegion).score > result.score + 0.1, "not 21 °C: the decimal comma counted")
        let message = (x: 0, y: k.y + k.height, width: done.width, height: 110)
        let biking = TextReading.find("Nice weather for biking", size: 20, bold: true, in: done, region: message)
        #expect(biking.score < 0.3, "\"Nice weather for biking\" in \(done.path): \(biking)")

        // The owner is still xclip: the app only asked it for the text.
        let still = await session.run("xclip", ["-o", "-selection", "clipboard"], timeout: 3)
        #expect(still.stdout == "21,5", "\(still)")
        await owner.stop()
        #expect(app.isRunning, "the app still runs: \(app.log)")
    }

    @Test("PRIMARY: text selected in Postal Codes reads in xclip; xclip's K7G 5T9 middle-click pastes and is valid")
    func primarySelection() async throws {
        let session = try await XSession(name: "clipboard-primary")
        defer { session.close() }
        let app = try await session.launch(["postal", "--size", "640x480"])
        let start = try await app.screenshot("start")
        let field = try #require(TextAppsEndToEndTests.fields(start).first, "a field in \(start.path)")
        let (fx, fy) = (Double(field.x + 30), Double(field.y + field.height / 2))
        let region = (x: field.x, y: field.y, width: field.width, height: field.height)
        let verdict = (field.x, field.y + field.height, field.width, 60)
        func green(_ img: PixelImage) -> Int { img.count(in: verdict) { $0.isClose(to: Self.success, tolerance: 20) } }

        // Select by double-clicking the text (one xdotool command, well inside the double-click time).
        try await app.key("A", "2", "K", "space", "4", "L", "8")
        try await app.pointer([.move(fx, fy), .down, .up, .down, .up])
        let out = await Self.xclip(session, ["-o", "-selection", "primary"]) { $0.ok && $0.stdout == "A2K 4L8" }
        #expect(out.ok && out.stdout == "A2K 4L8", "xclip -o -selection primary: \(out)")
        // Ctrl+C was never pressed: the CLIPBOARD is not the selection.
        #expect(await session.run("xclip", ["-o", "-selection", "clipboard"], timeout: 3).stdout != "A2K 4L8")

        // Another program selects K7G 5T9; Ctrl+L empties the field, a middle click pastes there.
        let owner = try await Self.own(session, "primary", "K7G 5T9")
        defer { owner.stop() }
        try await app.key("ctrl+l")
        let empty = try await app.screenshot("cleared") { TextReading.find("A2K 4L8", size: 18, in: $0, region: region).score > 0.3 }
        #expect(TextReading.find("A2K 4L8", size: 18, in: empty, region: region).score > 0.3, "the field was emptied: \(empty.path)")
        try await app.middleClick(fx, fy)
        let ok = try await app.screenshot("pasted") {
            TextReading.find("K7G 5T9", size: 18, in: $0, region: region).score < 0.3 && green($0) > 300
        }
        let typed = TextReading.find("K7G 5T9", size: 18, in: ok, region: region)
        #expect(typed.score < 0.3, "K7G 5T9 pasted into the field of \(ok.path): \(typed)")
        #expect(green(ok) > 300, "a green verdict in \(ok.path)")
        await owner.stop()

        // Selecting the text this app had selected before xclip took PRIMARY makes it ours again.
        try await app.key("ctrl+l", "A", "2", "K", "space", "4", "L", "8")
        try await app.pointer([.move(fx, fy), .down, .up, .down, .up])
        let again = await Self.xclip(session, ["-o", "-selection", "primary"]) { $0.ok && $0.stdout == "A2K 4L8" }
        #expect(again.ok && again.stdout == "A2K 4L8", "PRIMARY after selecting the same text again: \(again)")
        #expect(app.isRunning, "the app still runs: \(app.log)")
    }
}
