import Foundation
import Testing
@testable import TouchDeskPlaces

@Suite("Map camera: projection, moving, flight, place text")
struct MapCameraTests {
    let zurich = GeoCoordinate(latitude: 47.36667, longitude: 8.55)

    @Test("Zoom 0 at 800×400 fits the whole world: corners, centre, and back again")
    func worldFits() {
        let c = MapCamera(width: 800, height: 400)
        #expect(c.scale == 800.0 / 360)
        let centre = c.point(for: GeoCoordinate(latitude: 0, longitude: 0))
        #expect(centre.x == 400 && centre.y == 200)
        let corner = c.point(for: GeoCoordinate(latitude: 90, longitude: -180))
        #expect(abs(corner.x) < 1e-9 && abs(corner.y) < 1e-9)
        let brazil = c.point(for: GeoCoordinate(latitude: -10, longitude: -50))
        #expect(abs(brazil.x - (400 - 50 * 800.0 / 360)) < 1e-9 && abs(brazil.y - (200 + 10 * 800.0 / 360)) < 1e-9)
        for (x, y) in [(12.0, 30.0), (400, 200), (799, 399), (250, 321)] {
            let g = c.coordinate(atX: x, y: y)
            let back = c.point(for: g)
            #expect(abs(back.x - x) < 1e-6 && abs(back.y - y) < 1e-6, "round trip of (\(x), \(y))")
        }
    }

    @Test("Longitude wraps: a drag across the date line comes out the other side")
    func wraps() {
        #expect(MapCamera.wrap(180) == -180)
        #expect(MapCamera.wrap(-181) == 179)
        #expect(MapCamera.wrap(540) == -180)
        var c = MapCamera(center: GeoCoordinate(latitude: 0, longitude: 175), zoom: 3, width: 800, height: 400)
        c.pan(dx: -10 * c.scale, dy: 0)
        #expect(abs(c.center.longitude - -175) < 1e-9)
        // 179° E is 6° west of 175° W across the date line: drawn there, not a world away.
        let p = c.point(for: GeoCoordinate(latitude: 0, longitude: 179))
        #expect(abs(p.x - (400 - 6 * c.scale)) < 1e-6)
    }

    @Test("Zooming about a point keeps the ground under it; the zoom stays in range; the view stays on the globe")
    func zoomAboutPointer() {
        var c = MapCamera(width: 800, height: 400)
        let before = c.coordinate(atX: 300, y: 120)
        c.zoom(by: 2, aboutX: 300, y: 120)
        let after = c.coordinate(atX: 300, y: 120)
        #expect(abs(before.latitude - after.latitude) < 1e-9 && abs(before.longitude - after.longitude) < 1e-9)
        c.zoom(by: 100, aboutX: 400, y: 200)
        #expect(c.zoom == MapCamera.maxZoom)
        c.zoom(by: -100, aboutX: 400, y: 200)
        #expect(c.zoom == 0 && c.center.latitude == 0)
        var north = MapCamera(center: GeoCoordinate(latitude: 89, longitude: 0), zoom: 2, width: 800, height: 400)
        north.clamp()
        #expect(north.center.latitude + 200 / north.scale <= 90 + 1e-9)
    }

    @Test("A city view is centred on the city; a country's fit holds its whole box")
    func fitting() {
        let c = MapCamera(width: 1000, height: 600)
        let city = c.focused(on: zurich)
        let p = city.point(for: zurich)
        #expect(abs(p.x - 500) < 1e-9 && abs(p.y - 300) < 1e-9)
        #expect(abs(1000 / city.scale - MapCamera.cityWidthDegrees) < 1e-9)
        let swiss = GeoBounds(south: 45.8, west: 5.9, north: 47.8, east: 10.5)
        let fit = c.fitting(swiss)
        for corner in [GeoCoordinate(latitude: 45.8, longitude: 5.9), GeoCoordinate(latitude: 47.8, longitude: 10.5)] {
            let q = fit.point(for: corner)
            #expect(q.x >= 0 && q.x <= 1000 && q.y >= 0 && q.y <= 600)
        }
        #expect(fit.zoom > 5)
    }

    @Test("Ease: 0 → 0, ½ → ½, 1 → 1, rising, slow at both ends, symmetric")
    func ease() {
        #expect(MapFlight.ease(0) == 0 && MapFlight.ease(1) == 1 && MapFlight.ease(0.5) == 0.5)
        var last = 0.0
        for i in 1...100 {
            let t = Double(i) / 100
            let e = MapFlight.ease(t)
            #expect(e >= last)
            #expect(abs(e + MapFlight.ease(1 - t) - 1) < 1e-12)
            last = e
        }
        #expect(MapFlight.ease(0.05) < 0.05 && MapFlight.ease(0.95) > 0.95)
        #expect(MapFlight.ease(-1) == 0 && MapFlight.ease(2) == 1)
    }

    @Test("A flight lasts half a second (30 ticks), ends exactly on its target, and goes the short way round")
    func flight() {
        let from = MapCamera(center: GeoCoordinate(latitude: 10, longitude: 170), zoom: 1, width: 800, height: 400)
        let to = MapCamera(center: GeoCoordinate(latitude: -10, longitude: -170), zoom: 4, width: 800, height: 400)
        var f = MapFlight(from: from, to: to)
        var ticks = 0
        var longitudes: [Double] = []
        while !f.isFinished {
            longitudes.append(f.step().center.longitude)
            ticks += 1
        }
        #expect(ticks == 30)
        #expect(f.camera == to)
        // Over the date line: every longitude on the way is beyond ±170, none passes through 0.
        #expect(longitudes.allSatisfy { abs($0) >= 170 - 1e-9 })
        let mid = MapFlight(from: from, to: to, duration: 2)
        var m = mid
        let half = m.step()
        #expect(abs(half.zoom - 2.5) < 1e-9)
    }

    @Test("Place text: the clipboard line, degrees and minutes, thousands")
    func placeText() {
        let p = Place(id: 0, kind: .city, name: "Zürich", region: nil, admin1Code: "ZH", countryCode: "CH", countryName: "Switzerland",
                      population: 341_730, coordinate: zurich, timezone: "Europe/Zurich", bounds: nil)
        #expect(PlaceText.clipboard(p) == "Zürich, Switzerland (47.36667, 8.55000)")
        #expect(PlaceText.degreesMinutes(zurich) == "47°22′ N, 8°33′ E")
        #expect(PlaceText.degreesMinutes(GeoCoordinate(latitude: -33.86785, longitude: -70.5)) == "33°52′ S, 70°30′ W")
        #expect(PlaceText.population(341_730) == "341,730")
        #expect(PlaceText.population(999) == "999")
        #expect(PlaceText.population(1_000_000) == "1,000,000")
        let status = PlaceText.status(p)
        #expect(status == "Zürich · Switzerland · pop. 341,730 · 47°22′ N, 8°33′ E · Europe/Zurich")
        var country = p
        country.kind = .country
        country.name = "Switzerland"
        #expect(PlaceText.clipboard(country) == "Switzerland (47.36667, 8.55000)")
    }
}
