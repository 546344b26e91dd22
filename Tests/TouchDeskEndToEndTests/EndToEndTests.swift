import Foundation
import Testing
import TouchDeskTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The real `touchdesk` binary in a real X server (Xvfb), driven with real input (xdotool through
/// XTEST), looked at through screenshots (`import`) and window properties (`xprop`), as a person
/// sitting at the desktop would. Screenshots stay in $TMPDIR/touchdesk-e2e (or
/// $TOUCHDESK_E2E_ARTIFACTS) as <test>-<n>-<step>.png.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct EndToEndTests {
    typealias Box = (x: Int, y: Int, width: Int, height: Int, pixels: Int)

    // MARK: - Helpers

    /// Points every `step` pixels along the segment from a to b, both ends included.
    static func samples(_ a: (Double, Double), _ b: (Double, Double), step: Double = 3) -> [(Double, Double)] {
        let len = hypot(b.0 - a.0, b.1 - a.1)
        let n = max(1, Int((len / step).rounded(.up)))
        return (0...n).map { i in
            let t = Double(i) / Double(n)
            return (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t)
        }
    }

    /// Samples along every segment of the polyline `points`.
    static func samples(along points: [(Double, Double)], step: Double = 3) -> [(Double, Double)] {
        zip(points, points.dropFirst()).flatMap { samples($0, $1, step: step) }
    }

    /// The samples whose colour fails `test`.
    static func misses(_ img: PixelImage, _ pts: [(Double, Double)], _ test: (PixelColor) -> Bool) -> [String] {
        pts.filter { !test(img.nearest($0.0, $0.1)) }.map { "(\(Int($0.0)),\(Int($0.1)))=\(img.nearest($0.0, $0.1))" }
    }

    static func isWhite(_ c: PixelColor) -> Bool { c.r >= 235 && c.g >= 235 && c.b >= 235 }
    static func isBlack(_ c: PixelColor) -> Bool { c.r <= 12 && c.g <= 12 && c.b <= 12 }
    static func isPureBlue(_ c: PixelColor) -> Bool { c.isClose(to: .blue, tolerance: 12) }

    /// The paint canvas: the largest black region of the window.
    static func canvas(in img: PixelImage) -> Box? {
        img.regions(where: isBlack, minimumPixels: 5000).first
    }

    /// A point in `box` given as fractions of its size.
    static func at(_ box: Box, _ fx: Double, _ fy: Double) -> (Double, Double) {
        (Double(box.x) + Double(box.width) * fx, Double(box.y) + Double(box.height) * fy)
    }

    static let polygonFill = PixelColor(hex: 0x3d7bf2)
    static let polygonOutline = PixelColor(hex: 0xffd23f)

    /// What a person sees of the polygon: its centre, its size, and the direction of one vertex.
    struct PolygonLook {
        var center: (x: Double, y: Double)
        /// Fill area / (centre-to-vertex distance)²: 1.30 for a triangle, 2.0 square, 2.38 pentagon.
        var areaRatio: Double
        /// Screen angle (degrees, y down, so clockwise is positive) of the farthest pixel: a vertex.
        var vertexAngle: Double
        var radius: Double

        init?(_ img: PixelImage) {
            let fill = img.points { $0.isClose(to: polygonFill, tolerance: 6) }
            guard fill.count > 500 else { return nil }
            let cx = fill.reduce(0.0) { $0 + Double($1.x) } / Double(fill.count)
            let cy = fill.reduce(0.0) { $0 + Double($1.y) } / Double(fill.count)
            let shape = fill + img.points { $0.isClose(to: polygonOutline, tolerance: 40) }
            var best = (d: 0.0, x: 0.0, y: 0.0)
            for p in shape {
                let d = hypot(Double(p.x) - cx, Double(p.y) - cy)
                if d > best.d { best = (d, Double(p.x), Double(p.y)) }
            }
            center = (cx, cy)
            radius = best.d
            areaRatio = Double(fill.count) / (best.d * best.d)
            vertexAngle = atan2(best.y - cy, best.x - cx) * 180 / .pi
        }

        var isTriangle: Bool { areaRatio > 1.0 && areaRatio < 1.6 }
    }

    /// `a` reduced into [0, m).
    static func mod(_ a: Double, _ m: Double) -> Double { let r = a.truncatingRemainder(dividingBy: m); return r < 0 ? r + m : r }

    // MARK: - 1. Paintbrush

    @Test("Paintbrush: a fast drag paints a continuous stroke, 3 paints blue, Ctrl+Z takes the last stroke back")
    func paintStrokes() async throws {
        let session = try await XSession(name: "paint")
        defer { session.close() }
        let app = try await session.launch(["paint", "--size", "800x600"])

        let first = try await app.screenshot("start")
        let canvas = try #require(Self.canvas(in: first), "no black canvas in \(first.path)")
        #expect(canvas.width > 600 && canvas.height > 300, "canvas \(canvas) in \(first.path)")

        // A flick: press, one jump to a far point, release. The app must fill in the whole way.
        let fastA = Self.at(canvas, 0.12, 0.22), fastB = Self.at(canvas, 0.78, 0.68)
        try await app.drag([fastA, fastB])
        // A zigzag with a few points.
        let zigzag = [Self.at(canvas, 0.10, 0.88), Self.at(canvas, 0.30, 0.55), Self.at(canvas, 0.50, 0.92), Self.at(canvas, 0.68, 0.45)]
        try await app.drag(zigzag)
        // Park the pointer on the title bar, so no brush outline is drawn over the canvas.
        try await app.moveMouse(Double(first.width) / 2, 10)

        let whiteSamples = Self.samples(fastA, fastB) + Self.samples(along: zigzag)
        let white = try await app.screenshot("white-strokes") { Self.misses($0, whiteSamples, Self.isWhite).isEmpty }
        let gaps = Self.misses(white, whiteSamples, Self.isWhite)
        #expect(gaps.isEmpty, "the white strokes have gaps at \(gaps.prefix(10)) in \(white.path)")
        // A brush, not a flood: 25 px to the side of the fast stroke's middle is still black canvas.
        let mid = ((fastA.0 + fastB.0) / 2, (fastA.1 + fastB.1) / 2)
        let len = hypot(fastB.0 - fastA.0, fastB.1 - fastA.1)
        let side = (mid.0 - (fastB.1 - fastA.1) / len * 25, mid.1 + (fastB.0 - fastA.0) / len * 25)
        #expect(Self.isBlack(white.nearest(side.0, side.1)), "beside the stroke at \(side) is \(white.nearest(side.0, side.1)) in \(white.path)")
        #expect(Self.isBlack(white.nearest(Double(canvas.x + canvas.width - 20), Double(canvas.y + 20))), "untouched canvas corner is not black in \(white.path)")

        // Key 3 picks blue; a stroke along the top of the canvas is blue.
        try await app.key("3")
        let blueA = Self.at(canvas, 0.2, 0.08), blueB = Self.at(canvas, 0.9, 0.1)
        try await app.drag([blueA, blueB])
        try await app.moveMouse(Double(first.width) / 2, 10)
        let blueSamples = Self.samples(blueA, blueB)
        let blue = try await app.screenshot("blue-stroke") { Self.misses($0, blueSamples, Self.isPureBlue).isEmpty }
        let notBlue = Self.misses(blue, blueSamples, Self.isPureBlue)
        #expect(notBlue.isEmpty, "the blue stroke is not blue at \(notBlue.prefix(10)) in \(blue.path)")
        #expect(Self.misses(blue, whiteSamples, Self.isWhite).isEmpty, "the white strokes changed in \(blue.path)")

        // Ctrl+Z: the blue stroke is gone, the white ones stay.
        try await app.key("ctrl+z")
        let undone = try await app.screenshot("undo-blue") { Self.misses($0, blueSamples, Self.isBlack).isEmpty }
        let left = Self.misses(undone, blueSamples, Self.isBlack)
        #expect(left.isEmpty, "after Ctrl+Z the blue stroke is still there at \(left.prefix(10)) in \(undone.path)")
        #expect(Self.misses(undone, whiteSamples, Self.isWhite).isEmpty, "Ctrl+Z also took away white paint in \(undone.path)")

        // Ctrl+Z again: the zigzag goes too (only where the fast stroke does not cover it).
        try await app.key("ctrl+z")
        let fastSamples = Self.samples(fastA, fastB)
        let zigOnly = Self.samples(along: zigzag).filter { p in
            // Farther than a brush width from the fast stroke.
            let t = max(0, min(1, ((p.0 - fastA.0) * (fastB.0 - fastA.0) + (p.1 - fastA.1) * (fastB.1 - fastA.1)) / (len * len)))
            return hypot(p.0 - (fastA.0 + t * (fastB.0 - fastA.0)), p.1 - (fastA.1 + t * (fastB.1 - fastA.1))) > 25
        }
        let undone2 = try await app.screenshot("undo-zigzag") { Self.misses($0, zigOnly, Self.isBlack).isEmpty }
        #expect(Self.misses(undone2, zigOnly, Self.isBlack).isEmpty, "second Ctrl+Z left the zigzag in \(undone2.path)")
        #expect(Self.misses(undone2, fastSamples, Self.isWhite).isEmpty, "second Ctrl+Z took the first stroke too in \(undone2.path)")
        #expect(app.isRunning)
    }

    // MARK: - 2. Polygon

    @Test("Polygon: two presses of − make a triangle; a quarter-turn drag turns it a quarter turn")
    func polygonTurns() async throws {
        let session = try await XSession(name: "polygon")
        defer { session.close() }
        let app = try await session.launch(["polygon", "--size", "800x600"])

        let start = try await app.screenshot("start")
        let before = try #require(PolygonLook(start), "no polygon (fill \(Self.polygonFill)) in \(start.path)")
        #expect(!before.isTriangle, "the polygon starts as a triangle already (area ratio \(before.areaRatio)) in \(start.path)")

        try await app.key("minus", "minus")
        let triangleShot = try await app.screenshot("triangle") { PolygonLook($0)?.isTriangle == true }
        let triangle = try #require(PolygonLook(triangleShot), "no polygon in \(triangleShot.path)")
        #expect(triangle.isTriangle, "after − − the shape is not a triangle (area/r² = \(triangle.areaRatio)) in \(triangleShot.path)")

        // Press right of the centre, 200 px out, and go a quarter turn clockwise along the circle
        // to straight below the centre, then let go.
        let c = triangle.center, r = 200.0
        var arc: [(Double, Double)] = []
        for i in 0...18 {
            let a = Double(i) / 18 * .pi / 2
            arc.append((c.x + r * cos(a), c.y + r * sin(a)))
        }
        try await app.drag(arc)
        try await app.moveMouse(c.x, 10)

        func turned(_ look: PolygonLook?) -> Double? {
            guard let look else { return nil }
            return Self.mod(look.vertexAngle - triangle.vertexAngle, 120)
        }
        let afterShot = try await app.screenshot("turned") { abs((turned(PolygonLook($0)) ?? 0) - 90) <= 3 }
        let after = try #require(PolygonLook(afterShot), "the polygon vanished in \(afterShot.path)")
        let turn = try #require(turned(after))
        #expect(abs(turn - 90) <= 3, "vertex went from \(triangle.vertexAngle)° to \(after.vertexAngle)°: turned \(turn)° (mod 120), not 90° clockwise, in \(afterShot.path)")
        #expect(after.isTriangle, "no longer a triangle in \(afterShot.path)")
        #expect(hypot(after.center.x - c.x, after.center.y - c.y) <= 2, "the triangle moved: \(c) → \(after.center) in \(afterShot.path)")
        #expect(abs(after.radius - triangle.radius) <= 3, "the triangle changed size in \(afterShot.path)")
    }

    // MARK: - 3. Home screen

    @Test("Home screen: clicking the Paintbrush tile opens it (title says so); Esc goes back")
    func homeScreenOpensPaint() async throws {
        let session = try await XSession(name: "home")
        defer { session.close() }
        let app = try await session.launch(["--size", "800x600"])
        #expect(try await app.waitForTitle("TouchDesk") == "TouchDesk")

        let home = try await app.screenshot("home")
        // Tiles: rounded rectangles of the control colour (or its hover shade).
        let tileColors = [PixelColor(hex: 0x363a46), PixelColor(hex: 0x454a59)]
        let tiles = home.regions(where: { c in tileColors.contains { c.isClose(to: $0, tolerance: 3) } }, minimumPixels: 2000)
        #expect(tiles.count >= 2, "found \(tiles.count) tiles in \(home.path)")
        // The Paintbrush tile is the one whose picture has strokes of all five paint colours.
        let paintColors: [PixelColor] = [.white, .red, .blue, .yellow, .green]
        let scored = tiles.map { t -> (Box, Int) in
            let counts = paintColors.map { color in home.count(in: (t.x, t.y, t.width, t.height)) { $0.isClose(to: color, tolerance: 10) } }
            return (t, counts.min() ?? 0)
        }
        let paintTile = try #require(scored.filter { $0.1 >= 20 }.max { $0.1 < $1.1 }?.0, "no tile shows the five paint colours in \(home.path)")

        try await app.click(Double(paintTile.x + paintTile.width / 2), Double(paintTile.y + paintTile.height / 2))
        let title = try await app.waitForTitle("TouchDesk — Paintbrush")
        #expect(title == "TouchDesk — Paintbrush")
        try await app.moveMouse(400, 10)
        let opened = try await app.screenshot("paint-opened") { (Self.canvas(in: $0)?.width ?? 0) > 600 }
        #expect((Self.canvas(in: opened)?.width ?? 0) > 600, "no paint canvas after clicking the tile in \(opened.path)")

        try await app.key("Escape")
        #expect(try await app.waitForTitle("TouchDesk") == "TouchDesk")
        // The tiles again, and no canvas: the paint icon's red stroke shows, no wide black area.
        func isHome(_ img: PixelImage) -> Bool { img.count(where: { $0 == .red }) >= 20 && (Self.canvas(in: img)?.width ?? 0) < 300 }
        let back = try await app.screenshot("home-again", until: isHome)
        #expect(isHome(back), "the tiles are not back after Esc in \(back.path)")
    }

    // MARK: - 4. Window properties

    @Test("Window properties: class, pid, machine, minimum size, protocols, icon")
    func windowProperties() async throws {
        let session = try await XSession(name: "properties")
        defer { session.close() }
        let app = try await session.launch(["paint", "--size", "800x600"])

        #expect(try await app.property("WM_CLASS") == "\"touchdesk\", \"TouchDesk\"")
        #expect(try await app.property("_NET_WM_PID") == String(app.pid), "_NET_WM_PID is not the app's pid \(app.pid)")

        var host = [CChar](repeating: 0, count: 256)
        gethostname(&host, 255)
        let hostname = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let machine = try #require(try await app.property("WM_CLIENT_MACHINE"), "WM_CLIENT_MACHINE is not set")
        let m = machine.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        #expect(!m.isEmpty && (m == hostname || m.hasPrefix(hostname + ".")), "WM_CLIENT_MACHINE \(machine) is not this machine (\(hostname))")

        let hints = try await app.rawProperty("WM_NORMAL_HINTS")
        let minLine = try #require(hints.split(separator: "\n").first { $0.contains("program specified minimum size") },
                                   "no program-specified minimum size in: \(hints)")
        let numbers = minLine.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        #expect(numbers.count == 2 && numbers.allSatisfy { $0 >= 100 && $0 <= 800 }, "odd minimum size: \(minLine)")

        let protocols = try await app.rawProperty("WM_PROTOCOLS")
        #expect(protocols.contains("WM_DELETE_WINDOW") && protocols.contains("_NET_WM_PING"), "WM_PROTOCOLS: \(protocols)")

        let icon = try await app.rawProperty("_NET_WM_ICON")
        let sizes = icon.split(separator: "\n").filter { $0.contains("Icon (") }.map { String($0).trimmingCharacters(in: .whitespaces) }
        #expect(!sizes.isEmpty, "no _NET_WM_ICON: \(icon.prefix(200))")
        #expect(sizes.contains { $0.contains("48 x 48") }, "no 48×48 icon among \(sizes)")
    }

    // MARK: - 5. Closing

    @Test("Closing from the window manager (WM_DELETE_WINDOW) exits with status 0")
    func closeFromWindowManager() async throws {
        let session = try await XSession(name: "close-wm")
        defer { session.close() }
        try await session.startWindowManager()
        let app = try await session.launch(["paint"])
        // Wait until openbox manages the window.
        await wait(until: { await session.run("wmctrl", ["-l"]).stdout.contains("TouchDesk") }, timeout: 5)
        #expect(await session.run("wmctrl", ["-l"]).stdout.contains("TouchDesk"), "openbox does not list the window")
        _ = try await app.screenshot("managed")

        let close = await session.run("wmctrl", ["-c", "TouchDesk"])
        #expect(close.ok, "wmctrl -c: \(close)")
        let status = await app.waitForExit(timeout: 5)
        #expect(status == .exited(0), "after the window manager closed the window: \(status.map { "\($0)" } ?? "still running"); log: \(app.log)")
    }

    @Test("Ctrl+Q quits with status 0")
    func ctrlQQuits() async throws {
        let session = try await XSession(name: "ctrl-q")
        defer { session.close() }
        let app = try await session.launch(["paint", "--size", "640x480"])
        try await app.key("ctrl+q")
        let status = await app.waitForExit(timeout: 5)
        #expect(status == .exited(0), "after Ctrl+Q: \(status.map { "\($0)" } ?? "still running"); log: \(app.log)")
    }

    // MARK: - 6. Resizing

    @Test("Resizing small keeps the tools visible and working; growing back keeps the painting")
    func resizeSmallAndBack() async throws {
        let session = try await XSession(name: "resize")
        defer { session.close() }
        let app = try await session.launch(["paint", "--size", "800x600"])
        let start = try await app.screenshot("start")
        let canvas = try #require(Self.canvas(in: start), "no canvas in \(start.path)")
        // A long stroke across the big canvas, most of it outside what the small window will show.
        let longA = Self.at(canvas, 0.05, 0.15), longB = Self.at(canvas, 0.95, 0.6)
        try await app.drag([longA, longB])
        try await app.moveMouse(400, 10)
        let longSamples = Self.samples(longA, longB)
        _ = try await app.screenshot("painted") { Self.misses($0, longSamples, Self.isWhite).isEmpty }

        try await app.resize(400, 330)
        // The five colour swatches: round dots of pure colour in a row, below the top third (the tool rows take the bottom).
        func swatches(_ img: PixelImage) -> [PixelColor: Box] {
            var found: [PixelColor: Box] = [:]
            for color in [PixelColor.white, .red, .blue, .yellow, .green] {
                let dots = img.regions(where: { $0.isClose(to: color, tolerance: 10) }, minimumPixels: 150).filter {
                    $0.width >= 14 && $0.width <= 40 && abs($0.width - $0.height) <= 3 && $0.y > img.height / 3
                }
                if let d = dots.first { found[color] = d }
            }
            return found
        }
        let small = try await app.screenshot("small") { $0.width == 400 && $0.height == 330 && swatches($0).count == 5 }
        #expect(small.width == 400 && small.height == 330, "window is \(small.width)x\(small.height), not 400x330")
        let dots = swatches(small)
        #expect(dots.count == 5, "swatches visible: \(dots.keys) in \(small.path)")
        let rows = Set(dots.values.map { ($0.y + $0.height / 2) / 4 })
        #expect(rows.count <= 2, "the swatches are not in a row: \(dots) in \(small.path)")
        #expect(app.isRunning, "the app died on resize: \(app.log)")

        // The small canvas still paints, in red (key 2).
        let smallCanvas = try #require(Self.canvas(in: small), "no canvas in the small window \(small.path)")
        #expect(smallCanvas.height >= 60, "the canvas is only \(smallCanvas.height) px tall in \(small.path)")
        // The part of the white stroke that fits is still shown.
        let inside = longSamples.filter { p in
            p.0 > Double(smallCanvas.x + 12) && p.0 < Double(smallCanvas.x + smallCanvas.width - 12)
                && p.1 > Double(smallCanvas.y + 12) && p.1 < Double(smallCanvas.y + smallCanvas.height - 12)
        }
        #expect(inside.count >= 20, "the white stroke should cross the small canvas \(smallCanvas)")
        let hidden = Self.misses(small, inside, Self.isWhite)
        #expect(hidden.isEmpty, "the white stroke is not shown in the small window at \(hidden.prefix(8)) in \(small.path)")
        try await app.key("2")
        let redA = Self.at(smallCanvas, 0.1, 0.2), redB = Self.at(smallCanvas, 0.9, 0.2)
        try await app.drag([redA, redB])
        try await app.moveMouse(200, 10)
        let redSamples = Self.samples(redA, redB)
        let painted = try await app.screenshot("small-red") { Self.misses($0, redSamples, { $0.isClose(to: .red, tolerance: 12) }).isEmpty }
        let notRed = Self.misses(painted, redSamples, { $0.isClose(to: .red, tolerance: 12) })
        #expect(notRed.isEmpty, "the red stroke in the small window is missing at \(notRed.prefix(8)) in \(painted.path)")

        // Back to the full size: the long white stroke is whole again, except where red crossed it.
        try await app.resize(800, 600)
        let redBand = { (p: (Double, Double)) in abs(p.1 - redA.1) <= 14 }
        let whiteKept = longSamples.filter { !redBand($0) }
        let big = try await app.screenshot("big-again") { $0.width == 800 && Self.misses($0, whiteKept, Self.isWhite).isEmpty }
        let lost = Self.misses(big, whiteKept, Self.isWhite)
        #expect(lost.isEmpty, "growing the window back lost the painting at \(lost.prefix(8)) in \(big.path)")
        #expect(app.isRunning, "the app died: \(app.log)")
    }

    @Test("With a window manager the window stops at its minimum size, and the tools still fit")
    func minimumSizeUnderWindowManager() async throws {
        let session = try await XSession(name: "minimum-size")
        defer { session.close() }
        try await session.startWindowManager()
        let app = try await session.launch(["paint", "--size", "800x600"])
        let hints = try await app.rawProperty("WM_NORMAL_HINTS")
        let line = try #require(hints.split(separator: "\n").first { $0.contains("program specified minimum size") }, "\(hints)")
        let minimum = line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        try #require(minimum.count == 2)

        // Try to squeeze it far below the minimum, as dragging a corner would.
        try await app.resize(200, 150)
        var g = try await app.geometry()
        try await wait(until: {
            g = try await app.geometry()
            return g.width != 800
        }, timeout: 3, interval: 0.02)
        #expect(g.width == minimum[0] && g.height == minimum[1], "asked for 200x150 with minimum \(minimum): got \(g)")

        let shot = try await app.screenshot("at-minimum") { $0.width == g.width && $0.height == g.height }
        for color in [PixelColor.white, .red, .blue, .yellow, .green] {
            let dots = shot.regions(where: { $0.isClose(to: color, tolerance: 10) }, minimumPixels: 150)
                .filter { $0.y > shot.height / 2 && abs($0.width - $0.height) <= 3 }
            #expect(!dots.isEmpty, "no \(color) swatch at the minimum size in \(shot.path)")
        }
        #expect((Self.canvas(in: shot)?.height ?? 0) >= 60, "no room left to paint at the minimum size in \(shot.path)")
        #expect(app.isRunning, "the app died: \(app.log)")
    }

    // MARK: - 7. Bad input and headless rendering

    /// Runs the binary without any X display (DISPLAY unset), in `directory`.
    static func runWithoutDisplay(_ args: [String], in directory: URL? = nil) async throws -> XSession.Output {
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = nil
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("touchdesk-e2e-nodisplay-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        env["HOME"] = home.path
        for k in env.keys where k.hasPrefix("XDG_") { env[k] = nil }
        return await XSession.runTool(try XSession.binary(), args, environment: env, timeout: 15, directory: directory)
    }

    @Test("No X display: a clear message and exit status 2")
    func noDisplay() async throws {
        let plain = try await Self.runWithoutDisplay([])
        #expect(plain.exited && plain.status == 2, "\(plain)")
        #expect(plain.stderr.contains("cannot open X display"), "stderr: \(plain.stderr)")

        // A display nobody serves.
        let n = XSession.displayIsFree(199) ? 199 : try #require((200..<400).first { XSession.displayIsFree($0) })
        let named = try await Self.runWithoutDisplay(["--display", ":\(n)"])
        #expect(named.exited && named.status == 2, "\(named)")
        #expect(named.stderr.contains("cannot open X display"), "stderr: \(named.stderr)")
        #expect(named.stderr.contains(":\(n)"), "the message does not name the display: \(named.stderr)")
    }

    @Test("docs/keys.md is what `touchdesk --keys` prints: the keys page cannot drift from the apps' declared keys")
    func keysPageIsGenerated() async throws {
        let keys = try await Self.runWithoutDisplay(["--keys"])
        #expect(keys.ok, "\(keys)")
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let page = try String(contentsOf: repository.appendingPathComponent("docs/keys.md"), encoding: .utf8)
        #expect(keys.stdout.contains("## Paintbrush (`paint`)") && keys.stdout.contains("| Ctrl+Z | Undo |"), "\(keys.stdout.prefix(400))")
        #expect(keys.stdout == page, "docs/keys.md is out of date: run `touchdesk --keys > docs/keys.md`")
    }

    @Test("Unknown app or bad --size: exit status 2 with a helpful message")
    func badArguments() async throws {
        let list = try await Self.runWithoutDisplay(["--list"])
        #expect(list.ok, "\(list)")
        let ids = list.stdout.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(ids.contains("paint") && ids.contains("polygon"), "--list: \(list.stdout)")

        let unknown = try await Self.runWithoutDisplay(["nosuchapp"])
        #expect(unknown.exited && unknown.status == 2, "\(unknown)")
        #expect(unknown.stderr.contains("nosuchapp"), "stderr: \(unknown.stderr)")
        for id in ids {
            #expect(unknown.stderr.contains(id), "the error does not list \(id): \(unknown.stderr)")
        }

        let size = try await Self.runWithoutDisplay(["--size", "12"])
        #expect(size.exited && size.status == 2, "\(size)")
        #expect(size.stderr.contains("--size"), "stderr: \(size.stderr)")
    }

    @Test("--screenshot renders the polygon to a PNG without an X server")
    func headlessScreenshot() async throws {
        let dir = XSession.artifactsDirectory.appendingPathComponent("headless-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // A bare file name: written into the current folder.
        let r = try await Self.runWithoutDisplay(["--screenshot", "out.png", "--app", "polygon", "--size", "640x480"], in: dir)
        #expect(r.ok, "\(r)")
        let path = dir.appendingPathComponent("out.png").path
        let img = try PixelImage(screenshot: path)
        let kept = XSession.artifactsDirectory.appendingPathComponent("headless-polygon.png")
        try? FileManager.default.removeItem(at: kept)
        try? FileManager.default.copyItem(atPath: path, toPath: kept.path)
        #expect(img.width == 640 && img.height == 480, "out.png is \(img.width)x\(img.height)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["out.png"], "stray files next to out.png")

        let look = try #require(PolygonLook(img), "no polygon fill in \(kept.path)")
        // The polygon sits in the middle of the drawing area: across the middle of the window,
        // and its centre (the middle of the fill) is the fill colour.
        #expect(abs(look.center.x - 320) <= 2, "polygon centre \(look.center) is not centred in \(kept.path)")
        #expect(img.nearest(look.center.x, look.center.y).isClose(to: Self.polygonFill, tolerance: 6), "\(kept.path)")
        #expect(img.nearest(320, Double(img.height) / 2).isClose(to: Self.polygonFill, tolerance: 6),
                "the middle of the picture is \(img.nearest(320, Double(img.height) / 2)), not the polygon fill, in \(kept.path)")
        #expect(look.radius > 80, "the polygon is tiny (\(look.radius) px) in \(kept.path)")
    }
}
