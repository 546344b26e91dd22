import Foundation
@testable import TouchDeskPlaces

/// The real data, loaded once for all tests: tests that need it skip, saying why, when it is
/// not installed.
enum PlacesTestData {
    static let geoNames: GeoNamesSource? = try? GeoNamesSource.locate()
    static let geoNamesMissing = "GeoNames places not installed: run scripts/data/places"
    static let naturalEarthMissing = "Natural Earth not installed: apt-get install marble-qt-data"

    /// A cache folder of this test run, seeded with a damaged index file so the first load
    /// must notice it, rebuild, and replace it.
    static let cacheFolder: String = {
        let folder = NSTemporaryDirectory() + "touchdesk-places-tests-\(getpid())"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let garbage = Array("TDPLACES".utf8) + [UInt8](repeating: 0x5A, count: 4000)
        _ = FileManager.default.createFile(atPath: folder + "/" + PlaceIndexCache.fileName, contents: Data(garbage))
        return folder
    }()

    /// The first load, over the damaged cache.
    static let firstLoad: PlaceIndexCache.Loaded? = geoNames.flatMap {
        try? PlaceIndexCache.load(source: $0, cacheFolder: cacheFolder)
    }

    static var index: PlaceIndex { firstLoad!.index }

    static let world: WorldMap? = try? WorldMap.load()

    /// The first suggestion's place name for `query`.
    static func top(_ query: String) -> String? {
        index.suggestions(for: query).first?.place.name
    }
}

extension PlacesTestData {
    /// Whether an optional data set is installed.
    static func has(_ set: PlaceDataSet) -> Bool {
        geoNames.map { !$0.missing.contains(set) } ?? false
    }
}
