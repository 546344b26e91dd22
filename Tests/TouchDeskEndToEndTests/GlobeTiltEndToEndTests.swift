import Foundation
import Testing
import TouchDeskTestSupport

/// The tilted globe in the real window: `--tilt 60` opens looking across the Pacific with sky above
/// the horizon; Ctrl+drag tilts further (the horizon comes down: more sky), Shift+Down tilts back, P and a drag
/// draw an elevation profile.
@Suite(.serialized, .timeLimit(.minutes(3)), .enabled(if: DataCaches.reliefAvailable, "ETOPO5 not installed (ferret-datasets)"))
struct GlobeTiltEndToEndTests {
    /// The globe's area at 900 × 640: 600 × 596 below the 44-point title bar.
    static let top = 44, width = 600, height = 596

    /// Sky: blue over red and green.
    static func isSky(_ c: PixelColor) -> Bool { c.b > c.r + 40 && c.b > c.g + 10 && c.b > 90 }

    /// A tilted globe is on screen: sky over a horizon in the middle column. (The loading screen's
    /// white lines of text pass for a horizon, and their antialiasing for the globe's colours: on
    /// a loaded machine a shot of "Loading the globe…" met the looser test.)
    static func tiltedGlobeShown(_ img: PixelImage) -> Bool {
        let h = horizon(img, x: 300)
        return img.distinctColors(limit: 100) >= 60 && h > 60 && isSky(img[300, top + h - 10])
    }

    /// The horizon in column `x`: the brightest row (the haze where the sky meets the sea), in the
    /// globe's own rows; the sky is above it, the sea below. The rows of the hint along the top
    /// ("Tilt 60° · Drag to turn …", white text) are left out: its letters are brighter than the haze.
    static func horizon(_ img: PixelImage, x: Int) -> Int {
        var best = 0, brightest = -1
        for y in 32..<height - 40 {
            let c = img[x, top + y]
            if c.r + c.g + c.b > brightest { brightest = c.r + c.g + c.b; best = y }
        }
        return best
    }

    @Test func tiltedViewShowsSkyAndMouseAndKeysTilt() async throws {
        let session = try await XSession(name: "globe-tilt")
        defer { session.close() }
        try DataCaches.install(into: session.home.appendingPathComponent(".cache/touchdesk").path)
        let app = try await session.launch(["globe", "--size", "900x640", "--look-at", "0,-150", "--zoom", "6", "--tilt", "60"])
        let opened = try await app.screenshot("tilt60", timeout: 20) { Self.tiltedGlobeShown($0) }
        // The horizon about 173 points down (the camera's tangent ray, see TiltCameraTests), blue
        // sky just above it, dark sea below; it curves down towards the sides.
        let h60 = Self.horizon(opened, x: 300)
        #expect((160...186).contains(h60), "the horizon at row \(h60): \(opened.path)")
        for x in stride(from: 260, through: 340, by: 20) {
            let h = Self.horizon(opened, x: x)
            #expect(abs(h - h60) < 6, "column \(x): horizon at \(h): \(opened.path)")
            #expect(Self.isSky(opened[x, Self.top + h - 10]), "column \(x): no sky over the horizon: \(opened[x, Self.top + h - 10]) \(opened.path)")
            let sea = opened[x, Self.top + h + 60]
            #expect(sea.b > sea.r && sea.r + sea.g + sea.b < 400, "column \(x): no sea under the horizon: \(sea) \(opened.path)")
        }
        #expect(Self.horizon(opened, x: 40) > h60 + 10, "the horizon does not curve down to the side: \(opened.path)")
        let sky60 = h60
        // Ctrl+drag upwards: towards the horizon, more sky.
        let g = try await app.geometry()
        var args = ["keydown", "ctrl", "mousemove", String(g.x + 300), String(g.y + 400), "mousedown", "1"]
        for y in stride(from: 390, through: 330, by: -10) { args += ["mousemove", String(g.x + 300), String(g.y + y)] }
        args += ["mouseup", "1", "keyup", "ctrl"]
        let r = await session.run("xdotool", args)
        #expect(r.ok, "\(r)")
        let tilted = try await app.screenshot("ctrl-drag", timeout: 5) { Self.horizon($0, x: 300) > sky60 + 20 }
        let skyMore = Self.horizon(tilted, x: 300)
        #expect(skyMore > sky60 + 20, "Ctrl+drag up did not tilt towards the horizon: horizon at row \(sky60) → \(skyMore): \(tilted.path)")

        // Shift+Down twice: 20° back towards straight down, less sky.
        try await app.key("shift+Down", "shift+Down")
        let back = try await app.screenshot("shift-down", timeout: 5) { Self.horizon($0, x: 300) < skyMore - 20 }
        #expect(Self.horizon(back, x: 300) < skyMore - 20, "Shift+Down did not tilt back: \(back.path)")

        // P, then a drag across the globe: the profile's chart covers the bottom of the globe.
        try await app.key("p")
        try await app.drag([(150, 44 + 420), (300, 44 + 430), (450, 44 + 440)])
        // The chart's water (under the sea-level line) fills its middle.
        func water(_ img: PixelImage) -> Int {
            var n = 0
            for y in stride(from: Self.height - 150, to: Self.height - 80, by: 10) {
                for x in stride(from: 80, to: 560, by: 10) where img[x, Self.top + y].isClose(to: PixelColor(hex: 0x1F5FA8), tolerance: 30) { n += 1 }
            }
            return n
        }
        let profile = try await app.screenshot("profile", timeout: 5) { water($0) > 100 }
        #expect(water(profile) > 100, "no profile chart with water under the sea level: \(profile.path)")
        #expect(app.isRunning, "\(app.log)")
        #expect(!app.log.contains("Fatal error"), "\(app.log)")
    }
}
