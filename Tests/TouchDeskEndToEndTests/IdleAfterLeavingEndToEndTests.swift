import Foundation
import Glibc
import Testing
import TouchDeskTestSupport

/// Leaving an app stops what it was doing: a second after going home the process uses no CPU,
/// whichever app it left; and after visiting every app the resident memory stays under a ceiling.
@Suite(.serialized, .timeLimit(.minutes(6)))
struct IdleAfterLeavingEndToEndTests {
    /// The home screen's key for each app, in home-screen order.
    static let apps: [(id: String, key: String)] = [
        ("paint", "p"), ("polygon", "o"), ("mandelbrot", "m"), ("accelerometer", "a"), ("holes", "h"), ("maze", "z"),
        ("spaceballs", "b"), ("stickman", "s"), ("images", "i"), ("temperature", "t"), ("doubler", "d"), ("postal", "c"),
        ("web", "w"), ("map", "l"), ("globe", "e"),
    ]

    /// User and system CPU time of `pid` so far, in clock ticks.
    static func cpuTicks(_ pid: pid_t) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        return user + system
    }

    /// Resident memory of `pid` in MB.
    static func residentMB(_ pid: pid_t) -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kb = Double(line.split(separator: " ").dropFirst().first ?? "") else { return nil }
        return kb / 1024
    }

    /// The share of one core `pid` used over `seconds`.
    static func cpuShare(_ pid: pid_t, over seconds: Double) async -> Double? {
        guard let before = cpuTicks(pid) else { return nil }
        await hold(for: seconds)
        guard let after = cpuTicks(pid) else { return nil }
        return Double(after - before) / Double(sysconf(Int32(_SC_CLK_TCK))) / seconds
    }

    @Test("Map Search and Sea Level, left the moment they open (their loads under way), leave the process idle: the step under way ends and nothing more runs")
    func loadsStopWhenLeftAtOnce() async throws {
        let session = try await XSession(name: "idle-after-leaving-at-once")
        defer { session.close() }
        try DataCaches.install(into: session.home.appendingPathComponent(".cache/touchdesk").path)
        let app = try await session.launch(["--size", "900x640"])
        var report: [String] = []
        for (id, key) in Self.apps where ["map", "globe"].contains(id) {
            try await app.key(key)
            // Map Search opens in its search field: the first Esc leaves the field, the second goes home.
            try await app.key("Escape")
            try await app.key("Escape")
            let home = try await app.waitForTitle("TouchDesk", timeout: 5)
            try #require(home == "TouchDesk", "\(id): two Escapes did not go home (title \(home ?? "none"))")
            // The loads stop between their steps, and a step under way ends first: on a quiet
            // machine that is within the first second; beside busy loops one step took longer
            // (Map Search at 17 % of a core a second after going home). So the process must get
            // quiet within 10 s (a whole load left running takes longer than that here) and then
            // stay quiet: nothing goes on behind the home screen.
            let left = Date()
            let quiet = await wait(until: { (await Self.cpuShare(app.pid, over: 0.5) ?? 0) <= 0.03 }, timeout: 10, interval: 0)
            let took = Date().timeIntervalSince(left)
            let share = try #require(await Self.cpuShare(app.pid, over: 2), "\(id): the process is gone: \(app.log)")
            report.append("\(id): quiet after \(String(format: "%.1f", took)) s, then \(Int((share * 100).rounded())) % of a core")
            #expect(quiet, "\(id): still busy 10 s after leaving it at once")
            #expect(share <= 0.03, "\(id): \(Int(share * 100)) % of a core once quiet, after leaving it at once")
        }
        print("idle after leaving at once: \(report.joined(separator: "; "))")
        #expect(app.isRunning, "\(app.log)")
    }

    @Test("Eight short visits in a row to Sea Level, then to Map Search, each left while it loads: what stays in memory is flat from the second (by the eighth, Sea Level under 20 MB more, Map Search under 40)")
    func memoryIsFlatOverShortVisits() async throws {
        let session = try await XSession(name: "memory-over-visits")
        defer { session.close() }
        try DataCaches.install(into: session.home.appendingPathComponent(".cache/touchdesk").path)
        let app = try await session.launch(["--size", "900x640"])
        /// Resident memory once the process is quiet (what a stopped or finishing load leaves
        /// behind, not what it holds while it runs), up to 20 s on a busy machine.
        func settledMB() async throws -> Double {
            await wait(until: { (await Self.cpuShare(app.pid, over: 0.5) ?? 0) <= 0.03 }, timeout: 20, interval: 0)
            return try #require(Self.residentMB(app.pid), "the process is gone: \(app.log)")
        }
        var report: [String] = []
        for (id, key) in Self.apps where ["globe", "map"].contains(id) {
            var settled: [Int: Double] = [:]
            var trend: [Int] = []
            for visit in 1...8 {
                try await app.key(key)
                // Long enough to start the loads and draw a frame or two, short enough to leave them under way.
                await hold(for: 0.6)
                try await app.key("Escape")
                try await app.key("Escape")
                let home = try await app.waitForTitle("TouchDesk", timeout: 5)
                try #require(home == "TouchDesk", "\(id), visit \(visit): two Escapes did not go home (title \(home ?? "none"))")
                // Quiet after visits 2, 3, 7 and 8; visits 4 to 7 follow each other at once, each
                // opened while the last one's stopped load may still be ending.
                if [2, 3, 7, 8].contains(visit) { settled[visit] = try await settledMB() }
                if visit >= 2 { trend.append(Int(try #require(Self.residentMB(app.pid)))) }
            }
            let early = min(settled[2] ?? 0, settled[3] ?? 0), late = min(settled[7] ?? 0, settled[8] ?? 0)
            report.append("\(id): quiet after visits 2, 3, 7, 8: \([2, 3, 7, 8].map { String(Int(settled[$0] ?? 0)) }.joined(separator: ", ")) MB (after each from the second: \(trend.map(String.init).joined(separator: " ")))")
            // A load started beside a stopped one, or a build abandoned and not freed, grew Sea
            // Level by 80 MB a visit from a cold cache (docs/testing.md). Map Search's labels and
            // country outlines come and go with a visit (about 20 MB, freed when left, sometimes
            // still held when it is measured), so what is compared is the least of two quiet
            // readings: what stays. From the second visit to the eighth Sea Level grows by under
            // 20 MB (the issue's figure; it stays flat); Map Search under 40: beside two busy
            // loops its least readings went 207 → 231 MB once (the afternoon issue stays open on it).
            let bound = id == "map" ? 40.0 : 20.0
            #expect(late - early < bound, "\(id): \(Int(early)) MB after visits 2–3, \(Int(late)) MB after visits 7–8")
        }
        print("memory over short visits: \(report.joined(separator: "; "))")
        #expect(app.isRunning, "\(app.log)")
    }

    @Test("Every app, left for the home screen after two seconds of use, leaves the process idle within a second; resident memory after visiting all of them stays under 400 MB (the afternoon issue's ceiling for the whole tree)")
    func everyAppGoesIdleWhenLeft() async throws {
        let session = try await XSession(name: "idle-after-leaving")
        defer { session.close() }
        // The caches a second start finds (built here they take seconds: a first start's work).
        try DataCaches.install(into: session.home.appendingPathComponent(".cache/touchdesk").path)
        let app = try await session.launch(["--size", "900x640"])
        var report: [String] = []
        for (id, key) in Self.apps {
            try await app.key(key)
            // Use it a little: a click in the middle and a drag (a stroke, a turn, a pan).
            try await app.drag([(450, 330), (520, 380)])
            await hold(for: 1)
            // What the app loads on opening (the map's layers, the globe's relief) finishes first, up
            // to 12 s: this test is about work left running after leaving, not about how long a load
            // takes on a busy machine. Apps that animate while shown never get quiet; they leave at 12 s.
            await wait(until: { (await Self.cpuShare(app.pid, over: 0.5) ?? 0) <= 0.05 }, timeout: 11, interval: 0)
            try await app.key("Escape")
            // Esc may first close something inside the app (a dialog, a field): a second one goes home.
            await hold(for: 0.2)
            try await app.key("Escape")
            // Measured only once home: a key a page or field kept would leave the app open and the
            // next app's key typed into it.
            let home = try await app.waitForTitle("TouchDesk", timeout: 5)
            try #require(home == "TouchDesk", "\(id): two Escapes did not go home (title \(home ?? "none"))")
            await hold(for: 1)
            let share = try #require(await Self.cpuShare(app.pid, over: 1), "\(id): the process is gone: \(app.log)")
            report.append("\(id) \(Int((share * 100).rounded())) %")
            #expect(share <= 0.03, "\(id): \(Int(share * 100)) % of a core a second after going home")
        }
        let rss = try #require(Self.residentMB(app.pid))
        print("idle after leaving: \(report.joined(separator: ", ")); resident after visiting every app: \(Int(rss)) MB")
        #expect(rss < 400, "resident memory after visiting every app: \(Int(rss)) MB")
        #expect(app.isRunning, "\(app.log)")
    }
}
