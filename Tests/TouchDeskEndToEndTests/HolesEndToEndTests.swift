import Foundation
import Testing
import TouchDeskTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Holes in a real window: holding the Left arrow rolls the ball left.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct HolesEndToEndTests {
    static func isBall(_ c: PixelColor) -> Bool { c.isClose(to: PixelColor(hex: 0xffd700), tolerance: 30) }
    static func isTable(_ c: PixelColor) -> Bool { c.isClose(to: PixelColor(hex: 0x2e8b3e), tolerance: 10) }
    /// The holes are black discs on the table.
    static func isHole(_ c: PixelColor) -> Bool { c.isClose(to: PixelColor(hex: 0x000000), tolerance: 12) }

    @Test("Holes: holding Left rolls the ball left along the bottom of the table")
    func holdingLeftRollsTheBallLeft() async throws {
        let session = try await XSession(name: "holes-left")
        defer { session.close() }
        // No machine accelerometer may join in: an empty IIO folder.
        let iio = session.root.appendingPathComponent("no-iio")
        try FileManager.default.createDirectory(at: iio, withIntermediateDirectories: true)
        session.extraEnvironment["TOUCHDESK_IIO_ROOT"] = iio.path
        let app = try await session.launch(["holes", "--size", "800x600"])

        let start = try await app.screenshot("start")
        let table = try #require(start.regions(where: Self.isTable, minimumPixels: 10000).first, "no green table in \(start.path)")
        let before = try #require(start.centroid(where: Self.isBall), "no yellow ball in \(start.path)")
        #expect(before.x > Double(table.x + table.width) - 40 && before.y > Double(table.y + table.height) - 40,
                "the ball does not start at the lower-right corner of the table \(table): \(before) in \(start.path)")

        // Held until the ball has rolled well to the left (however slow the machine's frames are),
        // then released; where it went is checked after.
        _ = await session.run("xdotool", ["keydown", "Left"])
        let rolled = try await app.screenshot("rolling", timeout: 30) { img in
            img.centroid(where: Self.isBall).map { before.x - $0.x > 60 } ?? false
        }
        _ = await session.run("xdotool", ["keyup", "Left"])

        let after = try await app.screenshot("after-left")
        let now = try #require(rolled.centroid(where: Self.isBall), "the ball vanished in \(rolled.path)")
        #expect(after.centroid(where: Self.isBall) != nil, "the ball vanished in \(after.path)")
        #expect(before.x - now.x > 60, "the ball moved only \(before.x - now.x) px left: \(before) → \(now) in \(rolled.path)")
        // Along the bottom edge: Left adds no tilt up or down. The five holes turn about the table's
        // centre as the game ticks, and one that has come within reach of the ball's path pulls it
        // off the edge (seen beside two busy loops: the picture 60 px along came seconds after the
        // start, the holes turned a fifth of a radian, 7 px up). Where a hole is within reach the
        // edge is not asked of the ball; the roll to the left still is.
        let ballRadius = Double(try #require(rolled.regions(where: Self.isBall, minimumPixels: 50).first).width) / 2
        let inReach = rolled.regions(where: Self.isHole, minimumPixels: 1000).contains { h in
            let centre = (x: Double(h.x) + Double(h.width) / 2, y: Double(h.y) + Double(h.height) / 2)
            return ((centre.x - now.x) * (centre.x - now.x) + (centre.y - now.y) * (centre.y - now.y)).squareRoot()
                < Double(max(h.width, h.height)) / 2 + ballRadius + 4
        }
        if !inReach {
            #expect(abs(now.y - before.y) < 6, "the ball left the bottom edge: \(before) → \(now) in \(rolled.path)")
        }
    }
}
