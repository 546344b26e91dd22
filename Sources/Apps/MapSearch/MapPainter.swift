import Foundation
import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskPlaces
import TouchDeskToolkit

/// Draws the Natural Earth world for one projection: sea, countries in their map colours (one
/// highlighted), lakes, urban areas, rivers, state lines, borders, coastlines, a graticule, and
/// labels of the largest cities that fit without overlapping.
///
/// The outlines come from `MapDetail`, simplified once per level of detail when the map loads;
/// a frame picks the level for its scale, skips features whose box misses the view, cuts the
/// shapes that reach out of it to the view, and lets the drawing context's scale and
/// translation do the projection.
nonisolated final class MapPainter {
    let map: WorldMap
    let detail: MapDetail
    /// GSHHG's coastlines and rivers at city zoom, when installed.
    let coast: CoastDetail?
    /// Hill-shading at city zoom, from the globe's relief.
    let relief: MapRelief?
    /// Named seas, continents, lakes, islands, peaks and landmarks, labelled with the towns.
    var features: [PlacesLoader.FeatureLabel] = []
    /// Scratch space for cutting shapes to the view; its contents never outlive one shape.
    private var clipper = ShapeClipper()

    /// `detail` is normally built on the loading thread; without it, it is built here.
    init(map: WorldMap, detail: MapDetail? = nil, coast: CoastDetail? = nil, relief: MapRelief? = nil) {
        self.map = map
        self.detail = detail ?? MapDetail(map: map)
        self.coast = coast
        self.relief = relief
    }

    /// What another painter needs to draw the same map (on another thread).
    var parts: MapPicture.Parts { MapPicture.Parts(map: map, detail: detail, coast: coast, relief: relief, features: features) }

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

    // MARK: - Drawing

    /// Draws the map for `p` into (0, 0)–(p.width, p.height) of `cr`'s user space.
    /// `highlight` is a feature of the countries layer to mark; `labels` the candidates, most
    /// important first. `moving` draws outlines two levels coarser (two points of tolerance, a
    /// quarter of the points to stroke), for frames of a zoom in motion that the eye cannot hold.
    func draw(_ cr: CairoContext, _ p: MapProjection, highlight: Int?, labels: [PlacesLoader.LabelCandidate], marked: Place?,
              moving: Bool = false) {
        cr.fill(Rect(x: 0, y: 0, width: p.width, height: p.height), Self.sea)
        let level = detail.level(for: moving ? p.scale / 4 : p.scale)
        let s = p.scale
        let view = p.visibleBounds
        let firstCopy = Int(floor((view.west + 180) / 360)), lastCopy = Int(floor((view.east + 180) / 360))
        // Shapes are cut to the view grown by a few points, so cut edges and line ends stay out of sight.
        let pad = 6 / s
        cr.save()
        cr.clip(to: Rect(x: 0, y: 0, width: p.width, height: p.height))
        // Bevel joins: at these widths they look like round ones, and Cairo strokes them several
        // times faster (a round join is a polygon of its own at every one of thousands of vertices).
        cr.setLineJoin(.bevel)
        cr.setFillRule(.evenOdd)
        for copy in firstCopy...max(firstCopy, lastCopy) {
            let offset = Double(copy) * 360
            // The view in this copy's own longitudes.
            let box = DetailBox(minX: view.west - offset - pad, minY: -view.north - pad,
                                maxX: view.east - offset + pad, maxY: -view.south + pad)
            cr.save()
            cr.translate(p.width / 2 + (offset - p.center.longitude) * s, p.height / 2 + p.center.latitude * s)
            cr.scale(s, s)
            if let fine = coast?.bins(in: box, scale: s), fine.complete {
                drawFineLayers(cr, level, fine.bins, box: box, pointsPerDegree: s, moving: moving)
            } else {
                drawLayers(cr, level, box: box, pointsPerDegree: s, highlight: highlight)
            }
            cr.restore()
        }
        drawGraticule(cr, p)
        drawLabels(cr, p, labels: labels, marked: marked)
        cr.restore()
    }

    private func drawLayers(_ cr: CairoContext, _ w: MapDetail.Level, box: DetailBox, pointsPerDegree s: Double, highlight: Int?) {
        Self.land.set(cr)
        fillAll(cr, w.land, in: box)
        for f in w.countriesBySize where f.box.intersects(box) {
            (f.index == highlight ? Self.highlight : Self.color(forIndex: f.color)).set(cr)
            path(cr, w.countries, f, in: box)
            cr.fill()
        }
        if s >= 6 {
            Self.urban.set(cr)
            fillAll(cr, w.urbanAreas, in: box)
        }
        Self.lake.set(cr)
        fillAll(cr, w.lakes, in: box)
        if s >= 3 {
            cr.setLineWidth(min(1.2, 0.35 + s / 120) / s)
            Self.river.set(cr)
            strokeAll(cr, w.rivers, in: box)
        }
        if s >= 10 {
            cr.setLineWidth(0.6 / s)
            Self.stateLine.set(cr)
            cr.setDash([3 / s, 2 / s])
            strokeAll(cr, w.stateLines, in: box)
            cr.setDash([])
        }
        cr.setLineWidth(0.8 / s)
        Self.border.set(cr)
        strokeAll(cr, w.borders, in: box)
        cr.setLineWidth(0.7 / s)
        Self.coast.set(cr)
        strokeAll(cr, w.coastline, in: box)
        if let highlight, let f = w.countries.features.first(where: { $0.index == highlight }), f.box.intersects(box) {
            cr.setLineWidth(1.8 / s)
            cr.setLineJoin(.round)
            Color(hex: 0xc0392b, alpha: 0.8).set(cr)
            path(cr, w.countries, f, in: box)
            cr.stroke()
        }
    }

    /// The city-zoom map: GSHHG's land in one colour (Natural Earth's country shapes are too coarse
    /// to colour it by), hill-shaded, with Natural Earth's towns, borders and state lines over it,
    /// then GSHHG's rivers and shoreline. Points closer than half a point (two while moving) to
    /// the last one drawn are skipped: a full-resolution bay has more points than pixels.
    private func drawFineLayers(_ cr: CairoContext, _ w: MapDetail.Level, _ bins: [CoastDetail.Bin], box: DetailBox,
                                pointsPerDegree s: Double, moving: Bool) {
        let tolerance = (moving ? 2 : 0.5) / s
        cr.save()
        for b in bins where b.box.intersects(box) { fine(cr, b, b.land, tolerance: tolerance, close: true) }
        cr.clip()
        Self.land.set(cr)
        cr.paint()
        if !moving, let r = relief?.picture(for: box) {
            cr.save()
            cr.translate(r.x - r.dx / 2, r.y - r.dy / 2)
            cr.scale(r.dx, r.dy)
            cr.setSource(r.surface, at: 0, 0, filter: .bilinear)
            cr.paint()
            cr.restore()
        }
        Self.urban.set(cr)
        fillAll(cr, w.urbanAreas, in: box)
        cr.restore()
        Self.river.set(cr)
        for (minLevel, maxLevel, width) in [(5, 10, 0.6), (1, 4, 1.1)] {
            cr.setLineWidth(width / s)
            for b in bins where b.box.intersects(box) {
                fine(cr, b, b.rivers.filter { $0.level >= minLevel && $0.level <= maxLevel }.map(\.range), tolerance: tolerance, close: false)
            }
            cr.stroke()
        }
        cr.setLineWidth(0.8 / s)
        Self.stateLine.set(cr)
        cr.setDash([3 / s, 2 / s])
        strokeAll(cr, w.stateLines, in: box)
        cr.setDash([])
        cr.setLineWidth(1 / s)
        Self.border.set(cr)
        strokeAll(cr, w.borders, in: box)
        cr.setLineWidth(0.9 / s)
        Self.coast.set(cr)
        for b in bins where b.box.intersects(box) { fine(cr, b, b.shore, tolerance: tolerance, close: false) }
        cr.stroke()
    }

    /// Adds a GSHHG bin's shapes `ranges` to the current path, skipping points within `tolerance`
    /// (Manhattan, degrees) of the last one kept.
    private func fine(_ cr: CairoContext, _ b: CoastDetail.Bin, _ ranges: [Range<Int>], tolerance: Double, close: Bool) {
        let t = Float(tolerance)
        b.xs.withUnsafeBufferPointer { xs in
            b.ys.withUnsafeBufferPointer { ys in
                for r in ranges where r.count >= 2 {
                    var lx = xs[r.lowerBound], ly = ys[r.lowerBound]
                    cr.moveTo(Double(lx), Double(ly))
                    let last = r.upperBound - 1
                    for i in (r.lowerBound + 1)...last where abs(xs[i] - lx) + abs(ys[i] - ly) >= t || i == last {
                        lx = xs[i]; ly = ys[i]
                        cr.lineTo(Double(lx), Double(ly))
                    }
                    if close { cr.closePath() }
                }
            }
        }
    }

    /// Adds the parts of a feature's shapes inside `box` to the current path.
    private func path(_ cr: CairoContext, _ layer: DetailLayer, _ f: DetailLayer.Feature, in box: DetailBox) {
        let inside = box.contains(f.box)
        layer.xs.withUnsafeBufferPointer { xs in
            layer.ys.withUnsafeBufferPointer { ys in
                for s in layer.shapes[f.shapes] {
                    if inside || box.contains(s.box) {
                        cr.moveTo(xs[s.start], ys[s.start])
                        for i in (s.start + 1)..<(s.start + s.count) { cr.lineTo(xs[i], ys[i]) }
                    } else if s.box.intersects(box) {
                        clipper.clip(xs: layer.xs, ys: layer.ys, range: s.start..<(s.start + s.count), closed: s.closed, to: box)
                        guard clipper.points.count >= 2 else { continue }
                        let pts = clipper.points
                        cr.moveTo(pts[0].x, pts[0].y)
                        for p in pts.dropFirst() { cr.lineTo(p.x, p.y) }
                    } else {
                        continue
                    }
                    if s.closed { cr.closePath() }
                }
            }
        }
    }

    /// Fills every feature in `box` with the current colour, as one path.
    private func fillAll(_ cr: CairoContext, _ layer: DetailLayer, in box: DetailBox) {
        for f in layer.features where f.box.intersects(box) { path(cr, layer, f, in: box) }
        cr.fill()
    }

    /// Strokes every feature in `box` with the current pen, as one path.
    private func strokeAll(_ cr: CairoContext, _ layer: DetailLayer, in box: DetailBox) {
        for f in layer.features where f.box.intersects(box) { path(cr, layer, f, in: box) }
        cr.stroke()
    }

    /// Lines every 30°, 10°, 5°, 2° or 1°, so they stay 60 to 150 points apart.
    private func drawGraticule(_ cr: CairoContext, _ p: MapProjection) {
        let steps: [Double] = [30, 10, 5, 2, 1, 0.5, 0.25]
        let fallback: Double = 30 * p.scale < 40 ? 30 : 0.25
        let step: Double = steps.first { (d: Double) -> Bool in d * p.scale < 150 && d * p.scale >= 40 } ?? fallback
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
        population >= 5_000_000 ? Font(size: Theme.TextSize.label, weight: .bold)
            : Font(size: population >= 1_000_000 ? Theme.TextSize.caption : Theme.TextSize.hint)
    }

    /// The labels that fit in `p`, most populous first, none overlapping another or `reserved`.
    static func labels(for p: MapProjection, candidates: [PlacesLoader.LabelCandidate], reserved: [Rect] = [], limit: Int? = nil) -> [Label] {
        let maxCount = limit ?? max(4, Int(p.width * p.height / 9000))
        var placed: [Label] = []
        var taken = RectGrid(cell: 64)
        for r in reserved { taken.insert(r) }
        // Cities below this show only when zoomed in: at world scale a 5000-person town is noise.
        let minPopulation = p.scale >= 40 ? 0 : p.scale >= 12 ? 50_000 : 300_000
        let view = p.visibleBounds
        // Whether the view reaches past the date line: only then does a longitude need wrapping.
        let wraps = view.west < -180 || view.east > 180
        for c in candidates {
            if c.population < minPopulation { break }
            let lat = c.coordinate.latitude, lon = c.coordinate.longitude
            guard lat >= view.south, lat <= view.north, wraps || (lon >= view.west && lon <= view.east) else { continue }
            let (x, y) = p.point(for: c.coordinate)
            guard x >= 2, y >= 2, x <= p.width - 2, y <= p.height - 2 else { continue }
            let font = labelFont(population: c.population)
            let dotBox = Rect(x: x - 3, y: y - 3, width: 6, height: 6)
            // A cheap guess first (a label is at least this big): most candidates stop here, and
            // Pango lays out only the few that may fit.
            let guess = Rect(x: x + 5, y: y - font.size * 0.6, width: Double(c.nameLength) * font.size * 0.45, height: font.size * 1.2)
            if taken.overlaps(dotBox) { continue }
            if guess.maxX <= p.width - 2, taken.overlaps(guess) { continue }
            let layout = Text.layout(c.name, font: font)
            var box = Rect(x: x + 5, y: y - layout.height / 2, width: layout.width, height: layout.height)
            if box.maxX > p.width - 2 { box.x = x - 5 - layout.width }
            let padded = box.insetBy(-3)
            if taken.overlaps(padded) { continue }
            taken.insert(padded)
            taken.insert(dotBox)
            placed.append(Label(place: c, dot: Point(x, y), box: box, layout: layout))
            if placed.count >= maxCount { break }
        }
        return placed
    }

    private func drawLabels(_ cr: CairoContext, _ p: MapProjection, labels candidates: [PlacesLoader.LabelCandidate], marked: Place?) {
        guard !candidates.isEmpty else { return }
        var reserved: [Rect] = []
        if let marked {
            // Leave room for the marker's own label.
            let (x, y) = p.point(for: marked.coordinate)
            reserved.append(Rect(x: x - 12, y: y - 40, width: 24 + Text.width(marked.localName(), size: Theme.TextSize.body, weight: .bold), height: 48))
        }
        // Named features first (few, and each only at the zooms it suits); towns fill around them.
        let named = Self.featureLabels(for: p, features: features, reserved: reserved)
        for l in named {
            Self.drawFeature(cr, l)
            reserved.append(l.box.insetBy(-3))
            if let mark = l.mark { reserved.append(mark) }
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

extension GeoBounds {
    func intersects(_ o: GeoBounds) -> Bool {
        west <= o.east && o.west <= east && south <= o.north && o.south <= north
    }
}

nonisolated private extension Rect {
    func overlaps(_ o: Rect) -> Bool { x < o.maxX && o.x < maxX && y < o.maxY && o.y < maxY }
}

/// Rectangles filed by the grid cells they touch, so asking whether a new label overlaps one
/// looks at its neighbours, not at every label placed.
nonisolated private struct RectGrid {
    let cell: Double
    private var rects: [Rect] = []
    private var cells: [Int: [Int]] = [:]

    init(cell: Double) {
        self.cell = cell
    }

    private func keys(_ r: Rect) -> [Int] {
        let x0 = Int(floor(r.x / cell)), x1 = Int(floor(r.maxX / cell))
        let y0 = Int(floor(r.y / cell)), y1 = Int(floor(r.maxY / cell))
        var keys: [Int] = []
        for y in y0...max(y0, y1) {
            for x in x0...max(x0, x1) { keys.append(y &* 65_536 &+ x) }
        }
        return keys
    }

    mutating func insert(_ r: Rect) {
        rects.append(r)
        for k in keys(r) { cells[k, default: []].append(rects.count - 1) }
    }

    func overlaps(_ r: Rect) -> Bool {
        keys(r).contains { k in cells[k]?.contains { rects[$0].overlaps(r) } ?? false }
    }
}
