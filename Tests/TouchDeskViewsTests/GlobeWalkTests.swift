import Foundation
import Testing
import TouchDeskDrawing
import TouchDeskGlobe
import TouchDeskInterface
import TouchDeskTestSupport
@testable import AppSeaLevel
@testable import TouchDeskToolkit

/// Sea Level's walker, heading keys and coarse frames, at view level: with a profile shown ←/→
/// walk it (without one they turn the globe), W plays it, a drag on the chart moves it; Shift+←/→
/// turn the view about its centre; a big window draws coarse pictures while the globe turns and
/// the full one at rest.
@Suite("Sea Level: walking a profile, the heading, coarse frames", .enabled(if: DataCaches.reliefAvailable, "ETOPO5 not installed (ferret-datasets)"))
struct GlobeWalkTests {
    let sandbox = Sandbox()

    func makeApp(size: Size = Size(900, 596)) -> GlobeApp {
        var env = sandbox.environment
        env.cacheDirectory = DataCaches.directory
        let app = GlobeApp(environment: env)
        app.layout(in: size)
        app.finishLoading()
        return app
    }

    @Test func arrowsWalkAShownProfileAndTurnTheGlobeOtherwise() throws {
        let app = makeApp()
        let start = app.model.view
        app.press("Right")
        #expect(app.model.view != start, "→ turns the globe without a profile")
        app.press("m")
        let walk = try #require(app.profileTool.walk)
        #expect(walk.index == 0 && app.profileTool.walkedSample?.distanceKm == 0)
        let turned = app.model.view
        app.press("Right"); app.press("Right")
        #expect(app.profileTool.walk?.index == 2 * walk.keyStep && app.model.view == turned, "→ walks, the globe stays")
        app.press("Left")
        #expect(app.profileTool.walk?.index == walk.keyStep)
        // W plays: the ticks move the walker on and keep the app ticking until the end.
        app.press("w")
        #expect(app.tick())
        for _ in 0..<30 { _ = app.tick() }
        let played = try #require(app.profileTool.walk)
        #expect(played.isPlaying && played.index > walk.keyStep)
        var ticks = 0
        while app.tick() && ticks < 2_000 { ticks += 1 }
        #expect(app.profileTool.walk?.isAtEnd == true && app.profileTool.walk?.isPlaying == false)
        // The walker's readout: distance and height of the sample under it.
        let s = try #require(app.profileTool.walkedSample)
        #expect(GlobeProfileTool.walkerLabel(s).contains(" km · "))
        // A press on the chart puts the walker under the pointer (M's flight to the Deep is over by now).
        let settled = app.model.view
        let plot = GlobeProfileTool.plotRect(in: GlobeProfileTool.chartRect(in: app.globeRect))
        _ = app.handle(.touchBegan(Point(plot.x + plot.width / 4, plot.midY)))
        _ = app.handle(.touchEnded(Point(plot.x + plot.width / 4, plot.midY)))
        let quarter = try #require(app.profileTool.walk)
        #expect(abs(quarter.fraction - 0.25) < 0.01, "the walker at \(quarter.fraction) after a press a quarter along the chart")
        #expect(app.model.view == settled, "a press on the chart does not turn the globe")
        // Esc puts the profile away: → turns the globe again.
        app.press("Escape")
        app.press("Right")
        #expect(app.profileTool.walk == nil && app.model.view != settled)
    }

    @Test func shiftArrowsTurnTheHeadingAboutTheCentre() {
        let app = makeApp()
        let before = app.model.view
        app.press("Right", shift: true)
        let after = app.model.view
        #expect(after != before)
        #expect(abs(after.centre.latitude - before.centre.latitude) < 1e-9 && abs(after.centre.longitude - before.centre.longitude) < 1e-9,
                "the heading turns about the centre: \(before.centre) → \(after.centre)")
        app.press("Left", shift: true)
        let back = app.model.view.orientation.m, orig = before.orientation.m
        for i in 0..<3 { #expect(simd_distance(back[i], orig[i]) < 1e-9) }
    }

    @Test func bigWindowsDrawCoarseWhileTurningAndFullAtRest() {
        let app = makeApp(size: Size(1920, 1080))
        _ = app.tick()
        #expect(app.globePicture.shown?.key.coarse == 1)
        let c = app.globeRect.center
        _ = app.handle(.touchBegan(c))
        _ = app.handle(.touchMoved(Point(c.x + 40, c.y + 10)))
        _ = app.tick()
        #expect(app.globePicture.shown?.key.coarse == 2, "a big window turns with coarse pictures")
        _ = app.handle(.touchEnded(Point(c.x + 40, c.y + 10)))
        var ticks = 0
        while app.tick() && ticks < 600 { ticks += 1 }
        #expect(app.globePicture.shown?.key.coarse == 1, "at rest the full picture")
        // A small window is drawn full even while turning.
        let small = makeApp()
        let m = small.globeRect.center
        _ = small.handle(.touchBegan(m))
        _ = small.handle(.touchMoved(Point(m.x + 40, m.y + 10)))
        _ = small.tick()
        #expect(small.globePicture.shown?.key.coarse == 1)
    }
}

private func simd_distance(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double { ((a - b) * (a - b)).sum().squareRoot() }
