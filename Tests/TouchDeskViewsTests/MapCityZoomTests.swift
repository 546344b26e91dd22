import Foundation
import Testing
import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskPlaces
import TouchDeskTestSupport
@testable import TouchDeskViews

private nonisolated let gshhgInstalled = FileManager.default.isReadableFile(atPath: GSHHGFile.path(kind: .shore, resolution: .high))

@Suite("Map Search at city zoom", .enabled(if: mapDataInstalled, "needs marble-qt-data and scripts/data/places"))
struct MapCityZoomTests {
    @Test("a place chosen before the window has its size is fitted at the window's width, and again after a resize")
    @MainActor
    func fitsAtTheWindowsWidth() throws {
        let app = MapApp(environment: Sandbox().environment)
        app.finishLoading()
        #expect(app.choose(query: "Mykonos"))
        app.layout(in: Size(400, 500))
        let narrow = app.camera.projection.visibleBounds
        #expect(abs((narrow.east - narrow.west) - MapCamera.cityWidthDegrees) < 0.01, "\(narrow)")
        // The window arrives at its real size: still a city view across its whole width.
        app.layout(in: Size(1280, 800))
        let wide = app.camera.projection.visibleBounds
        #expect(abs((wide.east - wide.west) - MapCamera.cityWidthDegrees) < 0.01, "\(wide)")
        #expect(abs(app.camera.center.latitude - 37.45) < 0.05)
        // Once the user zooms, a resize keeps the scale instead.
        _ = app.handle(.key(Key("plus", text: "+")))
        let zoomed = app.camera.scale
        app.layout(in: Size(1000, 800))
        #expect(abs(app.camera.scale - zoomed) < 1e-6)
    }

    @Test("Mykonos at city zoom: GSHHG's island filled and outlined where it is, sea around it",
          .enabled(if: gshhgInstalled, "needs gmt-gshhg-high"))
    @MainActor
    func mykonosCoast() throws {
        let size = Size(1280, 800)
        let app = MapApp(environment: Sandbox().environment)
        app.finishLoading()
        #expect(app.choose(query: "Mykonos"))
        app.layout(in: size)
        app.finishLoading()
        let (img, status) = render(size) { app.draw($0) }
        #expect(status == nil)
        let map = app.mapRect
        func at(_ lat: Double, _ lon: Double) -> PixelColor {
            let p = app.camera.point(for: GeoCoordinate(latitude: lat, longitude: lon))
            return img.at(map.x + p.x, map.y + p.y)
        }
        let sea = PixelColor(MapPainter.sea)
        // Inland on Mykonos (east of the town, away from the pin), and on Naxos; sea between them
        // and south of Mykonos, where Natural Earth's coarse shapes also put sea.
        for (name, lat, lon) in [("Mykonos, Ano Mera", 37.445, 25.40), ("Naxos", 37.06, 25.48), ("Tinos", 37.58, 25.16)] {
            #expect(at(lat, lon).distance(to: sea) > 30, "land on \(name): \(at(lat, lon))")
        }
        for (name, lat, lon) in [("south of Mykonos", 37.36, 25.40), ("between Mykonos and Naxos", 37.28, 25.42)] {
            #expect(at(lat, lon).isClose(to: sea, tolerance: 16), "sea \(name): \(at(lat, lon))")
        }
        // The coast is drawn: along a line across Mykonos from west to east, the colour changes
        // from sea to land and back, with coastline pixels between.
        let coast = PixelColor(MapPainter.coast)
        var crossings = 0, lastLand: Bool?
        var coastPixels = 0
        for i in 0...200 {
            let c = at(37.43, 25.25 + Double(i) * 0.0015)
            if c.isClose(to: coast, tolerance: 40) { coastPixels += 1 }
            let land = c.distance(to: sea) > 30
            if let lastLand, lastLand != land { crossings += 1 }
            lastLand = land
        }
        #expect(crossings >= 2, "sea, Mykonos, sea along 37.43° N")
        #expect(coastPixels >= 2, "shoreline pixels on the way")
    }
}
