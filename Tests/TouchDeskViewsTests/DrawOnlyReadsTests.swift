import Foundation
import Testing
import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskTestSupport
@testable import TouchDeskApps
@testable import AppMandelbrot
@testable import TouchDeskToolkit

/// `draw` only reads (STYLE.md): every cache and job starts in layout or tick. Drawing twice in a
/// row gives the same pixels and leaves the app as it was, and drawing at another device scale
/// than the one the app was laid out at adopts nothing.
@Suite("Draw only reads")
struct DrawOnlyReadsTests {
    static let size = Size(900, 640)

    /// What can be seen of an app's state from outside: its kept state's revision and its controls.
    @MainActor
    static func fingerprint(_ app: MiniApp) -> String {
        let revision = (app as? StatefulApp)?.saveState().map { String($0.revision) } ?? "-"
        return revision + " " + app.controlRects.map { "\($0.id)@\($0.frame)" }.joined(separator: ",")
    }

    /// Every app's command-line name, in home-screen order.
    nonisolated static let ids = ["paint", "polygon", "mandelbrot", "accelerometer", "holes", "maze", "spaceballs", "stickman",
                                  "images", "temperature", "doubler", "postal", "web", "map", "globe"]

    @Test func theListIsEveryApp() {
        #expect(Self.ids == Registry.tiles.map(\.entry.id))
    }

    @Test("drawing twice gives the same pixels and changes nothing", arguments: DrawOnlyReadsTests.ids)
    func drawTwice(id: String) throws {
        let sandbox = Sandbox()
        var env = sandbox.environment
        env.assetsDirectory = ViewAssets.repository
        env.cacheDirectory = DataCaches.directory
        let shell = Shell(tiles: Registry.tiles, environment: env)
        #expect(shell.open(id: id))
        shell.layout(in: Self.size, scale: 1)
        shell.finishRestoring()
        for _ in 0..<3 { _ = shell.tick() }
        let app = try #require(shell.current?.app)
        let before = Self.fingerprint(app)
        let first = frame(of: shell)
        let second = frame(of: shell)
        #expect(first.pixels == second.pixels, "\(id): a second draw differs from the first")
        // A frame at another scale than the layout's must not make the app adopt it.
        _ = ImageSurface.render(size: Self.size, scale: 2) { shell.draw($0) }
        let third = frame(of: shell)
        #expect(first.pixels == third.pixels, "\(id): drawing at 2× changed what 1× draws")
        #expect(Self.fingerprint(app) == before, "\(id): drawing changed the app's state")
    }

    @Test("Mandelbrot's picture is a plain read: reading it starts no restart")
    func mandelbrotPictureIsARead() throws {
        let app = MandelbrotApp(environment: Sandbox().environment)
        app.layout(in: Self.size, scale: 1)
        _ = app.tick()
        app.finishRendering()
        let before = try #require(app.picture)
        _ = app.handle(.key(Key("r")))
        _ = app.handle(.scroll(Point(300, 300), dy: -1))
        #expect(app.display.restartPending, "a view change waits for the next tick")
        #expect(app.picture?.width == before.width)
        #expect(app.display.restartPending, "reading the picture did not carry the restart out")
        _ = frame(of: app, size: Self.size)
        #expect(app.display.restartPending, "drawing did not carry the restart out")
        _ = app.tick()
        #expect(!app.display.restartPending)
    }
}
