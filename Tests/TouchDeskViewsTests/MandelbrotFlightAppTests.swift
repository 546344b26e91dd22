import Foundation
import Testing
import TouchDeskInterface
import MandelbrotEngine
import TouchDeskModels
import TouchDeskTestSupport
@testable import TouchDeskViews

@Suite("Mandelbrot app: flying")
struct MandelbrotFlightAppTests {
    /// `n` ticks of the frame clock, letting the flight's thread work between them.
    static func ticks(_ app: MandelbrotApp, _ n: Int) {
        for _ in 0..<n {
            _ = app.tick()
            usleep(2000)
        }
    }

    /// The complete picture of the app's view, rendered afresh.
    static func fresh(_ app: MandelbrotApp) -> [Float] {
        let f = app.frame!
        var p = MandelbrotPicture(width: f.width, height: f.height)
        let r = MandelbrotRenderer(workers: 2)
        r.start(f, tasks: p.plan())
        r.waitUntilComputed()
        for t in r.drain() { p.apply(t) }
        return p.values
    }

    @Test func pageUpHeldFliesInAboutTheCentreAnsweringKeysAndLandsExactly() {
        let app = MandelbrotAppTests.make()
        let centre = app.model.window.center
        _ = app.handle(.key(Key("Prior")))
        Self.ticks(app, 60)
        #expect(app.display.isFlying)
        #expect(abs(app.model.window.span - 1.5) < 1e-9, "one second at 2×/s: \(app.model.window.zoomText)")
        #expect(app.model.window.center == centre)
        // Keys are answered during the flight: + speeds it up, and it flies on.
        _ = app.handle(.key(Key("plus")))
        #expect(app.model.flightSpeedText == "2.67×/s")
        Self.ticks(app, 10)
        #expect(app.model.flight != nil)
        _ = app.handle(.keyUp(Key("Prior")))
        #expect(app.model.flight == nil)
        app.finishRendering()
        #expect(!app.display.isFlying)
        #expect(app.picture!.isComplete)
        #expect(app.picture!.values == Self.fresh(app), "the landed picture is not the exact one")
    }

    @Test func aPressHeldStillTakesOffTowardThePointerAndMovingItSteers() {
        let app = MandelbrotAppTests.make()
        let r = app.imageRect
        let p = Point(r.x + r.width * 0.3, r.y + r.height * 0.6)
        _ = app.handle(.touchBegan(p))
        Self.ticks(app, MandelbrotApp.holdTicks - 1)
        #expect(app.model.flight == nil, "took off before the hold was long enough")
        Self.ticks(app, 2)
        let f = try! #require(app.model.flight)
        #expect(f.direction == .inward && f.fx < 0 && f.fy < 0)
        _ = app.handle(.touchMoved(Point(r.x + r.width * 0.7, r.y + r.height * 0.2)))
        #expect(app.model.flight!.fx > 0 && app.model.flight!.fy > 0)
        Self.ticks(app, 20)
        _ = app.handle(.touchEnded(Point(r.x + r.width * 0.7, r.y + r.height * 0.2)))
        #expect(app.model.flight == nil)
        #expect(app.model.journey == nil, "the release was taken for a quadrant tap")
        #expect(app.model.window.span < 3)
        // The right button flies out.
        _ = app.handle(.secondaryBegan(p))
        #expect(app.model.flight?.direction == .outward)
        let before = app.model.window.span
        Self.ticks(app, 10)
        _ = app.handle(.secondaryEnded(p))
        #expect(app.model.window.span > before)
        #expect(app.model.flight == nil)
    }

    @Test func theAutopilotFliesUntilAKeyWhichDoesNothingElse() {
        let app = MandelbrotAppTests.make()
        _ = app.handle(.key(Key("a", text: "a")))
        #expect(app.model.flight?.autopilot == true)
        Self.ticks(app, 90)
        #expect(app.model.window.span < 3, "the autopilot did not fly in: \(app.model.window.zoomText)")
        let zoom = app.model.window.span
        // R would reset the view; while the autopilot flies it only stops it.
        _ = app.handle(.key(Key("r", text: "r")))
        #expect(app.model.flight == nil)
        #expect(app.model.window.span == zoom)
        app.finishRendering()
        #expect(app.picture!.values == Self.fresh(app))
    }
}
