import Foundation
import Testing
import TouchDeskPlaces
import TouchDeskTestSupport

/// A first start in a fresh home: the window builds the place index and the globe's cache in the
/// background while the home screen shows (what it builds shows in the bar, then goes), so a
/// first visit to Map Search, Sea Level or Postal Codes does not wait for them; Postal Codes
/// answers a ZIP code from its own small table before the index is in.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct FirstStartEndToEndTests {
    @Test("A fresh home's first start builds the place index and the globe's cache in the background, shown in the bar while it goes on")
    func firstStartBuildsTheCachesInTheBackground() async throws {
        let session = try await XSession(name: "first-start")
        defer { session.close() }
        // The harness turns this off for every other test (their homes are all fresh).
        session.extraEnvironment["TOUCHDESK_PREPARE_CACHES"] = "1"
        let cache = session.home.appendingPathComponent(".cache/touchdesk")
        // The place index's name carries its format version ("places-v4.index").
        func has(_ test: (String) -> Bool) -> Bool { ((try? FileManager.default.contentsOfDirectory(atPath: cache.path)) ?? []).contains(where: test) }
        func hasIndex() -> Bool { has { $0.hasPrefix("places-v") && $0.hasSuffix(".index") } }
        func hasGlobe() -> Bool { has { $0 == "relief-globe.bin" } }
        #expect(!hasIndex() && !hasGlobe())

        let app = try await session.launch(["--size", "900x640"])
        // The bar's left part is empty on the home screen but for the work going on: its words
        // in light pixels, over the bar's dark colour.
        func workShown(_ img: PixelImage) -> Bool { img.count(in: (8, 2, 300, 40)) { $0.r > 150 && $0.g > 150 && $0.b > 150 } > 40 }
        let building = try await app.screenshot("building", timeout: 30) { workShown($0) }
        #expect(workShown(building), "the bar shows what is being built: \(building.path ?? "")")

        let built = await wait(until: { hasIndex() && hasGlobe() }, timeout: 240, interval: 0.5)
        #expect(built, "index built: \(hasIndex()), globe built: \(hasGlobe())")
        let done = try await app.screenshot("built", timeout: 20) { !workShown($0) }
        #expect(!workShown(done), "the bar is clear once built: \(done.path ?? "")")
        #expect(app.isRunning)
        // The files are the apps' own: a second start builds nothing and shows nothing in the bar.
        try await app.key("ctrl+q")
        #expect(await app.waitForExit(timeout: 10) == .exited(0))
        let again = try await session.launch(["--size", "900x640"])
        let second = try await again.screenshot("second-start")
        #expect(!workShown(second), "nothing to build on a second start: \(second.path ?? "")")
    }

    @Test("Postal Codes in a fresh home: 77335 shows Goodrich, Texas from the ZIP codes' own table while the place index is still being built",
          .enabled(if: (try? GeoNamesSource.locate())?.missing.contains(.postcodes) == false, "ZIP codes not installed: run scripts/data/places"))
    func postalAnswersBeforeTheIndexIsBuilt() async throws {
        let session = try await XSession(name: "first-start-postal")
        defer { session.close() }
        let cache = session.home.appendingPathComponent(".cache/touchdesk")
        func hasIndex() -> Bool {
            ((try? FileManager.default.contentsOfDirectory(atPath: cache.path)) ?? []).contains { $0.hasPrefix("places-v") && $0.hasSuffix(".index") }
        }
        let app = try await session.launch(["postal", "--size", "900x640"])
        _ = try await app.screenshot("start")
        try await app.key("7", "7", "3", "3", "5")
        func goodrich(_ img: PixelImage) -> Bool {
            TextReading.find("Goodrich, Texas", size: 15, bold: true, in: img, region: (0, 100, img.width, 300)).score < 0.35
        }
        // Building the index takes 10–30 s; the table well under a second. The town's line is
        // white where "Looking up its town…" is grey: a cheap look each time (reading the words
        // takes seconds on a busy machine), the words read once it is there.
        var indexAtShot = true
        let shown = try await app.screenshot("zip", timeout: 60) { img in
            guard img.count(in: (160, 270, 500, 30), where: { $0.r > 220 && $0.g > 220 && $0.b > 220 }) > 80 else { return false }
            indexAtShot = hasIndex()
            return true
        }
        #expect(goodrich(shown), "77335 — Goodrich, Texas under the verdict in \(shown.path ?? "")")
        #expect(!indexAtShot, "the town showed only once the index was built")
    }
}
