import Foundation
import Testing
@testable import TouchDeskGlobe

/// Exaggerated relief seen straight down: mountains on the limb stand off the rim, open ocean
/// does not, and at 1× the picture is exactly today's.
@Suite("Sea Level: relief on the rim", .enabled(if: RealData.available, "ETOPO5 not installed (ferret-datasets)"))
struct RimTests {
    static let size = 400
    /// Looking at 0° N 2° W: the Tibetan plateau (32° N 88° E) lies on the limb, upper right; the
    /// limb at lower left runs over the open Pacific west of South America.
    static let view = GlobeView(lookingAt: GeoPoint(latitude: 0, longitude: -2))

    func render(_ data: GlobeData, _ style: GlobeStyle) -> [UInt32] {
        var pixels = [UInt32](repeating: 0, count: Self.size * Self.size)
        pixels.withUnsafeMutableBytes { buf in
            GlobeRenderer().render(data, view: Self.view, level: 0, style: style,
                                   into: buf.baseAddress!, width: Self.size, height: Self.size, stride: Self.size * 4)
        }
        return pixels
    }

    /// Pixels beyond the sphere's outline (by more than a pixel) that differ, in the sector of
    /// screen angles `degrees` (0° to the right, counter-clockwise).
    func differencesOffTheRim(_ a: [UInt32], _ b: [UInt32], degrees: ClosedRange<Double>) -> Int {
        let r = Self.view.radius(width: Self.size, height: Self.size), c = Double(Self.size) / 2
        var n = 0
        for y in 0..<Self.size {
            for x in 0..<Self.size where a[y * Self.size + x] != b[y * Self.size + x] {
                let dx = Double(x) + 0.5 - c, dy = c - (Double(y) + 0.5)
                var angle = atan2(dy, dx) * 180 / .pi
                if angle < 0 { angle += 360 }
                if (dx * dx + dy * dy).squareRoot() > r + 1, degrees.contains(angle) { n += 1 }
            }
        }
        return n
    }

    @Test func exaggerationOneIsTodaysPicture() throws {
        let data = try #require(RealData.globe?.data)
        #expect(render(data, GlobeStyle(exaggeration: 1)) == render(data, GlobeStyle()))
    }

    @Test func mountainsStandOffTheRimAndTheOceanDoesNot() throws {
        let data = try #require(RealData.globe?.data)
        let flat = render(data, GlobeStyle()), raised = render(data, GlobeStyle(exaggeration: 20))
        let tibet = differencesOffTheRim(flat, raised, degrees: 15...45)
        let pacific = differencesOffTheRim(flat, raised, degrees: 195...215)
        #expect(tibet > 20, "the Tibetan plateau does not bulge the outline: \(tibet) pixels")
        #expect(pacific == 0, "the open ocean bulged the outline: \(pacific) pixels")
        // More exaggeration, more bulge.
        let more = differencesOffTheRim(flat, render(data, GlobeStyle(exaggeration: 50)), degrees: 15...45)
        #expect(more > tibet)
    }

    @Test func exaggerationStepsAndLimits() {
        #expect(GlobeStyle(exaggeration: 0).exaggeration == 1 && GlobeStyle(exaggeration: 99).exaggeration == 50)
        var e = 1.0
        var seen: [Double] = []
        for _ in 0..<7 { e = GlobeStyle.steppedExaggeration(e, up: true); seen.append(e) }
        #expect(seen == [2, 5, 10, 20, 50, 50, 50])
        #expect(GlobeStyle.steppedExaggeration(20, up: false) == 10 && GlobeStyle.steppedExaggeration(1, up: false) == 1)
    }
}
