import Foundation
import Testing
@testable import TouchDeskGlobe

/// The sun turns with the view: a steep east–west ridge seen tilted from the south and from the
/// north is lit alike, never one dark band (a light fixed to the map from the north-west left its
/// south face near black: 0.2 of its colour against the plain's 1).
@Suite("Sea Level: the sun")
struct SunTests {
    static let width = 360, height = 240

    /// A 0.25° world: a plain at 200 m north of 40° S (ocean south of it), with or without a ridge
    /// along 10° N rising 4,000 m over a degree each side.
    static func world(ridge: Bool) -> GlobeData {
        let w = 1440, h = 721
        var e = [Int16](repeating: 0, count: w * h)
        for r in 0..<h {
            let lat = -90 + Double(r) * 0.25
            let height = lat < -40 ? -3000 : 200 + (ridge ? 4000 * max(0, 1 - abs(lat - 10)) : 0)
            for c in 0..<w { e[r * w + c] = Int16(height) }
        }
        return GlobeData.build(from: ElevationGrid(width: w, height: h, elevations: e))
    }

    static let ridged = world(ridge: true), flat = world(ridge: false)

    func render(_ data: GlobeData, _ view: GlobeView, sunTurn: Int = 0) -> [UInt32] {
        var pixels = [UInt32](repeating: 0, count: Self.width * Self.height)
        pixels.withUnsafeMutableBytes { buf in
            TiltedRenderer().render(data, view: view, level: 0, style: GlobeStyle(exaggeration: GlobeStyle.tiltedExaggeration, sunTurn: sunTurn),
                                    into: buf.baseAddress!, width: Self.width, height: Self.height, stride: Self.width * 4)
        }
        return pixels
    }

    static func luminance(_ c: UInt32) -> Double {
        0.299 * Double((c >> 16) & 0xFF) + 0.587 * Double((c >> 8) & 0xFF) + 0.114 * Double(c & 0xFF)
    }

    /// The ridge's pixels (where the ridged world's picture differs from the flat one's) and their
    /// mean luminance beside that of the plain (the flat world's ground below the horizon).
    func ridgeAndPlain(_ view: GlobeView, sunTurn: Int = 0) -> (ridge: Double, plain: Double, count: Int) {
        let withRidge = render(Self.ridged, view, sunTurn: sunTurn), without = render(Self.flat, view, sunTurn: sunTurn)
        let sky = Set(TiltedRenderer.skyRamp(background: GlobeStyle().background))
        var ridge = 0.0, n = 0, plain = 0.0, m = 0
        for i in withRidge.indices {
            if withRidge[i] != without[i] { ridge += Self.luminance(withRidge[i]); n += 1 }
            if !sky.contains(without[i]) { plain += Self.luminance(without[i]); m += 1 }
        }
        return (ridge / Double(max(n, 1)), plain / Double(max(m, 1)), n)
    }

    @Test func aRidgeReadsFromTheSouthAndFromTheNorth() {
        // From the south looking north at the ridge, and from the north looking south (heading 180°).
        let south = GlobeView(lookingAt: GeoPoint(latitude: 7, longitude: 0), zoom: 6, tilt: 70)
        var north = GlobeView(lookingAt: GeoPoint(latitude: 13, longitude: 0), zoom: 6, tilt: 70)
        north.spin(axis: SIMD3(0, 0, 1), angle: .pi)
        let fromSouth = ridgeAndPlain(south), fromNorth = ridgeAndPlain(north)
        for (side, seen) in [("south", fromSouth), ("north", fromNorth)] {
            #expect(seen.count > Self.width * 5, "from the \(side) the ridge covers only \(seen.count) pixels")
            #expect(seen.ridge > seen.plain * 0.75,
                    "from the \(side) the ridge is a dark band: luminance \(Int(seen.ridge)) against the plain's \(Int(seen.plain))")
        }
        #expect(abs(fromSouth.ridge - fromNorth.ridge) < 0.2 * max(fromSouth.ridge, fromNorth.ridge),
                "lit unlike from the two sides: \(Int(fromSouth.ridge)) and \(Int(fromNorth.ridge))")
    }

    @Test func theSunTurnsWithTheKey() {
        // Turned half way round (from the far side, upper right), the face towards the camera is in shade.
        let south = GlobeView(lookingAt: GeoPoint(latitude: 7, longitude: 0), zoom: 6, tilt: 70)
        let lit = ridgeAndPlain(south), shaded = ridgeAndPlain(south, sunTurn: 4)
        #expect(shaded.ridge < lit.ridge * 0.8, "turning the sun changed little: \(Int(lit.ridge)) → \(Int(shaded.ridge))")
        #expect(GlobeSun.name(tilted: true, turn: 0) == "from the lower left" && GlobeSun.name(tilted: true, turn: 4) == "from the upper right")
        #expect(GlobeSun.name(tilted: false, turn: 0) == "from the upper left" && GlobeSun.name(tilted: false, turn: 1) == "from the top")
    }
}
