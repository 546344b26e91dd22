import Foundation
import Testing
@testable import TouchDeskPlaces

/// The Smithsonian's Volcanoes of the World as named peaks: the reader on lines made here, the
/// installed list against published summits, and the index finding them by name.
@Suite("Places: volcanoes")
struct VolcanoTests {
    static var path: String? { PlacesTestData.geoNames?.extras[.volcanoes] }
    static let isInstalled = path.map { FileManager.default.isReadableFile(atPath: $0) } ?? false

    @Test func theReaderKeepsVolcanoesAboveTheSea() {
        let text = """
        name\tcountry\tlatitude\tlongitude\televation_m
        Fujisan\tJapan\t35.361\t138.728\t3776
        Kick 'em Jenny\tGrenada\t12.3\t-61.64\t-185
        Broken\tNowhere\tnorth\t10\t100
        Too Far North\tNowhere\t95\t10\t100
        Licancabur\tChile-Bolivia\t-22.83\t-67.88\t5916
        Kuril Peak\tJapan - administered by Russia\t45.0\t147.0\t1000
        Popa\tBurma (Myanmar)\t20.87\t95.23\t1518
        Seamount Peak\tUndersea Features\t10\t10\t5
        short line
        """
        let v = FeatureRecords.volcanoes(Array(text.utf8))
        #expect(v.map(\.name) == ["Fujisan", "Licancabur", "Kuril Peak", "Popa", "Seamount Peak"])
        #expect(v.allSatisfy { $0.kind == .peak })
        #expect(v.first?.elevation == 3776)
        #expect(v.first?.score == UInt32(95_520), "a volcano ranks by its height (20,000 + 20 × 3,776), below Marble's famous peaks")
        #expect(v.map(\.countryName) == ["Japan", "Chile", "Japan", "Myanmar", ""])
    }

    @Test func aVolcanoMarbleAlreadyNamesIsOnePeakWithBothNames() {
        var features = [FeatureRecords.Feature(name: "Mount Etna", kind: .peak, countryCode: "IT",
                                               coordinate: GeoCoordinate(latitude: 37.734, longitude: 15.004), elevation: 3350)]
        let text = "name\tcountry\tlatitude\tlongitude\televation_m\nEtna\tItaly\t37.748\t14.999\t3357\nVesuvius\tItaly\t40.821\t14.426\t1281\n"
        FeatureRecords.addVolcanoes(Array(text.utf8), to: &features)
        #expect(features.map(\.name) == ["Etna", "Vesuvius"], "one Etna, by the name people type")
        #expect(features.first?.aliases == ["Mount Etna"])
        #expect(features.first?.elevation == 3357 && features.first?.countryCode == "IT")
    }

    /// Published summits: position (degrees) and surveyed height (metres), from the national
    /// surveys (GSI for Fuji, USGS for Rainier and St. Helens, IGN for Teide) and Wikipedia.
    @Test(.enabled(if: isInstalled, "volcanoes not kept: run scripts/data/places"), arguments: [
        ("Fujisan", 35.3606, 138.7274, 3776.0), ("Vesuvius", 40.8213, 14.4261, 1281), ("Rainier", 46.8529, -121.7604, 4392),
        ("St. Helens", 46.1912, -122.1944, 2549), ("Tenerife", 28.2724, -16.6425, 3715), ("Elbrus", 43.3499, 42.4453, 5642),
    ])
    func installedVolcanoesAreWherePublished(name: String, lat: Double, lon: Double, metres: Double) throws {
        let path = try #require(Self.path)
        let bytes = try #require(FileManager.default.contents(atPath: path))
        let all = FeatureRecords.volcanoes([UInt8](bytes))
        #expect(all.count > 1_000, "\(all.count) volcanoes above the sea")
        let v = try #require(all.first { $0.name == name }, "\(name) not in the list")
        let km = v.coordinate.distance(to: GeoCoordinate(latitude: lat, longitude: lon))
        #expect(km < 5, "\(name): \(km) km from the published summit")
        #expect(abs(v.elevation - metres) < 60, "\(name): \(v.elevation) m, published \(metres) m")
    }

    @Test(.enabled(if: isInstalled && PlacesTestData.geoNames != nil, "GeoNames or the volcanoes missing"), arguments: [
        ("Vesuvius", "IT"), ("Fujisan", "JP"), ("Popocatepetl", "MX"), ("Rainier", "US"), ("Nyiragongo", "CD"), ("Etna", "IT"),
    ])
    func theIndexFindsVolcanoesAsPeaks(query: String, country: String) throws {
        let rows = PlacesTestData.index.suggestions(for: query).map(\.place)
        let first = try #require(rows.first, "\(query): nothing")
        #expect(first.kind == .peak && first.countryCode == country, "\(query): \(rows.prefix(3).map { "\($0.name) \($0.kind.word) \($0.countryCode)" })")
        #expect((first.elevation ?? 0) > 1000)
    }
}
