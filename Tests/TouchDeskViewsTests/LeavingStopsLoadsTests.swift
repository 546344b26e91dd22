import Testing
import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskTestSupport
@testable import AppMapSearch
@testable import AppSeaLevel
@testable import TouchDeskToolkit

/// Map Search and Sea Level start their loads on opening; leaving at once stops them (the
/// end-to-end `IdleAfterLeavingEndToEndTests` measures the CPU), and coming back loads everything.
@Suite("Leaving stops the opening loads")
struct LeavingStopsLoadsTests {
    @Test("Map Search left before its index arrived: the load is stopped, and coming back loads map and index in full",
          .enabled(if: mapDataInstalled, "needs marble-qt-data and scripts/data/places"))
    @MainActor func mapLeftAtOnce() throws {
        let app = MapApp(environment: Sandbox().environment)
        app.layout(in: Size(900, 560))
        app.didLeave()
        #expect(app.loaderStopped, "leaving while loading stops the loader")
        app.layout(in: Size(900, 560))
        app.finishLoading()
        #expect(!app.loaderStopped)
        #expect(!app.isLoading)
        #expect(app.dataProblem == nil)
        app.type("zur")
        #expect(app.suggestions.first?.place.name == "Zürich")
    }

    @Test("Sea Level left before its loads ended: the relief and the index finish once, the sampling stops; coming back has the relief, the places and the flooded list",
          .enabled(if: DataCaches.reliefAvailable, "ETOPO5 not installed (ferret-datasets)"))
    @MainActor func seaLevelLeftAtOnce() throws {
        let sandbox = Sandbox()
        var env = sandbox.environment
        env.cacheDirectory = DataCaches.directory
        let app = GlobeApp(environment: env)
        app.layout(in: Size(900, 596))
        app.didLeave()
        #expect(!app.loads.loader.isStopped, "the relief is read (or built) once, not stopped")
        app.layout(in: Size(900, 596))
        app.finishLoading()
        #expect(!app.isLoading)
        #expect(app.globe != nil && app.places != nil && app.loads.flooded != nil)
        // Left during the sampling of places: it stops, and comes back in full.
        let again = GlobeApp(environment: env)
        again.layout(in: Size(900, 596))
        again.loads.loader.waitUntilDone()
        _ = again.loads.placesJob.wait()
        _ = again.tick()
        #expect(again.loads.floodJob != nil)
        again.didLeave()
        #expect(again.loads.floodJob?.isStopped == true || again.loads.flooded != nil)
        again.layout(in: Size(900, 596))
        again.finishLoading()
        #expect(again.loads.flooded != nil && !again.loads.hasStopped)
    }

    @Test("Map Search left and opened again ten times during its load: never two loads side by side, and everything in once",
          .enabled(if: mapDataInstalled, "needs marble-qt-data and scripts/data/places"))
    @MainActor func mapNeverLoadsTwiceAtOnce() throws {
        let app = MapApp(environment: Sandbox().environment)
        Self.visitTenTimes(app, size: Size(900, 560))
        app.finishLoading()
        #expect(!app.isLoading && app.dataProblem == nil)
        #expect(app.loadCount.peak == 1, "\(app.loadCount.peak) loads ran at once")
        #expect(app.loadCount.now == 0)
    }

    @Test("Sea Level left and opened again ten times during its loads: never two of one load side by side, and everything in once",
          .enabled(if: DataCaches.reliefAvailable, "ETOPO5 not installed (ferret-datasets)"))
    @MainActor func seaLevelNeverLoadsTwiceAtOnce() throws {
        let sandbox = Sandbox()
        var env = sandbox.environment
        env.cacheDirectory = DataCaches.directory
        let app = GlobeApp(environment: env)
        Self.visitTenTimes(app, size: Size(900, 596))
        app.finishLoading()
        #expect(app.globe != nil && app.places != nil && app.loads.flooded != nil)
        let c = app.loads.counts
        #expect(c.globe.peak == 1 && c.places.peak == 1 && c.flood.peak <= 1, "at once: \(c.globe.peak) globe, \(c.places.peak) places, \(c.flood.peak) flood loads")
    }

    /// Opens `app` (laid out, one tick) and leaves it at once, ten times, then opens it again.
    @MainActor static func visitTenTimes(_ app: some MiniApp, size: Size) {
        for _ in 0..<10 {
            app.layout(in: size)
            _ = app.tick()
            app.didLeave()
        }
        app.layout(in: size)
    }
}
