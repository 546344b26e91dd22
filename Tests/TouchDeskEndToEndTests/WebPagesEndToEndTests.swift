import Foundation
import Testing
import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskTestSupport
import Glibc

/// Web Pages in the real window against a real HTTP server on 127.0.0.1: an address typed with
/// xdotool, both views read back from screenshots, a link clicked, Back, the wheel, error pages.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct WebPagesEndToEndTests {
    static let red = PixelColor(hex: 0xff0000)
    static let blue = PixelColor(hex: 0x0000ff)
    static let green = PixelColor(hex: 0x00a000)
    static let yellow = PixelColor(hex: 0xffff00)
    static let magenta = PixelColor(hex: 0xff00ff)
    /// The error page's paper and headline.
    static let errorPaper = PixelColor(hex: 0xf4f1ec)
    static let errorHeadline = PixelColor(hex: 0xa02020)
    /// Ink in the status line, which shows errors in the theme's red.
    static func statusInk(_ c: PixelColor) -> Bool { max(c.r, c.g, c.b) > 110 }

    /// A 970 px page: a stylesheet places red and blue blocks at its two edges, a picture, and a
    /// big green link to a yellow page.
    static func site() throws -> LocalServer {
        let page = """
            <html><head><title>Edges</title><link rel="stylesheet" href="css/site.css"></head><body>
            <div id="left"></div><div id="right"></div>
            <img id="pic" src="pics/square.png" width="64" height="64">
            <a id="go" href="next.html">Next page</a>
            <div style="height: 2400px"></div></body></html>
            """
        let css = """
            body { margin: 0; width: 970px; background-color: #ffffff; }
            #left { float: left; width: 120px; height: 120px; background-color: #ff0000; }
            #right { float: right; width: 120px; height: 120px; background-color: #0000ff; }
            #pic { display: block; clear: both; margin: 10px 0 0 20px; }
            #go { display: block; margin: 10px 0 0 20px; width: 200px; height: 60px; background-color: #00a000; color: #00a000; }
            """
        let next = """
            <html><head><title>Next</title></head><body style="margin: 0">
            <div style="width: 400px; height: 300px; background-color: #ffff00"></div></body></html>
            """
        let square = ImageSurface.render(size: Size(64, 64), format: .rgb) { cr in
            cr.fill(Rect(x: 0, y: 0, width: 64, height: 64), Color(1, 0, 1))
        }
        return try LocalServer(files: [
            "edges.html": Array(page.utf8), "css/site.css": Array(css.utf8), "next.html": Array(next.utf8),
            "pics/square.png": Array(try square.pngData()),
        ])
    }

    func regions(_ img: PixelImage, _ color: PixelColor, minimum: Int = 200, tolerance: Int = 24)
        -> [(x: Int, y: Int, width: Int, height: Int, pixels: Int)] {
        img.regions(where: { $0.isClose(to: color, tolerance: tolerance) }, minimumPixels: minimum).sorted { $0.x < $1.x }
    }

    /// The error page's paper (not white: #f4f1ec is close to it) in how many views.
    func paper(_ img: PixelImage) -> Int {
        regions(img, Self.errorPaper, minimum: 2000, tolerance: 4).count
    }

    /// Ctrl+L, the address typed through the input method, Enter.
    func go(_ app: AppUnderTest, _ session: XSession, _ address: String) async throws {
        try await app.key("ctrl+l")
        let r = await session.run("xdotool", ["type", "--delay", "4", address], timeout: 20)
        #expect(r.ok, "\(r)")
        try await app.key("Return")
    }

    @Test("the keyboard on the Web Pages tile starts the engine ahead; typed address, both views, wheel, a clicked link, Back, a refused port and a 404")
    func browse() async throws {
        let server = try Self.site()
        let session = try await XSession(name: "web")
        defer { session.close() }
        let app = try await session.launch(["--size", "1000x700"])
        // The home screen: the arrows to Web Pages' tile (the 13th) start its engine before it opens.
        #expect(await engineProcesses(of: app, session).isEmpty, "no engine on the home screen")
        #expect(await session.run("xdotool", ["key", "--delay", "20"] + Array(repeating: "Right", count: 12)).ok)
        let ahead = await wait(until: { await !engineProcesses(of: app, session).isEmpty }, timeout: 5)
        #expect(ahead, "the engine started while the tile had the keyboard")
        let spare = await engineProcesses(of: app, session)
        try await app.key("Return")
        _ = try await app.screenshot("start page", timeout: 10) { $0.count { $0.isClose(to: PixelColor(hex: 0x2f4858), tolerance: 40) } > 2000 }
        #expect(await engineProcesses(of: app, session) == spare, "Web Pages took up that engine")

        try await go(app, session, server.url("/edges.html"))
        let loaded = try await app.screenshot("loaded", timeout: 10) { regions($0, Self.blue).count == 1 && regions($0, Self.red).count == 2 }
        let reds = regions(loaded, Self.red), blues = regions(loaded, Self.blue)
        try #require(reds.count == 2 && blues.count == 1, "red \(reds), blue \(blues) in \(loaded.path)")
        let asIsRed = reds[0], fitRed = reds[1]
        // As the page is: the left block at 1:1 in the left view; its right block is out of view.
        #expect(abs(asIsRed.width - 120) <= 1 && abs(asIsRed.height - 120) <= 1, "as-is red \(asIsRed)")
        #expect(asIsRed.x < loaded.width / 2)
        // Scaled to fit: both blocks, the same size, shrunk by the same factor, blue at the right edge.
        let scale = Double(fitRed.width) / 120
        #expect(scale > 0.3 && scale < 0.7, "fit scale \(scale) from \(fitRed)")
        #expect(blues[0].x > fitRed.x && abs(blues[0].width - fitRed.width) <= 2, "fit blue \(blues[0]) vs red \(fitRed)")
        #expect(abs(Double(blues[0].x + blues[0].width - fitRed.x) - 970 * scale) <= 12, "the page's 970 px in the fit view")
        // The picture arrived: 64 × 64 in the as-is view.
        let squares = regions(loaded, Self.magenta, minimum: 100)
        #expect(squares.contains { abs($0.width - 64) <= 1 && abs($0.height - 64) <= 1 && $0.x < loaded.width / 2 },
                "the picture in \(loaded.path): \(squares)")

        // Three wheel notches down over the as-is view move its page up; the fit view stays.
        try await app.moveMouse(Double(asIsRed.x + 200), Double(asIsRed.y + 300))
        await session.run("xdotool", ["click", "--repeat", "3", "--delay", "30", "5"])
        let scrolled = try await app.screenshot("wheel") { img in regions(img, Self.red).first.map { $0.x < img.width / 2 && $0.y < asIsRed.y } ?? true }
        let after = regions(scrolled, Self.red)
        // Scrolled: the as-is view's red block is higher, cut by the view's top, or gone above it.
        #expect(!after.contains { $0.x < scrolled.width / 2 && $0.y == asIsRed.y && $0.height == asIsRed.height },
                "the as-is view did not scroll in \(scrolled.path): \(after)")
        #expect(after.contains { $0.x == fitRed.x && $0.y == fitRed.y }, "the fit view did not move: \(after)")

        // Back to the top and click the green link in the as-is view.
        try await app.key("Home")
        // At the top, not on the way there (WebKit may animate the key's scroll): both red blocks whole.
        let top = try await app.screenshot("top") { img in
            regions(img, Self.green).count == 2 && regions(img, Self.red).map(\.height) == [asIsRed.height, fitRed.height]
        }
        let links = regions(top, Self.green)
        try #require(links.count == 2, "two green links in \(top.path): \(links)")
        try await app.click(Double(links[0].x + links[0].width / 2), Double(links[0].y + links[0].height / 2))
        let next = try await app.screenshot("next page", timeout: 10) { regions($0, Self.yellow).count == 2 }
        #expect(regions(next, Self.yellow).count == 2, "the yellow page in both views: \(next.path)")
        #expect(regions(next, Self.red).isEmpty)

        // Back (Alt+Left) returns to the first page.
        try await app.key("alt+Left")
        let back = try await app.screenshot("back", timeout: 10) { regions($0, Self.red).count == 2 }
        #expect(regions(back, Self.red).count == 2, "the first page again in \(back.path)")

        // A port nobody listens on, then a missing page: each an error page in both views.
        try await go(app, session, "http://127.0.0.1:\(LocalServer.refusedPort())/")
        let refused = try await app.screenshot("refused", timeout: 10) { paper($0) == 2 && $0.count { $0.isClose(to: Self.errorHeadline, tolerance: 30) } > 50 }
        #expect(paper(refused) == 2, "error page in both views: \(refused.path)")
        #expect(refused.count { $0.isClose(to: Self.errorHeadline, tolerance: 30) } > 50, "a red headline in \(refused.path)")
        let status = (x: 0, y: refused.height - 28, width: refused.width, height: 28)
        let refusedText = TextReading.find("Connection refused", size: 12, in: refused, region: status, ink: Self.statusInk)
        #expect(refusedText.score < 0.3, "\"Connection refused\" in the status line of \(refused.path): \(refusedText)")

        // A missing page: the server's own page shows (as in any browser), the status line says 404.
        try await go(app, session, server.url("/missing.html"))
        let missing = try await app.screenshot("404", timeout: 10) {
            TextReading.find("404 Not Found", size: 12, in: $0, region: status, ink: Self.statusInk).score < 0.3
        }
        let notFound = TextReading.find("404 Not Found", size: 12, in: missing, region: status, ink: Self.statusInk)
        #expect(notFound.score < 0.3, "\"404 Not Found\" in the status line of \(missing.path): \(notFound)")
        #expect(app.isRunning)
    }

    /// The engine helper under the app.
    func engineProcesses(of app: AppUnderTest, _ session: XSession) async -> [Int32] {
        let r = await session.run("pgrep", ["-P", String(app.pid), "-f", "touchdesk-web-engine"], timeout: 5)
        return r.stdout.split(separator: "\n").compactMap { Int32($0) }
    }

    @Test("typing into a page's form, a page that spins the CPU (Stop works), and the engine killed: the window lives and says so")
    func formSpinAndCrash() async throws {
        let form = """
            <html><head><title>Form</title></head><body style="margin:0">
            <input id="f" style="position:absolute;left:10px;top:10px;width:300px;height:40px;font-size:20px">
            <div id="out" style="position:absolute;left:10px;top:80px;width:200px;height:100px;background:#0000ff"></div>
            <script>document.getElementById('f').addEventListener('input', e => {
              document.title = e.target.value;
              if (e.target.value === 'go') document.getElementById('out').style.background = '#ffff00';
            })</script></body></html>
            """
        let spin = "<html><head><title>Spin</title></head><body><p>Spinning</p><script>for (;;) {}</script></body></html>"
        let server = try LocalServer(files: ["form.html": Array(form.utf8), "spin.html": Array(spin.utf8)])
        let session = try await XSession(name: "web-crash")
        defer { session.close() }
        let app = try await session.launch(["web", "--size", "1000x700"])
        try await go(app, session, server.url("/form.html"))
        let loaded = try await app.screenshot("form", timeout: 15) { regions($0, Self.blue, minimum: 2000).count == 2 }
        let blues = regions(loaded, Self.blue, minimum: 2000)
        try #require(blues.count == 2, "the form page in both views: \(loaded.path)")
        // Click into the field of the as-is view (the field lies 70 px above its blue block) and type.
        try await app.click(Double(blues[0].x + 40), Double(blues[0].y - 45))
        // A moment, as a person takes: WebKit queues a click behind the one before, and keys overtake it.
        await hold(for: 0.5)
        let typed = await session.run("xdotool", ["type", "--delay", "30", "go"], timeout: 20)
        #expect(typed.ok, "\(typed)")
        let changed = try await app.screenshot("typed", timeout: 10) { regions($0, Self.yellow, minimum: 2000).count >= 1 }
        #expect(regions(changed, Self.yellow, minimum: 2000).count >= 1, "the page's script saw the typing: \(changed.path)")
        // The page holds the keyboard after the click: the first Esc is the page's and hands the
        // keys back (the status line says so), the second goes home. (This needed up to three
        // presses when the form was opened while the start page's fit view still loaded: the
        // helper sent no "loading 1" for it, so the page counted as loading for ever and an Esc
        // went to stopping a load nobody saw.)
        let statusArea = (x: 0, y: loaded.height - 28, width: loaded.width, height: 28)
        /// The status line reads `text` (in the app's status ink).
        func statusSays(_ text: String, _ img: PixelImage) -> Bool {
            TextReading.find(text, size: 12, in: img, region: statusArea, ink: Self.statusInk).score < 0.3
        }
        try await app.key("Escape")
        let keysBack = try await app.screenshot("keys back", timeout: 10) { statusSays("The keys are TouchDesk's again", $0) }
        #expect(statusSays("The keys are TouchDesk's again", keysBack), "the first Esc hands the keys back and says so: \(keysBack.path)")
        #expect(try await app.waitForTitle("TouchDesk", timeout: 1) != "TouchDesk", "one Esc stays in Web Pages")
        try await app.key("Escape")
        #expect(try await app.waitForTitle("TouchDesk", timeout: 5) == "TouchDesk", "the second Esc goes home")
        try await app.key("w")

        // A page that never finishes its script: the window still answers; Esc stops its load and
        // says so (and stays in Web Pages), then a new address brings a page back.
        try await go(app, session, server.url("/spin.html"))
        await hold(for: 2)
        try await app.key("Escape")
        let stoppedLoad = try await app.screenshot("load stopped", timeout: 10) { statusSays("Stopped loading", $0) }
        #expect(statusSays("Stopped loading", stoppedLoad), "Esc stopped the spinning page's load and said so: \(stoppedLoad.path)")
        #expect(try await app.waitForTitle("TouchDesk", timeout: 1) != "TouchDesk", "that Esc stays in Web Pages")
        try await go(app, session, server.url("/form.html"))
        let back = try await app.screenshot("after spin", timeout: 20) { regions($0, Self.blue, minimum: 2000).count == 2 }
        #expect(regions(back, Self.blue, minimum: 2000).count == 2, "a page loads after the spinning one: \(back.path)")

        // Kill the engine: the window lives and says the page stopped working; F5 brings it back.
        let engines = await engineProcesses(of: app, session)
        try #require(!engines.isEmpty, "the engine helper runs under the app")
        for pid in engines { kill(pid, SIGKILL) }
        let stopped = try await app.screenshot("engine killed", timeout: 15) { statusSays("The web engine stopped", $0) }
        #expect(statusSays("The web engine stopped", stopped), "\(stopped.path)")
        #expect(regions(stopped, Self.blue, minimum: 2000).isEmpty, "the dead page is not shown: \(stopped.path)")
        #expect(app.isRunning)
        try await app.key("F5")
        let again = try await app.screenshot("reloaded", timeout: 20) { regions($0, Self.blue, minimum: 2000).count == 2 }
        #expect(regions(again, Self.blue, minimum: 2000).count == 2, "Reload brings the page back: \(again.path)")
    }

    @Test("find in page (Ctrl+F, \"1 of 7\", F3), the page's menu (right-click, Copy link address to the clipboard), Tab and Enter in a page")
    func findMenuAndKeys() async throws {
        let page = """
            <html><head><title>Fruit</title></head><body style="margin:0;font:18px sans-serif">
            <p style="margin:0;height:40px">&nbsp;</p>
            <a href="next.html" style="display:block;width:200px;height:60px;background:#00a000;color:#00a000">first link</a>
            \((1...7).map { "<p>Paragraph \($0): an apple.</p>" }.joined())<p>Café crème</p></body></html>
            """
        let next = "<html><head><title>Next</title></head><body style='margin:0'><div style='width:400px;height:300px;background:#ffff00'></div></body></html>"
        let server = try LocalServer(files: ["fruit.html": Array(page.utf8), "next.html": Array(next.utf8)])
        let session = try await XSession(name: "web-find")
        defer { session.close() }
        let app = try await session.launch(["web", "--size", "1000x700"])
        try await go(app, session, server.url("/fruit.html"))
        let loaded = try await app.screenshot("fruit", timeout: 15) { regions($0, Self.green).count == 2 }
        let links = regions(loaded, Self.green)
        try #require(links.count == 2, "the link in both views: \(loaded.path)")

        // Ctrl+F and a word: the find bar above the status line counts the matches.
        try await app.key("ctrl+f")
        let typed = await session.run("xdotool", ["type", "--delay", "30", "apple"], timeout: 20)
        #expect(typed.ok, "\(typed)")
        try await app.key("F3")
        let bar = (x: 0, y: loaded.height - 90, width: loaded.width, height: 62)
        // The count and WebKit's highlights come in separate frames: waited for together.
        let found = try await app.screenshot("found", timeout: 15) {
            TextReading.find("2 of 7", size: 14, in: $0, region: bar, ink: Self.statusInk).score < 0.3
                && $0.count { $0.r > 200 && $0.g > 200 && $0.b < 80 } > 200
        }
        #expect(TextReading.find("2 of 7", size: 14, in: found, region: bar, ink: Self.statusInk).score < 0.3, "\"2 of 7\" in \(found.path)")
        #expect(found.count { $0.r > 200 && $0.g > 200 && $0.b < 80 } > 200, "WebKit highlights the matches: \(found.path)")
        try await app.key("Escape")

        // The page's menu on the link: ↓ ↓ Enter is Copy link address, and another program reads it.
        let link = links[0]
        let g = try await app.geometry()
        await session.run("xdotool", ["mousemove", String(g.x + link.x + 20), String(g.y + link.y + 20), "click", "3"], timeout: 5)
        let menu = try await app.screenshot("menu", timeout: 5) { img in
            regions(img, PixelColor(hex: 0x262932), minimum: 20000, tolerance: 2).contains { $0.width >= 230 && $0.width <= 250 }
        }
        #expect(regions(menu, PixelColor(hex: 0x262932), minimum: 20000, tolerance: 2).contains { $0.width >= 230 && $0.width <= 250 },
                "the menu over the page: \(menu.path)")
        try await app.key("Down", "Down", "Return")
        let copied = await ClipboardInteropEndToEndTests.xclip(session, ["-o", "-selection", "clipboard"]) { $0.stdout.hasSuffix("/next.html") }
        #expect(copied.stdout == server.url("/next.html"), "the link's address on the clipboard: \(copied)")

        // Ctrl+S: the file dialog suggests fruit.html in the home folder; Enter saves the page's
        // source there, the bytes the server sent.
        try await app.key("ctrl+s")
        await hold(for: 0.5)
        try await app.key("Return")
        let saved = session.home.appendingPathComponent("fruit.html")
        let arrived = await wait(until: { (try? Data(contentsOf: saved)) == Data(page.utf8) }, timeout: 10)
        #expect(arrived, "the page's HTML in \(saved.path): \((try? Data(contentsOf: saved))?.count ?? -1) of \(page.utf8.count) bytes")

        // A click on the page's empty top gives it the keyboard; Tab reaches the link, Enter follows it.
        try await app.click(Double(link.x + 300), Double(link.y - 20))
        await hold(for: 0.3)
        try await app.key("Tab")
        await hold(for: 0.3)
        try await app.key("Return")
        let followed = try await app.screenshot("tab enter", timeout: 10) { regions($0, Self.yellow).count == 2 }
        #expect(regions(followed, Self.yellow).count == 2, "the linked page in both views: \(followed.path)")
    }
}
