import Testing
import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskTestSupport
@testable import TouchDeskViews

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
        #expect(!app.loaderStopped)
        app.finishLoading()
        #expect(!app.isLoading)
        #expect(app.dataProblem == nil)
        app.type("zur")
        #expect(app.suggestions.first?.place.name == "Zürich")
    }

    @Test("Sea Level left before its loads ended: they are stopped, and coming back has the relief, the places and the flooded list",
          .enabled(if: DataCaches.reliefAvailable, "ETOPO5 not installed (ferret-datasets)"))
    @MainActor func seaLevelLeftAtOnce() throws {
        let sandbox = Sandbox()
        var env = sandbox.environment
        env.cacheDirectory = DataCaches.directory
        let app = GlobeApp(environment: env)
        app.layout(in: Size(900, 596))
        app.didLeave()
        #expect(app.hasStoppedLoads, "leaving while loading stops the loads")
        app.layout(in: Size(900, 596))
        app.finishLoading()
        #expect(!app.isLoading)
        #expect(app.globe != nil && app.places != nil && app.flooded != nil)
        #expect(!app.hasStoppedLoads)
    }
}
