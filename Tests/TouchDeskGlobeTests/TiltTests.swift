import Foundation
import Testing
@testable import TouchDeskGlobe

/// The tilted view's camera: points land where the geometry by hand says, picking inverts
/// projecting, and the horizon is where the tangent ray is.
@Suite("Sea Level: the tilted camera")
struct TiltCameraTests {
    /// Looking at 0° N 0° E from 60° off straight down at zoom 1 in a 600 × 600 window, worked by
    /// hand: the target T = (1, 0, 0), north N = (0, 0, 1); the camera sits at
    /// T + 1.44 (cos 60° T − sin 60° N), looks along −cos 60° T + sin 60° N, its up is sin 60° T + cos 60° N.
    @Test func aKnownPointLandsWhereTheMathSays() throws {
        let view = GlobeView(lookingAt: GeoPoint(latitude: 0, longitude: 0), tilt: 60)
        let c = SIMD3(1 + 1.44 * 0.5, 0, -1.44 * 0.8660254)
        let forward = SIMD3(-0.5, 0, 0.8660254), up = SIMD3(0.8660254, 0, 0.5)
        let p = SIMD3(cos(10 * Double.pi / 180), 0, sin(10 * Double.pi / 180))  // 10° N 0° E
        let v = p - c
        let expectedY = 300 - 600 * (v * up).sum() / (v * forward).sum()
        let got = try #require(view.windowPoint(of: GeoPoint(latitude: 10, longitude: 0), width: 600, height: 600))
        #expect(abs(got.x - 300) < 1e-9)
        #expect(abs(got.y - expectedY) < 1e-6, "10° N at row \(got.y), by hand \(expectedY)")
        #expect(expectedY < 300 && expectedY > 250, "north of the centre shows above it: \(expectedY)")
        // The centre is in the middle; 30° N is past the horizon (it faces away from the camera).
        let centre = try #require(view.windowPoint(of: GeoPoint(latitude: 0, longitude: 0), width: 600, height: 600))
        #expect(abs(centre.x - 300) < 1e-9 && abs(centre.y - 300) < 1e-9)
        #expect(view.windowPoint(of: GeoPoint(latitude: 30, longitude: 0), width: 600, height: 600) == nil)
    }

    @Test func pickingInvertsProjecting() throws {
        let view = GlobeView(lookingAt: GeoPoint(latitude: 40, longitude: -100), zoom: 3, tilt: 45)
        for (lat, lon) in [(40.0, -100.0), (42.0, -98.0), (37.5, -104.0), (44.0, -101.0)] {
            let w = try #require(view.windowPoint(of: GeoPoint(latitude: lat, longitude: lon), width: 900, height: 640))
            let back = try #require(view.pick(x: w.x, y: w.y, width: 900, height: 640))
            #expect(abs(back.latitude - lat) < 1e-6 && abs(back.longitude - lon) < 1e-6)
        }
    }

    /// The horizon row is where rays stop meeting the sphere: two pixels below it they meet it,
    /// two pixels above they pass by; and it is where asin(1 / distance from the centre) says.
    @Test func horizonIsWhereRaysStopMeetingTheEarth() throws {
        for (zoom, tilt) in [(6.0, 60.0), (12.0, 75.0), (3.0, 80.0)] {
            let view = GlobeView(lookingAt: GeoPoint(latitude: 28, longitude: 86), zoom: zoom, tilt: tilt)
            let camera = view.camera(width: 900, height: 640)
            let row = try #require(camera.horizonRow)
            #expect(row > 0 && row < 640, "zoom \(zoom) tilt \(tilt): horizon at row \(row)")
            #expect(view.pick(x: 450, y: row + 2, width: 900, height: 640) != nil)
            #expect(view.pick(x: 450, y: row - 2, width: 900, height: 640) == nil)
            // By hand: the camera is |C| from the centre; the tangent ray dips below the level by
            // acos(1/|C|) ... measured from the direction to the centre it is asin(1/|C|) above it.
            let r = (camera.position * camera.position).sum().squareRoot()
            let toCentre = -camera.position / r
            let below = acos(min(1, (toCentre * camera.forward).sum()))  // forward to the centre
            let tangentAboveForward = asin(1 / r) - below
            #expect(abs(row - (320 - 640 * tan(tangentAboveForward))) < 1e-6)
        }
    }

    @Test func tiltIsClamped() {
        var v = GlobeView.start
        v.tilt = 95
        #expect(v.tilt == 80)
        v.tilt = -3
        #expect(v.tilt == 0 && !v.isTilted)
        v.tilt = .nan
        #expect(v.tilt == 0)
    }
}

/// The tilted picture from the real relief: sky above the horizon, land below it, relief that
/// stands up into the sky with the exaggeration.
@Suite("Sea Level: the tilted picture", .enabled(if: RealData.available, "ETOPO5 not installed (ferret-datasets)"))
struct TiltedPictureTests {
    static let width = 480, height = 320

    func render(_ data: GlobeData, _ view: GlobeView, exaggeration: Double = 1, coarse: Int = 1) -> [UInt32] {
        var pixels = [UInt32](repeating: 0, count: Self.width * Self.height)
        pixels.withUnsafeMutableBytes { buf in
            TiltedRenderer().render(data, view: view, level: 0, style: GlobeStyle(exaggeration: exaggeration),
                                    into: buf.baseAddress!, width: Self.width, height: Self.height, stride: Self.width * 4, coarse: coarse)
        }
        return pixels
    }

    static func isSky(_ c: UInt32) -> Bool {
        TiltedRenderer.skyRamp(background: GlobeStyle().background).contains(c)
    }

    @Test func skyAboveTheHorizonLandBelow() throws {
        let data = try #require(RealData.globe?.data)
        // Over the Pacific: flat sea to the horizon.
        let view = GlobeView(lookingAt: GeoPoint(latitude: 0, longitude: -150), zoom: 6, tilt: 60)
        let pixels = render(data, view)
        let centreRow = try #require(view.camera(width: Self.width, height: Self.height).horizonRow)
        let horizon = Int(centreRow)
        // Per column the horizon is where picking stops finding the sphere (it curves down to the
        // sides): sky 3 rows above it, sea 3 rows below.
        for x in stride(from: 0, to: Self.width, by: 40) {
            var lo = 0, hi = Self.height - 1  // sky at lo, sphere at hi
            while hi - lo > 1 {
                let mid = (lo + hi) / 2
                if view.pick(x: Double(x) + 0.5, y: Double(mid) + 0.5, width: Self.width, height: Self.height) == nil { lo = mid } else { hi = mid }
            }
            #expect(Self.isSky(pixels[(lo - 3) * Self.width + x]), "column \(x) above the horizon (row \(lo))")
            #expect(!Self.isSky(pixels[(hi + 3) * Self.width + x]), "column \(x) below the horizon (row \(hi))")
            #expect(Self.isSky(pixels[x]), "the top row is sky")
            if x == Self.width / 2 { #expect(abs(Double(hi) - centreRow) < 1.5) }
        }
        // The sky over the horizon is blue.
        let c = pixels[(horizon - 3) * Self.width + Self.width / 2]
        #expect(c & 0xFF > (c >> 16) & 0xFF)
    }

    @Test func reliefStandsUpWithTheExaggeration() throws {
        let data = try #require(RealData.globe?.data)
        // Looking north over the Ganges plain at the Himalaya.
        let view = GlobeView(lookingAt: GeoPoint(latitude: 24, longitude: 86), zoom: 8, tilt: 75)
        func sky(_ p: [UInt32]) -> Int { p.filter(Self.isSky).count }
        let flat = sky(render(data, view)), raised = sky(render(data, view, exaggeration: 20))
        #expect(raised < flat - Self.width * 3, "the Himalaya at 20× cover too little sky: \(flat) → \(raised) pixels")
    }

    @Test func coarseFrameIsTheFineOneInBlocks() throws {
        let data = try #require(RealData.globe?.data)
        let view = GlobeView(lookingAt: GeoPoint(latitude: 46, longitude: 8), zoom: 6, tilt: 50)
        let fine = render(data, view), coarse = render(data, view, coarse: 2)
        // Every 2 × 2 block is one colour, and most blocks' colour is close to the fine frame's there.
        var uniform = true, close = 0, blocks = 0
        for y in stride(from: 0, to: Self.height, by: 2) {
            for x in stride(from: 0, to: Self.width, by: 2) {
                let c = coarse[y * Self.width + x]
                uniform = uniform && coarse[y * Self.width + x + 1] == c && coarse[(y + 1) * Self.width + x] == c
                let f = fine[(y + 1) * Self.width + x + 1]
                let d = abs(Int(c & 0xFF) - Int(f & 0xFF)) + abs(Int((c >> 8) & 0xFF) - Int((f >> 8) & 0xFF))
                if d < 40 { close += 1 }
                blocks += 1
            }
        }
        #expect(uniform)
        #expect(close > blocks * 8 / 10, "\(close) of \(blocks) blocks like the fine frame")
    }
}
