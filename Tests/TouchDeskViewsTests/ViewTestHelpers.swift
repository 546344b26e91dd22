import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskModels
import TouchDeskTestSupport
@testable import TouchDeskApps
@testable import AppPaintbrush
@testable import TouchDeskToolkit

extension PixelColor {
    init(_ c: Color) { self.init(unit: c.r, c.g, c.b, c.a) }
    init(_ p: PaintColor) { self.init(Color(p.rgb)) }
    /// `c` at `alpha` over `under`, as Cairo composites it.
    init(_ c: Color, alpha: Double, over under: Color) {
        self.init(unit: c.r * alpha + under.r * (1 - alpha), c.g * alpha + under.g * (1 - alpha), c.b * alpha + under.b * (1 - alpha))
    }
}

extension Point {
    var xy: (Double, Double) { (x, y) }
}

/// The longest a tick of the window's side may take while a page or server misbehaves. A tick that
/// waited for the engine would wait out the whole hang (seconds, or for ever); a tick on a machine
/// loaded by other work stays far below this. A bound against blocking, not a speed (that is
/// `touchdesk-bench web`'s).
let blockedTick = 2.0

/// A throwaway home with its own pictures and data folders, removed when the test ends. Its cache
/// folder is the tests' shared one (`DataCaches`: the relief and the place index built once), as a
/// user's every start after the first has it: each sandbox's own empty cache had every Sea Level,
/// Map Search, Postal Codes and shell test build both again (30 builds in a run, a few minutes of
/// CPU). A test of a first run's builds gives its app a cache folder of its own.
struct Sandbox {
    let dir = TemporaryDirectory(prefix: "touchdesk-views")
    var environment: AppEnvironment {
        AppEnvironment(picturesDirectory: dir.appending("Pictures"), dataDirectory: dir.appending("data/touchdesk"),
                       homeDirectory: dir.appending("home"), cacheDirectory: DataCaches.directory)
    }
}

/// Draws `draw` into a fresh image of `size` over the theme background (as the shell does), and
/// returns its pixels together with Cairo's status after drawing.
func render(_ size: Size, _ draw: (CairoContext) -> Void) -> (image: PixelImage, status: String?) {
    var status: String?
    let surface = ImageSurface.render(size: size) { cr in
        cr.fill(Rect(x: 0, y: 0, width: size.width, height: size.height), Theme.background)
        draw(cr)
        status = cr.errorMessage
    }
    return (PixelImage(surface: surface), status)
}

/// One frame of `app` laid out at `size`.
func frame(of app: MiniApp, size: Size) -> PixelImage { render(size) { app.draw($0) }.image }

/// One frame of the whole window.
func frame(of shell: Shell) -> PixelImage { render(shell.size) { shell.draw($0) }.image }

extension MiniApp {
    /// A click: press and release at the same point.
    func tap(_ p: Point) {
        _ = handle(.touchBegan(p))
        _ = handle(.touchEnded(p))
    }

    /// A drag through `points`: press at the first, move through the rest, release at the last.
    func drag(_ points: [Point]) {
        _ = handle(.touchBegan(points[0]))
        for p in points.dropFirst() { _ = handle(.touchMoved(p)) }
        _ = handle(.touchEnded(points.last!))
    }

    @discardableResult
    func press(_ name: String, control: Bool = false, shift: Bool = false) -> Bool {
        handle(.key(Key(name, text: control ? "" : name, control: control, shift: shift)))
    }
}

extension Shell {
    func tap(_ p: Point) {
        handle(.touchBegan(p))
        handle(.touchEnded(p))
    }

    func press(_ name: String, control: Bool = false, shift: Bool = false) {
        handle(.key(Key(name, control: control, shift: shift)))
    }
}

extension Rect {
    var isNonNegative: Bool { width >= 0 && height >= 0 && x.isFinite && y.isFinite && width.isFinite && height.isFinite }
    func intersects(_ o: Rect) -> Bool { x < o.maxX && o.x < maxX && y < o.maxY && o.y < maxY }
    func contains(_ o: Rect) -> Bool { o.x >= x - 1e-9 && o.y >= y - 1e-9 && o.maxX <= maxX + 1e-9 && o.maxY <= maxY + 1e-9 }
}

/// Every app, as the registry lists them.
func registryTiles() -> [Shell.Tile] { Registry.tiles }

extension PaintApp {
    /// Saves (Ctrl+S) and waits for the writer: the path written, or nil.
    func saveAndWait() -> String? {
        guard let ticket = save() else { return nil }
        finishSaving()
        if case .written(let path)? = ticket.outcome { return path }
        return nil
    }
}

extension MiniApp {
    /// Lays the app out at 1× (most view tests): the host and `--screenshot` pass the scale.
    func layout(in size: Size) { layout(in: size, scale: 1) }
}

extension Shell {
    /// Lays the shell out at 1× (most view tests): the host and `--screenshot` pass the scale.
    func layout(in size: Size) { layout(in: size, scale: 1) }
}

/// Controls for tests of the widgets themselves.
enum TestControl: String, ControlID { case a, s, zoomIn, zoomOut, copy }
