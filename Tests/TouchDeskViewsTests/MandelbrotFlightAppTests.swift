import Foundation
import Testing
import TouchDeskInterface
import MandelbrotEngine
import TouchDeskModels
import TouchDeskTestSupport
@testable import AppMandelbrot
@testable import TouchDeskToolkit

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
        Self.ticks(app, MandelbrotPilot.holdTicks - 1)
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

    @Test("a screen reader reaches the keys-only actions on the picture (Julia set, autopilot) by name and key; holding keys are left out")
    func theKeysOnlyActionsAreThePicturesActions() throws {
        let app = MandelbrotAppTests.make()
        let picture = try #require(app.accessibleContent.first { $0.role == .canvas })
        let names = picture.actions.map(\.name)
        #expect(names.contains("julia") && names.contains("autopilot") && names.contains("quadrant.1"))
        #expect(!names.contains("flyIn") && !names.contains("flyOut"), "Page Up/Down fly only while held")
        let autopilot = try #require(picture.actions.first { $0.name == "autopilot" })
        #expect(autopilot.keybinding == "a")
        #expect(autopilot.description.hasPrefix("Autopilot"))
        #expect(picture.actions.first { $0.name == "copyView" }?.keybinding == "<Control>c")
        for e in autopilot.input { _ = app.handle(e) }
        #expect(app.model.flight?.autopilot == true, "the action did not start the autopilot")
        Self.ticks(app, 30)
        #expect(app.model.window.span < 3)
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

@Suite("Mandelbrot app: Julia sets")
struct MandelbrotJuliaAppTests {
    @Test func jShowsTheJuliaSetUnderThePointerWhichFollowsItWhileHeld() {
        let app = MandelbrotAppTests.make()
        let r = app.imageRect
        let p = Point(r.x + r.width * 0.35, r.y + r.height * 0.4)
        _ = app.handle(.hover(p))
        let expected = app.model.mandelbrotPoint(atWidths: app.area.widths(at: app.area.devicePoint(p)).0, app.area.widths(at: app.area.devicePoint(p)).1)
        _ = app.handle(.key(Key("j", text: "j")))
        #expect(app.model.julia == expected)
        #expect(app.model.window == MandelbrotModel.juliaStart)
        // The key repeats while held: the Julia set stays.
        _ = app.handle(.key(Key("j", text: "j")))
        #expect(app.model.julia == expected)
        // Held, the pointer moves c.
        _ = app.handle(.hover(Point(r.x + r.width * 0.6, r.y + r.height * 0.3)))
        let moved = app.model.julia
        #expect(moved != nil && moved != expected)
        _ = app.handle(.keyUp(Key("j")))
        _ = app.handle(.hover(p))
        #expect(app.model.julia == moved, "c moved with the key up")
        app.finishRendering()
        let f = app.frame!, c = app.model.julia!
        let n = MandelbrotKernel.juliaIterations(zx: f.dx(f.width / 2), zy: f.dy(f.height / 3), jx: c.x.double, jy: c.y.double, limit: f.limit)
        let v = app.picture!.value(f.width / 2, f.height / 3)
        #expect(n >= f.limit ? !v.isFinite : v == Float(n))
        // J again: back to the Mandelbrot view.
        _ = app.handle(.key(Key("j", text: "j")))
        _ = app.handle(.keyUp(Key("j")))
        #expect(app.model.julia == nil && app.model.window == MandelbrotWindow.start)
    }
}
