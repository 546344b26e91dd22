import Foundation

/// US ZIP codes of PyPI's `zipcodes` 1.2.0 (`zips.json`, MIT, from the USPS and Census lists):
/// about 42,000 codes, each with its town, state, county, time zone and point.
struct PostcodeRecords: Sendable {
    /// Read with `JSONReader`; Decodable so the tests can check it reads what JSONDecoder did.
    struct Postcode: Decodable, Equatable, Sendable {
        var zip_code: String
        var active: Bool
        var city: String
        var state: String
        var timezone: String
        var lat: String
        var long: String
    }

    var postcodes: [Postcode]

    /// The active codes with a point; nil when the bytes are not that JSON (an array of objects
    /// with these members, others skipped; read value by value, `JSONReader`).
    static func parse(_ data: Data) -> PostcodeRecords? {
        let all = data.withUnsafeBytes { raw -> [Postcode]? in
            var r = JSONReader(raw)
            var out: [Postcode] = []
            do throws(JSONReader.Failure) {
                try r.elements { r throws(JSONReader.Failure) in out.append(try Postcode.read(&r)) }
                try r.end()
            } catch {
                return nil
            }
            return out
        }
        guard let all else { return nil }
        return PostcodeRecords(postcodes: all.filter { $0.active && Double($0.lat) != nil && Double($0.long) != nil && $0.zip_code.count == 5 })
    }
}

extension PostcodeRecords.Postcode {
    /// One code's object; an error when a member is missing.
    static func read(_ r: inout JSONReader) throws(JSONReader.Failure) -> Self {
        var zip: String?, active: Bool?, city: String?, state: String?, timezone: String?, lat: String?, long: String?
        try r.members { r, key throws(JSONReader.Failure) in
            switch key {
            case "zip_code": zip = try r.string()
            case "active": active = try r.bool()
            case "city": city = try r.string()
            case "state": state = try r.string()
            case "timezone": timezone = try r.string()
            case "lat": lat = try r.string()
            case "long": long = try r.string()
            default: try r.skipValue()
            }
        }
        guard let zip, let active, let city, let state, let timezone, let lat, let long else {
            throw JSONReader.Failure(description: "a ZIP code without all of its members")
        }
        return Self(zip_code: zip, active: active, city: city, state: state, timezone: timezone, lat: lat, long: long)
    }
}
