import Foundation
import Testing
import TouchDeskTestSupport

/// Stick Man in the real window: pressing HAT puts a hat on his head, PENDULUM makes the pendulum
/// swing (two different pictures within a second), as a person would see it.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct StickManEndToEndTests {

    static let skin = PixelColor(hex: 0xffd9a8)
    static let hatCrown = PixelColor(hex: 0x3b2f6b)
    static let bob = PixelColor(hex: 0xf5a623)
    static let button = PixelColor(hex: 0x363a46)
    static let buttonHover = PixelColor(hex: 0x454a59)

    static func isSkin(_ c: PixelColor) -> Bool { c.isClose(to: skin, tolerance: 6) }
    static func isHat(_ c: PixelColor) -> Bool { c.isClose(to: hatCrown, tolerance: 10) }
    static func isBob(_ c: PixelColor) -> Bool { c.isClose(to: bob, tolerance: 10) }

    /// The head: the largest patch of skin colour.
    static func head(in img: PixelImage) -> (x: Int, y: Int, width: Int, height: Int, pixels: Int)? {
        img.regions(where: isSkin, minimumPixels: 1500).first
    }

    /// The six buttons along the bottom, left to right.
    static func buttons(in img: PixelImage) -> [(x: Int, y: Int, width: Int, height: Int, pixels: Int)] {
        img.regions(where: { $0.isClose(to: button, tolerance: 3) || $0.isClose(to: buttonHover, tolerance: 3) }, minimumPixels: 400)
            .filter { $0.y > img.height / 2 }
            .sorted { ($0.y, $0.x) < ($1.y, $1.x) }
    }

    @Test("Stick Man: clicking HAT puts hat pixels above his head; clicking again takes them away")
    func hatAppearsAboveTheHead() async throws {
        let session = try await XSession(name: "stickman-hat")
        defer { session.close() }
        let app = try await session.launch(["stickman", "--size", "800x600"])

        let start = try await app.screenshot("start") { Self.head(in: $0) != nil }
        let head = try #require(Self.head(in: start), "no head (skin colour \(Self.skin)) in \(start.path)")
        #expect(head.width > 60 && head.height > 60, "head \(head) in \(start.path)")
        let buttons = Self.buttons(in: start)
        #expect(buttons.count == 6, "found \(buttons.count) buttons in \(start.path)")
        let hat = try #require(buttons.count == 6 ? buttons[2] : nil)
        #expect(start.count(in: (0, 0, start.width, hat.y - 2), where: Self.isHat) == 0, "a hat before pressing HAT in \(start.path)")

        try await app.click(Double(hat.x + hat.width / 2), Double(hat.y + hat.height / 2))
        try await app.moveMouse(400, 10)
        // Above the buttons (whose antialiased edges may come close to the hat's colour).
        let picture = (x: 0, y: 0, width: start.width, height: hat.y - 2)
        let withHat = try await app.screenshot("hat-on") { $0.count(in: picture, where: Self.isHat) > 1000 }
        let hatPixels = withHat.points(in: picture, where: Self.isHat)
        #expect(hatPixels.count > 1000, "no hat after clicking HAT in \(withHat.path)")
        if !hatPixels.isEmpty {
            let c = (x: Double(hatPixels.map(\.x).reduce(0, +)) / Double(hatPixels.count),
                     y: Double(hatPixels.map(\.y).reduce(0, +)) / Double(hatPixels.count))
            // Above the head, and over it, not beside it.
            #expect(c.y < Double(head.y), "hat centre \(c) is not above the head's top \(head.y) in \(withHat.path)")
            #expect(c.x > Double(head.x) && c.x < Double(head.x + head.width), "hat centre \(c) is not over the head \(head) in \(withHat.path)")
            let lowest = hatPixels.map(\.y).max() ?? 0
            #expect(lowest < head.y + head.height / 3, "the hat reaches down to \(lowest), over the face, in \(withHat.path)")
        }
        // The face is still there under the hat's brim.
        #expect(Self.head(in: withHat) != nil, "the head is gone in \(withHat.path)")

        try await app.click(Double(hat.x + hat.width / 2), Double(hat.y + hat.height / 2))
        try await app.moveMouse(400, 10)
        let without = try await app.screenshot("hat-off") { $0.count(in: picture, where: Self.isHat) == 0 }
        #expect(without.count(in: picture, where: Self.isHat) == 0, "the hat stayed after the second click in \(without.path)")
        #expect(app.isRunning)
    }

    @Test("Stick Man: key 6 (PENDULUM) shows the pendulum in two different places within a second")
    func pendulumSwings() async throws {
        let session = try await XSession(name: "stickman-pendulum")
        defer { session.close() }
        let app = try await session.launch(["stickman", "--size", "800x600"])
        let start = try await app.screenshot("start") { Self.head(in: $0) != nil }
        #expect(start.count(where: Self.isBob) == 0, "a pendulum before pressing 6 in \(start.path)")

        try await app.key("6")
        let first = try await app.screenshot("pendulum-shown") { $0.count(where: Self.isBob) > 300 }
        let firstX = try #require(first.centroid(where: Self.isBob)?.x, "no pendulum after key 6 in \(first.path)")
        // Screenshots until the bob is seen somewhere else too (it swings in about a second; the
        // deadline is for a machine that draws slowly).
        var positions = [firstX]
        var shots = 1
        let swung = try await app.screenshot("swing", timeout: 20) { img in
            shots += 1
            guard let x = img.centroid(where: Self.isBob)?.x else { return false }
            positions.append(x)
            return abs(x - firstX) > 40
        }
        let other = swung.centroid(where: Self.isBob).flatMap { abs($0.x - firstX) > 40 ? swung : nil }
        let spread = (positions.max() ?? 0) - (positions.min() ?? 0)
        #expect(other != nil, "in \(shots) screenshots the bob stayed near x = \(Int(firstX)) (seen at \(positions.map { Int($0) })) in \(swung.path)")
        #expect(spread > 40)
        #expect(app.isRunning)
    }
}

/// Missing pictures: Stick Man draws his own (no files needed); Adding Images, whose lesson is
/// picture files, still opens and draws, with a crossed box and one warning per missing file.
@Suite(.timeLimit(.minutes(1)))
struct StickManMissingPicturesTests {
    @Test("TOUCHDESK_ASSETS pointing at an empty folder: Stick Man draws as ever; Adding Images names each missing file once")
    func missingPicturesAreNamedOnce() async throws {
        let dir = TemporaryDirectory(prefix: "touchdesk-no-art")
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = nil
        env["TOUCHDESK_ASSETS"] = dir.appending("empty")
        let man = dir.appending("stickman.png")
        let drawn = await XSession.runTool(try XSession.binary(), ["stickman", "--screenshot", man, "--size", "640x480"], environment: env, timeout: 15)
        #expect(drawn.ok && drawn.stderr.isEmpty, "\(drawn)")
        let face = try PixelImage(screenshot: man).count { $0.isClose(to: PixelColor(hex: 0xffd9a8), tolerance: 8) }
        #expect(face > 1000, "Stick Man's face in \(man)")

        let out = dir.appending("images.png")
        let run = await XSession.runTool(try XSession.binary(), ["images", "--screenshot", out, "--size", "640x480"], environment: env, timeout: 15)
        #expect(run.ok, "\(run)")
        let warnings = run.stderr.split(separator: "\n").map(String.init)
        for name in ["background", "baseline", "readThePaper", "hat", "legs"] {
            let path = dir.appending("empty/stickman/\(name).png")
            #expect(warnings.filter { $0.contains(path) }.count == 1, "\(name).png not named exactly once in: \(run.stderr)")
        }
        #expect(warnings.count == 5, "\(run.stderr)")
        // The crossed box: grey diagonals through the composite; the frames still drawn.
        let img = try PixelImage(screenshot: out)
        let grey = PixelColor(r: 0x80, g: 0x80, b: 0x8c)
        let crossed = img.count(in: (0, 44, img.width, img.height - 44)) { $0.isClose(to: grey, tolerance: 12) }
        #expect(crossed > 300, "no crossed box in \(out)")
        #expect(img.count { $0.isClose(to: PixelColor(hex: 0x7b83ff), tolerance: 8) } > 1000, "no frames in \(out)")
    }
}
