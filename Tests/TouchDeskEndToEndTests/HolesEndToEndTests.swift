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
        #expect(abs(now.y - before.y) < 6, "the ball left the bottom edge: \(before) → \(now) in \(rolled.path)")
    }
}
