import Foundation
import TouchDeskFiles
import TouchDeskInterface

/// ISO 3166 country and subdivision names with their translations, as Debian's `iso-codes`
/// installs them: JSON lists under `/usr/share/iso-codes/json` and a gettext catalogue per
/// language under `/usr/share/locale/*/LC_MESSAGES/` (about 160 languages for countries, 60
/// for subdivisions).
struct ISOCodesRecords: Sendable {
    struct Country: Sendable {
        var alpha2: String
        var alpha3: String
        /// The ISO short name and, where given, the official and common names, in English.
        var englishNames: [String]
        /// Those names in every language that translates them.
        var translations: [String]
    }

    struct Subdivision: Sendable {
        /// "DE-BY".
        var code: String
        var name: String
        var translations: [String]
        /// False for a subdivision inside another one (a French département in its région).
        var isFirstLevel: Bool
    }

    var countries: [Country]
    var subdivisions: [Subdivision]

    static let jsonFolder = "/usr/share/iso-codes/json"
    static let localeFolder = "/usr/share/locale"

    /// Nil when iso-codes is not installed (the index is then built without those names).
    static func read(jsonFolder: String = jsonFolder, localeFolder: String = localeFolder) throws(PlacesError) -> ISOCodesRecords? {
        let countriesPath = jsonFolder + "/iso_3166-1.json", subdivisionsPath = jsonFolder + "/iso_3166-2.json"
        guard FileManager.default.isReadableFile(atPath: countriesPath) else { return nil }
        func list(_ path: String, key: String) throws(PlacesError) -> [[String: String]] {
            guard let data = try? SafeFile.read(path, maxBytes: 64 << 20) else { return [] }
            guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                  let entries = object[key] as? [[String: Any]] else {
                throw .unreadable(tr("{0} is not the iso-codes JSON expected", path))
            }
            return entries.map { $0.compactMapValues { $0 as? String } }
        }
        func catalogues(_ domain: String) -> [GettextCatalog] {
            let languages = (try? FileManager.default.contentsOfDirectory(atPath: localeFolder)) ?? []
            return languages.sorted().compactMap { language in
                let path = localeFolder + "/" + language + "/LC_MESSAGES/" + domain + ".mo"
                guard let data = try? SafeFile.read(path, maxBytes: 16 << 20) else { return nil }
                return GettextCatalog([UInt8](data))
            }
        }
        func translated(_ names: [String], in catalogues: [GettextCatalog]) -> [String] {
            var out: [String] = []
            var seen = Set(names)
            for catalogue in catalogues {
                for name in names {
                    if let text = catalogue.translations[name], seen.insert(text).inserted { out.append(text) }
                }
            }
            return out
        }
        let countryCatalogues = catalogues("iso_3166-1")
        let countries = try list(countriesPath, key: "3166-1").compactMap { entry -> Country? in
            guard let alpha2 = entry["alpha_2"], let alpha3 = entry["alpha_3"], let name = entry["name"] else { return nil }
            let names = [name, entry["official_name"], entry["common_name"]].compactMap { $0 }
            return Country(alpha2: alpha2, alpha3: alpha3, englishNames: names, translations: translated(names, in: countryCatalogues))
        }
        let subdivisionCatalogues = catalogues("iso_3166-2")
        let subdivisions = try list(subdivisionsPath, key: "3166-2").compactMap { entry -> Subdivision? in
            guard let code = entry["code"], let name = entry["name"] else { return nil }
            return Subdivision(code: code, name: name, translations: translated([name], in: subdivisionCatalogues),
                               isFirstLevel: entry["parent"] == nil)
        }
        return ISOCodesRecords(countries: countries, subdivisions: subdivisions)
    }
}
