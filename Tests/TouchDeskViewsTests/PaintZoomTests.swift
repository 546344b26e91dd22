import Foundation
import Glibc
import Testing
import TouchDeskDrawing
import TouchDeskFiles
import TouchDeskInterface
import TouchDeskModels
import TouchDeskTestSupport
@testable import AppPaintbrush
@testable import TouchDeskToolkit

/// Paintbrush showing its picture as an image editor does: centred with its edge, zoomed with
/// sharp pixels, scrolled by wheel, scrollbar and Space+drag, painted on at any zoom.
@Suite("Paintbrush zoom and scroll")
struct PaintZoomTests {
    static let size = Size(640, 480)
    let sandbox = Sandbox()

    func makeApp(size: Size = PaintZoomTests.size) -> PaintApp {
        mkdir(sandbox.dir.path, 0o700)
        let app = PaintApp(environment: sandbox.environment)
        app.layout(in: size)
        return app
    }

    func press(_ app: PaintApp, _ name: String, control: Bool = false, shift: Bool = false) {
        _ = app.handle(.key(Key(name, control: control, shift: shift)))
    }

    /// A 160×120 picture of one-pixel stripes, red on even columns and blue on odd ones, with a
    /// green top-left pixel: every pixel tells its neighbour apart.
    func openStripes(_ app: PaintApp) throws {
        let s = ImageSurface(size: Size(160, 120), format: .rgb)
        s.draw { cr in
            for x in 0..<160 { cr.fill(Rect(x: Double(x), y: 0, width: 1, height: 120), x % 2 == 0 ? Color(1, 0, 0) : Color(0, 0, 1)) }
            cr.fill(Rect(x: 0, y: 0, width: 1, height: 1), Color(0, 1, 0))
        }
        let path = sandbox.dir.appending("stripes.png")
        try ImageFile.writePNG(s, to: path)
        app.open(path: path)
        #expect(app.finishOpening() == nil)
    }

    func window(_ app: PaintApp, size: Size = PaintZoomTests.size) -> PixelImage {
        _ = app.handle(.leave)
        return frame(of: app, size: size)
    }

    @Test func anOpenedSmallPictureIsCentredWithItsEdgeDrawn() throws {
        let app = makeApp()
        try openStripes(app)
        let c = app.canvasRect
        let frame = app.pictureFrame
        #expect(frame.width == 160 && frame.height == 120)
        #expect(abs(frame.midX - c.midX) <= 1 && abs(frame.midY - c.midY) <= 1, "centred: \(frame) in \(c)")
        let img = window(app)
        let (x0, y0) = (Int(frame.x), Int(frame.y))
        #expect(img.at(Double(x0), Double(y0)).isClose(to: .green), "the top-left pixel")
        #expect(img.at(Double(x0 + 2), Double(y0 + 60)).isClose(to: .red) && img.at(Double(x0 + 3), Double(y0 + 60)).isClose(to: .blue))
        // The edge: a line one pixel outside the picture, unlike both the picture and the field.
        let edge = PixelColor(Theme.dimText), field = PixelColor(Theme.background)
        for p in [(x0 - 1, y0 + 60), (x0 + 160, y0 + 60), (x0 + 80, y0 - 1), (x0 + 80, y0 + 120)] {
            #expect(img.at(Double(p.0), Double(p.1)).isClose(to: edge, tolerance: 6), "edge at \(p): \(img.at(Double(p.0), Double(p.1)))")
        }
        #expect(img.at(Double(x0 - 20), Double(y0 + 60)).isClose(to: field, tolerance: 4))
        #expect(img.at(Double(x0 + 80), Double(y0 + 150)).isClose(to: field, tolerance: 4))
        // A click on the picture paints on it where it shows.
        app.model.color = .white
        app.tap(Point(frame.x + 40, frame.y + 30))
        #expect(PixelImage(surface: app.canvasSurface!).at(40, 30) == .white)
    }

    @Test func ctrlPlusMakesThePixelsBiggerAndSharp() throws {
        let app = makeApp()
        try openStripes(app)
        press(app, "plus", control: true, shift: true)
        press(app, "equal", control: true)
        #expect(app.viewport.zoom == 3)
        let frame = app.pictureFrame
        #expect(frame.width == 480 && frame.height == 360)
        let img = window(app)
        // Each picture pixel is a 3×3 block of exactly its colour: nearest, not smoothed.
        let x0 = frame.x, y0 = frame.y
        for col in [0, 1, 2, 41, 100, 159] {
            let want: PixelColor = col % 2 == 0 ? .red : .blue
            for dx in 0..<3 {
                let p = img.at(x0 + Double(col * 3 + dx), y0 + 150)
                #expect(p == want, "column \(col) pixel \(dx): \(p)")
            }
        }
        #expect(img.at(x0 + 2, y0 + 2) == .green && img.at(x0 + 3, y0 + 2) == .blue)
        // The zoom shows in the corner; Ctrl+− and Ctrl+0 come back.
        press(app, "minus", control: true)
        #expect(app.viewport.zoom == 2)
        press(app, "0", control: true)
        #expect(app.viewport.zoom == 1 && app.pictureFrame.width == 160)
    }

    /// The stripes opened and zoomed in `steps` times with Ctrl++, a small white brush ready.
    func zoomedIn(_ steps: Int, to zoom: Double) throws -> PaintApp {
        let app = makeApp()
        try openStripes(app)
        for _ in 0..<steps { press(app, "plus", control: true) }
        #expect(app.viewport.zoom == zoom)
        app.model.color = .white
        app.model.setRadius(2)
        return app
    }

    @Test func paintingWhileZoomedInLandsOnThePicturePointUnderThePointer() throws {
        let app = try zoomedIn(3, to: 4)
        // The picture point (100, 70) under the pointer.
        let at = app.appPoint(Point(100, 70))
        app.tap(at)
        let canvas = PixelImage(surface: app.canvasSurface!)
        #expect(canvas.at(100, 70) == .white)
        #expect(canvas.at(104, 70) != .white, "a radius-2 dab, not one of 8 points")
        // Undo takes it away at this zoom.
        press(app, "z", control: true)
        #expect(PixelImage(surface: app.canvasSurface!).at(100, 70) != .white)
    }

    @Test func theKeyboardBrushPaintsAtEveryZoomAndStaysInView() throws {
        let app = try zoomedIn(5, to: 8)
        // Space puts a dab at the picture's centre; at 8× the arrows move one picture point a press.
        press(app, "space")
        _ = app.handle(.keyUp(Key("space")))
        #expect(PixelImage(surface: app.canvasSurface!).at(80, 60) == .white)
        for _ in 0..<60 { press(app, "Right") }
        let p = try #require(app.keyBrush.position)
        #expect(p.x == 140 && p.y == 60)
        let shown = app.appPoint(p)
        #expect(app.canvasRect.contains(shown), "the view followed the brush: \(shown)")
        press(app, "space")
        _ = app.handle(.keyUp(Key("space")))
        #expect(PixelImage(surface: app.canvasSurface!).at(140, 60) == .white)
        press(app, "z", control: true)
        #expect(PixelImage(surface: app.canvasSurface!).at(140, 60) != .white)
        #expect(PixelImage(surface: app.canvasSurface!).at(80, 60) == .white)
    }

    @Test func ctrlWheelZoomsAboutThePointerAndTheWheelScrolls() throws {
        let app = makeApp()
        try openStripes(app)
        // At 600 % the picture is larger than the view both ways: the point under the pointer stays.
        for _ in 0..<4 { press(app, "plus", control: true) }
        #expect(app.viewport.zoom == 6)
        let pointer = Point(app.canvasRect.midX + 50, app.canvasRect.midY - 30)
        let under = app.picturePoint(pointer)
        _ = app.handle(.key(Key("Control_L")))
        _ = app.handle(.scroll(pointer, dy: -1))
        _ = app.handle(.keyUp(Key("Control_L", control: true)))
        #expect(app.viewport.zoom == 8)
        let p = app.picturePoint(pointer)
        #expect(abs(p.x - under.x) <= 0.5 / 8 && abs(p.y - under.y) <= 0.5 / 8, "the point under the pointer stayed: \(under) → \(p)")
        #expect(app.viewControls[.actualSize]?.label == "800 %", "the zoom button says the zoom")
        // Without Ctrl the wheel scrolls down; Shift+wheel (sideways) scrolls across.
        let before = app.viewport.scroll
        _ = app.handle(.scroll(pointer, dy: 1))
        #expect(app.viewport.scroll.y > before.y && app.viewport.scroll.x == before.x)
        _ = app.handle(.scrollSideways(pointer, dx: 1))
        #expect(app.viewport.scroll.x > before.x)
        #expect(app.viewport.zoom == 8)
    }

    @Test func spaceDragPansAndPaintsNothing() throws {
        let app = makeApp()
        try openStripes(app)
        for _ in 0..<4 { press(app, "plus", control: true) }
        let before = app.viewport.scroll
        press(app, "space")
        app.drag([Point(300, 200), Point(250, 180), Point(200, 160)])
        _ = app.handle(.keyUp(Key("space")))
        #expect(abs(app.viewport.scroll.x - before.x - 100 / app.viewport.zoom) < 1e-9, "\(before) → \(app.viewport.scroll)")
        #expect(abs(app.viewport.scroll.y - before.y - 40 / app.viewport.zoom) < 1e-9)
        #expect(app.model.history.count == 1, "only the open: the dab Space put down was taken back")
        #expect(PixelImage(surface: app.canvasSurface!).at(80, 60) != .white)
    }

    @Test func draggingTheScrollbarScrollsAndAClickOnItsTrackPages() throws {
        let app = makeApp()
        try openStripes(app)
        for _ in 0..<5 { press(app, "plus", control: true) }
        let thumb = try #require(app.viewport.horizontalThumb)
        let c = app.canvasRect
        let grab = Point(c.x + thumb.midX, c.y + thumb.midY)
        let start = app.viewport.scroll.x
        app.drag([grab, Point(grab.x + 20, grab.y)])
        let moved = app.viewport.scroll.x
        #expect(moved > start && abs(moved - start - 20 * app.viewport.picturePointsPerThumbPoint(vertical: false)) < 0.01)
        #expect(app.model.history.count == 1, "a scrollbar drag paints nothing")
        let track = try #require(app.viewport.horizontalTrack)
        app.tap(Point(c.x + track.maxX - 4, c.y + track.midY))
        #expect(app.viewport.scroll.x > moved)
        let img = window(app)
        let t = try #require(app.viewport.verticalThumb)
        #expect(img.at(c.x + t.midX, c.y + t.midY).isClose(to: PixelColor(Theme.dimText), tolerance: 6), "the thumb shows")
    }

    @Test func fitShowsALargePictureWhole() throws {
        let app = makeApp()
        let big = ImageSurface(size: Size(2000, 1500), format: .rgb)
        big.draw { cr in cr.fill(Rect(x: 1990, y: 1490, width: 10, height: 10), Color(1, 1, 0)) }
        let path = sandbox.dir.appending("big.png")
        try ImageFile.writePNG(big, to: path)
        app.open(path: path)
        #expect(app.finishOpening() == nil)
        #expect(app.viewport.zoom == 1 && app.pictureFrame.x == 0 && app.pictureFrame.y == 0, "a large picture opens at its top left")
        press(app, "f")
        let frame = app.pictureFrame
        #expect(frame.width <= app.canvasRect.width + 0.01 && frame.height <= app.canvasRect.height + 0.01, "\(frame) in \(app.canvasRect)")
        #expect(frame.width >= app.canvasRect.width - 1 || frame.height >= app.canvasRect.height - 1)
        let img = window(app)
        #expect(img.at(frame.maxX - 2, frame.maxY - 2).isClose(to: .yellow, tolerance: 40), "the far corner shows")
    }

    @Test func theZoomButtonsZoomAndSayTheZoom() throws {
        let app = makeApp()
        try openStripes(app)
        let plus = try #require(app.viewControls[.zoomIn]?.frame)
        #expect(app.canvasRect.contains(Point(plus.minX, plus.minY)) && plus.maxY <= app.canvasRect.maxY, "over the canvas: \(plus)")
        app.tap(Point(plus.midX, plus.midY))
        app.tap(Point(plus.midX, plus.midY))
        #expect(app.viewport.zoom == 3)
        #expect(app.model.history.count == 1, "a click on a zoom button paints nothing")
        let level = try #require(app.viewControls[.actualSize])
        #expect(level.label == "300 %")
        app.tap(Point(level.frame.midX, level.frame.midY))
        #expect(app.viewport.zoom == 1)
        #expect(app.keyHelp.contains { $0.keys == "Ctrl++" && $0.action == "Zoom in" })
        #expect(app.keyHelp.contains { $0.keys == "F" })
        #expect(app.controlRects.contains { $0.id == "fit" })
    }

    @Test func theToolbarTakesOneRowAt1920() {
        let app = makeApp(size: Size(1920, 1036))
        #expect(app.toolbar.overflow.isEmpty)
        let tools = app.controls.shownItems.filter { $0.frame.width > 0 }
        #expect(Set(tools.map(\.frame.y)).count == 1, "one row: \(tools.map { "\($0.id) \($0.frame)" })")
        #expect(tools.allSatisfy { $0.frame.width > 0 && $0.frame.maxX <= 1920 - 8 })
    }
}
