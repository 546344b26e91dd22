import Foundation
import Testing
import TouchDeskGlobe
import TouchDeskInterface
import TouchDeskPlaces
import TouchDeskTestSupport
@testable import AppSeaLevel
@testable import TouchDeskToolkit

/// "Is my home beach-front?" in the app: the card for a searched or clicked place, and what the
/// panel says below today's sea.
@Suite("Sea Level: place card and ice age", .enabled(if: DataCaches.reliefAvailable, "ETOPO5 not installed (ferret-datasets)"))
struct GlobePlaceCardTests {
    let sandbox = Sandbox()

    func makeApp(seaLevel: String? = nil) throws -> GlobeApp {
        var env = sandbox.environment
        env.cacheDirectory = DataCaches.directory
        let app = GlobeApp(environment: env)
        app.layout(in: Size(900, 596))
        app.start(try GlobeApp.startOptions(lookAt: nil, zoom: nil, seaLevel: seaLevel))
        app.finishLoading()
        return app
    }

    /// Types `text` into the search (`/`) and takes the first suggestion.
    func search(_ app: GlobeApp, _ text: String) {
        app.press("slash")
        for ch in text { _ = app.handle(.key(Key(String(ch), text: String(ch)))) }
        _ = app.handle(.key(Key("Return")))
    }

    @Test(.enabled(if: (try? GeoNamesSource.locate()) != nil, "GeoNames places not installed (scripts/data/places)"))
    func searchedPlaceSaysWhenItFloodsAndAgreesWithTheList() throws {
        let app = try makeApp()
        search(app, "Bangkok")
        let place = try #require(app.marked)
        #expect(place.name == "Bangkok")
        let card = try #require(app.card)
        #expect(card.title == "Bangkok, Thailand")
        // The card's flood level is the list's.
        let flooded = try #require(app.loads.flooded)
        let i = try #require(flooded.ids.firstIndex(of: Int32(place.id)))
        let level = Int(flooded.levels[i])
        #expect(level > 0 && level <= 10)
        #expect(card.lines[0].contains("floods at " + SeaLevel.label(level)), "\(card.lines)")
        #expect(card.lines[1].hasPrefix("At 0 m: "), "\(card.lines)")
        #expect(!card.lines[1].contains("under water"))
        // Up to one metre below: not under water; at the level: under water, as in the list.
        for _ in 1..<level { app.press("Up", control: true) }
        #expect(app.model.level == Double(level - 1))
        #expect(app.card?.lines[1].contains("under water") == false)
        #expect(flooded.readout(at: level - 1, limit: 100_000).largest.contains(place.id) == false)
        app.press("Up", control: true)
        #expect(app.card?.lines[1] == "At \(SeaLevel.label(level)): under water")
        #expect(flooded.readout(at: level, limit: 100_000).largest.contains(place.id))
        // A few metres: the data cannot tell, and the card says so.
        #expect(app.card?.uncertain == true)
        #expect(app.card?.lines.last == "Below the data's accuracy: ±10 m here")
    }

    /// Malé: no land cell within one 5′ cell (the relief reads −182 m there); its height is its
    /// airfield's, and the list floods it when the sea passes that.
    @Test(.enabled(if: (try? GeoNamesSource.locate()) != nil
                   && FileManager.default.fileExists(atPath: "/usr/local/share/touchdesk/pypi/airportsdata/airports.csv"),
                   "GeoNames places or airportsdata not installed (scripts/data/places)"))
    func anAtollTakesItsAirfieldsHeight() throws {
        let app = try makeApp()
        search(app, "Male")
        let place = try #require(app.marked)
        let card = try #require(app.card)
        #expect(card.title == "Male, Maldives")
        #expect(card.lines[0] == "An island too small for the 9 km grid", "\(card.lines)")
        #expect(card.lines[1].hasPrefix("Height of ") && card.lines[1].hasSuffix("km away"), "\(card.lines)")
        let flooded = try #require(app.loads.flooded)
        let i = try #require(flooded.ids.firstIndex(of: Int32(place.id)), "Malé is in no list")
        let level = Int(flooded.levels[i])
        #expect((1...5).contains(level))
        #expect(card.lines[2].contains("floods at " + SeaLevel.label(level)), "\(card.lines)")
    }

    @Test func clickedPointGetsACard() throws {
        let app = try makeApp()
        // The start view faces Europe and Africa: the centre of the globe is land or sea, either way a card.
        let centre = app.globeRect.center
        app.tap(centre)
        let card = try #require(app.card)
        #expect(card.title.contains("°"))
        #expect(card.lines.count >= 2)
        #expect(app.marked == nil)
    }

    @Test func iceAgeGainsLandAndNamesTheBridges() throws {
        let app = try makeApp(seaLevel: "-120")
        #expect(app.levelMeaning.contains("more land than today"), "\(app.levelMeaning)")
        #expect(Set(app.loads.bridges.map(\.bridge)) == Set(LandBridge.allCases))
        // Each opens between 1 and 120 m below today, as their straits are shallow.
        for (bridge, opensAt) in app.loads.bridges { #expect((-120 ... -1).contains(opensAt), "\(bridge): \(opensAt)") }
        // Drained: more land than today's, as the oceans cover 2.4 times the land.
        app.press("5")
        #expect(app.model.level == -11_000)
        #expect(app.levelMeaning.contains("more land"))
    }
}
