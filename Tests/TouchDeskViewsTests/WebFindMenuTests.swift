import Foundation
import Testing
import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskModels
import TouchDeskTestSupport
@testable import AppWebPages
import TouchDeskWeb
@testable import TouchDeskToolkit

/// Find in page, the page's menu, the keyboard in a page, saving it, and pages at device scale 2,
/// with the real engine (WebKitGTK in the helper) on pages from a temporary folder.
@Suite("Web Pages: find, menu, keyboard, 2×", .serialized, .timeLimit(.minutes(4)))
struct WebFindMenuTests {
    let sandbox = Sandbox()

    /// Seven paragraphs with "apple", two links (the first to second.html), a 3000 px tail.
    static let page = """
        <html><head><title>Fruit</title></head><body style="margin:0;font:18px sans-serif">
        <p style="margin:0;height:40px">&nbsp;</p>
        <a id="one" href="second.html" style="display:block;width:200px;height:40px;background:#ff00ff">first link</a>
        <a id="two" href="third.html" style="display:block;width:200px;height:40px">second link</a>
        \((1...7).map { "<p>Paragraph \($0): an apple.</p>" }.joined())
        <div style="height:3000px"></div></body></html>
        """

    func open(scale: Double = 1) throws -> WebApp {
        let dir = sandbox.dir.appending("fruit")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try Self.page.write(toFile: dir + "/fruit.html", atomically: true, encoding: .utf8)
        try "<html><head><title>Second</title></head><body>two</body></html>".write(toFile: dir + "/second.html", atomically: true, encoding: .utf8)
        try "<html><head><title>Three</title></head><body><p>apple</p><p>apple</p><p>apple</p></body></html>"
            .write(toFile: dir + "/three.html", atomically: true, encoding: .utf8)
        try """
            <html><head><title>Hairline</title></head><body style="margin:0">
            <svg width="100" height="100" style="position:absolute;left:0;top:0"><rect x="10" y="0" width="0.5" height="100" fill="#000"/></svg>
            <script>document.title = 'ratio ' + window.devicePixelRatio</script></body></html>
            """.write(toFile: dir + "/hairline.html", atomically: true, encoding: .utf8)
        let app = WebApp(environment: sandbox.environment)
        app.layout(in: Size(1000, 700), scale: scale)
        app.open(WebURL(filePath: dir + "/fruit.html"))
        app.finishLoading()
        return app
    }

    func type(_ app: WebApp, _ text: String) {
        for ch in text { _ = app.handle(.key(Key(String(ch), text: String(ch)))) }
    }

    /// Ticks until `condition` holds or `timeout` passes (the engine answers on its own time).
    func wait(_ app: WebApp, timeout: Double = 10, _ condition: () -> Bool) {
        TouchDeskTestSupport.wait(until: {
            guard !condition() else { return true }
            _ = app.tick()
            return false
        }, timeout: timeout, interval: 0.01)
    }

    @Test("Ctrl+F, typing: \"1 of 7\"; F3 and Shift+Enter step; matches highlighted; Esc closes the bar")
    func find() throws {
        let app = try open()
        #expect(app.handle(.key(Key("f", control: true))))
        #expect(app.findBar.isOpen && app.findBar.isFocused)
        #expect(app.findBar.field.frame.width > 0, "the bar has a place on screen")
        type(app, "apple")
        wait(app) { app.findBar.model.summary == "1 of 7" }
        #expect(app.findBar.model.summary == "1 of 7")
        _ = app.handle(.key(Key("F3")))
        _ = app.handle(.key(Key("F3")))
        #expect(app.findBar.model.summary == "3 of 7")
        _ = app.handle(.key(Key("Return", shift: true)))
        #expect(app.findBar.model.summary == "2 of 7")
        // Another page with the bar open: its count is the new page's, not the old one's.
        app.open(WebURL(filePath: sandbox.dir.appending("fruit") + "/three.html"))
        app.finishLoading()
        wait(app) { app.findBar.model.summary == "1 of 3" }
        #expect(app.findBar.model.summary == "1 of 3", "after a navigation: \(app.findBar.model.summary)")
        _ = app.handle(.key(Key("Escape")))
        app.open(WebURL(filePath: sandbox.dir.appending("fruit") + "/fruit.html"))
        app.finishLoading()
        #expect(app.handle(.key(Key("f", control: true))))
        type(app, "apple")
        wait(app) { app.findBar.model.summary == "1 of 7" }
        _ = app.handle(.key(Key("F3")))
        app.settle()
        // WebKit's highlight (yellow) over the matches in the as-is view.
        let r = app.pageRect(.asIs)
        let image = frame(of: app, size: Size(1000, 700))
        let region = (x: Int(r.x), y: Int(r.y), width: Int(r.width), height: Int(r.height))
        let yellow = image.count(in: region) { $0.r > 200 && $0.g > 200 && $0.b < 80 }
        #expect(yellow > 200, "highlighted matches: \(yellow) yellow pixels")
        type(app, "z")
        wait(app) { app.findBar.model.summary == "No matches" }
        #expect(app.findBar.model.summary == "No matches")
        #expect(app.takesEscape)
        #expect(app.handle(.key(Key("Escape"))))
        #expect(!app.findBar.isOpen)
        #expect(app.findBar.field.frame.width == 0, "closed, its controls leave the screen")
        #expect(app.keyHelp.contains { $0.keys.contains("F3") }, "F1 lists the find bar's keys")
        // Closed, F3 is no one's: it does not open the bar or step.
        _ = app.handle(.key(Key("F3")))
        #expect(!app.findBar.isOpen)
    }

    @Test("right-click on a link: Copy link address copies it, Open link follows it; Esc closes the menu")
    func menuOnLink() throws {
        let app = try open()
        let r = app.pageRect(.asIs)
        let link = Point(r.x + 50, r.y + 60)
        #expect(app.handle(.secondaryBegan(link)))
        wait(app) { app.menu.isOpen }
        try #require(app.menu.isOpen, "the menu opened")
        #expect(app.menu.items == [.openLink, .copyLink, .back, .forward, .reload, .savePage, .saveSource])
        #expect(app.menu.link?.hasSuffix("second.html") == true)
        #expect(!app.menu.enabled.contains(.back), "no page before this one")
        // Each entry shows the key that does its work outside the menu, as its button declares it.
        #expect(app.menu.keys == [.back: "Alt+←", .forward: "Alt+→", .reload: "F5", .copy: "Ctrl+C", .saveSource: "Ctrl+S"])
        // ↓ ↓ Enter: the second entry.
        _ = app.handle(.key(Key("Down")))
        _ = app.handle(.key(Key("Down")))
        _ = app.handle(.key(Key("Return")))
        #expect(!app.menu.isOpen)
        #expect(app.environment.clipboard.lastCopied(.clipboard)?.hasSuffix("/second.html") == true)
        // Again, then Esc: closed, nothing done.
        _ = app.handle(.secondaryBegan(link))
        wait(app) { app.menu.isOpen }
        #expect(app.handle(.key(Key("Escape"))))
        #expect(!app.menu.isOpen && app.pageTitle == "Fruit")
        // The keys that open the menu close it again: Menu, Shift+F10.
        for k in [Key("Menu"), Key("F10", shift: true)] {
            _ = app.handle(.secondaryBegan(link))
            wait(app) { app.menu.isOpen }
            #expect(app.handle(.key(k)))
            #expect(!app.menu.isOpen, "\(k.name) closes the menu")
        }
        // Again, and a click on "Open link".
        _ = app.handle(.secondaryBegan(link))
        wait(app) { app.menu.isOpen }
        let open = app.menu.rowRect(0)
        _ = app.handle(.touchBegan(open.center))
        _ = app.handle(.touchEnded(open.center))
        app.finishLoading()
        #expect(app.pageTitle == "Second")
    }

    @Test("a click gives the page the keyboard: Tab moves to its first link (a focus ring), Enter follows it")
    func tabAndEnter() throws {
        let app = try open()
        let r = app.pageRect(.asIs)
        app.tap(Point(r.x + 300, r.y + 10))
        app.settle()
        #expect(app.pageHoldsKeyboard)
        let before = frame(of: app, size: Size(1000, 700))
        _ = app.handle(.key(Key("Tab")))
        app.settle()
        let after = frame(of: app, size: Size(1000, 700))
        // The focus ring: pixels around the first link (page y 40…80) changed, none far below it.
        let ring = (x: Int(r.x), y: Int(r.y + 34), width: 220, height: 52)
        let changed = (ring.y..<(ring.y + ring.height)).reduce(0) { n, y in
            n + (ring.x..<(ring.x + ring.width)).filter { before[$0, y] != after[$0, y] }.count
        }
        #expect(changed > 50, "a visible focus ring around the first link: \(changed) pixels changed")
        _ = app.handle(.key(Key("Return")))
        app.finishLoading()
        #expect(app.pageTitle == "Second")
        // The Menu key opens the page's menu too, on the focused thing.
        _ = app.handle(.key(Key("Menu")))
        wait(app) { app.menu.isOpen }
        #expect(app.menu.isOpen && app.menu.items.contains(.back))
    }

    @Test("Save page as picture writes the whole page (its full length) as a new PNG in the pictures folder")
    func savePage() throws {
        let app = try open()
        let saved = try #require(app.savePageNow())
        let path = try #require(saved.path, "\(saved)")
        #expect(path.hasPrefix(sandbox.environment.picturesDirectory))
        let png = try ImageSurface.decodePNG(Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(png.pixelHeight > 3000, "the whole page, not the view: \(png.pixelWidth)×\(png.pixelHeight)")
        #expect(app.page.notice?.text.hasPrefix("Saved the page as") == true)
    }

    @Test("Save page as HTML: the file dialog suggests the page's name; the file holds the bytes the server sent; a second save asks before replacing")
    func saveSource() throws {
        // Latin-1 bytes, as the server sends them: the saved file must not be re-encoded.
        let source: [UInt8] = Array("<html><head><meta charset=\"iso-8859-1\"><title>Caf".utf8) + [0xe9]
            + Array("</title></head><body><p>Men".utf8) + [0xfc] + Array("</p></body></html>\n".utf8)
        let server = try LocalServer(files: ["menu.html": source])
        let app = try open()
        app.open(try WebURL(string: server.url("/menu.html?day=1")))
        app.finishLoading()
        #expect(app.pageTitle == "Café")
        #expect(app.handle(.key(Key("s", control: true))))
        let dialog = try #require(app.openFileDialog)
        #expect(dialog.field.text == "menu.html", "the suggested name: \(dialog.field.text)")
        // A name without .html gets it; the folder is the sandbox's.
        let target = sandbox.dir.appending("saved")
        dialog.field.setText(target)
        _ = app.handle(.key(Key("Return")))
        #expect(app.openFileDialog == nil)
        wait(app, timeout: 20) { !app.saver.isSavingSource }
        let saved = try Data(contentsOf: URL(fileURLWithPath: target + ".html"))
        #expect(Array(saved) == source, "the saved file is the page's source, byte for byte (\(saved.count) of \(source.count) bytes)")
        #expect(app.page.notice?.text.hasPrefix("Saved the page's HTML as") == true, "\(String(describing: app.page.notice))")
        // Again to the same file: the dialog asks first; R replaces it.
        try Data("old".utf8).write(to: URL(fileURLWithPath: target + ".html"))
        _ = app.handle(.key(Key("s", control: true)))
        app.openFileDialog?.field.setText(target + ".html")
        _ = app.handle(.key(Key("Return")))
        #expect(app.openFileDialog?.question != nil, "asked before replacing")
        _ = app.handle(.key(Key("r")))
        wait(app, timeout: 20) { !app.saver.isSavingSource }
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: target + ".html"))) == source)
        #expect(WebPageFiles.suggestedName(address: "https://example.org/", title: "A page: of news!") == "A-page-of-news.html")
        #expect(WebPageFiles.suggestedName(address: "https://example.org/", title: "") == "page.html")
    }

    @Test("at device scale 2 the engine renders device pixels: a half-pixel-wide bar is one dark device pixel, not a grey 1× pixel scaled up")
    func twoTimes() throws {
        let app = try open(scale: 2)
        app.open(WebURL(filePath: sandbox.dir.appending("fruit") + "/hairline.html"))
        app.finishLoading()
        #expect(app.pageTitle == "ratio 2", "the page sees devicePixelRatio 2: \(app.pageTitle)")
        let f = try #require(app.engine?.frames[0])
        let r = app.pageRect(.asIs)
        #expect(f.scale == 2 && f.pixelWidth == Int(r.width) * 2, "\(f.pixelWidth) px for \(r.width) pt at scale \(f.scale)")
        let pixels = f.argbPixels()
        let row = 100  // device row 100 = CSS y 50, halfway down the bar
        // The bar covers CSS x 10…10.5: device pixel 20 wholly (dark), its neighbours not at all.
        // A 1× picture scaled up would show two grey pixels (a half-covered CSS pixel, doubled).
        let inked = (0..<60).filter { x in (pixels[row * f.pixelWidth + x] >> 8 & 0xff) < 200 }
        let dark = inked.filter { x in (pixels[row * f.pixelWidth + x] >> 8 & 0xff) < 64 }
        #expect(inked == [20] && dark == [20], "one dark device pixel at 20: inked \(inked), dark \(dark)")
    }
}
