import Foundation
import Testing
import TouchDeskTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Keys held while the window loses focus are let go: their release goes to another window, so
/// without this a tilt key would stay stuck.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct FocusEndToEndTests {
    static func isGrid(_ c: PixelColor) -> Bool { c.isClose(to: PixelColor(hex: 0x3a6ff7), tolerance: 10) }
    static func isBall(_ c: PixelColor) -> Bool { c.isClose(to: PixelColor(hex: 0xffee00), tolerance: 30) }

    /// The ball's offset from the grid's centre, in units of the grid's half width.
    static func ballOffset(_ img: PixelImage) -> (x: Double, y: Double)? {
        let blue = img.points(where: isGrid)
        guard blue.count > 500, let ball = img.centroid(where: isBall) else { return nil }
        let minX = blue.map(\.x).min()!, maxX = blue.map(\.x).max()!, minY = blue.map(\.y).min()!, maxY = blue.map(\.y).max()!
        let half = Double(maxX - minX) / 2
        return ((ball.x - (Double(minX + maxX) / 2)) / half, (ball.y - (Double(minY + maxY) / 2)) / half)
    }

    @Test("A tilt key held when the window loses focus is released: the Accelerometer ball returns to level")
    func heldKeyIsReleasedOnFocusLoss() async throws {
        let session = try await XSession(name: "focus-loss")
        defer { session.close() }
        // No real sensor: an empty IIO root, so the keyboard is the only tilt.
        session.extraEnvironment["TOUCHDESK_IIO_ROOT"] = session.root.appendingPathComponent("no-iio").path
        let app = try await session.launch(["accelerometer", "--size", "800x600"])
        let g = try await app.geometry()
        // Give the window the keyboard focus as a window manager would.
        _ = await session.run("xdotool", ["windowfocus", app.window])
        try await app.moveMouse(Double(g.x) + 400, Double(g.y) + 300)
        _ = await session.run("xdotool", ["keydown", "Left"])
        defer { _ = session.run("xdotool", ["keyup", "Left"]) }
        let tilted = try await app.screenshot("left-held") { (Self.ballOffset($0)?.x ?? 0) < -0.35 }
        let before = try #require(Self.ballOffset(tilted), "no grid or ball in \(tilted.path)")
        #expect(before.x < -0.35, "holding Left did not tilt the ball left: \(before) in \(tilted.path)")

        // Focus moves to the root window while Left is still down, with the pointer outside the
        // window (else X would send the key's auto-repeats back to the window under it).
        try await app.moveMouse(Double(g.x + g.width + 100), Double(g.y + g.height + 100))
        let rootLine = await session.run("xwininfo", ["-root"]).stdout.split(separator: "\n").first { $0.contains("Window id") }
        let rootWord: Substring? = rootLine?.split(separator: " ").first { (word: Substring) -> Bool in word.hasPrefix("0x") }
        let root = try #require(rootWord.map { String($0) }, "no root window id")
        let focused = await session.run("xdotool", ["windowfocus", root])
        #expect(focused.ok, "xdotool windowfocus root: \(focused)")
        let level = try await app.screenshot("focus-lost") { img in
            guard let o = Self.ballOffset(img) else { return false }
            return abs(o.x) < 0.05 && abs(o.y) < 0.05
        }
        let after = try #require(Self.ballOffset(level), "no grid or ball in \(level.path)")
        #expect(abs(after.x) < 0.05 && abs(after.y) < 0.05, "the ball stayed tilted after focus left: \(after) in \(level.path)")
    }
}
