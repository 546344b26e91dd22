import Testing
import TouchDeskInterface
import TouchDeskModels
import TouchDeskTestSupport
@testable import TouchDeskDrawing
@testable import TouchDeskApps
@testable import AppMaze
@testable import AppTemperature
@testable import AppWebPages
@testable import AppMapSearch
@testable import AppSeaLevel
@testable import TouchDeskToolkit

/// One type scale: each app's text is drawn at the sizes of `Theme.TextSize` (the same role, the
/// same size in every app), read back from what the apps really draw, not from their sources.
@Suite("One type scale across the apps, and compact toolbars")
struct TypeScaleTests {
    static let scale: Set<Double> = [Theme.TextSize.title, Theme.TextSize.headline, Theme.TextSize.status, Theme.TextSize.body,
                                     Theme.TextSize.label, Theme.TextSize.caption, Theme.TextSize.hint]
    /// Text that belongs to a picture (the newspaper's masthead), drawn at the picture's own size.
    static let pictureText: Set<String> = ["DAILY BYTE"]

    /// Doubler's number is the one text drawn larger than the scale on purpose: while it is short it
    /// grows to fill the window.
    static func fillsTheWindow(_ id: String, _ t: (text: String, font: Font)) -> Bool {
        id == "doubler" && t.font.size > Theme.TextSize.headline && t.text.allSatisfy { $0.isNumber || $0 == "\u{2009}" }
    }

    /// `app` laid out at `size`, with what it loads in the background loaded.
    func prepared(_ id: String, _ size: Size) -> MiniApp {
        let entry = Registry.tiles.first { $0.entry.id == id }!.entry
        let app = entry.make(ViewAssets.environment)
        app.layout(in: size)
        (app as? MazeApp)?.finishLoading()
        (app as? MapApp)?.finishLoading()
        (app as? WebApp)?.finishLoading()
        app.layout(in: size)
        return app
    }

    /// Every text the app draws in one frame, with its font.
    func drawnText(_ app: MiniApp, _ size: Size) -> [(text: String, font: Font)] {
        var drawn: [(text: String, font: Font)] = []
        _ = render(size) { cr in drawn = cr.recordingText { app.draw(cr) } }
        return drawn
    }

    /// Every app, in home-screen order (checked against the registry below).
    nonisolated static let ids = ["paint", "polygon", "mandelbrot", "accelerometer", "holes", "maze", "spaceballs", "stickman", "images",
                      "temperature", "doubler", "postal", "web", "map", "globe"]

    @Test func theListCoversEveryApp() {
        #expect(Registry.tiles.map(\.entry.id) == Self.ids)
    }

    /// At 1920×1080 nothing needs to shrink to fit, so every text is at a size of the scale.
    @Test(arguments: ids)
    func everyTextIsAtASizeOfTheScale(id: String) {
        let size = Size(1920, 1080 - Shell.barHeight)
        let app = prepared(id, size)
        if let t = app as? TemperatureApp {
            // With a reading, so the summary and the weather message are drawn too.
            t.typeText("75")
        }
        let drawn = drawnText(app, size)
        #expect(!drawn.isEmpty, "\(id) drew no text")
        let off = drawn.filter { !Self.scale.contains($0.font.size) && !Self.pictureText.contains($0.text) && !Self.fillsTheWindow(id, $0) }
        #expect(off.isEmpty, "\(id) draws \(off.map { "“\($0.text)” at \($0.font.size)" })")
    }

    /// Map labels are drawn into the map's own picture, out of the frame's sight: their fonts by
    /// population are sizes of the scale too.
    @Test func mapLabelsUseTheScale() {
        for population in [500, 2_000_000, 9_000_000] {
            #expect(Self.scale.contains(MapPainter.labelFont(population: population).size))
        }
    }

    /// In the smallest window the buttons keep their label size: compact toolbars use short labels
    /// and leave long key chords to the keys overlay rather than shrink the text.
    @Test(arguments: ["maze", "mandelbrot", "web", "map", "globe", "temperature"])
    func buttonLabelsKeepTheirSizeInTheSmallestWindow(id: String) {
        let size = Size(Shell.minimumSize.width, Shell.minimumSize.height - Shell.barHeight)
        let app = prepared(id, size)
        let labels = Set(app.widgets.flatMap { ($0 as? ButtonLabels)?.shownButtonLabels ?? [] })
        let drawn = drawnText(app, size).filter { labels.contains($0.text) }
        #expect(drawn.count >= labels.count, "\(id): \(labels.subtracting(drawn.map(\.text)))")
        let shrunk = drawn.filter { $0.font.size != Theme.TextSize.label }
        #expect(shrunk.isEmpty, "\(id) shrinks \(shrunk.map { "“\($0.text)” to \($0.font.size)" })")
        // And every control lies in the window, none over another.
        let rects = app.controlRects
        let window = Rect(x: 0, y: 0, width: size.width, height: size.height)
        for r in rects {
            #expect(r.frame.x >= window.x && r.frame.y >= window.y && r.frame.maxX <= window.maxX && r.frame.maxY <= window.maxY,
                    "\(id): \(r.id) at \(r.frame) is outside \(window)")
        }
        for (i, a) in rects.enumerated() {
            for b in rects[(i + 1)...] where a.frame.intersects(b.frame) {
                Issue.record("\(id): \(a.id) \(a.frame) overlaps \(b.id) \(b.frame)")
            }
        }
    }

    /// In the smallest window every app's words stay readable: none is shrunk below 9 points to
    /// fit (a hint that does not fit wraps or moves instead).
    @Test(arguments: ids)
    func noTextShrinksPastReadingInTheSmallestWindow(id: String) {
        let size = Size(Shell.minimumSize.width, Shell.minimumSize.height - Shell.barHeight)
        let app = prepared(id, size)
        var drawn = drawnText(app, size)
        if let globe = app as? GlobeApp {
            // Above today's sea the globe's corner has the legend of the two waters (drawn over
            // the loaded globe, which this check does not wait for).
            var above = GlobeApp.StartOptions()
            above.seaLevel = 70
            globe.start(above)
            _ = render(size) { cr in drawn += cr.recordingText { globe.area.drawLegend(cr, top: globe.globeRect.y + 32) } }
            #expect(drawn.contains { $0.text == "Sea today" }, "the legend is drawn")
        }
        let tiny = drawn.filter { $0.font.size < 9 && !Self.pictureText.contains($0.text) }
        #expect(tiny.isEmpty, "\(id) draws \(tiny.map { "“\($0.text)” at \(($0.font.size * 10).rounded() / 10)" })")
    }

    /// The small Maze window puts its buttons in a column beside the maze, which then takes most
    /// of the height instead of sharing it with three rows of buttons.
    @Test func mazeGrowsBesideAColumnOfButtonsInASmallWindow() {
        let size = Size(400, 316)
        let app = prepared("maze", size) as! MazeApp
        #expect(app.mazeRect.height >= size.height * 0.8, "\(app.mazeRect)")
        #expect(app.controls.shownItems.allSatisfy { $0.frame.minX >= app.mazeRect.maxX }, "the buttons (keys-only controls have no place)")
    }

    /// In a low Temperature window the picture gets at least 40 % of the height.
    @Test func temperaturePictureHasItsShareInASmallWindow() {
        let size = Size(400, 316)
        let app = prepared("temperature", size) as! TemperatureApp
        app.typeText("75")
        #expect(app.kelvin.frame.y == app.fahrenheit.frame.y)
        #expect(app.model.reading != nil)
        #expect(WeatherScenes.fitted(in: app.pictureArea).height >= 0.4 * size.height, "\(app.pictureArea)")
    }

    /// The compact rule itself: short labels only when they save a row; a button labelled with
    /// its own key shows it once.
    @Test func compactToolbarOnlyWhenItSavesARow() {
        let c = Controls<TestControl>()
        c.add(.zoomIn, "Zoom in", short: "+", key: .key("plus", shown: "+"))
        c.add(.zoomOut, "Zoom out", short: "−", key: .key("minus", shown: "−"))
        c.add(.copy, "Copy", key: .control("c"))
        let wide = c.layoutToolbar(atBottomOf: Size(900, 600))
        #expect(!c.isCompact && wide == ControlSizes.rowHeight + 16)
        let full = c.items.map(c.preferredWidth).reduce(0, +) + 2 * ControlSizes.gap
        let narrow = c.layoutToolbar(atBottomOf: Size(full, 600))
        #expect(c.isCompact && narrow == ControlSizes.compactRowHeight + 16, "short labels keep one row")
        #expect(c.shownLabel(c[.zoomIn]!) == "+" && c.preferredWidth(c[.zoomIn]!) < 40, "\(c.preferredWidth(c[.zoomIn]!))")
        #expect(c.keyHelp.contains(KeyHelp("+", "Zoom in")), "the keys overlay keeps the full name")
    }
}

/// The Sea Level slider is a control like the buttons: the layout check sees it.
@Suite("Sea Level slider")
struct SeaLevelSliderTests {
    @Test(arguments: [Size(400, 316), Size(900, 596), Size(3840, 2116)])
    func theSliderIsReportedWhereItIsDrawnAndAnswers(size: Size) throws {
        // Without the relief the panel is the same; the slider still sets the level.
        let app = GlobeApp(environment: Sandbox().environment, reliefPath: "/nonexistent/etopo5.cdf")
        app.layout(in: size)
        let level = try #require(app.controlRects.first { $0.id == "level" })
        #expect(level.frame == app.panel.sliderRect && level.frame.width > 100)
        #expect(level.frame.minX >= app.panel.rect.minX && level.frame.maxX <= size.width && level.frame.maxY <= size.height)
        for other in app.controlRects where other.id != "level" {
            #expect(!other.frame.intersects(level.frame), "\(other.id) \(other.frame) overlaps the slider \(level.frame)")
        }
        // A click near its right end raises the sea: it is where the rectangle says.
        app.tap(Point(level.frame.maxX - 12, level.frame.midY))
        #expect(app.model.level > 1000)
    }
}

extension TemperatureApp {
    /// Types `s` into the focused field, key by key.
    func typeText(_ s: String) {
        for ch in s { _ = handle(.key(Key(String(ch), text: String(ch)))) }
    }
}

/// The labels a group's buttons and toggles show now, whatever names its controls.
protocol ButtonLabels {
    var shownButtonLabels: [String] { get }
}

extension Controls: ButtonLabels {
    var shownButtonLabels: [String] {
        items.filter { $0.frame.width > 0 && ($0.kind == .button || $0.kind == .toggle) }.map(shownLabel)
    }
}

extension Form: ButtonLabels {
    var shownButtonLabels: [String] { controls.shownButtonLabels }
}

extension SearchBox: ButtonLabels {
    var shownButtonLabels: [String] { form.shownButtonLabels }
}
