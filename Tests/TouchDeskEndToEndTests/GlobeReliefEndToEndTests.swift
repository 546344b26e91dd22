import Foundation
import Testing
import TouchDeskTestSupport

/// Relief exaggeration in the real window: the ] key raises the mountains on the rim, [ lowers them.
@Suite(.serialized, .timeLimit(.minutes(3)), .enabled(if: DataCaches.reliefAvailable, "ETOPO5 not installed (ferret-datasets)"))
struct GlobeReliefEndToEndTests {
    /// Pixels just beyond the globe's outline, upper right (where the Tibetan plateau lies on the
    /// limb when looking at 0° N 2° W), that differ between two screenshots.
    static func rimChanges(_ a: PixelImage, _ b: PixelImage) -> Int {
        let cx = 300.0, cy = 44.0 + 298, r = 0.45 * 596
        var n = 0
        for y in 44..<640 {
            for x in 0..<600 {
                let dx = Double(x) + 0.5 - cx, dy = cy - (Double(y) + 0.5)
                let d = (dx * dx + dy * dy).squareRoot(), angle = atan2(dy, dx) * 180 / .pi
                if d > r + 1, d < r + 40, (10...50).contains(angle), !a[x, y].isClose(to: b[x, y], tolerance: 6) { n += 1 }
            }
        }
        return n
    }

    @Test func bracketKeysRaiseAndLowerTheRelief() async throws {
        let session = try await XSession(name: "globe-relief")
        defer { session.close() }
        try DataCaches.install(into: session.home.appendingPathComponent(".cache/touchdesk").path)
        let app = try await session.launch(["globe", "--size", "900x640", "--look-at", "0,-2"])
        let flat = try await app.screenshot("flat", timeout: 20) { GlobeEndToEndTests.globeShown($0) }
        try await app.key("bracketright", "bracketright", "bracketright", "bracketright")  // 2, 5, 10, 20×
        let raised = try await app.screenshot("raised", timeout: 5) { Self.rimChanges(flat, $0) > 20 }
        let bulge = Self.rimChanges(flat, raised)
        #expect(bulge > 20, "the plateau does not stand off the rim at 20×: \(raised.path)")
        try await app.key("bracketleft", "bracketleft", "bracketleft", "bracketleft")
        let back = try await app.screenshot("back", timeout: 5) { Self.rimChanges(flat, $0) == 0 }
        let left = Self.rimChanges(flat, back)
        #expect(left == 0, "back at 1× the rim is not today's: \(back.path)")
        #expect(app.isRunning, "\(app.log)")
    }
}
