import Foundation
import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskPlaces

/// Draws the Natural Earth world for one projection: sea, countries in their map colours (one
/// highlighted), lakes, urban areas, rivers, state lines, borders, coastlines, a graticule, and
/// labels of the largest cities that fit without overlapping.
///
/// Outlines are projected and simplified once per zoom level (a power of two of points per
/// degree), to half a point at that level, and kept; a frame between levels only scales them.
/// Panning is a translation, so nothing is projected again until the zoom crosses a level.
final class MapPainter {
    let map: WorldMap
    /// The projected world per level; the two most recent are kept.
    private var levels: [Int: ProjectedWorld] = [:]
    private var levelOrder: [Int] = []

    init(map: WorldMap) {
        self.map = map
    }

    // MARK: - Colours

    static let sea = Color(hex: 0xa9cbe3)
    static let land = Color(hex: 0xefe9dc)
    static let lake = Color(hex: 0xa9cbe3)
    static let coast = Color(hex: 0x4f7ea3)
    static let border = Color(hex: 0x6e6258)
    static let stateLine = Color(hex: 0x9a8f84)
    static let river = Color(hex: 0x6a9fc9)
    static let urban = Color(hex: 0xd9b99b)
    static let graticule = Color(1, 1, 1, 0.45)
    static let highlight = Color(hex: 0xf7d68a)
    /// Soft political colours for Natural Earth's map-colour index (1…): neighbours differ.
    static let palette: [Color] = [
        Color(hex: 0xf3e3b5), Color(hex: 0xd6e6c3), Color(hex: 0xf2cfc4), Color(hex: 0xd9d2e9),
        Color(hex: 0xc9e2e0), Color(hex: 0xf6d7a8), Color(hex: 0xe5e2b8), Color(hex: 0xe9c9d8),
        Color(hex: 0xcfe0f0), Color(hex: 0xdfeaa8), Color(hex: 0xf0dccb), Color(hex: 0xd3d8c2),
        Color(hex: 0xe8d0b0),
    ]

    static func color(forIndex i: UInt8?) -> Color {
        guard let i, i > 0 else { return land }
        return palette[(Int(i) - 1) % palette.count]
    }

    // MARK: - Levels

    /// The level for a scale: ⌊log2(points per degree)⌋, on a grid of powers of two from 1/8.
    static func level(for scale: Double) -> Int { Int(floor(log2(max(scale, 0.125)))) }

    /// The world projected for `scale`'s level, built on first use.
    func world(for scale: Double) -> ProjectedWorld {
        let l = Self.level(for: scale)
        if let w = levels[l] { return w }
        let w = ProjectedWorld(map: map, scale: pow(2, Double(l)))
        levels[l] = w
        levelOrder.removeAll { $0 == l }
        levelOrder.append(l)
        while levelOrder.count > 2 { levels.removeValue(forKey: levelOrder.removeFirst()) }
        return w
    }

    // MARK: - Drawing

    /// Draws the map for `p` into (0, 0)–(p.width, p.height) of `cr`'s user space.
    /// `highlight` is a feature of the countries layer to mark; `labels` the candidates, most important first.
    func draw(_ cr: CairoContext, _ p: MapProjection, highlight: Int?, labels: [PlacesLoader.LabelCandidate], marked: Place?) {
        cr.fill(Rect(x: 0, y: 0, width: p.width, height: p.height), Self.sea)
        let world = world(for: p.scale)
        let ratio = p.scale / world.scale
        let view = p.visibleBounds
        let firstCopy = Int(floor((view.west + 180) / 360)), lastCopy = Int(floor((view.east + 180) / 360))
        cr.save()
        cr.clip(to: Rect(x: 0, y: 0, width: p.width, height: p.height))
        cr.setLineJoin(.round)
        cr.setFillRule(.evenOdd)
        for copy in firstCopy...max(firstCopy, lastCopy) {
            let offset = Double(copy) * 360
            // The view in this copy's own longitudes.
            let box = GeoBounds(south: view.south, west: view.west - offset, north: view.north, east: view.east - offset)
            cr.save()
            cr.translate(p.width / 2 + (offset - p.center.longitude) * p.scale, p.height / 2 + p.center.latitude * p.scale)
            cr.scale(ratio, ratio)
            drawLayers(cr, world, box: box, ratio: ratio, pointsPerDegree: p.scale, highlight: highlight)
            cr.restore()
        }
        drawGraticule(cr, p)
        drawLabels(cr, p, labels: labels, marked: marked)
        cr.restore()
    }

    private func drawLayers(_ cr: CairoContext, _ w: ProjectedWorld, box: GeoBounds, ratio: Double, pointsPerDegree s: Double,
                            highlight: Int?) {
        Self.land.set(cr)
        w.land.fillAll(cr, in: box)
        for f in w.countriesBySize where f.bounds.intersects(box) {
            (f.index == highlight ? Self.highlight : Self.color(forIndex: f.color)).set(cr)
            w.countries.path(cr, f)
            cr.fill()
        }
        if s >= 6 {
            Self.urban.set(cr)
            w.urbanAreas.fillAll(cr, in: box)
        }
        Self.lake.set(cr)
        w.lakes.fillAll(cr, in: box)
        if s >= 3 {
            cr.setLineWidth(min(1.2, 0.35 + s / 120) / ratio)
            Self.river.set(cr)
            w.rivers.strokeAll(cr, in: box)
        }
        if s >= 10 {
            cr.setLineWidth(0.6 / ratio)
            Self.stateLine.set(cr)
            cr.setDash([3 / ratio, 2 / ratio])
            w.stateLines.strokeAll(cr, in: box)
            cr.setDash([])
        }
        cr.setLineWidth(0.8 / ratio)
        Self.border.set(cr)
        w.borders.strokeAll(cr, in: box)
        cr.setLineWidth(0.7 / ratio)
        Self.coast.set(cr)
        w.coastline.strokeAll(cr, in: box)
        if let highlight, let f = w.countries.features.first(where: { $0.index == highlight }), f.bounds.intersects(box) {
            cr.setLineWidth(1.8 / ratio)
            Color(hex: 0xc0392b, alpha: 0.8).set(cr)
            w.countries.path(cr, f)
            cr.stroke()
        }
    }

    /// Lines every 30°, 10°, 5°, 2° or 1°, so they stay 60 to 150 points apart.
    private func drawGraticule(_ cr: CairoContext, _ p: MapProjection) {
        let step = [30.0, 10, 5, 2, 1, 0.5, 0.25].first { $0 * p.scale < 150 && $0 * p.scale >= 40 }
            ?? (30 * p.scale < 40 ? 30 : 0.25)
        let view = p.visibleBounds
        cr.setLineWidth(0.6)
        Self.graticule.set(cr)
        var lon = (view.west / step).rounded(.up) * step
        while lon <= view.east {
            let x = p.width / 2 + (lon - p.center.longitude) * p.scale
            cr.moveTo(x, max(0, p.height / 2 - (90 - p.center.latitude) * p.scale))
            cr.lineTo(x, min(p.height, p.height / 2 - (-90 - p.center.latitude) * p.scale))
            lon += step
        }
        var lat = (max(-90, view.south) / step).rounded(.up) * step
        while lat <= min(90, view.north) {
            let y = p.height / 2 - (lat - p.center.latitude) * p.scale
            cr.moveTo(0, y)
            cr.lineTo(p.width, y)
            lat += step
        }
        cr.stroke()
    }

    // MARK: - Labels

    /// A city label: the dot, and the text box beside it.
    struct Label {
        var place: PlacesLoader.LabelCandidate
        var dot: Point
        var box: Rect
        var layout: TextLayout
    }

    static func labelFont(population: Int) -> Font {
        population >= 5_000_000 ? Font(size: 13, weight: .bold) : Font(size: population >= 1_000_000 ? 12 : 11)
    }

    /// The labels that fit in `p`, most populous first, none overlapping another or `reserved`.
    static func labels(for p: MapProjection, candidates: [PlacesLoader.LabelCandidate], reserved: [Rect] = [], limit: Int? = nil) -> [Label] {
        let maxCount = limit ?? max(4, Int(p.width * p.height / 9000))
        var placed: [Label] = []
        var taken = reserved
        // Cities below this show only when zoomed in: at world scale a 5000-person town is noise.
        let minPopulation = p.scale >= 40 ? 0 : p.scale >= 12 ? 50_000 : 300_000
        for c in candidates {
            if c.population < minPopulation { break }
            let (x, y) = p.point(for: c.coordinate)
            guard x >= 2, y >= 2, x <= p.width - 2, y <= p.height - 2 else { continue }
            let font = labelFont(population: c.population)
            let dotBox = Rect(x: x - 3, y: y - 3, width: 6, height: 6)
            // A cheap guess first (a label is at least this big): most candidates stop here, and
            // Pango lays out only the few that may fit.
            let guess = Rect(x: x + 5, y: y - font.size * 0.6, width: Double(c.name.count) * font.size * 0.45, height: font.size * 1.2)
            if taken.contains(where: { $0.overlaps(dotBox) }) { continue }
            if guess.maxX <= p.width - 2, taken.contains(where: { $0.overlaps(guess) }) { continue }
            let layout = Text.layout(c.name, font: font)
            var box = Rect(x: x + 5, y: y - layout.height / 2, width: layout.width, height: layout.height)
            if box.maxX > p.width - 2 { box.x = x - 5 - layout.width }
            let padded = box.insetBy(-3)
            if taken.contains(where: { $0.overlaps(padded) }) { continue }
            taken.append(padded)
            taken.append(dotBox)
            placed.append(Label(place: c, dot: Point(x, y), box: box, layout: layout))
            if placed.count >= maxCount { break }
        }
        return placed
    }

    private func drawLabels(_ cr: CairoContext, _ p: MapProjection, labels candidates: [PlacesLoader.LabelCandidate], marked: Place?) {
        var reserved: [Rect] = []
        if let marked {
            // Leave room for the marker's own label.
            let (x, y) = p.point(for: marked.coordinate)
            reserved.append(Rect(x: x - 12, y: y - 40, width: 24 + Text.width(marked.name, size: 15, weight: .bold), height: 48))
        }
        for l in Self.labels(for: p, candidates: candidates, reserved: reserved) {
            Color(hex: 0x2b2b2b).set(cr)
            cr.circle(l.dot, 2.2)
            cr.fill()
            Self.haloText(cr, l.layout, x: l.box.x, y: l.box.y, color: Color(hex: 0x1d1d1d))
        }
    }

    /// Text with a light halo, readable over any map colour.
    static func haloText(_ cr: CairoContext, _ layout: TextLayout, x: Double, y: Double, color: Color,
                         halo: Color = Color(1, 1, 1, 0.8)) {
        for (dx, dy) in [(-1.0, 0.0), (1, 0), (0, -1), (0, 1)] {
            cr.draw(layout, x: x + dx, y: y + dy, color: halo)
        }
        cr.draw(layout, x: x, y: y, color: color)
    }
}

/// The map's layers projected at one level's scale (x = longitude·scale, y = −latitude·scale)
/// and simplified to half a point there.
final class ProjectedWorld {
    let scale: Double
    let land, countries, lakes, urbanAreas, rivers, stateLines, borders, coastline: ProjectedLayer
    /// The countries, largest box first, so an enclave drawn without a hole lands on top.
    let countriesBySize: [ProjectedLayer.Feature]

    init(map: WorldMap, scale: Double) {
        self.scale = scale
        let tolerance = 0.5
        land = ProjectedLayer(map[.land], scale: scale, tolerance: tolerance)
        countries = ProjectedLayer(map[.countries], scale: scale, tolerance: tolerance)
        lakes = ProjectedLayer(map[.lakes], scale: scale, tolerance: tolerance)
        urbanAreas = ProjectedLayer(map[.urbanAreas], scale: scale, tolerance: tolerance)
        rivers = ProjectedLayer(map[.rivers], scale: scale, tolerance: tolerance)
        stateLines = ProjectedLayer(map[.stateLines], scale: scale, tolerance: tolerance)
        borders = ProjectedLayer(map[.borders], scale: scale, tolerance: tolerance)
        coastline = ProjectedLayer(map[.coastline], scale: scale, tolerance: tolerance)
        countriesBySize = countries.features.sorted { $0.area > $1.area }
    }

    /// How many points the level keeps (for the benchmark).
    var pointCount: Int {
        [land, countries, lakes, urbanAreas, rivers, stateLines, borders, coastline].reduce(0) { $0 + $1.xs.count }
    }
}

/// One layer's shapes as flat arrays of projected points, with each feature's box for culling.
struct ProjectedLayer {
    struct Shape {
        var start: Int
        var count: Int
        var closed: Bool
    }

    struct Feature {
        /// The feature's number in its `MapLayer`.
        var index: Int
        var color: UInt8?
        var bounds: GeoBounds
        var area: Double
        var shapes: Range<Int>
    }

    private(set) var xs: [Double] = []
    private(set) var ys: [Double] = []
    private(set) var shapes: [Shape] = []
    private(set) var features: [Feature] = []

    init(_ layer: MapLayer, scale: Double, tolerance: Double) {
        for (i, f) in layer.features.enumerated() {
            guard let b = f.bounds else { continue }
            let first = shapes.count
            for poly in f.polygons {
                add(poly.outer, closed: true, scale: scale, tolerance: tolerance)
                for h in poly.holes { add(h, closed: true, scale: scale, tolerance: tolerance) }
            }
            for r in f.rings { add(r, closed: true, scale: scale, tolerance: tolerance) }
            for l in f.lines { add(l, closed: false, scale: scale, tolerance: tolerance) }
            if shapes.count > first {
                features.append(Feature(index: i, color: f.colorIndex, bounds: b,
                                        area: (b.north - b.south) * (b.east - b.west), shapes: first..<shapes.count))
            }
        }
    }

    /// Keeps a point only when it is `tolerance` away (Manhattan) from the last one kept, and
    /// always the last; drops rings that shrink below a triangle (islands smaller than a point).
    private mutating func add(_ points: [GeoCoordinate], closed: Bool, scale: Double, tolerance: Double) {
        guard points.count >= 2 else { return }
        let start = xs.count
        var lx = points[0].longitude * scale, ly = -points[0].latitude * scale
        xs.append(lx); ys.append(ly)
        let last = points.count - 1
        for i in 1...last {
            let x = points[i].longitude * scale, y = -points[i].latitude * scale
            if abs(x - lx) + abs(y - ly) >= tolerance || i == last {
                xs.append(x); ys.append(y)
                lx = x; ly = y
            }
        }
        let n = xs.count - start
        if n < (closed ? 4 : 2) {
            xs.removeLast(n); ys.removeLast(n)
            return
        }
        shapes.append(Shape(start: start, count: n, closed: closed))
    }

    /// Adds a feature's shapes to the current path.
    func path(_ cr: CairoContext, _ f: Feature) {
        xs.withUnsafeBufferPointer { xs in
            ys.withUnsafeBufferPointer { ys in
                for s in shapes[f.shapes] {
                    cr.moveTo(xs[s.start], ys[s.start])
                    for i in (s.start + 1)..<(s.start + s.count) { cr.lineTo(xs[i], ys[i]) }
                    if s.closed { cr.closePath() }
                }
            }
        }
    }

    /// Fills every feature in `box` with the current colour, as one path.
    func fillAll(_ cr: CairoContext, in box: GeoBounds) {
        for f in features where f.bounds.intersects(box) { path(cr, f) }
        cr.fill()
    }

    /// Strokes every feature in `box` with the current pen, as one path.
    func strokeAll(_ cr: CairoContext, in box: GeoBounds) {
        for f in features where f.bounds.intersects(box) { path(cr, f) }
        cr.stroke()
    }
}

extension GeoBounds {
    func intersects(_ o: GeoBounds) -> Bool {
        west <= o.east && o.west <= east && south <= o.north && o.south <= north
    }
}

private extension Rect {
    func overlaps(_ o: Rect) -> Bool { x < o.maxX && o.x < maxX && y < o.maxY && o.y < maxY }
}
