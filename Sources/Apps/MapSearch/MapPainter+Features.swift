import Foundation
import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskPlaces
import TouchDeskToolkit

/// Labels of named features: seas and continents across the world view, lakes and islands
/// while they show at a readable size, peaks (a small triangle) from the scale of a country on,
/// landmarks (a small square) at city zoom.
nonisolated extension MapPainter {
    /// A feature label: its text box, and the mark of a point feature.
    struct FeatureMark {
        var feature: PlacesLoader.FeatureLabel
        var box: Rect
        var layout: TextLayout
        /// The triangle or square of a peak or landmark; nil for an area, whose name is its mark.
        var mark: Rect?
        var anchor: Point
    }

    /// At most this many feature labels in one picture.
    static let maxFeatureLabels = 40

    /// Whether `f` is labelled at `scale` points per degree in a view `side` points across.
    static func showsFeature(_ f: PlacesLoader.FeatureLabel, scale: Double, side: Double) -> Bool {
        let size = f.extent * scale
        switch f.kind {
        case .sea: return size >= 120 && scale < 40
        case .continent: return size >= 150 && size <= side * 3 && scale < 12
        case .lake, .island: return size >= 36 && size <= side * 3
        case .peak: return scale >= 4
        case .landmark: return scale >= 40
        default: return false
        }
    }

    static func featureFont(_ kind: PlaceKind) -> Font {
        switch kind {
        case .sea, .continent: return Font(size: Theme.TextSize.caption, weight: .bold)
        case .lake, .island: return Font(size: Theme.TextSize.hint, weight: .bold)
        default: return Font(size: Theme.TextSize.hint)
        }
    }

    static func featureColor(_ kind: PlaceKind) -> Color {
        switch kind {
        case .sea, .lake: return Color(hex: 0x1f5f8f)
        case .continent: return Color(hex: 0x6e6258)
        case .island: return Color(hex: 0x4a4038)
        case .peak: return Color(hex: 0x7a4a1e)
        default: return Color(hex: 0x3a3a3a)
        }
    }

    /// The feature labels that fit in `p`, in the order given (seas and continents, then the
    /// largest), none overlapping another or `reserved`.
    static func featureLabels(for p: MapProjection, features: [PlacesLoader.FeatureLabel], reserved: [Rect] = []) -> [FeatureMark] {
        guard !features.isEmpty else { return [] }
        var taken = reserved
        var placed: [FeatureMark] = []
        let side = max(p.width, p.height)
        for f in features where showsFeature(f, scale: p.scale, side: side) {
            // Nearest copy of the world to the view's centre (a view may reach past the date line).
            var point = f.coordinate
            point.longitude += 360 * ((p.center.longitude - point.longitude) / 360).rounded()
            let (x, y) = p.point(for: point)
            guard x >= 2, y >= 2, x <= p.width - 2, y <= p.height - 2 else { continue }
            let layout = Text.layout(f.name, font: featureFont(f.kind))
            let isPoint = f.kind == .peak || f.kind == .landmark
            var box: Rect
            var mark: Rect?
            if isPoint {
                mark = Rect(x: x - 5, y: y - 5, width: 10, height: 10)
                box = Rect(x: x + 7, y: y - layout.height / 2, width: layout.width, height: layout.height)
                if box.maxX > p.width - 2 { box.x = x - 7 - layout.width }
            } else {
                box = Rect(x: x - layout.width / 2, y: y - layout.height / 2, width: layout.width, height: layout.height)
            }
            guard box.x >= 0, box.maxX <= p.width, box.y >= 0, box.maxY <= p.height else { continue }
            let padded = box.insetBy(-3)
            if taken.contains(where: { $0.intersects(padded) }) { continue }
            if let mark, taken.contains(where: { $0.intersects(mark) }) { continue }
            taken.append(padded)
            if let mark { taken.append(mark) }
            placed.append(FeatureMark(feature: f, box: box, layout: layout, mark: mark, anchor: Point(x, y)))
            if placed.count >= maxFeatureLabels { break }
        }
        return placed
    }

    static func drawFeature(_ cr: CairoContext, _ l: FeatureMark) {
        let color = featureColor(l.feature.kind)
        if l.mark != nil {
            let x = l.anchor.x, y = l.anchor.y
            if l.feature.kind == .peak {
                cr.moveTo(x, y - 4.5)
                cr.lineTo(x + 4.5, y + 3.5)
                cr.lineTo(x - 4.5, y + 3.5)
                cr.closePath()
            } else {
                cr.rectangle(Rect(x: x - 3, y: y - 3, width: 6, height: 6))
            }
            color.set(cr)
            cr.fill()
        }
        haloText(cr, l.layout, x: l.box.x, y: l.box.y, color: color)
    }
}

nonisolated private extension Rect {
    func intersects(_ o: Rect) -> Bool { x < o.maxX && o.x < maxX && y < o.maxY && o.y < maxY }
}
