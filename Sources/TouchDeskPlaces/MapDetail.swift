import Foundation

/// The map's layers at a few levels of detail, built once (on the loading thread) so a frame at
/// any zoom only picks a level, culls and draws: nothing is projected or simplified per frame.
///
/// Coordinates stay in degrees, laid out as the equirectangular map draws them (x = longitude,
/// y = −latitude), so a view is one scale and translation of the drawing context. Level `l`
/// serves scales from 2^l to 2^(l+1) points per degree and keeps a point only when it lies half a
/// point (Manhattan) at 2^l from the last one kept, the same rule the map always drew with.
public final class MapDetail: Sendable {
    /// The coarsest and finest levels. At 2^6 points per degree half a point is below the files'
    /// half-arc-minute grid, so finer levels would keep every point: level 6 is the data itself.
    public static let levels = -3...6

    /// Points of tolerance at a level's own scale.
    public static let tolerancePoints = 0.5

    public let layers: [Level]

    public init(map: WorldMap) {
        layers = Self.levels.map { Level(map: map, level: $0) }
    }

    /// The level for `scale` points per degree: ⌊log2 scale⌋, clamped to the levels there are.
    public static func level(for scale: Double) -> Int {
        let l = Int(floor(log2(max(scale, 1e-9))))
        return min(max(l, levels.lowerBound), levels.upperBound)
    }

    /// The detail to draw at `scale` points per degree.
    public func level(for scale: Double) -> Level {
        layers[Self.level(for: scale) - Self.levels.lowerBound]
    }

    /// Every layer of the map at one level of detail.
    public final class Level: Sendable {
        public let level: Int
        public let land, countries, lakes, urbanAreas, rivers, stateLines, borders, coastline: DetailLayer
        /// The countries, largest box first, so an enclave drawn without a hole lands on top.
        public let countriesBySize: [DetailLayer.Feature]

        init(map: WorldMap, level: Int) {
            self.level = level
            let tolerance = MapDetail.tolerancePoints / pow(2, Double(level))
            land = DetailLayer(map[.land], tolerance: tolerance)
            countries = DetailLayer(map[.countries], tolerance: tolerance)
            lakes = DetailLayer(map[.lakes], tolerance: tolerance)
            urbanAreas = DetailLayer(map[.urbanAreas], tolerance: tolerance)
            rivers = DetailLayer(map[.rivers], tolerance: tolerance)
            stateLines = DetailLayer(map[.stateLines], tolerance: tolerance)
            borders = DetailLayer(map[.borders], tolerance: tolerance)
            coastline = DetailLayer(map[.coastline], tolerance: tolerance)
            countriesBySize = countries.features.sorted { $0.area > $1.area }
        }

        /// How many points the level keeps (for the benchmark).
        public var pointCount: Int {
            [land, countries, lakes, urbanAreas, rivers, stateLines, borders, coastline].reduce(0) { $0 + $1.xs.count }
        }
    }
}

/// A box in the detail's plane: x = longitude, y = −latitude.
public struct DetailBox: Sendable, Equatable {
    public var minX, minY, maxX, maxY: Double

    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    public func intersects(_ o: DetailBox) -> Bool { minX <= o.maxX && o.minX <= maxX && minY <= o.maxY && o.minY <= maxY }
    public func contains(_ o: DetailBox) -> Bool { minX <= o.minX && o.maxX <= maxX && minY <= o.minY && o.maxY <= maxY }
}

/// One layer's shapes at one level: flat arrays of points, with a box per shape and per feature
/// for culling.
public struct DetailLayer: Sendable {
    public struct Shape: Sendable {
        public var start: Int
        public var count: Int
        public var closed: Bool
        public var box: DetailBox
    }

    public struct Feature: Sendable {
        /// The feature's number in its `MapLayer`.
        public var index: Int
        public var color: UInt8?
        public var box: DetailBox
        public var area: Double
        public var shapes: Range<Int>
    }

    public private(set) var xs: [Double] = []
    public private(set) var ys: [Double] = []
    public private(set) var shapes: [Shape] = []
    public private(set) var features: [Feature] = []

    init(_ layer: MapLayer, tolerance: Double) {
        for (i, f) in layer.features.enumerated() {
            guard let b = f.bounds else { continue }
            let first = shapes.count
            for poly in f.polygons {
                add(poly.outer, closed: true, tolerance: tolerance)
                for h in poly.holes { add(h, closed: true, tolerance: tolerance) }
            }
            for r in f.rings { add(r, closed: true, tolerance: tolerance) }
            for l in f.lines { add(l, closed: false, tolerance: tolerance) }
            if shapes.count > first {
                features.append(Feature(index: i, color: f.colorIndex,
                                        box: DetailBox(minX: b.west, minY: -b.north, maxX: b.east, maxY: -b.south),
                                        area: (b.north - b.south) * (b.east - b.west), shapes: first..<shapes.count))
            }
        }
    }

    /// Keeps a point only when it is `tolerance` away (Manhattan) from the last one kept, and
    /// always the last; drops rings that shrink below a triangle (islands smaller than a point).
    private mutating func add(_ points: [GeoCoordinate], closed: Bool, tolerance: Double) {
        guard points.count >= 2 else { return }
        let start = xs.count
        var lx = points[0].longitude, ly = -points[0].latitude
        var box = DetailBox(minX: lx, minY: ly, maxX: lx, maxY: ly)
        xs.append(lx); ys.append(ly)
        let last = points.count - 1
        for i in 1...last {
            let x = points[i].longitude, y = -points[i].latitude
            if abs(x - lx) + abs(y - ly) >= tolerance || i == last {
                xs.append(x); ys.append(y)
                lx = x; ly = y
                box.minX = min(box.minX, x); box.maxX = max(box.maxX, x)
                box.minY = min(box.minY, y); box.maxY = max(box.maxY, y)
            }
        }
        let n = xs.count - start
        if n < (closed ? 4 : 2) {
            xs.removeLast(n); ys.removeLast(n)
            return
        }
        shapes.append(Shape(start: start, count: n, closed: closed, box: box))
    }
}

/// Cuts a shape to a box (Sutherland–Hodgman, one side of the box at a time), so a frame zoomed
/// into a continent hands the drawing library the few hundred points in view, not the
/// continent's outline. A closed shape stays closed, its cut edges running along the box; an
/// open line's hidden stretches become runs along the box too. Drawn with a box a little larger
/// than the view, those runs never show, and fills and strokes look as if the whole shape had
/// been drawn.
public struct ShapeClipper {
    /// The cut shape's points, valid until the next `clip`.
    public private(set) var points: [SIMD2<Double>] = []
    private var scratch: [SIMD2<Double>] = []

    public init() {}

    /// Cuts points `range` of (`xs`, `ys`) to `box`; the result is in `points` (empty when nothing is left).
    public mutating func clip(xs: [Double], ys: [Double], range: Range<Int>, closed: Bool, to box: DetailBox) {
        points.removeAll(keepingCapacity: true)
        for i in range { points.append(SIMD2(xs[i], ys[i])) }
        // Each side: which coordinate (0 x, 1 y), where, and whether inside is above it.
        for (axis, bound, keepAbove) in [(0, box.minX, true), (0, box.maxX, false), (1, box.minY, true), (1, box.maxY, false)] {
            guard !points.isEmpty else { return }
            swap(&points, &scratch)
            points.removeAll(keepingCapacity: true)
            func inside(_ p: SIMD2<Double>) -> Bool { keepAbove ? p[axis] >= bound : p[axis] <= bound }
            func crossing(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> SIMD2<Double> {
                let t = (bound - a[axis]) / (b[axis] - a[axis])
                var p = a + (b - a) * t
                p[axis] = bound
                return p
            }
            var prev = closed ? scratch[scratch.count - 1] : scratch[0]
            var prevInside = inside(prev)
            if !closed && prevInside { points.append(prev) }
            for cur in scratch.dropFirst(closed ? 0 : 1) {
                let curInside = inside(cur)
                if curInside {
                    if !prevInside { points.append(crossing(prev, cur)) }
                    points.append(cur)
                } else if prevInside {
                    points.append(crossing(prev, cur))
                }
                prev = cur
                prevInside = curInside
            }
        }
    }
}
