import Foundation
import Testing
import TouchDeskTestSupport

/// `touchdesk globe --sea-level M --report`: the real binary, no X display, JSON on stdout.
@Suite(.timeLimit(.minutes(3)), .enabled(if: DataCaches.reliefAvailable, "ETOPO5 not installed (ferret-datasets)"))
struct GlobeReportEndToEndTests {
    /// Runs `touchdesk globe ARGS` without a display, with the tests' caches in its cache folder.
    static func report(_ args: [String]) async throws -> (output: XSession.Output, json: [String: Any]?) {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("touchdesk-e2e-report-\(getpid())-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: home) }
        try DataCaches.install(into: home.appendingPathComponent(".cache/touchdesk").path)
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = nil
        env["HOME"] = home.path
        for k in env.keys where k.hasPrefix("XDG_") { env[k] = nil }
        let output = await XSession.runTool(try XSession.binary(), ["globe"] + args + ["--report"], environment: env, timeout: 60)
        let json = try? JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        return (output, json)
    }

    @Test func tenMetresAgainstThePublishedBandAndTheListAgreesWithThePlace() async throws {
        let (output, json) = try await Self.report(["--sea-level", "10", "--place", "Bangkok"])
        #expect(output.ok, "\(output)")
        let report = try #require(json, "not JSON: \(output.stdout.prefix(300))")
        #expect(report["sea_level_m"] as? Double == 10)
        #expect(report["relief_level_m"] as? Int == 10)
        let share = try #require(report["land_under_water_percent"] as? Double)
        #expect(share >= 1.5 && share <= 2.6, "McGranahan et al. 2007: about 2 %; got \(share)")
        #expect(report["land_gained_percent"] as? Double == 0)
        let places = try #require(report["places_under_water"] as? [[String: Any]])
        #expect(places.count > 100)
        for p in places.prefix(50) {
            #expect(p["name"] is String && p["country"] is String && p["population"] is Int && p["lat"] is Double && p["lon"] is Double, "\(p)")
        }
        let people = places.compactMap { $0["population"] as? Int }
        #expect(people == people.sorted(by: >), "not largest first")
        // The place readout and the list agree.
        let bangkok = try #require(report["place"] as? [String: Any])
        #expect(bangkok["name"] as? String == "Bangkok" && bangkok["country"] as? String == "Thailand")
        let floodsAt = try #require(bangkok["floods_at_m"] as? Int)
        #expect(floodsAt > 0 && floodsAt <= 10, "Bangkok is a few metres above the sea")
        #expect(bangkok["elevation_m"] is Int)
        #expect(places.contains { $0["name"] as? String == "Bangkok" })
        let (below, belowJSON) = try await Self.report(["--sea-level", "\(floodsAt - 1)"])
        #expect(below.ok, "\(below)")
        let belowPlaces = try #require(belowJSON?["places_under_water"] as? [[String: Any]])
        #expect(!belowPlaces.contains { $0["name"] as? String == "Bangkok" }, "Bangkok listed below its flood level")
    }

    @Test func iceAgeGainsLandAndNamesTheBridges() async throws {
        let (output, json) = try await Self.report(["--sea-level=-120"])
        #expect(output.ok, "\(output)")
        let report = try #require(json)
        let gained = try #require(report["land_gained_percent"] as? Double)
        #expect(gained > 12 && gained < 20, "\(gained)")
        #expect(report["land_under_water_percent"] as? Double == 0)
        #expect((report["places_under_water"] as? [Any])?.isEmpty == true)
        let bridges = try #require(report["land_bridges"] as? [String])
        #expect(Set(bridges) == ["Beringia", "Doggerland", "Sundaland", "Sahul"])
        // No place key without --place.
        #expect(report["place"] == nil)
    }

    /// IPCC AR6's median for 2100 under very high emissions: the level keeps its centimetres, the
    /// whole-metre relief reads it at 0 m, so nothing of today's land is under water yet.
    @Test func aFractionalLevelKeepsItsCentimetres() async throws {
        let (output, json) = try await Self.report(["--sea-level", "0.77"])
        #expect(output.ok, "\(output)")
        let report = try #require(json)
        #expect(report["sea_level_m"] as? Double == 0.77)
        #expect(report["relief_level_m"] as? Int == 0)
        #expect(report["land_under_water_percent"] as? Double == 0)
        #expect((report["places_under_water"] as? [Any])?.isEmpty == true)
    }

    @Test func badValuesExitTwoWithAMessage() async throws {
        for (args, words) in [(["--sea-level", "99999"], "--sea-level"), (["--sea-level", "ten"], "--sea-level"),
                              (["--sea-level", "5", "--place", "Qqxyzzy Nowhere"], "no place matches"),
                              (["--sea-level", "5", "--tilt", "95"], "--tilt takes degrees from 0"),
                              (["--sea-level", "5", "--tilt", "steep"], "--tilt takes degrees from 0")] {
            let (output, _) = try await Self.report(args)
            #expect(output.exited && output.status == 2, "\(args): \(output)")
            #expect(output.stderr.contains(words), "\(args): \(output.stderr)")
            #expect(output.stdout.isEmpty, "\(args): \(output.stdout)")
        }
    }
}
