import Foundation
import Testing
import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskModels
import TouchDeskTestSupport
@testable import AppWebPages
import TouchDeskWeb
@testable import TouchDeskToolkit

/// Web Pages with the real engine (WebKitGTK in the `touchdesk-web-engine` helper, on the test's
/// display or a private Xvfb), drawn into image surfaces; pages from a temporary folder (file://)
/// or a real HTTP server on 127.0.0.1.
@Suite("Web Pages views", .serialized, .timeLimit(.minutes(4)))
struct WebAppTests {
    /// A 970 px page: a red block at its left edge, a blue one at its right, green below, and a
    /// big link (a yellow block) to the second page.
    static let edges = """
        <html><head><title>Edges</title><style>
        body { margin: 0; width: 970px; background: #ffffff; }
        #l { float: left; width: 100px; height: 100px; background: #ff0000; }
        #r { float: right; width: 100px; height: 100px; background: #0000ff; }
        #g { clear: both; height: 60px; background: #00ff00; }
        #go { display: block; width: 200px; height: 80px; background: #ff00ff; }
        </style></head><body><div id="l"></div><div id="r"></div><div id="g"></div>
        <a id="go" href="second.html"></a>
        <div style="height: 3000px"></div><h2 id="end">The end</h2></body></html>
        """
    static let second = """
        <html><head><title>Second</title></head><body style="margin:0">
        <div style="width:300px;height:200px;background:#ffff00"></div></body></html>
        """
    static let magenta = PixelColor(r: 255, g: 0, b: 255)

    let sandbox = Sandbox()

    func site() throws -> String {
        let dir = sandbox.dir.appending("site")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try Self.edges.write(toFile: dir + "/edges.html", atomically: true, encoding: .utf8)
        try Self.second.write(toFile: dir + "/second.html", atomically: true, encoding: .utf8)
        return dir
    }

    func app(size: Size, page: String = "edges.html") throws -> (WebApp, String) {
        let dir = try site()
        let app = WebApp(environment: sandbox.environment)
        app.layout(in: size, scale: 1)
        app.open(WebURL(filePath: dir + "/" + page))
        app.finishLoading()
        return (app, dir)
    }

    /// The app size whose side-by-side views are `pane` points wide (page area and scrollbar space).
    func size(forPane pane: Double) -> Size {
        let w = 2 * pane + 3 * WebPagesModel.gap
        return Size(w, w * 0.8)
    }

    /// Waits until the engine has been quiet for a moment (frames from input have come).
    func settle(_ app: WebApp) { app.finishLoading() }

    @Test("at 320 px the as-is view shows the left block 1:1 and not the right; the fit view shows both at 320/970")
    func asIsAndFit() throws {
        let sz = size(forPane: 320)
        let (app, _) = try app(size: sz)
        #expect(app.stoppedReason == nil)
        #expect(app.pageTitle == "Edges")
        let asIs = app.pageRect(.asIs), fit = app.pageRect(.fit)
        #expect(asIs.width == 320 && fit.width == 320)
        let image = frame(of: app, size: sz)
        // As is: red from 0 to 100 page px, at 1:1; the blue block lies beyond the view.
        #expect(image.at(asIs.x + 5, asIs.y + 5).isClose(to: .red))
        #expect(image.at(asIs.x + 95, asIs.y + 95).isClose(to: .red))
        #expect(!image.at(asIs.x + 105, asIs.y + 50).isClose(to: .red))
        let region = (x: Int(asIs.x), y: Int(asIs.y), width: Int(asIs.width), height: Int(asIs.height))
        #expect(image.count(in: region) { $0.isClose(to: .blue) } == 0)
        // Fit: both blocks, 100 px wide scaled by the view's width beside its scrollbar over 970.
        let s = (fit.width - 20) / 970
        #expect(image.at(fit.x + 50 * s, fit.y + 50 * s).isClose(to: .red), "\(image.at(fit.x + 50 * s, fit.y + 50 * s))")
        #expect(image.at(fit.x + (970 - 50) * s, fit.y + 50 * s).isClose(to: .blue))
        #expect(!image.at(fit.x + 110 * s, fit.y + 50 * s).isClose(to: .red))
        #expect(image.at(fit.x + 485 * s, fit.y + 130 * s).isClose(to: .green))
        let fitRegion = (x: Int(fit.x), y: Int(fit.y), width: Int(fit.width), height: Int(fit.height))
        let blueCount = image.count(in: fitRegion) { $0.isClose(to: .blue) }
        #expect(abs(Double(blueCount) - (100 * s) * (100 * s)) < 100 * s * 4, "blue block area \(blueCount)")
    }

    @Test("the wheel scrolls the view under the pointer and only that one; sideways too in the as-is view")
    func scrolling() throws {
        let sz = size(forPane: 320)
        let (app, _) = try app(size: sz)
        let asIs = app.pageRect(.asIs), fit = app.pageRect(.fit)
        #expect(app.handle(.scroll(Point(asIs.midX, asIs.midY), dy: 1)))
        #expect(app.handle(.scroll(Point(asIs.midX, asIs.midY), dy: 1)))
        settle(app)
        var image = frame(of: app, size: sz)
        #expect(!image.at(asIs.x + 50, asIs.y + 5).isClose(to: .red), "the as-is view moved down the page")
        let s = (fit.width - 20) / 970
        #expect(image.at(fit.x + 50 * s, fit.y + 50 * s).isClose(to: .red), "the fit view stayed at the top")
        // Back up, then sideways: the blue block at the page's right edge comes into view.
        for _ in 0..<4 { _ = app.handle(.scroll(Point(asIs.midX, asIs.midY), dy: -1)) }
        for _ in 0..<20 { _ = app.handle(.scrollSideways(Point(asIs.midX, asIs.midY), dx: 1)) }
        settle(app)
        image = frame(of: app, size: sz)
        #expect(image.at(asIs.x + 50, asIs.y + 130).isClose(to: .green), "back at the top")
        #expect(!image.at(asIs.x + 50, asIs.y + 50).isClose(to: .red), "moved right: the red block at the left edge is out of view")
    }

    @Test("a click on a link follows it in both views; Back and Forward return")
    func links() throws {
        let sz = size(forPane: 320)
        let (app, dir) = try app(size: sz)
        let asIs = app.pageRect(.asIs)
        // The link: the magenta block below the green one (page y 160 to 240).
        let link = Point(asIs.x + 100, asIs.y + 200)
        _ = app.handle(.hover(link))
        settle(app)
        #expect(app.page.hoveredLink?.hasSuffix("second.html") == true)
        #expect(app.cursor == .hand)
        app.tap(link)
        settle(app)
        #expect(app.pageTitle == "Second")
        #expect(app.currentAddress == WebURL(filePath: dir + "/second.html").description)
        let image = frame(of: app, size: sz)
        #expect(image.at(asIs.x + 10, asIs.y + 10).isClose(to: .yellow))
        let fit = app.pageRect(.fit)
        #expect(image.at(fit.x + 10, fit.y + 10).isClose(to: .yellow), "the fit view follows")
        _ = app.handle(.key(Key("Left", alt: true)))
        settle(app)
        #expect(app.pageTitle == "Edges")
        #expect(frame(of: app, size: sz).at(asIs.x + 10, asIs.y + 10).isClose(to: .red))
        _ = app.handle(.key(Key("Right", alt: true)))
        settle(app)
        #expect(app.pageTitle == "Second")
    }

    @Test("typing goes into the page's form field (through the page's own script)")
    func typing() throws {
        let dir = try site()
        let page = """
            <html><head><title>Form</title></head><body style="margin:0">
            <input id="f" style="position:absolute;left:10px;top:10px;width:200px;height:30px">
            <script>document.getElementById('f').addEventListener('input', e => document.title = 'typed ' + e.target.value)</script>
            </body></html>
            """
        try page.write(toFile: dir + "/form.html", atomically: true, encoding: .utf8)
        let app = WebApp(environment: sandbox.environment)
        let sz = size(forPane: 320)
        app.layout(in: sz, scale: 1)
        app.open(WebURL(filePath: dir + "/form.html"))
        app.finishLoading()
        let asIs = app.pageRect(.asIs)
        app.tap(Point(asIs.x + 50, asIs.y + 25))
        // As a person does, type after the click has landed: WebKit queues a click behind the
        // events before it, and keys can overtake it.
        settle(app)
        for ch in "héllo" { _ = app.handle(.key(Key(String(ch), text: String(ch)))) }
        _ = app.handle(.key(Key("BackSpace")))
        settle(app)
        #expect(app.pageTitle == "typed héll")
    }

    @Test("pages that need flexbox, grid, SVG, a GIF, a web font and a script show them")
    func modernPages() throws {
        let dir = try site()
        // A 1×1 red GIF (global colour table: red, black), shown 40 px wide.
        let gif: [UInt8] = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00, 0xff, 0x00, 0x00,
                            0x00, 0x00, 0x00, 0x2c, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x02, 0x02, 0x44,
                            0x01, 0x00, 0x3b]
        FileManager.default.createFile(atPath: dir + "/red.gif", contents: Data(gif))
        let font = try #require(["/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"]
            .first { FileManager.default.fileExists(atPath: $0) }, "a DejaVu font to serve as the web font")
        try FileManager.default.copyItem(atPath: font, toPath: dir + "/face.ttf")
        let page = """
            <html><head><title>Modern</title><style>
            @font-face { font-family: "TestFace"; src: url(face.ttf); }
            body { margin: 0; width: 600px; }
            .flex { display: flex; justify-content: space-between; height: 50px; }
            .flex div { width: 50px; background: #0000ff; }
            .grid { display: grid; grid-template-columns: 100px 1fr 100px; height: 50px; }
            .grid .c3 { background: #00ff00; }
            img { width: 40px; height: 40px; image-rendering: pixelated; display: block; }
            #js { width: 50px; height: 50px; background: #000000; }
            </style></head><body>
            <div class="flex"><div></div><div></div></div>
            <div class="grid"><div></div><div></div><div class="c3"></div></div>
            <svg width="100" height="100" style="display:block"><circle cx="50" cy="50" r="40" fill="#ffff00"/></svg>
            <img src="red.gif">
            <div id="js"></div>
            <span id="t" style="font: 20px TestFace">font</span>
            <script>
            document.getElementById('js').style.background = '#ff00ff';
            document.fonts.load('20px TestFace').then(f => { document.title = 'font ' + f.length + ' ' + document.fonts.check('20px TestFace'); });
            </script></body></html>
            """
        try page.write(toFile: dir + "/modern.html", atomically: true, encoding: .utf8)
        let app = WebApp(environment: sandbox.environment)
        let sz = size(forPane: 640)
        app.layout(in: sz, scale: 1)
        app.open(WebURL(filePath: dir + "/modern.html"))
        app.finishLoading()
        let image = frame(of: app, size: sz)
        let r = app.pageRect(.asIs)
        #expect(image.at(r.x + 25, r.y + 25).isClose(to: .blue), "flexbox: the first item at the left")
        #expect(image.at(r.x + 575, r.y + 25).isClose(to: .blue), "flexbox: the second item at the right edge of 600 px")
        #expect(!image.at(r.x + 300, r.y + 25).isClose(to: .blue))
        #expect(image.at(r.x + 550, r.y + 75).isClose(to: .green), "grid: the third column at 500…600")
        #expect(!image.at(r.x + 450, r.y + 75).isClose(to: .green))
        #expect(image.at(r.x + 50, r.y + 150).isClose(to: .yellow), "SVG: the circle's centre")
        #expect(!image.at(r.x + 3, r.y + 103).isClose(to: .yellow), "SVG: outside the circle")
        #expect(image.at(r.x + 20, r.y + 220).isClose(to: .red), "the GIF, 40 px")
        #expect(image.at(r.x + 25, r.y + 265).isClose(to: Self.magenta), "the script coloured its block")
        #expect(app.pageTitle == "font 1 true", "the web font loaded: \(app.pageTitle)")
    }

    @Test("Ctrl+J turns scripts off in both views: the script's colour is gone")
    func scriptsOff() throws {
        let dir = try site()
        try """
            <html><body style="margin:0"><div id="b" style="width:100px;height:100px;background:#000000"></div>
            <script>document.getElementById('b').style.background = '#ff00ff'</script></body></html>
            """.write(toFile: dir + "/js.html", atomically: true, encoding: .utf8)
        let sz = size(forPane: 320)
        let (app, _) = try app(size: sz, page: "js.html")
        let r = app.pageRect(.asIs)
        #expect(frame(of: app, size: sz).at(r.x + 50, r.y + 50).isClose(to: Self.magenta))
        #expect(app.handle(.key(Key("j", control: true))))
        #expect(!app.scriptsOn)
        settle(app)
        #expect(frame(of: app, size: sz).at(r.x + 50, r.y + 50).isClose(to: .black))
    }

    @Test("killing the engine: the app lives, says the page stopped working, and Reload brings it back")
    func crash() throws {
        let sz = size(forPane: 320)
        let (app, _) = try app(size: sz)
        let pid = try #require(app.enginePID)
        kill(pid, SIGKILL)
        wait(until: { _ = app.tick(); return app.stoppedReason != nil }, timeout: 10, interval: 0.02)
        #expect(app.stoppedReason?.contains("stopped") == true, "\(String(describing: app.stoppedReason))")
        let r = app.pageRect(.asIs)
        let image = frame(of: app, size: sz)
        #expect(!image.at(r.x + 5, r.y + 5).isClose(to: .red) && !image.at(r.x + 5, r.y + 5).isClose(to: .white),
                "the view shows the stopped message, not the old page")
        #expect(app.page.statusText.contains("stopped"))
        #expect(app.press("F5"))
        app.finishLoading()
        #expect(app.stoppedReason == nil)
        #expect(frame(of: app, size: sz).at(r.x + 5, r.y + 5).isClose(to: .red), "the page is back")
    }

    /// A Web Pages view at a 320-point pane, opening a page of the test site whose only script is `script`.
    private func openPage(named name: String, script: String) throws -> (app: WebApp, site: String, size: Size) {
        let dir = try site()
        try "<html><body><p>\(name)</p><script>\(script)</script></body></html>"
            .write(toFile: dir + "/" + name, atomically: true, encoding: .utf8)
        let sz = size(forPane: 320)
        let app = WebApp(environment: sandbox.environment)
        app.layout(in: sz, scale: 1)
        app.open(WebURL(filePath: dir + "/" + name))
        return (app, dir, sz)
    }

    @Test("a page whose script never ends: the window answers, a new address loads, its process is ended")
    func spinningPage() throws {
        let (app, dir, sz) = try openPage(named: "spin.html", script: "for (;;) {}")
        // The window's side never waits: a tick returns at once while the page spins, until
        // WebKit finds the page not responding and the status line says so.
        var slowest = 0.0
        wait(until: {
            guard app.page.notice?.text.contains("not responding") != true else { return true }
            let t = WebEngine.now()
            _ = app.tick()
            slowest = max(slowest, WebEngine.now() - t)
            return false
        }, timeout: 60, interval: 0.02)  // WebKit's own timer, after its web process has started: slow on a busy machine
        #expect(slowest < blockedTick, "the slowest tick took \(Int(slowest * 1000)) ms")
        #expect(app.page.notice?.text.contains("not responding") == true, "\(app.page.statusText)")
        // Stop ends its process (one for both views); a new address loads.
        app.stop()
        app.open(WebURL(filePath: dir + "/edges.html"))
        app.finishLoading(timeout: 30)
        #expect(app.pageTitle == "Edges")
        // The new web process paints its first frames just after the load.
        app.settle()
        let r = app.pageRect(.asIs)
        #expect(frame(of: app, size: sz).at(r.x + 5, r.y + 5).isClose(to: .red))
    }

    @Test("a page that starts spinning once loaded, with nobody touching it, is found stuck: a new address loads")
    func pageSpinningLater() throws {
        // WebKit's own watch runs only while it waits for the page to take input; the engine's
        // heartbeat finds a page stuck with no input at all.
        let (app, dir, _) = try openPage(named: "later.html", script: "setTimeout(() => { for (;;) {} }, 300)")
        app.finishLoading(timeout: 30)
        wait(until: { _ = app.tick(); return app.page.notice?.text.contains("not responding") == true },
             timeout: 60, interval: 0.05)
        #expect(app.page.notice?.text.contains("not responding") == true, "\(app.page.statusText)")
        app.open(WebURL(filePath: dir + "/edges.html"))
        app.finishLoading(timeout: 30)
        #expect(app.pageTitle == "Edges")
    }

    @Test("a page from http can neither open nor read local files")
    func noLocalFilesFromTheNetwork() throws {
        let page = """
            <html><head><title>Net</title></head><body style="margin:0">
            <a id="a" href="file:///etc/passwd" style="display:block;width:200px;height:80px;background:#ff00ff"></a>
            <script>
            fetch('file:///etc/passwd').then(r => r.text()).then(t => document.title = 'read ' + t.length, e => document.title = 'blocked');
            </script></body></html>
            """
        let go = "<html><body><script>location.href = 'file:///etc/passwd'</script></body></html>"
        let server = try LocalServer(files: ["net.html": Array(page.utf8), "go.html": Array(go.utf8)])
        let app = WebApp(environment: sandbox.environment)
        let sz = size(forPane: 320)
        app.layout(in: sz, scale: 1)
        app.open(try WebURL(string: server.url("/net.html")))
        app.finishLoading()
        #expect(app.pageTitle == "blocked")
        let r = app.pageRect(.asIs)
        app.tap(Point(r.x + 50, r.y + 40))
        settle(app)
        #expect(app.currentAddress == server.url("/net.html"), "the click on a file:// link went nowhere")
        #expect(app.pageTitle == "blocked")
        // Nor can its script send the page there.
        app.open(try WebURL(string: server.url("/go.html")))
        app.finishLoading()
        #expect(app.currentAddress == server.url("/go.html"))
        #expect(frame(of: app, size: sz).at(r.x + 5, r.y + 5).isClose(to: .white))
    }

    @Test("error pages: a refused port, a 404")
    func errors() throws {
        let server = try LocalServer(files: ["a.html": Array("<html><body>a</body></html>".utf8)])
        let app = WebApp(environment: sandbox.environment)
        let sz = size(forPane: 320)
        app.layout(in: sz, scale: 1)
        app.open(try WebURL(string: "http://127.0.0.1:\(LocalServer.refusedPort())/"))
        app.finishLoading()
        #expect(app.page.notice?.isError == true)
        #expect(app.pageTitle == "This page could not be loaded")
        let r = app.pageRect(.asIs)
        #expect(frame(of: app, size: sz).at(r.x + 5, r.y + 5).isClose(to: PixelColor(r: 0xf4, g: 0xf1, b: 0xec), tolerance: 3))
        app.open(try WebURL(string: server.url("/missing.html")))
        app.finishLoading()
        #expect(app.page.notice?.text.hasPrefix("404") == true, "\(String(describing: app.page.notice))")
    }

    @Test("the start page opens when no address is given, in the spare engine the home screen started")
    func startPage() throws {
        var env = sandbox.environment
        env.assetsDirectory = Assets.locate()
        WebApp.prepare(env)
        let spare = try #require(WebEngineLink.spare?.engine.pid, "a spare engine started")
        WebApp.prepare(env)
        #expect(WebEngineLink.spare?.engine.pid == spare, "a second call starts no second spare")
        let app = WebApp(environment: env)
        app.layout(in: Size(900, 600), scale: 1)
        #expect(app.enginePID == spare, "Web Pages took up the spare")
        #expect(WebEngineLink.spare == nil)
        app.finishLoading()
        #expect(app.pageTitle.contains("TouchDesk"))
        #expect(app.currentAddress?.hasSuffix("/web/index.html") == true)
        #expect(app.bothViewsPainted)
    }

    @Test("a spare engine not taken up ends by itself")
    func spareEnds() throws {
        var env = sandbox.environment
        env.assetsDirectory = Assets.locate()
        let before = WebEngineLink.spareSeconds
        WebEngineLink.spareSeconds = 1
        defer { WebEngineLink.spareSeconds = before }
        WebApp.prepare(env)
        let pid = try #require(WebEngineLink.spare?.engine.pid)
        #expect(kill(pid, 0) == 0, "the spare runs")
        let ended = wait(until: { WebEngineLink.spare?.engine.hasExited != false }, timeout: 15, interval: 0.1)
        #expect(ended, "the spare helper exited on its own")
        // Reaped: no process (not even a zombie) is left.
        #expect(kill(pid, 0) != 0 && errno == ESRCH, "nothing is left of process \(pid)")
        WebEngineLink.dropSpare()
    }
}
