import Foundation
import Testing
@testable import TouchDeskPlaces

private let highPath = GSHHGFile.path(kind: .shore, resolution: .high)
private let installed = FileManager.default.isReadableFile(atPath: highPath)

/// Whether GSHHG puts dry ground at a point: the rings of its bin, filled even-odd, as the map fills them.
private func isLand(_ file: GSHHGFile, latitude: Double, longitude: Double) throws -> Bool {
    let b = file.bin(latitude: latitude, longitude: longitude)
    let rings = ShoreAssembler.rings(try file.segments(inBin: b), southWest: file.southWest(ofBin: b), size: file.binDegrees,
                                     cornerLevels: file.cornerLevels(ofBin: b))
    var inside = false
    for ring in rings {
        var j = ring.count - 1
        for i in ring.indices {
            let a = ring[i], c = ring[j]
            if (a.y > latitude) != (c.y > latitude), longitude < (c.x - a.x) * (latitude - a.y) / (c.y - a.y) + a.x { inside.toggle() }
            j = i
        }
    }
    return inside
}

/// Kilometres from a point to the nearest shoreline point of its bin.
private func kilometresToShore(_ file: GSHHGFile, latitude: Double, longitude: Double) throws -> Double {
    let here = GeoCoordinate(latitude: latitude, longitude: longitude)
    let points = try file.segments(inBin: file.bin(latitude: latitude, longitude: longitude)).flatMap(\.points)
    return points.map { here.distance(to: GeoCoordinate(latitude: $0.y, longitude: $0.x)) }.min() ?? .infinity
}

@Suite("Map: GSHHG coastlines", .enabled(if: installed, "GSHHG not installed: apt-get install gmt-gshhg-high"))
struct GSHHGTests {
    @Test("the bins tile the world and a point lands in the bin whose corner is south-west of it")
    func bins() throws {
        let file = try GSHHGFile(path: highPath, kind: .shore)
        #expect(Double(file.columns) * file.binDegrees == 360)
        #expect(Double(file.rows) * file.binDegrees == 180)
        let b = file.bin(latitude: 37.45, longitude: 25.35)
        let sw = file.southWest(ofBin: b)
        #expect(sw.x <= 25.35 && 25.35 < sw.x + file.binDegrees)
        #expect(sw.y <= 37.45 && 37.45 < sw.y + file.binDegrees)
    }

    /// Headlands whose positions are published (Wikipedia, from national surveys): GSHHG's shore
    /// passes within a kilometre of each.
    @Test("the shore passes within a kilometre of known headlands", arguments: [
        ("Cabo da Roca", 38.7804, -9.4989), ("Cape Agulhas", -34.8328, 20.0033), ("Land's End", 50.0662, -5.7147),
        ("Cape Byron", -28.6383, 153.6383), ("Nordkapp", 71.1710, 25.7830),
    ])
    func headlands(name: String, latitude: Double, longitude: Double) throws {
        let file = try GSHHGFile(path: highPath, kind: .shore)
        let km = try kilometresToShore(file, latitude: latitude, longitude: longitude)
        #expect(km < 1, "\(name): \(km) km from GSHHG's shore")
    }

    @Test("land, sea and lakes fall where they are", arguments: [
        ("Mykonos, inland", 37.445, 25.375, true), ("sea south of Mykonos", 37.36, 25.40, false),
        ("Bavaria", 48.5, 11.5, true), ("mid-Atlantic", 30.0, -40.0, false),
        ("Lake Geneva", 46.45, 6.55, false), ("Sahara", 23.0, 12.0, true), ("Tasman Sea", -38.0, 160.0, false),
    ])
    func landAndWater(name: String, latitude: Double, longitude: Double, land: Bool) throws {
        let file = try GSHHGFile(path: highPath, kind: .shore)
        #expect(try isLand(file, latitude: latitude, longitude: longitude) == land, "\(name)")
    }

    @Test("Mykonos is an island of nearly a hundred points (hundreds in the full set), not a 7-point polygon")
    func mykonos() throws {
        let file = try GSHHGFile(path: highPath, kind: .shore)
        let rings = try file.segments(inBin: file.bin(latitude: 37.45, longitude: 25.35)).filter { s in
            s.entry == 4 && s.points.contains { abs($0.y - 37.45) < 0.06 && abs($0.x - 25.37) < 0.1 }
        }
        let island = try #require(rings.max { $0.points.count < $1.points.count })
        let lons = island.points.map(\.x), lats = island.points.map(\.y)
        #expect(island.points.count > 60)
        #expect(island.level == 1)
        // About 16 km east to west and 11 km north to south.
        #expect(abs((lons.max()! - lons.min()!) - 0.19) < 0.04)
        #expect(abs((lats.max()! - lats.min()!) - 0.11) < 0.03)
    }

    @Test("a missing file names the Debian package")
    func missing() {
        #expect(throws: GSHHGFile.ReadError.self) { try GSHHGFile(path: "/nonexistent/binned_GSHHS_h.nc", kind: .shore) }
        do {
            _ = try GSHHGFile(path: "/nonexistent/binned_GSHHS_h.nc", kind: .shore)
        } catch {
            #expect(error.description.contains("gmt-gshhg-high"))
        }
    }

    @Test("a file that is not netCDF is refused with a message, not a crash")
    func damaged() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gshhg-\(getpid()).nc").path
        try Data("not a netCDF file".utf8).write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        #expect(throws: GSHHGFile.ReadError.self) { try GSHHGFile(path: path, kind: .shore) }
    }

    @Test("rivers are read with their classes")
    func rivers() throws {
        let file = try GSHHGFile(path: GSHHGFile.path(kind: .river, resolution: .high), kind: .river)
        // The Rhine at Basel.
        let segments = try file.segments(inBin: file.bin(latitude: 47.56, longitude: 7.59))
        #expect(!segments.isEmpty)
        #expect(segments.allSatisfy { (1...11).contains($0.level) })
    }

    @Test("the detail reads a view's bins in the background and lets them go")
    func detail() throws {
        let detail = CoastDetail()
        #expect(detail.isAvailable)
        let box = DetailBox(minX: 24.5, minY: -38.5, maxX: 26.5, maxY: -36.5)
        #expect(detail.bins(in: box, scale: 10) == nil, "Natural Earth draws the world view")
        detail.load(box, scale: 400)
        let fine = try #require(detail.bins(in: box, scale: 400))
        #expect(fine.complete)
        #expect(detail.pointsHeld > 1000)
        detail.release()
        #expect(detail.pointsHeld == 0)
    }
}
