import Foundation
import Testing
import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskModels
import TouchDeskTestSupport
@testable import AppMandelbrot
@testable import TouchDeskToolkit

/// Leaving an app stops what it was doing, except the saves the person started: those go on,
/// shown with a name and their progress in the bar of the screen shown instead, and end in a
/// message and a whole file.
@Suite("Work going on after leaving an app")
struct WorkGoingOnTests {
    let sandbox = Sandbox()
    let size = Size(900, 640)

    func makeShell() -> Shell {
        let shell = Shell(tiles: registryTiles(), environment: sandbox.environment)
        shell.layout(in: size)
        return shell
    }

    func key(_ shell: Shell, _ name: String, control: Bool = false, shift: Bool = false, text: String = "") {
        shell.handle(.key(Key(name, text: text, control: control, shift: shift)))
    }

    /// Light pixels (text or a progress bar) in the bar's left part, where the home screen's bar
    /// has nothing of its own.
    func marksInTheBarsLeft(_ shell: Shell) -> Int {
        let img = frame(of: shell)
        var n = 0
        for y in 4..<Int(Shell.barHeight - 4) {
            for x in 8..<300 {
                let c = img[x, y]
                if Int(c.r) + Int(c.g) + Int(c.b) > 3 * 120 || c.g > 140 { n += 1 }
            }
        }
        return n
    }

    @Test func aBigMandelbrotSaveGoesOnAtHomeWithItsProgressInTheBar() throws {
        let shell = makeShell()
        #expect(marksInTheBarsLeft(shell) == 0, "the home screen's bar has marks on the left of its own")
        key(shell, "m")
        let app = try #require(shell.current?.app as? MandelbrotApp)
        shell.finishRestoring()
        // Shift+Ctrl+S, the size and the file dialog are driven in the real window by
        // MandelbrotEndToEndTests.bigSaveGoesOnAtHome; here the render starts as the dialog starts it.
        let pictures = sandbox.environment.picturesDirectory
        try FileManager.default.createDirectory(atPath: pictures, withIntermediateDirectories: true)
        app.bigSave.start((width: 1600, height: 1000), to: pictures + "/touchdesk-mandelbrot-1600x1000.png", app.asker)
        #expect(app.bigSave.size?.width == 1600)
        key(shell, "Escape")
        #expect(shell.current == nil, "Esc went home")
        // At home the save goes on, named with its size in the bar, and its progress grows.
        _ = shell.tick()
        // Rendering (named with its size, with its progress) or, on a quick machine whose render
        // ended before this first tick, already being written ("Saving Mandelbrot").
        let first = try #require(shell.workAway.first)
        if first.name.contains("1600×1000") {
            #expect(first.progress != nil)
        } else {
            #expect(first.name == "Saving Mandelbrot", "\(first.name)")
        }
        #expect(marksInTheBarsLeft(shell) > 20)
        var seen: [Double] = []
        let done = wait(until: {
            _ = shell.tick()
            if let p = shell.workAway.first?.progress { seen.append(p) }
            return shell.workAway.isEmpty
        }, timeout: 120, interval: 0.02)
        #expect(done, "the save did not end")
        #expect(seen == seen.sorted(), "the progress went back")
        #expect(shell.workAway.isEmpty)
        #expect(marksInTheBarsLeft(shell) == 0, "the bar still shows work")
        #expect(shell.message?.hasPrefix("Saved") == true, "\(shell.message ?? "no message")")
        // The file is whole: the start view at 1600 × 1000, the cardioid's centre black and a corner blue.
        let name = try #require(sandbox.dir.files(in: pictures).first { $0.contains("1600x1000") })
        let saved = try #require(PixelImage(pngPath: pictures + "/" + name))
        #expect(saved.width == 1600 && saved.height == 1000)
        #expect(MandelbrotViewingTests.isBlack(saved[750, 500]) && saved[3, 3].b > 200, "\(saved[750, 500]) \(saved[3, 3])")
    }

    @Test func aPaintingBeingSavedIsWrittenAfterLeaving() throws {
        let shell = makeShell()
        key(shell, "p")
        shell.finishRestoring()
        shell.handle(.touchBegan(Point(200, 200 + Shell.barHeight)))
        shell.handle(.touchEnded(Point(200, 200 + Shell.barHeight)))
        key(shell, "s", control: true)
        key(shell, "Escape")
        #expect(shell.current == nil)
        #expect(wait(until: { _ = shell.tick(); return shell.workAway.isEmpty && shell.message != "Saving…" }, timeout: 30, interval: 0.02))
        #expect(shell.message?.hasPrefix("Saved") == true, "\(shell.message ?? "no message")")
        let pictures = sandbox.environment.picturesDirectory
        let name = try #require(sandbox.dir.files(in: pictures).first { $0.hasPrefix("touchdesk-painting") })
        #expect(PNG.hasSignature(pictures + "/" + name))
    }

    @Test func leavingMandelbrotStopsItsRenderAndAReturnFinishesIt() throws {
        let shell = makeShell()
        key(shell, "m")
        let app = try #require(shell.current?.app as? MandelbrotApp)
        shell.finishRestoring()
        // A deep view in the seahorse valley, at a high limit: seconds of work for the workers.
        app.show(MandelbrotModel(window: try MandelbrotWindow.parse(center: "-0.7436438870371587,0.1318259042053128", width: "4e-11"),
                                 journey: nil, limitShift: 6, smooth: true, palette: .range, period: 64))
        _ = shell.tick()
        try #require(app.display.renderer.isRendering, "the render ended before the test could leave")
        key(shell, "Escape")
        #expect(shell.current == nil)
        #expect(shell.workAway.isEmpty, "a view's render is no work to show")
        #expect(wait(until: { !app.display.renderer.isRendering }, timeout: 2), "the workers went on after leaving")
        // The home screen goes idle once the state written on leaving is on disk.
        #expect(wait(until: { !shell.tick() }, timeout: 10), "the home screen still ticks")
        // Back again: the render starts over and completes.
        key(shell, "m")
        _ = shell.tick()
        app.finishRendering()
        #expect(app.picture?.isComplete == true)
    }
}
