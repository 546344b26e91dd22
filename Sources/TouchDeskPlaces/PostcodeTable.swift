import Foundation
import TouchDeskFiles

/// Postal Codes' own small table of US ZIP codes, read straight from the `zipcodes` package's
/// `zips.json` and GeoNames' `us_states.json` and `countries.json` (a second or two), so that on a
/// first start a ZIP code's town shows without waiting for the whole place index to be built
/// (10–30 s). Its places are those the index makes of the same rows (`PlaceIndexBuilder`): the
/// code as the name, its town, its state's name; their `id` is -1, for they are in no index.
struct PostcodeTable: Sendable {
    private(set) var places: [String: Place] = [:]

    var count: Int { places.count }

    func place(ofZIP zip: String) -> Place? { places[zip] }

    /// The table from the installed data; nil when the ZIP codes or GeoNames' files are not there.
    static func read(from source: GeoNamesSource) -> PostcodeTable? {
        guard let path = source.extras[.postcodes], let json = try? SafeFile.read(path, maxBytes: 256 << 20),
              let records = PostcodeRecords.parse(json) else { return nil }
        func decode<T: Decodable>(_ name: String, as type: [String: T].Type) -> [T]? {
            guard let data = try? SafeFile.read(source.folder + "/" + name, maxBytes: 16 << 20) else { return nil }
            return (try? JSONDecoder().decode(type, from: data)).map { Array($0.values) }
        }
        guard let states = decode("us_states.json", as: [String: GeoNamesRecords.USState].self),
              let countries = decode("countries.json", as: [String: GeoNamesRecords.Country].self) else { return nil }
        let stateNames = Dictionary(states.map { ($0.code, $0.name) }, uniquingKeysWith: { a, _ in a })
        let country = countries.first { $0.iso == "US" }?.name ?? "United States"
        var table = PostcodeTable()
        table.places.reserveCapacity(records.postcodes.count)
        for zip in records.postcodes {
            guard let lat = Double(zip.lat), let lon = Double(zip.long) else { continue }
            table.places[zip.zip_code] = Place(
                id: -1, kind: .postcode, name: zip.zip_code, region: stateNames[zip.state], locality: zip.city.isEmpty ? nil : zip.city,
                admin1Code: zip.state, countryCode: "US", countryName: country, population: 0,
                coordinate: GeoCoordinate(latitude: lat, longitude: lon),
                timezone: zip.timezone.isEmpty ? "America/New_York" : zip.timezone, bounds: nil)
        }
        return table
    }
}
