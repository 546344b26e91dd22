import Foundation

/// A closed outline with the holes cut out of it (Italy around San Marino and the Vatican).
public struct MapPolygon: Sendable {
    public var outer: [GeoCoordinate]
    public var holes: [[GeoCoordinate]]
    public var bounds: GeoBounds
    /// Whether the outline encloses no area: a state smaller than the file's half-arc-minute
    /// grid (the Vatican is six points on one line of latitude in the 1:50m countries).
    public var isSliver: Bool

    public init(outer: [GeoCoordinate], holes: [[GeoCoordinate]]) {
        self.outer = outer
        self.holes = holes
        self.bounds = MapLayer.bounds(of: outer) ?? GeoBounds(south: 0, west: 0, north: 0, east: 0)
        var twiceArea = 0.0
        var j = outer.count - 1
        for i in 0..<outer.count {
            twiceArea += (outer[j].longitude - outer[i].longitude) * (outer[j].latitude + outer[i].latitude)
            j = i
        }
        self.isSliver = abs(twiceArea) < 1e-9
    }

    /// Kilometres from `point` to the nearest edge of the outline (flat-earth: for short reaches).
    func distanceToOutline(from point: GeoCoordinate) -> Double {
        let kmPerDegree = GeoCoordinate.earthRadiusKilometres * .pi / 180
        let xScale = kmPerDegree * cos(point.latitude * .pi / 180)
        var best = Double.infinity
        var j = outer.count - 1
        for i in 0..<outer.count {
            let ax = (outer[j].longitude - point.longitude) * xScale, ay = (outer[j].latitude - point.latitude) * kmPerDegree
            let bx = (outer[i].longitude - point.longitude) * xScale, by = (outer[i].latitude - point.latitude) * kmPerDegree
            let dx = bx - ax, dy = by - ay
            let length2 = dx * dx + dy * dy
            let t = length2 > 0 ? max(0, min(1, -(ax * dx + ay * dy) / length2)) : 0
            let x = ax + t * dx, y = ay + t * dy
            best = min(best, (x * x + y * y).squareRoot())
            j = i
        }
        return best
    }

    /// Whether `point` lies inside the outline and outside every hole (even-odd rule).
    public func contains(_ point: GeoCoordinate) -> Bool {
        guard bounds.contains(point), Self.ring(outer, contains: point) else { return false }
        return !holes.contains { Self.ring($0, contains: point) }
    }

    static func ring(_ ring: [GeoCoordinate], contains point: GeoCoordinate) -> Bool {
        var inside = false
        var j = ring.count - 1
        for i in 0..<ring.count {
            let a = ring[i], b = ring[j]
            if (a.latitude > point.latitude) != (b.latitude > point.latitude) {
                let x = a.longitude + (point.latitude - a.latitude) / (b.latitude - a.latitude) * (b.longitude - a.longitude)
                if point.longitude < x { inside.toggle() }
            }
            j = i
        }
        return inside
    }
}

/// One record of a `.pn2` file: a country, a lake, a river… with every shape that belongs to it.
public struct MapFeature: Sendable {
    /// The record's number in its file (1-based, as written by Marble's shp2pn2).
    public var id: UInt32
    /// Natural Earth's map colour (`MAPCOLOR`-style index, 1…) where the file carries one.
    public var colorIndex: UInt8?
    public var polygons: [MapPolygon] = []
    /// Open lines: coastlines, borders, rivers.
    public var lines: [[GeoCoordinate]] = []
    /// Closed outlines given without holes (`LINEARRING` records).
    public var rings: [[GeoCoordinate]] = []
    /// Nil when the feature has no points.
    public var bounds: GeoBounds?

    public init(id: UInt32, colorIndex: UInt8?) {
        self.id = id
        self.colorIndex = colorIndex
    }

    /// Whether every outline of the feature is a sliver (it has no area to hold a point).
    public var isSliver: Bool {
        !polygons.isEmpty && rings.isEmpty && polygons.allSatisfy(\.isSliver)
    }

    public func contains(_ point: GeoCoordinate) -> Bool {
        guard let bounds, bounds.contains(point) else { return false }
        return polygons.contains { $0.contains(point) } || rings.contains { MapPolygon.ring($0, contains: point) }
    }
}

/// The features of one `.pn2` file.
public struct MapLayer: Sendable {
    public var features: [MapFeature]
    /// Nil for a layer with no points.
    public var bounds: GeoBounds?

    public init(features: [MapFeature]) {
        self.features = features
        var box: GeoBounds?
        for f in features {
            guard let b = f.bounds else { continue }
            if box == nil { box = b } else { box!.include(b) }
        }
        self.bounds = box
    }

    public var polygonCount: Int { features.reduce(0) { $0 + $1.polygons.count + $1.rings.count } }
    public var lineCount: Int { features.reduce(0) { $0 + $1.lines.count } }
    /// Every vertex of every shape.
    public var pointCount: Int {
        features.reduce(0) { total, f in
            total + f.polygons.reduce(0) { $0 + $1.outer.count + $1.holes.reduce(0) { $0 + $1.count } }
                + f.lines.reduce(0) { $0 + $1.count } + f.rings.reduce(0) { $0 + $1.count }
        }
    }

    /// How near a sliver outline (see `MapPolygon.isSliver`) a point must be for the sliver's
    /// feature to claim it: the grid's rounding (up to a step, 0.9 km, each way) plus the
    /// state's own size. The Vatican's true centre lies 2.1 km from its 1:50m sliver; central
    /// Rome (6 km) stays Italian.
    public static let sliverReachKilometres = 3.0

    /// The index of the feature whose area holds `point`: the smallest by bounding box when
    /// several do, as an enclave drawn over its surroundings without a hole cut for it would
    /// be; a feature whose only outlines are slivers claims points within
    /// `sliverReachKilometres` of them first, since Natural Earth's 1:50m Italy has no hole
    /// for the Vatican.
    public func feature(containing point: GeoCoordinate) -> Int? {
        let reach = Self.sliverReachKilometres / (GeoCoordinate.earthRadiusKilometres * .pi / 180)
        var best: (index: Int, area: Double)?
        for (i, feature) in features.enumerated() {
            guard let b = feature.bounds else { continue }
            if feature.isSliver {
                let grown = GeoBounds(south: b.south - reach, west: b.west - 2 * reach, north: b.north + reach, east: b.east + 2 * reach)
                if grown.contains(point), feature.polygons.contains(where: { $0.distanceToOutline(from: point) <= Self.sliverReachKilometres }) {
                    return i
                }
            } else if b.contains(point), feature.contains(point) {
                let area = (b.north - b.south) * (b.east - b.west)
                if best == nil || area < best!.area { best = (i, area) }
            }
        }
        return best?.index
    }

    static func bounds(of points: [GeoCoordinate]) -> GeoBounds? {
        guard let first = points.first else { return nil }
        var box = GeoBounds(first)
        for p in points.dropFirst() { box.include(p) }
        return box
    }
}
