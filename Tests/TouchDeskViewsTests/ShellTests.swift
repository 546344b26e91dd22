import TouchDeskDrawing
import Foundation
import Testing
import TouchDeskInterface
import TouchDeskModels
import TouchDeskTestSupport
@testable import TouchDeskApps
@testable import AppPaintbrush
@testable import AppPolygon
@testable import TouchDeskToolkit

/// The launcher: tiles, opening and leaving apps, quitting, and surviving any window size.
@Suite("Shell")
struct ShellTests {
    let sandbox = Sandbox()

    func makeShell(_ size: Size = Size(640, 480)) -> Shell {
        let shell = Shell(tiles: registryTiles(), environment: sandbox.environment)
        shell.layout(in: size)
        return shell
    }

    /// The icon's rectangle inside a tile, as the home screen places it.
    func iconRect(_ f: Rect) -> Rect {
        let labelH = max(16, f.height * 0.2)
        let side = max(8, min(f.width * 0.62, f.height - labelH - 14))
        return Rect(x: f.midX - side / 2, y: f.y + 8, width: side, height: side)
    }

    @Test func homeShowsOneTilePerAppWithItsIcon() {
        let shell = makeShell()
        #expect(shell.title == "TouchDesk")
        #expect(shell.current == nil)
        let window = Rect(x: 0, y: Shell.barHeight, width: 640, height: 480 - Shell.barHeight)
        let frames = (0..<shell.tiles.count).map { shell.tileFrame($0) }
        #expect(frames.count == Registry.tiles.count)
        #expect(shell.tileFrame(shell.tiles.count) == .zero)
        for f in frames {
            #expect(f.width > 100 && f.height > 80, "tiles are large enough to click: \(f)")
            #expect(window.contains(f))
        }
        for i in frames.indices { for j in frames.indices where j > i { #expect(!frames[i].intersects(frames[j])) } }

        let img = frame(of: shell)
        let control = PixelColor(Theme.control), background = PixelColor(Theme.background)
        for f in frames {
            // The tile face near its left edge, the window background just outside it.
            #expect(img.at(f.x + 8, f.midY).isClose(to: control, tolerance: 20), "tile face \(img.at(f.x + 8, f.midY))")
            #expect(img.at(f.x - 4, f.midY) == background)
        }
        // Across each row of tiles, just inside their tops: together, exactly one tile per app.
        var runs = 0
        for rowY in Set(frames.map(\.y)) {
            let row = Int(rowY + 4)
            var inTile = false
            for x in 0..<img.width {
                let onTile = img[x, row] != background
                if onTile && !inTile { runs += 1 }
                inTile = onTile
            }
        }
        #expect(runs == shell.tiles.count)
        // Paintbrush's icon is a black canvas, Polygon's a blue polygon.
        let paintIcon = iconRect(frames[0]), polyIcon = iconRect(frames[1])
        #expect(img.at(paintIcon.x + 3, paintIcon.y + 3) == .black)
        #expect(img.at(polyIcon.midX, polyIcon.midY) == PixelColor(PolygonApp.fill))
    }

    /// Resized while an app is shown, the home screen is laid out only on coming home (a storm
    /// of resizes drew its fifteen icons at every size), and then at the window's last size.
    @Test func homeResizedWhileAnAppIsShownIsRightOnComingHome() {
        let shell = makeShell()
        shell.tap(shell.tileFrame(1).center)
        #expect(shell.current?.app is PolygonApp)
        for i in 0..<40 { shell.layout(in: Size(Double(500 + i * 31 % 700), Double(400 + i * 17 % 500))) }
        shell.layout(in: Size(1100, 720))
        shell.press("Escape")
        #expect(shell.current == nil)
        // Against a shell that was only ever this size, the same tile opened and left.
        let fresh = makeShell(Size(1100, 720))
        fresh.tap(fresh.tileFrame(1).center)
        fresh.press("Escape")
        #expect((0..<shell.tiles.count).map { shell.tileFrame($0) } == (0..<fresh.tiles.count).map { fresh.tileFrame($0) })
        // Drawn at that size: the window's pixels are the fresh shell's.
        #expect(frame(of: shell).pixels == frame(of: fresh).pixels)
    }

    @Test func clickingATileOpensItsApp() {
        let shell = makeShell()
        shell.tap(shell.tileFrame(0).center)
        #expect(shell.title == "TouchDesk — Paintbrush")
        #expect(shell.current?.app is PaintApp)
        // The app fills the window below the bar: its canvas is black there.
        let img = frame(of: shell)
        #expect(img.count(of: .black, x: 0, y: Int(Shell.barHeight) + 2, width: 640, height: 100) == 640 * 100)

        shell.press("Escape")
        #expect(shell.title == "TouchDesk")
        #expect(shell.current == nil)

        shell.tap(shell.tileFrame(1).center)
        #expect(shell.title == "TouchDesk — Polygon")
        #expect(shell.current?.app is PolygonApp)
    }

    @Test func pressingOneTileAndReleasingOnAnotherOpensNothing() {
        let shell = makeShell()
        shell.handle(.touchBegan(shell.tileFrame(0).center))
        shell.handle(.touchMoved(shell.tileFrame(1).center))
        shell.handle(.touchEnded(shell.tileFrame(1).center))
        #expect(shell.current == nil)
        #expect(shell.title == "TouchDesk")
    }

    @Test func keysOpenAppsFromHome() {
        let shell = makeShell()
        shell.press("o")
        #expect(shell.title == "TouchDesk — Polygon")
        shell.press("Escape")
        shell.press("p")
        #expect(shell.title == "TouchDesk — Paintbrush")
        shell.press("Escape")
        // Arrow to the second tile, Return opens it.
        shell.press("Right")
        #expect(shell.selectedTile == 1)
        shell.press("Return")
        #expect(shell.title == "TouchDesk — Polygon")
    }

    @Test func theBackButtonReturnsHome() {
        let shell = makeShell()
        _ = shell.open(id: "polygon")
        #expect(shell.title == "TouchDesk — Polygon")
        // The Back button sits at the left of the bar.
        shell.tap(Point(30, Shell.barHeight / 2))
        #expect(shell.current == nil)
        #expect(shell.title == "TouchDesk")
        #expect(!shell.open(id: "no-such-app"))
        #expect(shell.current == nil)
    }

    @Test func ctrlQQuitsFromHomeAndFromAnApp() {
        let home = makeShell()
        #expect(!home.wantsQuit)
        home.press("q")
        #expect(!home.wantsQuit, "plain q does not quit")
        home.press("q", control: true)
        #expect(home.wantsQuit)

        let inApp = makeShell()
        _ = inApp.open(id: "paint")
        inApp.press("q", control: true)
        #expect(inApp.wantsQuit)
    }

    @Test func touchesReachTheAppBelowTheBar() {
        let shell = makeShell()
        _ = shell.open(id: "paint")
        shell.handle(.touchBegan(Point(100, 120)))
        shell.handle(.touchMoved(Point(400, 120)))
        shell.handle(.touchEnded(Point(400, 120)))
        shell.handle(.leave)
        let img = frame(of: shell)
        // Painted exactly where the pointer went, in window coordinates.
        #expect(img.mismatches(pointsAlong(from: (100, 120), to: (400, 120), count: 60), expected: .white).isEmpty)
        #expect(img.at(250, 120 - 15) == .black)
        #expect(img.at(250, 120 + 15) == .black)
        // A press on the bar does not paint.
        shell.handle(.touchBegan(Point(300, 10)))
        shell.handle(.touchMoved(Point(300, 200)))
        shell.handle(.touchEnded(Point(300, 200)))
        #expect(frame(of: shell).at(300, 200) == .black)
    }

    @Test func escapeLeavesTheAppButOtherKeysReachIt() throws {
        let shell = makeShell()
        _ = shell.open(id: "polygon")
        let polygon = try #require(shell.current?.app as? PolygonApp)
        shell.press("plus")
        #expect(polygon.model.sides == 6)
        shell.press("Escape")
        #expect(shell.current == nil)
    }

    // MARK: - Sizes

    @Test(arguments: ["paint", "polygon"])
    func everyAppFitsTheMinimumWindow(id: String) throws {
        let shell = makeShell(Shell.minimumSize)
        #expect(shell.open(id: id))
        let app = try #require(shell.current?.app)
        let area = Rect(x: 0, y: 0, width: shell.appArea.width, height: shell.appArea.height)
        let controls: [ControlRect]
        let content: Rect
        if let paint = app as? PaintApp {
            controls = paint.controls.controlRects
            content = paint.canvasRect
        } else {
            let polygon = try #require(app as? PolygonApp)
            controls = polygon.controls.controlRects
            content = polygon.drawingArea
            // Big enough that the shape is drawn, and inside its area.
            #expect(content.height > 20)
            for v in polygon.model.vertices(center: polygon.center, radius: polygon.radius) {
                #expect(content.contains(v))
            }
        }
        #expect(content.height >= 60, "\(id): room to work in at the minimum size: \(content)")
        for c in controls {
            #expect(area.contains(c.frame), "\(id): \(c.id) at \(c.frame) is outside the window")
            #expect(!c.frame.intersects(content), "\(id): \(c.id) covers the content")
            for d in controls where d.id != c.id {
                #expect(!c.frame.intersects(d.frame), "\(id): \(c.id) overlaps \(d.id)")
            }
        }
        let (_, status) = render(Shell.minimumSize) { shell.draw($0) }
        #expect(status == nil)
    }

    @Test func homeFitsTheMinimumWindow() {
        let shell = makeShell(Shell.minimumSize)
        let m = Shell.minimumSize
        let area = Rect(x: 0, y: Shell.barHeight, width: m.width, height: m.height - Shell.barHeight)
        for i in shell.tiles.indices {
            #expect(area.contains(shell.tileFrame(i)))
            #expect(shell.tileFrame(i).width >= 60)
        }
    }

    nonisolated static let smallSizes = [Size(360, 320), Size(50, 40), Size(1, 1), Size(0, 0), Size(12, 300), Size(300, 12), Size(359, 45)]

    @Test(arguments: smallSizes)
    func smallWindowsNeitherCrashNorMakeNegativeRects(size: Size) throws {
        for id in [nil, "paint", "polygon"] {
            let shell = makeShell(size)
            if let id { #expect(shell.open(id: id)) }
            #expect(shell.appArea.isNonNegative)
            for i in shell.tiles.indices { #expect(shell.tileFrame(i).isNonNegative) }
            if let paint = shell.current?.app as? PaintApp {
                #expect(paint.canvasRect.isNonNegative)
                #expect(paint.controls.items.allSatisfy { $0.frame.isNonNegative })
                if paint.canvasRect.height < 1 || paint.canvasRect.width < 1 {
                    // Saving a canvas too small to hold anything says so instead of failing.
                    #expect(paint.save() == nil)
                    #expect(paint.toastMessage?.hasPrefix("Nothing to save") == true)
                }
            }
            if let polygon = shell.current?.app as? PolygonApp {
                #expect(polygon.drawingArea.isNonNegative)
                #expect(polygon.radius > 0)
                #expect(polygon.controls.items.allSatisfy { $0.frame.isNonNegative })
            }
            // Use it a little at that size, then draw.
            let events: [InputEvent] = [
                .hover(Point(5, 5)), .touchBegan(Point(size.width / 2, size.height - 1)),
                .touchMoved(Point(size.width, size.height)), .touchEnded(Point(0, 0)),
                .key(Key("z", control: true)), .key(Key("plus", text: "+")), .leave,
            ]
            for e in events { shell.handle(e) }
            #expect((shell.current == nil) == (id == nil), "still where it was")
            let (_, status) = render(size) { shell.draw($0) }
            #expect(status == nil, "\(id ?? "home") at \(size): \(status ?? "")")

            // Growing back to a normal size shows the screen again.
            shell.layout(in: Size(640, 480))
            let (img, status2) = render(Size(640, 480)) { shell.draw($0) }
            #expect(status2 == nil)
            switch shell.current?.app {
            case let polygon as PolygonApp:
                let c = polygon.center
                #expect(img.at(c.x, c.y + Shell.barHeight) == PixelColor(PolygonApp.fill))
            case is PaintApp:
                #expect(img.at(320, 200) == .black)
            default:
                let f = shell.tileFrame(0)
                #expect(img.at(f.x + 8, f.midY).isClose(to: PixelColor(Theme.control), tolerance: 20))
            }
        }
    }
}
