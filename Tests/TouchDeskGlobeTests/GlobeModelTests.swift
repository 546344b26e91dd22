import Foundation
import Testing
@testable import TouchDeskGlobe

/// Sea Level's view state: the flick that keeps turning and stops, the turn to a place, the
/// sea-level keys and presets.
@Suite("Globe model")
struct GlobeModelTests {
    func model() -> GlobeModel {
        var m = GlobeModel()
        m.setArea(width: 600, height: 596)
        return m
    }

    func angle(_ a: GeoPoint, _ b: GeoPoint) -> Double {
        let u = Rotation.unitVector(a), v = Rotation.unitVector(b)
        return acos(min(1, max(-1, (u * v).sum()))) * 180 / .pi
    }

    /// A drag across the globe, one move per tick, as a person drags at 60 Hz.
    func drag(_ m: inout GlobeModel, from x0: Double, to x1: Double, steps: Int, ticks: Bool = true) {
        m.beginDrag(at: (x0, 298))
        for i in 1...steps {
            if ticks { _ = m.tick() }
            m.drag(to: (x0 + (x1 - x0) * Double(i) / Double(steps), 298))
        }
    }

    @Test func flickKeepsTurningThenStops() {
        var m = model()
        drag(&m, from: 200, to: 320, steps: 6)
        let released = m.view.centre
        m.endDrag(at: (320, 298))
        #expect(m.spin != nil, "a release while moving is a flick")
        #expect(m.isMoving)
        var ticks = 0
        var lastAngle = Double.infinity
        while m.tick() {
            ticks += 1
            let speed = (m.spin.map { ($0 * $0).sum().squareRoot() }) ?? 0
            #expect(speed <= lastAngle, "the spin only slows down")
            lastAngle = speed
            if ticks > 600 { break }
        }
        #expect(ticks > 10, "it keeps turning a little: \(ticks) ticks")
        #expect(ticks < 120, "and stops within two seconds: \(ticks) ticks")
        #expect(!m.isMoving)
        let turned = angle(released, m.view.centre)
        #expect(turned > 1 && turned <= 37, "turned on by \(turned)°, at most spinLimit / (1 − decay)")
        // Stopped: more ticks change nothing and ask for no more.
        let still = m.view
        let ticking = m.tick()
        #expect(!ticking)
        #expect(m.view == still)
    }

    @Test func flickTurnsTheWayTheDragWent() {
        var m = model()
        drag(&m, from: 200, to: 320, steps: 6)
        let lon = m.view.centre.longitude
        m.endDrag(at: (320, 298))
        while m.tick() {}
        // Dragging the surface to the right brings places from the west into view.
        #expect(m.view.centre.longitude < lon)
    }

    @Test func releaseAfterHoldingStillDoesNotSpin() {
        var m = model()
        drag(&m, from: 200, to: 320, steps: 6)
        // Held still: ticking stops once the flick window has passed.
        var ticking = 0
        while m.tick() { ticking += 1; if ticking > 100 { break } }
        #expect(ticking == GlobeModel.flickWindow)
        m.endDrag(at: (320, 298))
        #expect(m.spin == nil)
        let again = m.tick()
        #expect(!again)
    }

    @Test func aDragStopsASpin() {
        var m = model()
        drag(&m, from: 200, to: 320, steps: 3)
        m.endDrag(at: (320, 298))
        #expect(m.spin != nil)
        m.beginDrag(at: (300, 300))
        #expect(m.spin == nil)
        m.endDrag(at: (300, 300))
        #expect(!m.isMoving)
    }

    @Test func dragFollowsThePointer() {
        var m = model()
        let place = m.view.pick(x: 250, y: 298, width: 600, height: 596)!
        drag(&m, from: 250, to: 330, steps: 8)
        let there = m.view.windowPoint(of: place, width: 600, height: 596)!
        #expect(abs(there.x - 330) < 1e-6 && abs(there.y - 298) < 1e-6)
    }

    @Test func turnToAPlaceEndsLookingAtIt() {
        var m = model()
        let tokyo = GeoPoint(latitude: 35.69, longitude: 139.69)
        m.turn(to: tokyo, zoom: 4)
        var ticks = 0
        while m.tick() { ticks += 1 }
        #expect(ticks == GlobeModel.flightTicks - 1)
        #expect(angle(m.view.centre, tokyo) < 1e-6)
        #expect(abs(m.view.zoom - 4) < 1e-9)
        // North stays up: the view's y axis points north of the centre.
        let north = m.view.pick(x: 300, y: 200, width: 600, height: 596)!
        #expect(north.latitude > tokyo.latitude)
    }

    @Test func turnHalfwayRoundTheGlobe() {
        var m = model()
        let c = m.view.centre
        let antipode = GeoPoint(latitude: -c.latitude, longitude: c.longitude + 180)
        m.turn(to: antipode)
        while m.tick() {}
        #expect(angle(m.view.centre, antipode) < 1e-6)
    }

    @Test func zoomKeepsThePlaceUnderThePointer() {
        var m = model()
        let p = m.view.pick(x: 380, y: 250, width: 600, height: 596)!
        m.zoom(by: 1.25, about: (380, 250))
        #expect(abs(m.view.zoom - 1.25) < 1e-9)
        let there = m.view.windowPoint(of: p, width: 600, height: 596)!
        #expect(abs(there.x - 380) < 1e-6 && abs(there.y - 250) < 1e-6)
        for _ in 0..<40 { m.zoom(by: 1.25, about: (300, 298)) }
        #expect(m.view.zoom == GlobeView.maximumZoom)
        m.resetView()
        #expect(m.view == .start)
    }

    // MARK: - Sea level

    @Test func keySteps() {
        var m = model()
        m.press(.up); #expect(m.level == 1)
        m.press(.up); #expect(m.level == 2)
        m.press(.down); #expect(m.level == 1)
        m.press(.pageUp); #expect(m.level == 11)
        m.press(.pageDown); m.press(.pageDown); #expect(m.level == -9)
        // With Shift the arrows step a tenth of a metre, Page Up and Page Down 100 m.
        m.press(.up, shift: true); #expect(m.level == -8.9)
        m.press(.pageUp, shift: true); #expect(m.level == 91.1)
        m.press(.down, shift: true); m.press(.pageDown, shift: true); #expect(m.level == -9)
        for _ in 0..<10 { m.press(.up, shift: true) }
        #expect(m.level == -8)
    }

    @Test func keysStopAtTheEnds() {
        var m = model()
        m.setLevel(Double(SeaLevel.highest - 3))
        m.press(.pageUp)
        #expect(m.level == Double(SeaLevel.highest))
        m.apply(.drained)
        m.press(.down, shift: true)
        #expect(m.level == Double(SeaLevel.lowest))
        m.setLevel(50_000)
        #expect(m.level == Double(SeaLevel.highest))
    }

    @Test(arguments: SeaLevel.Preset.allCases)
    func presets(_ preset: SeaLevel.Preset) {
        var m = model()
        m.setLevel(1234)
        m.apply(preset)
        #expect(m.level == preset.metres)
        // The slider shows a whole-metre preset where setting it by slider gives the preset back
        // (the slider moves in whole metres; the IPCC projections have their keys and buttons).
        guard preset.metres == preset.metres.rounded() else { return }
        var n = model()
        n.setSliderPosition(m.sliderPosition)
        #expect(n.level == preset.metres)
    }

    @Test func presetLevels() {
        #expect(SeaLevel.Preset.allCases.map(\.metres) == [-120, 0, 70, 476, -11_000, 0.44, 0.77, 4.25])
        #expect(SeaLevel.Preset.slider.map(\.metres) == [-120, 0, 70, 476, -11_000])
    }

    @Test func levelChangesLeaveTheViewAlone() {
        var m = model()
        m.turn(degrees: 30)
        let v = m.view
        m.apply(.seeds)
        m.press(.up)
        #expect(m.view == v)
        let ticking = m.tick()
        #expect(!ticking)
    }
}
