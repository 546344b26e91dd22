import Foundation
import Testing
import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskModels
import TouchDeskTestSupport
@testable import TouchDeskViews
import TouchDeskWeb

/// Web Pages drawn into image surfaces, with pages from a temporary folder (file://).
@Suite("Web Pages views", .serialized)
struct WebAppTests {
    /// A 970 px page: a red block at its left edge, a blue one at its right, green below.
    static let edges = """
        <html><head><style>
        body { margin: 0; width: 970px; background: #ffffff; }
        #l { float: left; width: 100px; height: 100px; background: #ff0000; }
        #r { float: right; width: 100px; height: 100px; background: #0000ff; }
        #g { clear: both; height: 60px; background: #00ff00; }
        </style></head><body><div id="l"></div><div id="r"></div><div id="g"></div>
        <p><a href="second.html">Second page</a> <a href="mailto:someone@example.com">Mail</a></p>
        <div style="height: 3000px"></div><h2 id="end">The end</h2></body></html>
        """
    static let second = """
        <html><head><title>Second</title></head><body style="margin:0">
        <div style="width:300px;height:200px;background:#ffff00"></div></body></html>
        """

    let sandbox = Sandbox()

    func app(size: Size) throws -> (WebApp, String) {
        let dir = sandbox.dir.appending("site")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try Self.edges.write(toFile: dir + "/edges.html", atomically: true, encoding: .utf8)
        try Self.second.write(toFile: dir + "/second.html", atomically: true, encoding: .utf8)
        let app = WebApp(environment: sandbox.environment)
        app.layout(in: size)
        app.open(WebURL(filePath: dir + "/edges.html"))
        app.finishLoading()
        return (app, dir)
    }

    /// The app size whose side-by-side views are `pane` points wide.
    func size(forPane pane: Double) -> Size {
        let w = 2 * (pane + WebViewport.barWidth) + 3 * WebPagesModel.gap
        return Size(w, w * 0.8)
    }

    @Test("at 320 px the as-is view shows the left block 1:1 and not the right; the fit view shows both at 320/970")
    func asIsAndFit() throws {
        let (app, _) = try app(size: size(forPane: 320))
        let asIs = app.model.asIs, fit = app.model.fit
        #expect(asIs.frame.width == 320 && fit.frame.width == 320)
        #expect(asIs.contentSize.width == 970)
        let image = frame(of: app, size: size(forPane: 320))
        let red = PixelColor.red, blue = PixelColor.blue
        // As is: red from 0 to 100 page px, at 1:1.
        #expect(image.at(asIs.frame.x + 5, asIs.frame.y + 5).isClose(to: red))
        #expect(image.at(asIs.frame.x + 95, asIs.frame.y + 95).isClose(to: red))
        #expect(!image.at(asIs.frame.x + 105, asIs.frame.y + 50).isClose(to: red))
        let region = (x: Int(asIs.frame.x), y: Int(asIs.frame.y), width: Int(asIs.frame.width), height: Int(asIs.frame.height))
        #expect(image.count(in: region) { $0.isClose(to: blue) } == 0)
        // Fit: both blocks, 100 px wide scaled by 320/970 (about 33 points).
        let s = 320.0 / 970.0
        #expect(abs(fit.scale - s) < 1e-9)
        #expect(image.at(fit.frame.x + 50 * s, fit.frame.y + 50 * s).isClose(to: red))
        #expect(image.at(fit.frame.x + (970 - 50) * s, fit.frame.y + 50 * s).isClose(to: blue))
        #expect(!image.at(fit.frame.x + 110 * s, fit.frame.y + 50 * s).isClose(to: red))
        #expect(image.at(fit.frame.x + 485 * s, fit.frame.y + 130 * s).isClose(to: .green))
        let fitRegion = (x: Int(fit.frame.x), y: Int(fit.frame.y), width: Int(fit.frame.width), height: Int(fit.frame.height))
        let blueCount = image.count(in: fitRegion) { $0.isClose(to: blue) }
        #expect(abs(Double(blueCount) - (100 * s) * (100 * s)) < 100 * s * 4, "blue block area \(blueCount)")
    }

    @Test("the wheel, Shift+wheel and keys scroll the as-is view, and it draws the part scrolled to")
    func scrolling() throws {
        let sz = size(forPane: 320)
        let (app, _) = try app(size: sz)
        let inside = Point(app.model.asIs.frame.midX, app.model.asIs.frame.midY)
        #expect(app.handle(.scroll(inside, dy: 1)))
        #expect(app.model.asIs.scroll.y == WebApp.wheelStep)
        #expect(app.handle(.scrollSideways(inside, dx: 1)))
        #expect(app.model.asIs.scroll.x == WebApp.wheelStep)
        app.press("End")
        #expect(app.model.asIs.scroll.y == app.model.asIs.maxScroll.y)
        app.press("Home")
        #expect(app.model.asIs.scroll.y == 0)
        // Far enough right that the blue block is in view.
        for _ in 0..<30 { _ = app.handle(.scrollSideways(inside, dx: 1)) }
        #expect(app.model.asIs.scroll.x == app.model.asIs.maxScroll.x)
        app.finishLoading()
        let image = frame(of: app, size: sz)
        let f = app.model.asIs.frame
        #expect(image.at(f.maxX - 20, f.y + 20).isClose(to: .blue))
        // Dragging the page moves it with the pointer.
        app.drag([Point(f.midX, f.midY), Point(f.midX + 30, f.midY + 10), Point(f.midX + 100, f.midY)])
        #expect(app.model.asIs.scroll.x == app.model.asIs.maxScroll.x - 100)
    }

    @Test("a click on a link follows it, Back returns, other schemes are refused with a message")
    func links() throws {
        let sz = size(forPane: 320)
        let (app, dir) = try app(size: sz)
        let f = app.model.asIs.frame
        // The first link sits in the paragraph under the blocks; find it by hovering.
        var linkPoint: Point?
        for y in stride(from: f.y + 160, to: f.y + 260, by: 3) {
            for x in stride(from: f.x + 4, to: f.x + 120, by: 6) {
                _ = app.handle(.hover(Point(x, y)))
                if app.hoveredLink?.hasSuffix("second.html") == true { linkPoint = Point(x, y); break }
            }
            if linkPoint != nil { break }
        }
        let link = try #require(linkPoint, "no link found under the pointer")
        #expect(app.cursor == .hand)
        #expect(app.statusText.contains("second.html"))
        app.tap(link)
        app.finishLoading()
        #expect(app.page?.url == WebURL(filePath: dir + "/second.html"))
        #expect(app.page?.title == "Second")
        #expect(app.history.canGoBack)
        let image = frame(of: app, size: sz)
        #expect(image.at(f.x + 10, f.y + 10).isClose(to: .yellow))
        _ = app.handle(.key(Key("Left", alt: true)))
        app.finishLoading()
        #expect(app.page?.url == WebURL(filePath: dir + "/edges.html"))
        #expect(app.history.canGoForward)
        // mailto: is refused, with a message, and nothing loads.
        var mailPoint: Point?
        for y in stride(from: f.y + 160, to: f.y + 260, by: 3) {
            for x in stride(from: f.x + 4, to: f.maxX - 4, by: 6) {
                _ = app.handle(.hover(Point(x, y)))
                if app.hoveredLink?.hasPrefix("mailto:") == true { mailPoint = Point(x, y); break }
            }
            if mailPoint != nil { break }
        }
        app.tap(try #require(mailPoint))
        #expect(!app.isLoading)
        #expect(app.notice?.isError == true)
        #expect(app.notice?.text.contains("mailto") == true)
    }

    @Test("a link clicked in the scaled view is followed too; Escape while loading stops, otherwise leaves")
    func fitViewLink() throws {
        let (app, dir) = try app(size: size(forPane: 320))
        let f = app.model.fit.frame
        var found: Point?
        for y in stride(from: f.y + 50, to: f.y + 100, by: 1) {
            for x in stride(from: f.x + 1, to: f.x + 60, by: 2) {
                _ = app.handle(.hover(Point(x, y)))
                if app.hoveredLink?.hasSuffix("second.html") == true { found = Point(x, y); break }
            }
            if found != nil { break }
        }
        app.tap(try #require(found, "no link under the pointer in the fit view"))
        // The load runs until a tick takes the page in: Esc now stops it (the app keeps the key).
        #expect(app.isLoading)
        #expect(app.address.text.hasSuffix("second.html"))
        #expect(app.press("Escape"))
        app.finishLoading()
        #expect(!app.isLoading)
        #expect(!app.press("Escape"), "Esc with nothing loading is the shell's: back to the home screen")
        app.tap(found!)
        app.finishLoading()
        #expect(app.page?.url == WebURL(filePath: dir + "/second.html") || app.page?.title == "Second")
    }

    @Test("on a 2x screen the tiles are painted at 2x: block edges fall on device pixels")
    func hiDPI() throws {
        let sz = size(forPane: 320)
        let (app, _) = try app(size: sz)
        func frame2x() -> PixelImage {
            PixelImage(surface: ImageSurface.render(size: sz, scale: 2) { app.draw($0) })
        }
        #expect(app.tileScale == 1)
        // Laid out at 2x, the app asks for tiles at 2x.
        app.layout(in: sz, scale: 2)
        #expect(app.tileScale == 2)
        _ = app.tick()
        app.finishLoading()
        let image = frame2x()
        let f = app.model.asIs.frame
        // The red block ends at page x 100: device pixel 2 (x + 99.5) is red, 2 (x + 100.25) is white.
        #expect(image[Int(2 * (f.x + 99.75)), Int(2 * (f.y + 50))].isClose(to: .red, tolerance: 4))
        #expect(image[Int(2 * (f.x + 100.25)), Int(2 * (f.y + 50))].isClose(to: .white, tolerance: 4))
    }

    @Test("a fragment on the page shown scrolls to its anchor without loading")
    func fragment() throws {
        let (app, dir) = try app(size: size(forPane: 320))
        app.open(WebURL(filePath: dir + "/edges.html").withFragment("end"))
        #expect(!app.isLoading)
        #expect(app.model.asIs.scroll.y > 2500)
        app.goBack()
        #expect(app.model.asIs.scroll.y == 0)
    }

    @Test("a resize keeps the scroll position; the views are laid out again for the new width")
    func resize() throws {
        let (app, _) = try app(size: size(forPane: 320))
        app.press("Page_Down")
        let y = app.model.asIs.scroll.y
        #expect(y > 0)
        app.layout(in: Size(600, 900))
        #expect(app.model.arrangement == .stacked)
        #expect(app.model.asIs.scroll.y == y)
        #expect(app.model.asIs.contentSize.width == 970)
    }

    @Test("the start page opens when no address is given, and the address field loads what is typed")
    func startPageAndAddress() throws {
        var env = sandbox.environment
        env.assetsDirectory = Assets.locate()
        let app = WebApp(environment: env)
        app.layout(in: Size(900, 600))
        app.finishLoading()
        #expect(app.page?.kind == .html)
        #expect(app.page?.title.contains("TouchDesk") == true)
        app.press("l", control: true)
        for ch in "/nonexistent/page.html" { _ = app.handle(.key(Key(String(ch), text: String(ch)))) }
        app.press("Return")
        app.finishLoading()
        if case .error(.missingFile) = app.page?.kind {} else { Issue.record("expected a missing-file page, got \(String(describing: app.page?.kind))") }
        #expect(app.history.canGoBack)
    }
}
