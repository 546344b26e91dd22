import Foundation
import TouchDeskDrawing
import TouchDeskGlobe
import TouchDeskInterface
import TouchDeskToolkit

/// Sea Level's globe area as drawn: the rendered picture, the loading and failure screens, the
/// marker, the profile's line and chart, the place card, the hints and the hover readout. The app
/// makes one for each frame from what it holds; it only reads.
struct GlobeArea {
    var rect: Rect
    var model: GlobeModel
    var globe: GlobeData?
    var globeError: String?
    /// The relief's load: its step, and ticks since it began (the bar's stripe runs on them).
    var loadStep: GlobeCache.Step
    var loadingTicks: Int
    /// The rendered globe, when there is one for this size.
    var surface: ImageSurface?
    var pin: GlobePin?
    var profile: GlobeProfileTool
    var card: GlobePlaceCard?
    var hover: Point?

    func draw(_ cr: CairoContext) {
        cr.saved {
            cr.clip(to: rect)
            guard globe != nil, let surface else {
                cr.fill(rect, Color(hex: model.style.background & 0xFFFFFF))
                if let globeError { drawFailure(cr, globeError) } else { drawLoading(cr) }
                return
            }
            cr.setSource(surface, at: rect.x, rect.y, filter: .nearest)
            cr.paint()
            drawMarker(cr)
            let view = model.view, w = Int(rect.width), h = Int(rect.height)
            profile.draw(cr, in: rect, level: model.level) { view.windowPoint(of: $0, width: w, height: h) }
            if profile.profile == nil { card?.draw(cr, in: rect) }
            drawHints(cr)
        }
    }

    private func drawLoading(_ cr: CairoContext) {
        let c = rect.center
        let r = model.view.radius(width: Int(rect.width), height: Int(rect.height))
        Color(hex: 0x6fa8ff, alpha: 0.35).set(cr)
        cr.setLineWidth(2)
        cr.circle(c, min(r, min(rect.width, rect.height) * 0.45))
        cr.stroke()
        let step = loadStep
        let steps = GlobeCache.Step.allCases.count
        // Each line fits the globe's area (210 points wide in the smallest window).
        let room = rect.width - 24
        let title = tr("Loading the globe…")
        cr.text(title, x: c.x, y: c.y - 34, size: Text.fittingSize(title, width: room, size: Theme.TextSize.headline, weight: .bold),
                weight: .bold, align: .center)
        // The step on one line, or wrapped onto two (the bar moves down) where it does not fit.
        let line = tr("Step {0} of {1}: {2}", String(step.rawValue + 1), String(steps), tr(step.description))
        let stepText = Text.layout(line, font: Font(size: Theme.TextSize.body), width: room, wrap: true, align: .center)
        cr.draw(stepText, x: c.x - room / 2, y: c.y - 16, color: Theme.dimText)
        // The bar fills by step; a bright stripe runs along it so a long step still shows life.
        let barW = min(260, room)
        let bar = Rect(x: c.x - barW / 2, y: c.y - 16 + max(32, stepText.height + 10), width: barW, height: 8)
        cr.fill(bar, Theme.control)
        let done = Double(step.rawValue) / Double(steps)
        cr.fill(Rect(x: bar.x, y: bar.y, width: bar.width * done, height: bar.height), Theme.accent)
        let phase = Double(loadingTicks % 90) / 90
        let stripeX = bar.x + bar.width * done + (bar.width * (1 - done) - 30) * phase
        cr.fill(Rect(x: stripeX, y: bar.y, width: 30, height: bar.height), Theme.accent.with(alpha: 0.5))
    }

    private func drawFailure(_ cr: CairoContext, _ message: String) {
        let w = min(rect.width - 40, 520)
        let x = rect.midX - w / 2
        var y = rect.midY - 70
        let title = tr("Sea Level needs the ETOPO5 relief")
        cr.text(title, x: x, y: y, size: Text.fittingSize(title, width: w, size: Theme.TextSize.headline, weight: .bold),
                color: Theme.error, weight: .bold)
        y += 24
        let body = message + "\n\n" + tr("As root: apt-get install --no-install-recommends ferret-datasets — then open Sea Level again.")
        let l = Text.layout(body, font: Font(size: Theme.TextSize.body), width: w, wrap: true)
        cr.draw(l, x: x, y: y, color: Theme.text)
    }

    private func drawMarker(_ cr: CairoContext) {
        guard let pin else { return }
        let p = pin.point
        guard let wp = model.view.windowPoint(of: p, width: Int(rect.width), height: Int(rect.height)) else { return }
        let c = Point(rect.x + wp.x, rect.y + wp.y)
        Color(1, 1, 1).set(cr)
        cr.setLineWidth(2.5)
        cr.circle(c, 7)
        cr.stroke()
        Theme.error.set(cr)
        cr.circle(c, 3.5)
        cr.fill()
        let label = pin.label
        guard !label.isEmpty else { return }
        let lw = Text.width(label, size: Theme.TextSize.body, weight: .bold)
        let box = Rect(x: c.x + 11, y: c.y - 12, width: lw + 12, height: 24)
        Color(0, 0, 0, 0.6).set(cr)
        cr.roundedRect(box, radius: 5)
        cr.fill()
        cr.text(label, x: box.x + 6, y: box.midY, size: Theme.TextSize.body, weight: .bold)
    }

    private func drawHints(_ cr: CairoContext) {
        // The longest hint that fits at its size (the keys overlay, F1, has them all).
        let relief = (model.view.isTilted ? tr("Tilt {0}°", String(Int(model.view.tilt.rounded()))) + " · " : "")
            + (model.style.exaggeration > 1 ? tr("Relief {0}× ([ ])", String(Int(model.style.exaggeration.rounded()))) + " · " : "")
            + (model.view.isTilted || model.style.sunTurn != 0
                ? tr("Sun {0} (S)", tr(GlobeSun.name(tilted: model.view.isTilted, turn: model.style.sunTurn))) + " · " : "")
        let hints = [relief + tr("Drag to turn · Ctrl+drag to tilt · wheel to zoom · P profile"), relief + tr("Drag to turn · wheel to zoom"),
                     relief + tr("F1: keys"), tr("F1: keys")]
        let hint = hints.first { Text.width($0, size: Theme.TextSize.caption) <= rect.width - 28 } ?? hints[hints.count - 1]
        let hintSize = Text.fittingSize(hint, width: rect.width - 28, size: Theme.TextSize.caption)
        let hintBox = Rect(x: rect.x + 8, y: rect.y + 6, width: Text.width(hint, size: hintSize) + 12, height: 20)
        Color(0, 0, 0, 0.45).set(cr)
        cr.roundedRect(hintBox, radius: 5)
        cr.fill()
        // Light on the dark veil in both looks (the light look's dim text is dark).
        cr.text(hint, x: hintBox.x + 6, y: hintBox.midY, size: hintSize, color: Color(0.86, 0.88, 0.92))
        var below = hintBox.maxY + 6
        // Figures from ETOPO5 alone (a data set missing): say so, and what to install.
        if let missing = globe?.missingData {
            let note = tr("ETOPO5 alone, figures coarser.") + " " + missing
            let l = Text.layout(note, font: Font(size: Theme.TextSize.caption), width: min(rect.width - 28, 520), wrap: true)
            let box = Rect(x: rect.x + 8, y: hintBox.maxY + 6, width: l.width + 12, height: l.height + 8)
            Color(0.35, 0.05, 0.08, 0.75).set(cr)
            cr.roundedRect(box, radius: 5)
            cr.fill()
            cr.draw(l, x: box.x + 6, y: box.y + 4, color: Theme.text)
            below = box.maxY + 6
        }
        drawLegend(cr, top: below)
        guard let globe, let h = hover, rect.contains(h),
              let place = GlobePointer.pick(h, in: rect, view: model.view)
        else { return }
        let e = Int(globe.elevation(at: place).rounded())
        let wet = globe.isUnderWater(place, level: model.gridLevel)
        let line = Self.coordinates(place) + " · " + SeaLevel.label(e)
            + " · " + (wet ? tr("under water at {0}", SeaLevel.label(model.level)) : tr("dry at {0}", SeaLevel.label(model.level)))
        let size = Text.fittingSize(line, width: rect.width - 24, size: Theme.TextSize.caption)
        let lw = Text.width(line, size: size)
        let box = Rect(x: rect.x + 8, y: rect.maxY - 30, width: lw + 12, height: 22)
        Color(0, 0, 0, 0.55).set(cr)
        cr.roundedRect(box, radius: 5)
        cr.fill()
        cr.text(line, x: box.x + 6, y: box.midY, size: size)
    }

    /// Above today's level with the flood colour on (F): what the two waters mean.
    func drawLegend(_ cr: CairoContext, top: Double) {
        guard model.level > 0, model.style.tintsFloodedLand else { return }
        let entries = [(GlobeLegend.sea, tr("Sea today")), (GlobeLegend.flooded, tr("Flooded (dry land today)"))]
        // A label too long for a narrow globe wraps rather than shrinking past reading.
        let room = max(40, rect.width - 16 - 36)
        let labels = entries.map { Text.layout($0.1, font: Font(size: Theme.TextSize.caption), width: room, wrap: true) }
        let rows = labels.map { max(18, $0.height + 4) }
        let box = Rect(x: rect.x + 8, y: top, width: (labels.map(\.width).max() ?? 0) + 36, height: rows.reduce(0, +) + 8)
        guard box.maxY < rect.maxY - 40 else { return }
        Color(0, 0, 0, 0.45).set(cr)
        cr.roundedRect(box, radius: 5)
        cr.fill()
        var y = box.y + 4
        for (i, l) in labels.enumerated() {
            cr.fill(Rect(x: box.x + 6, y: y + rows[i] / 2 - 6, width: 16, height: 12), Color(hex: entries[i].0 & 0xFFFFFF))
            cr.draw(l, x: box.x + 28, y: y + (rows[i] - l.height) / 2, color: Color(0.86, 0.88, 0.92))
            y += rows[i]
        }
    }

    static func coordinates(_ p: GeoPoint) -> String {
        let n = NumberStyle.current
        return n.decimal(abs(p.latitude), decimals: 2) + "° " + (p.latitude >= 0 ? "N" : "S") + ", " + n.decimal(abs(p.longitude), decimals: 2) + "° " + (p.longitude >= 0 ? "E" : "W")
    }
}
