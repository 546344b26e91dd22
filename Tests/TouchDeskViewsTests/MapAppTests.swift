import Foundation
import Testing
import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskPlaces
import TouchDeskTestSupport
@testable import AppMapSearch
@testable import TouchDeskToolkit

/// Whether the Natural Earth map and the GeoNames places are installed (scripts/setup, scripts/data/places).
nonisolated let mapDataInstalled = WorldMap.isInstalled() && (try? GeoNamesSource.locate()) != nil

@Suite("Map Search", .enabled(if: mapDataInstalled, "needs marble-qt-data and scripts/data/places"))
struct MapAppTests {
    @Test("The world at 800×400: land and sea where they belong")
    func worldLandAndSea() throws {
        let painter = MapPainter(map: try WorldMap.load())
        let camera = MapCamera(width: 800, height: 400)
        let (img, status) = render(Size(800, 400)) { cr in
            painter.draw(cr, camera.projection, highlight: nil, labels: [], marked: nil)
        }
        #expect(status == nil)
        let sea = PixelColor(MapPainter.sea)
        func at(_ lat: Double, _ lon: Double) -> PixelColor {
            let p = camera.point(for: GeoCoordinate(latitude: lat, longitude: lon))
            return img.at(p.x, p.y)
        }
        let land: [(String, Double, Double)] = [
            ("central Brazil", -10, -52), ("the Sahara", 23, 10), ("central Australia", -25, 134),
            ("Siberia", 62, 100), ("the US Midwest", 40, -95), ("Antarctica", -80, 30),
        ]
        for (name, lat, lon) in land {
            #expect(!at(lat, lon).isClose(to: sea, tolerance: 10), "land in \(name): \(at(lat, lon))")
        }
        let water: [(String, Double, Double)] = [
            ("the mid-Atlantic", 20, -40), ("the Pacific", 0, -150), ("the Indian Ocean", -30, 80),
            ("the South Atlantic", -40, -20),
        ]
        for (name, lat, lon) in water {
            #expect(at(lat, lon).isClose(to: sea, tolerance: 40), "sea in \(name): \(at(lat, lon))")
        }
    }

    @MainActor
    func loadedApp(size: Size = Size(900, 560)) -> MapApp {
        let app = MapApp(environment: Sandbox().environment)
        app.finishLoading()
        app.layout(in: size)
        return app
    }

    @Test("Typing zur lists Zürich; Down and Enter fly there in half a second; the marker sits on its pixel; Ctrl+C copies it")
    @MainActor func searchPickCopy() throws {
        let app = loadedApp()
        #expect(app.dataProblem == nil)
        app.type("zur")
        #expect(app.isListOpen)
        #expect(app.suggestions.count > 1 && app.suggestions.count <= 10)
        let first = try #require(app.suggestions.first)
        #expect(first.place.name == "Zürich")
        #expect(PlaceSearchList.split(first.place.name, bold: first.nameMatch).map(\.0) == ["", "Zür", "ich"])
        _ = app.handle(.key(Key("Down")))
        #expect(app.selectedRow == 0)
        _ = app.handle(.key(Key("Return")))
        #expect(app.chosen?.name == "Zürich")
        #expect(!app.isListOpen)
        var ticks = 0
        // Counted until the flight rests (the tick goes on while the picture and the coast are
        // drawn and read in the background).
        while app.isMoving && ticks < 600 {
            _ = app.tick()
            ticks += 1
        }
        #expect(ticks < 60, "the flight ends in about half a second (\(ticks) ticks)")
        let zurich = try #require(app.chosen)
        let expected = app.camera.focused(on: zurich.coordinate).point(for: zurich.coordinate)
        let marker = try #require(app.markerPoint)
        #expect(abs(marker.x - (app.mapRect.x + expected.x)) < 0.5 && abs(marker.y - (app.mapRect.y + expected.y)) < 0.5)
        let img = frame(of: app, size: Size(900, 560))
        #expect(img.at(marker.x, marker.y).isClose(to: PixelColor(MapApp.markerColor), tolerance: 30))
        _ = app.handle(.key(Key("c", control: true)))
        #expect(app.environment.clipboard.lastCopied(.clipboard) == "Zürich, Switzerland (47.36667, 8.55000)")
    }

    @Test("One Esc closes the list and leaves the field; the next is not the app's (the shell goes home)")
    @MainActor func escape() {
        let app = loadedApp()
        app.type("par")
        #expect(app.isListOpen)
        #expect(app.handle(.key(Key("Escape"))))
        #expect(!app.isListOpen && !app.field.isFocused)
        #expect(!app.handle(.key(Key("Escape"))))
    }

    @Test("A click on the map names the nearest place; a drag pans instead; the wheel zooms")
    @MainActor func clickDragWheel() throws {
        let app = loadedApp()
        let c = app.camera
        let paris = c.point(for: GeoCoordinate(latitude: 48.85, longitude: 2.35))
        app.tap(Point(app.mapRect.x + paris.x, app.mapRect.y + paris.y))
        let named = try #require(app.chosen)
        #expect(named.countryCode == "FR", "named \(named.name), \(named.countryName)")
        app.drag([Point(400, 300), Point(420, 300), Point(500, 320)])
        #expect(abs(app.camera.center.longitude - (c.center.longitude - 100 / c.scale)) < 1e-6)
        #expect(app.chosen == named)
        let z = app.camera.zoom
        _ = app.handle(.scroll(Point(300, 200), dy: -1))
        #expect(app.camera.zoom == z + 0.5)
        _ = app.handle(.key(Key("plus")))
        #expect(app.camera.zoom == z + 1.5)
    }

    @Test("A postcode the index lacks says what was read and what to try, in the note, to a screen reader and on Enter")
    @MainActor func unknownPostcodeIsExplained() throws {
        let app = loadedApp(size: Size(400, 360))
        app.type("75001 France")
        #expect(app.suggestions.isEmpty)
        let note = try #require(app.accessibleContent.first { $0.id == "suggestions.note" })
        #expect(note.name.contains("75001") && note.name.contains("France"), "\(note.name)")
        #expect(note.name != tr("No place matches “{0}”", "75001 France"))
        _ = app.handle(.key(Key("Return")))
        // The toast in a few words: the note beside it says what to try.
        let toast = try #require(app.toastMessage)
        #expect(toast.contains("75001") && toast.contains("France") && note.name.hasPrefix(toast), "\(toast)")
        // Any other query that finds nothing says so plainly.
        app.field.setText("")
        app.type("qqqqxzv")
        #expect(app.accessibleContent.first { $0.id == "suggestions.note" }?.name == tr("No place matches “{0}”", "qqqqxzv"))
    }

    @Test("Ctrl+L focuses the field and selects its text; --place picks the best match")
    @MainActor func ctrlLAndPlace() {
        let app = loadedApp()
        #expect(app.choose(query: "Peking"))
        #expect(app.chosen?.name == "Beijing")
        #expect(!app.field.isFocused)
        _ = app.handle(.key(Key("l", control: true)))
        #expect(app.field.isFocused && app.field.editor.hasSelection)
        #expect(!app.choose(query: "qqqqxzv"))
        #expect(app.chosen?.name == "Beijing")
    }
}
