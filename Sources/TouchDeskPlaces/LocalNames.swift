import Foundation
import TouchDeskFiles

/// Country and region names in the user's language, from the gettext catalogues of Debian's
/// `iso-codes` (`iso_3166-1.mo` for countries, `iso_3166-2.mo` for regions, under
/// /usr/share/locale), read with `GettextCatalog` as the index build reads them: "Switzerland" is
/// "Schweiz" under German. A country is translated by its ISO code's English names (GeoNames'
/// "Russia" is ISO's "Russian Federation"); a region by its name where that is the ISO name too,
/// compared folded ("Scotland"; "Zurich" for ISO's "Zürich"; not "Bavaria", ISO's "Bayern"). Without a translation, or without iso-codes, the English name
/// stays. The language is gettext's: `LANGUAGE` (a list), else `LC_ALL`, `LC_MESSAGES`, `LANG`;
/// "de_DE.UTF-8" looks for `de_DE`, then `de`.
public struct LocalNames: Sendable {
    private let countries: [String: String]
    /// Region translations by the folded ISO name, so GeoNames' "Zurich" finds ISO's "Zürich".
    private let regions: [[UInt8]: String]
    /// ISO alpha-2 → the English names iso-codes translates, common name first.
    private let countryNames: [String: [String]]

    /// The names for the process's language, read once.
    public static let current = LocalNames(languages: languages(ProcessInfo.processInfo.environment))

    /// The names for the first of `languages` that iso-codes translates ("de_DE", "de"); none
    /// translated for English or an empty list.
    init(languages: [String], localeFolder: String = ISOCodesRecords.localeFolder, jsonFolder: String = ISOCodesRecords.jsonFolder) {
        func catalogue(_ domain: String) -> [String: String] {
            for language in languages where !language.hasPrefix("en") {
                let path = localeFolder + "/" + language + "/LC_MESSAGES/" + domain + ".mo"
                if let data = try? SafeFile.read(path, maxBytes: 16 << 20), let c = GettextCatalog([UInt8](data)) { return c.translations }
            }
            return [:]
        }
        countries = catalogue("iso_3166-1")
        var folder = NameFolder()
        var regions: [[UInt8]: String] = [:]
        for (english, local) in catalogue("iso_3166-2") where !local.isEmpty { regions[folder.fold(english)] = regions[folder.fold(english)] ?? local }
        self.regions = regions
        var names: [String: [String]] = [:]
        if !countries.isEmpty, let data = try? SafeFile.read(jsonFolder + "/iso_3166-1.json", maxBytes: 16 << 20),
           let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
           let entries = object["3166-1"] as? [[String: Any]] {
            for entry in entries {
                guard let code = entry["alpha_2"] as? String else { continue }
                names[code] = [entry["common_name"], entry["name"]].compactMap { $0 as? String }
            }
        }
        countryNames = names
    }

    /// The languages gettext would try for `environment`, most wanted first, each also without its
    /// country ("de_CH" then "de"); empty for C and POSIX.
    static func languages(_ environment: [String: String]) -> [String] {
        func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        let locale = value("LC_ALL") ?? value("LC_MESSAGES") ?? value("LANG") ?? ""
        let base = String(locale.prefix { $0 != "." && $0 != "@" })
        if base.isEmpty || base == "C" || base == "POSIX" { return [] }
        let wanted = value("LANGUAGE").map { $0.split(separator: ":").map(String.init) } ?? [base]
        var out: [String] = []
        for language in wanted where !language.isEmpty {
            let plain = String(language.prefix { $0 != "." && $0 != "@" })
            for form in [plain, String(plain.prefix { $0 != "_" })] where !out.contains(form) { out.append(form) }
        }
        return out
    }

    /// The country of `code` in this language; `english` without a translation.
    public func country(code: String, english: String) -> String {
        guard !countries.isEmpty else { return english }
        for name in (countryNames[code] ?? []) + [english] {
            if let local = countries[name], !local.isEmpty { return local }
        }
        return english
    }

    /// The region named `english` in this language, where iso-codes translates that name
    /// (compared folded: "Zurich" is ISO's "Zürich").
    public func region(_ english: String) -> String {
        guard !regions.isEmpty else { return english }
        var folder = NameFolder()
        return regions[folder.fold(english)] ?? english
    }
}

extension Place {
    /// The country's name in the user's language (`LocalNames`).
    public func localCountryName(_ names: LocalNames = .current) -> String {
        countryName.isEmpty ? countryName : names.country(code: countryCode, english: countryName)
    }

    /// A country's name in the user's language; any other place's name as the data gives it.
    public func localName(_ names: LocalNames = .current) -> String {
        kind == .country ? names.country(code: countryCode, english: name) : name
    }

    /// `whereabouts` with the region and the country in the user's language: "Zürich, Schweiz".
    public func localWhereabouts(_ names: LocalNames = .current) -> String {
        whereabouts(region: region.map(names.region), country: localCountryName(names))
    }
}
