import TouchDeskDrawing
import Foundation
import Testing
import TouchDeskInterface
import MandelbrotEngine
import TouchDeskModels
import TouchDeskTestSupport
@testable import AppMandelbrot
@testable import TouchDeskToolkit

/// Recolouring never freezes the window: a palette change only queues the work, the window
/// keeps the previous colours until its tick picks the finished recolour up, and a newer
/// request supersedes an older one. Asserted on state, never on time.
@Suite("Mandelbrot app: recolouring off the UI thread")
struct MandelbrotRecolorTests {
    /// A big window: the picture is 1,280 × 800-odd pixels.
    static let size = Size(1280, 900)

    /// The pixels the picture shows that are not their value's colour in the shown colouring
    /// (every 3rd column and row, leaving out the cross-hair and labels).
    static func wrongPixels(_ app: MandelbrotApp) throws -> Int {
        let img = frame(of: app, size: Self.size)
        let picture = try #require(app.picture), coloring = try #require(app.coloring)
        var wrong = 0
        for p in MandelbrotViewingTests.picturePixels(app, img) where p.x % 3 == 0 && p.y % 3 == 0 {
            let v = picture.value(p.x, p.y)
            let argb = switch picture.quality(p.x, p.y) {
            case .unknown: MandelbrotPalette.unknown
            case .coarse where !v.isFinite: MandelbrotPalette.coarseInterior
            default: coloring.argb(v)
            }
            if !p.color.isClose(to: PixelColor(hex: argb & 0xff_ffff), tolerance: 2) { wrong += 1 }
        }
        return wrong
    }

    static func shown(_ app: MandelbrotApp) -> [PixelColor] {
        MandelbrotViewingTests.picturePixels(app, frame(of: app, size: Self.size)).filter { $0.x % 5 == 0 && $0.y % 5 == 0 }.map(\.color)
    }

    @Test func aPaletteKeyQueuesTheRecolorAndTheTickShowsIt() throws {
        let app = MandelbrotViewingTests.make(size: Self.size)
        let before = Self.shown(app)
        let started = app.display.recolorsStarted
        #expect(app.coloring?.kind == .range && !app.isRecoloring)

        app.press("p")
        // The handler only asked: the palette is chosen, the work is on the recolour thread, and
        // the window still shows the range colours.
        #expect(app.model.palette == .histogram)
        #expect(app.isRecoloring && app.display.recolorsStarted == started + 1)
        #expect(app.coloring?.kind == .range)
        #expect(Self.shown(app) == before, "the previous colours stay until the tick")
        // Finished is not shown: only the tick picks it up.
        app.display.waitForRecolorJob()
        #expect(app.coloring?.kind == .range && Self.shown(app) == before)
        _ = app.tick()
        #expect(app.coloring?.kind == .histogram && !app.isRecoloring)
        #expect(Self.shown(app) != before)
        #expect(try Self.wrongPixels(app) == 0, "every pixel in the histogram colours")

        // , and . on the cyclic palette: the same.
        app.press("p")
        app.finishRecoloring()
        #expect(app.coloring?.kind == .cyclic)
        let cyclic = Self.shown(app)
        app.press("period")
        #expect(app.model.period == 2 * MandelbrotModel.startPeriod && app.coloring?.period == MandelbrotModel.startPeriod)
        #expect(app.isRecoloring && Self.shown(app) == cyclic)
        app.display.waitForRecolorJob()
        _ = app.tick()
        #expect(app.coloring?.period == 2 * MandelbrotModel.startPeriod && Self.shown(app) != cyclic)
        #expect(try Self.wrongPixels(app) == 0)
        app.press("comma")
        #expect(app.isRecoloring && app.coloring?.period == 2 * MandelbrotModel.startPeriod)
        app.finishRecoloring()
        #expect(app.coloring?.period == MandelbrotModel.startPeriod && Self.shown(app) == cyclic)

        // S changes the values, not just the colours: the handler queues a render and returns.
        app.press("s")
        #expect(app.model.smooth && app.isRendering && app.display.restartPending)
        app.finishRendering()
        #expect(try Self.wrongPixels(app) == 0)
    }

    @Test func aNewerRequestSupersedesTheOneInFlight() throws {
        let app = MandelbrotViewingTests.make(size: Self.size)
        let started = app.display.recolorsStarted
        // Five palette keys in a row: one recolour runs, the rest are remembered as one.
        for _ in 0..<5 { app.press("p") }
        #expect(app.model.palette == .cyclic)   // range, histogram, cyclic, range, histogram, cyclic
        #expect(app.display.recolorsStarted == started + 1 && app.isRecoloring)
        app.finishRecoloring()
        #expect(app.display.recolorsStarted <= started + 2, "\(app.display.recolorsStarted - started) recolours for five keys")
        #expect(app.coloring?.kind == .cyclic)
        #expect(try Self.wrongPixels(app) == 0)
    }

    /// A pan moves the coloured pixels rather than painting them again: straight after it, each
    /// moved pixel still shows its value's colour and the uncovered strip is "not computed" grey.
    @Test func aPanMovesTheColoredPixelsAsTheyAre() throws {
        let app = MandelbrotViewingTests.make(size: Self.size)
        for key in ["Left", "Down"] {
            app.press(key)
            // The restart the tick begins with: pixels moved, the render of the strip started (the
            // rest of the tick may already take in a small strip's tiles).
            app.display.applyRestart()
            #expect(try Self.wrongPixels(app) == 0, "after \(key)")
            let picture = try #require(app.picture)
            let strip = key == "Left" ? picture.quality(2, picture.height / 2) : picture.quality(picture.width / 2, picture.height - 3)
            #expect(strip != .final, "the uncovered strip is computed again")
            app.finishRendering()
        }
        #expect(try Self.wrongPixels(app) == 0)
    }

    /// A zoom paints nothing on the UI thread: the old picture is drawn scaled as the preview
    /// until the recolour has painted the new one.
    @Test func aZoomShowsTheOldPictureScaledUntilTheRecolorPaintsTheNewOne() throws {
        let app = MandelbrotViewingTests.make(size: Self.size)
        let r = app.imageRect
        let before = frame(of: app, size: Self.size)
        app.press("plus")   // ×2 about the picture's centre
        app.display.applyRestart()  // what the next tick does first
        let during = frame(of: app, size: Self.size)
        #expect(app.display.showsOlderPicture && app.isRecoloring)
        let c = (x: r.x + r.width / 2, y: r.y + r.height / 2)
        var wrong = 0
        for (dx, dy) in [(-150.0, -90.0), (120.0, 80.0), (-60.0, 140.0), (200.0, -150.0), (-250.0, 30.0)] {
            let shown = during.at(c.x + 2 * dx, c.y + 2 * dy)
            // The old pixel at half the distance, give or take one for the rounding of the centre.
            let steps: [Double] = [-1, 0, 1]
            let near = steps.flatMap { (i: Double) in steps.map { (j: Double) in before.at(c.x + dx + i, c.y + dy + j) } }
            if !near.contains(where: { $0.isClose(to: shown, tolerance: 2) }) { wrong += 1 }
        }
        #expect(wrong == 0, "the preview is the old picture scaled ×2 about the centre")
        app.finishRendering()
        #expect(!app.display.showsOlderPicture)
        #expect(try Self.wrongPixels(app) == 0)
    }

    /// Tiles that arrive while a recolour runs wait for it and are painted in its colours: once
    /// the window has settled, driven only by ticks as the host drives it, every pixel shows its
    /// value's colour.
    @Test func tilesArrivingDuringARecolorEndInItsColors() throws {
        let app = MandelbrotViewingTests.make(size: Self.size)
        app.press("bracketright")   // a slower render, so tiles arrive during the recolours
        _ = app.tick()
        app.press("p")
        var ticks = 0
        while app.tick() || app.isRendering || app.isRecoloring {
            ticks += 1
            if ticks == 3 { app.press("Left") }   // a pan during it all: the pixels move
            if ticks == 6 { app.press("p") }
            usleep(2000)
            if ticks > 20_000 { break }
        }
        #expect(!app.isRendering && !app.isRecoloring)
        #expect(app.coloring?.kind == .cyclic && app.picture?.isComplete == true)
        #expect(try Self.wrongPixels(app) == 0)
    }
}

/// A view given on the command line changes where one looks, not the colours: smoothing,
/// palette and period all carry over, as they do for every other move; R resets them all.
@Suite("Mandelbrot app: a journey keeps the colours")
struct MandelbrotJourneyColorsTests {
    @Test func aJourneyOrAnExactViewKeepsSmoothingPaletteAndPeriodAndRResetsThem() throws {
        let app = MandelbrotViewingTests.make()
        app.press("p"); app.press("p"); app.press("period"); app.press("s")
        let wanted = (palette: MandelbrotPaletteKind.cyclic, period: 2 * MandelbrotModel.startPeriod)
        #expect(app.model.palette == wanted.palette && app.model.period == wanted.period && app.model.smooth)

        try app.go(journey: "1-4-4")
        #expect(app.model.journey == [1, 4, 4])
        #expect(app.model.palette == wanted.palette && app.model.period == wanted.period && app.model.smooth)
        app.finishRendering()
        #expect(app.coloring?.kind == wanted.palette && app.coloring?.period == wanted.period)

        // A malformed journey changes nothing.
        #expect(throws: (any Error).self) { try app.go(journey: "1-9") }
        #expect(app.model.journey == [1, 4, 4] && app.model.palette == wanted.palette)

        app.go(window: MandelbrotWindow(center: ComplexDecimal(try DecimalNumber.parse("-0.75"), try DecimalNumber.parse("0.1")),
                                        width: try DecimalNumber.parse("0.01")))
        #expect(app.model.journey == nil)
        #expect(app.model.palette == wanted.palette && app.model.period == wanted.period && app.model.smooth)

        app.press("r")
        #expect(app.model.palette == .range && app.model.period == MandelbrotModel.startPeriod && !app.model.smooth)
        #expect(app.model.window == .start && app.model.limit == MandelbrotModel.startLimit)
        app.finishRendering()
        #expect(app.coloring?.kind == .range)
    }
}
