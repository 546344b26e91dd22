import Foundation
import Testing
import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskPlaces
import TouchDeskTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// TouchDesk under the real screen reader: Debian's Orca on a private session bus (what
/// `dbus-run-session` gives, at-spi2-core activated on it), with no speech server: everything it
/// would say goes to its debug log as `SPEECH OUTPUT: '…'` lines, which these tests read. The
/// same keys go to a small GTK 3 window doing the same things (`scripts/gtk-twin.py`), and what
/// Orca says there is what it must say for TouchDesk.
@Suite("A screen reader (Orca) hears TouchDesk as it hears GTK", .serialized, .timeLimit(.minutes(5)),
       .enabled(if: ScreenReader.missing == nil, Comment(rawValue: ScreenReader.missing ?? "")))
struct ScreenReaderEndToEndTests {
    /// One step of a scenario: the keys, and what Orca must say after them (any utterance since the keys
    /// were sent that satisfies `heard`).
    struct Step {
        let what: String
        let keys: [String]
        let heard: (String) -> Bool
        /// A second utterance the step must hear too, if any.
        var also: ((String) -> Bool)? = nil
    }

    /// Sends each step's keys and waits (bounded) for Orca to say what the step expects; returns the
    /// steps it never heard, with what Orca said after their keys.
    static func play(_ steps: [Step], _ orca: ScreenReader, _ session: XSession) async -> [String] {
        var missed: [String] = []
        for step in steps {
            let before = orca.spoken().count
            for k in step.keys {
                await session.run("xdotool", ["key", "--delay", "120", k], timeout: 10)
                try? await Task.sleep(for: .milliseconds(150))
            }
            let heard = await wait(until: {
                let said = orca.spoken().dropFirst(before)
                return said.contains(where: step.heard) && step.also.map { said.contains(where: $0) } != false
            }, timeout: 8, interval: 0.1)
            if !heard { missed.append("\(step.what): heard \(Array(orca.spoken().dropFirst(before)))") }
        }
        return missed
    }

    /// Temperature's steps, for TouchDesk and for the GTK window alike: the window named as it
    /// opens is checked before; typing echoes each character, Left speaks the character it lands
    /// on, and Tab onto the °C entry reads its value and that it is selected, as Tab selects an
    /// entry's text (GTK: "100.0", "selected"; TouchDesk: "°C entry 100.0.", "selected").
    ///
    /// TouchDesk's result line is live: "212" typed, it says the result as a notification. Beside
    /// busy loops that notification once came as Left was pressed, and Orca then spoke it and not
    /// the character Left landed on; so for TouchDesk the third key's step also waits for it, and
    /// Left is pressed after it (what each key must say is unchanged).
    static func temperatureSteps(convert: String, liveResult: Bool = false) -> [Step] {
        [Step(what: "typing 2", keys: ["2"], heard: { $0 == "2" }),
         Step(what: "typing 1", keys: ["1"], heard: { $0 == "1" }),
         Step(what: "typing 2 again", keys: ["2"], heard: { $0 == "2" },
              also: liveResult ? { $0.contains("212.0 °F = 100.0 °C") } : nil),
         Step(what: "Left onto the last 2", keys: ["Left"], heard: { $0 == "2" }),
         Step(what: "Tab, Tab, Tab onto °C (after converting)", keys: [convert, "Tab", "Tab", "Tab"], heard: { $0.split(separator: " ").contains { $0.hasPrefix("100") } && !$0.contains("°F") }, also: { $0 == "selected" })]
    }

    @Test("Temperature: the window is named as it opens, typing echoes, the caret speaks, Tab reads °C's value selected, as in a GTK 3 window; the home tiles speak")
    func temperatureAsInGTK() async throws {
        // The GTK window first: what Orca says there is the measure.
        let gtk = try await AccessibilityEndToEndTests.session("orca-gtk")
        defer { gtk.close() }
        let orcaForGTK = try await ScreenReader.start(gtk)
        _ = try gtk.start("/usr/bin/python3", [ScreenReader.twin], log: "twin")
        let gtkOpened = await wait(until: { ScreenReader.follows(orcaForGTK, "GTK — Temperature") }, timeout: 60)
        try #require(gtkOpened, "Orca never named the GTK window: \(orcaForGTK.spoken()) \(gtk.readLog("twin"))")
        let gtkMissed = await Self.play(Self.temperatureSteps(convert: "Return"), orcaForGTK, gtk)
        try #require(gtkMissed.isEmpty, "Orca under GTK (the measure) did not say: \(gtkMissed)")

        let session = try await AccessibilityEndToEndTests.session("orca-temperature")
        defer { session.close() }
        let orca = try await ScreenReader.start(session)
        let app = try await session.launch(["temperature"])
        let opened = await wait(until: { orca.spoken().contains("TouchDesk — Temperature frame.") }, timeout: 60)
        #expect(opened, "Orca never named the window as it opened: \(orca.spoken())")
        let missed = await Self.play(Self.temperatureSteps(convert: "ctrl+r", liveResult: true), orca, session)
        #expect(missed.isEmpty, "Orca did not say, as it does for GTK: \(missed)")
        // The result line changed with Ctrl+R: Orca 43 hears it as a notification.
        #expect(orca.spoken().contains { $0.contains("212.0 °F = 100.0 °C") }, "the result line was not spoken: \(orca.spoken())")
        // Home: the tile the arrows move to is spoken as a focused button.
        let home = await Self.play([Step(what: "Esc to the home screen", keys: ["Escape"], heard: { $0.hasPrefix("Temperature push button") }),
                              Step(what: "Right to the next tile", keys: ["Right"], heard: { $0.hasPrefix("Doubler push button") })], orca, session)
        #expect(home.isEmpty, "Orca did not speak the tiles: \(home)")
        #expect(app.isRunning)
    }

    @Test("Map Search: Down in the search field speaks the suggestion it moves to, as Down in a GTK list does",
          .enabled(if: WorldMap.isInstalled() && (try? GeoNamesSource.locate()) != nil, "needs marble-qt-data and scripts/data/places"))
    func mapSuggestionsSpeak() async throws {
        // The measure: in the GTK window, Down on its list of places speaks the row it moves to.
        let gtk = try await AccessibilityEndToEndTests.session("orca-gtk-list")
        defer { gtk.close() }
        let orcaForGTK = try await ScreenReader.start(gtk)
        _ = try gtk.start("/usr/bin/python3", [ScreenReader.twin], log: "twin")
        try #require(await wait(until: { ScreenReader.follows(orcaForGTK, "GTK — Temperature") }, timeout: 60), "\(orcaForGTK.spoken())")
        let gtkMissed = await Self.play([Step(what: "Tab to the search field, P", keys: ["Tab", "Tab", "Tab", "Tab", "P"], heard: { $0 == "P" }),
                                   Step(what: "Tab to the list", keys: ["Tab"], heard: { $0.hasPrefix("Paris, Île-de-France") }),
                                   Step(what: "Down", keys: ["Down"], heard: { $0.hasPrefix("Paris, Texas") })], orcaForGTK, gtk)
        try #require(gtkMissed.isEmpty, "Orca under GTK (the measure) did not say: \(gtkMissed)")

        let session = try await AccessibilityEndToEndTests.session("orca-map")
        defer { session.close() }
        try MapEndToEndTests.seedCache(session)
        let orca = try await ScreenReader.start(session)
        let app = try await session.launch(["map", "--size", "900x640"])
        #expect(await wait(until: { orca.spoken().contains("TouchDesk — Map Search frame.") }, timeout: 60), "\(orca.spoken())")
        try await app.key("ctrl+l")
        await session.run("xdotool", ["type", "--delay", "120", "Pari"], timeout: 10)
        var rows: [String] = []
        _ = try await wait(until: {
            rows = try await AccessibilityEndToEndTests.nodes(session).filter { $0["role"] as? String == "list item" }.compactMap { $0["name"] as? String }
            return rows.count > 1
        }, timeout: 60, interval: 0.3)
        try #require(rows.count > 1, "no suggestions for Pari")
        let missed = await Self.play([Step(what: "Down to the first row", keys: ["Down"], heard: { $0.hasPrefix(rows[0]) }),
                                Step(what: "Down to the second row", keys: ["Down"], heard: { $0.hasPrefix(rows[1]) }),
                                Step(what: "Up back to the first", keys: ["Up"], heard: { $0.hasPrefix(rows[0]) })], orca, session)
        #expect(missed.isEmpty, "Orca did not speak the rows \(rows.prefix(2)): \(missed)")
    }
}

extension ScreenReaderEndToEndTests {
    @Test("The file dialog: its list of files is named as it opens, and Down and Up speak each file")
    func fileDialogRowsSpeak() async throws {
        let session = try await AccessibilityEndToEndTests.session("orca-files")
        defer { session.close() }
        let pictures = session.home.appendingPathComponent("Pictures")
        try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
        let white = ImageSurface.render(size: Size(30, 20), format: .rgb) { $0.fill(Rect(x: 0, y: 0, width: 30, height: 20), Color(1, 1, 1)) }
        for name in ["alpha", "beta", "gamma"] { try white.pngData().write(to: pictures.appendingPathComponent(name + ".png")) }
        let orca = try await ScreenReader.start(session)
        let app = try await session.launch(["paint", "--size", "800x600"])
        // Before the keys: the window shown and Orca following it. Orca names the window as it
        // opens (the Temperature test holds it to that, as GTK's), but once beside busy loops it
        // said nothing of this one for 60 s and then spoke every file below: so here the name is
        // waited for, not required; what this test asks of the dialog follows.
        _ = try await app.waitForTitle("TouchDesk — Paintbrush", timeout: 30)
        let named = await wait(until: { orca.spoken().contains { $0.hasPrefix("TouchDesk — Paintbrush") && $0.hasSuffix(" frame.") } }, timeout: 30)
        if !named { print("orca-files: Orca had not named the window after 30 s: \(orca.spoken())") }
        let missed = await Self.play([Step(what: "Ctrl+O", keys: ["ctrl+o"], heard: { $0 == "alpha.png." }),
                                Step(what: "Down", keys: ["Down"], heard: { $0 == "beta.png." }),
                                Step(what: "Down again", keys: ["Down"], heard: { $0 == "gamma.png." }),
                                Step(what: "Up", keys: ["Up"], heard: { $0 == "beta.png." })], orca, session)
        #expect(missed.isEmpty, "Orca did not speak the files: \(missed)")
        #expect(orca.spoken().contains("Files."), "the list was not named: \(orca.spoken())")
    }
}

/// Debian's Orca, started on a test session's bus with no speech server and its debug log on.
struct ScreenReader {
    static let twin = URL(fileURLWithPath: AccessibilityBus.script).deletingLastPathComponent().appendingPathComponent("gtk-twin.py").path
    /// Orca with its debug log written line by line (it never flushes it otherwise).
    static let lineLog = URL(fileURLWithPath: AccessibilityBus.script).deletingLastPathComponent().appendingPathComponent("orca-line-log.py").path

    /// Why the tests cannot run here, or nil when they can.
    static let missing: String? = {
        if let why = AccessibilityBus.missing { return why }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/orca") else {
            return "Orca is not installed (scripts/setup installs it for the tests: apt-get install orca)"
        }
        if (try? XSession.tool("openbox")) == nil { return "openbox is not installed (apt-get install openbox)" }
        let r = XSession.runTool("/usr/bin/python3", ["-c", "import gi; gi.require_version('Gtk', '3.0'); from gi.repository import Gtk"],
                                 environment: nil, timeout: 20)
        return r.ok ? nil : "GTK 3 for Python is not installed (python3-gi, gir1.2-gtk-3.0): \(r.stderr.prefix(200))"
    }()

    let log: URL

    /// Starts a window manager (which gives a new window the focus, as a desktop does) and Orca in
    /// `session`, and waits until Orca says it is on.
    /// Orca follows the GTK twin (the measure): it named its window, or, when the window came up
    /// while Orca was still starting (under load it then misses the window's activation), it read
    /// the entry the window opened with ("°F text."). TouchDesk's own windows must be named.
    static func follows(_ orca: ScreenReader, _ window: String) -> Bool {
        orca.spoken().contains { $0 == "\(window) frame." || $0 == "°F text." }
    }

    static func start(_ session: XSession) async throws -> ScreenReader {
        try await session.startWindowManager()
        let prefs = session.root.appendingPathComponent("orca-prefs")
        try FileManager.default.createDirectory(at: prefs, withIntermediateDirectories: true)
        // No speech server (what is said is only logged), no first-start questions.
        try #"{"general": {"speechServerFactory": "", "firstStart": false}, "profiles": {"default": {"profile": ["Default", "default"]}}, "pronunciations": {}, "keybindings": {}}"#
            .write(to: prefs.appendingPathComponent("user-settings.conf"), atomically: true, encoding: .utf8)
        let orca = ScreenReader(log: session.root.appendingPathComponent("orca-debug.log"))
        let p = try session.start("/usr/bin/python3", [lineLog, "-u", prefs.path, "--debug-file", orca.log.path], log: "orca")
        let on = await wait(until: { !p.isRunning || orca.spoken().contains("Screen reader on.") }, timeout: 30, interval: 0.1)
        guard on, p.isRunning else {
            let debug = (try? String(contentsOf: orca.log, encoding: .utf8)) ?? "no debug log"
            throw XSession.Failure("Orca did not start: \(session.readLog("orca")); its debug log ends: \(debug.suffix(1500))")
        }
        return orca
    }

    /// Everything Orca has said so far, in order (a key's echo has its trailing space trimmed).
    func spoken() -> [String] {
        guard let data = try? Data(contentsOf: log) else { return [] }
        let marker = "SPEECH OUTPUT: '"
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line -> String? in
            // SPEECH OUTPUT: 'the text'{'established': False}, or 'a key ' {…}: the text ends at the
            // quote before the voice's braces.
            guard let start = line.range(of: marker) else { return nil }
            let rest = line[start.upperBound...]
            guard let end = rest.range(of: "'{", options: .backwards) ?? rest.range(of: "' {", options: .backwards)
                    ?? rest.range(of: "'", options: .backwards) else { return nil }
            return rest[..<end.lowerBound].trimmingCharacters(in: .whitespaces)
        }
    }
}
