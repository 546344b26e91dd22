import TouchDeskDrawing
import Foundation
import Testing
import TouchDeskInterface
import TouchDeskModels
import TouchDeskTestSupport
@testable import AppPaintbrush
@testable import TouchDeskToolkit

/// Paintbrush as a user sees it: pixels on the canvas and in the window, files on disk.
@Suite("Paintbrush view")
struct PaintAppTests {
    static let size = Size(640, 480)
    let sandbox = Sandbox()

    func makeApp(_ env: AppEnvironment? = nil, size: Size = PaintAppTests.size) -> PaintApp {
        let app = PaintApp(environment: env ?? sandbox.environment)
        app.layout(in: size)
        return app
    }

    /// The window as drawn with the pointer gone (so the brush outline does not cover the paint).
    func window(_ app: PaintApp, size: Size = PaintAppTests.size) -> PixelImage {
        _ = app.handle(.leave)
        return frame(of: app, size: size)
    }

    func canvas(_ app: PaintApp) -> PixelImage { PixelImage(surface: app.canvasSurface!) }

    // MARK: - Dabs and strokes

    @Test func theCanvasStartsBlackAboveTheTools() {
        let app = makeApp()
        #expect(app.canvasRect.width == 640)
        #expect(app.canvasRect.height > 200)
        let img = window(app)
        let c = app.canvasRect
        #expect(img.count(of: .black, x: 0, y: 0, width: Int(c.width), height: Int(app.zoomButtonsTop)) == Int(c.width) * Int(app.zoomButtonsTop))
        // Every tool shown sits below the canvas, inside the window; the zoom buttons over its corner.
        #expect(app.controlRects.count >= 4)
        for item in app.controlRects where !app.viewControls.items.contains(where: { $0.id.name == item.id }) {
            #expect(item.frame.minY >= c.maxY && item.frame.maxY <= Self.size.height, "\(item.id) at \(item.frame)")
        }
    }

    @Test func aClickLeavesAWhiteDabOfTheBrushRadius() {
        let app = makeApp()
        app.tap(Point(120, 100))
        for img in [window(app), canvas(app)] {
            #expect(img.at(120, 100) == .white)
            // Radius 10: white just inside it, black just outside and far away.
            #expect(img.mismatches([(127, 100), (113, 100), (120, 107), (120, 93)], expected: .white).isEmpty)
            #expect(img.mismatches([(132, 100), (107, 100), (120, 113), (120, 87), (300, 100), (120, 200)], expected: .black).isEmpty)
        }
        #expect(app.model.totalDabs == 1)
    }

    @Test func aFastDragPaintsTheWholeLineWithoutGaps() {
        let app = makeApp()
        let a = Point(30, 40), b = Point(600, app.canvasRect.maxY - 40)
        // One motion event: the pointer jumped the whole way between two frames.
        _ = app.handle(.touchBegan(a))
        _ = app.handle(.touchMoved(b))
        _ = app.handle(.touchEnded(b))
        let img = window(app)
        let along = pointsAlong(from: a.xy, to: b.xy, count: 300)
        #expect(img.mismatches(along, expected: .white).isEmpty)
        // The band is the brush's full width all the way (8 of the radius 10 either side), not beads.
        let len = a.distance(to: b)
        let nx = -(b.y - a.y) / len, ny = (b.x - a.x) / len
        for side in [-8.0, 8.0] {
            let edge = pointsAlong(from: (a.x + nx * side, a.y + ny * side), to: (b.x + nx * side, b.y + ny * side), count: 300)
            #expect(img.mismatches(edge, expected: .white).isEmpty, "at \(side) from the line")
        }
        // And no wider: 14 away it is still black.
        for side in [-14.0, 14.0] {
            let out = pointsAlong(from: (a.x + 20 * (b.x - a.x) / len + nx * side, a.y + 20 * (b.y - a.y) / len + ny * side),
                                  to: (b.x - 20 * (b.x - a.x) / len + nx * side, b.y - 20 * (b.y - a.y) / len + ny * side), count: 100)
            #expect(img.mismatches(out, expected: .black).isEmpty, "at \(side) from the line")
        }
    }

    @Test func aDragIsPaintedWhileItIsStillGoing() {
        let app = makeApp()
        _ = app.handle(.touchBegan(Point(50, 60)))
        _ = app.handle(.touchMoved(Point(250, 60)))
        // Not released yet, but the line so far is on screen.
        let img = window(app)
        #expect(img.mismatches(pointsAlong(from: (50, 60), to: (240, 60), count: 100), expected: .white).isEmpty)
        _ = app.handle(.touchEnded(Point(250, 60)))
    }

    @Test func thePointerShowsTheBrushOutline() {
        let app = makeApp()
        _ = app.handle(.hover(Point(200, 150)))
        let img = frame(of: app, size: Self.size)
        // A grey ring of the brush radius around the pointer: grey pixels near it, none inside
        // or further out, and nothing painted.
        let box = (x: 185, y: 135, side: 31)
        var grey = 0
        for y in box.y..<(box.y + box.side) {
            for x in box.x..<(box.x + box.side) {
                let c = img[x, y]
                let d = Point(Double(x) + 0.5, Double(y) + 0.5).distance(to: Point(200, 150))
                if c == .black { continue }
                #expect(c.r == c.g && c.g == c.b, "ring pixel \(c) is grey")
                #expect(d > 8 && d < 12, "only the ring is drawn, not \(c) at \(d) from the pointer")
                grey += 1
            }
        }
        #expect(grey > 40)
        #expect(canvas(app).count(of: .white) == 0)
    }

    @Test func startingOnTheToolbarPaintsNothing() {
        let app = makeApp()
        let below = app.canvasRect.maxY + 2
        app.drag([Point(600, below), Point(600, 100), Point(300, 100)])
        #expect(canvas(app).count(of: .white) == 0)
        #expect(app.model.history.isEmpty)
    }

    // MARK: - Colours and size

    @Test(arguments: PaintColor.allCases)
    func numberKeysPickEachColor(color: PaintColor) {
        let app = makeApp()
        #expect(app.press("\(color.rawValue + 1)"))
        #expect(app.model.color == color.color)
        app.tap(Point(300, 150))
        let img = window(app)
        #expect(img.at(300, 150).isClose(to: PixelColor(color), tolerance: 2), "\(img.at(300, 150))")
        #expect(img.at(300, 150 + 5).isClose(to: PixelColor(color), tolerance: 2))
    }

    @Test func clickingEachSwatchPaintsItsColorAndMarksIt() throws {
        // A window wide and tall enough that the swatches sit in the toolbar, rings and all.
        let size = Size(900, 640)
        let app = makeApp(size: size)
        #expect(!app.toolbar.overflow.contains(.color(.white)))
        for (i, color) in PaintColor.allCases.reversed().enumerated() {
            app.click(.color(color))
            #expect(app.model.color == color.color)
            let spot = Point(40 + Double(i) * 60, 80)
            app.tap(spot)
            let img = window(app, size: size)
            #expect(img.at(spot.x, spot.y).isClose(to: PixelColor(color), tolerance: 2), "\(color.name): \(img.at(spot.x, spot.y))")
            // The chosen swatch wears the accent ring; the others do not.
            for other in PaintColor.allCases {
                let f = app.controls[.color(other)]!.frame
                let ringPoint = (f.x + f.height / 2 - 15.75, f.midY)
                let isAccent = img.at(ringPoint.0, ringPoint.1).isClose(to: PixelColor(Theme.accent), tolerance: 10)
                #expect(isAccent == (other == color), "\(other.name) swatch ring while \(color.name) is chosen")
            }
        }
        // Every earlier dab kept its own colour.
        let img = window(app, size: size)
        for (i, color) in PaintColor.allCases.reversed().enumerated() {
            #expect(img.at(40 + Double(i) * 60, 80).isClose(to: PixelColor(color), tolerance: 2))
        }
    }

    @Test func bracketKeysResizeTheBrush() {
        let app = makeApp()
        for _ in 0..<5 { app.press("bracketright") }
        #expect(app.model.radius == 20)
        app.tap(Point(100, 100))
        for _ in 0..<20 { app.press("bracketleft") }
        #expect(app.model.radius == 2)
        app.tap(Point(300, 100))
        let img = window(app)
        // The big dab reaches 17 points out; the small one not even 4.
        #expect(img.mismatches([(117, 100), (83, 100), (100, 117)], expected: .white).isEmpty)
        #expect(img.at(300, 100) == .white)
        #expect(img.mismatches([(304, 100), (296, 100), (300, 104)], expected: .black).isEmpty)
    }

    // MARK: - Undo, redo, clear

    @Test func undoRemovesTheStrokeAndRedoBringsItBack() {
        let app = makeApp()
        let first = pointsAlong(from: (40, 60), to: (500, 60), count: 80)
        let second = pointsAlong(from: (40, 160), to: (500, 160), count: 80)
        app.drag([Point(40, 60), Point(300, 60), Point(500, 60)])
        app.drag([Point(40, 160), Point(500, 160)])
        #expect(window(app).mismatches(first + second, expected: .white).isEmpty)

        app.press("z", control: true)
        var img = window(app)
        #expect(img.mismatches(first, expected: .white).isEmpty)
        #expect(img.mismatches(second, expected: .black).isEmpty, "the second stroke is gone entirely")

        app.press("z", control: true)
        img = window(app)
        #expect(img.mismatches(first + second, expected: .black).isEmpty)
        #expect(canvas(app).count(of: .white) == 0)

        app.press("z", control: true, shift: true)
        img = window(app)
        #expect(img.mismatches(first, expected: .white).isEmpty)
        #expect(img.mismatches(second, expected: .black).isEmpty)

        app.press("y", control: true)
        #expect(window(app).mismatches(first + second, expected: .white).isEmpty)
    }

    @Test func theUndoAndRedoButtonsWorkAndDimWhenUnavailable() throws {
        let app = makeApp()
        #expect(app.controls[.undo]?.isEnabled == false)
        app.drag([Point(40, 60), Point(500, 60)])
        #expect(app.controls[.undo]?.isEnabled == true)
        #expect(app.controls[.redo]?.isEnabled == false)
        app.click(.undo)
        #expect(window(app).at(300, 60) == .black)
        #expect(app.controls[.redo]?.isEnabled == true)
        app.click(.redo)
        #expect(window(app).at(300, 60) == .white)
    }

    @Test func sixtyStrokesUndoOneByOne() {
        let app = makeApp()
        let spots: [Point] = (0..<60).map { (i: Int) -> Point in Point(30 + Double(i % 15) * 40, 40 + Double(i / 15) * 50) }
        for p in spots { app.tap(p) }
        for k in stride(from: 59, through: 0, by: -1) {
            app.press("z", control: true)
            let img = canvas(app)
            #expect(img.at(spots[k].x, spots[k].y) == .black, "dab \(k) should be undone")
            if k > 0 { #expect(img.at(spots[k - 1].x, spots[k - 1].y) == .white, "dab \(k - 1) should remain") }
        }
        for _ in 0..<60 { app.press("z", control: true, shift: true) }
        #expect(canvas(app).mismatches(spots.map(\.xy), expected: .white).isEmpty)
    }

    @Test(arguments: [1, 9, 10, 11, 25, 60])
    func undoFromSnapshotsMatchesAFullReplay(undos: Int) {
        // 150 overlapping strokes in five colours with clears among them, past the undo window.
        // An undo starts from the nearest snapshot; the canvas must match the full replay from the
        // base (snapshots turned off) up to antialiasing: a stroke painted as it was dragged and
        // the same stroke replayed in one fill differ only in the shades of their edges.
        var rng = SplitMix64(seed: 42)
        enum Action { case stroke([Point], String), clear }
        var actions: [Action] = []
        for i in 0..<150 {
            // Within the canvas above the tools.
            let a = Point(Double(rng.next() % 450) + 20, Double(rng.next() % 250) + 20)
            actions.append(.stroke([a, Point(a.x + Double(rng.next() % 120), a.y + Double(rng.next() % 80))], "\(i % 5 + 1)"))
            if i % 37 == 36 { actions.append(.clear) }
        }
        func perform(_ app: PaintApp, _ action: Action) {
            switch action {
            case .stroke(let points, let key): app.press(key); app.drag(points)
            case .clear: app.press("Delete")
            }
        }
        let app = makeApp()
        for a in actions { perform(app, a) }
        #expect(!app.canvas.snapshots.isEmpty)
        for _ in 0..<undos { app.press("z", control: true) }
        let replayed = makeApp()
        replayed.canvas.snapshotInterval = .max
        for a in actions { perform(replayed, a) }
        for _ in 0..<undos { replayed.press("z", control: true) }
        #expect(replayed.canvas.snapshots.isEmpty)
        let a = canvas(app), b = canvas(replayed)
        let differing = zip(a.pixels, b.pixels).filter { !$0.isClose(to: $1, tolerance: 60) }.count
        #expect(differing < a.pixels.count / 500, "\(differing) of \(a.pixels.count) pixels differ")
        // Strokes still undone differ wholesale: the check can tell a wrong canvas.
        let behind = makeApp()
        for a in actions.dropLast(undos + 1) { perform(behind, a) }
        #expect(zip(canvas(behind).pixels, b.pixels).filter { !$0.isClose(to: $1, tolerance: 60) }.count >= a.pixels.count / 500)
    }

    @Test func clearBlacksOutTheCanvasAndUndoRestoresIt() {
        let app = makeApp()
        let line = pointsAlong(from: (40, 100), to: (600, 100), count: 100)
        app.press("3")
        app.drag([Point(40, 100), Point(600, 100)])
        app.press("Delete")
        let c = app.canvasRect
        var img = window(app)
        #expect(img.count(of: .black, x: 0, y: 0, width: Int(c.width), height: Int(app.zoomButtonsTop)) == Int(c.width) * Int(app.zoomButtonsTop))
        app.press("z", control: true)
        img = window(app)
        #expect(img.mismatches(line, expected: PixelColor(PaintColor.blue)).isEmpty)
        // Redo clears again; so does the Clear button.
        app.press("z", control: true, shift: true)
        #expect(canvas(app).count(of: PixelColor(PaintColor.blue)) == 0)
        app.press("z", control: true)
        #expect(canvas(app).mismatches(line, expected: PixelColor(PaintColor.blue)).isEmpty)
        app.click(.clear)
        #expect(canvas(app).count(of: PixelColor(PaintColor.blue)) == 0)
    }

    @Test func strokesOlderThanTheUndoWindowStayPainted() {
        // 130 dabs: the oldest 30 fall out of the undo history and must still be on the canvas
        // after everything that can be undone has been.
        let app = makeApp()
        let spots: [Point] = (0..<130).map { (i: Int) -> Point in Point(20 + Double(i % 20) * 30, 20 + Double(i / 20) * 30) }
        #expect(spots.allSatisfy { app.canvasRect.insetBy(12).contains($0) })
        for p in spots { app.tap(p) }
        for _ in 0..<200 { app.press("z", control: true) }
        var img = canvas(app)
        #expect(img.mismatches(spots[..<30].map(\.xy), expected: .white).isEmpty)
        #expect(img.mismatches(spots[30...].map(\.xy), expected: .black).isEmpty)
        // Redo all, clear, and undo the clear: everything is back, old and new.
        for _ in 0..<100 { app.press("z", control: true, shift: true) }
        app.press("Delete")
        #expect(canvas(app).count(of: .white) == 0)
        app.press("z", control: true)
        img = canvas(app)
        #expect(img.mismatches(spots.map(\.xy), expected: .white).isEmpty)
    }

    // MARK: - Resizing

    @Test func theCanvasKeepsItsPixelsThroughShrinkAndGrow() {
        let app = makeApp()
        let spot = Point(560, app.canvasRect.maxY - 30)
        app.press("4")
        app.tap(spot)
        // The smallest app area (a 400x360 window less the bar).
        app.layout(in: Size(400, 316))
        #expect(!app.canvasRect.contains(spot))
        app.tap(Point(50, 40))
        #expect(window(app, size: Size(400, 316)).at(50, 40).isClose(to: PixelColor(PaintColor.yellow), tolerance: 2))
        app.layout(in: Self.size)
        let img = window(app)
        #expect(img.at(spot.x, spot.y).isClose(to: PixelColor(PaintColor.yellow), tolerance: 2))
        #expect(img.at(spot.x - 30, spot.y) == .black)
    }

    @Test func growingTheWindowAddsBlackCanvas() {
        let app = makeApp()
        app.tap(Point(100, 100))
        let big = Size(1000, 800)
        app.layout(in: big)
        #expect(app.canvasRect.width == 1000)
        let img = window(app, size: big)
        #expect(img.at(100, 100) == .white)
        #expect(img.mismatches([(900, 100), (700, 500), (100, app.canvasRect.maxY - 5)], expected: .black).isEmpty)
        // And the new area takes paint.
        app.tap(Point(900, 500))
        #expect(window(app, size: big).at(900, 500) == .white)
    }

    @Test func undoAfterAResizeRebuildsEverything() {
        let app = makeApp()
        app.tap(Point(100, 100))
        app.tap(Point(200, 100))
        app.layout(in: Size(900, 700))
        app.press("z", control: true)
        let img = window(app, size: Size(900, 700))
        #expect(img.at(100, 100) == .white)
        #expect(img.at(200, 100) == .black)
    }

    // MARK: - Saving

    @Test func saveWritesAPNGOfTheCanvasIntoThePicturesFolder() throws {
        let app = makeApp()
        app.press("2")
        app.drag([Point(40, 50), Point(400, 200)])
        app.press("s", control: true)
        app.finishSaving()
        let pictures = sandbox.environment.picturesDirectory
        let files = sandbox.dir.files(in: pictures)
        #expect(files.count == 1)
        let name = try #require(files.first)
        #expect(name.hasPrefix("touchdesk-painting-") && name.hasSuffix(".png"))
        let path = pictures + "/" + name
        #expect(app.toastMessage == "Saved \(path)")
        #expect(PNG.hasSignature(path))
        let png = try #require(PixelImage(pngPath: path))
        #expect(png.width == Int(app.canvasRect.width) && png.height == Int(app.canvasRect.height))
        #expect(png.mismatches(pointsAlong(from: (40, 50), to: (400, 200), count: 100), expected: PixelColor(PaintColor.red)).isEmpty)
        #expect(png.mismatches([(500, 50), (40, 200), (600, 10)], expected: .black).isEmpty)
        // No temp file left beside it.
        #expect(sandbox.dir.files(in: pictures) == [name])
    }

    @Test func theToastShowsPicturesUnderHomeWithATilde() throws {
        let home = sandbox.dir.appending("home")
        let env = AppEnvironment(picturesDirectory: home + "/Pictures", dataDirectory: home + "/.local/share/touchdesk", homeDirectory: home)
        let app = makeApp(env)
        app.tap(Point(50, 50))
        let path = try #require(app.saveAndWait())
        #expect(path.hasPrefix(home + "/Pictures/"))
        #expect(app.toastMessage == "Saved ~/Pictures/" + (path as NSString).lastPathComponent)
    }

    @Test func savingTwiceKeepsBothPictures() {
        let app = makeApp()
        app.tap(Point(50, 50))
        let first = app.saveAndWait()
        app.tap(Point(150, 50))
        let second = app.saveAndWait()
        #expect(first != nil && second != nil && first != second)
        #expect(sandbox.dir.files(in: sandbox.environment.picturesDirectory).count == 2)
        // The first file still shows only the first dab.
        let png = PixelImage(pngPath: first ?? "")
        #expect(png?.at(50, 50) == .white)
        #expect(png?.at(150, 50) == .black)
    }

    @Test func theSaveToastAppearsAndFades() {
        let app = makeApp()
        app.tap(Point(50, 50))
        app.press("s", control: true)
        app.finishSaving()
        #expect(app.toastMessage?.hasPrefix("Saved ") == true)
        let c = app.canvasRect
        let row = Int(c.maxY - 47)  // inside the toast, above its text
        let green = PixelColor(Theme.successFill, alpha: 0.95, over: Color(0, 0, 0))
        #expect(window(app).count(of: green, tolerance: 6, y: row, height: 1) > 100)
        #expect(app.tick(), "the toast animates its fade")
        for _ in 0..<(5 * 60) { _ = app.tick() }
        #expect(app.toastMessage == nil)
        #expect(!app.tick())
        #expect(window(app).count(of: green, tolerance: 6, y: row, height: 1) == 0)
    }

    @Test func saveFallsBackToHomeWhenPicturesCannotBeMade() throws {
        let blocker = sandbox.dir.makeFile("blocker")
        let home = sandbox.dir.appending("home")
        let env = AppEnvironment(picturesDirectory: blocker + "/Pictures", dataDirectory: sandbox.dir.appending("data"), homeDirectory: home)
        let app = makeApp(env)
        app.tap(Point(70, 70))
        let path = try #require(app.saveAndWait())
        #expect(path.hasPrefix(home + "/"))
        #expect(app.toastMessage == "Saved ~/" + (path as NSString).lastPathComponent)
        #expect(PixelImage(pngPath: path)?.at(70, 70) == .white)
    }

    @Test func saveIntoAnUnwritablePlaceSaysWhyAndKeepsThePainting() {
        let blocker = sandbox.dir.makeFile("blocker", contents: "not a folder")
        let env = AppEnvironment(picturesDirectory: blocker + "/Pictures", dataDirectory: blocker + "/data",
                                 homeDirectory: blocker + "/home")
        let app = makeApp(env)
        app.drag([Point(40, 80), Point(300, 80)])
        let before = canvas(app)
        app.press("s", control: true)
        app.finishSaving()
        let message = app.toastMessage ?? ""
        #expect(message.hasPrefix("Could not save"), "toast: \(message)")
        #expect(message.contains("blocker"), "the message names the place: \(message)")
        #expect(sandbox.dir.files() == ["blocker"], "nothing written anywhere")
        let after = canvas(app)
        #expect(after.pixels == before.pixels)
        #expect(app.model.canUndo)
        // The error shows in red over the canvas.
        let red = PixelColor(Theme.errorFill, alpha: 0.95, over: Color(0, 0, 0))
        #expect(window(app).count(of: red, tolerance: 6, y: Int(app.canvasRect.maxY - 47), height: 1) > 100)
    }

    @Test func threeHundredSavesInARowQueueOffTheUIThreadAndTheLastPictureHasEveryDab() throws {
        let app = makeApp()
        var last: BackgroundWriter.Ticket?
        for i in 0..<300 {
            app.tap(Point(Double(20 + i % 30 * 20), Double(20 + i / 30 * 20)))
            if i < 299 { app.press("s", control: true) } else { last = app.save() }
        }
        app.finishSaving()
        #expect(!app.isSaving)
        let files = sandbox.dir.files(in: sandbox.environment.picturesDirectory)
        #expect(!files.isEmpty && files.count < 300, "waiting saves were merged: \(files.count) files")
        #expect(app.environment.writer.jobsRun == files.count)
        // The last save holds the whole painting.
        guard case .written(let path)? = last?.outcome else { Issue.record("no file: \(String(describing: last?.outcome))"); return }
        let png = try #require(PixelImage(pngPath: path))
        #expect(png.at(20, 20) == .white && png.at(20 + 29 * 20, 20 + 9 * 20) == .white)
        #expect(app.toastMessage?.hasPrefix("Saved ") == true)
    }

    @Test func eKeyPicksTheEraserWhichPaintsTheCanvasBlackAndIsUndoable() {
        let app = makeApp()
        app.drag([Point(40, 100), Point(400, 100)])
        #expect(app.press("e"))
        #expect(app.model.color == .black && app.controls[.eraser]?.isOn == true)
        app.drag([Point(200, 60), Point(200, 140)])
        #expect(canvas(app).at(200, 100) == .black && canvas(app).at(100, 100) == .white)
        app.press("z", control: true)
        #expect(canvas(app).at(200, 100) == .white)
        app.press("1")
        #expect(app.controls[.eraser]?.isOn == false)
    }

    @Test func ctrlCOffersTheCanvasAsAPNGOfItsSize() throws {
        let env = sandbox.environment
        let app = makeApp(env)
        app.press("2")
        app.tap(Point(60, 60))
        app.press("c", control: true)
        app.finishCopying()
        let png = try #require(env.clipboard.lastCopiedPNG(.clipboard))
        #expect(env.clipboard.takeRequests().contains(.copyPNG(png, to: .clipboard)))
        let image = try ImageSurface.decodePNG(Data(png))
        #expect(image.pixelWidth == Int(app.canvasRect.width) && image.pixelHeight == Int(app.canvasRect.height))
        #expect(PixelImage(surface: image).at(60, 60) == PixelColor(PaintColor.red))
        #expect(app.toastMessage?.hasPrefix("Copied") == true)
    }
}

extension PaintApp {
    /// Where the zoom buttons over the canvas's bottom-left corner begin: the canvas above is bare.
    var zoomButtonsTop: Double { viewControls.items.map(\.frame.minY).min() ?? canvasRect.maxY }
}
