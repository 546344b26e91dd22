import Foundation
import Testing
import TouchDeskPlaces
import TouchDeskTestSupport

/// The keyboard alone, in the real window: xdotool keys reach and use controls, paint, throw a
/// ball and leave a search; checked by the window's pixels and title.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct KeyboardEndToEndTests {
    static let barHeight = 44.0
    static func isWhite(_ c: PixelColor) -> Bool { c.r >= 240 && c.g >= 240 && c.b >= 240 }
    static let accent = PixelColor(hex: 0x7b83ff)

    @Test("Paintbrush by keys: arrows move the brush, held Space paints along, Shift+arrows draw a line; Tab never opens More")
    func keyboardBrushPaints() async throws {
        let session = try await XSession(name: "keys-paint")
        defer { session.close() }
        let app = try await session.launch(["paint", "--size", "800x600"])
        let canvas = (x: 0, y: Int(Self.barHeight), width: 800, height: 340)
        let blank = try await app.screenshot("blank")
        #expect(blank.count(in: canvas, where: Self.isWhite) == 0, "the canvas is not blank in \(blank.path)")
        // White is the first colour; the brush starts at the canvas's middle.
        try await app.key("Right", "Right")
        _ = await session.run("xdotool", ["keydown", "space"])
        try await app.key("Right", "Right", "Right", "Right", "Right", "Right")
        _ = await session.run("xdotool", ["keyup", "space"])
        let stroke = try await app.screenshot("stroke") { $0.count(in: canvas, where: Self.isWhite) > 600 }
        let strokePixels = stroke.count(in: canvas, where: Self.isWhite)
        #expect(strokePixels > 600, "held Space and the arrows painted \(strokePixels) white pixels in \(stroke.path)")
        let painted = stroke.points(in: canvas, where: Self.isWhite)
        let width = (painted.map(\.x).max() ?? 0) - (painted.map(\.x).min() ?? 0)
        #expect(width >= 6 * 8, "the stroke is \(width) px wide, not along six steps, in \(stroke.path)")

        try await app.key("shift+Down", "shift+Down", "shift+Down", "shift+Down", "shift+Down", "shift+Down", "shift+Down", "shift+Down")
        let line = try await app.screenshot("line") { $0.count(in: canvas, where: Self.isWhite) > strokePixels + 400 }
        let below = line.points(in: canvas, where: Self.isWhite).map(\.y).max() ?? 0
        #expect(below - (painted.map(\.y).max() ?? 0) >= 7 * 8 - 2, "Shift+Down drew no line down in \(line.path)")

        // Tab walks the toolbar and never opens More (it has its own key, M).
        let before = try await app.screenshot("before-tab")
        try await app.key("Tab")
        let tabbed = try await app.screenshot("tabbed") { $0.count(in: (0, 480, 800, 120)) { $0.isClose(to: Self.accent, tolerance: 30) } > 40 }
        #expect(tabbed.count(in: (0, 480, 800, 120)) { $0.isClose(to: Self.accent, tolerance: 30) }
                > before.count(in: (0, 480, 800, 120)) { $0.isClose(to: Self.accent, tolerance: 30) }, "no focus ring in the toolbar in \(tabbed.path)")
        #expect(tabbed.count(in: canvas, where: Self.isWhite) == line.count(in: canvas, where: Self.isWhite), "Tab changed the canvas in \(tabbed.path)")
    }

    @Test("SpaceBalls by keys: 2 chooses the white ball, Up throws it")
    func throwABallByKeys() async throws {
        let session = try await XSession(name: "keys-spaceballs")
        defer { session.close() }
        let app = try await session.launch(["spaceballs", "--size", "800x600"])
        let box = (x: 0, y: 80, width: 800, height: 440)
        func white(_ img: PixelImage) -> (x: Double, y: Double)? {
            let pts = img.points(in: box, where: Self.isWhite)
            guard pts.count > 200 else { return nil }
            return (Double(pts.reduce(0) { $0 + $1.x }) / Double(pts.count), Double(pts.reduce(0) { $0 + $1.y }) / Double(pts.count))
        }
        let first = try await app.screenshot("still")
        let white0 = try #require(white(first), "no white ball in \(first.path)")
        try await app.key("2")
        let chosen = try await app.screenshot("chosen") { $0.count(in: box) { $0.isClose(to: Self.accent, tolerance: 40) } > 30 }
        #expect(chosen.count(in: box) { $0.isClose(to: Self.accent, tolerance: 40) } > 30, "no ring round the chosen ball in \(chosen.path)")
        try await app.key("Up")
        let thrown = try await app.screenshot("thrown") { img in
            guard let c = white(img) else { return false }
            return abs(c.y - white0.y) > 30
        }
        let white1 = try #require(white(thrown), "no white ball in \(thrown.path)")
        #expect(abs(white1.y - white0.y) > 30, "the white ball did not move: \(white0) → \(white1) in \(thrown.path)")
    }

    @Test("Map Search: one Esc closes the list and leaves the field, the next goes home",
          .enabled(if: WorldMap.isInstalled() && (try? GeoNamesSource.locate()) != nil, "needs marble-qt-data and scripts/data/places"))
    func oneEscapePerThing() async throws {
        let session = try await XSession(name: "keys-map-esc")
        defer { session.close() }
        try MapEndToEndTests.seedCache(session)
        let app = try await session.launch(["map", "--size", "900x640"])
        _ = try await app.screenshot("start")
        try await app.key("p", "a", "r")
        let listArea = (x: 12, y: Int(Self.barHeight) + 54, width: 520, height: 5 * 34)
        let listed = try await app.screenshot("listed", timeout: 90) {
            $0.count(in: listArea) { $0.isClose(to: MapEndToEndTests.listBackground, tolerance: 4) } > 520 * 34 * 3
        }
        try await app.key("Escape")
        let closed = try await app.screenshot("closed") {
            $0.count(in: listArea) { $0.isClose(to: MapEndToEndTests.listBackground, tolerance: 4) } < 520 * 34
        }
        #expect(closed.count(in: listArea) { $0.isClose(to: MapEndToEndTests.listBackground, tolerance: 4) } < 520 * 34,
                "one Esc left the list open: \(listed.path) → \(closed.path)")
        #expect(try await app.title() == "TouchDesk — Map Search", "one Esc left Map Search")
        try await app.key("Escape")
        #expect(try await app.waitForTitle("TouchDesk") == "TouchDesk", "the second Esc did not go home")
    }
}
