@testable import TouchDeskDrawing
import Foundation
import Testing
import TouchDeskInterface
import TouchDeskModels
import TouchDeskTestSupport
@testable import AppPolygon
@testable import TouchDeskToolkit

/// Polygon as a user sees it: the outline where the model puts the vertices, the fill inside,
/// dashes, and turning it with the mouse.
@Suite("Polygon view")
struct PolygonAppTests {
    static let size = Size(640, 480)
    static let outline = PixelColor(PolygonApp.outline)
    static let fill = PixelColor(PolygonApp.fill)
    static let background = PixelColor(Theme.background)

    func makeApp(size: Size = PolygonAppTests.size) -> PolygonApp {
        let app = PolygonApp(environment: Sandbox().environment)
        app.layout(in: size)
        return app
    }

    func vertices(_ app: PolygonApp) -> [Point] { app.model.vertices(center: app.center, radius: app.radius) }

    /// Points along edge `i` (from vertex i to i+1), `offset` points outward from the edge line.
    func edgePoints(_ app: PolygonApp, edge i: Int, offset: Double, count: Int = 80) -> [(Double, Double)] {
        let v = vertices(app)
        let a = v[i], b = v[(i + 1) % v.count]
        let mid = Point((a.x + b.x) / 2, (a.y + b.y) / 2)
        let d = mid.distance(to: app.center)
        let nx = (mid.x - app.center.x) / d, ny = (mid.y - app.center.y) / d
        // Keep clear of the corners, where neighbouring edges and round joins meet.
        return pointsAlong(from: (a.x + (b.x - a.x) * 0.12 + nx * offset, a.y + (b.y - a.y) * 0.12 + ny * offset),
                           to: (a.x + (b.x - a.x) * 0.88 + nx * offset, a.y + (b.y - a.y) * 0.88 + ny * offset), count: count)
    }

    @Test func thePolygonFitsInItsArea() {
        let app = makeApp()
        #expect(app.drawingArea.height > 200)
        for v in vertices(app) {
            #expect(app.drawingArea.insetBy(PolygonApp.outlineWidth).contains(v), "\(v) outside \(app.drawingArea)")
        }
        for item in app.controls.items {
            #expect(!item.frame.intersects(app.drawingArea), "\(item.id) overlaps the drawing")
            #expect(Rect(x: 0, y: 0, width: Self.size.width, height: Self.size.height).contains(item.frame))
        }
    }

    @Test func outlineAtTheVerticesFillAtTheCentre() {
        let app = makeApp()
        let img = frame(of: app, size: Self.size)
        #expect(vertices(app).count == 5)
        #expect(img.mismatches(vertices(app).map(\.xy), expected: Self.outline).isEmpty)
        #expect(img.at(app.center.x, app.center.y) == Self.fill)
        // Outside the shape: the window background.
        let r = app.radius
        #expect(img.mismatches([(app.center.x - r - 12, app.center.y), (app.center.x + r + 12, app.center.y),
                                (app.center.x, app.center.y - r - 12)], expected: Self.background).isEmpty)
    }

    @Test func everySideCountIsDrawnWhereTheModelSays() {
        let app = makeApp()
        for _ in 0..<5 { app.press("minus") }
        #expect(app.model.sides == 3)
        for n in 3...12 {
            #expect(app.model.sides == n)
            let img = frame(of: app, size: Self.size)
            let v = vertices(app)
            #expect(v.count == n)
            #expect(img.mismatches(v.map(\.xy), expected: Self.outline).isEmpty, "\(n) sides")
            #expect(img.at(app.center.x, app.center.y) == Self.fill)
            // Halfway along each edge, just inside the outline, is fill.
            for i in 0..<n {
                let p = edgePoints(app, edge: i, offset: -6, count: 3)[1]
                #expect(img.at(p.0, p.1) == Self.fill, "\(n) sides, edge \(i)")
            }
            app.press("plus")
        }
        #expect(app.model.sides == 12)
    }

    @Test func solidEdgesHaveNoGapsAndDashedEdgesDo() {
        let app = makeApp()
        var img = frame(of: app, size: Self.size)
        // Just outside each edge line, inside the 5-point outline: outline colour all along (the
        // tolerance allows for antialiasing of pixels that reach past the outline's outer side).
        for i in 0..<5 {
            let samples = edgePoints(app, edge: i, offset: 1.5).map { img.at($0.0, $0.1) }
            #expect(samples.allSatisfy { $0.isClose(to: Self.outline, tolerance: 40) }, "solid edge \(i): \(samples)")
            #expect(!samples.contains { $0.isClose(to: Self.background, tolerance: 40) })
        }
        app.press("d")
        #expect(app.model.dashed)
        img = frame(of: app, size: Self.size)
        for i in 0..<5 {
            let samples = edgePoints(app, edge: i, offset: 1.5).map { img.at($0.0, $0.1) }
            let dash = samples.filter { $0.isClose(to: Self.outline, tolerance: 40) }.count
            let gap = samples.filter { $0.isClose(to: Self.background) }.count
            // Dashes 14 long and gaps 10: both plentiful along each edge.
            #expect(dash >= 20 && gap >= 15, "dashed edge \(i): \(dash) dash, \(gap) gap of \(samples.count)")
            // Inside the shape the gaps show fill, not background.
            let inner = edgePoints(app, edge: i, offset: -1.5).map { img.at($0.0, $0.1) }
            #expect(inner.allSatisfy { $0.isClose(to: Self.outline, tolerance: 40) || $0.isClose(to: Self.fill, tolerance: 40) || isBlend($0) })
        }
        // The toggle button turns it back off.
        app.tap(app.controls[.dashed]!.frame.center)
        #expect(!app.model.dashed)
        img = frame(of: app, size: Self.size)
        #expect(edgePoints(app, edge: 2, offset: 1.5).allSatisfy { img.at($0.0, $0.1).isClose(to: Self.outline, tolerance: 40) })
    }

    /// An antialiased mix of outline and fill (every channel between theirs).
    func isBlend(_ c: PixelColor) -> Bool {
        let o = Self.outline, f = Self.fill
        func between(_ v: Int, _ a: Int, _ b: Int) -> Bool { v >= min(a, b) - 3 && v <= max(a, b) + 3 }
        return between(c.r, o.r, f.r) && between(c.g, o.g, f.g) && between(c.b, o.b, f.b)
    }

    @Test func aQuarterTurnDragMovesTheVertices() {
        let app = makeApp()
        let c = app.center, r = app.radius
        let before = vertices(app)
        // Grab to the right of the centre and drag round to below it: a quarter turn clockwise.
        let path = (0...18).map { k -> Point in
            let a = Double(k) * 5 * .pi / 180
            return Point(c.x + r * 0.8 * cos(a), c.y + r * 0.8 * sin(a))
        }
        app.drag(path)
        #expect(abs(app.model.degrees - 90) < 1e-6)
        let after = vertices(app)
        // The top vertex is now on the right.
        #expect(after[0].distance(to: Point(c.x + r, c.y)) < 1e-6)
        let img = frame(of: app, size: Self.size)
        #expect(img.mismatches(after.map(\.xy), expected: Self.outline).isEmpty)
        // Where the top vertex was is now outside the turned pentagon.
        #expect(img.at(before[0].x, before[0].y) == Self.background)
    }

    @Test func draggingFarFromTheShapeStillTurnsIt() {
        let app = makeApp()
        let c = app.center
        // Start in the label strip above the shape, go round to the left side.
        app.drag([Point(c.x, 20), Point(c.x - 100, 20), Point(20, c.y)])
        #expect(abs(app.model.degrees - -90) < 1e-6)
        #expect(vertices(app)[0].distance(to: Point(c.x - app.radius, c.y)) < 1e-6)
    }

    @Test func turningSeveralTimesRoundKeepsCounting() {
        let app = makeApp()
        let c = app.center, r = app.radius
        _ = app.handle(.touchBegan(Point(c.x + r, c.y)))
        for k in 1...(3 * 72) {
            let a = Double(k) * 5 * .pi / 180
            _ = app.handle(.touchMoved(Point(c.x + r * cos(a), c.y + r * sin(a))))
        }
        _ = app.handle(.touchEnded(Point(c.x + r, c.y)))
        #expect(abs(app.model.degrees - 1080) < 1e-6)
        // Three whole turns: the shape looks as it started.
        let img = frame(of: app, size: Self.size)
        #expect(img.mismatches(vertices(app).map(\.xy), expected: Self.outline).isEmpty)
        #expect(vertices(app)[0].distance(to: Point(c.x, c.y - r)) < 1e-6)
    }

    @Test func pressingOnTheControlsDoesNotTurnTheShape() throws {
        let app = makeApp()
        let reset = try #require(app.controls[.reset])
        app.drag([reset.frame.center, Point(app.center.x, 30), Point(30, app.center.y)])
        #expect(app.model.angle == 0)
    }

    @Test func arrowKeysAndResetTurnTheShape() {
        let app = makeApp()
        for _ in 0..<18 { app.press("Right") }
        #expect(abs(app.model.degrees - 90) < 1e-9)
        var img = frame(of: app, size: Self.size)
        #expect(img.at(app.center.x + app.radius, app.center.y) == Self.outline)
        app.press("Left")
        #expect(abs(app.model.degrees - 85) < 1e-9)
        app.press("r")
        #expect(app.model.degrees == 0)
        img = frame(of: app, size: Self.size)
        #expect(img.at(app.center.x, app.center.y - app.radius) == Self.outline)
        #expect(img.at(app.center.x + app.radius, app.center.y) == Self.background)
    }

    /// + shows its keys as − does (issue 40: + had shown none): the buttons' key hints are drawn.
    @Test func bothSideButtonsShowTheirKeys() throws {
        let app = makeApp(size: Size(900, 596))
        var drawn: [(text: String, font: Font)] = []
        _ = render(Size(900, 596)) { cr in drawn = cr.recordingText { app.draw(cr) } }
        let plus = try #require(app.controls[.more]), minus = try #require(app.controls[.fewer])
        #expect(plus.shortcut == "+/=" && !minus.shortcut.isEmpty, "+ \(plus.shortcut), − \(minus.shortcut)")
        // − is labelled with its own key; + adds "+/=" (its = is the same key without Shift).
        #expect(drawn.contains { $0.text == "+/=" && $0.font.size == ControlSizes.hintSize }, "\(drawn.map(\.text))")
        #expect(drawn.contains { $0.text == minus.shortcut || $0.text == minus.label }, "\(drawn.map(\.text))")
    }

    @Test func theButtonsAddAndRemoveSides() throws {
        let app = makeApp()
        let more = try #require(app.controls[.more]), fewer = try #require(app.controls[.fewer])
        app.tap(more.frame.center)
        #expect(app.model.sides == 6)
        let img = frame(of: app, size: Self.size)
        #expect(img.mismatches(vertices(app).map(\.xy), expected: Self.outline).isEmpty)
        // A hexagon has a vertex straight below the centre; a pentagon does not.
        #expect(img.at(app.center.x, app.center.y + app.radius) == Self.outline)
        for _ in 0..<10 { app.tap(fewer.frame.center) }
        #expect(app.model.sides == 3)
        #expect(app.controls[.fewer]?.isEnabled == false)
        #expect(app.controls[.more]?.isEnabled == true)
    }

    @Test func theSidesSliderSetsTheCount() throws {
        let app = makeApp()
        let slider = try #require(app.controls[.sides])
        let track = Controls.track(of: slider)
        app.drag([Point(track.midX, track.midY), Point(track.maxX + 50, track.midY)])
        #expect(app.model.sides == 12)
        #expect(app.controls[.more]?.isEnabled == false)
        app.drag([Point(track.minX - 50, track.midY)])
        #expect(app.model.sides == 3)
    }
}
