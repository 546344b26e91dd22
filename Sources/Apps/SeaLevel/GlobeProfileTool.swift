import Foundation
import TouchDeskDrawing
import TouchDeskGlobe
import TouchDeskInterface
import TouchDeskToolkit

/// Sea Level's elevation profile: the line being drawn on the globe (a drag, or two clicks) and
/// the profile along it, drawn as a chart across the bottom of the globe with the current sea
/// level across it and its lowest and highest points named.
///
/// Its state: whether the next press on the globe draws a line (`isArmed`), the first end of a
/// line made by clicks, and the finished profile. It never renders the globe; the app asks it
/// where a press goes and tells it the points.
struct GlobeProfileTool {
    /// The next press on the globe starts a line instead of turning the globe.
    private(set) var isArmed = false
    /// The first end, after one click of a two-click line.
    private(set) var pendingStart: GeoPoint?
    private(set) var profile: ElevationProfile? {
        didSet { walk = profile.map { ProfileWalk(count: $0.samples.count) } }
    }
    /// The walker on the profile: ←/→, a drag along the chart, W to play.
    private(set) var walk: ProfileWalk?
    /// Samples along a line: enough for a chart a window wide.
    static let samples = 600
    static let chartHeight = 170.0

    var isShowing: Bool { isArmed || profile != nil }

    /// The P key: arms the tool, or puts it away with its profile.
    mutating func toggle() {
        if isShowing { close() } else { isArmed = true }
    }

    mutating func close() {
        isArmed = false
        pendingStart = nil
        profile = nil
    }

    /// A line from `a` to `b` (a drag in progress or finished).
    mutating func line(from a: GeoPoint, to b: GeoPoint, on data: GlobeData) {
        pendingStart = nil
        profile = ElevationProfile(from: a, to: b, on: data, count: Self.samples)
    }

    /// A click on the globe while armed: the first sets the start, the second ends the line.
    mutating func click(_ p: GeoPoint, on data: GlobeData) {
        if let start = pendingStart {
            line(from: start, to: p, on: data)
        } else {
            pendingStart = p
            profile = nil
        }
    }

    mutating func show(_ preset: ElevationProfile.Preset, on data: GlobeData) {
        isArmed = true
        pendingStart = nil
        profile = ElevationProfile(preset, on: data)
    }

    /// The sample the walker stands on.
    var walkedSample: ElevationProfile.Sample? {
        guard let profile, let walk else { return nil }
        return profile.samples[min(walk.index, profile.samples.count - 1)]
    }

    /// ←/→: `steps` key steps along the line.
    mutating func stepWalk(_ steps: Int) { walk?.step(steps) }

    /// W: play or pause.
    mutating func togglePlay() { walk?.togglePlay() }

    /// A press or drag at window point `p` over the chart in `area`: the walker goes to that share of the line.
    mutating func walk(to p: Point, in area: Rect) {
        let plot = Self.plotRect(in: Self.chartRect(in: area))
        walk?.move(toFraction: (p.x - plot.x) / plot.width)
    }

    /// Whether window point `p` is on the chart (a profile shown) in `area`.
    func chartContains(_ p: Point, in area: Rect) -> Bool {
        profile != nil && Self.chartRect(in: area).contains(p)
    }

    /// A tick: whether the walker moved (while playing).
    mutating func tick() -> Bool { walk?.tick() ?? false }

    /// Where the chart goes inside the globe's area.
    static func chartRect(in area: Rect) -> Rect {
        let h = min(chartHeight, area.height * 0.4)
        // Above the hover readout's line at the bottom.
        return Rect(x: area.x + 10, y: area.maxY - h - 38, width: max(1, area.width - 20), height: h)
    }

    // MARK: - Drawing

    /// The line on the globe (its visible parts) and the chart, or the hint while armed.
    func draw(_ cr: CairoContext, in area: Rect, level: Double, project: (GeoPoint) -> (x: Double, y: Double)?) {
        if let start = pendingStart, let p = project(start) {
            Color(1, 0.85, 0.2).set(cr)
            cr.circle(Point(area.x + p.x, area.y + p.y), 5)
            cr.fill()
        }
        guard let profile else {
            if isArmed {
                let hint = pendingStart == nil ? "Profile: drag a line across the globe, or click its two ends (P or Esc: done)"
                    : "Profile: click the line's other end"
                let size = Text.fittingSize(hint, width: area.width - 40, size: Theme.TextSize.body)
                let box = Rect(x: area.midX - Text.width(hint, size: size) / 2 - 10, y: area.maxY - 44, width: Text.width(hint, size: size) + 20, height: 30)
                Color(0, 0, 0, 0.6).set(cr)
                cr.roundedRect(box, radius: 6)
                cr.fill()
                cr.text(hint, x: box.midX, y: box.midY, size: size, align: .center)
            }
            return
        }
        drawLine(cr, profile, in: area, project: project)
        if let s = walkedSample, let p = project(s.point) {
            let q = Point(area.x + p.x, area.y + p.y)
            Color(0, 0, 0, 0.6).set(cr)
            cr.circle(q, 8)
            cr.fill()
            Self.walkerColor.set(cr)
            cr.circle(q, 6)
            cr.fill()
        }
        drawChart(cr, profile, in: Self.chartRect(in: area), level: level)
    }

    private func drawLine(_ cr: CairoContext, _ profile: ElevationProfile, in area: Rect, project: (GeoPoint) -> (x: Double, y: Double)?) {
        cr.setLineWidth(2.5)
        Color(1, 0.85, 0.2).set(cr)
        var drawing = false
        for s in profile.samples {
            guard let p = project(s.point) else { drawing = false; continue }
            let q = Point(area.x + p.x, area.y + p.y)
            if drawing { cr.lineTo(q) } else { cr.moveTo(q); drawing = true }
        }
        cr.stroke()
        for (s, c) in [(profile.lowest, Color(hex: 0x7fd0ff)), (profile.highest, Color(hex: 0xffb060))] {
            guard let p = project(s.point) else { continue }
            c.set(cr)
            cr.circle(Point(area.x + p.x, area.y + p.y), 4.5)
            cr.fill()
        }
    }

    /// The chart's plot inside its box: distance across, height up.
    static func plotRect(in r: Rect) -> Rect {
        Rect(x: r.x + 56, y: r.y + 30, width: max(1, r.width - 70), height: max(1, r.height - 52))
    }

    private func drawChart(_ cr: CairoContext, _ profile: ElevationProfile, in r: Rect, level: Double) {
        Color(0.04, 0.06, 0.1, 0.85).set(cr)
        cr.roundedRect(r, radius: 8)
        cr.fill()
        let title = (profile.name.map { $0 + ": " } ?? "Profile: ") + String(format: "%@ km", GlobePanel.people(Int(profile.lengthKm.rounded())))
            + " · highest " + SeaLevel.label(Int(profile.highest.elevation.rounded())) + " · lowest " + SeaLevel.label(Int(profile.lowest.elevation.rounded()))
        cr.text(title, x: r.x + 10, y: r.y + 14, size: Text.fittingSize(title, width: r.width - 20, size: Theme.TextSize.body, weight: .bold), weight: .bold)
        let plot = Self.plotRect(in: r)
        // Heights from the lower of the floor and the water to the higher of the top and the water.
        let lo = min(profile.lowest.elevation, level), hi = max(profile.highest.elevation, level)
        let span = max(10, hi - lo)
        let bottom = lo - span * 0.05, top = hi + span * 0.08
        func y(_ metres: Double) -> Double { plot.maxY - (metres - bottom) / (top - bottom) * plot.height }
        func x(_ km: Double) -> Double { plot.x + (profile.lengthKm > 0 ? km / profile.lengthKm : 0) * plot.width }
        // The water up to the sea level, then the ground over it.
        cr.fill(Rect(x: plot.x, y: y(level), width: plot.width, height: plot.maxY - y(level)), Color(hex: 0x1f5fa8, alpha: 0.8))
        cr.moveTo(Point(plot.x, plot.maxY))
        for s in profile.samples { cr.lineTo(Point(x(s.distanceKm), y(s.elevation))) }
        cr.lineTo(Point(plot.maxX, plot.maxY))
        cr.closePath()
        Color(hex: 0x8a7350).set(cr)
        cr.fill()
        // The sea level across.
        Color(hex: 0x9fd4ff).set(cr)
        cr.setLineWidth(1.5)
        cr.moveTo(Point(plot.x, y(level)))
        cr.lineTo(Point(plot.maxX, y(level)))
        cr.stroke()
        let seaLabel = "sea " + SeaLevel.label(level)
        cr.text(seaLabel, x: plot.x - 6, y: y(level), size: Theme.TextSize.caption, color: Color(hex: 0x9fd4ff), align: .right)
        // The ends of the height axis.
        if abs(y(hi) - y(level)) > 14 {
            cr.text(SeaLevel.label(Int(hi.rounded())), x: plot.x - 6, y: y(hi), size: Theme.TextSize.hint, color: Theme.dimText, align: .right)
        }
        if abs(y(lo) - y(level)) > 14 {
            cr.text(SeaLevel.label(Int(lo.rounded())), x: plot.x - 6, y: y(lo), size: Theme.TextSize.hint, color: Theme.dimText, align: .right)
        }
        // The lowest and highest points, named by height and place.
        for (s, c, above) in [(profile.highest, Color(hex: 0xffb060), true), (profile.lowest, Color(hex: 0x7fd0ff), false)] {
            let p = Point(x(s.distanceKm), y(s.elevation))
            c.set(cr)
            cr.circle(p, 4)
            cr.fill()
            let label = (above ? "Highest " : "Lowest ") + SeaLevel.label(Int(s.elevation.rounded())) + " · " + GlobeArea.coordinates(s.point)
            let lw = Text.width(label, size: Theme.TextSize.caption)
            let lx = min(max(p.x - lw / 2, r.x + 4), r.maxX - lw - 4)
            // Below the lowest point when there is room above the axis line, else over it.
            let ly = above || p.y + 14 > r.maxY - 22 ? max(r.y + 34, p.y - 12) : p.y + 12
            cr.text(label, x: lx, y: ly, size: Theme.TextSize.caption, color: c)
        }
        let axis = "0 km … \(GlobePanel.people(Int(profile.lengthKm.rounded()))) km along the line · ←/→ or drag here to walk, W to play"
        cr.text(axis, x: plot.midX, y: r.maxY - 10, size: Text.fittingSize(axis, width: r.width - 20, size: Theme.TextSize.hint),
                color: Theme.dimText, align: .center)
        if let s = walkedSample { drawWalker(cr, s, plot: plot, box: r, x: x(s.distanceKm), y: y(s.elevation)) }
    }

    /// The walker on the chart: a line down through the plot, a dot on the ground, and the
    /// distance and height there.
    private func drawWalker(_ cr: CairoContext, _ s: ElevationProfile.Sample, plot: Rect, box r: Rect, x: Double, y: Double) {
        Self.walkerColor.set(cr)
        cr.setLineWidth(1.5)
        cr.moveTo(Point(x, plot.y))
        cr.lineTo(Point(x, plot.maxY))
        cr.stroke()
        cr.circle(Point(x, y), 5)
        cr.fill()
        let label = Self.walkerLabel(s)
        let size = Theme.TextSize.caption
        let lw = Text.width(label, size: size, weight: .bold)
        let box = Rect(x: min(max(x - lw / 2 - 6, r.x + 4), r.maxX - lw - 16), y: plot.y - 2, width: lw + 12, height: 18)
        Color(0, 0, 0, 0.7).set(cr)
        cr.roundedRect(box, radius: 4)
        cr.fill()
        cr.text(label, x: box.midX, y: box.midY, size: size, color: Self.walkerColor, weight: .bold, align: .center)
    }

    static let walkerColor = Color(hex: 0xff6fd8)

    /// "123 km · −10,210 m": the distance along the line and the height at the walker.
    static func walkerLabel(_ s: ElevationProfile.Sample) -> String {
        let km = s.distanceKm < 10 ? String(format: "%.1f", s.distanceKm) : GlobePanel.people(Int(s.distanceKm.rounded()))
        return "\(km) km · " + SeaLevel.label(Int(s.elevation.rounded()))
    }
}
