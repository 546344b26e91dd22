import Foundation
import TouchDeskFiles

/// Country and region names in the user's language, from the gettext catalogues of Debian's
/// `iso-codes` (`iso_3166-1.mo` for countries, `iso_3166-2.mo` for regions, under
/// /usr/share/locale), read with `GettextCatalog` as the index build reads them: "Switzerland" is
/// "Schweiz" under German. A country is translated by its ISO code's English names (GeoNames'
/// "Russia" is ISO's "Russian Federation"); a region by its ISO 3166-2 name where the index
/// matched one (`Place.subdivisionName`: GeoNames' "Tuscany" is ISO's "Toscana", German
/// "Toskana"; "Bavaria" is ISO's "Bayern", which stays in Germany, whose language German is),
/// else by its name where that is the ISO name too,
/// compared folded ("Scotland"; "Zurich" for ISO's "Zürich"). Without a translation, or without
/// iso-codes, the English name stays. The language is gettext's: `LANGUAGE` (a list), else `LC_ALL`, `LC_MESSAGES`, `LANG`;
/// "de_DE.UTF-8" looks for `de_DE`, then `de`.
public struct LocalNames: Sendable {
    private let countries: [String: String]
    /// Region translations by the folded ISO name, so GeoNames' "Zurich" finds ISO's "Zürich".
    private let regions: [[UInt8]: String]
    /// Region translations by the ISO name as iso-codes writes it ("Bayern" → "Bayern", "Toscana" → "Toskana").
    private let subdivisions: [String: String]
    /// The language of `subdivisions`, without its country ("de").
    private let subdivisionLanguage: String
    /// ISO alpha-2 → the English names iso-codes translates, common name first.
    private let countryNames: [String: [String]]

    /// The names for the process's language, read once.
    public static let current = LocalNames(languages: languages(ProcessInfo.processInfo.environment))

    /// The names for the first of `languages` that iso-codes translates ("de_DE", "de"); none
    /// translated for English or an empty list.
    init(languages: [String], localeFolder: String = ISOCodesRecords.localeFolder, jsonFolder: String = ISOCodesRecords.jsonFolder) {
        func catalogue(_ domain: String) -> (language: String, translations: [String: String]) {
            for language in languages where !language.hasPrefix("en") {
                let path = localeFolder + "/" + language + "/LC_MESSAGES/" + domain + ".mo"
                if let data = try? SafeFile.read(path, maxBytes: 16 << 20), let c = GettextCatalog([UInt8](data)) {
                    return (String(language.prefix { $0 != "_" }), c.translations)
                }
            }
            return ("", [:])
        }
        countries = catalogue("iso_3166-1").translations
        var folder = NameFolder()
        var regions: [[UInt8]: String] = [:]
        let subdivisionCatalogue = catalogue("iso_3166-2")
        subdivisionLanguage = subdivisionCatalogue.language
        subdivisions = subdivisionCatalogue.translations.filter { !$0.value.isEmpty }
        for (english, local) in subdivisions { regions[folder.fold(english)] = regions[folder.fold(english)] ?? local }
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

    /// The region named `english` in this language: by its ISO 3166-2 name `subdivision` where
    /// iso-codes translates it ("Tuscany", "Toscana" → "Toskana"), or keeps it as this language's
    /// own name, in a country whose main language (`countryLanguage`) this is ("Bavaria", "Bayern"
    /// → "Bayern"; not Latvia's "Ludzas novads", which the German catalogue keeps as it is); else by
    /// `english` where that is an ISO name it translates (compared folded: "Zurich" is ISO's
    /// "Zürich"); else `english`.
    public func region(_ english: String, subdivision: String? = nil, countryLanguage: String? = nil) -> String {
        guard !regions.isEmpty else { return english }
        if let subdivision, let local = subdivisions[subdivision], local != subdivision || countryLanguage == subdivisionLanguage {
            return local
        }
        var folder = NameFolder()
        return regions[folder.fold(english)] ?? english
    }
}

extension Place {
    /// The country's name in the user's language (`LocalNames`).
    public func localCountryName(_ names: LocalNames = .current) -> String {
        countryName.isEmpty ? countryName : names.country(code: countryCode, english: countryName)
    }

    /// A country's or region's name in the user's language; any other place's name as the data gives it.
    public func localName(_ names: LocalNames = .current) -> String {
        switch kind {
        case .country: return names.country(code: countryCode, english: name)
        case .region: return names.region(name, subdivision: subdivisionName, countryLanguage: countryLanguage)
        default: return name
        }
    }

    /// The region's name in the user's language ("Bayern" for Bavaria under German); nil without one.
    public func localRegionName(_ names: LocalNames = .current) -> String? {
        region.map { names.region($0, subdivision: subdivisionName, countryLanguage: countryLanguage) }
    }

    /// `whereabouts` with the region and the country in the user's language: "Zürich, Schweiz".
    public func localWhereabouts(_ names: LocalNames = .current) -> String {
        whereabouts(region: localRegionName(names), country: localCountryName(names))
    }
}
