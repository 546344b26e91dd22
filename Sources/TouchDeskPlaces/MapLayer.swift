/// A closed outline with the holes cut out of it (Italy around San Marino and the Vatican).
public struct MapPolygon: Sendable {
    public var outer: [GeoCoordinate]
    public var holes: [[GeoCoordinate]]
    public var bounds: GeoBounds

    public init(outer: [GeoCoordinate], holes: [[GeoCoordinate]]) {
        self.outer = outer
        self.holes = holes
        self.bounds = MapLayer.bounds(of: outer) ?? GeoBounds(south: 0, west: 0, north: 0, east: 0)
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

    /// The index of the first feature whose area holds `point`.
    public func feature(containing point: GeoCoordinate) -> Int? {
        features.firstIndex { $0.contains(point) }
    }

    static func bounds(of points: [GeoCoordinate]) -> GeoBounds? {
        guard let first = points.first else { return nil }
        var box = GeoBounds(first)
        for p in points.dropFirst() { box.include(p) }
        return box
    }
}
