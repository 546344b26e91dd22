import Foundation
import Testing
import TouchDeskTestSupport

/// Every app in the real window survives a burst of seeded random input, as a restless user
/// would give it: clicks, fast drags, right and middle clicks, wheel turns, keys, typing, and a
/// resize far below the minimum and back. It must stay open, in the same app, and keep drawing.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct RandomInputEndToEndTests {
    static let keys = ["Left", "Right", "Up", "Down", "space", "Return", "BackSpace", "Delete", "Tab", "shift+Tab",
                       "minus", "plus", "bracketleft", "bracketright", "1", "2", "3", "4", "5", "6",
                       "a", "d", "r", "s", "z", "ctrl+z", "ctrl+shift+z", "ctrl+a", "ctrl+c", "ctrl+v", "Home", "End"]

    static let apps = ["paint", "polygon", "mandelbrot", "accelerometer", "holes", "maze", "spaceballs",
                       "stickman", "images", "temperature", "doubler", "postal", "web", "map", "globe"]

    @Test("Random input never closes, crashes or blanks an app", arguments: apps)
    func survivesRandomInput(_ id: String) throws {
        let session = try XSession(name: "random-\(id)")
        defer { session.close() }
        let app = try session.launch([id, "--size", "640x480"])
        let title = try #require(try app.title())
        var rng = SplitMix64(seed: UInt64(id.utf8.reduce(7) { $0 &* 31 &+ UInt64($1) }))
        func point() -> (Double, Double) { (Double.random(in: 0..<640, using: &rng), Double.random(in: 44..<480, using: &rng)) }

        for _ in 0..<40 {
            let (x, y) = point()
            switch Int.random(in: 0..<7, using: &rng) {
            case 0: try app.click(x, y)
            case 1:
                let (x2, y2) = point()
                try app.drag([(x, y), ((x + x2) / 2, (y + y2) / 2), (x2, y2)])
            case 2: _ = session.run("xdotool", ["mousemove", "--window", app.window, String(Int(x)), String(Int(y)), "click", "3"])
            case 3: try app.middleClick(x, y)
            case 4: _ = session.run("xdotool", ["mousemove", "--window", app.window, String(Int(x)), String(Int(y)), "click", "4", "click", "5"])
            case 5: try app.key(Self.keys.randomElement(using: &rng)!)
            default: _ = session.run("xdotool", ["type", "--delay", "1", "4,2x é"])
            }
        }
        try app.resize(120, 90)
        usleep(200_000)
        try app.resize(640, 480)

        // Still open, still the same app (no random key took it home or closed it), still drawing.
        let shot = try app.screenshot("after", timeout: 5) { $0.width == 640 && $0.height == 480 && $0.distinctColors(limit: 40) >= 8 }
        #expect(app.isRunning, "\(id) died: \(app.log)")
        #expect(try app.title() == title, "\(id) left its screen")
        #expect(shot.distinctColors(limit: 40) >= 8, "\(id) draws almost nothing after random input: \(shot.path)")
        #expect(!app.log.contains("Fatal error"), "\(id): \(app.log)")
    }
}
