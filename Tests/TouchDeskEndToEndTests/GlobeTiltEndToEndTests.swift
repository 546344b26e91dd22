import Foundation
import Testing
import TouchDeskTestSupport

/// The tilted globe in the real window: `--tilt 60` opens looking across the Pacific with sky above
/// the horizon; Ctrl+drag tilts further (more sky), Shift+Down tilts back (less), P and a drag
/// draw an elevation profile.
@Suite(.serialized, .timeLimit(.minutes(3)), .enabled(if: DataCaches.reliefAvailable, "ETOPO5 not installed (ferret-datasets)"))
struct GlobeTiltEndToEndTests {
    /// The globe's area at 900 × 640: 600 × 596 below the 44-point title bar.
    static let top = 44, width = 600, height = 596

    /// Sky: blue over red and green, brighter than the background of space.
    static func isSky(_ c: PixelColor) -> Bool { c.b > c.r + 40 && c.b > c.g + 10 && c.b > 90 }

    /// Rows of sky from the top down in column `x`, before the first pixel that is not sky.
    static func skyRows(_ img: PixelImage, x: Int) -> Int {
        var n = 0
        while n < height, isSky(img[x, top + n]) { n += 1 }
        return n
    }

    @Test func tiltedViewShowsSkyAndMouseAndKeysTilt() throws {
        let session = try XSession(name: "globe-tilt")
        defer { session.close() }
        try DataCaches.install(into: session.home.appendingPathComponent(".cache/touchdesk").path)
        let app = try session.launch(["globe", "--size", "900x640", "--look-at", "0,-150", "--zoom", "6", "--tilt", "60"])
        let opened = try app.screenshot("tilt60", timeout: 20) { Self.skyRows($0, x: 300) > 50 && $0.distinctColors(limit: 100) >= 60 }
        // Sky above a horizon about 173 points down (the camera's tangent ray, see TiltCameraTests),
        // the sea below it, across the whole width.
        // (The horizon curves down towards the sides: the middle columns only.)
        for x in stride(from: 260, through: 340, by: 20) {
            let rows = Self.skyRows(opened, x: x)
            #expect((150...200).contains(rows), "column \(x): \(rows) rows of sky: \(opened.path)")
            let below = opened[x, Self.top + rows + 20]
            #expect(!Self.isSky(below) || below.g > 150, "column \(x) under the horizon is sea: \(below) \(opened.path)")
        }
        let sky60 = Self.skyRows(opened, x: 300)

        // Ctrl+drag upwards: towards the horizon, more sky.
        let g = try app.geometry()
        var args = ["keydown", "ctrl", "mousemove", String(g.x + 300), String(g.y + 400), "mousedown", "1"]
        for y in stride(from: 390, through: 330, by: -10) { args += ["mousemove", String(g.x + 300), String(g.y + y)] }
        args += ["mouseup", "1", "keyup", "ctrl"]
        let r = session.run("xdotool", args)
        #expect(r.ok, "\(r)")
        let tilted = try app.screenshot("ctrl-drag", timeout: 5) { Self.skyRows($0, x: 300) > sky60 + 20 }
        let skyMore = Self.skyRows(tilted, x: 300)
        #expect(skyMore > sky60 + 20, "Ctrl+drag up did not tilt towards the horizon: \(sky60) → \(skyMore) rows of sky: \(tilted.path)")

        // Shift+Down twice: 20° back towards straight down, less sky.
        try app.key("shift+Down", "shift+Down")
        let back = try app.screenshot("shift-down", timeout: 5) { Self.skyRows($0, x: 300) < skyMore - 20 }
        #expect(Self.skyRows(back, x: 300) < skyMore - 20, "Shift+Down did not tilt back: \(back.path)")

        // P, then a drag across the globe: the profile's chart covers the bottom of the globe.
        try app.key("p")
        try app.drag([(150, 44 + 420), (300, 44 + 430), (450, 44 + 440)])
        let profile = try app.screenshot("profile", timeout: 5) { img in
            // The chart's dark panel and the sea-level line (light blue) in the bottom band.
            (0..<560).contains { x in img[20 + x, Self.top + Self.height - 60].isClose(to: PixelColor(hex: 0x1F5FA8), tolerance: 30) }
        }
        #expect((0..<560).contains { x in profile[20 + x, Self.top + Self.height - 60].isClose(to: PixelColor(hex: 0x1F5FA8), tolerance: 30) },
                "no profile chart with water under the sea level: \(profile.path)")
        #expect(app.isRunning, "\(app.log)")
        #expect(!app.log.contains("Fatal error"), "\(app.log)")
    }
}
