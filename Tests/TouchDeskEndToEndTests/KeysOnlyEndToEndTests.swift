import Foundation
import Testing
import TouchDeskPlaces
import TouchDeskTestSupport

/// Every app by keys alone, in the real window: from the home screen, its key opens it; Tab goes
/// through every control a screen reader lists as focusable (the focus events, read through
/// AT-SPI as Orca hears them, name each one reached); then a control is used by keys and the
/// change is checked in the app's state (the accessible tree) or its pixels; Esc goes home. One
/// X server and one app start serve four apps, so each costs a few seconds.
@Suite("Keys only, every app", .serialized, .timeLimit(.minutes(3)),
       .enabled(if: AccessibilityBus.missing == nil, Comment(rawValue: AccessibilityBus.missing ?? "")))
struct KeysOnlyEndToEndTests {
    /// The window, its session bus and a listener for focus events, started once per test.
    final class Run {
        let session: XSession
        let app: AppUnderTest
        let listener: ChildProcess

        init(_ name: String, setUp: (XSession) async throws -> Void = { _ in }) async throws {
            session = try await AccessibilityEndToEndTests.session(name)
            try await setUp(session)
            app = try await session.launch(["--size", "900x640"])
            _ = try await AccessibilityEndToEndTests.nodes(session)
            listener = try session.start("/usr/bin/python3", [AccessibilityBus.script, "listen", "170", "object:state-changed:focused"],
                                         log: "focus")
            guard await wait(until: { session.readLog("focus").contains("\"listening\"") }, timeout: 15) else {
                throw XSession.Failure("the focus listener never got ready: \(session.readLog("focus"))")
            }
        }

        func close() {
            listener.stop()
            session.close()
        }

        /// The names that gained the focus, in order.
        func gained() -> [String] {
            session.readLog("focus").split(separator: "\n").compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] }
                .filter { $0["type"] as? String == "object:state-changed:focused" && $0["detail1"] as? Int == 1 }
                .compactMap { $0["name"] as? String }
        }

        func nodes() async throws -> [[String: Any]] { try await AccessibilityEndToEndTests.nodes(session) }

        /// What Tab can reach on the screen shown: enabled, showing, focusable nodes.
        func focusable() async throws -> Set<String> {
            await Set(try nodes().filter { n in
                let s = n["states"] as? [String] ?? []
                return s.contains("focusable") && s.contains("showing") && s.contains("enabled")
            }.compactMap { $0["name"] as? String })
        }

        /// Opens an app by its home key, Tabs round every control (`pageStops` more Tabs for a web
        /// page's own links, which are the engine's, not ours), and returns the names Tab should
        /// have reached and those it did.
        func visit(key: String, title: String, waitForTree: TimeInterval = 5, pageStops: Int = 0) async throws -> (expected: Set<String>, reached: Set<String>) {
            let mark = gained().count
            try await app.key(key)
            guard try await app.waitForTitle("TouchDesk — \(title)") == "TouchDesk — \(title)" else {
                throw XSession.Failure("\(key) did not open \(title): \(try await app.title() ?? "")")
            }
            var expected: Set<String> = []
            _ = try await wait(until: {
                let all = try await nodes()
                guard AccessibilityEndToEndTests.named(all, role: "frame", "TouchDesk — \(title)") != nil else { return false }
                expected = try await focusable()
                return expected.count > 1
            }, timeout: waitForTree)
            // One Tab at a time, each answered by a focus event (none for the stop past the
            // last control, which shows no ring, nor in a web page: hence the short wait), until
            // every control listed was reached. Up to three times round the ring: on a loaded
            // machine a focus event can come after the short wait, and the next Tab is pressed
            // before it (a run beside two busy loops ended one stop short of Home).
            for _ in 0..<(3 * (expected.count + pageStops)) {
                let before = gained().count
                try await app.key("Tab")
                _ = await wait(until: { gained().count > before }, timeout: 0.8)
                if expected.isSubset(of: Set(gained().dropFirst(mark))) { break }
            }
            var reached: Set<String> = []
            _ = await wait(until: { reached = Set(gained().dropFirst(mark)); return expected.isSubset(of: reached) }, timeout: 3)
            return (expected, reached)
        }

        /// Tabs until `name` has the focus (at most `limit` presses).
        func tab(to name: String, limit: Int = 30) async throws {
            for _ in 0..<limit {
                let before = gained().count
                try await app.key("Tab")
                _ = await wait(until: { gained().count > before }, timeout: 0.8)
                if gained().count > before, gained().last == name { return }
            }
            throw XSession.Failure("Tab never reached \(name): \(gained().suffix(20))")
        }

        /// The first node with this role and name.
        func node(_ role: String, _ name: String) async throws -> [String: Any]? { AccessibilityEndToEndTests.named(try await nodes(), role: role, name) }

        /// Waits until the node's field `key` satisfies `test`; the last node read.
        @discardableResult
        func waitFor(_ role: String, _ name: String, timeout: Double = 5, _ test: @escaping ([String: Any]) -> Bool) async throws -> [String: Any]? {
            var n: [String: Any]?
            _ = try await wait(until: { n = try await node(role, name); return n.map(test) ?? false }, timeout: timeout)
            return n
        }

        /// Esc until the home screen shows (a field or panel takes one first).
        func goHome() async throws -> Bool {
            for _ in 0..<3 {
                try await app.key("Escape")
                if try await app.waitForTitle("TouchDesk", timeout: 1.5) == "TouchDesk" { return true }
            }
            return false
        }

        /// How many pixels (on a `step`-pixel grid) differ between two screenshots in a region.
        static func changed(_ a: PixelImage, _ b: PixelImage, in r: PixelImage.Region, step: Int = 3) -> Int {
            var n = 0
            for y in stride(from: r.y, to: r.y + r.height, by: step) {
                for x in stride(from: r.x, to: r.x + r.width, by: step) where a.at(Double(x), Double(y)).distance(to: b.at(Double(x), Double(y))) > 30 {
                    n += 1
                }
            }
            return n
        }
    }

    static let appArea: PixelImage.Region = (0, 44, 900, 596)

    func expectAllReached(_ r: (expected: Set<String>, reached: Set<String>), _ title: String) {
        #expect(r.expected.count > 1, "\(title): no focusable controls listed")
        #expect(r.expected.isSubset(of: r.reached), "\(title): Tab never reached \(r.expected.subtracting(r.reached).sorted()); reached \(r.reached.sorted())")
    }

    @Test("Keys only: Polygon, Mandelbrot, Accelerometer, Holes")
    func polygonToHoles() async throws {
        let run = try await Run("keys-only-1")
        defer { run.close() }
        let app = run.app

        await expectAllReached(try run.visit(key: "o", title: "Polygon"), "Polygon")
        try await run.tab(to: "Sides")
        let sides = try #require(try await run.node("slider", "Sides")?["value"] as? Double)
        try await app.key("Right")
        let more = try await run.waitFor("slider", "Sides") { $0["value"] as? Double == sides + 1 }
        #expect(more?["value"] as? Double == sides + 1, "Right on Sides: \(more ?? [:])")
        #expect(try await run.goHome())

        await expectAllReached(try run.visit(key: "m", title: "Mandelbrot"), "Mandelbrot")
        let limit = try #require(try await run.node("slider", "Iteration limit")?["value"] as? Double)
        try await run.tab(to: "Iter +")
        try await app.key("space")
        let doubled = try await run.waitFor("slider", "Iteration limit") { $0["value"] as? Double == limit * 2 }
        #expect(doubled?["value"] as? Double == limit * 2, "Space on Iter +: \(doubled ?? [:])")
        #expect(try await run.goHome())

        // Tilted by held arrows: the bubble and the readout move.
        await expectAllReached(try run.visit(key: "a", title: "Accelerometer"), "Accelerometer")
        try await run.tab(to: "Home")
        try await app.key("Tab")  // past the last stop: the keys are the app's again
        let level = try await app.screenshot("accelerometer-level")
        _ = await run.session.run("xdotool", ["keydown", "Right", "sleep", "0.6", "keyup", "Right"])
        let tilted = try await app.screenshot("accelerometer-tilted") { Run.changed(level, $0, in: Self.appArea) > 100 }
        #expect(Run.changed(level, tilted, in: Self.appArea) > 100, "holding Right changed nothing: \(level.path) → \(tilted.path)")
        #expect(try await run.goHome())

        // The ball rolls with the held arrow; Restart is pressed by Space.
        await expectAllReached(try run.visit(key: "h", title: "Holes"), "Holes")
        try await run.tab(to: "Restart")
        try await app.key("space", "Tab", "Tab")
        let still = try await app.screenshot("holes-still")
        _ = await run.session.run("xdotool", ["keydown", "Down", "sleep", "0.6", "keyup", "Down"])
        let rolled = try await app.screenshot("holes-rolled") { Run.changed(still, $0, in: Self.appArea) > 20 }
        #expect(Run.changed(still, rolled, in: Self.appArea) > 20, "holding Down moved nothing: \(still.path) → \(rolled.path)")
        #expect(try await run.goHome())
    }

    @Test("Keys only: Maze, Stick Man, Adding Images, Temperature")
    func mazeToTemperature() async throws {
        let run = try await Run("keys-only-2")
        defer { run.close() }
        let app = run.app

        await expectAllReached(try run.visit(key: "z", title: "Maze"), "Maze")
        try await app.key("g")  // a generated maze, whose blocks Clear takes away
        try await run.tab(to: "Clear")
        try await app.key("space")
        var cleared = false
        _ = try await wait(until: {
            cleared = try await run.nodes().contains { $0["role"] as? String == "status bar" && ($0["text"] as? String)?.hasPrefix("Cleared") == true }
            return cleared
        }, timeout: 5)
        #expect(cleared, "Space on Clear: no \"Cleared\" message")
        #expect(try await run.goHome())

        await expectAllReached(try run.visit(key: "s", title: "Stick Man"), "Stick Man")
        let wasChecked = await (try run.node("toggle button", "Hat")?["states"] as? [String] ?? []).contains("checked")
        try await run.tab(to: "Hat")
        try await app.key("space")
        let hat = try await run.waitFor("toggle button", "Hat") { (($0["states"] as? [String]) ?? []).contains("checked") != wasChecked }
        #expect(((hat?["states"] as? [String]) ?? []).contains("checked") != wasChecked, "Space on Hat: \(hat ?? [:])")
        #expect(try await run.goHome())

        // A layer square pressed by Space hides that layer: the picture changes (the ring stays put).
        await expectAllReached(try run.visit(key: "i", title: "Adding Images"), "Adding Images")
        // The squares are spoken as their captions read.
        try await run.tab(to: "1 Background")
        let before = try await app.screenshot("images-before")
        try await app.key("space")
        let after = try await app.screenshot("images-after") { Run.changed(before, $0, in: Self.appArea) > 200 }
        #expect(Run.changed(before, after, in: Self.appArea) > 200, "Space on a layer changed nothing: \(before.path) → \(after.path)")
        #expect(try await run.goHome())

        await expectAllReached(try run.visit(key: "t", title: "Temperature"), "Temperature")
        try await run.tab(to: "°F")
        try await app.key("2", "1", "2")
        try await run.tab(to: "Convert °F to °C and K")
        try await app.key("space")
        let celsius = try await run.waitFor("entry", "°C") { ($0["text"] as? String).flatMap(Double.init) == 100 }
        #expect((celsius?["text"] as? String).flatMap(Double.init) == 100, "°C after 212 °F: \(celsius ?? [:])")
        #expect(try await run.goHome())
    }

    @Test("Keys only: Doubler, Postal Codes, Web Pages, Sea Level")
    func doublerToSeaLevel() async throws {
        let run = try await Run("keys-only-3") { session in
            if DataCaches.reliefAvailable { try DataCaches.install(into: session.home.appendingPathComponent(".cache/touchdesk").path) }
        }
        defer { run.close() }
        let app = run.app

        await expectAllReached(try run.visit(key: "d", title: "Doubler"), "Doubler")
        try await run.tab(to: "Double ×2")
        try await app.key("space", "space")
        let number = try await run.waitFor("label", "Number") { $0["text"] as? String == "4, 2 to the power 2" }
        #expect(number?["text"] as? String == "4, 2 to the power 2", "Space twice on Double: \(number ?? [:])")
        #expect(try await run.goHome())

        // A code typed into the field is checked as it is typed: the field reads it, the verdict shows.
        await expectAllReached(try run.visit(key: "c", title: "Postal Codes"), "Postal Codes")
        let blank = try await app.screenshot("postal-blank")
        try await run.tab(to: "e.g. 77335 or K7G 5T9")
        try await app.key("7", "7", "3", "3", "5")
        let field = try await run.waitFor("entry", "e.g. 77335 or K7G 5T9") { $0["text"] as? String == "77335" }
        #expect(field?["text"] as? String == "77335", "\(field ?? [:])")
        let checked = try await app.screenshot("postal-checked") { Run.changed(blank, $0, in: Self.appArea) > 300 }
        #expect(Run.changed(blank, checked, in: Self.appArea) > 300, "no verdict drawn: \(blank.path) → \(checked.path)")
        #expect(try await run.goHome())

        // Tab goes from the address field through the start page's six links and on to Home
        // (Stop, there only while a page loads, is no Tab stop: Esc does it). Find, reached by
        // Tab and pressed by Space, opens the find bar and its field.
        await expectAllReached(try run.visit(key: "w", title: "Web Pages", waitForTree: 10, pageStops: 8), "Web Pages")
        try await run.tab(to: "Find")
        try await app.key("space")
        var findField = false
        _ = try await wait(until: {
            findField = try await run.nodes().contains { $0["role"] as? String == "entry" && ($0["name"] as? String)?.localizedCaseInsensitiveContains("find") == true }
            return findField
        }, timeout: 5)
        #expect(findField, "Space on Find opened no find field")
        #expect(try await run.goHome())

        if DataCaches.reliefAvailable {
            await expectAllReached(try run.visit(key: "e", title: "Sea Level", waitForTree: 20), "Sea Level")
            let level = try #require(try await run.node("slider", "Sea level")?["value"] as? Double)
            try await run.tab(to: "level")
            try await app.key("Up")
            let raised = try await run.waitFor("slider", "Sea level") { ($0["value"] as? Double).map { $0 > level } ?? false }
            #expect((raised?["value"] as? Double).map { $0 > level } == true, "Up on the level slider: \(raised ?? [:])")
            #expect(try await run.goHome())
        }
    }

    @Test("Map Search by keys: Tab from the field reaches the suggestions, Down moves, Enter picks",
          .enabled(if: WorldMap.isInstalled() && (try? GeoNamesSource.locate()) != nil, "needs marble-qt-data and scripts/data/places"))
    func mapListByTab() async throws {
        let run = try await Run("keys-only-map") { try MapEndToEndTests.seedCache($0) }
        defer { run.close() }
        let app = run.app
        await expectAllReached(try run.visit(key: "l", title: "Map Search", waitForTree: 10), "Map Search")
        let search = "Search places: Zürich, 東京, Londres…"
        try await run.tab(to: search)
        try await app.key("z", "u", "r")
        var items: [[String: Any]] = []
        _ = try await wait(until: { items = try await run.nodes().filter { $0["role"] as? String == "list item" }; return items.count > 1 }, timeout: 60)
        try #require(items.count > 1, "no suggestions for zur")
        try await run.tab(to: "Suggestions")
        _ = try await app.screenshot("map-list-focused")
        try await app.key("Down")
        var selected: String?
        _ = try await wait(until: {
            selected = try await run.nodes().first { $0["role"] as? String == "list item" && (($0["states"] as? [String]) ?? []).contains("selected") }?["name"] as? String
            return selected == items[1]["name"] as? String
        }, timeout: 5)
        #expect(selected == items[1]["name"] as? String, "Down on the list selected \(selected ?? "nothing")")
        try await app.key("Return")
        let picked = (selected ?? "").components(separatedBy: " (").first ?? ""
        let field = try await run.waitFor("entry", search) { $0["text"] as? String == picked }
        #expect(field?["text"] as? String == picked, "Enter on \(picked): \(field ?? [:])")
        #expect(await !(try run.nodes().contains { $0["role"] as? String == "list" }), "the list stayed open")
    }
}
