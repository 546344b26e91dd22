import Foundation
import Testing
import TouchDeskTestSupport

/// Adding Images in the real window, opened from the home screen with its key: five small framed
/// squares in a row, each one layer, and the large composite of all five below them.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct ImagesEndToEndTests {
    typealias Box = (x: Int, y: Int, width: Int, height: Int, pixels: Int)

    static let frame = PixelColor(hex: 0x7b83ff)
    static let skin = PixelColor(hex: 0xffd9a8)
    static let hatCrown = PixelColor(hex: 0x3b2f6b)
    static let newspaper = PixelColor(hex: 0xefe8d4)
    static func isSky(_ c: PixelColor) -> Bool { c.b > 240 && c.r > 140 && c.r < 235 && c.g > 200 }
    static func isGrass(_ c: PixelColor) -> Bool { c.g > c.r + 40 && c.g > c.b + 40 }

    @Test("Adding Images: key I on the home screen opens five framed layers and their composite")
    func fiveSquaresAndTheComposite() async throws {
        let session = try await XSession(name: "images")
        defer { session.close() }
        let app = try await session.launch(["--size", "800x600"])
        #expect(try await app.waitForTitle("TouchDesk") == "TouchDesk")
        try await app.key("i")
        #expect(try await app.waitForTitle("TouchDesk — Adding Images") == "TouchDesk — Adding Images")
        try await app.moveMouse(400, 10)

        func frames(_ img: PixelImage) -> [Box] {
            img.regions(where: { $0.isClose(to: Self.frame, tolerance: 8) }, minimumPixels: 150)
        }
        let shot = try await app.screenshot("images") { frames($0).count == 6 }
        let found = frames(shot)
        try #require(found.count == 6, "found \(found.count) frames in \(shot.path)")
        let big = found[0]
        let small = found.dropFirst().sorted { $0.x < $1.x }
        for (i, s) in small.enumerated() {
            #expect(abs(s.width - s.height) <= 1 && abs(s.width - small[0].width) <= 1, "square \(i) is \(s) in \(shot.path)")
            #expect(abs(s.y - small[0].y) <= 1, "square \(i) not in the row in \(shot.path)")
            #expect(s.y + s.height < big.y, "square \(i) is not above the composite in \(shot.path)")
        }
        #expect(abs(big.width - big.height) <= 1 && big.width > 2 * small[0].width, "composite \(big) in \(shot.path)")

        func count(_ b: Box, _ test: (PixelColor) -> Bool) -> Int { shot.count(in: (b.x, b.y, b.width, b.height), where: test) }
        let isSkin = { (c: PixelColor) in c.isClose(to: Self.skin, tolerance: 6) }
        let isHat = { (c: PixelColor) in c.isClose(to: Self.hatCrown, tolerance: 10) }
        let isPaper = { (c: PixelColor) in c.isClose(to: Self.newspaper, tolerance: 8) }
        // One layer each: background, baseline (the head), the newspaper, the hat, the legs.
        #expect(count(small[0], Self.isSky) > 1000 && count(small[0], Self.isGrass) > 200, "1st square is not the landscape in \(shot.path)")
        #expect(count(small[1], isSkin) > 100 && count(small[1], Self.isSky) == 0, "2nd square is not the body alone in \(shot.path)")
        #expect(count(small[2], isPaper) > 100 && count(small[2], isSkin) < 60, "3rd square is not the newspaper in \(shot.path)")
        #expect(count(small[3], isHat) > 100 && count(small[3], isSkin) == 0, "4th square is not the hat in \(shot.path)")
        #expect(count(small[4], isHat) == 0 && count(small[4], Self.isSky) == 0 && count(small[4], isPaper) == 0,
                "5th square should hold only the legs in \(shot.path)")
        // The composite holds them all, the hat above the head.
        #expect(count(big, Self.isSky) > 5000 && count(big, Self.isGrass) > 1000, "no landscape in the composite in \(shot.path)")
        #expect(count(big, isSkin) > 1000 && count(big, isHat) > 1000 && count(big, isPaper) > 1000, "layers missing from the composite in \(shot.path)")
        let hatY = shot.points(in: (big.x, big.y, big.width, big.height), where: isHat).map(\.y).min() ?? .max
        let headY = shot.points(in: (big.x, big.y, big.width, big.height), where: isSkin).map(\.y).min() ?? 0
        #expect(hatY < headY, "the hat's top \(hatY) is not above the head's \(headY) in \(shot.path)")
    }

    @Test("Adding Images: clicking the hat's small square hides the hat in the composite; a second click brings it back")
    func clickHidesALayer() async throws {
        let session = try await XSession(name: "images-click")
        defer { session.close() }
        let app = try await session.launch(["images", "--size", "800x600"])
        func frames(_ img: PixelImage) -> [Box] {
            img.regions(where: { $0.isClose(to: Self.frame, tolerance: 8) }, minimumPixels: 150)
        }
        let isHat = { (c: PixelColor) in c.isClose(to: Self.hatCrown, tolerance: 10) }
        let shot = try await app.screenshot("start") { frames($0).count == 6 }
        let found = frames(shot)
        try #require(found.count == 6, "found \(found.count) frames in \(shot.path)")
        let big = found.max { $0.width < $1.width }!
        let small = found.filter { $0.width < big.width }.sorted { $0.x < $1.x }
        let bigBox = (big.x, big.y, big.width, big.height)
        #expect(shot.count(in: bigBox, where: isHat) > 1000, "the hat in the composite at first in \(shot.path)")
        // The fourth square is the hat.
        let hat = small[3]
        try await app.click(Double(hat.x + hat.width / 2), Double(hat.y + hat.height / 2))
        try await app.moveMouse(400, 20)
        let hidden = try await app.screenshot("hat-hidden") { $0.count(in: bigBox, where: isHat) == 0 }
        #expect(hidden.count(in: bigBox, where: isHat) == 0, "the hat still shows in the composite of \(hidden.path)")
        #expect(hidden.count(in: bigBox) { $0.isClose(to: Self.skin, tolerance: 6) } > 1000, "the other layers stay in \(hidden.path)")
        try await app.click(Double(hat.x + hat.width / 2), Double(hat.y + hat.height / 2))
        try await app.moveMouse(400, 20)
        let back = try await app.screenshot("hat-back") { $0.count(in: bigBox, where: isHat) > 1000 }
        #expect(back.count(in: bigBox, where: isHat) > 1000, "the hat is not back in \(back.path)")
    }
}
