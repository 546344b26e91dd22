import TouchDeskInterface
import Foundation
import TouchDeskGlobe
import TouchDeskPlaces
import TouchDeskToolkit

/// `touchdesk globe --sea-level M --report [--place NAME]`: what a sea level means, as JSON on
/// stdout, for scripts and teachers, without an X server. The same figures as the panel: the
/// share of today's land under water, the land gained below today, the places under water
/// (largest first, by the flooded-places list's rule) and, with a place, its height and the
/// level at which it floods.
public nonisolated enum GlobeReport {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The report as JSON text (keys sorted). `notes` hears what the user should know on stderr
    /// (a first run building the cache, data sets that are missing).
    /// A level between two whole metres reads the relief and the places at the lower one
    /// (`SeaLevel.gridLevel`, written as `relief_level_m`).
    public static func json(level metres: Double, placeName: String?, cacheDirectory: String,
                            notes: (String) -> Void = { _ in }) throws(Failure) -> String {
        guard metres.isFinite, SeaLevel.metresRange.contains(metres) else {
            throw Failure(description: tr("--sea-level takes metres from {0} to +{1}, not {2}", "\(SeaLevel.lowest)", "\(SeaLevel.highest)", "\(metres)"))
        }
        let level = SeaLevel.gridLevel(metres)
        let globe: GlobeData
        do {
            let loaded = try GlobeCache.loadOrBuild(directory: cacheDirectory) { step in
                if step != .checkingCache { notes(step.description + "…") }
            }
            globe = loaded.data
        } catch {
            throw Failure(description: "\(error)")
        }
        if let missing = globe.missingData { notes(missing) }
        var index: PlaceIndex?
        do throws(PlacesError) {
            index = try PlaceIndexCache.load(cacheFolder: cacheDirectory).index
        } catch {
            if placeName != nil { throw Failure(description: tr("--place needs the place index: {0}", "\(error)")) }
            notes("places_under_water is empty: \(error)")
        }
        var place: Place?
        if let placeName {
            guard let found = index?.bestMatch(for: placeName) else { throw Failure(description: tr("no place matches \"{0}\"", echoed(placeName))) }
            place = found
        }
        let flooded = index.flatMap { FloodedPlaces(index: $0, globe: globe) }
        var under: [Entry] = []
        if let index, let flooded, level > 0 {
            for i in flooded.ids.indices where Int(flooded.levels[i]) <= level {
                under.append(Entry(place: index.place(Int(flooded.ids[i]))))
            }
        }
        let report = Report(
            seaLevel: SeaLevel.rounded(metres), reliefLevel: level,
            underWater: (globe.landShareUnderWater(level: level) * 100).roundedTo(3),
            gained: (globe.landShareGained(level: level) * 100).roundedTo(3),
            bridges: globe.landBridges(at: level).map(\.bridge.name),
            places: under,
            place: place.map { PlaceEntry(place: $0, globe: globe) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(report), as: UTF8.self)
        } catch {
            throw Failure(description: tr("cannot write the report: {0}", "\(error)"))
        }
    }

    struct Report: Encodable {
        var seaLevel: Double
        var reliefLevel: Int
        var underWater: Double
        var gained: Double
        var bridges: [String]
        var places: [Entry]
        var place: PlaceEntry?

        enum CodingKeys: String, CodingKey {
            case seaLevel = "sea_level_m", reliefLevel = "relief_level_m", underWater = "land_under_water_percent", gained = "land_gained_percent"
            case bridges = "land_bridges", places = "places_under_water", place
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(seaLevel, forKey: .seaLevel)
            try c.encode(reliefLevel, forKey: .reliefLevel)
            try c.encode(underWater, forKey: .underWater)
            try c.encode(gained, forKey: .gained)
            try c.encode(bridges, forKey: .bridges)
            try c.encode(places, forKey: .places)
            try c.encodeIfPresent(place, forKey: .place)
        }
    }

    struct Entry: Encodable {
        var name: String, country: String, population: Int, lat: Double, lon: Double

        init(place: Place) {
            name = place.name; country = place.countryName; population = place.population
            lat = place.coordinate.latitude.roundedTo(4); lon = place.coordinate.longitude.roundedTo(4)
        }
    }

    struct PlaceEntry: Encodable {
        var name: String, country: String, lat: Double, lon: Double, elevation: Int?, floodsAt: Int?, heightFrom: String

        init(place: Place, globe: GlobeData) {
            name = place.name; country = place.countryName
            lat = place.coordinate.latitude.roundedTo(4); lon = place.coordinate.longitude.roundedTo(4)
            let point = GeoPoint(latitude: place.coordinate.latitude, longitude: place.coordinate.longitude)
            let height = globe.placeHeight(at: point)
            elevation = height.source == .tooSmallForTheGrid ? nil : Int(height.metres.rounded())
            floodsAt = globe.placeFloodLevel(at: point)
            switch height.source {
            case .relief: heightFrom = "relief"
            case .landAround: heightFrom = "land around"
            case .airfield(let name, _): heightFrom = "airfield: " + name
            case .tooSmallForTheGrid: heightFrom = "too small for the grid"
            }
        }

        enum CodingKeys: String, CodingKey {
            case name, country, lat, lon, elevation = "elevation_m", floodsAt = "floods_at_m", heightFrom = "height_from"
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(name, forKey: .name)
            try c.encode(country, forKey: .country)
            try c.encode(lat, forKey: .lat)
            try c.encode(lon, forKey: .lon)
            // null for an island too small for the grid whose height is not known
            try c.encode(elevation, forKey: .elevation)
            try c.encode(heightFrom, forKey: .heightFrom)
            // null when it stays dry even at +9,000 m
            try c.encode(floodsAt, forKey: .floodsAt)
        }
    }
}

private extension Double {
    nonisolated func roundedTo(_ digits: Int) -> Double {
        let f = pow(10, Double(digits))
        return (self * f).rounded() / f
    }
}
