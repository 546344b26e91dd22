import Foundation
import Testing
import TouchDeskDrawing
import TouchDeskGlobe
import TouchDeskInterface
import TouchDeskModels
import TouchDeskPlaces
import TouchDeskTestSupport
@testable import AppPaintbrush
@testable import AppMandelbrot
@testable import AppSpaceBalls
@testable import AppDoubler
@testable import AppMapSearch
@testable import AppSeaLevel
@testable import TouchDeskToolkit

/// Apps kept while the program runs, state kept across restarts, and the question before quitting
/// with an unsaved painting.
@Suite("App state: kept while running, across restarts, asked about on quit")
struct AppStateTests {
    let sandbox = Sandbox()
    let size = Size(800, 600)

    func makeShell(_ env: AppEnvironment) -> Shell {
        let shell = Shell(tiles: registryTiles(), environment: env)
        shell.layout(in: size)
        return shell
    }

    func key(_ shell: Shell, _ name: String, control: Bool = false, shift: Bool = false) { shell.handle(.key(Key(name, control: control, shift: shift))) }

    /// A dab at (x, y) in app coordinates of Paintbrush.
    func dab(_ shell: Shell, _ x: Double, _ y: Double) {
        shell.handle(.touchBegan(Point(x, y + Shell.barHeight)))
        shell.handle(.touchEnded(Point(x, y + Shell.barHeight)))
    }

    /// Quits the way the program does: every app's state saved, the writer waited for.
    func quit(_ shell: Shell, _ env: AppEnvironment) {
        shell.saveAllState()
        env.writer.waitUntilIdle()
    }

    @Test func leavingAnAppAndComingBackFindsItAsItWas() throws {
        let env = sandbox.environment
        let shell = makeShell(env)
        key(shell, "p")
        let paint = try #require(shell.current?.app as? PaintApp)
        dab(shell, 100, 100)
        key(shell, "Escape")
        #expect(shell.current == nil)
        key(shell, "p")
        #expect(shell.current?.app === paint)
        #expect(PixelImage(surface: try #require(paint.canvasSurface)).at(100, 100) == .white)
        #expect(paint.model.canUndo, "the history is kept too")
    }

    @Test func aHiddenAppIsNotTicked() throws {
        let env = sandbox.environment
        let shell = makeShell(env)
        key(shell, "b")
        let balls = try #require(shell.current?.app as? SpaceBallsApp)
        key(shell, "Return")
        _ = shell.tick()
        let moving = balls.model.balls
        key(shell, "Escape")
        for _ in 0..<120 { _ = shell.tick() }
        #expect(balls.model.balls == moving, "the balls waited while hidden")
    }

    @Test func paintingColorAndSizeComeBackAfterARestart() throws {
        let env = sandbox.environment
        let first = makeShell(env)
        key(first, "p")
        key(first, "2")
        key(first, "bracketright")
        dab(first, 120, 90)
        let radius = try #require(first.current?.app as? PaintApp).model.radius
        quit(first, env)
        #expect(FileManager.default.fileExists(atPath: env.stateDirectory + "/paint.json"))

        let second = makeShell(env)
        key(second, "p")
        second.finishRestoring()
        let paint = try #require(second.current?.app as? PaintApp)
        #expect(PixelImage(surface: try #require(paint.canvasSurface)).at(120, 90) == PixelColor(PaintColor.red))
        #expect(paint.model.color == .red && paint.model.radius == radius)
        #expect(!paint.model.canUndo, "the history is not kept")
        #expect(!paint.hasUnsavedWork, "a restored painting is not new work")
        // Undo after a new stroke goes back to the restored picture, not to black.
        dab(second, 300, 90)
        key(second, "z", control: true)
        let img = PixelImage(surface: try #require(paint.canvasSurface))
        #expect(img.at(120, 90) == PixelColor(PaintColor.red) && img.at(300, 90) == .black)
    }

    @Test func doublerMandelbrotMapAndSeaLevelViewsComeBack() throws {
        let env = sandbox.environment
        let first = makeShell(env)
        key(first, "d")
        for _ in 0..<70 { key(first, "space") }
        key(first, "Escape")
        key(first, "m")
        let mandelbrot = try #require(first.current?.app as? MandelbrotApp)
        try mandelbrot.go(journey: "1-4-4-1-3-3-2-2-1-4-4-1-3-3-2-2-1-4-4-1-3-3-2-2-1-4-4-1-3-3-2-2-1-4-4-1-3-3-2-2-1-4-4-1-3-3-2-2-1-4-4-1-3-3-2-2-1-4")
        let window = mandelbrot.model.window
        key(first, "Escape")
        key(first, "l")
        let map = try #require(first.current?.app as? MapApp)
        map.show(center: GeoCoordinate(latitude: 47.37, longitude: 8.54), zoom: 6.5)
        first.goHome()  // Esc belongs to the search field there
        key(first, "e")
        let globe = try #require(first.current?.app as? GlobeApp)
        globe.start(try GlobeApp.startOptions(lookAt: "-33.9,151.2", zoom: "3", seaLevel: "70"))
        key(first, "Up", shift: true)  // tilt 10° …
        key(first, "Up", shift: true)  // … 20°
        key(first, "bracketright")  // relief 20× (tilting raised it from 1× to 10×)
        quit(first, env)

        let second = makeShell(env)
        for (k, id) in [("d", DoublerApp.id), ("m", MandelbrotApp.id), ("l", MapApp.id), ("e", GlobeApp.id)] {
            key(second, k)
            second.finishRestoring()
            #expect(second.current?.app != nil && second.tiles[second.current!.index].entry.id == id)
            second.goHome()
        }
        #expect((second.openedApp(id: DoublerApp.id) as? DoublerApp)?.model.presses == 70)
        #expect((second.openedApp(id: MandelbrotApp.id) as? MandelbrotApp)?.model.window == window, "the deep-zoom centre is exact")
        let camera = try #require((second.openedApp(id: MapApp.id) as? MapApp)?.camera)
        #expect(abs(camera.center.latitude - 47.37) < 1e-6 && abs(camera.center.longitude - 8.54) < 1e-6 && abs(camera.zoom - 6.5) < 1e-6)
        let g = try #require((second.openedApp(id: GlobeApp.id) as? GlobeApp)?.model)
        #expect(g.level == 70 && abs(g.view.zoom - 3) < 1e-9)
        #expect(g.view.tilt == 20 && g.style.exaggeration == 20, "tilt \(g.view.tilt)°, relief \(g.style.exaggeration)×")
        #expect(abs(g.view.centre.latitude + 33.9) < 1e-6 && abs(g.view.centre.longitude - 151.2) < 1e-6)
    }

    @Test func mandelbrotPaletteComesBackAfterARestart() throws {
        let env = sandbox.environment
        let first = makeShell(env)
        key(first, "m")
        let app = try #require(first.current?.app as? MandelbrotApp)
        key(first, "2")
        key(first, "p")
        key(first, "p")
        key(first, "period")
        key(first, "period")
        key(first, "s")
        let kept = app.model
        #expect(kept.palette == .cyclic && kept.period == MandelbrotModel.startPeriod * 4 && kept.smooth)
        quit(first, env)
        let json = try String(contentsOfFile: env.stateDirectory + "/mandelbrot.json", encoding: .utf8)
        #expect(json.contains("\"palette\" : \"cyclic\"") && json.contains("\"period\" : 256"), "the file: \(json)")

        let second = makeShell(env)
        key(second, "m")
        second.finishRestoring()
        let back = try #require(second.current?.app as? MandelbrotApp).model
        #expect(back == kept, "view, journey, palette, period and smooth colouring all come back")
        #expect(second.message == nil)
    }

    @Test func anOlderMandelbrotFileWithoutPaletteFieldsStillLoads() throws {
        let env = sandbox.environment
        try FileManager.default.createDirectory(atPath: env.stateDirectory, withIntermediateDirectories: true)
        // As the version before palettes wrote it; and one from a newer version with a palette
        // this one does not know and a period beyond the range.
        let older = #"{"centerRe": "-0.75", "centerIm": "0.1", "width": "0.5", "limitShift": 1, "journey": null, "smooth": true}"#
        let newer = #"{"centerRe": "-0.75", "centerIm": "0.1", "width": "0.5", "palette": "aurora", "period": 100000}"#
        for (text, smooth, period) in [(older, true, MandelbrotModel.startPeriod), (newer, false, MandelbrotModel.periodRange.upperBound)] {
            try Data(text.utf8).write(to: URL(fileURLWithPath: env.stateDirectory + "/mandelbrot.json"))
            let shell = makeShell(env)
            key(shell, "m")
            shell.finishRestoring()
            let m = try #require(shell.current?.app as? MandelbrotApp).model
            #expect(m.window == (try MandelbrotWindow.parse(center: "-0.75,0.1", width: "0.5")))
            #expect(m.palette == .range && m.period == period && m.smooth == smooth, "\(text)")
            #expect(shell.message == nil, "nothing was set aside: \(shell.message ?? "")")
            #expect(FileManager.default.fileExists(atPath: env.stateDirectory + "/mandelbrot.json"))
        }
    }

    @Test func aMandelbrotViewKeptInTheFixedPointFormatComesBackExactly() throws {
        let env = sandbox.environment
        try FileManager.default.createDirectory(atPath: env.stateDirectory, withIntermediateDirectories: true)
        // As versions before exact decimals wrote it: 288-bit two's complement fixed point, 256
        // fraction bits, lowest word first; −0.75 and the double nearest 0.1 (0x1.999999999999ap-4).
        let x: [UInt32] = [0, 0, 0, 0, 0, 0, 0, 0x4000_0000, 0xffff_ffff]
        let y: [UInt32] = [0, 0, 0, 0, 0, 0, 0x9999_9a00, 0x1999_9999, 0]
        let file = "{\"centerX\": \(x), \"centerY\": \(y), \"width\": 0.25, \"limitShift\": 1, \"journey\": null, \"smooth\": true}"
        try Data(file.utf8).write(to: URL(fileURLWithPath: env.stateDirectory + "/mandelbrot.json"))
        let shell = makeShell(env)
        key(shell, "m")
        shell.finishRestoring()
        let m = try #require(shell.current?.app as? MandelbrotApp).model
        #expect(m.window == (try MandelbrotWindow.parse(center: "-0.75,0.1000000000000000055511151231257827021181583404541015625", width: "0.25")))
        #expect(m.limitShift == 1 && m.smooth && m.journey == nil)
        #expect(shell.message == nil, "\(shell.message ?? "")")
        // Saved again once something changes (P: the next palette), it is in today's form.
        key(shell, "p")
        quit(shell, env)
        let json = try String(contentsOfFile: env.stateDirectory + "/mandelbrot.json", encoding: .utf8)
        #expect(json.contains("\"centerRe\" : \"-0.75\"") && !json.contains("centerX"), "\(json)")
    }

    @Test func anOldMandelbrotFileThisVersionCannotReadIsSetAsideWithOneMessage() throws {
        let env = sandbox.environment
        try FileManager.default.createDirectory(atPath: env.stateDirectory, withIntermediateDirectories: true)
        let file = "{\"centerX\": [1, 2, 3], \"centerY\": [0, 0, 0, 0, 0, 0, 0, 0, 0], \"width\": 0.25}"
        try Data(file.utf8).write(to: URL(fileURLWithPath: env.stateDirectory + "/mandelbrot.json"))
        let shell = makeShell(env)
        key(shell, "m")
        shell.finishRestoring()
        let m = try #require(shell.current?.app as? MandelbrotApp).model
        #expect(m.window == .start)
        let message = shell.message ?? ""
        #expect(message.contains("mandelbrot.json.corrupt") && message.contains("older version"), "message: \(message)")
        #expect(try String(contentsOfFile: env.stateDirectory + "/mandelbrot.json.corrupt", encoding: .utf8) == file, "the file is kept, set aside")
    }

    @Test func aDamagedStateFileIsSetAsideAndTheAppStartsFreshWithOneMessage() throws {
        let env = sandbox.environment
        try FileManager.default.createDirectory(atPath: env.stateDirectory, withIntermediateDirectories: true)
        try Data("{\"presses\": \"many\"".utf8).write(to: URL(fileURLWithPath: env.stateDirectory + "/doubler.json"))
        try Data("{\"presses\": 5}".utf8).write(to: URL(fileURLWithPath: env.stateDirectory + "/doubler.json.corrupt"))
        let shell = makeShell(env)
        key(shell, "d")
        shell.finishRestoring()
        #expect((shell.current?.app as? DoublerApp)?.model.presses == 0)
        #expect(shell.message?.contains("doubler.json.corrupt.2") == true, "message: \(shell.message ?? "none")")
        #expect(!FileManager.default.fileExists(atPath: env.stateDirectory + "/doubler.json"))
        #expect(try String(contentsOfFile: env.stateDirectory + "/doubler.json.corrupt", encoding: .utf8) == "{\"presses\": 5}", "nothing older is lost")
        // Unknown keys and missing ones are fine.
        try Data("{\"presses\": 3, \"palette\": \"fire\"}".utf8).write(to: URL(fileURLWithPath: env.stateDirectory + "/doubler.json"))
        let again = makeShell(env)
        key(again, "d")
        again.finishRestoring()
        #expect((again.current?.app as? DoublerApp)?.model.presses == 3)
        #expect(again.message == nil)
    }

    // MARK: - Quitting with an unsaved painting

    @Test func ctrlQWithAnUnsavedPaintingAsksAndDontSaveQuits() throws {
        let env = sandbox.environment
        let shell = makeShell(env)
        key(shell, "p")
        dab(shell, 100, 100)
        key(shell, "Escape")
        key(shell, "q", control: true)
        #expect(!shell.wantsQuit)
        let dialog = try #require(shell.quitDialog)
        #expect(dialog.message.contains("~/.local/state/touchdesk") || dialog.message.contains(env.stateDirectory))
        #expect(shell.current?.app is PaintApp, "the painting is shown behind the question")
        key(shell, "Escape")
        #expect(shell.quitDialog == nil && !shell.wantsQuit, "Cancel keeps the program open")
        shell.requestQuit()
        #expect(shell.quitDialog != nil, "the close button asks too")
        key(shell, "d")
        #expect(shell.wantsQuit)
    }

    @Test func saveInTheQuitDialogWritesThePictureThenQuits() throws {
        let env = sandbox.environment
        let shell = makeShell(env)
        key(shell, "p")
        dab(shell, 100, 100)
        key(shell, "q", control: true)
        key(shell, "s")
        #expect(!shell.wantsQuit || !sandbox.dir.files(in: env.picturesDirectory).isEmpty)
        env.writer.waitUntilIdle()
        _ = shell.tick()
        #expect(shell.wantsQuit)
        #expect(sandbox.dir.files(in: env.picturesDirectory).count == 1)
    }

    @Test func nothingUnsavedQuitsAtOnce() {
        let env = sandbox.environment
        let shell = makeShell(env)
        key(shell, "p")
        key(shell, "q", control: true)
        #expect(shell.wantsQuit && shell.quitDialog == nil)
    }
}
