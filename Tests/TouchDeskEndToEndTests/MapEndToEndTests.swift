import Foundation
import Testing
import TouchDeskPlaces
import TouchDeskTestSupport

/// Map Search in the real window: type "zur" through the input method, see the suggestion list,
/// pick Zürich with Down and Enter, find the marker on Zürich's pixel, and copy the place to
/// another program (xclip).
@Suite(.serialized, .timeLimit(.minutes(3)), .enabled(if: WorldMap.isInstalled() && (try? GeoNamesSource.locate()) != nil,
                                                   "needs marble-qt-data and scripts/data/places"))
struct MapEndToEndTests {
    static let size = (width: 900.0, height: 640.0)
    static let barHeight = 44.0
    static let statusBar = PixelColor(hex: 0x262932)
    static let listBackground = PixelColor(hex: 0x12141a)
    static let marker = PixelColor(hex: 0xd62828)
    static let zurich = GeoCoordinate(latitude: 47.36667, longitude: 8.55)

    /// The session's cache gets the tests' shared caches (`DataCaches`: built once per machine, as a
    /// user has them at every start after the first), so the app under test loads the index in
    /// milliseconds instead of building it from the JSON (seconds in a debug build).
    static func seedCache(_ session: XSession) throws {
        try DataCaches.install(into: session.home.appendingPathComponent(".cache/touchdesk").path)
    }

    /// The map's bottom edge: the first row under the search field where the status bar starts.
    static func mapBottom(_ img: PixelImage) -> Double? {
        for y in Int(barHeight + 60)..<img.height where img.at(3, Double(y)) == statusBar && img.at(Double(img.width - 3), Double(y)) == statusBar {
            return Double(y)
        }
        return nil
    }

    /// Red marker pixels near (x, y): their mean x and lowest y (the dot on the place).
    static func markerDot(_ img: PixelImage, near x: Double, _ y: Double) -> (x: Double, maxY: Int, count: Int) {
        let pts = img.points(in: (Int(x) - 14, Int(y) - 32, 28, 40)) { $0.isClose(to: marker, tolerance: 24) }
        let meanX = pts.isEmpty ? -1 : Double(pts.reduce(0) { $0 + $1.x }) / Double(pts.count)
        return (meanX, pts.map(\.y).max() ?? -1, pts.count)
    }

    @Test("Type zur, Down, Enter: the list shows, the map flies to Zürich, the marker is on its pixel; Ctrl+C gives xclip the place")
    func searchAndCopy() async throws {
        let session = try await XSession(name: "map-search")
        defer { session.close() }
        try Self.seedCache(session)
        let app = try await session.launch(["map", "--size", "\(Int(Self.size.width))x\(Int(Self.size.height))"])
        let start = try await app.screenshot("start")
        let bottom = try #require(Self.mapBottom(start), "the status bar under the map in \(start.path)")

        // The search field has the focus from the start.
        try await app.key("z", "u", "r")
        let listArea = (x: 12, y: Int(Self.barHeight) + 54, width: 520, height: 5 * 34)
        let listed = try await app.screenshot("listed", timeout: 60) {
            $0.count(in: listArea) { $0.isClose(to: Self.listBackground, tolerance: 4) } > 520 * 34 * 3
        }
        #expect(listed.count(in: listArea) { $0.isClose(to: Self.listBackground, tolerance: 4) } > 520 * 34 * 3,
                "a list of suggestions under the field in \(listed.path)")
        let firstRow = (x: 12, y: Int(Self.barHeight) + 54, width: 520, height: 34)
        let zurichRead = TextReading.find("Zürich", size: 15, bold: false, in: listed, region: firstRow)
        let zurRead = TextReading.find("Zür", size: 15, bold: true, in: listed, region: firstRow)
        #expect(zurichRead.score < 0.45 || zurRead.score < 0.35, "Zürich first, Zür in bold, in \(listed.path): \(zurichRead) \(zurRead)")

        try await app.key("Down", "Return")
        // The flight lasts half a second; the camera it ends on is a city view centred on Zürich.
        let map = MapCamera(width: Self.size.width, height: bottom - Self.barHeight)
        let target = map.focused(on: Self.zurich).point(for: Self.zurich)
        let expected = (x: target.x, y: Self.barHeight + target.y)
        let landed = try await app.screenshot("landed", timeout: 10) { img in
            let dot = Self.markerDot(img, near: expected.x, expected.y)
            return dot.count > 40 && abs(dot.x - expected.x) <= 2 && abs(Double(dot.maxY) - (expected.y + 3)) <= 2
        }
        let dot = Self.markerDot(landed, near: expected.x, expected.y)
        #expect(dot.count > 40, "the red marker near \(expected) in \(landed.path)")
        #expect(abs(dot.x - expected.x) <= 2, "marker x \(dot.x) vs Zürich's pixel \(expected.x) in \(landed.path)")
        #expect(abs(Double(dot.maxY) - (expected.y + 3)) <= 2, "marker dot bottom \(dot.maxY) vs Zürich's pixel \(expected.y) + 3 in \(landed.path)")

        try await app.key("ctrl+c")
        let text = "Zürich, Switzerland (47.36667, 8.55000)"
        var out = await session.run("xclip", ["-o", "-selection", "clipboard"], timeout: 3)
        await wait(until: {
            out = await session.run("xclip", ["-o", "-selection", "clipboard"], timeout: 3)
            return out.stdout == text
        }, timeout: 4)
        #expect(out.ok && out.stdout == text, "xclip -o -selection clipboard: \(out)")
    }

    @Test("At 400 × 360 the suggestion list stops above the status line: no row under it or the toolbar")
    func listFitsASmallWindow() async throws {
        let session = try await XSession(name: "map-small")
        defer { session.close() }
        try Self.seedCache(session)
        let app = try await session.launch(["map", "--size", "400x360"])
        let start = try await app.screenshot("start")
        let bottom = try #require(Self.mapBottom(start), "the status bar under the map in \(start.path)")
        try await app.key("s", "a", "n")
        let isList: (PixelColor) -> Bool = { $0.isClose(to: Self.listBackground, tolerance: 4) }
        // Several rows show (not the one-row note while the places load): cut to what fits, not to one.
        let thirdRow = (x: 12, y: Int(Self.barHeight) + 54 + 2 * 34, width: 300, height: 34)
        let listed = try await app.screenshot("listed", timeout: 60) { $0.count(in: thirdRow, where: isList) > 300 * 34 / 2 }
        #expect(listed.count(in: thirdRow, where: isList) > 300 * 34 / 2, "a third row of suggestions in \(listed.path)")
        // Below the map (status line, toolbar) nothing of the list's colour was added.
        let under = (x: 0, y: Int(bottom), width: listed.width, height: listed.height - Int(bottom))
        #expect(listed.count(in: under, where: isList) == start.count(in: under, where: isList), "the list runs under the status line in \(listed.path)")
    }

    @Test("Type \"Springfield, Illinois\" and Enter: the map flies to Springfield, Illinois, not the bigger Springfield, Missouri")
    func qualifiedQueryFliesThere() async throws {
        let session = try await XSession(name: "map-springfield")
        defer { session.close() }
        try Self.seedCache(session)
        let index = try PlaceIndexCache.load(cacheFolder: DataCaches.directory).index
        let springfield = try #require(index.bestMatch(for: "Springfield, Illinois"))
        #expect(springfield.region == "Illinois" && springfield.countryCode == "US")
        // What the model gives is checked against the world: Springfield, Illinois is at 39.80° N, 89.64° W.
        #expect(springfield.coordinate.distance(to: GeoCoordinate(latitude: 39.8017, longitude: -89.6437)) < 5)

        let app = try await session.launch(["map", "--size", "\(Int(Self.size.width))x\(Int(Self.size.height))"])
        let start = try await app.screenshot("start")
        let bottom = try #require(Self.mapBottom(start), "the status bar under the map in \(start.path)")
        let typed = await session.run("xdotool", ["type", "--delay", "15", "Springfield, Illinois"], timeout: 20)
        #expect(typed.ok, "\(typed)")
        let firstRow = (x: 12, y: Int(Self.barHeight) + 54, width: 520, height: 34)
        _ = try await app.screenshot("listed", timeout: 60) {
            $0.count(in: firstRow) { $0.isClose(to: Self.listBackground, tolerance: 4) } > 520 * 10
        }
        try await app.key("Return")
        let map = MapCamera(width: Self.size.width, height: bottom - Self.barHeight)
        let target = map.focused(on: springfield.coordinate).point(for: springfield.coordinate)
        let expected = (x: target.x, y: Self.barHeight + target.y)
        let landed = try await app.screenshot("landed", timeout: 10) { img in
            let dot = Self.markerDot(img, near: expected.x, expected.y)
            return dot.count > 40 && abs(dot.x - expected.x) <= 2
        }
        let dot = Self.markerDot(landed, near: expected.x, expected.y)
        #expect(dot.count > 40 && abs(dot.x - expected.x) <= 2, "the marker on Springfield, Illinois at \(expected) in \(landed.path)")
        #expect(abs(Double(dot.maxY) - (expected.y + 3)) <= 2, "marker dot bottom \(dot.maxY) vs \(expected.y) + 3 in \(landed.path)")
    }

    @Test("touchdesk map --find prints tab-separated rows without a display; --find - answers line by line; no match exits 2")
    func findWithoutWindow() async throws {
        let session = try await XSession(name: "map-find")
        defer { session.close() }
        try Self.seedCache(session)
        var noDisplay = session.environment
        noDisplay["DISPLAY"] = nil
        let binary = try XSession.binary()
        let one = await XSession.runTool(binary, ["map", "--find", "Paris, TX"], environment: noDisplay, timeout: 120)
        #expect(one.exited && one.status == 0, "\(one)")
        let fields = one.stdout.split(separator: "\n").first.map { $0.split(separator: "\t", omittingEmptySubsequences: false) } ?? []
        #expect(fields.count == 7 && fields[0] == "Paris" && fields[1] == "Texas" && fields[3] == "US" && fields[6] == "city", "\(one.stdout)")
        let none = await XSession.runTool(binary, ["map", "--find", "qqqqxzvq"], environment: noDisplay, timeout: 60)
        #expect(none.exited && none.status == 2 && none.stdout.isEmpty && none.stderr.contains("no place matches"), "\(none)")
        let many = await XSession.runTool("sh", ["-c", "printf 'Zürich\\nqqqqxzvq\\n,,,,\\nParis, TX\\n' | \"$0\" map --find -", binary],
                                    environment: noDisplay, timeout: 60)
        #expect(many.exited && many.status == 0, "\(many)")
        // Zürich's rows, an empty block, another empty block, then Paris, Texas first.
        var blocks: [[Substring]] = [[]]
        for line in many.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            if line.isEmpty { blocks.append([]) } else { blocks[blocks.count - 1].append(line) }
        }
        #expect(blocks.count == 5 && blocks[4].isEmpty, "four blocks, each ended by an empty line: \(many.stdout.debugDescription)")
        #expect(blocks.first?.first?.hasPrefix("Zürich\t") == true && blocks.count > 3 && blocks[1].isEmpty && blocks[2].isEmpty
                && blocks[3].first?.hasPrefix("Paris\tTexas\t") == true, "\(many.stdout.debugDescription)")
    }

    @Test("Postal Codes: 77335 shows Goodrich, Texas; Ctrl+M opens Map Search with the marker on Goodrich",
          .enabled(if: (try? GeoNamesSource.locate())?.missing.contains(.postcodes) == false, "ZIP codes not installed: run scripts/data/places"))
    func postalShowOnMap() async throws {
        let session = try await XSession(name: "postal-map")
        defer { session.close() }
        try Self.seedCache(session)
        guard case .found(let goodrich) = PostcodeLookup.find("77335", in: try PlaceIndexCache.load(cacheFolder: DataCaches.directory).index) else {
            Issue.record("77335 is not in the place index: are the ZIP codes installed (scripts/data/places)?")
            return
        }
        // The ZIP code's point is Goodrich, Texas (30.6° N, 94.9° W), as the USPS and Census lists put it.
        #expect(goodrich.coordinate.distance(to: GeoCoordinate(latitude: 30.60, longitude: -94.95)) < 10)

        let app = try await session.launch(["postal", "--size", "\(Int(Self.size.width))x\(Int(Self.size.height))"])
        _ = try await app.screenshot("start")
        try await app.key("7", "7", "3", "3", "5")
        let shown = try await app.screenshot("zip", timeout: 90) { img in
            TextReading.find("Goodrich, Texas", size: 15, bold: true, in: img, region: (0, 100, img.width, 300)).score < 0.35
        }
        let read = TextReading.find("Goodrich, Texas", size: 15, bold: true, in: shown, region: (0, 100, shown.width, 300))
        #expect(read.score < 0.35, "77335 — Goodrich, Texas under the verdict in \(shown.path): \(read)")
        try await app.key("ctrl+m")
        #expect(try await app.waitForTitle("TouchDesk — Map Search", timeout: 10) == "TouchDesk — Map Search")
        let mapImage = try await app.screenshot("map", timeout: 20) { Self.mapBottom($0) != nil }
        let bottom = try #require(Self.mapBottom(mapImage), "the status bar under the map in \(mapImage.path)")
        let camera = MapCamera(width: Self.size.width, height: bottom - Self.barHeight)
        let target = camera.focused(on: goodrich.coordinate).point(for: goodrich.coordinate)
        let expected = (x: target.x, y: Self.barHeight + target.y)
        let landed = try await app.screenshot("landed", timeout: 20) { img in
            let dot = Self.markerDot(img, near: expected.x, expected.y)
            return dot.count > 40 && abs(dot.x - expected.x) <= 2
        }
        let dot = Self.markerDot(landed, near: expected.x, expected.y)
        #expect(dot.count > 40 && abs(dot.x - expected.x) <= 2, "the marker on Goodrich at \(expected) in \(landed.path)")
    }

    @Test("touchdesk map --place Mykonos: the window fits the island at its own width and draws GSHHG's coast: sea, island, sea across it",
          .enabled(if: FileManager.default.isReadableFile(atPath: GSHHGFile.path(kind: .shore, resolution: .high)), "needs gmt-gshhg-high"))
    func mykonosCoastline() async throws {
        let session = try await XSession(name: "map-mykonos")
        defer { session.close() }
        try Self.seedCache(session)
        let size = (width: 1200.0, height: 760.0)
        let mykonos = try #require(try PlaceIndexCache.load(cacheFolder: DataCaches.directory).index.bestMatch(for: "Mykonos"))
        let app = try await session.launch(["map", "--place", "Mykonos", "--size", "\(Int(size.width))x\(Int(size.height))"])
        let sea = PixelColor(hex: 0xa9cbe3), coast = PixelColor(hex: 0x4f7ea3)
        // A city view across the window's whole width (not the 400-point minimum's).
        func camera(_ img: PixelImage) -> MapCamera? {
            Self.mapBottom(img).map { MapCamera(width: size.width, height: $0 - Self.barHeight).focused(on: mykonos.coordinate) }
        }
        /// Along 37.43° N across the island: how often sea turns to land or back, and how many
        /// pixels have the shoreline's colour.
        func crossing(_ img: PixelImage) -> (changes: Int, coast: Int, land: Int) {
            guard let cam = camera(img) else { return (0, 0, 0) }
            var changes = 0, coastPixels = 0, landPixels = 0
            var last: Bool?
            for i in 0...200 {
                let p = cam.point(for: GeoCoordinate(latitude: 37.43, longitude: 25.25 + Double(i) * 0.0015))
                let c = img.at(p.x, Self.barHeight + p.y)
                if c.isClose(to: coast, tolerance: 40) { coastPixels += 1 }
                let land = c.distance(to: sea) > 30
                if land { landPixels += 1 }
                if let last, last != land { changes += 1 }
                last = land
            }
            return (changes, coastPixels, landPixels)
        }
        let shot = try await app.screenshot("mykonos", timeout: 30) { img in
            let c = crossing(img)
            return c.changes >= 2 && c.coast >= 2
        }
        let c = crossing(shot)
        #expect(c.changes >= 2, "sea, Mykonos, sea along 37.43° N in \(shot.path)")
        #expect(c.coast >= 2, "GSHHG's shoreline drawn in \(shot.path)")
        // The island is some 0.14° wide along this line: about 90 of the 201 samples fall on it
        // when the view has the scale expected; a view fitted 3.2 times too wide shrinks it to 30.
        #expect((60...130).contains(c.land), "\(c.land) of 201 samples on Mykonos in \(shot.path)")
    }

    @Test("touchdesk map --place with no match exits 2 and says so")
    func noMatch() async throws {
        let session = try await XSession(name: "map-no-match")
        defer { session.close() }
        try Self.seedCache(session)
        let r = await session.run(try XSession.binary(), ["map", "--place", "qqqqxzv", "--screenshot", session.root.appendingPathComponent("x.png").path], timeout: 120)
        #expect(r.exited && r.status == 2, "\(r)")
        #expect(r.stderr.contains("no place matches"), "\(r.stderr)")
    }
}
