import Testing
@testable import TouchDeskApps
@testable import AppPaintbrush
@testable import AppMandelbrot
@testable import AppDoubler
@testable import AppWebPages
@testable import AppMapSearch
@testable import AppSeaLevel
@testable import TouchDeskToolkit

/// The command line reaches the apps through the contract (`AppOptions`), never a cast: which app
/// options belong to, and each app's own check.
@MainActor
@Suite struct AppOptionsTests {
    let entries = Registry.tiles.map(\.entry)

    @Test("options pick their app; --place alone is Map Search's, with a sea level Sea Level's")
    func owners() throws {
        #expect(try AppOptionOwners.app(for: ["journey"], named: nil, in: entries) == MandelbrotApp.id)
        #expect(try AppOptionOwners.app(for: ["center", "width"], named: nil, in: entries) == MandelbrotApp.id)
        #expect(try AppOptionOwners.app(for: ["place"], named: nil, in: entries) == MapApp.id)
        #expect(try AppOptionOwners.app(for: ["place", "sea-level"], named: nil, in: entries) == GlobeApp.id)
        #expect(try AppOptionOwners.app(for: [], named: nil, in: entries) == nil)
        #expect(try AppOptionOwners.app(for: ["place"], named: GlobeApp.id, in: entries) == GlobeApp.id)
    }

    @Test("an option given to another app, or options of two apps, are refused by name")
    func refusals() {
        #expect(throws: AppOptionError("--journey is for the mandelbrot app, not web")) {
            try AppOptionOwners.app(for: ["journey"], named: WebApp.id, in: entries)
        }
        #expect(throws: AppOptionError("--place is for the map and globe apps, not paint")) {
            try AppOptionOwners.app(for: ["place"], named: PaintApp.id, in: entries)
        }
        #expect(throws: AppOptionError("these options are for different apps: --journey (mandelbrot), --zoom (globe)")) {
            try AppOptionOwners.app(for: ["journey", "zoom"], named: nil, in: entries)
        }
    }

    @Test("every option an app claims is one the executable declares, and each app's check refuses bad values")
    func checks() {
        let declared: Set<String> = ["journey", "center", "width", "place", "find", "look-at", "zoom", "sea-level",
                                     "exaggeration", "tilt", "heading", "report", "save-page", "page-width"]
        for e in entries { #expect(e.optionNames.isSubset(of: declared), "\(e.id): \(e.optionNames.subtracting(declared))") }
        #expect(throws: AppOptionError("--center needs --width W too")) { try MandelbrotApp.check(AppOptions(values: ["center": "0,0"])) }
        #expect(throws: (any Error).self) { try MandelbrotApp.check(AppOptions(values: ["journey": "1-9"])) }
        #expect(throws: AppOptionError("paint opens a PNG file, not a URL: http://x")) { try PaintApp.check(AppOptions(document: "http://x")) }
        #expect(throws: AppOptionError("--page-width must be 64 to 16384, not 9")) {
            try WebApp.check(AppOptions(values: ["save-page": "a.png", "page-width": "9"]))
        }
        #expect(throws: (any Error).self) { try GlobeApp.check(AppOptions(values: ["sea-level": "99999"])) }
        #expect(throws: (any Error).self) { try GlobeApp.check(AppOptions(values: ["tilt": "81"])) }
        #expect(throws: AppOptionError("a URL is for the web app (or a PNG file for paint), not doubler")) {
            try DoublerApp.check(AppOptions(document: "x.html"))
        }
        // And good values pass.
        #expect(throws: Never.self) { try MandelbrotApp.check(AppOptions(values: ["journey": "1-4-4"])) }
        #expect(throws: Never.self) { try GlobeApp.check(AppOptions(values: ["sea-level": "-120", "look-at": "52,5"])) }
    }
}
