import Foundation

/// "Is my home beach-front?": a place's height, the sea level at which it goes under, and where
/// the sea is at the current level.
public struct PlaceReadout: Equatable, Sendable {
    /// Where the place stands at the current level.
    public enum Situation: Equatable, Sendable {
        /// The sea has reached it (the flooded-places list has it too).
        case underWater
        /// In a lake that the sea has not reached.
        case inALake
        /// Dry, with the sea within `coastKilometres` (a grid cell).
        case onTheCoast
        /// Dry, the sea this many kilometres away (nil: further than `searchKilometres`).
        case inland(kilometres: Double?)
    }

    /// Metres above today's sea, bilinear between the grid's cells.
    public var elevation: Double
    /// The lowest level at which the sea reaches it, as the flooded-places list counts it (nil:
    /// not even at +9,000 m, or a point out at sea). For a lake, the level the sea spills into it.
    public var floodsAt: Int?
    public var situation: Situation
    /// Below this many metres from the level at which it floods, the data cannot tell (±).
    public var accuracy: Int

    /// The sea closer than this counts as "on the coast": about one 5′ cell.
    public static let coastKilometres = 10.0
    /// How far the nearest sea is looked for.
    public static let searchKilometres = 1500.0

    public init(point: GeoPoint, level: Int, on globe: GlobeData) {
        elevation = globe.elevation(at: point)
        let lake = globe.isLake(at: point)
        // A lake's own level is where the sea spills into it.
        floodsAt = lake ? globe.spillLevel(at: point) : globe.placeFloodLevel(at: point)
        accuracy = globe.sources.verticalAccuracy
        if let f = floodsAt, level > 0, f <= level {
            situation = .underWater  // the flooded-places list's own rule
        } else if lake, (floodsAt ?? .max) > level {
            situation = .inALake
        } else if floodsAt == nil, globe.isUnderWater(point, level: level) {
            situation = .underWater  // a point out at sea
        } else {
            let km = globe.distanceToSea(from: point, level: level, within: Self.searchKilometres)
            if let km, km <= Self.coastKilometres { situation = .onTheCoast } else { situation = .inland(kilometres: km) }
        }
    }

    /// Whether the level is within the data's accuracy of the place's flood level: "it may or may
    /// not be under water; the heights cannot tell".
    public func isUncertain(at level: Int) -> Bool {
        guard let floodsAt else { return false }
        return abs(level - floodsAt) < accuracy
    }
}

extension GlobeData {
    /// The level at which a place goes under, as the flooded-places list counts it. The grid
    /// puts a few harbour cities in the sea already today (their point's bilinear height is below
    /// the water at 0 m): such a place takes the level at which the land around it, 5 km away in
    /// eight directions, goes under (the highest of those dry today); nil with no dry land around.
    public func placeFloodLevel(at point: GeoPoint) -> Int? {
        guard let own = floodLevel(at: point) else { return nil }
        if own > 0 { return own }
        let step = 0.045  // degrees of latitude: 5 km
        let east = step / max(0.2, cos(point.latitude * .pi / 180))
        var best: Int?
        for (dy, dx) in [(1.0, 0.0), (-1, 0), (0, 1), (0, -1), (0.7, 0.7), (0.7, -0.7), (-0.7, 0.7), (-0.7, -0.7)] {
            let p = GeoPoint(latitude: min(90, max(-90, point.latitude + dy * step)), longitude: point.longitude + dx * east)
            if let level = floodLevel(at: p), level > 0 { best = max(best ?? 0, level) }
        }
        return best
    }

    /// Kilometres from `point` to the centre of the nearest cell the sea covers at `level` (lakes
    /// the sea has not reached do not count), or nil when there is none within `limit` km.
    public func distanceToSea(from point: GeoPoint, level: Int, within limit: Double) -> Double? {
        let (row, column) = nearestCell(point)
        let kmPerRow = 180 / Double(height - 1) * .pi / 180 * Self.earthRadiusKm
        let rows = Int(limit / kmPerRow) + 1
        let lat0 = point.latitude * .pi / 180, lon0 = point.longitude * .pi / 180
        var best: Double?
        for r in max(0, row - rows)...min(height - 1, row + rows) {
            let lat = (-90 + Double(r) * 180 / Double(height - 1)) * .pi / 180
            // Columns within reach on this row (all of them near the poles).
            let perColumn = 2 * .pi / Double(width) * Self.earthRadiusKm * max(cos(lat), 1e-6)
            let columns = min(width / 2, Int(limit / perColumn) + 1)
            for dc in -columns...columns {
                var c = (column + dc) % width
                if c < 0 { c += width }
                guard Int(spillLevel(row: r, column: c)) <= level else { continue }
                let lon = Double(c) * 2 * .pi / Double(width)
                // Haversine.
                let dLat = lat - lat0, dLon = lon - lon0
                let a = sin(dLat / 2) * sin(dLat / 2) + cos(lat0) * cos(lat) * sin(dLon / 2) * sin(dLon / 2)
                let d = 2 * Self.earthRadiusKm * asin(min(1, a.squareRoot()))
                if d <= limit, d < (best ?? .infinity) { best = d }
            }
        }
        return best
    }
}
