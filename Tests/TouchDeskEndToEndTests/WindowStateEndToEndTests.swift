import Foundation
import Testing
import TouchDeskTestSupport

/// The window opens at the size it had when it was last closed (kept in
/// $XDG_STATE_HOME/touchdesk/window.json); --size wins over it; a corrupt file is set aside.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct WindowStateEndToEndTests {
    @Test("The window reopens at the size it was closed at; --size overrides it; a corrupt file is set aside")
    func remembersTheWindowSize() async throws {
        let session = try await XSession(name: "window-state")
        defer { session.close() }
        let stateFile = session.home.appendingPathComponent(".local/state/touchdesk/window.json")

        let first = try await session.launch([])
        let g0 = try await first.geometry()
        #expect(g0.width == 900 && g0.height == 640, "first run opens at the default size: \(g0)")
        try await first.resize(700, 500)
        try await wait(until: { try await first.geometry().width == 700 }, timeout: 3, interval: 0.02)
        try await first.key("ctrl+q")
        #expect(await first.waitForExit(timeout: 5) == .exited(0))
        let saved = try String(contentsOf: stateFile, encoding: .utf8)
        #expect(saved.contains("700") && saved.contains("500"), "window.json after closing at 700x500: \(saved)")

        let second = try await session.launch([])
        let g1 = try await second.geometry()
        #expect(g1.width == 700 && g1.height == 500, "reopened at \(g1), expected the 700x500 it was closed at")
        try await second.key("ctrl+q")
        _ = await second.waitForExit(timeout: 5)

        let third = try await session.launch(["--size", "640x480"])
        let g2 = try await third.geometry()
        #expect(g2.width == 640 && g2.height == 480, "--size 640x480 gave \(g2)")
        try await third.key("ctrl+q")
        _ = await third.waitForExit(timeout: 5)

        try "{ not json".write(to: stateFile, atomically: true, encoding: .utf8)
        let fourth = try await session.launch([])
        let g3 = try await fourth.geometry()
        #expect(g3.width == 900 && g3.height == 640, "a corrupt window.json should give the default size, got \(g3)")
        #expect(FileManager.default.fileExists(atPath: stateFile.path + ".corrupt"), "the corrupt file was not set aside")
        #expect(fourth.log.contains("window.json could not be read"), "no message about the corrupt file: \(fourth.log)")
        try await fourth.key("ctrl+q")
        #expect(await fourth.waitForExit(timeout: 5) == .exited(0))
    }
}
