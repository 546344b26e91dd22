import Foundation
import Testing
import TouchDeskTestSupport

/// A first start in a fresh home: the window builds the place index and the globe's cache in the
/// background while the home screen shows (what it builds shows in the bar, then goes), so a
/// first visit to Map Search, Sea Level or Postal Codes does not wait for them.
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
}
