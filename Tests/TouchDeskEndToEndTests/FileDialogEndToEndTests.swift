import Foundation
import Glibc
import Testing
import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskTestSupport

/// The file dialog in the real window (Xvfb, the real binary, xdotool): Paintbrush's Ctrl+O lists
/// the pictures folder, arrows move to a PNG and Enter opens it; Save As writes a typed name; both
/// land in the desktop's recently-used.xbel (read back with Python's XML parser); a FIFO in the
/// folder is listed but refused with the message, and the canvas stays as it was.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct FileDialogEndToEndTests {
    static let top = 44.0
    /// The theme's error red for messages.
    static let messageRed = PixelColor(hex: 0xff8a97)

    /// The recent files list's bookmarks as Python's ElementTree reads them: "href app,app".
    static func recentEntries(_ session: XSession) async -> [String] {
        let list = session.home.appendingPathComponent(".local/share/recently-used.xbel").path
        let script = """
        import sys, xml.etree.ElementTree as ET
        ns = {'bookmark': 'http://www.freedesktop.org/standards/desktop-bookmarks'}
        for b in ET.parse(sys.argv[1]).getroot().findall('bookmark'):
            apps = [a.get('name') for a in b.findall('info/metadata/bookmark:applications/bookmark:application', ns)]
            print(b.get('href'), ','.join(apps))
        """
        let r = await session.run("/usr/bin/python3", ["-c", script, list], timeout: 10)
        return r.ok ? r.stdout.split(separator: "\n").map(String.init).sorted() : ["python: \(r)"]
    }

    @Test("Paintbrush: Ctrl+O, arrows and Enter open a PNG; Save As by typing a name; both in recently-used.xbel; a FIFO is refused")
    func openSaveAndRefuseInTheDialog() async throws {
        let session = try await XSession(name: "file-dialog")
        defer { session.close() }
        let pictures = session.home.appendingPathComponent("Pictures")
        try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
        let plain = ImageSurface.render(size: Size(300, 200), format: .rgb) { $0.fill(Rect(x: 0, y: 0, width: 300, height: 200), Color(1, 1, 1)) }
        try plain.pngData().write(to: pictures.appendingPathComponent("a-white.png"))
        try PaintFilesEndToEndTests.quarters(width: 320, height: 240).pngData().write(to: pictures.appendingPathComponent("b-quarters.png"))
        #expect(mkfifo(pictures.appendingPathComponent("z-pipe.png").path, 0o600) == 0)

        let app = try await session.launch(["paint", "--size", "800x600"])
        _ = try await app.screenshot("start") { $0.at(400, Self.top + 200).isClose(to: .black) }

        // Ctrl+O: the dialog lists the folder (the dimmed canvas around its box, the box in the bar colour).
        try await app.key("ctrl+o")
        let bar = PixelColor(hex: 0x262932)
        let dialog = try await app.screenshot("dialog") { $0.at(11, Self.top + 150).isClose(to: bar, tolerance: 6) }
        #expect(dialog.at(11, Self.top + 150).isClose(to: bar, tolerance: 6), "the dialog shows: \(dialog.path)")
        // Down from the first row (a-white.png) to b-quarters.png, whose thumbnail (15 points across) shows, then Enter.
        try await app.key("Down")
        let selected = try await app.screenshot("selected") { $0.count(of: PixelColor(r: 255, g: 0, b: 0), tolerance: 10) > 25 }
        #expect(selected.count(of: PixelColor(r: 255, g: 0, b: 0), tolerance: 10) > 25, "the quarters' thumbnail shows red: \(selected.path)")
        try await app.key("Return")
        // The picture shows centred: its red quarter, 160×120, then green beside it and blue below.
        func redQuarter(_ img: PixelImage) -> (x: Double, y: Double)? {
            guard let r = img.regions(where: { $0.isClose(to: .red, tolerance: 4) }, minimumPixels: 4000).first,
                  r.width == 160, r.height == 120 else { return nil }
            return (Double(r.x), Double(r.y))
        }
        let opened = try await app.screenshot("opened", timeout: 10) { redQuarter($0) != nil }
        let corner = try #require(redQuarter(opened), "the picture opened: \(opened.path)")
        #expect(abs(corner.x + 160 - 400) <= 1, "centred across: \(corner)")
        #expect(opened.at(corner.x + 280, corner.y + 20).isClose(to: .green, tolerance: 4))
        #expect(opened.at(corner.x + 20, corner.y + 200).isClose(to: .blue, tolerance: 4))

        // Save As: the dialog opens in the picture's folder with its name; a typed name replaces it.
        try await app.key("ctrl+shift+s")
        _ = try await app.screenshot("save-as") { $0.at(11, Self.top + 150).isClose(to: bar, tolerance: 6) }
        try await app.key("ctrl+a")
        let typed = await session.run("xdotool", ["type", "--delay", "20", "saved by typing"], timeout: 10)
        #expect(typed.ok, "\(typed)")
        try await app.key("Return")
        let saved = pictures.appendingPathComponent("saved by typing.png").path
        await wait(until: { PixelImage(pngPath: saved) != nil }, timeout: 10, interval: 0.1)
        let png = try #require(PixelImage(pngPath: saved), "Save As wrote \(saved)")
        #expect(png.width == 320 && png.height == 240)
        #expect(png.at(10, 10).isClose(to: .red, tolerance: 2) && png.at(310, 230).isClose(to: .yellow, tolerance: 2))

        // Both files are in the desktop's recent list, as TouchDesk's.
        var recent: [String] = []
        await wait(until: { recent = await Self.recentEntries(session); return recent.count == 2 }, timeout: 10, interval: 0.2)
        #expect(recent == ["file://\(pictures.path)/b-quarters.png touchdesk", "file://\(pictures.path)/saved%20by%20typing.png touchdesk"])

        // The FIFO is listed, and choosing it says why it cannot be opened; the canvas stays.
        _ = try await app.screenshot("saved") { !$0.at(11, Self.top + 150).isClose(to: bar, tolerance: 6) }
        try await app.key("ctrl+o")
        _ = try await app.screenshot("dialog-again") { $0.at(11, Self.top + 150).isClose(to: bar, tolerance: 6) }
        try await app.key("End")
        try await app.key("Return")
        let refused = try await app.screenshot("fifo-refused", timeout: 10) { $0.count(of: Self.messageRed, tolerance: 30) > 150 }
        #expect(refused.count(of: Self.messageRed, tolerance: 30) > 150, "a red message: \(refused.path)")
        let word = TextReading.find("FIFO", size: 12, in: refused, region: (x: 0, y: 300, width: 800, height: 300))
        #expect(word.score < 0.3, "the message names the FIFO: \(refused.path) \(word)")
        try await app.key("Escape")
        let after = try await app.screenshot("after-refusal") { !$0.at(11, Self.top + 150).isClose(to: bar, tolerance: 6) }
        #expect(after.at(corner.x + 20, corner.y + 20).isClose(to: .red, tolerance: 4), "the canvas is unchanged: \(after.path)")
        #expect(app.isRunning, "\(app.log)")
    }

    @Test("Paintbrush: Ctrl+O then Ctrl+G shows the pictures as a grid of large thumbnails; → and Enter open the second")
    func gridOfThumbnails() async throws {
        let session = try await XSession(name: "file-dialog-grid")
        defer { session.close() }
        let pictures = session.home.appendingPathComponent("Pictures")
        let plain = ImageSurface.render(size: Size(300, 200), format: .rgb) { $0.fill(Rect(x: 0, y: 0, width: 300, height: 200), Color(1, 1, 1)) }
        try plain.pngData().write(to: pictures.appendingPathComponent("a-white.png"))
        try PaintFilesEndToEndTests.quarters(width: 320, height: 240).pngData().write(to: pictures.appendingPathComponent("b-quarters.png"))
        let app = try await session.launch(["paint", "--size", "900x640"])
        _ = try await app.screenshot("start") { $0.at(450, Self.top + 200).isClose(to: .black) }
        try await app.key("ctrl+o")
        // In the list the quarters' thumbnail is a row's height: its red quarter a few dozen pixels.
        let red = PixelColor(r: 255, g: 0, b: 0)
        // (Once the dialog shows: before it, the canvas's red swatch alone has more.)
        let bar = PixelColor(hex: 0x262932)
        let list = try await app.screenshot("list") { $0.at(11, Self.top + 150).isClose(to: bar, tolerance: 6) && $0.count(of: red, tolerance: 10) > 20 }
        let inList = list.count(of: red, tolerance: 10)
        #expect(inList > 20 && inList < 400, "the list's thumbnail: \(inList) red pixels in \(list.path)")
        try await app.key("ctrl+g")
        // In the grid it is a cell's picture: its red quarter some 50 × 40 pixels.
        let grid = try await app.screenshot("grid") { $0.count(of: red, tolerance: 10) > 1500 }
        #expect(grid.count(of: red, tolerance: 10) > 1500, "the grid's thumbnail: \(grid.count(of: red, tolerance: 10)) red pixels in \(grid.path)")
        try await app.key("Right", "Return")
        let opened = try await app.screenshot("opened", timeout: 10) {
            $0.regions(where: { $0.isClose(to: .red, tolerance: 4) }, minimumPixels: 4000).first.map { $0.width == 160 && $0.height == 120 } ?? false
        }
        #expect(opened.regions(where: { $0.isClose(to: .red, tolerance: 4) }, minimumPixels: 4000).first.map { $0.width == 160 } == true,
                "b-quarters.png opened: \(opened.path)")
    }
}
