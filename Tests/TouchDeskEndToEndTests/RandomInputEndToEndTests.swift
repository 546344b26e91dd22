import Foundation
import Testing
import TouchDeskTestSupport

/// Every app in the real window survives a seeded "monkey": thousands of random XTEST events (pointer
/// moves, clicks, fast drags, right and middle clicks, wheel turns, keys and shortcuts, typed text
/// in several scripts) interleaved with resizes from 1×1 to 2500×1600, with no window manager.
/// `scripts/monkey.py` (python3-xlib) sends them from one process and, every 200 events, checks
/// that the main loop answers a _NET_WM_PING and that VmRSS stays under the bound. At the end the
/// app must still be open in the same app, draw, and quit on Ctrl+Q (D when it asks about unsaved
/// work) with status 0.
///
/// `TOUCHDESK_MONKEY_SEED` replays a failure (its seed is printed); `TOUCHDESK_MONKEY_EVENTS`
/// sets the events per app; `TOUCHDESK_MONKEY_APPS=web,map` runs only those apps. The default, 500, keeps the suite short (about 3 minutes for all
/// fifteen apps on 2 cores); the reliability issue's scale, 2000 per app, took 7 minutes 51 s.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct RandomInputEndToEndTests {
    static let allApps = ["paint", "polygon", "mandelbrot", "accelerometer", "holes", "maze", "spaceballs",
                          "stickman", "images", "temperature", "doubler", "postal", "web", "map", "globe"]

    /// The apps to run: all of them, or those `TOUCHDESK_MONKEY_APPS` names (comma-separated), to
    /// replay one app's failure without the other fourteen.
    static var apps: [String] {
        let wanted = (ProcessInfo.processInfo.environment["TOUCHDESK_MONKEY_APPS"] ?? "")
            .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        return wanted.isEmpty ? allApps : allApps.filter(wanted.contains)
    }

    /// The memory bound, in MB of resident memory. At 2000 events per app the most any app
    /// reached was 333 MB (Stick Man's layers at 2500×1600); Sea Level's relief, 245 MB.
    static let rssLimitMB = 600

    static var events: Int {
        Int(ProcessInfo.processInfo.environment["TOUCHDESK_MONKEY_EVENTS"] ?? "").flatMap { $0 > 0 ? $0 : nil } ?? 500
    }

    static func seed(for id: String) -> UInt64 {
        if let s = ProcessInfo.processInfo.environment["TOUCHDESK_MONKEY_SEED"], let v = UInt64(s) { return v }
        return id.utf8.reduce(7) { $0 &* 31 &+ UInt64($1) } % 1_000_000_007
    }

    /// scripts/monkey.py, found from this file's place in the repository.
    static var script: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts/monkey.py").path
    }

    /// Apps the monkey is known to freeze, and why; their failures are reported as known issues
    /// (the test still runs them, and says when they pass).
    /// Apps whose freezes are known and not yet fixed, with why (none now: Mandelbrot's, from
    /// redoing the whole picture on every pan, zoom and tap, was fixed by one restart per frame).
    static let knownFreezes: [String: String] = [:]

    @Test("A monkey of random input and resizes never closes, crashes, freezes or bloats an app", arguments: apps)
    func survivesTheMonkey(_ id: String) async throws {
        if let why = Self.knownFreezes[id] {
            await withKnownIssue(Comment(rawValue: why), isIntermittent: true) { try await monkey(id) }
        } else {
            try await monkey(id)
        }
    }

    func monkey(_ id: String) async throws {
        let session = try await XSession(name: "monkey-\(id)", screen: "2560x1600x24")
        defer { session.close() }
        // Web addresses typed at random must fail at once, not wait on the network.
        session.extraEnvironment = ["http_proxy": "http://127.0.0.1:9", "https_proxy": "http://127.0.0.1:9", "no_proxy": ""]
        let app = try await session.launch([id, "--size", "640x480"])
        let title = try #require(try await app.title())
        let seed = Self.seed(for: id)
        print("monkey \(id): seed \(seed), \(Self.events) events (TOUCHDESK_MONKEY_SEED=\(seed) replays it)")

        let started = Date()
        let run = await session.run("/usr/bin/python3", [Self.script, "--window", app.window, "--pid", String(app.pid),
                                                   "--seed", String(seed), "--events", String(Self.events),
                                                   "--rss-limit-mb", String(Self.rssLimitMB)],
                              timeout: 120 + Double(Self.events) * 0.1)
        print("monkey \(id): \(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) [\(String(format: "%.1f", Date().timeIntervalSince(started))) s]")
        #expect(run.ok, "monkey \(id), seed \(seed): \(run)\napp log: \(app.log)")
        #expect(app.isRunning, "\(id) died (seed \(seed)): \(app.log)")

        // Still the same app (no random key took it home), still drawing, still answering keys.
        // (Web Pages adds the page's title after its own: the app's part must stay.)
        let appTitle = title.components(separatedBy: " — ").prefix(2).joined(separator: " — ")
        #expect(await (try app.title())?.hasPrefix(appTitle) == true, "\(id) left its screen (seed \(seed))")
        let shot = try await app.screenshot("after", timeout: 5) { $0.width == 640 && $0.height == 480 && $0.distinctColors(limit: 40) >= 8 }
        #expect(shot.distinctColors(limit: 40) >= 8, "\(id) draws almost nothing after the monkey (seed \(seed)): \(shot.path)")
        #expect(!app.log.contains("Fatal error"), "\(id): \(app.log)")
        await session.run("xdotool", ["windowfocus", app.window], timeout: 3)
        try await app.key("ctrl+q")
        var ended = await app.waitForExit(timeout: 8)
        if ended == nil {
            // An app with unsaved work (a painting) asks first: "Don't save" is D.
            try await app.key("d")
            ended = await app.waitForExit(timeout: 10)
        }
        #expect(ended == .exited(0), "\(id) did not quit on Ctrl+Q after the monkey (seed \(seed)): \(String(describing: ended)); \(app.log)")
    }
}
