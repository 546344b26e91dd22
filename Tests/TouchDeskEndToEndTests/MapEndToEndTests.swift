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

    /// The session's cache gets the index this user already built, if any, so the app under test
    /// loads it in milliseconds instead of building it from the JSON (seconds in a debug build).
    static func seedCache(_ session: XSession) {
        let home = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()
        let source = URL(fileURLWithPath: PlaceIndexCache.defaultFolder(environment: ["HOME": home,
            "XDG_CACHE_HOME": ProcessInfo.processInfo.environment["XDG_CACHE_HOME"] ?? ""]) + "/" + PlaceIndexCache.fileName)
        let folder = session.home.appendingPathComponent(".cache/touchdesk")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? FileManager.default.copyItem(at: source, to: folder.appendingPathComponent(PlaceIndexCache.fileName))
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
    func searchAndCopy() throws {
        let session = try XSession(name: "map-search")
        defer { session.close() }
        Self.seedCache(session)
        let app = try session.launch(["map", "--size", "\(Int(Self.size.width))x\(Int(Self.size.height))"])
        let start = try app.screenshot("start")
        let bottom = try #require(Self.mapBottom(start), "the status bar under the map in \(start.path)")

        // The search field has the focus from the start.
        try app.key("z", "u", "r")
        let listArea = (x: 12, y: Int(Self.barHeight) + 54, width: 520, height: 5 * 34)
        let listed = try app.screenshot("listed", timeout: 60) {
            $0.count(in: listArea) { $0.isClose(to: Self.listBackground, tolerance: 4) } > 520 * 34 * 3
        }
        #expect(listed.count(in: listArea) { $0.isClose(to: Self.listBackground, tolerance: 4) } > 520 * 34 * 3,
                "a list of suggestions under the field in \(listed.path)")
        let firstRow = (x: 12, y: Int(Self.barHeight) + 54, width: 520, height: 34)
        let zurichRead = TextReading.find("Zürich", size: 15, bold: false, in: listed, region: firstRow)
        let zurRead = TextReading.find("Zür", size: 15, bold: true, in: listed, region: firstRow)
        #expect(zurichRead.score < 0.45 || zurRead.score < 0.35, "Zürich first, Zür in bold, in \(listed.path): \(zurichRead) \(zurRead)")

        try app.key("Down", "Return")
        // The flight lasts half a second; the camera it ends on is a city view centred on Zürich.
        let map = MapCamera(width: Self.size.width, height: bottom - Self.barHeight)
        let target = map.focused(on: Self.zurich).point(for: Self.zurich)
        let expected = (x: target.x, y: Self.barHeight + target.y)
        let landed = try app.screenshot("landed", timeout: 10) { img in
            let dot = Self.markerDot(img, near: expected.x, expected.y)
            return dot.count > 40 && abs(dot.x - expected.x) <= 2 && abs(Double(dot.maxY) - (expected.y + 3)) <= 2
        }
        let dot = Self.markerDot(landed, near: expected.x, expected.y)
        #expect(dot.count > 40, "the red marker near \(expected) in \(landed.path)")
        #expect(abs(dot.x - expected.x) <= 2, "marker x \(dot.x) vs Zürich's pixel \(expected.x) in \(landed.path)")
        #expect(abs(Double(dot.maxY) - (expected.y + 3)) <= 2, "marker dot bottom \(dot.maxY) vs Zürich's pixel \(expected.y) + 3 in \(landed.path)")

        try app.key("ctrl+c")
        let text = "Zürich, Switzerland (47.36667, 8.55000)"
        var out = session.run("xclip", ["-o", "-selection", "clipboard"], timeout: 3)
        wait(until: {
            out = session.run("xclip", ["-o", "-selection", "clipboard"], timeout: 3)
            return out.stdout == text
        }, timeout: 4)
        #expect(out.ok && out.stdout == text, "xclip -o -selection clipboard: \(out)")
    }

    @Test("touchdesk map --place with no match exits 2 and says so")
    func noMatch() throws {
        let session = try XSession(name: "map-no-match")
        defer { session.close() }
        Self.seedCache(session)
        let r = session.run(try XSession.binary(), ["map", "--place", "qqqqxzv", "--screenshot", session.root.appendingPathComponent("x.png").path], timeout: 120)
        #expect(r.exited && r.status == 2, "\(r)")
        #expect(r.stderr.contains("no place matches"), "\(r.stderr)")
    }
}
