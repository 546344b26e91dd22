import Foundation
import Testing
import TouchDeskPlaces
import TouchDeskTestSupport

/// "Is my home beach-front?" in the real window: find a place with the keyboard, read the level at
/// which it floods on its card, raise the sea to it with the keys and read "under water". The
/// level is the JSON report's, so the window and the report agree.
@Suite(.serialized, .timeLimit(.minutes(3)),
       .enabled(if: DataCaches.reliefAvailable && (try? GeoNamesSource.locate()) != nil, "needs ETOPO5 and the GeoNames places"))
struct GlobePlaceEndToEndTests {
    /// The card's lines in the lower left of the 600 × 596 globe area at 900×640.
    static let cardRegion = (x: 0, y: 440, width: 400, height: 200)

    func reads(_ img: PixelImage, _ text: String, bold: Bool = false, size: Double = 12,
               ink: @escaping (PixelColor) -> Bool = TextReading.isInk) -> Bool {
        TextReading.find(text, size: size, bold: bold, in: img, region: Self.cardRegion, ink: ink).score < 0.3
    }

    /// The list under the panel's buttons (three to a row at 900×640) says what floods at 0 m.
    static func placesLoaded(_ img: PixelImage) -> Bool {
        TextReading.find("nothing that is dry land today", size: 12, in: img, region: (x: 600, y: 300, width: 300, height: 140)).score < 0.3
    }

    @Test func searchAPlaceAndReadItsFloodLevel() async throws {
        let (output, json) = try await GlobeReportEndToEndTests.report(["--sea-level", "0", "--place", "Bangkok"])
        #expect(output.ok, "\(output)")
        let floodsAt = try #require((json?["place"] as? [String: Any])?["floods_at_m"] as? Int)
        try #require(floodsAt > 0 && floodsAt < 30)

        let session = try await XSession(name: "globe-place")
        defer { session.close() }
        try DataCaches.install(into: session.home.appendingPathComponent(".cache/touchdesk").path)
        let app = try await session.launch(["globe", "--size", "900x640"])
        _ = try await app.screenshot("loaded", timeout: 20) { GlobeEndToEndTests.globeShown($0) }
        // The places are loaded (and sampled) once the list says what floods at 0 m: search only then.
        let listed = try await app.screenshot("places", timeout: 30) { Self.placesLoaded($0) }
        try #require(Self.placesLoaded(listed), "the places never loaded: \(listed.path) \(app.log)")
        try await app.key("slash", "B", "a", "n", "g", "k", "o", "k")
        await hold(for: 0.3)
        try await app.key("Return")
        let card = try await app.screenshot("card", timeout: 8) { reads($0, "Bangkok, Thailand", bold: true, size: 15) }
        let title = reads(card, "Bangkok, Thailand", bold: true, size: 15)
        let level = reads(card, "floods at +\(floodsAt) m"), now = reads(card, "At 0 m:")
        #expect(title, "no card: \(card.path)")
        #expect(level, "the card's flood level is not the report's +\(floodsAt) m: \(card.path)")
        #expect(now, "\(card.path)")

        // Raise the sea to that level with Ctrl+Up (Return left the field): the card says under water.
        for _ in 0..<floodsAt { try await app.key("ctrl+Up") }
        let flooded = try await app.screenshot("flooded", timeout: 8) { reads($0, "At +\(floodsAt) m: under water") }
        let under = reads(flooded, "At +\(floodsAt) m: under water"), uncertain = reads(flooded, "Below the data's accuracy") { c in
            Int(c.r) > 150 && Int(c.r) > Int(c.g) + 60  // the warning's red
        }
        #expect(under, "\(flooded.path)")
        #expect(uncertain, "\(flooded.path)")
        #expect(app.isRunning, "\(app.log)")
    }

    @Test func clickAPointAndReadItsCard() async throws {
        let session = try await XSession(name: "globe-click")
        defer { session.close() }
        try DataCaches.install(into: session.home.appendingPathComponent(".cache/touchdesk").path)
        // Looking straight down at the Netherlands, zoomed in: the centre is Flevoland's polder.
        let app = try await session.launch(["globe", "--size", "900x640", "--look-at", "52.5,5.6", "--zoom", "16"])
        _ = try await app.screenshot("loaded", timeout: 20) { GlobeEndToEndTests.globeShown($0) }
        try await app.click(300, 44 + 298)
        let card = try await app.screenshot("clicked", timeout: 8) { reads($0, "floods at +1 m") }
        let below = reads(card, "below today's sea"), floods = reads(card, "floods at +1 m")
        #expect(below, "\(card.path)")
        #expect(floods, "\(card.path)")
        #expect(app.isRunning, "\(app.log)")
    }
}
