import Foundation
import TouchDeskPlaces

/// Heights for places on islands too small for the grid (atolls, reef islands: no cell of today's
/// land within one 5′ cell, the relief's cells there are sea floor): the surveyed height of an
/// airfield within `radiusKilometres` that is itself too small for the grid, from PyPI
/// `airportsdata` (scripts/data/places installs it for Map Search). Malé takes Velana's 2 m,
/// Majuro its airfield's. Read on first use (28,000 rows, some tens of milliseconds).
final class IslandHeights: Sendable {
    static let shared = IslandHeights(fields: AirfieldHeight.read(path: PyPIData.locate("airportsdata/airports.csv",
                                                                                          environment: ProcessInfo.processInfo.environment)))
    static let radiusKilometres = 5.0

    /// The airfields by whole degree of latitude.
    private let byLatitude: [Int: [AirfieldHeight]]

    init(fields: [AirfieldHeight]) {
        byLatitude = Dictionary(grouping: fields) { Int($0.coordinate.latitude.rounded(.down)) }
    }

    /// The nearest airfield within the radius that the grid does not resolve either.
    func nearest(to point: GeoPoint, on globe: GlobeData) -> (name: String, metres: Double, kilometres: Double)? {
        let band = Int(point.latitude.rounded(.down))
        var best: (name: String, metres: Double, kilometres: Double)?
        let here = GeoCoordinate(latitude: point.latitude, longitude: point.longitude)
        for b in (band - 1)...(band + 1) {
            for f in byLatitude[b] ?? [] {
                let km = here.distance(to: f.coordinate)
                guard km <= Self.radiusKilometres, km < (best?.kilometres ?? .infinity) else { continue }
                if globe.placeHeight(at: GeoPoint(latitude: f.coordinate.latitude, longitude: f.coordinate.longitude), islands: false).source
                    == .tooSmallForTheGrid { best = (f.name, f.metres, km) }
            }
        }
        return best
    }
}
