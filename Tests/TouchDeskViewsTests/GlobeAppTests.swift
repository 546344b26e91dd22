import Foundation
import Testing
import TouchDeskDrawing
import TouchDeskGlobe
import TouchDeskInterface
import TouchDeskModels
import TouchDeskPlaces
import TouchDeskTestSupport
@testable import AppSeaLevel
@testable import TouchDeskToolkit

/// Sea Level as drawn: the picture at known places and levels, the keys and buttons that change
/// it, the flooded-places list, the search, and what shows when the relief is missing.
@Suite("Sea Level app", .enabled(if: DataCaches.reliefAvailable, "ETOPO5 not installed (ferret-datasets)"))
struct GlobeAppTests {
    let sandbox = Sandbox()
    static let size = Size(900, 596)

    /// A loaded app over the shared caches, opened as `touchdesk globe --look-at … --zoom … --sea-level …` would.
    func makeApp(lookAt: String? = nil, zoom: String? = nil, seaLevel: String? = nil) throws -> GlobeApp {
        var env = sandbox.environment
        env.cacheDirectory = DataCaches.directory
        let app = GlobeApp(environment: env)
        app.layout(in: Self.size)
        app.start(try GlobeApp.startOptions(lookAt: lookAt, zoom: zoom, seaLevel: seaLevel))
        app.finishLoading()
        #expect(!app.isLoading)
        return app
    }

    /// The pixel at the centre of the globe's area: where the place looked at is drawn.
    func centre(_ app: GlobeApp) -> PixelColor {
        frame(of: app, size: Self.size).at(app.globeRect.midX, app.globeRect.midY)
    }

    /// Sea blues: clearly more blue than red, as the sea palette is (the engine's own test uses this).
    func isWater(_ c: PixelColor) -> Bool { Int(c.b) > Int(c.r) + 30 && Int(c.b) > Int(c.g) - 10 }

    @Test func netherlandsAreLandTodayAndSeaWhenTheIceHasMelted() throws {
        // 52.3° N 5.7° E: the Veluwe's edge, dry at 0 m in ETOPO5 (52.5° N 5.5° E is a cell of
        // Flevoland at −2 m that joins the sea at 0 m: ETOPO5 knows no dykes).
        let app = try makeApp(lookAt: "52.3,5.7", zoom: "8", seaLevel: "0")
        // Without the coastline and the flood tint, flooded land is drawn as plain sea.
        app.press("c")
        app.press("f")
        _ = app.tick()  // the tick renders what the keys changed
        #expect(!app.model.style.showsCoastline && !app.model.style.tintsFloodedLand)
        #expect(!isWater(centre(app)), "land at 0 m: \(centre(app))")
        app.press("3")  // All ice melted
        _ = app.tick()
        #expect(app.model.level == 70)
        #expect(isWater(centre(app)), "sea at +70 m: \(centre(app))")
        // With the flood colour (F again) it is still water, but no longer the sea's colour.
        let plain = centre(app)
        app.press("f")
        _ = app.tick()
        #expect(centre(app) != plain)
        #expect(isWater(centre(app)), "flooded land at +70 m is drawn as water: \(centre(app))")
    }

    /// Above today's level with the flood colour on, a legend under the hint says which water is
    /// the sea and which was land; without the colour, or at today's level, there is none.
    @Test func aLegendSaysWhatTheFloodColourMeans() throws {
        let app = try makeApp(lookAt: "52.3,5.7", zoom: "8", seaLevel: "70")
        let sea = PixelColor(hex: GlobeLegend.sea & 0xFFFFFF), flooded = PixelColor(hex: GlobeLegend.flooded & 0xFFFFFF)
        #expect(sea.distance(to: flooded) > 60, "the two waters are told apart: \(sea), \(flooded)")
        // The swatches' centres: under the hint box (6 + 20 + 6 points down), one row apart.
        let g = app.globeRect
        let seaSwatch = (g.x + 22, g.y + 32 + 4 + 9), floodedSwatch = (g.x + 22, g.y + 32 + 4 + 18 + 9)
        func swatches() -> (PixelColor, PixelColor) {
            let image = frame(of: app, size: Self.size)
            return (image.at(seaSwatch.0, seaSwatch.1), image.at(floodedSwatch.0, floodedSwatch.1))
        }
        var (s, f) = swatches()
        #expect(s.isClose(to: sea, tolerance: 3) && f.isClose(to: flooded, tolerance: 3), "legend: \(s), \(f)")
        app.press("f")
        _ = app.tick()
        (s, f) = swatches()
        #expect(!f.isClose(to: flooded, tolerance: 3), "no legend without the flood colour: \(f)")
        app.press("f")
        app.press("2")  // Today
        _ = app.tick()
        (s, f) = swatches()
        #expect(!f.isClose(to: flooded, tolerance: 3), "no legend at today's level: \(f)")
    }

    @Test func jordanValleyStaysDryAtOneMetre() throws {
        // 250 m below the sea beside the Dead Sea, but not connected to the ocean.
        let app = try makeApp(lookAt: "32.0,35.55", zoom: "8")
        app.press("f")
        app.press("Up", control: true)
        _ = app.tick()  // the tick renders what the keys changed
        #expect(app.model.level == 1)
        #expect(!isWater(centre(app)), "the Jordan valley is not connected to the ocean: \(centre(app))")
        // The open sea off Gaza is sea at any level.
        let sea = try makeApp(lookAt: "31.5,33.5", zoom: "8", seaLevel: "1")
        #expect(isWater(centre(sea)))
    }

    @Test func rendersOnlyWhenSomethingShownChanges() throws {
        let app = try makeApp()
        _ = frame(of: app, size: Self.size)
        let n = app.renderCount
        _ = frame(of: app, size: Self.size)
        _ = app.handle(.hover(Point(300, 300)))
        _ = frame(of: app, size: Self.size)
        #expect(app.renderCount == n, "an unchanged globe is not rendered again")
        #expect(!app.tick(), "an idle globe asks for no ticks")
        app.press("Up", control: true)
        _ = app.tick()
        _ = frame(of: app, size: Self.size)
        #expect(app.renderCount == n + 1)
        _ = app.handle(.scroll(Point(300, 300), dy: -1))
        _ = app.tick()
        _ = frame(of: app, size: Self.size)
        #expect(app.renderCount == n + 2)
    }

    @Test func keysAndButtonsChangeTheLevel() throws {
        let app = try makeApp()
        app.press("Up", control: true); app.press("Up", control: true)
        #expect(app.model.level == 2)
        app.press("Prior")
        #expect(app.model.level == 12)
        app.press("Next", shift: true)
        #expect(app.model.level == -88)
        // Every preset button, clicked.
        for c in GlobeApp.Control.presets {
            let button = try #require(app.form.controls[c])
            app.tap(button.frame.center)
            #expect(app.model.level == c.preset?.metres)
            #expect(app.form.controls[c]?.isOn == true)
        }
        // With a button focused by its click, the level keys still change the level.
        let level = app.model.level
        app.press("Up", control: true)
        #expect(app.model.level == level + 1, "Up after a click on a preset")
        // Every button shows its key.
        for c in app.form.controls.items { #expect(!c.shortcut.isEmpty, "\(c.id) shows no key") }
    }

    /// IPCC AR6's projections: key 7 sets +0.77 m, the panel quotes the report's median and likely
    /// range, the list says why nothing is listed yet (the relief's heights are whole metres),
    /// Ctrl+Shift+Up adds a tenth, and the accessible slider and the saved state keep the centimetres.
    @Test func ipccProjectionsKeepTheirCentimetres() throws {
        let app = try makeApp()
        app.press("7")
        #expect(app.model.level == 0.77 && app.model.gridLevel == 0)
        #expect(app.form.controls[.high2100]?.isOn == true && app.form.controls[.today]?.isOn == false)
        #expect(app.levelMeaning.hasPrefix("IPCC AR6: median, likely 0.63–1.01 m"), "\(app.levelMeaning)")
        #expect(app.levelMeaning.contains("whole metres"), "\(app.levelMeaning)")
        #expect(app.panel.readout?.count == 0)
        let slider = try #require(app.accessibleContent.first { $0.id == "level" }?.value)
        #expect(slider.value == 0.77)
        let figures = try #require(app.accessibleContent.first { $0.id == "figures" }?.text?.text)
        #expect(figures.hasPrefix("Sea level +0.77 m: IPCC AR6"), "\(figures)")
        app.press("Up", control: true, shift: true)
        #expect(app.model.level == 0.87)
        #expect(app.form.controls[.high2100]?.isOn == false)
        // Kept across a restart, to the centimetre.
        let saved = try #require(app.saveState())
        let restored = try makeApp()
        try restored.restore(try saved.encode())
        #expect(restored.model.level == 0.87)
        // 2300 under very high emissions: the middle of the likely range, read at +4 m.
        app.press("8")
        #expect(app.model.level == 4.25 && app.model.gridLevel == 4)
        #expect(app.levelMeaning.hasPrefix("IPCC AR6: likely 1.7–6.8 m, shown at its middle"), "\(app.levelMeaning)")
        #expect(app.panel.readout == app.loads.flooded?.readout(at: 4, limit: app.panel.listRows))
        #expect((app.panel.readout?.count ?? 0) > 0)
    }

    @Test func sliderFollowsADrag() throws {
        let app = try makeApp()
        let track = GlobePanel.track(in: app.panel.sliderRect)
        var levels: [Double] = []
        _ = app.handle(.touchBegan(Point(track.x + track.width * 0.3, track.midY)))
        levels.append(app.model.level)
        for f in stride(from: 0.35, through: 0.95, by: 0.1) {
            _ = app.handle(.touchMoved(Point(track.x + track.width * f, track.midY + 12)))
            levels.append(app.model.level)
        }
        _ = app.handle(.touchEnded(Point(track.maxX + 50, track.midY)))
        #expect(levels == levels.sorted() && Set(levels).count == levels.count, "the level follows the knob: \(levels)")
        #expect(app.model.level == Double(SeaLevel.highest))
        // Near a preset's mark the knob snaps to it.
        let mark = track.x + SeaLevel.sliderPosition(ofMetres: 70) * track.width
        app.tap(Point(mark + 2, track.midY))
        #expect(app.model.level == 70)
    }

    @Test func floodedPlacesAreListedAndClickable() throws {
        let app = try makeApp(seaLevel: "70")
        let readout = try #require(app.panel.readout)
        #expect(readout.level == 70)
        #expect(!readout.largest.isEmpty)
        #expect(readout.overAMillion > 10, "many cities of over a million people lie below 70 m: \(readout.overAMillion)")
        let places = try #require(app.places)
        let first = places.place(readout.largest[0])
        let people = readout.largest.map { places.place($0).population }
        #expect(people == people.sorted(by: >), "largest first")
        // Higher seas drown more; today nothing.
        app.press("4")
        #expect((app.panel.readout?.count ?? 0) > readout.count)
        app.press("2")
        #expect(app.panel.readout?.largest.isEmpty == true)
        app.press("3")
        // Click the first row: the globe turns to it and marks it.
        let row = app.panel.listRowFrame(0)
        _ = app.handle(.hover(row.center))
        #expect(app.cursor == .hand)
        app.tap(row.center)
        #expect(app.marked?.id == first.id)
        while app.tick() {}
        let c = app.model.view.centre
        #expect(abs(c.latitude - first.coordinate.latitude) < 1e-6)
    }

    @Test func searchTurnsTheGlobeToAPlace() throws {
        let app = try makeApp()
        app.press("slash")
        #expect(app.search.field.isFocused)
        for ch in "Tokyo" { _ = app.handle(.key(Key(String(ch), text: String(ch)))) }
        #expect(app.search.suggestions.first?.place.name == "Tokyo")
        _ = app.handle(.key(Key("Return")))
        #expect(app.marked?.name == "Tokyo")
        #expect(!app.search.field.isFocused)
        while app.tick() {}
        #expect(abs(app.model.view.centre.longitude - 139.69) < 0.1)
        #expect(app.model.view.zoom >= 4)
        // Typing in the field does not change the level or toggle anything; `/` selects the old
        // name, as Ctrl+L does in Map Search, so what is typed replaces it.
        app.press("slash")
        _ = app.handle(.key(Key("c", text: "c")))
        #expect(app.model.style.showsCoastline)
        #expect(app.search.field.text == "c", "after / and c the field reads \(app.search.field.text)")
    }

    @Test func missingReliefNamesThePackage() throws {
        var env = sandbox.environment
        env.cacheDirectory = sandbox.dir.appending("cache")
        let app = GlobeApp(environment: env, reliefPath: sandbox.dir.appending("no-etopo5.cdf"))
        app.layout(in: Self.size)
        app.finishLoading()
        let message = try #require(app.globeError)
        #expect(message.contains("apt-get install --no-install-recommends ferret-datasets"))
        let (_, status) = render(Self.size) { app.draw($0) }
        #expect(status == nil)
        // The rest still answers.
        app.press("Up", control: true)
        #expect(app.model.level == 1)
    }

    @Test func badCommandLineValuesAreRejected() {
        for (lookAt, zoom, level) in [("91,0", nil, nil), ("52.3", nil, nil), ("a,b", nil, nil), ("0,181", nil, nil),
                                      (nil, "0.5", nil), (nil, "49", nil), (nil, "x", nil),
                                      (nil, nil, "9001"), (nil, nil, "-11001"), (nil, nil, "nan"), (nil, nil, "high")] as [(String?, String?, String?)] {
            #expect(throws: GlobeApp.OptionError.self) { try GlobeApp.startOptions(lookAt: lookAt, zoom: zoom, seaLevel: level) }
        }
        let o = try? GlobeApp.startOptions(lookAt: "-33.9, 151.2", zoom: "2.5", seaLevel: "+70 m")
        #expect(o?.lookAt == GeoPoint(latitude: -33.9, longitude: 151.2))
        #expect(o?.zoom == 2.5)
        #expect(o?.seaLevel == 70)
        #expect((try? GlobeApp.startOptions(lookAt: nil, zoom: nil, seaLevel: "\u{2212}120"))?.seaLevel == -120)
        // Metres to the centimetre: IPCC AR6's 2100 median under very high emissions.
        #expect((try? GlobeApp.startOptions(lookAt: nil, zoom: nil, seaLevel: "0.77 m"))?.seaLevel == 0.77)
    }

    /// S turns the sun an eighth; the first tilt from straight down at 1× raises the relief to 10×
    /// (a chosen exaggeration stays); --heading takes 0–360 degrees.
    @Test func sunKeyTiltedReliefAndHeading() throws {
        let app = try makeApp(lookAt: "28.5,85", zoom: "5", seaLevel: "0")
        #expect(app.model.style.sunTurn == 0 && app.model.style.exaggeration == 1)
        app.press("s")
        #expect(app.model.style.sunTurn == 1)
        for _ in 0..<7 { app.press("s") }
        #expect(app.model.style.sunTurn == 0)
        app.press("Up", shift: true)
        #expect(app.model.view.tilt == 10 && app.model.style.exaggeration == GlobeStyle.tiltedExaggeration)
        app.press("Down", shift: true)
        app.press("bracketleft")
        #expect(app.model.style.exaggeration == 5)
        app.press("Up", shift: true)
        #expect(app.model.style.exaggeration == 5, "a chosen exaggeration is kept on tilting")
        for bad in ["361", "-1", "north", ""] {
            #expect(throws: GlobeApp.OptionError.self) { try GlobeApp.startOptions(lookAt: nil, zoom: nil, seaLevel: nil, heading: bad) }
        }
        #expect((try? GlobeApp.startOptions(lookAt: nil, zoom: nil, seaLevel: nil, heading: "90°"))?.heading == 90)
    }

    @Test func fitsTheMinimumWindow() throws {
        let app = try makeApp()
        let size = Size(Shell.minimumSize.width, Shell.minimumSize.height - Shell.barHeight)
        app.layout(in: size)
        let area = Rect(x: 0, y: 0, width: size.width, height: size.height)
        for c in app.form.controls.shownItems {
            #expect(area.contains(c.frame), "\(c.id) at \(c.frame) is outside")
            #expect(!c.frame.intersects(app.globeRect))
            for d in app.form.controls.shownItems where d.id != c.id { #expect(!c.frame.intersects(d.frame), "\(c.id) overlaps \(d.id)") }
        }
        #expect(app.globeRect.width >= 150 && app.globeRect.height >= 150)
        let (_, status) = render(size) { app.draw($0) }
        #expect(status == nil)
        // The flooded-places list keeps rows below the buttons, inside the window.
        app.press("Page_Up")
        #expect(app.model.level == 10)
        #expect(app.panel.listRows >= 1, "no row for the flooded-places list in \(app.panel.listRect)")
        let first = app.panel.listRowFrame(0)
        #expect(area.contains(Rect(x: app.panel.listRect.x, y: first.y, width: app.panel.listRect.width, height: first.height)), "\(first)")
        for c in app.form.controls.shownItems { #expect(!c.frame.intersects(first), "\(c.id) overlaps the list's first row") }
        #expect(app.panel.readout?.largest.count == app.panel.listRows)
    }

    /// Loading, in the smallest window: the title, the step and the bar fit the globe's area
    /// (nothing drawn reaches its edges, where the clip would cut it).
    @Test func loadingFitsTheMinimumWindow() throws {
        var env = sandbox.environment
        env.cacheDirectory = sandbox.dir.appending("fresh-cache")
        let app = GlobeApp(environment: env)
        defer { app.loads.loader.stop(); app.loads.loader.waitUntilDone() }
        let size = Size(Shell.minimumSize.width, Shell.minimumSize.height - Shell.barHeight)
        app.layout(in: size)
        // A first run builds the cache for seconds; the globe is not in yet.
        try #require(app.globe == nil && app.globeError == nil)
        let image = frame(of: app, size: size)
        let g = app.globeRect, background = PixelColor(hex: app.model.style.background & 0xFFFFFF)
        let edges = [(Int(g.x), 6), (Int(g.maxX) - 6, 6)]
        for (x, width) in edges {
            let ink = image.points(in: (x: x, y: Int(g.midY) - 60, width: width, height: 110)) { !$0.isClose(to: background, tolerance: 30) }
            #expect(ink.isEmpty, "the loading screen reaches the globe area's edge at x \(x): \(ink.prefix(3))")
        }
        // Something is drawn: the title in the middle.
        #expect(!image.points(in: (x: Int(g.midX) - 40, y: Int(g.midY) - 44, width: 80, height: 20)) { !$0.isClose(to: background, tolerance: 30) }.isEmpty)
    }
}
