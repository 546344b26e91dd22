import TouchDeskDrawing
import Foundation
import Testing
import TouchDeskInterface
import TouchDeskModels
import TouchDeskTestSupport
@testable import AppPaintbrush
@testable import AppHoles
@testable import AppSpaceBalls
@testable import AppAddingImages
@testable import AppTemperature
@testable import AppPostalCodes
@testable import AppSeaLevel
@testable import TouchDeskToolkit

/// The controls' rectangles, the keys overlay drawn from the same data, home tiles that grow, and
/// the apps changed for issue 16 (Adding Images, SpaceBalls, Temperature, Holes, Postal Codes).
@Suite("Layouts, keys and the apps that changed with them")
struct LayoutAndKeysTests {
    let sandbox = Sandbox()

    func makeShell(_ size: Size) -> Shell {
        let shell = Shell(tiles: registryTiles(), environment: sandbox.environment)
        shell.layout(in: size)
        return shell
    }

    // MARK: - Shell

    @Test func homeTilesGrowWithTheWindowAndShareOneLabelSize() {
        let small = makeShell(Size(400, 360)), large = makeShell(Size(1920, 1080))
        #expect(large.tileFrame(0).width > 1.6 * small.tileFrame(0).width, "\(large.tileFrame(0)) vs \(small.tileFrame(0))")
        #expect(large.tileFrame(0).width <= Shell.largestTile)
        // Every tile is a control of the home screen, beside About and Quit.
        let ids = large.controlRects.map(\.id)
        #expect(ids.contains("about") && ids.contains("quit") && ids.contains("tile.paint") && ids.contains("tile.globe"))
    }

    @Test func controlRectsComeFromTheOpenAppsControls() {
        let shell = makeShell(Size(900, 640))
        shell.open(id: "holes")
        let rects = shell.controlRects
        #expect(rects.map(\.id) == ["home", "restart"])
        let app = try! #require(shell.current?.app as? HolesApp)
        #expect(rects[1].frame == Rect(x: app.controls[.restart]!.frame.x, y: app.controls[.restart]!.frame.y + Shell.barHeight,
                                       width: app.controls[.restart]!.frame.width, height: app.controls[.restart]!.frame.height))
    }

    @Test("F1 shows the keys of the screen from the buttons' own shortcuts; any key closes it")
    func keysOverlay() {
        let shell = makeShell(Size(900, 640))
        shell.open(id: "spaceballs")
        let before = frame(of: shell)
        shell.press("F1")
        #expect(shell.showsKeys)
        let sections = shell.keySections
        let own = sections[0].keys
        let app = try! #require(shell.current?.app as? SpaceBallsApp)
        // Every button's shortcut is listed, with its help text where it has one, then the app's other keys.
        for c in app.controls.items where !c.shortcut.isEmpty {
            #expect(own.contains(KeyHelp(c.shortcut, c.help ?? c.label)), "\(c.shortcut) missing from \(own)")
        }
        #expect(own.contains(KeyHelp("Click", "Add a ball there")))
        #expect(sections.last!.keys.contains(KeyHelp("Ctrl+Q", "Quit TouchDesk")))
        let shown = frame(of: shell)
        let panel = PixelColor(Theme.bar)
        #expect(shown.count(of: panel, tolerance: 2) > before.count(of: panel, tolerance: 2) + 100_000, "the overlay covers the window")
        // The key that closes it does nothing else: Enter would have started the balls.
        shell.press("Return")
        #expect(!shell.showsKeys && !app.model.isRunning)
        shell.press("question", control: true, shift: true)
        #expect(shell.showsKeys)
        shell.tap(Point(450, 300))
        #expect(!shell.showsKeys && app.model.balls.count == 2, "the click closed the list, no ball added")
    }

    // MARK: - Keys declared once (issue 33)

    @Test("Sea Level's level keys are declared controls: F1 lists them from there, each steps the level, the accessible slider presses them")
    func seaLevelKeysAreDeclaredOnce() throws {
        // Without the relief the panel and the level are the same.
        let app = GlobeApp(environment: sandbox.environment, reliefPath: "/nonexistent/etopo5.cdf")
        app.layout(in: Size(900, 596))
        #expect(app.keyHelp.filter { $0.action.hasPrefix("Sea level ±") } == [
            KeyHelp("Ctrl+Up, Ctrl+Down", "Sea level ±1 m (with Shift ±0.1 m)"), KeyHelp("Page Up, Page Down", "Sea level ±10 m (with Shift ±100 m)"),
        ])
        #expect(!app.extraKeys.contains { $0.keys.contains("Ctrl+Up") || $0.keys.contains("Page") })
        // Every keysym of each, Shift choosing the step; Alt makes none of them a level key.
        let presses: [(Key, Double)] = [
            (Key("Up", control: true), 1), (Key("KP_Up", control: true, shift: true), 1.1), (Key("Prior"), 11.1),
            (Key("Page_Up", shift: true), 111.1), (Key("KP_Prior"), 121.1), (Key("KP_Page_Up"), 131.1), (Key("Next"), 121.1),
            (Key("KP_Next", shift: true), 21.1), (Key("Page_Down"), 11.1), (Key("KP_Page_Down"), 1.1), (Key("Down", control: true), 0.1),
            (Key("KP_Down", control: true, shift: true), 0), (Key("Prior", alt: true), 0), (Key("Up", control: true, alt: true), 0),
        ]
        for (k, level) in presses {
            _ = app.handle(.key(k))
            #expect(abs(app.model.level - level) < 1e-9, "\(k) → \(app.model.level) m, not \(level) m")
        }
        // The screen reader's slider steps by the same keys: 100 m, 10 m, 1 m, 0.1 m.
        let slider = try #require(app.accessibleContent.first { $0.id == "level" }?.value)
        #expect(slider.adjusters.count == 4)
        for (adjuster, step) in zip(slider.adjusters, [100, 10, 1, 0.1]) {
            for e in adjuster.up { _ = app.handle(e) }
            #expect(abs(app.model.level - step) < 1e-9, "up: \(adjuster.up) → \(app.model.level) m")
            for e in adjuster.down { _ = app.handle(e) }
            #expect(abs(app.model.level) < 1e-9, "down: \(adjuster.down) → \(app.model.level) m")
        }
        // The line under the slider and the slider's description name the keys as declared.
        #expect(GlobePanel.levelKeysHint(app.form.controls, withShift: true) == "Ctrl+Up/Down 1 m (Shift 0.1) · Page Up/Down 10 m (Shift 100)")
        #expect(GlobePanel.levelKeysHint(app.form.controls, withShift: false) == "Ctrl+Up/Down 1 m · Page Up/Down 10 m")
        let description = try #require(app.accessibleContent.first { $0.id == "level" }?.description)
        #expect(description == "Ctrl+Up and Ctrl+Down: 1 m, with Shift 0.1 m; Page Up and Page Down: 10 m, with Shift 100 m")
    }

    @Test("Two chords written as one say what they share once")
    func chordPairs() {
        #expect(KeyChord.pair(KeyChord(["Up"], control: true, shown: "Ctrl+Up"), KeyChord(["Down"], control: true, shown: "Ctrl+Down")) == "Ctrl+Up/Down")
        #expect(KeyChord.pair(.key("Prior", shown: "Page Up"), .key("Next", shown: "Page Down")) == "Page Up/Down")
        #expect(KeyChord.pair(.key("bracketleft", shown: "["), .key("bracketright", shown: "]")) == "[/]")
        #expect(KeyChord.pair(.control("z"), .control("z", shift: true)) == "Ctrl+Z/Shift+Z")
    }

    @Test("Paintbrush's keyboard brush keys are declared controls: F1 lists them from there, and they reach the brush")
    func paintBrushKeysAreDeclaredOnce() throws {
        let app = PaintApp(environment: sandbox.environment)
        app.layout(in: Size(640, 480))
        let brushKeys = ["← → ↑ ↓", "Space", "Shift+← → ↑ ↓"]
        #expect(app.keyHelp.filter { brushKeys.contains($0.keys) } == [
            KeyHelp("← → ↑ ↓", "Move the keyboard brush"), KeyHelp("Space", "Paint a dab; hold with the arrows to paint"),
            KeyHelp("Shift+← → ↑ ↓", "Draw a straight line"),
        ])
        #expect(!app.extraKeys.contains { brushKeys.contains($0.keys) })
        // Ctrl or Alt with an arrow is no brush key; the keypad's arrow is.
        _ = app.handle(.key(Key("Left", control: true)))
        _ = app.handle(.key(Key("Left", alt: true)))
        #expect(app.keyBrush.position == nil)
        _ = app.handle(.key(Key("KP_Right")))
        let start = try #require(app.keyBrush.position)
        // Shift+arrows draw one line, ended by letting Shift go; Space (Shift or not) a dab.
        let actions = app.model.history.count
        _ = app.handle(.key(Key("Down", shift: true)))
        _ = app.handle(.key(Key("KP_Down", shift: true)))
        _ = app.handle(.keyUp(Key("Shift_L")))
        #expect(app.model.history.count == actions + 1)
        #expect(app.keyBrush.position == Point(start.x, start.y + 2 * KeyboardBrush.step / app.viewport.zoom))
        _ = app.handle(.key(Key("space", shift: true)))
        _ = app.handle(.keyUp(Key("space")))
        #expect(app.model.history.count == actions + 2)
    }

    @Test("while a dialog takes Esc, F1 lists the dialog's Esc, not Back")
    func keysOverlayWithADialogOpen() {
        let shell = makeShell(Size(900, 640))
        shell.open(id: "paint")
        let back = KeyHelp("Esc", "Back to the home screen")
        #expect(shell.keySections.last!.keys.contains(back))
        shell.press("c")
        let app = try! #require(shell.current?.app as? PaintApp)
        #expect(app.picker.isOpen)
        let sections = shell.keySections
        #expect(!sections.flatMap(\.keys).contains(back), "\(sections)")
        #expect(sections[0].keys.contains { $0.keys == "Esc" }, "the picker's Cancel is listed: \(sections[0].keys)")
        shell.press("Escape")
        #expect(!app.picker.isOpen && shell.current != nil, "Esc closed the picker and stayed in Paintbrush")
        #expect(shell.keySections.last!.keys.contains(back))
    }

    @Test(arguments: [Size(400, 360), Size(3840, 2160)])
    func keysOverlayFitsEveryScreen(size: Size) {
        let shell = makeShell(size)
        shell.press("F1")
        let home = render(size) { shell.draw($0) }
        #expect(home.status == nil)
        shell.press("Escape")
        shell.open(id: "globe")
        shell.press("F1")
        #expect(shell.keySections[0].keys.count > 10)
        #expect(render(size) { shell.draw($0) }.status == nil)
    }

    @Test func theTitleNeverRunsUnderTheBarsButtons() {
        let shell = makeShell(Size(400, 360))
        let img = frame(of: shell)
        let about = shell.controlRects.first { $0.id == "about" }!.frame
        // Left of About, the title's light pixels end before the button starts.
        let lit = img.points(in: (0, 0, Int(about.x), 44)) { $0.r > 200 && $0.g > 200 && $0.b > 200 }
        #expect(!lit.isEmpty && lit.map(\.x).max()! < Int(about.x) - 4, "the title reaches \(lit.map(\.x).max() ?? 0), About starts at \(about.x)")
    }

    // MARK: - Controls

    @Test func slidersStopGrowing() {
        let c = Controls<TestControl>()
        c.add(.a, "A", key: .key("a"))
        c.addSlider(.s, "Size", range: 0...10, down: .key("bracketleft"), up: .key("bracketright"))
        c.layoutRows(in: Rect(x: 0, y: 0, width: 3000, height: 0))
        #expect(c[.s]!.frame.width == ControlSizes.maxSliderWidth)
        c.layoutRows(in: Rect(x: 0, y: 0, width: 400, height: 0))
        #expect(c[.s]!.frame.width < ControlSizes.maxSliderWidth && c[.s]!.frame.maxX <= 400)
    }

    // MARK: - Adding Images

    @Test func clickingASmallSquareHidesAndShowsItsLayer() {
        let app = ImagesApp(environment: ViewAssets.environment)
        let size = Size(800, 556)
        app.layout(in: size)
        let hat = app.smallRects[3]
        app.tap(hat.center)
        #expect(app.model.layers[3].picture == .hat && !app.model.layers[3].isVisible)
        #expect(!app.model.visiblePictures.contains(.hat))
        let img = frame(of: app, size: size)
        let c = app.compositeRect
        #expect(img.count(of: PixelColor(hex: 0x3b2f6b), tolerance: 10, x: Int(c.x), y: Int(c.y), width: Int(c.width), height: Int(c.height)) == 0,
                "no hat in the composite")
        app.press("4")
        #expect(app.model.layers[3].isVisible)
    }

    @Test func draggingASquareChangesTheStackingOrder() {
        let app = ImagesApp(environment: ViewAssets.environment)
        app.layout(in: Size(800, 556))
        let r = app.smallRects
        // The background (first, at the back) dragged to the last slot: it now covers the others.
        app.drag([r[0].center, Point(r[1].midX, r[0].midY), Point(r[3].midX, r[0].midY), r[4].center])
        #expect(app.model.layers.map(\.picture) == [.baseline, .readThePaper, .hat, .legs, .background])
        #expect(app.model.layers.filter { !$0.isVisible }.isEmpty, "a drag is not a click")
        #expect(app.model.visiblePictures.last == .background)
        app.press("bracketleft")
        #expect(app.model.layers.map(\.picture).last == .legs)
        app.press("r")
        #expect(app.model.layers.map(\.picture) == ImagesApp.pictures)
    }

    @Test func layerNamesAreWords() {
        #expect(StickManPicture.readThePaper.words == "Reading the paper")
        let words = ImagesApp.pictures.map(\.words)
        #expect(words == ["Background", "Body", "Reading the paper", "Hat", "Legs"])
    }

    // MARK: - SpaceBalls

    @Test func startIsHighlightedWhileStoppedAndAClickAddsABall() {
        let app = SpaceBallsApp(environment: sandbox.environment)
        app.layout(in: Size(800, 556))
        #expect(app.controls[.start]!.isOn && !app.controls[.stop]!.isOn)
        #expect(app.controls[.fewer]!.label.contains("Balls") && app.controls[.more]!.label.contains("Balls"))
        var spot = Point(app.boxRect.midX, app.boxRect.midY)
        if app.model.ball(at: Point(spot.x - app.boxRect.x, spot.y - app.boxRect.y)) != nil { spot.x += 100 }
        app.tap(spot)
        #expect(app.model.balls.count == 3)
        #expect(app.model.balls[2].position.distance(to: Point(spot.x - app.boxRect.x, spot.y - app.boxRect.y)) < 31)
        app.press("g")
        #expect(app.model.gravity && app.controls[.gravity]!.isOn)
        app.press("Return")
        #expect(app.model.isRunning && app.controls[.stop]!.isOn && !app.controls[.start]!.isOn)
    }

    @Test func dragMovesABallAndAFlickThrowsIt() {
        let app = SpaceBallsApp(environment: sandbox.environment)
        app.layout(in: Size(800, 556))
        let b = app.model.balls[0].position
        let start = Point(b.x + app.boxRect.x, b.y + app.boxRect.y)
        _ = app.handle(.touchBegan(start))
        #expect(app.held == 0)
        // Slow: 2 points a tick for 10 ticks, then a quick 60 points in 3 ticks, and let go.
        var p = start
        // Towards the middle, so no wall stops the hand.
        let dir = b.x < app.boxRect.width / 2 ? 1.0 : -1.0
        for _ in 0..<10 { p.x += 2 * dir; _ = app.handle(.touchMoved(p)); _ = app.tick() }
        for _ in 0..<3 { p.x += 20 * dir; _ = app.handle(.touchMoved(p)); _ = app.tick() }
        _ = app.handle(.touchEnded(p))
        #expect(app.held == nil)
        #expect(abs(app.model.balls[0].vx - 20 * dir) < 1e-9 && abs(app.model.balls[0].vy) < 1e-9, "thrown at the last ticks' speed: \(app.model.balls[0])")
        #expect(app.model.isRunning, "a throw sets the box running")
    }

    // MARK: - Temperature

    @Test func typingConvertsWithoutEnterAndInvalidInputClearsTheRest() {
        let app = TemperatureApp(environment: sandbox.environment)
        app.layout(in: Size(800, 556))
        app.type("36")
        #expect(app.celsius.text == "2.2" && app.kelvin.text == "275.4")
        #expect(app.model.reading?.band.message == "Definitely cold")
        app.type("x")
        #expect(app.fahrenheit.isInvalid && app.celsius.text == "" && app.kelvin.text == "" && app.model.reading == nil)
        _ = app.handle(.touchBegan(app.kelvin.frame.center))
        _ = app.handle(.touchEnded(app.kelvin.frame.center))
        app.type("0")
        #expect(app.celsius.text == "-273.1" || app.celsius.text == "-273.2")
        #expect(app.fahrenheit.text == "-459.7" && !app.fahrenheit.isInvalid)
    }

    // MARK: - Holes and Postal Codes

    @Test func holesDrawsTheBallAndHolesAtTheTablesScale() {
        let app = HolesApp(environment: sandbox.environment)
        app.layout(in: Size(1920, 1036))
        #expect(app.model.ballRadius > 3 * HolesModel.ballRadius)
        // The ball touches the right edge but is drawn whole: its outline stays inside the table.
        let img = frame(of: app, size: Size(1920, 1036))
        let t = app.tableRect, b = app.model.ball
        #expect(img.at(t.x + b.x + app.model.ballRadius - 3, t.y + b.y) != PixelColor(HolesApp.table))
    }

    @Test func postalSaysSoFarSoGoodInNeutralWhileTyping() {
        let app = PostalApp(environment: sandbox.environment)
        app.layout(in: Size(800, 556))
        app.type("K7G")
        guard case .incomplete = app.verdict else { Issue.record("\(app.verdict)"); return }
        #expect(!app.field.isInvalid)
        let img = frame(of: app, size: Size(800, 556))
        let f = app.field.frame
        #expect(img.count(of: PixelColor(Theme.error), tolerance: 20, x: Int(f.x), y: Int(f.maxY), width: Int(f.width), height: 60) == 0,
                "no red while the code is still being typed")
        app.type(" 5T9")
        #expect(app.verdict == .canadian("K7G 5T9"))
        // Clear sits beside the field, not in a far corner.
        let clear = app.form.controls[.clear]!.frame
        #expect(abs(clear.midY - f.midY) < 1 && clear.x > f.maxX && clear.x - f.maxX < 20)
    }
}
