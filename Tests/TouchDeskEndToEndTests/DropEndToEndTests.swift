import Foundation
import Testing
import TouchDeskTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Drag and drop from another program (XDND version 5), with `scripts/xdnd-drop.py` (python3-xlib)
/// playing the file manager: its XdndEnter, XdndPosition, XdndDrop, and its answer to the
/// selection request, against the real window.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct DropEndToEndTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/xdnd-drop.py").path

    /// Runs the drop script against the app's window; its output and whether it exited 0.
    static func drop(_ session: XSession, _ app: AppUnderTest, _ args: [String]) async -> XSession.Output {
        await session.run("/usr/bin/python3", [script, "--window", app.window] + args, timeout: 20)
    }

    static func uri(_ url: URL) -> String { "file://" + url.path.replacingOccurrences(of: " ", with: "%20") }

    @Test("A PNG dropped on Paintbrush opens, with a highlight while it hovers; with unsaved changes it asks first")
    func pngOnPaint() async throws {
        let session = try await XSession(name: "drop-png")
        defer { session.close() }
        let app = try await session.launch(["paint", "--size", "800x600"])
        #expect(try await app.rawProperty("XdndAware").contains("XdndAware(ATOM)"), "the window advertises XDND")
        let picture = session.root.appendingPathComponent("dropped picture.png")
        try PaintFilesEndToEndTests.write(PaintFilesEndToEndTests.quarters(width: 200, height: 120), to: picture)

        // A drag that hovers for two seconds: the app's area is outlined in the accent colour.
        let source = try session.start("/usr/bin/python3", [Self.script, "--window", app.window, "--type", "text/uri-list",
                                                           "--data", Self.uri(picture), "--hold", "2"], log: "xdnd-hover")
        let accent = PixelColor(r: 0x7b, g: 0x83, b: 0xff)
        let hovering = try await app.screenshot("hovering", timeout: 3) { $0.at(400, 48).isClose(to: accent, tolerance: 30) }
        #expect(hovering.at(400, 48).isClose(to: accent, tolerance: 30), "no drop highlight at the app area's top edge")
        #expect(await source.wait(timeout: 10) != nil)
        #expect(session.readLog("xdnd-hover").contains("finished success=1"), "\(session.readLog("xdnd-hover"))")
        // The picture shows centred in the canvas: its red quarter is its top-left 100×60.
        func quarter(_ img: PixelImage, _ color: PixelColor) -> (x: Int, y: Int, width: Int, height: Int, pixels: Int)? {
            PaintFilesEndToEndTests.quarter(img, color)
        }
        let opened = try await app.screenshot("dropped", timeout: 5) { quarter($0, .red) != nil }
        let red = try #require(quarter(opened, .red), "the dropped picture's red quarter in \(opened.path)")
        #expect(red.width == 100 && red.height == 60 && abs(red.x + 100 - 400) <= 1, "\(red)")
        #expect(!opened.at(400, 48).isClose(to: accent, tolerance: 30), "the highlight is gone after the drop")

        // Paint over it, then drop a picture again: Open's question comes first; O opens.
        try await app.drag([(500, 300), (560, 340), (600, 300)])
        try PaintFilesEndToEndTests.write(PaintFilesEndToEndTests.quarters(width: 60, height: 60), to: picture)
        let second = await Self.drop(session, app, ["--type", "text/uri-list", "--data", Self.uri(picture)])
        #expect(second.ok && second.stdout.contains("finished success=1"), "\(second)")
        let asked = try await app.screenshot("asks") { TextReading.find("anyway?", size: 15, in: $0, region: (0, 300, 800, 260)).score < 0.3 }
        #expect(TextReading.find("anyway?", size: 15, in: asked, region: (0, 300, 800, 260)).score < 0.3, "the unsaved-changes question in \(asked.path)")
        try await app.key("o")
        // The 60×60 picture: blue from 0 to 30 down its left side, canvas beyond it.
        let reopened = try await app.screenshot("reopened", timeout: 5) { quarter($0, .blue)?.width == 30 }
        let blue = try #require(quarter(reopened, .blue), "the reopened picture's blue quarter in \(reopened.path)")
        #expect(blue.width == 30 && blue.height == 30 && abs(blue.x + 30 - 400) <= 1, "\(blue)")
        #expect(quarter(reopened, .red)?.width == 30, "the new picture replaced the old one")
        try await app.key("ctrl+q")
        #expect(await app.waitForExit(timeout: 5) == .exited(0))
    }

    @Test("Text dropped on Temperature goes into the focused field; an HTML file opens in Web Pages")
    func textAndHTML() async throws {
        let session = try await XSession(name: "drop-text")
        defer { session.close() }
        let app = try await session.launch(["temperature", "--size", "800x600"])
        let boxes = await TextAppsEndToEndTests.fields(try app.screenshot("start"))
        try #require(boxes.count == 3)
        let f = boxes[0]
        let r = await Self.drop(session, app, ["--type", "text/plain;charset=utf-8", "--type", "UTF8_STRING", "--data", "21.5"])
        #expect(r.ok && r.stdout.contains("finished success=1"), "\(r)")
        let region = (x: f.x, y: f.y, width: f.width, height: f.height)
        let typed = try await app.screenshot("text-dropped") { TextReading.find("21.5", size: 18, in: $0, region: region).score < 0.3 }
        #expect(TextReading.find("21.5", size: 18, in: typed, region: region).score < 0.3, "21.5 in the °F field of \(typed.path)")

        let page = session.root.appendingPathComponent("page.html")
        try "<html><head><title>Dropped page</title></head><body><h1>Dropped</h1></body></html>".write(to: page, atomically: true, encoding: .utf8)
        // Four types: the target reads the rest from XdndTypeList.
        let h = await Self.drop(session, app, ["--type", "text/x-moz-url", "--type", "application/x-kde-cutselection", "--type", "STRING",
                                         "--type", "text/uri-list", "--data", Self.uri(page)])
        #expect(h.ok && h.stdout.contains("finished success=1"), "\(h)")
        // The page's own title once it has loaded: on a busy machine the title without it can
        // come and go between two looks.
        #expect(try await app.waitForTitle("TouchDesk — Web Pages — Dropped page", timeout: 60) == "TouchDesk — Web Pages — Dropped page")

        // On Web Pages, as on a browser, a dropped picture opens in the page (a picture dragged
        // within a page and let go there must not take the window to Paintbrush).
        let picture = session.root.appendingPathComponent("shown.png")
        try PaintFilesEndToEndTests.write(PaintFilesEndToEndTests.quarters(width: 200, height: 120), to: picture)
        let p = await Self.drop(session, app, ["--type", "text/uri-list", "--data", Self.uri(picture)])
        #expect(p.ok && p.stdout.contains("finished success=1"), "\(p)")
        var title: String?
        _ = try await wait(until: {
            title = try await app.title()
            return title?.contains("shown.png") == true
        }, timeout: 15)
        print("dropped picture on Web Pages: \(title ?? "no title")")
        #expect(title?.hasPrefix("TouchDesk — Web Pages") == true, "\(String(describing: title))")
        #expect(app.isRunning)
    }

    @Test("10,000 files, a FIFO, a source that vanishes mid-drop, a drag that leaves: no crash, no hang")
    func hostileDrops() async throws {
        let session = try await XSession(name: "drop-hostile")
        defer { session.close() }
        let app = try await session.launch(["paint", "--size", "800x600"])
        let picture = session.root.appendingPathComponent("first.png")
        try PaintFilesEndToEndTests.write(PaintFilesEndToEndTests.quarters(width: 200, height: 120), to: picture)

        let vanish = await Self.drop(session, app, ["--type", "text/uri-list", "--data", Self.uri(picture), "--vanish"])
        #expect(vanish.ok, "\(vanish)")
        let leave = await Self.drop(session, app, ["--type", "text/uri-list", "--data", Self.uri(picture), "--leave"])
        #expect(leave.ok, "\(leave)")

        let fifo = session.root.appendingPathComponent("pipe.png")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let f = await Self.drop(session, app, ["--type", "text/uri-list", "--data", Self.uri(fifo)])
        #expect(f.ok && f.stdout.contains("finished success=1"), "\(f)")

        // Short names keep the list (150 kB) inside one X request, which python3-xlib needs.
        let list = ([Self.uri(picture)] + (0..<9_999).map { "file:///n/\($0)" }).joined(separator: "\r\n") + "\r\n"
        let listFile = session.root.appendingPathComponent("many.txt")
        try list.write(to: listFile, atomically: true, encoding: .utf8)
        // (The drop ends within its run's 20 s bound, or `many.ok` is false.)
        let many = await Self.drop(session, app, ["--type", "text/uri-list", "--data-file", listFile.path])
        #expect(many.ok && many.stdout.contains("finished success=1"), "\(many)")
        // The first of them, the picture, opened: its red quarter shows, centred in the canvas.
        let opened = try await app.screenshot("first-of-many", timeout: 5) { PaintFilesEndToEndTests.quarter($0, .red) != nil }
        #expect(PaintFilesEndToEndTests.quarter(opened, .red) != nil, "the first of 10,000 opened: \(opened.path)")
        #expect(app.log.contains("10000 items dropped"), "\(app.log)")
        #expect(app.isRunning)
        try await app.key("ctrl+q")
        #expect(await app.waitForExit(timeout: 5) == .exited(0))
    }
}
