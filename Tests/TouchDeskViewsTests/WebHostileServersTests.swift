import Foundation
import Testing
import TouchDeskInterface
import TouchDeskTestSupport
@testable import AppWebPages
import TouchDeskWeb
@testable import TouchDeskToolkit

/// Hostile servers, each a real HTTP server on 127.0.0.1 (`LocalServer`): a redirect loop,
/// slowloris servers that dribble the headers or the body a byte every two seconds, an endless
/// chunked body, a gzip decompression bomb (1 GiB of zeros sent as 1 MB) and a page in UTF-7.
/// For each the window keeps answering, the page ends with a clear message (the time to it and the
/// largest process are printed), memory stays bounded, and Stop and a new address bring a plain
/// page back.
@Suite("Web Pages: hostile servers", .serialized, .timeLimit(.minutes(4)))
struct WebHostileServersTests {
    let sandbox = Sandbox()
    /// Shorter than the app's own 30 s, so the slowloris cases end in seconds.
    static let timeoutSeconds = 4
    /// Lower than the app's own, as in the hostile pages' test.
    static let limitMB = 400

    func start() throws -> (WebApp, LocalServer) {
        let server = try LocalServer(files: ["ok.html": Array("<html><head><title>OK</title></head><body>fine</body></html>".utf8)])
        let app = WebApp(environment: sandbox.environment)
        app.memoryLimitMB = Self.limitMB
        app.loadTimeoutSeconds = Self.timeoutSeconds
        app.layout(in: Size(1000, 700), scale: 1)
        app.open(try WebURL(string: server.url("/ok.html")))
        app.finishLoading()
        return (app, server)
    }

    struct Watch {
        var seconds = 0.0, slowestTick = 0.0, helperMB = 0.0
        /// The largest resident memory seen of each kind of process under the helper (by name).
        var largest: [String: Double] = [:]
        var largestMB: Double { largest.values.max() ?? 0 }
        var summary: String {
            "after \(String(format: "%.1f", seconds)) s; slowest tick \(Int(slowestTick * 1000)) ms; largest RSS: helper \(Int(helperMB)) MB, "
                + largest.sorted { $0.key < $1.key }.map { "\($0.key) \(Int($0.value)) MB" }.joined(separator: ", ")
        }
    }

    static func ownResidentMB(_ pid: pid_t) -> Double {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kb = Double(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
        return kb / 1024
    }

    /// Resident memory in MB of the processes under `pid`, the largest of each name.
    static func residentByKind(under pid: pid_t) -> [String: Double] {
        var children: [pid_t: [pid_t]] = [:]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let p = pid_t(entry), let stat = try? String(contentsOfFile: "/proc/\(p)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
            if fields.count > 1, let parent = pid_t(fields[1]) { children[parent, default: []].append(p) }
        }
        var out: [String: Double] = [:], queue = children[pid] ?? []
        while let p = queue.popLast() {
            queue += children[p] ?? []
            let name = ((try? String(contentsOfFile: "/proc/\(p)/comm", encoding: .utf8)) ?? "?").trimmingCharacters(in: .whitespacesAndNewlines)
            out[name] = max(out[name] ?? 0, ownResidentMB(p))
        }
        return out
    }

    /// Runs the window's loop (ticks, as the host does) until `done` or `limit` seconds, measuring
    /// the slowest tick and the largest resident memory of the helper and of each process under it.
    func watch(_ app: WebApp, limit: Double, until done: () -> Bool) throws -> Watch {
        let helper = try #require(app.enginePID)
        var w = Watch()
        let start = WebEngine.now()
        while WebEngine.now() - start < limit, !done() {
            let t = WebEngine.now()
            _ = app.tick()
            w.slowestTick = max(w.slowestTick, WebEngine.now() - t)
            for (kind, mb) in Self.residentByKind(under: helper) { w.largest[kind] = max(w.largest[kind] ?? 0, mb) }
            w.helperMB = max(w.helperMB, Self.ownResidentMB(helper))
            usleep(20_000)
        }
        w.seconds = WebEngine.now() - start
        return w
    }

    /// Stop, then a plain page: it loads.
    func recovers(_ app: WebApp, _ server: LocalServer, _ name: String) throws {
        app.stop()
        app.open(try WebURL(string: server.url("/ok.html")))
        app.finishLoading(timeout: 20)
        if app.stoppedReason != nil {
            app.reload()
            app.finishLoading(timeout: 20)
        }
        #expect(app.pageTitle == "OK", "\(name): after Stop a new address loads (\(app.page.statusText))")
        #expect(app.stoppedReason == nil)
    }

    func noticeText(_ app: WebApp) -> String { app.page.notice?.text ?? "" }

    @Test("a redirect loop ends at once with a message (WebKit follows 20 redirections)")
    func redirectLoop() throws {
        let (app, server) = try start()
        app.open(try WebURL(string: server.url("/loop")))
        let w = try watch(app, limit: 20) { !app.page.isLoading && !app.page.awaitingLoad && app.page.notice != nil }
        print("hostile server, redirect loop: “\(noticeText(app))” \(w.summary)")
        #expect(noticeText(app) == "Load cannot follow more than 20 redirections", "\(noticeText(app))")
        #expect(w.slowestTick < blockedTick)
        try recovers(app, server, "redirect loop")
    }

    @Test("slowloris headers: the first-answer timeout ends the load with a message; the window answers throughout")
    func dribbledHeaders() throws {
        let (app, server) = try start()
        app.open(try WebURL(string: server.url("/dribble-headers")))
        let w = try watch(app, limit: 20) { app.page.notice != nil }
        print("hostile server, headers a byte every 2 s: “\(noticeText(app))” \(w.summary)")
        #expect(noticeText(app) == "The server did not answer within \(Self.timeoutSeconds) seconds.")
        // Not before the timeout (the end itself is the message above, within the watch's limit).
        #expect(w.seconds > Double(Self.timeoutSeconds) - 1)
        app.finishLoading(timeout: 5)
        #expect(!app.page.isLoading)
        #expect(app.pageTitle == "The page took too long", "our error page in the views")
        #expect(w.slowestTick < blockedTick)
        try recovers(app, server, "slowloris headers")
    }

    @Test("slowloris body: the page shows what came and is stopped after twice the timeout, with a message")
    func dribbledBody() throws {
        let (app, server) = try start()
        app.open(try WebURL(string: server.url("/dribble-body")))
        let w = try watch(app, limit: 30) { app.page.notice != nil }
        print("hostile server, body a byte every 2 s: “\(noticeText(app))” \(w.summary)")
        #expect(noticeText(app).hasPrefix("The server was still sending the page after \(2 * Self.timeoutSeconds) seconds"), "\(noticeText(app))")
        #expect(w.seconds > Double(2 * Self.timeoutSeconds) - 1, "not before twice the timeout")
        #expect(app.pageTitle == "Dribble", "what came is shown")
        app.finishLoading(timeout: 5)
        #expect(!app.page.isLoading, "the load has ended")
        #expect(w.slowestTick < blockedTick)
        try recovers(app, server, "slowloris body")
    }

    @Test("Esc stops a dribbling page at once; leaving Web Pages ends the engine, and the page loads again on return")
    func escapeAndLeaving() throws {
        let (app, server) = try start()
        app.open(try WebURL(string: server.url("/dribble-body")))
        _ = try watch(app, limit: 10) { app.pageTitle == "Dribble" }
        #expect(app.page.isLoading)
        #expect(app.takesEscape)
        #expect(app.handle(.key(Key("Escape"))))
        #expect(!app.page.isLoading)
        #expect(noticeText(app).hasPrefix("Stopped loading"), "\(noticeText(app))")
        // Nothing more comes: no late timeout message for the stopped load.
        _ = try watch(app, limit: Double(2 * Self.timeoutSeconds) + 2) { false }
        #expect(noticeText(app).hasPrefix("Stopped loading"), "\(noticeText(app))")
        #expect(!app.page.isLoading)

        app.open(try WebURL(string: server.url("/dribble-headers")))
        _ = try watch(app, limit: 1.5) { false }
        #expect(app.page.isLoading)
        app.didLeave()
        #expect(!app.page.isLoading, "leaving stops the load")
        #expect(app.enginePID == nil, "leaving ends the engine: nothing of the load goes on")
        // Back in Web Pages: the page asked for loads again, in a new engine.
        _ = app.handle(.hover(Point(500, 400)))
        #expect(app.enginePID != nil && app.page.isLoading)
        try recovers(app, server, "Esc and leaving")
    }

    @Test("an endless chunked body: memory stays bounded and the page ends with a message")
    func endlessBody() throws {
        let (app, server) = try start()
        app.open(try WebURL(string: server.url("/endless")))
        let w = try watch(app, limit: 40) { app.stoppedReason != nil || app.page.notice != nil }
        let outcome = app.stoppedReason ?? noticeText(app)
        print("hostile server, endless chunked body: “\(outcome)” \(w.summary)")
        #expect(!outcome.isEmpty, "a message within 40 s")
        // The bound ends a web process past 1.5 × the limit at its next look, a tenth of a second on.
        #expect(w.largestMB < Double(Self.limitMB) * 1.75)
        #expect(w.slowestTick < blockedTick)
        try recovers(app, server, "endless body")
    }

    @Test("a gzip bomb (1 GiB of zeros in 1 MB): memory stays bounded, the page ends with a message or shows")
    func decompressionBomb() throws {
        let (app, server) = try start()
        app.open(try WebURL(string: server.url("/bomb")))
        let w = try watch(app, limit: 60) {
            app.stoppedReason != nil || app.page.notice != nil || (!app.page.isLoading && !app.page.awaitingLoad)
        }
        let outcome = app.stoppedReason ?? app.page.notice?.text ?? "shown, title “\(app.pageTitle)”"
        print("hostile server, gzip bomb: “\(outcome)” \(w.summary)")
        #expect(w.seconds < 60, "an end within the watch's minute")
        #expect(w.largestMB < Double(Self.limitMB) * 1.75)  // as above: 1.5 × and one look
        #expect(w.helperMB < 400)
        #expect(w.slowestTick < blockedTick)
        try recovers(app, server, "gzip bomb")
    }

    @Test("a page in UTF-7 is not decoded as UTF-7: its +ADw-script+AD4- does not run (the same script in ASCII does)")
    func utf7() throws {
        let (app, server) = try start()
        app.open(try WebURL(string: server.url("/ascii-script")))
        app.finishLoading()
        #expect(app.pageTitle == "a script ran", "scripts are on: the control page's script ran")
        app.open(try WebURL(string: server.url("/utf7")))
        app.finishLoading()
        #expect(app.currentAddress == server.url("/utf7"))
        #expect(app.pageTitle == "Not run")
    }
}
