import Foundation

/// Airports of PyPI's `airportsdata` (`airports.csv`, MIT): about 28,000 airfields with their
/// ICAO code, IATA code where they have one, name, town, subdivision, country and position.
struct AirportRecords: Sendable {
    struct Airport: Sendable {
        var icao: String
        var iata: String
        var name: String
        var city: String
        var subdivision: String
        var countryCode: String
        var latitude: Double
        var longitude: Double
        var timezone: String
        /// The aerodrome's surveyed height in feet, where the file gives one.
        var elevationFeet: Double? = nil
    }

    var airports: [Airport]

    /// The airports of the CSV; rows without a name, country or a position on Earth are left out.
    static func parse(_ bytes: [UInt8]) -> AirportRecords {
        let (c, rows) = CSVRows.parse(bytes)
        guard let icao = c["icao"], let iata = c["iata"], let name = c["name"], let city = c["city"], let subd = c["subd"],
              let country = c["country"], let lat = c["lat"], let lon = c["lon"], let tz = c["tz"] else { return AirportRecords(airports: []) }
        let width = max(icao, iata, name, city, subd, country, lat, lon, tz) + 1
        let elevation = c["elevation"].flatMap { $0 < width ? $0 : nil }
        var out: [Airport] = []
        for row in rows where row.count >= width && !row[name].isEmpty && row[country].count == 2 {
            guard let la = Double(row[lat]), let lo = Double(row[lon]), abs(la) <= 90, abs(lo) <= 180 else { continue }
            out.append(Airport(icao: row[icao], iata: row[iata], name: row[name], city: row[city], subdivision: row[subd],
                               countryCode: row[country], latitude: la, longitude: lo, timezone: row[tz],
                               elevationFeet: elevation.flatMap { Double(row[$0]) }))
        }
        return AirportRecords(airports: out)
    }
}

/// Airfields' surveyed heights, for Sea Level: on an atoll, the only height the installed data
/// gives (the relief's cells there are sea floor).
public struct AirfieldHeight: Sendable {
    public var name: String
    public var coordinate: GeoCoordinate
    public var metres: Double

    /// The airports of `airportsdata`'s CSV at `path` that have a height; none when it is missing.
    public static func read(path: String) -> [AirfieldHeight] {
        guard let bytes = FileManager.default.contents(atPath: path) else { return [] }
        return AirportRecords.parse([UInt8](bytes)).airports.compactMap { a in
            a.elevationFeet.map { AirfieldHeight(name: a.name, coordinate: GeoCoordinate(latitude: a.latitude, longitude: a.longitude), metres: $0 * 0.3048) }
        }
    }
}
