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

    /// Metres above today's sea (`GlobeData.placeHeight`).
    public var elevation: Double
    /// Where the height comes from (an island too small for the grid has none of its own here).
    public var heightSource: PlaceHeight.Source
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
        let height = globe.placeHeight(at: point)
        elevation = height.metres
        heightSource = height.source
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

/// A place's height above today's sea, and where it comes from.
public struct PlaceHeight: Equatable, Sendable {
    public enum Source: Equatable, Sendable {
        /// ETOPO1 at its own 0.1°, bilinear at the point (the 5′ grid when ETOPO1 is missing).
        case relief
        /// The relief puts the point at or below the sea, but the grid's land around it, beside the
        /// ocean, stands higher: a cell's mean takes in the sea floor. The lowest of that land.
        case landAround
        /// No cell of today's land within one grid cell: an atoll or an island narrower than the
        /// grid. `metres` is the relief's (sea-floor) height; the place's own is not known here.
        case tooSmallForTheGrid
        /// Too small for the grid, but an airfield as small as it lies `kilometres` away: its
        /// surveyed height (`IslandHeights`).
        case airfield(name: String, kilometres: Double)
    }

    public var metres: Double
    public var source: Source
}

extension GlobeData {
    /// Today's land: dry today and not a lake.
    @inline(__always) func isLand(row: Int, column: Int) -> Bool {
        !isLake(row: row, column: column) && spillLevel(row: row, column: column) >= 1
    }

    /// The cells around the one nearest `point` (itself included), the columns wrapped.
    func forEachCellAround(_ point: GeoPoint, _ body: (_ row: Int, _ column: Int) -> Void) {
        let (row, column) = nearestCell(point)
        for r in max(0, row - 1)...min(height - 1, row + 1) {
            for dc in -1...1 { body(r, (column + dc + width) % width) }
        }
    }

    /// ETOPO1 at its own 0.1°, bilinear at `point`; nil when the globe was built without it.
    public func fineElevation(at point: GeoPoint) -> Double? {
        guard sources.contains(.placeHeights) else { return nil }
        let p = point.normalized
        var x = p.longitude / 360 * Double(fineStride - 1)
        if x < 0 { x += Double(fineStride - 1) }
        let y = (p.latitude + 90) / 180 * Double(fineRows - 1)
        let x0 = min(Int(x), fineStride - 2), y0 = min(Int(y), fineRows - 2)
        let i = y0 * fineStride + x0
        func e(_ k: Int) -> Double { Double(fine[k]) }
        return Self.bilinear(e(i), e(i + 1), e(i + fineStride), e(i + fineStride + 1), x - Double(x0), y - Double(y0))
    }

    /// No land beside the open sea lies more than a few metres below it (the Netherlands' lowest
    /// polder: −6.7 m); a land cell on the coast lower than this is sea floor under an island
    /// too small for its 9 km cell (Saint Martin's reads −189 m).
    static let lowestCoastalLand = -10

    /// Whether a cell touches today's ocean.
    func touchesOcean(row: Int, column: Int) -> Bool {
        var ocean = false
        PriorityFlood.forEachNeighbour(row, column, width, height) { j in
            let r = j / width, c = j % width
            if !isLake(row: r, column: c) && spillLevel(row: r, column: c) <= 0 { ocean = true }
        }
        return ocean
    }

    /// A place's height: ETOPO1 at its own resolution where the globe has it, never the 5′
    /// display grid. Beside today's ocean, where the relief puts the point at or below the sea
    /// but the grid holds land higher around it, its own cell's height if that is land above the
    /// sea, else the lowest of that land (a cell's mean takes in the sea floor: a coastal town
    /// stands at the land's low edge); a polder, whose land around
    /// is as low, and a depression inland (the Dead Sea's shore, Death Valley) keep their own.
    /// With no land cell around (an atoll), an airfield's height (`IslandHeights`) if there is one.
    /// `islands: false` leaves the airfields out.
    public func placeHeight(at point: GeoPoint, islands: Bool = true) -> PlaceHeight {
        let relief = fineElevation(at: point) ?? elevation(at: point)
        var lowestAbove: Double?, land = 0, ocean = false
        forEachCellAround(point) { r, c in
            if !isLake(row: r, column: c) && spillLevel(row: r, column: c) <= 0 { ocean = true }
            guard isLand(row: r, column: c) else { return }
            let e = Int(elevation(row: r, column: c))
            if e < Self.lowestCoastalLand && touchesOcean(row: r, column: c) { return }
            land += 1
            if e > 0 { lowestAbove = min(lowestAbove ?? .infinity, Double(e)) }
        }
        if land == 0 {
            if islands, let field = IslandHeights.shared.nearest(to: point, on: self) {
                return PlaceHeight(metres: field.metres, source: .airfield(name: field.name, kilometres: field.kilometres))
            }
            return PlaceHeight(metres: relief, source: .tooSmallForTheGrid)
        }
        if relief <= 0, ocean, let lowestAbove {
            // Its own cell when that is land above the sea (raised as `MergedRelief.liftCoastalLand` does).
            let (row, column) = nearestCell(point)
            let own = Double(elevation(row: row, column: column))
            return PlaceHeight(metres: isLand(row: row, column: column) && own > 0 ? own : lowestAbove, source: .landAround)
        }
        return PlaceHeight(metres: relief, source: .relief)
    }

    /// The level at which a place goes under, as the flooded-places list counts it: when the sea
    /// has reached the cells around it (the lowest of their spill levels: where the sea first
    /// enters a closed basin, a lake's included, for a town on its shore) and has risen past the
    /// place's own height (`placeHeight`); at least +1 m. Nil when the sea never reaches it or
    /// the place is too small for the grid and its height is not known (an island's airfield's
    /// height is: then it floods when the sea passes that).
    public func placeFloodLevel(at point: GeoPoint) -> Int? {
        let height = placeHeight(at: point)
        guard height.source != .tooSmallForTheGrid else { return nil }
        var reached = Int(Int16.max)
        forEachCellAround(point) { r, c in reached = min(reached, Int(spillLevel(row: r, column: c))) }
        guard reached < Int(Int16.max) else { return nil }
        let level = max(1, Int(height.metres.rounded(.up)), reached)
        return level <= SeaLevel.highest ? level : nil
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
