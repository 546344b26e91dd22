import Foundation
import Testing
@testable import TouchDeskPlaces

/// Named peaks, seas, continents and landmarks (Marble's caches) and islands and lakes (R's
/// maps database): the two readers on files made here and on the installed files, checked
/// against published positions, and the index finding them by name with their kinds.
@Suite("Places: named features")
struct NamedFeatureTests {
    /// A Marble cache as Qt's QDataStream writes it, made here: magic, version 13, placemarks.
    static func marbleCache(_ marks: [(name: String, role: String, cc: String, lat: Double, lon: Double, alt: Double)]) -> [UInt8] {
        var b: [UInt8] = []
        func u32(_ v: UInt32) { b += [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func str(_ s: String) {
            let units = Array(s.utf16)
            u32(UInt32(units.count * 2))
            for u in units { b += [UInt8(u >> 8), UInt8(u & 0xFF)] }
        }
        func dbl(_ d: Double) {
            let bits = d.bitPattern
            for i in (0..<8).reversed() { b.append(UInt8(bits >> (8 * UInt64(i)) & 0xFF)) }
        }
        u32(0x3141_5926)
        u32(13)
        for m in marks {
            str(m.name)
            dbl(m.lon * .pi / 180)
            dbl(m.lat * .pi / 180)
            dbl(m.alt)
            str(m.role)
            str("a description")
            str(m.cc)
            str("")
            dbl(0)
            b += [UInt8](repeating: 0, count: 8 + 2 + 1)
        }
        return b
    }

    @Test func marbleCacheReadsWhatQtWrites() throws {
        let bytes = Self.marbleCache([("Mont Blanc", "H", "FR", 45.8326, 6.8652, 4808), ("Zürich Observatory", "A", "CH", 47.37, 8.55, 0)])
        let marks = try #require(FeatureRecords.marbleCache(bytes))
        #expect(marks.count == 2)
        #expect(marks[0].name == "Mont Blanc" && marks[0].role == "H" && marks[0].countryCode == "FR")
        #expect(abs(marks[0].coordinate.latitude - 45.8326) < 1e-9 && abs(marks[0].coordinate.longitude - 6.8652) < 1e-9)
        #expect(marks[0].altitude == 4808)
        #expect(marks[1].name == "Zürich Observatory")
    }

    @Test func damagedMarbleCachesAreRefusedOrCut() {
        let good = Self.marbleCache([("A", "H", "FR", 1, 2, 3), ("B", "H", "FR", 4, 5, 6)])
        #expect(FeatureRecords.marbleCache(Array(good.prefix(7))) == nil, "too short for a header")
        var wrongMagic = good
        wrongMagic[0] = 0
        #expect(FeatureRecords.marbleCache(wrongMagic) == nil)
        // Cut inside the second placemark: the first is kept.
        #expect(FeatureRecords.marbleCache(Array(good.dropLast(5)))?.map(\.name) == ["A"])
        // A string claiming more bytes than the file has, and an odd UTF-16 length.
        var huge = Array(good.prefix(8))
        huge += [0x7F, 0xFF, 0xFF, 0xF0, 0, 0x41]
        #expect(FeatureRecords.marbleCache(huge)?.isEmpty == true)
        var odd = Array(good.prefix(8))
        odd += [0, 0, 0, 3, 0, 0x41, 0]
        #expect(FeatureRecords.marbleCache(odd)?.isEmpty == true)
        // A position off the Earth is left out.
        let off = Self.marbleCache([("Nowhere", "H", "", 200, 0, 0)])
        #expect(FeatureRecords.marbleCache(off)?.isEmpty == true)
    }

    @Test func rMapsBoxesRefuseAHeaderThatDoesNotAddUp() {
        #expect(FeatureRecords.rMapsBoxes([]) == nil)
        #expect(FeatureRecords.rMapsBoxes([5, 0, 1, 2, 3]) == nil)
        var one: [UInt8] = [1, 0, 26, 0, 0, 0, 1, 0, 0, 0]
        for v in [0.1, 0.2, 0.3, 0.4] as [Float] {
            let bits = v.bitPattern
            one += [UInt8(bits & 0xFF), UInt8(bits >> 8 & 0xFF), UInt8(bits >> 16 & 0xFF), UInt8(bits >> 24)]
        }
        let box = FeatureRecords.rMapsBoxes(one)?.first
        #expect(box.map { abs($0.west - 0.1 * 180 / .pi) < 1e-4 && abs($0.north - 0.4 * 180 / .pi) < 1e-4 } == true)
        var wrongOffset = one
        wrongOffset[2] = 99
        #expect(FeatureRecords.rMapsBoxes(wrongOffset) == nil)
        #expect(FeatureRecords.rMapsIslands(names: Array("Italy:Sicily\t7\n".utf8), boxes: one).isEmpty, "a polygon number past the boxes")
    }

    static let marbleFolder = PlaceDataSet.marblePlacemarks
    static let hasMarble = FileManager.default.isReadableFile(atPath: marbleFolder + "/elevplacemarks.cache")
    static var rMapsFolder: String? {
        PlacesTestData.geoNames.flatMap { $0.extras[.islandsAndLakes] }.map { ($0 as NSString).deletingLastPathComponent }
    }
    static let hasRMaps = rMapsFolder.map { FileManager.default.isReadableFile(atPath: $0 + "/world.G") } ?? false

    static func read(_ path: String) -> [UInt8]? { FileManager.default.contents(atPath: path).map { [UInt8]($0) } }

    /// Published summits (surveyed heights in metres).
    @Test(.enabled(if: hasMarble, "marble-qt-data not installed"), arguments: [
        ("Mount Everest", 27.9881, 86.9250, 8849.0), ("Aconcagua", -32.6532, -70.0109, 6961), ("Mont Blanc", 45.8326, 6.8652, 4806),
        ("Denali", 63.0692, -151.0070, 6190),
    ])
    func marblePeaksAreWherePublished(name: String, lat: Double, lon: Double, metres: Double) throws {
        let peaks = FeatureRecords.marble(folder: Self.marbleFolder, read: Self.read).filter { $0.kind == .peak }
        let peak = try #require(peaks.first { $0.name == name }, "\(peaks.map(\.name))")
        let km = peak.coordinate.distance(to: GeoCoordinate(latitude: lat, longitude: lon))
        #expect(km < 3, "\(name): \(km) km from the published summit")
        #expect(abs(peak.elevation - metres) < 60, "\(name): \(peak.elevation) m, published \(metres) m")
    }

    @Test(.enabled(if: hasMarble, "marble-qt-data not installed")) func marbleNamesSeasContinentsAndLandmarks() {
        let all = FeatureRecords.marble(folder: Self.marbleFolder, read: Self.read)
        let kinds = Dictionary(grouping: all, by: \.kind).mapValues(\.count)
        #expect(kinds[.peak] == 13)
        #expect(kinds[.sea] == 7)
        #expect(kinds[.continent] == 7)
        #expect((kinds[.landmark] ?? 0) >= 40)
        #expect(all.first { $0.name == "Indian Ocean" }?.bounds != nil, "a sea has a box to fly to")
    }

    /// Published centres of islands and lakes lie inside the boxes the data gives them.
    @Test(.enabled(if: hasRMaps, "R maps files not kept: run scripts/data/places"), arguments: [
        ("Corsica", 42.15, 9.10), ("Crete", 35.21, 24.91), ("Isle of Wight", 50.69, -1.30), ("Bornholm", 55.13, 14.92),
        ("Honshu", 36.0, 138.0), ("Zanzibar", -6.13, 39.31), ("Lake Victoria", -1.0, 33.0), ("Lago Titicaca", -15.8, -69.4),
        ("Great Slave Lake", 61.7, -114.0), ("Lake Balkhash", 46.5, 74.9), ("Lake Superior", 47.7, -87.5),
    ])
    func islandsAndLakesCoverTheirPublishedCentres(name: String, lat: Double, lon: Double) throws {
        let folder = try #require(Self.rMapsFolder)
        let islands = FeatureRecords.rMapsIslands(names: Self.read(folder + "/world.N") ?? [], boxes: Self.read(folder + "/world.G") ?? [])
        let lakes = FeatureRecords.rMapsLakes(names: Self.read(folder + "/lakes.N") ?? [], boxes: Self.read(folder + "/lakes.G") ?? [])
        #expect(islands.count > 800, "\(islands.count) islands")
        #expect(lakes.count > 35, "\(lakes.count) lakes")
        let f = try #require((islands + lakes).first { $0.name == name }, "\(name) not found")
        let b = try #require(f.bounds)
        #expect(b.south <= lat && lat <= b.north && b.west <= lon && lon <= b.east, "\(name): \(b)")
    }

    @Test(.enabled(if: PlacesTestData.geoNames != nil && hasMarble && hasRMaps, "GeoNames, Marble or R maps data missing"), arguments: [
        ("Mount Everest", PlaceKind.peak), ("Everest", .peak), ("Lake Baikal", .lake), ("Indian Ocean", .sea), ("Europe", .continent),
        ("Isle of Mull", .island), ("Honshu", .island), ("Arecibo Observatory", .landmark), ("Lago Titicaca", .lake),
    ])
    func theIndexFindsFeaturesByName(query: String, kind: PlaceKind) throws {
        let rows = PlacesTestData.index.suggestions(for: query).map(\.place)
        let hit = try #require(rows.first { $0.kind == kind }, "\(query): \(rows.map { "\($0.name) \($0.kind.word)" })")
        #expect(rows.prefix(2).contains { $0.id == hit.id }, "\(query): \(hit.name) ranks \(rows.firstIndex { $0.id == hit.id } ?? -1)")
        if kind.isArea { #expect(hit.bounds != nil) }
        if kind == .peak { #expect((hit.elevation ?? 0) > 8000) }
    }

    @Test(.enabled(if: PlacesTestData.geoNames != nil && hasRMaps, "GeoNames or R maps data missing"))
    func aRegionsOwnLandIsNotAnIsland() {
        // "USA:Alaska" is mainland Alaska in the data: the region, not an island.
        let rows = PlacesTestData.index.suggestions(for: "Alaska").map(\.place)
        #expect(!rows.contains { $0.kind == .island && $0.name == "Alaska" })
        #expect(rows.first?.kind == .region)
    }
}
