// Fuzz target: the place index cache ($XDG_CACHE_HOME/touchdesk/places-v2.index,
// PlaceIndexCache.read). Its checksum stops a damaged file at the door, so the input is the
// payload (the arrays) and this target writes a sound header over it; an index that passes the
// reader's checks must answer searches without going out of bounds. Inputs starting with "TDPLACES"
// go to the reader whole, header included.
import Foundation
@testable import TouchDeskPlaces

private let queries = ["a", "zü", "Paris, TX", "77335", "ZRH", "São", "x, y, z", "東", " "]

#if !TOUCHDESK_SEED_REPLAY  // the seeds replayed as a test link every target into one binary
@_cdecl("LLVMFuzzerTestOneInput")
#endif
public func fuzzPlaceCache(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let input = UnsafeRawBufferPointer(start: data, count: size)
    let fingerprint: UInt64 = 42
    var file: [UInt8]
    if input.starts(with: Array("TDPLACES".utf8)) {
        file = Array(input)
    } else {
        file = Array("TDPLACES".utf8)
        for value in [UInt64(PlaceIndexCache.formatVersion) | UInt64(0x0102_0304) << 32, fingerprint, UInt64(size),
                      PlaceIndexCache.checksum(input)] {
            withUnsafeBytes(of: value.littleEndian) { file.append(contentsOf: $0) }
        }
        file += input
    }
    let result = file.withUnsafeBytes { PlaceIndexCache.decode($0, fingerprint: fingerprint) }
    guard case .success(let index) = result else { return 0 }
    for query in queries {
        let found = index.suggestions(for: query)
        guard found.count <= PlaceIndex.suggestionLimit else { fatalError("\(found.count) suggestions for \(query)") }
        _ = index.bestMatch(for: query)
    }
    return 0
}

/// `TOUCHDESK_FUZZ_WRITE_SEED=FILE` writes the payload of a small sound index (four places, two
/// countries, an airport, a ZIP code) to FILE and exits: how Fuzz/Seeds/placecache/small was made.
#if !TOUCHDESK_SEED_REPLAY  // the seeds replayed as a test link every target into one binary
@_cdecl("LLVMFuzzerInitialize")
#endif
public func initialize(_ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>) -> Int32 {
    guard let out = ProcessInfo.processInfo.environment["TOUCHDESK_FUZZ_WRITE_SEED"] else { return 0 }
    let cities: [GeoNamesRecords.City] = [
        .init(name: "Zürich", latitude: 47.37, longitude: 8.54, countrycode: "CH", population: 341_730, timezone: "Europe/Zurich",
              admin1code: "25", alternatenames: ["Zurich"]),
        .init(name: "Paris", latitude: 33.66, longitude: -95.56, countrycode: "US", population: 25_171, timezone: "America/Chicago",
              admin1code: "TX", alternatenames: []),
        .init(name: "Goodrich", latitude: 30.6, longitude: -94.95, countrycode: "US", population: 1500, timezone: "America/Chicago",
              admin1code: "TX", alternatenames: []),
        .init(name: "東京", latitude: 35.69, longitude: 139.69, countrycode: "JP", population: 8_336_599, timezone: "Asia/Tokyo",
              admin1code: "40", alternatenames: ["Tokyo"]),
    ]
    let countries: [GeoNamesRecords.Country] = [.init(name: "Switzerland", iso: "CH", capital: "Bern", population: 8_000_000),
                                               .init(name: "United States", iso: "US", capital: "Washington", population: 330_000_000)]
    var records = PlaceRecords(geoNames: GeoNamesRecords(cities: cities, countries: countries, states: [.init(code: "TX", name: "Texas")]))
    records.regionNames = ["CH.25": "Zürich", "US.TX": "Texas"]
    records.airports = [.init(icao: "LSZH", iata: "ZRH", name: "Zürich Airport", city: "Zürich", subdivision: "", countryCode: "CH",
                              latitude: 47.46, longitude: 8.55, timezone: "Europe/Zurich")]
    records.postcodes = [.init(zip_code: "77335", active: true, city: "Goodrich", state: "TX", timezone: "America/Chicago",
                               lat: "30.6", long: "-94.9")]
    let file = PlaceIndexCache.encode(PlaceIndexBuilder.build(from: records), fingerprint: 42)
    _ = FileManager.default.createFile(atPath: out, contents: Data(file.dropFirst(40)))
    exit(0)
}
