import Foundation
import Testing
import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskModels
import TouchDeskTestSupport
@testable import TouchDeskApps
@testable import AppPaintbrush
@testable import AppPolygon
@testable import AppHoles
@testable import AppSpaceBalls
@testable import AppAddingImages
@testable import AppTemperature
@testable import AppWebPages
@testable import TouchDeskToolkit

/// The keyboard's focus ring, the same in every app (`FocusChain`, Shell+Focus.swift): Tab reaches
/// every control on screen and draws a ring round it, Space presses, the arrows step sliders and
/// move within groups; and the keys that stand in for the mouse (the keyboard brush, throwing a
/// SpaceBall).
@Suite("Keyboard focus in every app")
struct KeyboardFocusTests {
    static let size = Size(1000, 700)
    let sandbox = Sandbox()

    func shell(_ id: String) -> Shell {
        var env = sandbox.environment
        env.assetsDirectory = ViewAssets.repository
        env.cacheDirectory = DataCaches.directory
        let shell = Shell(tiles: Registry.tiles, environment: env)
        shell.open(id: id)
        shell.layout(in: Self.size, scale: 1)
        shell.finishRestoring()
        for _ in 0..<3 { _ = shell.tick() }
        return shell
    }

    /// Pixels that differ between `a` and `b` in `r` (grown by 4 for the ring outside it).
    static func changed(_ a: PixelImage, _ b: PixelImage, in r: Rect) -> Int {
        let x0 = max(0, Int(r.x) - 4), y0 = max(0, Int(r.y) - 4)
        let x1 = min(a.width, Int(r.maxX.rounded(.up)) + 4), y1 = min(a.height, Int(r.maxY.rounded(.up)) + 4)
        var n = 0
        for y in y0..<max(y0, y1) {
            for x in x0..<max(x0, x1) where a.pixels[y * a.width + x] != b.pixels[y * b.width + x] { n += 1 }
        }
        return n
    }

    /// Pixels that differ between `a` and `b` outside every rectangle of `skip`.
    static func changed(_ a: PixelImage, _ b: PixelImage, outside skip: [Rect]) -> Int {
        var n = 0
        for y in 0..<a.height {
            for x in 0..<a.width where a.pixels[y * a.width + x] != b.pixels[y * b.width + x]
                && !skip.contains(where: { $0.contains(Point(Double(x) + 0.5, Double(y) + 0.5)) }) { n += 1 }
        }
        return n
    }

    /// Controls dimmed on a fresh start, which Tab passes by as GTK does: nothing to undo yet, a
    /// count still at its start, no page history, the map at its widest with no place chosen.
    static let disabledAtStart: [String: Set<String>] = ["paint": ["undo", "redo"], "maze": ["undo", "redo"], "doubler": ["reset"],
                                                         "web": ["back", "forward"], "map": ["out", "copy"]]

    /// Controls on screen that are no Tab stop: Web Pages' Stop, there only while a page loads (Esc does it).
    static let noTabStop: [String: Set<String>] = ["web": ["stop"]]

    /// Tab (Shift+Tab) as a person presses it. On Web Pages' page, Tab walks the page's own links
    /// in its engine, which tells when one went past the last; here the engine's answer is given
    /// at once (the end-to-end tests have the engine walk real links), and the shell moves on as
    /// its tick does (the tick itself would also take in the engine's news: frames, the title).
    func tab(_ shell: Shell, backward: Bool = false) {
        if let web = shell.current?.app as? WebApp, web.pageHoldsKeyboard {
            web.pageStop.pageEnded(backward: backward)
            #expect(shell.passFocusOnIfAsked(web), "the ring did not move on from the page")
        } else {
            shell.press("Tab", shift: backward)
        }
    }

    @Test("Tab reaches every control on screen, in order, and draws a ring round the focused one",
          arguments: DrawOnlyReadsTests.ids)
    func tabReachesEveryControl(id: String) throws {
        let shell = shell(id)
        let app = try #require(shell.current?.app)
        let onScreen = Set(app.controlRects.map(\.id)).union(["home"]).subtracting(Self.disabledAtStart[id] ?? []).subtracting(Self.noTabStop[id] ?? [])
        // An app may open with a field focused (Temperature's °C): Tab on to the content first.
        for _ in 0..<30 where shell.focusChain(app).current != nil { tab(shell) }
        #expect(shell.focusChain(app).current == nil)
        let plain = frame(of: shell)
        let stops = shell.focusChain(app).items.count
        #expect(stops >= 2, "\(id): Tab reaches \(stops) controls")
        var visited: [String] = [], roles: Set<String> = []
        for _ in 0..<stops {
            tab(shell)
            let chain = shell.focusChain(app)
            let (g, item) = try #require(chain.current, "\(id): Tab left nothing focused after \(visited)")
            visited.append(item.name)
            roles.insert("\(item.name) \(item.role)")
            let r = chain.groups[g] === shell.bar ? item.frame : Rect(x: item.frame.x, y: item.frame.y + Shell.barHeight, width: item.frame.width, height: item.frame.height)
            let ring = Self.changed(plain, frame(of: shell), in: r)
            #expect(ring >= 40, "\(id): \(item.name) focused changes only \(ring) pixels round \(r)")
        }
        #expect(onScreen.subtracting(visited).isEmpty, "\(id): Tab never reaches \(onScreen.subtracting(visited).sorted())")
        #expect(roles.count == visited.count, "\(id): Tab visits one twice: \(visited)")
        #expect(visited.last == "home", "\(id): the bar's Home comes last")
        // One more Tab is the app's own content: no ring; then Shift+Tab walks back the same way.
        tab(shell)
        #expect(shell.focusChain(app).current == nil)
        // No ring left anywhere; a field Tab passed keeps its text selected, drawn unfocused (as GTK's).
        let fields = shell.focusChain(app).items.filter { $0.item.role == .field }
            .map { Rect(x: $0.item.frame.x, y: $0.item.frame.y + Shell.barHeight, width: $0.item.frame.width, height: $0.item.frame.height) }
        let left = Self.changed(plain, frame(of: shell), outside: fields)
        #expect(left == 0, "\(id): \(left) pixels differ with nothing focused")
        var back: [String] = []
        for _ in 0..<stops {
            tab(shell, backward: true)
            back.append(try #require(shell.focusChain(app).current).item.name)
        }
        #expect(back == visited.reversed(), "\(id): Shift+Tab is not Tab backwards")
    }

    /// Tabs until the control named `name` has the focus.
    func focus(_ shell: Shell, _ name: String) throws {
        let app = try #require(shell.current?.app)
        for _ in 0...shell.focusChain(app).items.count {
            if shell.focusChain(app).current?.item.name == name { return }
            shell.press("Tab")
        }
        Issue.record("Tab never reached \(name)")
    }

    @Test("a field Tab reaches has its whole text selected (typing replaces it); a click puts the caret where it lands")
    func tabSelectsAFieldsText() throws {
        let shell = shell("temperature")
        let app = try #require(shell.current?.app as? TemperatureApp)
        app.fahrenheit.setText("212")
        try focus(shell, "celsius")
        try focus(shell, "fahrenheit")
        #expect(app.fahrenheit.editor.selectedText == "212")
        for k in ["5", "0"] { shell.handle(.key(Key(k, text: k))) }
        #expect(app.fahrenheit.text == "50", "typing replaced the selected text")
        // A click at the field's right end: the caret after the text, nothing selected.
        let f = app.fahrenheit.frame
        shell.tap(Point(f.maxX - 2, f.midY + Shell.barHeight))
        #expect(!app.fahrenheit.editor.hasSelection && app.fahrenheit.editor.caret == 2)
    }

    @Test func spacePressesTheFocusedButtonInsteadOfTheAppsSpace() throws {
        let shell = shell("spaceballs")
        let app = try #require(shell.current?.app as? SpaceBallsApp)
        try focus(shell, "start")
        shell.press("space")
        #expect(app.model.isRunning, "Space on Start starts")
        try focus(shell, "gravity")
        shell.press("Return")
        #expect(app.model.gravity, "Enter on Gravity turns it on")
        try focus(shell, "home")
        shell.press("space")
        #expect(shell.current == nil, "Space on Home goes home")
    }

    @Test func paintTabNeverOpensMoreAndTheArrowsWalkTheSwatches() throws {
        let shell = shell("paint")
        // Narrow enough that some tools wait behind More.
        shell.layout(in: Size(640, 600), scale: 1)
        let app = try #require(shell.current?.app as? PaintApp)
        #expect(!app.toolbar.overflow.isEmpty)
        for _ in 0..<40 { shell.press("Tab") }
        #expect(!app.toolbar.isPanelOpen, "Tab opened More")
        try focus(shell, "color.0")
        shell.press("Right"); shell.press("Right")
        #expect(shell.focusChain(app).current?.item.name == "color.2")
        shell.press("space")
        #expect(app.model.color == PaintColor(rawValue: 2)!.color)
        // M opens the panel; Tab then stays inside it (its tools and More), Esc closes it.
        shell.press("m")
        #expect(app.toolbar.isPanelOpen)
        var names = Set<String>()
        for _ in 0..<20 { shell.press("Tab"); names.insert(shell.focusChain(app).current?.item.name ?? "-") }
        // Every tool in the panel that can be used now (Redo, with nothing to redo, cannot).
        let usable = app.toolbar.overflow.filter { app.controls[$0]?.isEnabled == true }
        #expect(names == Set(usable.map(\.name) + ["more"]), "Tab in the panel: \(names)")
        shell.press("Escape")
        #expect(!app.toolbar.isPanelOpen && shell.current != nil, "one Esc closes the panel and stays in Paintbrush")
    }

    @Test func theArrowsStepAFocusedSliderWithOrWithoutKeys() throws {
        let shell = shell("polygon")
        let app = try #require(shell.current?.app as? PolygonApp)
        let sides = app.model.sides
        try focus(shell, "sides")
        shell.press("Right")
        #expect(app.model.sides == sides + 1)
        shell.press("Left"); shell.press("Left")
        #expect(app.model.sides == sides - 1)
        let paint = self.shell("paint")
        let brush = try #require(paint.current?.app as? PaintApp)
        let radius = brush.model.radius
        try focus(paint, "size")
        paint.press("Right")
        #expect(brush.model.radius > radius)
    }

    @Test func aClickElsewhereTakesTheRingAndTheArrowsGoBackToTheApp() throws {
        let shell = shell("holes")
        let app = try #require(shell.current?.app as? HolesApp)
        try focus(shell, "restart")
        let t = app.tableRect
        shell.tap(Point(t.midX, t.midY + Shell.barHeight))
        #expect(shell.focusChain(app).current == nil)
        shell.press("Left")
        #expect(!app.tilt.held.isEmpty, "Left tilts again")
    }

    @Test func imagesLayerSquaresAreReachedAndPressedByKeys() throws {
        let shell = shell("images")
        let app = try #require(shell.current?.app as? ImagesApp)
        try focus(shell, "layer.1")
        shell.press("Right")
        #expect(shell.focusChain(app).current?.item.name == "layer.2")
        let visible = app.model.layers[1].isVisible
        shell.press("space")
        #expect(app.model.layers[1].isVisible == !visible)
    }

    // MARK: - Keys in place of the mouse

    @Test func theKeyboardBrushPaintsADabAndShiftArrowsDrawALine() throws {
        let app = PaintApp(environment: sandbox.environment)
        app.layout(in: Self.size)
        let c = app.canvasRect.center
        app.press("Right")
        let cursor = try #require(app.keyBrush.position)
        #expect(cursor == Point(c.x + KeyboardBrush.step, c.y))
        var img = frame(of: app, size: Self.size)
        #expect(img.at(cursor.x, cursor.y) == PixelColor(Color(0, 0, 0)), "moving paints nothing")
        #expect(img.count(in: (Int(cursor.x) - 20, Int(cursor.y) - 20, 40, 40)) { $0 != PixelColor(Color(0, 0, 0)) } > 20, "the cursor shows")
        app.press("space")
        _ = app.handle(.keyUp(Key("space")))
        img = frame(of: app, size: Self.size)
        #expect(img.at(cursor.x, cursor.y) == PixelColor(r: Int(app.model.color.red), g: Int(app.model.color.green), b: Int(app.model.color.blue)), "Space paints a dab")
        _ = app.handle(.key(Key("Down", shift: true)))
        for _ in 0..<9 { _ = app.handle(.key(Key("Down", shift: true))) }
        _ = app.handle(.keyUp(Key("Shift_L")))
        app.press("Right"); app.press("Right"); app.press("Right")
        img = frame(of: app, size: Self.size)
        let along = pointsAlong(from: (cursor.x, cursor.y + 10), to: (cursor.x, cursor.y + 70), count: 7)
        #expect(img.mismatches(along, expected: PixelColor(r: Int(app.model.color.red), g: Int(app.model.color.green), b: Int(app.model.color.blue))).isEmpty, "Shift+Down drew a line")
        #expect(img.at(cursor.x + 24, cursor.y + 80 - 40) == PixelColor(Color(0, 0, 0)), "plain arrows after it paint nothing")
        #expect(app.model.canUndo)
        _ = app.handle(.key(Key("z", control: true)))
        img = frame(of: app, size: Self.size)
        #expect(img.at(cursor.x, cursor.y + 40) == PixelColor(Color(0, 0, 0)), "the line is one undo step")
    }

    @Test func aChosenSpaceBallIsThrownByTheArrows() throws {
        let app = SpaceBallsApp(environment: sandbox.environment)
        app.layout(in: Self.size)
        app.press("2")
        #expect(app.chosen == 1)
        let before = app.model.balls[1].position
        app.press("Up")
        #expect(app.model.isRunning && app.model.balls[1].vy < 0)
        for _ in 0..<5 { _ = app.tick() }
        #expect(app.model.balls[1].position.y < before.y - 20)
        let img = frame(of: app, size: Self.size)
        let p = app.model.balls[1].position
        let ring = img.at(app.boxRect.x + p.x, app.boxRect.y + p.y - SpaceBallsModel.radius - 5)
        #expect(ring.isClose(to: PixelColor(Theme.accent), tolerance: 40), "the chosen ball has a ring: \(ring)")
        app.press("9")
        #expect(app.chosen == 1, "there is no ninth ball")
    }
}
