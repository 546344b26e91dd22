import Foundation
import Testing
@testable import TouchDeskGlobe

@Suite("Projection and slider")
struct ViewTests {
    @Test(arguments: [(900, 640, 1.0), (1920, 1080, 3.5), (300, 500, 40.0)])
    func pixelToPlaceToPixel(size: (Int, Int, Double)) {
        let (w, h, zoom) = size
        var view = GlobeView(lookingAt: GeoPoint(latitude: 47, longitude: -122), zoom: zoom)
        view.drag(from: (100, 100), to: (130, 90), width: w, height: h)
        var hits = 0
        for j in stride(from: 0, to: h, by: 17) {
            for i in stride(from: 0, to: w, by: 23) {
                guard let p = view.pick(x: Double(i) + 0.5, y: Double(j) + 0.5, width: w, height: h) else { continue }
                hits += 1
                let back = view.windowPoint(of: p, width: w, height: h)
                #expect(back != nil)
                if let back {
                    #expect(abs(back.x - (Double(i) + 0.5)) < 1e-6 && abs(back.y - (Double(j) + 0.5)) < 1e-6)
                }
            }
        }
        #expect(hits > 0)
    }

    @Test func centreIsWhereItLooks() {
        let view = GlobeView(lookingAt: GeoPoint(latitude: 52.5, longitude: 5.5), zoom: 2)
        let p = view.pick(x: 450, y: 320, width: 900, height: 640)!
        #expect(abs(p.latitude - 52.5) < 1e-9 && abs(p.longitude - 5.5) < 1e-9)
        #expect(abs(view.centre.latitude - 52.5) < 1e-9)
        // North is up: a point north of the centre is above it.
        let north = view.windowPoint(of: GeoPoint(latitude: 53, longitude: 5.5), width: 900, height: 640)!
        #expect(north.y < 320 && abs(north.x - 450) < 1e-6)
        #expect(GlobeView(lookingAt: view.centre).pick(x: 2, y: 2, width: 900, height: 640) == nil)
        // The far side is hidden.
        #expect(view.windowPoint(of: GeoPoint(latitude: -52.5, longitude: -174.5), width: 900, height: 640) == nil)
    }

    @Test func dragKeepsThePlaceUnderThePointer() {
        var view = GlobeView.start
        let a = (x: 400.0, y: 300.0), b = (x: 470.0, y: 260.0)
        let place = view.pick(x: a.x, y: a.y, width: 900, height: 640)!
        view.drag(from: a, to: b, width: 900, height: 640)
        let now = view.windowPoint(of: place, width: 900, height: 640)!
        #expect(abs(now.x - b.x) < 1e-6 && abs(now.y - b.y) < 1e-6)
    }

    @Test func zoomKeepsThePlaceUnderThePointer() {
        var view = GlobeView.start
        let p = (x: 520.0, y: 280.0)
        let place = view.pick(x: p.x, y: p.y, width: 900, height: 640)!
        view.zoom(by: 3, about: p, width: 900, height: 640)
        #expect(view.zoom == 3)
        let now = view.windowPoint(of: place, width: 900, height: 640)!
        #expect(abs(now.x - p.x) < 1e-6 && abs(now.y - p.y) < 1e-6)
        view.zoom(by: 1000, about: p, width: 900, height: 640)
        #expect(view.zoom == GlobeView.maximumZoom)
    }

    @Test func fastArctangentIsClose() {
        var worst: Float = 0
        for k in 0..<20_000 {
            let a = Double(k) / 20_000 * 2 * .pi - .pi
            for r in [0.001, 0.7, 1.0] {
                let y = Float(sin(a) * r), x = Float(cos(a) * r)
                worst = max(worst, abs(FastMath.atan2(y, x) - Float(atan2(Double(y), Double(x)))))
            }
        }
        #expect(worst < 2e-5)
        print("fast atan2 worst error \(worst) rad")
    }

    @Test func sliderIsMonotoneAndRoundTrips() {
        var last = -Double.infinity
        for k in 0...10_000 {
            let t = Double(k) / 10_000
            let m = SeaLevel.metres(atSliderPosition: t)
            #expect(m > last)
            last = m
            #expect(abs(SeaLevel.sliderPosition(ofMetres: m) - t) < 1e-9)
        }
        #expect(SeaLevel.level(atSliderPosition: 0) == -11_000)
        #expect(SeaLevel.level(atSliderPosition: 1) == 9_000)
        for m in [-11_000.0, -120, -1, 0, 1, 70, 476, 9_000] {
            #expect(SeaLevel.level(atSliderPosition: SeaLevel.sliderPosition(ofMetres: m)) == m)
        }
        // Most of the travel is within ±500 m.
        let fine = SeaLevel.sliderPosition(ofMetres: 500) - SeaLevel.sliderPosition(ofMetres: -500)
        #expect(fine > 0.5)
    }

    @Test func stepsAndPresets() {
        #expect(SeaLevel.stepped(0, by: .metre) == 1)
        #expect(SeaLevel.stepped(0, by: .tenMetres, count: -1) == -10)
        #expect(SeaLevel.stepped(8_950, by: .hundredMetres) == 9_000)
        #expect(SeaLevel.stepped(-10_950, by: .hundredMetres, count: -1) == -11_000)
        #expect(SeaLevel.stepped(0.44, by: .tenth) == 0.54)
        #expect(SeaLevel.label(-120) == "\u{2212}120 m" && SeaLevel.label(70) == "+70 m")
    }
}
