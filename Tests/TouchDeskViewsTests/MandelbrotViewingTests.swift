import TouchDeskDrawing
import Foundation
import Testing
import TouchDeskInterface
import MandelbrotEngine
import TouchDeskModels
import TouchDeskTestSupport
@testable import AppMandelbrot
@testable import TouchDeskToolkit

/// Mandelbrot's second round as a user sees it: palettes that show deep structure, pans that
/// reuse pixels and never flash the set's black, a progress bar, device pixels, saving off the
/// UI thread, big pictures and a journey label that always fits.
@Suite("Mandelbrot app: palettes, reuse, progress, HiDPI and saving")
struct MandelbrotViewingTests {
    static let size = MandelbrotAppTests.size

    /// The app laid out and fully rendered, as the other Mandelbrot view tests make it.
    static func make(_ sandbox: Sandbox = Sandbox(), size: Size = size) -> MandelbrotApp {
        MandelbrotAppTests.make(sandbox, size: size)
    }

    static func isBlack(_ c: PixelColor) -> Bool { c.r <= 10 && c.g <= 10 && c.b <= 10 }

    /// The picture's pixels as drawn in `img` (app coordinates at `scale` pixels per point),
    /// leaving out the cross-hair, the quadrant numbers and the progress bar.
    static func picturePixels(_ app: MandelbrotApp, _ img: PixelImage, scale: Double = 1) -> [(x: Int, y: Int, color: PixelColor)] {
        let r = app.imageRect
        var out: [(Int, Int, PixelColor)] = []
        let x0 = Int(r.x * scale), y0 = Int(r.y * scale)
        let midX = Int((r.x + (r.width / 2).rounded(.down)) * scale), midY = Int((r.y + (r.height / 2).rounded(.down)) * scale)
        for y in stride(from: y0 + Int(24 * scale), to: Int((r.maxY - 10) * scale), by: 1) where abs(y - midY) > Int(2 * scale) {
            for x in stride(from: x0 + Int(24 * scale), to: Int((r.maxX - 24) * scale), by: 1) where abs(x - midX) > Int(2 * scale) {
                out.append((x - x0, y - y0, img[x, y]))
            }
        }
        return out
    }

    // MARK: - Colours

    /// A journey that stays on the set's boundary: at each step the quadrant whose view shows the
    /// most different counts on a coarse grid.
    static func boundaryJourney(steps: Int) throws -> [Int] {
        var journey: [Int] = []
        var model = MandelbrotModel()
        for _ in 0..<steps {
            var best = (q: 1, n: -1)
            for q in 1...4 {
                let w = model.window.quadrant(q)
                let f = MandelbrotFrame(window: w, width: 12, height: 12, limit: model.limit)
                var counts = Set<Int>()
                for j in 0..<12 { for i in 0..<12 {
                    counts.insert(MandelbrotKernel.iterations(cx: w.center.x.double + f.dx(i), cy: w.center.y.double + f.dy(j), limit: f.limit))
                } }
                if counts.count > best.n { best = (q, counts.count) }
            }
            journey.append(best.q)
            try model.tapQuadrant(best.q)
        }
        return journey
    }

    @Test func aDeepViewShowsItsStructureAndPCyclesThePalettesAndRResetsThem() throws {
        let app = Self.make()
        try app.go(journey: MandelbrotJourney.format(try Self.boundaryJourney(steps: 26)))
        app.press("bracketright"); app.press("bracketright")   // a high limit washed the seed's colours out
        app.finishRendering()
        let picture = try #require(app.picture)
        let counts = Set(picture.values.filter(\.isFinite))
        let img = frame(of: app, size: Self.size)
        let shown = Set(Self.picturePixels(app, img).map(\.color))
        #expect(shown.count >= 12, "\(shown.count) colours for \(counts.count) counts")
        // The seed's colouring over the whole limit would show far fewer.
        let seed = Set(counts.map { MandelbrotPalette.argb(MandelbrotPalette.color(count: Int($0), limit: app.model.limit)) })
        #expect(shown.count > 2 * seed.count, "range \(shown.count), seed \(seed.count)")

        // Recolours run off the UI thread; the tick picks them up (MandelbrotRecolourTests).
        app.press("p")
        app.finishRecoloring()
        #expect(app.model.palette == .histogram && app.coloring?.kind == .histogram)
        app.press("p")
        #expect(app.model.palette == .cyclic)
        app.press("period")
        app.finishRecoloring()
        #expect(app.model.period == 2 * MandelbrotModel.startPeriod && app.coloring?.period == 2 * MandelbrotModel.startPeriod)
        let cyclic = frame(of: app, size: Self.size)
        let changed = Self.picturePixels(app, cyclic).map(\.color) != Self.picturePixels(app, img).map(\.color)
        #expect(changed, "the cyclic palette shows other colours")
        app.press("s")
        app.press("r")
        #expect(app.model.window == .start && app.model.limit == MandelbrotModel.startLimit)
        #expect(app.model.palette == .range && !app.model.smooth && app.model.period == MandelbrotModel.startPeriod)
    }

    // MARK: - Reuse

    @Test func aPanMovesThePixelsAndNeverShowsBlackWhereTheSetIsNot() throws {
        let app = Self.make()
        let r = app.imageRect
        let before = try #require(app.picture)
        // Drag the picture 90 points right and 40 down: the set moves with the pointer.
        let a = Point(r.midX - 100, r.midY - 60)
        app.drag([a, Point(a.x + 45, a.y + 20), Point(a.x + 90, a.y + 40)])
        app.display.applyRestart()  // what the next tick does first
        let moved = try #require(app.picture)
        #expect(moved.value(200, 150) == before.value(110, 110), "the old pixels moved with the drag")
        #expect(moved.quality(200, 150) == .final && moved.quality(10, 150) == .unknown)
        // Frames while the strips render: every black pixel must be inside the set in the end.
        var frames = [frame(of: app, size: Self.size)]
        while app.isRendering {
            _ = app.tick()
            frames.append(frame(of: app, size: Self.size))
            if frames.count > 40 { app.finishRendering() }
        }
        app.finishRendering()
        let final = try #require(app.picture)
        #expect(final.isComplete)
        var wrong = 0, blackSeen = 0
        for img in frames {
            for p in Self.picturePixels(app, img) where Self.isBlack(p.color) {
                blackSeen += 1
                if final.value(p.x, p.y).isFinite { wrong += 1 }
            }
        }
        #expect(blackSeen > 0, "the set is on screen")
        #expect(wrong == 0, "\(wrong) pixels showed the set's black outside the set")
        // And the finished picture is the one a fresh render of this view gives.
        let fresh = Self.make()
        fresh.pan(toMatch: app)
        #expect(fresh.picture?.values == final.values)
    }

    // MARK: - Progress

    @Test func theProgressBarShowsDuringASlowRenderAndGoesWhenDone() throws {
        let app = Self.make()
        let r = app.imageRect
        let barY = r.maxY - MandelbrotDisplay.progressHeight / 2
        let done = frame(of: app, size: Self.size)
        let quiet = done.at(r.x + 3, barY)
        // Three doublings of the limit: the main cardioid now takes 1,600 steps a pixel, and the
        // frame below is drawn straight after the key, long before the workers can be done.
        for _ in 0..<3 { app.press("bracketright") }
        app.display.applyRestart()  // what the next tick does first
        #expect(app.isRendering)
        let during = frame(of: app, size: Self.size)
        let barStart = during.at(r.x + 3, barY)
        #expect(barStart.isClose(to: PixelColor(hex: 0xf0a030), tolerance: 8) || barStart.isClose(to: PixelColor(Theme.accent), tolerance: 8),
                "the bar's filled part: \(barStart)")
        // The bar spans the picture: its unfilled track darkens the far end.
        #expect(during.at(r.maxX - 3, barY) != done.at(r.maxX - 3, barY) || app.display.renderer.progress.fraction > 0.99)
        app.finishRendering()
        #expect(!app.isRendering)
        let after = frame(of: app, size: Self.size)
        let expected = PixelColor(hex: app.coloring!.argb(app.picture!.value(3, app.picture!.height - 3)) & 0xff_ffff)
        #expect(after.at(r.x + 3, barY).isClose(to: expected, tolerance: 2), "no bar once every pixel is final")
        #expect(quiet.b > 200 && quiet.r < 60, "before: the picture's own blue, no bar: \(quiet)")
    }

    // MARK: - HiDPI

    @Test func atTwoPixelsPerPointThePictureHasTheScreensOwnPixels() throws {
        let sandbox = Sandbox()
        let app = Self.make(sandbox)
        // Laid out at 2×, the next tick renders at the screen's own pixels.
        app.layout(in: Self.size, scale: 2)
        _ = app.tick()
        app.finishRendering()
        let f = try #require(app.frame)
        #expect(f.width == Int(2 * app.imageRect.width) && f.height == Int(2 * app.imageRect.height))
        let img = PixelImage(surface: ImageSurface.render(size: Self.size, scale: 2) { app.draw($0) })
        let picture = try #require(app.picture), coloring = try #require(app.coloring)
        var wrong = 0
        for p in Self.picturePixels(app, img, scale: 2) where p.x % 7 == 0 && p.y % 5 == 0 {
            if !p.color.isClose(to: PixelColor(hex: coloring.argb(picture.value(p.x, p.y)) & 0xff_ffff), tolerance: 2) { wrong += 1 }
        }
        #expect(wrong == 0, "each device pixel shows its own value")

        let path = try #require(app.saveNow())
        let saved = try #require(PixelImage(pngPath: path))
        #expect(saved.width == f.width && saved.height == f.height, "Ctrl+S saves device pixels")
    }

    // MARK: - Saving

    @Test func threeHundredCtrlSInARowSaveOneAtATime() throws {
        let sandbox = Sandbox()
        let app = Self.make(sandbox)
        for _ in 0..<300 { app.press("s", control: true) }
        // The presses only asked: one save runs, at most one more waits.
        app.finishSaving()
        let files = sandbox.dir.files(in: sandbox.environment.picturesDirectory)
        #expect((1...2).contains(files.count), "\(files)")
        for f in files { #expect(PNG.hasSignature(sandbox.environment.picturesDirectory + "/" + f)) }
        #expect(app.toastMessage?.hasPrefix("Saved") == true)
    }

    @Test func shiftCtrlSAsksForASizeAndSavesThatBigAPicture() throws {
        let sandbox = Sandbox()
        // A pictures folder, as a desktop has: the save dialog starts there (else at home).
        try FileManager.default.createDirectory(atPath: sandbox.environment.picturesDirectory, withIntermediateDirectories: true)
        let app = Self.make(sandbox)
        app.press("s", control: true, shift: true)
        #expect(app.bigSave.isAskingForSize)
        // A size beyond 8K is refused, with the field marked and a reason.
        type(app, "9000x9000")
        app.press("Return")
        #expect(app.bigSave.isAskingForSize && app.bigSave.sizeField.isInvalid)
        #expect(app.toastMessage?.contains("7680×4320") == true)
        type(app, "321x203")
        app.press("Return")
        #expect(!app.bigSave.isAskingForSize)
        // Then the file dialog asks where, with a name suggested in Pictures: Enter takes it.
        app.press("Return")
        #expect(app.bigSave.size?.width == 321)
        // The window keeps answering while it renders: a quadrant key still zooms.
        app.press("1")
        #expect(app.model.journeyText == "1")
        app.finishSaving()
        let files = sandbox.dir.files(in: sandbox.environment.picturesDirectory)
        let big = try #require(files.first { $0.contains("321x203") })
        let saved = try #require(PixelImage(pngPath: sandbox.environment.picturesDirectory + "/" + big))
        #expect(saved.width == 321 && saved.height == 203)
        // The start view (the save began before the tap): the cardioid's centre is black, the corner blue.
        #expect(Self.isBlack(saved[150, 101]) && saved[2, 2].b > 200, "\(saved[150, 101]) \(saved[2, 2])")
        app.press("Escape")
    }

    /// Selects all of the size field and types `text`.
    func type(_ app: MandelbrotApp, _ text: String) {
        app.press("a", control: true)
        for ch in text { _ = app.handle(.key(Key(String(ch), text: String(ch)))) }
    }

    // MARK: - Journey label

    @Test func aLongJourneyIsShortenedInTheMiddleAndCopiedWhole() throws {
        let sandbox = Sandbox()
        let app = Self.make(sandbox, size: Size(400, 316))
        let steps = Array(repeating: [1, 4, 4, 1, 3, 3, 2, 2, 1, 4], count: 10).flatMap { $0 }
        try app.go(journey: MandelbrotJourney.format(steps))
        let label = app.journeyLayout
        #expect(label.isEllipsized)
        #expect(label.width <= 400 * 0.55, "\(label.width)")
        app.press("c", control: true, shift: true)
        #expect(app.environment.clipboard.lastCopied(.clipboard) == "--journey " + MandelbrotJourney.format(steps))
        app.display.renderer.cancel()
    }
}

extension MandelbrotApp {
    /// Pans (by whole drags) until this app's view is `other`'s: for comparing with a fresh render.
    func pan(toMatch other: MandelbrotApp) {
        let d = Point((other.model.window.center.x - model.window.center.x).double / frame!.spacing,
                      (other.model.window.center.y - model.window.center.y).double / frame!.spacing)
        let a = imageRect.center
        drag([a, Point(a.x - d.x / 2, a.y + d.y / 2), Point(a.x - d.x, a.y + d.y)])
        finishRendering()
    }
}
