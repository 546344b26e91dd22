import Foundation
import Testing
import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskPlaces
import TouchDeskTestSupport
@testable import AppMapSearch
@testable import TouchDeskToolkit

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

    @Test("a city view across the date line draws the same centred from either side (Taveuni, Fiji), land on both sides",
          .enabled(if: gshhgInstalled, "needs gmt-gshhg-high"))
    @MainActor
    func acrossTheDateLine() throws {
        let size = Size(800, 600)
        func picture(longitude: Double) -> (PixelImage, MapApp) {
            let app = MapApp(environment: Sandbox().environment)
            app.finishLoading()
            app.layout(in: size)
            app.show(center: GeoCoordinate(latitude: -16.6, longitude: longitude), zoom: log2(200 / app.camera.fitScale))
            app.finishLoading()
            return (render(size) { app.draw($0) }.0, app)
        }
        // 179.9° E and 180.1° W are one meridian: the two views are one place.
        let (east, app) = picture(longitude: 179.9)
        let (west, _) = picture(longitude: -180.1)
        let map = app.mapRect
        let sea = PixelColor(MapPainter.sea)
        var differ = 0, total = 0, landWest = 0, landEast = 0
        for y in stride(from: map.y + 60, to: map.maxY - 40, by: 6) {
            for x in stride(from: map.x + 4, to: map.maxX - 4, by: 6) {
                total += 1
                if !east.at(x, y).isClose(to: west.at(x, y), tolerance: 24) { differ += 1 }
                if east.at(x, y).distance(to: sea) > 30 {
                    let lon = app.camera.coordinate(atX: x - map.x, y: y - map.y).longitude
                    if lon < 180 && lon > 0 { landWest += 1 } else { landEast += 1 }
                }
            }
        }
        #expect(Double(differ) < Double(total) * 0.01, "\(differ) of \(total) pixels differ")
        // Vanua Levu west of the line, Taveuni's eastern shore and the Lau islands east of it.
        #expect(landWest > 20, "land west of 180°: \(landWest)")
        #expect(landEast > 5, "land east of 180°: \(landEast)")
    }
}
