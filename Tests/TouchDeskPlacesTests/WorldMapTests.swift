import Foundation
import Testing
@testable import TouchDeskPlaces

@Suite("Places: Natural Earth .pn2 reader", .enabled(if: WorldMap.isInstalled(), "Natural Earth not installed: apt-get install marble-qt-data"))
struct WorldMapTests {
    private var world: WorldMap { PlacesTestData.world! }

    @Test func everyLayerLoads() throws {
        for layer in WorldMap.Layer.allCases {
            let l = world[layer]
            #expect(!l.features.isEmpty, "\(layer)")
            let bounds = try #require(l.bounds, "\(layer)")
            #expect(bounds.south >= -90 && bounds.north <= 90 && bounds.west >= -180 && bounds.east <= 180, "\(layer)")
        }
    }

    @Test func countsOfTheWorld() {
        let countries = world[.countries]
        // Natural Earth 1:50m admin 0: about 240 countries, over 1400 polygons, all coloured.
        #expect((230...260).contains(countries.features.count))
        #expect(countries.polygonCount > 1_300)
        #expect(countries.lineCount == 0)
        #expect(countries.features.allSatisfy { $0.colorIndex != nil })
        #expect(Set(countries.features.compactMap(\.colorIndex)).isSubset(of: Set(0...13)))
        #expect(countries.pointCount > 90_000)
        // Italy's outline has holes (San Marino, the Vatican).
        #expect(countries.features.contains { $0.polygons.contains { !$0.holes.isEmpty } })
        // Lines are lines, areas are areas.
        #expect(world[.coastline].lineCount > 1_000 && world[.coastline].polygonCount == 0)
        #expect(world[.rivers].lineCount > 400)
        #expect(world[.borders].lineCount > 300)
        #expect(world[.lakes].polygonCount > 200)
        #expect(world[.land].polygonCount > 1_000)
        #expect(world[.urbanAreas].polygonCount > 2_000)
    }

    @Test func worldBoundsSpanTheGlobe() throws {
        let land = try #require(world[.land].bounds)
        #expect(land.west <= -179.9 && land.east >= 179.9)
        #expect(land.south <= -89 && land.north >= 83)
    }

    @Test func pointInCountry() throws {
        let zurich = GeoCoordinate(latitude: 47.37, longitude: 8.55)
        let bern = GeoCoordinate(latitude: 46.948, longitude: 7.447)
        let geneva = GeoCoordinate(latitude: 46.2044, longitude: 6.1432)
        let rome = GeoCoordinate(latitude: 41.8919, longitude: 12.5113)
        let vatican = GeoCoordinate(latitude: 41.9029, longitude: 12.4534)
        let switzerland = try #require(world.country(containing: zurich))
        #expect(world.country(containing: bern) == switzerland)
        #expect(world.country(containing: geneva) == switzerland)
        let italy = try #require(world.country(containing: rome))
        #expect(italy != switzerland)
        // The 1:50m file has the Vatican only as a sliver (six points on one line of latitude,
        // 2 km from its real centre) and no hole for it in Italy; the sliver claims it.
        let holy = try #require(world.country(containing: vatican))
        #expect(holy != italy)
        #expect(world[.countries].features[holy].isSliver)
        #expect(world[.countries].features[italy].contains(vatican))
        #expect(world.country(containing: GeoCoordinate(latitude: 41.9, longitude: 12.49)) == italy)
        // San Marino is a hole in Italy and a feature of its own.
        let sanMarino = try #require(world.country(containing: GeoCoordinate(latitude: 43.94, longitude: 12.45)))
        #expect(sanMarino != italy)
        #expect(!world[.countries].features[italy].contains(GeoCoordinate(latitude: 43.94, longitude: 12.45)))
        // The open sea is in no country.
        #expect(world.country(containing: GeoCoordinate(latitude: 0, longitude: -30)) == nil)
    }

    @Test(.enabled(if: PlacesTestData.geoNames != nil, "GeoNames places not installed: run scripts/data/places"))
    func countryFeaturesAreNamedByTheirCapitals() {
        let named = world.countryFeatures(using: PlacesTestData.index)
        #expect(named.count > 190)
        #expect(named["CH"] == world.country(containing: GeoCoordinate(latitude: 47.37, longitude: 8.55)))
        #expect(named["IT"] == world.country(containing: GeoCoordinate(latitude: 41.8919, longitude: 12.5113)))
        #expect(named["CH"] != named["IT"])
    }

    @Test func damagedFilesAreRejected() throws {
        let path = WorldMap.folder() + "/" + WorldMap.Layer.lakes.rawValue + ".pn2"
        let bytes = [UInt8](try #require(FileManager.default.contents(atPath: path)))
        #expect(throws: PlacesError.self) { try Pn2Reader.read(Array(bytes.prefix(bytes.count / 2))) }
        #expect(throws: PlacesError.self) { try Pn2Reader.read([9, 0, 0, 0, 1, 0]) }
        #expect(throws: PlacesError.self) { try Pn2Reader.read([]) }
        // A coordinate beyond the poles.
        var bad: [UInt8] = [2, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1]
        bad += [0x7F, 0xFF, 0, 0, 0, 0]
        #expect(throws: PlacesError.self) { try Pn2Reader.read(bad) }
    }

    @Test func aHandWrittenFileReadsBack() throws {
        // Version 2, two records, colours on: a square with a hole (feature 1, colour 3),
        // then a two-point line (feature 2, colour 5). Coordinates in 1/120 degree.
        func i16(_ v: Int16) -> [UInt8] { [UInt8(UInt16(bitPattern: v) >> 8), UInt8(UInt16(bitPattern: v) & 0xFF)] }
        func u32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        var file: [UInt8] = [2] + u32(3) + [1]
        // Outer boundary: one absolute node (0, 0) and three relative ones.
        file += [2] + u32(1) + [3] + u32(1) + i16(0) + i16(0) + i16(3) + [0, 120, 120, 120, 120, 0].map { UInt8(bitPattern: Int8(truncatingIfNeeded: $0)) }
        // Inner boundary of the same feature: absolute nodes only.
        file += [3] + u32(1) + u32(3) + i16(30) + i16(30) + i16(0) + i16(30) + i16(60) + i16(0) + i16(60) + i16(60) + i16(0)
        file += [0] + u32(2) + [5] + u32(2) + i16(-120) + i16(-240) + i16(0) + i16(120) + i16(240) + i16(0)
        let layer = try Pn2Reader.read(file)
        #expect(layer.features.count == 2)
        #expect(layer.features[0].colorIndex == 3)
        #expect(layer.features[0].polygons.count == 1)
        #expect(layer.features[0].polygons[0].outer.count == 4)
        #expect(layer.features[0].polygons[0].holes.count == 1)
        #expect(layer.features[0].polygons[0].outer[2] == GeoCoordinate(latitude: 1, longitude: 1))
        #expect(layer.features[1].lines == [[GeoCoordinate(latitude: -1, longitude: -2), GeoCoordinate(latitude: 1, longitude: 2)]])
        #expect(layer.features[0].contains(GeoCoordinate(latitude: 0.9, longitude: 0.1)))
        #expect(!layer.features[0].contains(GeoCoordinate(latitude: 0.4, longitude: 0.4)))   // in the hole
        #expect(layer.bounds == GeoBounds(south: -1, west: -2, north: 1, east: 2))
        #expect(layer.pointCount == 4 + 3 + 2)
    }
}

@Suite("Places: distance and nearest place")
struct DistanceTests {
    @Test func greatCircleDistances() {
        let zurich = GeoCoordinate(latitude: 47.36667, longitude: 8.55)
        let london = GeoCoordinate(latitude: 51.50853, longitude: -0.12574)
        #expect(abs(zurich.distance(to: london) - 776) < 3)
        #expect(abs(london.distance(to: zurich) - zurich.distance(to: london)) < 1e-9)
        #expect(zurich.distance(to: zurich) == 0)
        // Antipodes: half the circumference.
        let a = GeoCoordinate(latitude: 0, longitude: 0), b = GeoCoordinate(latitude: 0, longitude: 180)
        #expect(abs(a.distance(to: b) - .pi * GeoCoordinate.earthRadiusKilometres) < 1e-6)
        // Across the date line is short.
        let west = GeoCoordinate(latitude: 0, longitude: 179.5), east = GeoCoordinate(latitude: 0, longitude: -179.5)
        #expect(abs(west.distance(to: east) - 111.2) < 0.5)
    }

    @Test(.enabled(if: PlacesTestData.geoNames != nil, "GeoNames places not installed: run scripts/data/places"))
    func nearestCity() throws {
        let index = PlacesTestData.index
        let zurich = try #require(index.nearestCity(to: GeoCoordinate(latitude: 47.3667, longitude: 8.5500)))
        #expect(zurich.place.name == "Zürich")
        #expect(zurich.kilometres < 0.1)
        // Brute force agrees, including near the poles, mid-ocean and across the date line.
        let probes = [
            GeoCoordinate(latitude: -45, longitude: -140), GeoCoordinate(latitude: 85, longitude: 10),
            GeoCoordinate(latitude: -89, longitude: 0), GeoCoordinate(latitude: 65, longitude: 179.9),
            GeoCoordinate(latitude: 10, longitude: -30), GeoCoordinate(latitude: 51.5, longitude: -0.1),
        ]
        let cities = (0..<index.count).map(index.place).filter { $0.kind == .city }
        for probe in probes {
            let fast = try #require(index.nearestCity(to: probe))
            let slow = cities.min { probe.distance(to: $0.coordinate) < probe.distance(to: $1.coordinate) }!
            #expect(abs(fast.kilometres - probe.distance(to: slow.coordinate)) < 1e-9, "\(probe)")
        }
    }
}
