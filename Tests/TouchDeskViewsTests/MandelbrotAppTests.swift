import TouchDeskDrawing
import Foundation
import Testing
import TouchDeskInterface
import MandelbrotEngine
import TouchDeskModels
import TouchDeskTestSupport
@testable import AppMandelbrot
@testable import TouchDeskToolkit

@Suite("Mandelbrot app: what the window shows")
struct MandelbrotAppTests {
    static let size = Size(600, 500)

    static func make(_ sandbox: Sandbox = Sandbox(), size: Size = size) -> MandelbrotApp {
        let app = MandelbrotApp(environment: sandbox.environment)
        app.layout(in: size)
        app.finishRendering()
        return app
    }

    /// Where the plane point (x, y) is drawn in the app's current view.
    static func pixel(of app: MandelbrotApp, _ x: Double, _ y: Double) -> (Double, Double) {
        let f = app.frame!, w = app.model.window
        let i = Double(f.width) / 2 + (x - w.center.x.double) / f.spacing
        let j = Double(f.height) / 2 - (y - w.center.y.double) / f.spacing
        return (app.imageRect.x + i, app.imageRect.y + j)
    }

    static let black = PixelColor(unit: 0, 0, 0)
    static let white = PixelColor(unit: 1, 1, 1)

    @Test func theStartViewShowsTheSetAndTheCrossHair() {
        let app = Self.make()
        let img = frame(of: app, size: Self.size)
        let r = app.imageRect
        #expect(img.at(Self.pixel(of: app, 0, 0.3).0, Self.pixel(of: app, 0, 0.3).1).isClose(to: Self.black), "inside the main cardioid")
        let far = Self.pixel(of: app, 0.9, 1.3)
        #expect(img.at(far.0, far.1).isClose(to: PixelColor(unit: 0.01, 0.01, 0.99), tolerance: 10), "far outside: seed blue")
        // The cross-hair: white down the middle column and along the middle row, off the set.
        let cx = r.x + (r.width / 2).rounded(.down) + 0.5, cy = r.y + (r.height / 2).rounded(.down) + 0.5
        #expect(img.mismatches([(cx, r.minY + 20), (cx, r.maxY - 20)], expected: Self.white).isEmpty)
        #expect(img.mismatches([(r.minX + 30, cy), (r.maxX - 30, cy)], expected: Self.white).isEmpty)
        #expect(app.model.journeyText == "start")
    }

    @Test func tappingQuadrantOneZoomsIntoIt() {
        let app = Self.make()
        let r = app.imageRect
        app.tap(Point(r.x + r.width * 0.3, r.y + r.height * 0.3))
        #expect(app.model.journeyText == "1")
        #expect(app.model.window.minX == -2 && app.model.window.maxY == 1.5)
        app.finishRendering()
        let img = frame(of: app, size: Self.size)
        // c = −1 + 0.05i (the period-2 bulb, black) is now at the centre-right of the top-left quadrant's view.
        let bulb = Self.pixel(of: app, -1, 0.05)
        #expect(img.at(bulb.0, bulb.1).isClose(to: Self.black), "\(bulb)")
        let outside = Self.pixel(of: app, -1.9, 1.3)
        #expect(img.at(outside.0, outside.1).b > 200, "near −1.9 + 1.3i escapes at once: blue")
    }

    @Test func aNewerViewIsNeverOverdrawnByTheRenderItSuperseded() throws {
        let app = Self.make()
        let r = app.imageRect
        // Three quick taps: 4, then 2, then 1; only the last view's picture may remain.
        for (fx, fy) in [(0.8, 0.8), (0.8, 0.2), (0.2, 0.2)] { app.tap(Point(r.x + r.width * fx, r.y + r.height * fy)) }
        #expect(app.model.journeyText == "4-2-1")
        app.finishRendering()
        let img = frame(of: app, size: Self.size)
        let f = app.frame!
        var wrong = 0
        for (i, j) in [(3, 3), (100, 50), (f.width - 5, f.height - 5), (250, f.height * 3 / 4), (40, f.height - 40)] {
            let n = MandelbrotKernel.iterations(cx: app.model.window.center.x.double + f.dx(i), cy: app.model.window.center.y.double + f.dy(j), limit: f.limit)
            let value = MandelbrotValue.make(count: n, norm: 0, limit: f.limit, smooth: false)
            let expected = PixelColor(hex: app.coloring!.argb(value) & 0xff_ffff)
            if !img.at(r.x + Double(i) + 0.5, r.y + Double(j) + 0.5).isClose(to: expected, tolerance: 2) { wrong += 1 }
        }
        #expect(wrong == 0)
    }

    @Test func dragPansAndAClickWithoutMovementStillZooms() {
        let app = Self.make()
        let r = app.imageRect
        let before = app.model.window
        let a = Point(r.midX + 40, r.midY + 40)
        app.drag([a, Point(a.x + 30, a.y), Point(a.x + 60, a.y + 20)])
        #expect(app.model.journeyText == "free view")
        let s = app.frame!.spacing
        #expect(abs(app.model.window.center.x.double - (before.center.x.double - 60 * s)) < 1e-12)
        #expect(abs(app.model.window.center.y.double - (before.center.y.double + 20 * s)) < 1e-12)
        app.tap(Point(r.maxX - 20, r.maxY - 20))
        #expect(app.model.window.span == 1.5, "a tap zooms into quadrant 4")
    }

    @Test func theWheelZoomsAboutThePointer() {
        let app = Self.make()
        let p = Point(app.imageRect.x + 150, app.imageRect.y + 100)
        let f = app.frame!
        let w = app.model.window
        let planeX = w.center.x.double + (p.x - app.imageRect.x - Double(f.width) / 2) * f.spacing
        _ = app.handle(.scroll(p, dy: -1))
        #expect(app.model.window.span < w.span)
        let g = app.frame!
        let after = app.model.window.center.x.double + (p.x - app.imageRect.x - Double(g.width) / 2) * g.spacing
        #expect(abs(after - planeX) < 1e-12, "the point under the pointer stays put")
    }

    @Test func keysChangeTheLimitAndTheColoring() {
        let app = Self.make()
        app.press("bracketright")
        #expect(app.model.limit == 400)
        app.press("s")
        #expect(app.model.smooth)
        #expect(app.controls[.smooth]?.isOn == true)
        app.press("3")
        #expect(app.model.journeyText == "3")
        app.press("BackSpace")
        #expect(app.model.journeyText == "start")
        app.press("r")
        #expect(app.model.window == .start)
    }

    @Test func zoomingTooDeepSaysSoAndKeepsThePicture() throws {
        let app = Self.make(size: Size(400, 316))
        try app.go(journey: Array(repeating: "2", count: MandelbrotWindow.maxHalvings).joined(separator: "-"))
        let deepest = app.model.window
        app.press("1")
        #expect(app.model.window == deepest)
        #expect(app.toastMessage?.contains("Deepest zoom") == true)
        app.display.renderer.cancel()
    }

    @Test func ctrlSSavesThePictureAsPNG() throws {
        let sandbox = Sandbox()
        let app = Self.make(sandbox)
        app.press("s", control: true)
        app.finishSaving()
        let files = sandbox.dir.files(in: sandbox.environment.picturesDirectory)
        #expect(files.count == 1, "\(files)")
        let saved = try #require(files.first)
        #expect(saved.hasPrefix("touchdesk-mandelbrot-"))
        #expect(PNG.hasSignature(sandbox.environment.picturesDirectory + "/" + saved))
        #expect(app.toastMessage?.hasPrefix("Saved") == true)
    }

    @Test func everythingFitsAtTheMinimumSize() {
        let size = Size(Shell.minimumSize.width, Shell.minimumSize.height - Shell.barHeight)
        let app = Self.make(size: size)
        #expect(app.imageRect.height >= 150)
        for c in app.controls.shownItems {
            #expect(Rect(x: 0, y: app.imageRect.maxY, width: size.width, height: size.height - app.imageRect.maxY).contains(c.frame), "\(c.id) \(c.frame)")
        }
        let img = frame(of: app, size: size)
        let origin = Self.pixel(of: app, 0, 0.3)
        #expect(img.at(origin.0, origin.1).isClose(to: Self.black))
    }
}
