import Foundation
import Testing
import TouchDeskTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// SpaceBalls in a real window: START sets the balls moving, STOP freezes them.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct SpaceBallsEndToEndTests {
    static func isYellow(_ c: PixelColor) -> Bool { c.isClose(to: PixelColor(hex: 0xffd700), tolerance: 30) }
    static func isWhite(_ c: PixelColor) -> Bool { c.r >= 240 && c.g >= 240 && c.b >= 240 }
    static func isButton(_ c: PixelColor) -> Bool { c.isClose(to: PixelColor(hex: 0x363a46), tolerance: 6) || c.isClose(to: PixelColor(hex: 0x4a51b8), tolerance: 6) || c.isClose(to: PixelColor(hex: 0x454a59), tolerance: 6) }

    /// Where both balls are: the yellow one, and the white one inside the black box.
    static func balls(_ img: PixelImage) -> [(x: Double, y: Double)]? {
        guard let y = img.centroid(where: isYellow) else { return nil }
        let white = img.points(in: (0, 80, img.width, img.height - 160), where: isWhite)
        guard white.count > 200 else { return nil }
        return [y, (white.reduce(0.0) { $0 + Double($1.x) } / Double(white.count), white.reduce(0.0) { $0 + Double($1.y) } / Double(white.count))]
    }

    static func moved(_ a: [(x: Double, y: Double)], _ b: [(x: Double, y: Double)]) -> Double {
        zip(a, b).map { hypot($0.x - $1.x, $0.y - $1.y) }.max() ?? 0
    }

    @Test("SpaceBalls: clicking START moves the balls; clicking STOP freezes them")
    func startMovesStopFreezes() async throws {
        let session = try await XSession(name: "spaceballs")
        defer { session.close() }
        let app = try await session.launch(["spaceballs", "--size", "800x600"])

        let first = try await app.screenshot("stopped")
        let at0 = try #require(Self.balls(first), "no yellow and white balls in \(first.path)")
        await hold(for: 0.3)
        let still = try await app.screenshot("still-stopped")
        #expect(Self.moved(at0, try #require(Self.balls(still))) < 1, "the balls move before START in \(still.path)")

        // The toolbar's buttons, left to right: Start, Stop, −, +.
        let buttons = first.regions(where: Self.isButton, minimumPixels: 300)
            .filter { $0.y > first.height - 70 }.sorted { $0.x < $1.x }
        try #require(buttons.count >= 4, "the toolbar buttons are not where expected: \(buttons) in \(first.path)")
        let startButton = buttons[0], stopButton = buttons[1]
        try await app.click(Double(startButton.x + startButton.width / 2), Double(startButton.y + startButton.height / 2))
        try await app.moveMouse(400, 20)

        let running = try await app.screenshot("running") { img in Self.balls(img).map { Self.moved(at0, $0) > 20 } ?? false }
        let atRun = try #require(Self.balls(running), "balls lost in \(running.path)")
        #expect(Self.moved(at0, atRun) > 20, "START did not move the balls in \(running.path)")

        try await app.click(Double(stopButton.x + stopButton.width / 2), Double(stopButton.y + stopButton.height / 2))
        try await app.moveMouse(400, 20)
        await hold(for: 0.2)
        let stopped = try await app.screenshot("stopped-again")
        await hold(for: 0.5)
        let later = try await app.screenshot("still-frozen")
        let a = try #require(Self.balls(stopped)), b = try #require(Self.balls(later))
        #expect(Self.moved(a, b) < 1, "the balls still move after STOP: \(a) → \(b) in \(later.path)")
    }

    @Test("SpaceBalls: a click in empty space adds a ball there")
    func clickAddsABall() async throws {
        let session = try await XSession(name: "spaceballs-click")
        defer { session.close() }
        let app = try await session.launch(["spaceballs", "--size", "800x600"])
        let first = try await app.screenshot("two-balls")
        // Every ball's pixels that are neither black (space) nor in the strip and the toolbar.
        func ballPixels(_ img: PixelImage, near p: (Int, Int)) -> Int {
            img.count(in: (p.0 - 12, p.1 - 12, 24, 24)) { $0.r + $0.g + $0.b > 200 }
        }
        let spot = (200, 300)
        try #require(ballPixels(first, near: spot) == 0, "the spot is not empty at first in \(first.path)")
        try await app.click(Double(spot.0), Double(spot.1))
        try await app.moveMouse(400, 20)
        let after = try await app.screenshot("three-balls") { ballPixels($0, near: spot) > 300 }
        #expect(ballPixels(after, near: spot) > 300, "no ball where the click was in \(after.path)")
        // The status strip counts it.
        let status = TextReading.find("3 balls · stopped", size: 15, bold: true, in: after, region: (0, 44, 400, 32))
        #expect(status.score < 0.3, "\"3 balls\" in \(after.path): \(status)")
    }
}
