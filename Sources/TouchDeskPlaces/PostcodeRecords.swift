import Foundation

/// US ZIP codes of PyPI's `zipcodes` 1.2.0 (`zips.json`, MIT, from the USPS and Census lists):
/// about 42,000 codes, each with its town, state, county, time zone and point.
struct PostcodeRecords: Sendable {
    struct Postcode: Decodable, Sendable {
        var zip_code: String
        var active: Bool
        var city: String
        var state: String
        var timezone: String
        var lat: String
        var long: String
    }

    var postcodes: [Postcode]

    /// The active codes with a point; nil when the bytes are not that JSON.
    static func parse(_ data: Data) -> PostcodeRecords? {
        guard let all = try? JSONDecoder().decode([Postcode].self, from: data) else { return nil }
        return PostcodeRecords(postcodes: all.filter { $0.active && Double($0.lat) != nil && Double($0.long) != nil && $0.zip_code.count == 5 })
    }
}
