import TouchDeskDrawing
import Foundation
import Testing
import TouchDeskInterface
import TouchDeskModels
import TouchDeskTestSupport
@testable import AppPaintbrush
@testable import TouchDeskToolkit

extension PaintApp {
    /// Clicks a tool as a user would: through the More panel when it is not in the toolbar.
    func click(_ id: Control) {
        if toolbar.overflow.contains(id), !toolbar.isPanelOpen, let more = controls[.more] {
            tap(more.frame.center)
        }
        guard let c = controls[id], c.frame.width > 0 else {
            Issue.record("\(id) cannot be reached")
            return
        }
        tap(c.frame.center)
    }
}

extension PixelColor {
    init(_ c: RGBColor) { self.init(r: Int(c.red), g: Int(c.green), b: Int(c.blue)) }
}

/// Paintbrush's colour picker, eyedropper, brush opacity and compact toolbar, as a user meets them.
@Suite("Paintbrush colours and toolbar")
struct PaintColorViewTests {
    static let size = Size(640, 480)
    let sandbox = Sandbox()

    func makeApp(size: Size = PaintColorViewTests.size) -> PaintApp {
        let app = PaintApp(environment: sandbox.environment)
        app.layout(in: size)
        return app
    }

    func window(_ app: PaintApp, size: Size = PaintColorViewTests.size) -> PixelImage {
        _ = app.handle(.leave)
        return frame(of: app, size: size)
    }

    func canvas(_ app: PaintApp) -> PixelImage { PixelImage(surface: app.canvasSurface!) }

    // MARK: - Colour picker

    @Test func thePickerChangesTheColorByClicks() throws {
        let app = makeApp()
        app.click(.picker)
        #expect(app.picker.isOpen)
        let strip = app.picker.hueStrip, square = app.picker.square
        // The picker lies on the canvas, clear of the toolbar.
        #expect(app.canvasRect.contains(app.picker.panel) && !app.controlRects.isEmpty)
        // Blue is two thirds down the hue strip; full saturation and value is the square's top right.
        app.tap(Point(strip.midX, strip.y + strip.height * 2 / 3))
        app.tap(Point(square.maxX - 0.5, square.y))
        #expect(app.model.color == .white, "nothing changes before Use")
        let blue = app.picker.color
        #expect(blue.blue == 255 && blue.red < 8 && blue.green < 8, "\(blue)")
        // The new colour shows beside the old in the panel.
        let shown = window(app)
        #expect(shown.count(of: PixelColor(blue), tolerance: 2) > 500)
        app.tap(try #require(app.picker.buttons[.use]).frame.center)
        #expect(!app.picker.isOpen)
        #expect(app.model.color == blue)
        app.tap(Point(300, 150))
        #expect(window(app).at(300, 150) == PixelColor(blue))
    }

    @Test func aDragAcrossTheSquareFollowsThePointer() {
        let app = makeApp()
        app.press("c")
        let square = app.picker.square
        _ = app.handle(.touchBegan(Point(square.midX, square.midY)))
        _ = app.handle(.touchMoved(Point(square.x + square.width * 0.25, square.y + square.height * 0.75)))
        let hsv = app.picker.hsv
        #expect(abs(hsv.saturation - 0.25) < 0.01 && abs(hsv.value - 0.25) < 0.01, "\(hsv)")
        // Dragging past the edge holds at the edge; the release is no click on the canvas.
        _ = app.handle(.touchEnded(Point(square.maxX + 300, square.y - 300)))
        #expect(app.picker.hsv.saturation == 1 && app.picker.hsv.value == 1)
        #expect(app.model.history.isEmpty)
    }

    @Test func aHexCodeCanBeTyped() {
        let app = makeApp()
        #expect(app.press("c"))
        for k in ["#", "1", "a", "2", "b", "3"] { app.press(k) }
        #expect(app.picker.typed == "1A2B3", "half typed, shown in place of the code")
        app.press("c")
        #expect(app.picker.typed == nil && app.picker.color == RGBColor(0x1a, 0x2b, 0x3c))
        // Backspace takes a digit back; Esc drops a half-typed code and keeps the picker open.
        for k in ["f", "f", "BackSpace"] { app.press(k) }
        #expect(app.picker.typed == "F")
        app.press("Escape")
        #expect(app.picker.isOpen && app.picker.typed == nil && app.picker.color == RGBColor(0x1a, 0x2b, 0x3c))
        // Enter with a half-typed code of neither 3 nor 6 digits keeps the picker open...
        for k in ["#", "f", "8"] { app.press(k) }
        app.press("Return")
        #expect(app.picker.isOpen)
        // ... and with three it is the short form, used at once.
        app.press("0")
        app.press("Return")
        #expect(!app.picker.isOpen && app.model.color == RGBColor(0xff, 0x88, 0x00))
    }

    @Test func thePickerChangesTheColorByKeys() {
        let app = makeApp()
        // White: no saturation. Shift+Right ten times is full saturation (hue 0: red).
        #expect(app.press("c"))
        for _ in 0..<10 { app.press("Right", shift: true) }
        #expect(app.picker.color == .red)
        // Tab to the hue strip; 120° on is green.
        app.press("Tab")
        for _ in 0..<12 { app.press("Right", shift: true) }
        #expect(app.picker.color == .green)
        // Back in the square, value down 50 %.
        app.press("Tab")
        for _ in 0..<5 { app.press("Down", shift: true) }
        let picked = app.picker.color
        #expect(picked.red == 0 && picked.blue == 0 && abs(Int(picked.green) - 128) <= 1, "\(picked)")
        app.press("Return")
        #expect(!app.picker.isOpen && app.model.color == picked)
        app.tap(Point(200, 120))
        #expect(canvas(app).at(200, 120) == PixelColor(picked))
    }

    @Test func escapeCancelsThePickerAndKeepsTheOldColor() {
        let app = makeApp()
        app.press("2")
        app.press("c")
        app.press("Tab")
        for _ in 0..<9 { app.press("Right", shift: true) }
        #expect(app.picker.color != .red)
        #expect(app.press("Escape"), "Esc closes the picker, not the app")
        #expect(!app.picker.isOpen && app.model.color == .red)
        // A click outside the panel cancels too, and paints nothing.
        app.press("c")
        app.press("Right")
        app.tap(Point(5, 5))
        #expect(!app.picker.isOpen && app.model.color == .red && app.model.history.isEmpty)
    }

    @Test func thePickerOpensOnTheCurrentColor() {
        let app = makeApp()
        app.model.color = RGBColor(0x33, 0x99, 0xcc)
        app.press("c")
        #expect(app.picker.color == RGBColor(0x33, 0x99, 0xcc))
        #expect(app.picker.color.hex == "#3399CC")
        // Its keys join the keys overlay while it is open.
        #expect(app.keyHelp.contains { $0.keys == "Enter" } && app.keyHelp.contains { $0.keys == "Arrows" })
        app.press("Escape")
        #expect(!app.keyHelp.contains { $0.keys == "Arrows" })
    }

    // MARK: - Eyedropper

    @Test func altClickTakesTheColorUnderThePointer() {
        let app = makeApp()
        app.model.color = RGBColor(200, 40, 90)
        app.drag([Point(100, 100), Point(160, 100)])
        app.press("1")
        #expect(app.model.color == .white)
        #expect(app.handle(.altClick(Point(130, 100))))
        #expect(app.model.color == RGBColor(200, 40, 90))
        #expect(app.model.history.count == 1, "the pick paints nothing")
        #expect(app.toastMessage?.contains("#C8285A") == true, "\(app.toastMessage ?? "")")
        // Painting elsewhere gives the same colour.
        app.tap(Point(400, 200))
        #expect(canvas(app).at(400, 200) == PixelColor(r: 200, g: 40, b: 90))
        // Black canvas picks black (the eraser).
        _ = app.handle(.altClick(Point(500, 50)))
        #expect(app.model.color == .black && app.controls[.eraser]?.isOn == true)
    }

    @Test func theEyedropperButtonPicksWithAPlainClick() {
        let app = makeApp()
        app.press("3")
        app.tap(Point(80, 80))
        app.press("1")
        app.click(.eyedropper)
        #expect(app.picksNext && app.controls[.eyedropper]?.isOn == true)
        // While armed it says what to do, over the canvas.
        #expect(window(app).count(of: PixelColor(Theme.bar, alpha: 0.92, over: Color(0, 0, 0)), tolerance: 6) > 1000)
        app.tap(Point(80, 80))
        #expect(app.model.color == .blue && !app.picksNext)
        #expect(app.model.history.count == 1)
        // I, then Esc, leaves it unarmed.
        app.press("i")
        #expect(app.picksNext)
        app.press("Escape")
        #expect(!app.picksNext)
    }

    @Test func theWindowPassesAltClicksOnToPaintbrushBelowItsBar() throws {
        let shell = Shell(tiles: registryTiles(), environment: sandbox.environment)
        shell.layout(in: Size(640, 480))
        #expect(shell.open(id: "paint"))
        let paint = try #require(shell.current?.app as? PaintApp)
        paint.model.color = RGBColor(1, 120, 240)
        shell.tap(Point(100, 100 + Shell.barHeight))
        shell.press("1")
        // On the bar it does nothing; on the canvas it picks what is there, in the app's coordinates.
        shell.handle(.altClick(Point(100, Shell.barHeight / 2)))
        #expect(paint.model.color == .white)
        shell.handle(.altClick(Point(100, 100 + Shell.barHeight)))
        #expect(paint.model.color == RGBColor(1, 120, 240))
    }

    @Test func theEyedropperReadsTheCanvasAtTwiceThePixels() throws {
        let app = makeApp(size: Size(400, 316))
        app.layout(in: Size(400, 316), scale: 2)
        app.model.color = RGBColor(10, 220, 30)
        app.tap(Point(100, 100))
        app.press("1")
        _ = app.handle(.altClick(Point(100, 100)))
        #expect(app.model.color == RGBColor(10, 220, 30))
    }

    // MARK: - Opacity

    @Test func aHalfOpacityStrokeCrossingItselfHasUniformAlpha() {
        let app = makeApp()
        for _ in 0..<10 { app.press("braceleft") }
        #expect(app.model.opacity == 0.5 && app.controls[.opacity]?.value == 50)
        // A stroke that crosses itself at (200, 100) and doubles back over its own start.
        let path = [Point(100, 100), Point(300, 100), Point(200, 40), Point(200, 200), Point(120, 100)]
        _ = app.handle(.touchBegan(path[0]))
        for p in path.dropFirst() { _ = app.handle(.touchMoved(p)) }
        let expected = PixelColor(RGBColor.white.composited(over: .black, opacity: 0.5))
        let spots = [(150.0, 100.0), (200, 100), (120, 100), (200, 150), (250, 70)]
        // While it is drawn, the window shows it at half strength everywhere, crossings too.
        #expect(window(app).mismatches(spots, expected: expected, tolerance: 2).isEmpty)
        #expect(canvas(app).at(200, 100) == .black, "the canvas waits for the stroke's end")
        _ = app.handle(.touchEnded(path.last!))
        #expect(canvas(app).mismatches(spots, expected: expected, tolerance: 2).isEmpty)
        #expect(window(app).mismatches(spots, expected: expected, tolerance: 2).isEmpty)
        // Undo takes it all away; redo brings back the same single layer.
        app.press("z", control: true)
        #expect(canvas(app).mismatches(spots, expected: .black).isEmpty)
        app.press("z", control: true, shift: true)
        #expect(canvas(app).mismatches(spots, expected: expected, tolerance: 2).isEmpty)
    }

    @Test func translucentStrokesLayOverWhatIsBeneath() {
        let app = makeApp()
        app.press("2")
        app.drag([Point(50, 150), Point(450, 150)])
        app.press("1")
        app.click(.opacity)  // the slider's middle, about half
        app.press("Escape")
        #expect(!app.toolbar.isPanelOpen)
        let a = app.model.opacity
        #expect(a > 0.3 && a < 0.7, "\(a)")
        app.drag([Point(250, 60), Point(250, 240)])
        let img = canvas(app)
        #expect(img.at(250, 150).isClose(to: PixelColor(RGBColor.white.composited(over: .red, opacity: a)), tolerance: 2))
        #expect(img.at(250, 100).isClose(to: PixelColor(RGBColor.white.composited(over: .black, opacity: a)), tolerance: 2))
        // A second stroke over the first is a second layer: it does darken (lighten) further.
        app.drag([Point(250, 90), Point(250, 110)])
        #expect(canvas(app).at(250, 100).r > img.at(250, 100).r + 20)
        // Closing {} keys bring it back to opaque.
        for _ in 0..<20 { app.press("braceright") }
        #expect(app.model.opacity == 1)
    }

    @Test func colorOpacityAndSizeAreKeptInTheStateFile() throws {
        let app = makeApp()
        app.model.color = RGBColor(0x12, 0x34, 0x56)
        app.press("braceleft"); app.press("braceleft")
        app.press("bracketright")
        app.tap(Point(100, 100))
        let data = try #require(app.saveState()).encode()
        let json = try #require(String(data: data, encoding: .utf8))
        #expect(json.contains("#123456"))
        let back = makeApp()
        try back.restore(data)
        #expect(back.model.color == RGBColor(0x12, 0x34, 0x56) && back.model.opacity == 0.9 && back.model.radius == 12)
        // A file from before opacity and picked colours: colour by swatch index, opaque.
        let old = makeApp()
        try old.restore(Data(#"{"color": 3, "radius": 20}"#.utf8))
        #expect(old.model.color == .yellow && old.model.opacity == 1 && old.model.radius == 20)
        // Nonsense values are ignored, not believed.
        let odd = makeApp()
        try odd.restore(Data(##"{"colour": "#zzzzzz", "color": 99, "opacity": -4}"##.utf8))
        #expect(odd.model.color == .white && odd.model.opacity == 0.05)
    }

    // MARK: - The toolbar

    @Test(arguments: [Size(400, 316), Size(640, 480), Size(900, 596), Size(1920, 1036)])
    func everyToolIsReachableWithItsShortcutShown(size: Size) {
        let app = makeApp(size: size)
        let area = Rect(x: 0, y: 0, width: size.width, height: size.height)
        // At most two rows, under the canvas, the seed's swatches always among them.
        #expect(app.toolbar.bar.height <= (size.height >= PaintApp.twoRowHeight ? 2 : 1) * (ControlSizes.rowHeight + ControlSizes.gap) + 16)
        #expect(app.canvasRect.height >= size.height * 0.7, "the canvas has most of the window: \(app.canvasRect)")
        func check(_ rects: [ControlRect], _ when: String) {
            for (i, a) in rects.enumerated() {
                #expect(area.contains(a.frame), "\(a.id) outside \(size) \(when)")
                for b in rects[(i + 1)...] { #expect(!a.frame.intersects(b.frame), "\(a.id) overlaps \(b.id) at \(size) \(when)") }
            }
        }
        check(app.controlRects, "closed")
        for c in PaintColor.allCases { #expect(app.controls[.color(c)]!.frame.width > 0, "\(c.name) swatch hidden at \(size)") }
        if !app.toolbar.overflow.isEmpty {
            #expect(app.press("m"))
            #expect(app.toolbar.isPanelOpen)
            check(app.controlRects, "with More open")
        }
        // Every tool now has a place on screen, and every shortcut is in the keys overlay.
        let shown = Set(app.controlRects.map(\.id))
        for c in app.controls.items where c.id != .more {
            #expect(shown.contains(c.id.name), "\(c.id) unreachable at \(size)")
            // The overlay lists the key the button shows first, then any others.
            #expect(!c.shortcut.isEmpty && app.keyHelp.contains { $0.keys.hasPrefix(c.shortcut) }, "\(c.id) shows no key")
        }
        #expect(app.keyHelp.contains { $0.keys == "Alt+click" })
    }

    @Test func aClickOutsideTheMorePanelClosesItWithoutPainting() throws {
        // A narrow window tall enough to leave canvas above the panel (at 400 × 360 it covers the
        // canvas, and M, Esc or More close it).
        let app = makeApp(size: Size(400, 520))
        #expect(!app.toolbar.overflow.isEmpty)
        app.press("m")
        #expect(app.toolbar.isPanelOpen)
        // A canvas point the panel does not cover (the panel grows with the tools behind More).
        let panel = app.toolbar.panel
        #expect(panel.y >= 8, "the More panel covers the whole canvas: \(panel)")
        let outside = Point(panel.x + panel.width / 2, panel.y / 2)
        app.tap(outside)
        #expect(!app.toolbar.isPanelOpen && app.model.history.isEmpty)
        // A button in the panel does its work and closes the panel.
        app.tap(outside)
        app.click(.clear)
        #expect(!app.toolbar.isPanelOpen && canvas(app).at(outside.x, outside.y) == .black && app.model.history.count == 2)
    }
}
