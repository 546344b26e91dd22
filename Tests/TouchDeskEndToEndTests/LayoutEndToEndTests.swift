import Foundation
import Testing
import TouchDeskTestSupport

/// The layout check: the real binary lays every screen out at every size the issue names, at 1×
/// and at 2× (what Xft.dpi 192 gives the window), and reports every control's rectangle
/// (`--layout-json`, a hidden option, headless like `--screenshot`). Each control must lie inside
/// the window and no two may overlap.
@Suite(.serialized, .timeLimit(.minutes(4)))
struct LayoutEndToEndTests {
    struct Control: Decodable, CustomStringConvertible {
        var id: String
        var x: Double, y: Double, width: Double, height: Double
        var description: String { "\(id) (\(x), \(y), \(width)×\(height))" }
    }

    struct Report: Decodable {
        var width: Double
        var height: Double
        var scale: Double
        var controls: [Control]
    }

    /// The home screen (no app named), then every app.
    static let screens = [""] + ["paint", "polygon", "mandelbrot", "accelerometer", "holes", "maze", "spaceballs",
                                 "stickman", "images", "temperature", "doubler", "postal", "web", "map", "globe"]
    static let sizes = ["400x360", "900x640", "1920x1080", "3840x2160"]

    static func layouts(_ screen: String, scale: Int) async throws -> [Report] {
        let dir = TemporaryDirectory(prefix: "touchdesk-layout")
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = nil
        // A fresh home: no state or data of the user's shapes the layout.
        for key in ["HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"] { env[key] = dir.path }
        let args = (screen.isEmpty ? [] : [screen]) + ["--layout-json", sizes.joined(separator: ","), "--scale", "\(scale)"]
        let run = await XSession.runTool(try XSession.binary(), args, environment: env, timeout: 120)
        try #require(run.ok, "touchdesk \(args.joined(separator: " ")): \(run)")
        return try JSONDecoder().decode([Report].self, from: Data(run.stdout.utf8))
    }

    /// What is wrong with one layout: controls outside the window, and overlapping pairs.
    static func problems(_ r: Report) -> [String] {
        var found: [String] = []
        let slack = 0.01
        for c in r.controls {
            if c.width <= 0 || c.height <= 0 { found.append("\(c) has no area") }
            if c.x < -slack || c.y < -slack || c.x + c.width > r.width + slack || c.y + c.height > r.height + slack {
                found.append("\(c) lies outside the \(Int(r.width))×\(Int(r.height)) window")
            }
        }
        for (i, a) in r.controls.enumerated() {
            for b in r.controls[(i + 1)...] where a.x < b.x + b.width - slack && b.x < a.x + a.width - slack
                && a.y < b.y + b.height - slack && b.y < a.y + a.height - slack {
                found.append("\(a) overlaps \(b)")
            }
        }
        return found
    }

    @Test("every screen at 400×360, 900×640, 1920×1080 and 3840×2160, at 1× and 2×: controls inside the window, none overlapping",
          arguments: LayoutEndToEndTests.screens)
    func controlsFitAndDoNotOverlap(_ screen: String) async throws {
        let name = screen.isEmpty ? "home" : screen
        let one = try await Self.layouts(screen, scale: 1)
        let two = try await Self.layouts(screen, scale: 2)
        #expect(one.count == Self.sizes.count && two.count == Self.sizes.count)
        for r in one + two {
            #expect(!r.controls.isEmpty, "\(name) at \(Int(r.width))×\(Int(r.height)) reports no controls")
            let p = Self.problems(r)
            #expect(p.isEmpty, "\(name) at \(Int(r.width))×\(Int(r.height)) @\(Int(r.scale))×: \(p.joined(separator: "; "))")
        }
        // Layout is in points: the device scale changes the pixels, never where a control goes.
        for (a, b) in zip(one, two) {
            #expect(a.controls.map(\.description) == b.controls.map(\.description), "\(name) at \(Int(a.width))×\(Int(a.height)) moves at 2×")
        }
    }

    @Test("the check itself: an overlap and a control off the window are caught")
    func theCheckCatchesProblems() {
        let r = Report(width: 400, height: 360, scale: 1, controls: [
            Control(id: "a", x: 0, y: 0, width: 100, height: 36), Control(id: "b", x: 90, y: 10, width: 50, height: 36),
            Control(id: "c", x: 380, y: 340, width: 40, height: 36), Control(id: "d", x: 200, y: 0, width: 50, height: 36),
        ])
        let p = Self.problems(r)
        #expect(p.count == 2, "\(p)")
        #expect(p.contains { $0.contains("a (") && $0.contains("overlaps b") })
        #expect(p.contains { $0.hasPrefix("c (") && $0.contains("outside") })
    }
}
