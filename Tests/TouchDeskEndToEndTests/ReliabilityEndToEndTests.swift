import Foundation
import Glibc
import Testing
import TouchDeskTestSupport

/// The window's ways to end other than Ctrl+Q: a signal, another program destroying the window,
/// the X server dying, and sizes no screen can hold. Each ends with one clear line and the window
/// size saved, never a raw Xlib error or a crash.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct ReliabilityEndToEndTests {
    static func savedSize(_ session: XSession) -> String {
        let file = session.home.appendingPathComponent(".local/state/touchdesk/window.json")
        return (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    }

    @Test("SIGTERM, SIGINT and SIGHUP end the program through its loop: status 128+N, one line, the window size saved")
    func signalsSaveAndExit() async throws {
        for (sig, name) in [(SIGTERM, "SIGTERM"), (SIGINT, "SIGINT"), (SIGHUP, "SIGHUP")] {
            let session = try await XSession(name: "signal-\(name)")
            defer { session.close() }
            let app = try await session.launch(["paint", "--size", "700x500"])
            kill(app.pid, sig)
            let status = await app.process.wait(timeout: 10)
            #expect(status == .exited(128 + sig), "\(name): \(String(describing: status)); \(app.log)")
            #expect(app.log.contains("stopped by \(name)"), "\(name): \(app.log)")
            let saved = Self.savedSize(session)
            #expect(saved.contains("700") && saved.contains("500"), "\(name): window.json is \(saved)")
        }
    }

    @Test("Another client destroying the window (xdotool windowclose): one clear line, status 1, no raw BadDrawable")
    func windowDestroyedByAnotherClient() async throws {
        let session = try await XSession(name: "window-destroyed")
        defer { session.close() }
        let app = try await session.launch(["maze", "--size", "640x480"])
        let r = await session.run("xdotool", ["windowclose", app.window])
        #expect(r.ok, "xdotool windowclose: \(r)")
        let status = await app.process.wait(timeout: 10)
        #expect(status == .exited(1), "\(String(describing: status)); \(app.log)")
        #expect(app.log.contains("closed by another program"), "\(app.log)")
        #expect(!app.log.contains("BadDrawable") && !app.log.contains("X Error"), "\(app.log)")
        #expect(await Self.savedSize(session).contains("640"), "\(Self.savedSize(session))")
    }

    @Test("The X server dying under the window: one line, status 1, the window size saved")
    func lostConnection() async throws {
        let session = try await XSession(name: "lost-server")
        defer { session.close() }
        let app = try await session.launch(["holes", "--size", "660x470"])
        session.killServer()
        let status = await app.process.wait(timeout: 10)
        #expect(status == .exited(1), "\(String(describing: status)); \(app.log)")
        #expect(app.log.contains("lost the connection to the X server"), "\(app.log)")
        let saved = Self.savedSize(session)
        #expect(saved.contains("660") && saved.contains("470"), "window.json is \(saved)")
    }

    @Test("A size larger than the screen (--size 16384x16384 on a 1280×1024 screen) opens at the screen's size and is saved so")
    func hugeSizeIsClampedToTheScreen() async throws {
        let session = try await XSession(name: "huge-size")
        defer { session.close() }
        let app = try await session.launch(["doubler", "--size", "16384x16384"])
        let g = try await app.geometry()
        #expect(g.width <= 1280 && g.height <= 1024, "\(g)")
        _ = try await app.key("ctrl+q")
        _ = await app.process.wait(timeout: 10)
        #expect(!app.log.contains("BadAlloc"), "\(app.log)")
        let saved = Self.savedSize(session)
        #expect(saved.contains("1280") && saved.contains("1024"), "window.json is \(saved)")
        // And starting again with that saved size works.
        let again = try await session.launch(["doubler"])
        #expect(again.isRunning, "\(again.log)")
    }
}
