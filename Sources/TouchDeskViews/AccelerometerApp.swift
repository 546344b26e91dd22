import CX11Cairo
import Foundation
import TouchDeskModels

/// Accelerometer: the tilt in g as a yellow ball on the seed's polar g-grid, the readings with
/// their running minimum and maximum, RESET, and a plot of the last 10 s of ax, ay and az.
///
/// The grid is the seed's Circles view: with maxR half the view's width and ONEGEE = 0.666·maxR,
/// filled blue disks at 3g, 2g and 1g outlined in black, open circles at 0.5g and 1.5g, the centre
/// lines and both diagonals; the ball sits at (centre + ONEGEE·ax, centre − ONEGEE·ay).
public final class AccelerometerApp: MiniApp {
    public static let id = "accelerometer"
    public static let title = "Accelerometer"
    public static let blurb = "See the tilt in g on a polar grid, with minimum, maximum and a 10-second plot."

    static let gridBlue = Color(hex: 0x3a6ff7)
    static let ballColor = Color(hex: 0xffee00)
    static let axisColors = [Color(hex: 0xff6b6b), Color(hex: 0x7bd389), Color(hex: 0x5dade2)]
    static let stripHeight = 30.0

    public private(set) var model = AccelerometerModel()
    public private(set) var tilt = TiltInput()
    let controls = Controls()
    /// The square polar grid, the readings beside it and the plot under them.
    public private(set) var gridRect = Rect.zero
    public private(set) var labelsRect = Rect.zero
    public private(set) var plotRect = Rect.zero
    private var size = Size(0, 0)

    public init(environment: AppEnvironment) {
        controls.add("reset", "Reset", shortcut: "R")
    }

    /// The seed's ONEGEE for the current grid: 0.666 of half the grid's width.
    public var oneGee: Double { 0.666 * gridRect.width / 2 }

    /// Where the ball is drawn for the current reading.
    public var ballCenter: Point {
        Point(gridRect.midX + oneGee * model.current.x, gridRect.midY - oneGee * model.current.y)
    }

    public func layout(in size: Size) {
        self.size = size
        let barH = controls.layoutToolbar(atBottomOf: size)
        let top = Self.stripHeight
        let avail = max(0, size.height - barH - top - 8)
        let plotH = max(50, min(120, avail * 0.25))
        let side = max(0, min(size.width * 0.55, avail - plotH - 8))
        gridRect = Rect(x: 8, y: top, width: side, height: side)
        labelsRect = Rect(x: gridRect.maxX + 14, y: top, width: max(0, size.width - gridRect.maxX - 22), height: side)
        plotRect = Rect(x: 8, y: gridRect.maxY + 8, width: max(0, size.width - 16), height: max(0, avail - side - 8))
    }

    public func handle(_ event: InputEvent) -> Bool {
        switch controls.handle(event) {
        case .activated("reset"): model.reset(); return true
        case .activated, .changed, .consumed: return true
        case .ignored: break
        }
        if tilt.handle(event, center: gridRect.center, radius: oneGee) { return true }
        if case .key(let k) = event, k.is("r") { model.reset(); return true }
        return false
    }

    public func tick() -> Bool {
        tilt.step()
        model.record(tilt.vector)
        return true
    }

    public func draw(_ cr: CairoContext) {
        Draw.text(cr, "Acceleration in g", x: 10, y: Self.stripHeight / 2, size: 15, weight: .bold)
        TiltIndicator.draw(cr, tilt.source, right: size.width - 8, y: Self.stripHeight / 2)
        if gridRect.width > 4 {
            cairo_save(cr)
            Draw.rect(cr, gridRect)
            cairo_clip(cr)
            Self.drawGrid(cr, in: gridRect)
            Self.ballColor.set(cr)
            Draw.circle(cr, ballCenter, 10)
            cairo_fill_preserve(cr)
            Color(0, 0, 0).set(cr)
            cairo_set_line_width(cr, 1)
            cairo_stroke(cr)
            cairo_restore(cr)
        }
        drawLabels(cr)
        drawPlot(cr)
        controls.draw(cr)
    }

    /// The seed's Circles view in `r` (maxR = half its width).
    static func drawGrid(_ cr: CairoContext, in r: Rect) {
        let c = r.center, maxR = r.width / 2, g = 0.666 * maxR
        Draw.fill(cr, r, Theme.background)
        cairo_set_line_width(cr, 1.5)
        for k in [3.0, 2.0, 1.0] {
            Draw.circle(cr, c, k * g)
            gridBlue.set(cr)
            cairo_fill_preserve(cr)
            Color(0, 0, 0).set(cr)
            cairo_stroke(cr)
        }
        Color(0, 0, 0).set(cr)
        cairo_set_line_width(cr, 1)
        for k in [0.5, 1.5] { Draw.circle(cr, c, k * g); cairo_stroke(cr) }
        cairo_move_to(cr, r.minX, c.y); cairo_line_to(cr, r.maxX, c.y)
        cairo_move_to(cr, c.x, r.minY); cairo_line_to(cr, c.x, r.maxY)
        cairo_move_to(cr, r.minX, r.minY); cairo_line_to(cr, r.maxX, r.maxY)
        cairo_move_to(cr, r.maxX, r.minY); cairo_line_to(cr, r.minX, r.maxY)
        cairo_stroke(cr)
    }

    private func drawLabels(_ cr: CairoContext) {
        let r = labelsRect
        guard r.width > 40 else { return }
        let m = model
        let rows: [(String, Double, AccelerometerModel.Stat, Color)] = [
            ("ax", m.current.x, m.x, Self.axisColors[0]), ("ay", m.current.y, m.y, Self.axisColors[1]),
            ("az", m.current.z, m.z, Self.axisColors[2]), ("|a|", m.currentMagnitude, m.magnitude, Theme.text),
        ]
        let lineH = min(44, r.height / 4)
        for (i, row) in rows.enumerated() {
            let y = r.y + lineH * (Double(i) + 0.5)
            let main = "\(row.0) \(Self.format(row.1))"
            Draw.text(cr, main, x: r.x, y: y - lineH * 0.18, size: Draw.fittingSize(main, width: r.width, size: min(18, lineH * 0.45), weight: .bold),
                      color: row.3, weight: .bold)
            let range = "min \(Self.format(row.2.minimum))  max \(Self.format(row.2.maximum))"
            Draw.text(cr, range, x: r.x, y: y + lineH * 0.24, size: Draw.fittingSize(range, width: r.width, size: min(12, lineH * 0.3)),
                      color: Theme.dimText)
        }
    }

    /// One decimal, with a true minus sign and no "−0.0".
    static func format(_ v: Double) -> String {
        let s = String(format: "%.1f", v)
        if s == "-0.0" { return "0.0" }
        return s.replacingOccurrences(of: "-", with: "−")
    }

    private func drawPlot(_ cr: CairoContext) {
        let r = plotRect
        guard r.height > 20, r.width > 40 else { return }
        Draw.fill(cr, r, Theme.bar)
        // −1.5 g … +1.5 g over the height; 10 s over the width, newest at the right.
        func y(_ v: Double) -> Double { r.midY - max(-1.5, min(1.5, v)) / 1.5 * (r.height / 2 - 3) }
        Theme.control.set(cr)
        cairo_set_line_width(cr, 1)
        for v in [-1.0, 0, 1] { cairo_move_to(cr, r.minX, y(v)); cairo_line_to(cr, r.maxX, y(v)) }
        cairo_stroke(cr)
        let h = model.orderedHistory
        if h.count > 1 {
            let dx = r.width / Double(AccelerometerModel.historyLength - 1)
            let x0 = r.maxX - Double(h.count - 1) * dx
            let axes: [(Vector3) -> Double] = [{ $0.x }, { $0.y }, { $0.z }]
            cairo_set_line_width(cr, 1.5)
            for (k, axis) in axes.enumerated() {
                Self.axisColors[k].set(cr)
                for (i, v) in h.enumerated() {
                    let p = (x0 + Double(i) * dx, y(axis(v)))
                    if i == 0 { cairo_move_to(cr, p.0, p.1) } else { cairo_line_to(cr, p.0, p.1) }
                }
                cairo_stroke(cr)
            }
        }
        Draw.text(cr, "last 10 s", x: r.maxX - 6, y: r.minY + 9, size: 10, color: Theme.dimText, align: .right)
    }

    public static func drawIcon(_ cr: CairoContext, in r: Rect) {
        cairo_save(cr)
        Draw.rect(cr, r)
        cairo_clip(cr)
        drawGrid(cr, in: r)
        ballColor.set(cr)
        Draw.circle(cr, Point(r.midX + r.width * 0.17, r.midY - r.width * 0.1), r.width * 0.08)
        cairo_fill(cr)
        cairo_restore(cr)
    }
}
