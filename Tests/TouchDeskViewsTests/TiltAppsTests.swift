import TouchDeskDrawing
import Foundation
import Testing
import TouchDeskInterface
import TouchDeskModels
import TouchDeskTestSupport
@testable import TouchDeskApps
@testable import AppAccelerometer
@testable import AppHoles
@testable import AppMaze
@testable import AppSpaceBalls
@testable import TouchDeskToolkit

/// The tilt and motion apps as a user sees them: what is drawn where the models say, what keys
/// and clicks do, what is kept on disk, and that every screen fits the smallest window.
@Suite("Tilt and motion apps")
struct TiltAppsTests {
    /// The app area of the smallest window (400x360 less the 44-point bar).
    static let smallest = Size(400, 316)
    static let size = Size(800, 556)

    static func holdKey(_ app: MiniApp, _ name: String, ticks: Int) {
        _ = app.handle(.key(Key(name)))
        for _ in 0..<ticks { _ = app.tick() }
        _ = app.handle(.keyUp(Key(name)))
    }

    // MARK: - Every app fits

    @Test(arguments: [AccelerometerApp.id, HolesApp.id, MazeApp.id, SpaceBallsApp.id])
    func everyControlFitsTheSmallestWindowWithoutCoveringTheContent(id: String) throws {
        let sandbox = Sandbox()
        let entry = try #require(Registry.tiles.first { $0.entry.id == id }?.entry)
        let app = entry.make(sandbox.environment)
        app.layout(in: Self.smallest)
        let bounds = Rect(x: 0, y: 0, width: Self.smallest.width, height: Self.smallest.height)
        let content: Rect
        let controls: [ControlRect]
        switch app {
        case let a as HolesApp: content = a.tableRect; controls = a.controls.controlRects
        case let a as MazeApp: content = a.mazeRect; controls = a.controls.controlRects
        case let a as SpaceBallsApp: content = a.boxRect; controls = a.controls.controlRects
        case let a as AccelerometerApp: content = a.plotRect; controls = a.controls.controlRects
        default: Issue.record("unknown app"); return
        }
        #expect(content.height > 100 || (id == "accelerometer" && content.height >= 40), "\(id): content only \(content)")
        #expect(bounds.contains(content))
        for c in controls {
            #expect(bounds.contains(c.frame), "\(id): \(c.id) outside the window at \(c.frame)")
            #expect(!c.frame.intersects(content), "\(id): \(c.id) covers the content")
        }
        let (_, status) = render(Self.smallest) { app.draw($0) }
        #expect(status == nil)
    }

    // MARK: - Holes

    @Test func holesDrawsTableHolesFlagAndBallWhereTheModelSays() {
        let sandbox = Sandbox()
        let app = HolesApp(environment: sandbox.environment)
        app.layout(in: Self.size)
        let img = frame(of: app, size: Self.size)
        let t = app.tableRect
        func onScreen(_ p: Point) -> (Double, Double) { (t.x + p.x, t.y + p.y) }
        #expect(img.mismatches([onScreen(app.model.ball)], expected: PixelColor(HolesApp.ball)).isEmpty)
        #expect(img.mismatches(app.model.holes.map(onScreen), expected: PixelColor(Color(0, 0, 0))).isEmpty)
        #expect(img.mismatches([(t.midX, t.y + 20), (t.x + 40, t.maxY - 10)], expected: PixelColor(HolesApp.table)).isEmpty)
        // The flag's white pennant in the top-left corner.
        #expect(img.count(of: PixelColor(Color(1, 1, 1)), tolerance: 10, x: Int(t.x), y: Int(t.y), width: 30, height: 25) > 20)
    }

    @Test("Holes says how to play until the first move, in the smallest window too, and shows a lost ball",
          arguments: [Size(800, 556), Size(400, 316)]) // Self.size and Self.smallest
    func holesHintAndLostBall(_ size: Size) {
        let sandbox = Sandbox()
        let app = HolesApp(environment: sandbox.environment)
        app.layout(in: size)
        let t = app.tableRect, band = app.hintRect
        #expect(band.x >= t.x && band.maxX <= t.maxX && band.maxY <= t.maxY && band.maxX < t.x + app.model.start.x - app.model.ballRadius,
                "the hint's band \(band) beside the ball's corner in \(t)")
        let light = PixelColor(Theme.overlayText)
        func hintPixels(_ img: PixelImage) -> Int { img.count(of: light, tolerance: 40, x: Int(band.x), y: Int(band.y), width: Int(band.width), height: Int(band.height)) }
        #expect(hintPixels(frame(of: app, size: size)) > 150, "no hint text at \(size)")
        Self.holdKey(app, "Left", ticks: 10)
        #expect(hintPixels(frame(of: app, size: size)) == 0, "the hint stays after the first move")
        // Into the middle hole: a red frame and the balls left, while the game rests.
        for _ in 0..<6000 where app.model.lastEvent == nil {
            let h = app.model.holes[2], b = app.model.ball
            let d = max(1, b.distance(to: h))
            _ = app.handle(.secondaryMoved(Point(t.midX + (h.x - b.x) / d * 50, t.midY + (h.y - b.y) / d * 50)))
            _ = app.tick()
        }
        _ = app.handle(.secondaryEnded(Point(t.midX, t.midY)))
        #expect(app.model.lastEvent == .captured && app.model.ballsLeft == 2)
        let img = frame(of: app, size: size)
        let edge = img.at(t.x + 3, t.midY), red = PixelColor(Theme.error)
        #expect(edge.isClose(to: red, tolerance: 10), "no red frame: \(edge)")
        #expect(img.count(of: light, tolerance: 40, x: Int(t.midX - 100), y: Int(t.midY - 18), width: 200, height: 36) > 80, "no message")
    }

    @Test func holdingLeftRollsTheBallLeftAndSpaceLevels() {
        let sandbox = Sandbox()
        let app = HolesApp(environment: sandbox.environment)
        app.layout(in: Self.size)
        let start = app.model.ball
        Self.holdKey(app, "Left", ticks: 60)
        #expect(app.model.ball.x < start.x - 60, "ball only at \(app.model.ball) from \(start)")
        #expect(app.tilt.source == .keyboard && app.tilt.vector.x < -0.5 && app.tilt.vector.x >= -KeyboardTilt.limit)
        _ = app.handle(.key(Key("space")))
        #expect(app.tilt.vector.x == 0, "Space levels at once")
        let img = frame(of: app, size: Self.size)
        #expect(img.at(app.tableRect.x + start.x, app.tableRect.y + start.y) == PixelColor(HolesApp.table), "the ball's old spot is empty")
    }

    /// Scores once, tilting with the right mouse button: gently along the bottom (the seed has no
    /// friction, so a hard tilt would fling the ball back across the table), then up the left edge.
    static func scoreOnce(_ app: HolesApp) {
        let t = app.tableRect, r = min(t.width, t.height) / 2
        func tilt(_ x: Double, _ y: Double) -> Point { Point(t.midX + x * r, t.midY - y * r) }
        _ = app.handle(.secondaryBegan(tilt(-0.05, -0.05)))
        for _ in 0..<2000 where app.model.ball.x > 40 { _ = app.tick() }
        _ = app.handle(.secondaryMoved(tilt(-0.4, 0.4)))
        for _ in 0..<2000 where app.model.score == 0 && app.model.ballsLeft == 3 { _ = app.tick() }
        _ = app.handle(.secondaryEnded(tilt(-0.4, 0.4)))
    }

    @Test func theBestScoreIsKeptBetweenRuns() throws {
        let sandbox = Sandbox()
        let app = HolesApp(environment: sandbox.environment)
        app.layout(in: Self.size)
        Self.scoreOnce(app)
        #expect(app.model.score == 1)
        // The score is written off the UI thread, through the shared writer.
        app.environment.writer.waitUntilIdle()
        let text = try String(contentsOfFile: sandbox.environment.dataDirectory + "/holes.json", encoding: .utf8)
        #expect(text.filter { !$0.isWhitespace }.contains("\"best\":1"), "holes.json: \(text)")
        let again = HolesApp(environment: sandbox.environment)
        #expect(again.model.best == 1 && again.model.score == 0)
    }

    @Test func aCorruptScoreFileIsSetAsideAndReported() throws {
        let sandbox = Sandbox()
        let dir = sandbox.environment.dataDirectory
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try "{\"best\": \"lots\"".write(toFile: dir + "/holes.json", atomically: true, encoding: .utf8)
        let app = HolesApp(environment: sandbox.environment)
        app.layout(in: Self.size)
        #expect(app.model.best == 0)
        #expect(!FileManager.default.fileExists(atPath: dir + "/holes.json"))
        #expect(FileManager.default.fileExists(atPath: dir + "/holes.json.corrupt"))
        let img = frame(of: app, size: Self.size)
        #expect(img.count(of: PixelColor(Theme.errorFill), tolerance: 20) > 500, "no error message shown")
        // Reported once: the next start finds no file and says nothing.
        let next = HolesApp(environment: sandbox.environment)
        next.layout(in: Self.size)
        #expect(frame(of: next, size: Self.size).count(of: PixelColor(Theme.errorFill), tolerance: 20) == 0)
    }

    @Test func threeBallsInHolesShowGameOverAndRRestarts() {
        let sandbox = Sandbox()
        let app = HolesApp(environment: sandbox.environment)
        app.layout(in: Self.size)
        let t = app.tableRect
        // Tilt towards the middle hole, whichever way the ball is from it.
        for _ in 0..<6000 where !app.model.isGameOver {
            let h = app.model.holes[2], b = app.model.ball
            let d = max(1, b.distance(to: h))
            _ = app.handle(.secondaryMoved(Point(t.midX + (h.x - b.x) / d * 50, t.midY + (h.y - b.y) / d * 50)))
            _ = app.tick()
        }
        #expect(app.model.isGameOver && app.model.ballsLeft == 0)
        let over = frame(of: app, size: Self.size)
        if let path = ProcessInfo.processInfo.environment["TOUCHDESK_VIEW_PNG"] {
            let surface = ImageSurface.render(size: Self.size) { cr in
                cr.fill(Rect(x: 0, y: 0, width: Self.size.width, height: Self.size.height), Theme.background)
                app.draw(cr)
            }
            try? ImageFile.writePNG(surface, to: path)
        }
        let dimmed = PixelColor(Color(0, 0, 0), alpha: 0.55, over: HolesApp.table)
        #expect(over.at(t.x + 30, t.maxY - 30).isClose(to: dimmed, tolerance: 6), "the table is not dimmed under GAME OVER: \(over.at(t.x + 30, t.maxY - 30))")
        #expect(over.count(of: PixelColor(Theme.text), tolerance: 10, x: Int(t.midX - 150), y: Int(t.midY - 40), width: 300, height: 50) > 200, "no GAME OVER text")
        _ = app.handle(.secondaryEnded(Point(t.midX, t.midY)))
        _ = app.press("r")
        #expect(app.model.ballsLeft == 3 && app.model.score == 0)
        #expect(frame(of: app, size: Self.size).at(t.x + 30, t.maxY - 30) == PixelColor(HolesApp.table))
    }

    // MARK: - Maze

    @Test func clickingACellDrawsABlockThereAndTheLayoutIsKept() throws {
        let sandbox = Sandbox()
        let app = MazeApp(environment: sandbox.environment)
        app.layout(in: Self.size)
        let m = app.mazeRect, cw = m.width / 12
        let p = Point(m.x + cw * 5.5, m.y + cw * 3.5)
        app.tap(p)
        #expect(app.model.blocks == [MazeModel.Cell(row: 3, column: 5)])
        let img = frame(of: app, size: Self.size)
        #expect(img.mismatches([p.xy, (p.x - cw * 0.4, p.y - cw * 0.4), (p.x + cw * 0.4, p.y + cw * 0.4)], expected: PixelColor(MazeApp.block)).isEmpty)
        #expect(img.at(p.x + cw, p.y) == PixelColor(MazeApp.floor), "the next cell stays open")
        app.finishSaving()
        let again = MazeApp(environment: sandbox.environment)
        #expect(again.model.blocks == app.model.blocks, "the layout comes back next time")
        _ = again.handle(.key(Key("c")))
        #expect(again.model.blocks.isEmpty)
        again.finishSaving()
        #expect(MazeApp(environment: sandbox.environment).model.blocks.isEmpty, "and so does clearing it")
    }

    @Test func aRunIsTimedToTheGoalAndTheBestTimeKeptPerLayout() throws {
        let sandbox = Sandbox()
        let app = MazeApp(environment: sandbox.environment)
        app.layout(in: Self.size)
        _ = app.handle(.key(Key("Right")))
        _ = app.handle(.key(Key("Down")))
        for _ in 0..<3000 { if case .finished = app.model.state { break }; _ = app.tick() }
        guard case .finished(let t) = app.model.state else { Issue.record("never reached the goal"); return }
        #expect(app.best == t)
        app.finishSaving()
        let again = MazeApp(environment: sandbox.environment)
        #expect(again.best == t, "the best time is kept")
        again.layout(in: Self.size)
        again.tap(Point(again.mazeRect.x + 5, again.mazeRect.y + again.mazeRect.height / 2))
        #expect(again.best == nil, "another layout has its own best time")
    }

    @Test func startAndGoalMoveWithOneOrTwoAndAClickAndAreKept() {
        let sandbox = Sandbox()
        let app = MazeApp(environment: sandbox.environment)
        app.layout(in: Self.size)
        let m = app.mazeRect, cw = m.width / 12
        func center(_ row: Int, _ col: Int) -> Point { Point(m.x + cw * (Double(col) + 0.5), m.y + cw * (Double(row) + 0.5)) }
        _ = app.press("2")
        #expect(app.controls[.goal]?.isOn == true)
        app.tap(center(5, 6))
        #expect(app.model.goal == MazeModel.Cell(row: 5, column: 6) && app.placing == nil)
        _ = app.press("1")
        app.tap(center(2, 9))
        #expect(app.model.start == MazeModel.Cell(row: 2, column: 9))
        #expect(app.model.cell(at: app.model.ball) == app.model.start, "the ball waits in the new start")
        #expect(app.model.blocks.isEmpty, "moving them placed no block")
        let img = frame(of: app, size: Self.size)
        #expect(img.at(center(5, 6).x + cw * 0.4, center(5, 6).y) == PixelColor(MazeApp.goalColor))
        #expect(img.at(center(2, 9).x + cw * 0.4, center(2, 9).y) == PixelColor(MazeApp.startColor))
        #expect(img.at(center(11, 11).x, center(11, 11).y) == PixelColor(MazeApp.floor), "the old goal is plain floor")
        app.finishSaving()
        let again = MazeApp(environment: sandbox.environment)
        #expect(again.model.start == app.model.start && again.model.goal == app.model.goal)
        _ = again.press("1")
        again.layout(in: Self.size)
        again.tap(center(5, 6))
        #expect(again.model.start == MazeModel.Cell(row: 2, column: 9), "the start cannot go on the goal")
        #expect(frame(of: again, size: Self.size).count(of: PixelColor(Theme.errorFill), tolerance: 20) > 500)
    }

    @Test func aClickOnTheBallIsRefusedWithAMessage() {
        let sandbox = Sandbox()
        let app = MazeApp(environment: sandbox.environment)
        app.layout(in: Self.size)
        _ = app.handle(.key(Key("Right")))
        for _ in 0..<200 where app.model.ball.x < app.model.cellWidth * 2.5 { _ = app.tick() }
        _ = app.handle(.keyUp(Key("Right")))
        _ = app.handle(.key(Key("space")))
        let ball = app.model.ball
        app.tap(Point(app.mazeRect.x + ball.x, app.mazeRect.y + ball.y))
        #expect(app.model.blocks.isEmpty)
        #expect(app.model.ballIsFree())
        #expect(frame(of: app, size: Self.size).count(of: PixelColor(Theme.errorFill), tolerance: 20) > 500, "no message says why")
    }

    @Test func aHugeOldMazeFileLoadsInTheBackgroundAndIsCutTo200BestTimes() throws {
        let sandbox = Sandbox()
        let env = sandbox.environment
        // An old file: 300,000 best times (about 13 MB), no order, with the layout on screen among them.
        var layout = MazeModel(size: Size(360, 360))
        _ = layout.toggle(MazeModel.Cell(row: 4, column: 4))
        var text = "{\"blocks\":[{\"row\":4,\"column\":4}],\"bestTicks\":{"
        for i in 0..<300_000 { text += "\"k\(i)\":\(100 + i % 500)," }
        text += "\"\(layout.layoutKey)\":321}}"
        let path = env.dataDirectory + "/" + MazeApp.fileName
        try FileManager.default.createDirectory(atPath: env.dataDirectory, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let app = MazeApp(environment: env)
        app.layout(in: Self.size)
        // Still reading: a click is not lost to the file arriving later, and the window says so.
        if app.isLoading {
            #expect(app.tick(), "it keeps ticking while it reads")
            #expect(frame(of: app, size: Self.size).count(of: PixelColor(Theme.text), tolerance: 30) > 20)
        }
        app.finishLoading()
        #expect(app.model.blocks == [MazeModel.Cell(row: 4, column: 4)])
        #expect(app.bestTimes.count == MazeBestTimes.limit)
        #expect(app.best == 321, "the layout on screen keeps its best time")
        app.finishSaving()
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
        #expect(size > 0 && size < 64 << 10, "rewritten bounded: \(size) bytes")
        // A click now is quick and saves a small file again.
        app.tap(Point(app.mazeRect.x + app.mazeRect.width * 0.6, app.mazeRect.y + app.mazeRect.height * 0.6))
        #expect(app.model.blocks.count == 2)
    }

    @Test func aDragInMazePlacesARowAndUndoRedoAndGenerateWorkFromKeys() {
        let sandbox = Sandbox()
        let app = MazeApp(environment: sandbox.environment)
        app.layout(in: Self.size)
        let m = app.mazeRect, cw = m.width / 12
        func center(_ row: Int, _ col: Int) -> Point { Point(m.x + cw * (Double(col) + 0.5), m.y + cw * (Double(row) + 0.5)) }
        app.drag((2...9).map { center(5, $0) })
        #expect(app.model.blocks == Set((2...9).map { MazeModel.Cell(row: 5, column: $0) }))
        let img = frame(of: app, size: Self.size)
        #expect(img.mismatches((2...9).map { center(5, $0).xy }, expected: PixelColor(MazeApp.block)).isEmpty)
        _ = app.press("z", control: true)
        #expect(app.model.blocks.isEmpty)
        _ = app.press("z", control: true, shift: true)
        #expect(app.model.blocks.count == 8)
        _ = app.press("g")
        #expect(app.model.goalIsReachable && app.model.blocks.count > 40)
        _ = app.press("c")
        #expect(app.model.blocks.isEmpty)
        _ = app.press("z", control: true)
        #expect(app.model.blocks.count > 40, "clear is undoable")
    }

    @Test func keyboardBuildingMovesACursorAndSpaceToggles() {
        let sandbox = Sandbox()
        let app = MazeApp(environment: sandbox.environment)
        app.layout(in: Self.size)
        #expect(app.showsHint, "a first open shows how to build and play")
        _ = app.press("b")
        #expect(app.cursor == MazeModel.startCell && app.controls[.build]?.isOn == true)
        _ = app.press("Right"); _ = app.press("Right"); _ = app.press("Down")
        _ = app.press("space")
        #expect(app.model.blocks == [MazeModel.Cell(row: 1, column: 2)])
        #expect(app.model.ball == app.model.center(of: app.model.start), "arrows did not tilt the ball")
        #expect(!app.showsHint)
        _ = app.press("space")
        #expect(app.model.blocks.isEmpty)
        _ = app.press("b")
        #expect(app.cursor == nil)
    }

    // MARK: - SpaceBalls

    @Test func startMovesStopFreezesAndPlusMinusChangeTheBalls() {
        let sandbox = Sandbox()
        let app = SpaceBallsApp(environment: sandbox.environment)
        app.layout(in: Self.size)
        let before = app.model.balls
        #expect(!app.tick(), "nothing animates before Start")
        #expect(app.model.balls == before)
        _ = app.press("Return")
        #expect(app.tick())
        #expect(app.model.balls != before)
        _ = app.press("space")
        #expect(!app.tick())
        let stopped = app.model.balls
        _ = app.tick()
        #expect(app.model.balls == stopped)
        _ = app.press("plus")
        let img = frame(of: app, size: Self.size)
        let third = app.model.balls[2].position
        #expect(img.at(app.boxRect.x + third.x, app.boxRect.y + third.y) == PixelColor(SpaceBallsApp.palette[2]))
        for _ in 0..<5 { _ = app.press("minus") }
        #expect(app.model.balls.count == 1)
        #expect(app.controls[.fewer]?.isEnabled == false)
    }

    // MARK: - Accelerometer

    @Test func aDeviceReadingPutsTheBallAtCentrePlusOneGeeTimesTheTilt() {
        let sandbox = Sandbox()
        let app = AccelerometerApp(environment: sandbox.environment)
        app.layout(in: Self.size)
        _ = app.handle(.tilt(Vector3(0.5, 0.25, -0.83)))
        _ = app.tick()
        let g = app.gridRect
        let expected = Point(g.midX + 0.666 * g.width / 2 * 0.5, g.midY - 0.666 * g.width / 2 * 0.25)
        #expect(app.ballCenter == expected)
        let img = frame(of: app, size: Self.size)
        #expect(img.mismatches([expected.xy, (expected.x + 7, expected.y), (expected.x, expected.y - 7)], expected: PixelColor(AccelerometerApp.ballColor)).isEmpty)
        #expect(img.at(g.midX + 25, g.midY + 8) == PixelColor(AccelerometerApp.gridBlue), "the 1g disk is blue")
        #expect(app.tilt.source == .device)
        #expect(app.model.x.maximum == 0.5)
        _ = app.press("r")
        #expect(app.model.x.maximum == 0 && app.model.magnitude.maximum == 1)
    }

    @Test func thePlotShowsEachAxisInItsColor() {
        let sandbox = Sandbox()
        let app = AccelerometerApp(environment: sandbox.environment)
        app.layout(in: Self.size)
        Self.holdKey(app, "Right", ticks: 120)
        let img = frame(of: app, size: Self.size)
        let p = app.plotRect
        for c in AccelerometerApp.axisColors {
            #expect(img.count(of: PixelColor(c), tolerance: 30, x: Int(p.x), y: Int(p.y), width: Int(p.width), height: Int(p.height)) > 30, "no \(c) line in the plot")
        }
    }

    // MARK: - Data files

    @Test func dataFilesRoundTripAtomicallyAndMissingIsFresh() throws {
        let sandbox = Sandbox()
        let dir = sandbox.environment.dataDirectory
        guard case .missing = DataFile.load([String: Int].self, name: "x.json", in: dir) else { Issue.record("no file should load as missing"); return }
        try DataFile.save(["a": 1], name: "x.json", in: dir)
        guard case .loaded(let v) = DataFile.load([String: Int].self, name: "x.json", in: dir) else { Issue.record("did not load back"); return }
        #expect(v == ["a": 1])
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["x.json"], "no temp file left behind")
        let attrs = try FileManager.default.attributesOfItem(atPath: dir)
        #expect((attrs[.posixPermissions] as? Int) == 0o700)
    }

    @Test func aSaveThatCannotBeWrittenSaysWhy() {
        #expect(throws: DataFile.WriteError.self) { try DataFile.save(["a": 1], name: "x.json", in: "/proc/touchdesk-cannot") }
    }
}
