import TouchDeskDrawing
import Foundation
import TouchDeskInterface
import TouchDeskModels
import TouchDeskToolkit

/// Accelerometer: the tilt in g as a yellow ball on the seed's polar g-grid, the readings with
/// their running minimum and maximum, RESET, and a plot of the last 10 s of ax, ay and az.
///
/// The grid is the seed's Circles view: with maxR half the view's width and ONEGEE = 0.666·maxR,
/// filled blue disks at 3g, 2g and 1g outlined in black, open circles at 0.5g and 1.5g, the centre
/// lines and both diagonals; the ball sits at (centre + ONEGEE·ax, centre − ONEGEE·ay).
public final class AccelerometerApp: MiniApp {
    public nonisolated static let id = "accelerometer"
    public nonisolated static let title = "Accelerometer"
    public nonisolated static let blurb = "See the tilt in g on a polar grid, with minimum, maximum and a 10-second plot."

    static let gridBlue = Color(hex: 0x3a6ff7)
    static let ballColor = Color(hex: 0xffee00)
    /// x, y and z: bright on the dark look, deep on the light one (each 4.5:1 on its background).
    static var axisColors: [Color] {
        Theme.isDark ? [Color(hex: 0xff6b6b), Color(hex: 0x7bd389), Color(hex: 0x5dade2)] : [Color(hex: 0xc62828), Color(hex: 0x2e7d32), Color(hex: 0x1565c0)]
    }
    static let stripHeight = 30.0

    public private(set) var model = AccelerometerModel()
    public private(set) var tilt = TiltInput()
    enum Control: String, ControlID { case reset, tilt, level }
    let controls = Controls<Control>()
    /// The square polar grid, the readings beside it and the plot under them.
    private(set) var gridRect = Rect.zero
    public private(set) var labelsRect = Rect.zero
    private(set) var plotRect = Rect.zero
    private var size = Size(0, 0)

    public init(environment: AppEnvironment) {
        controls.add(.reset, "Reset", key: .key("r"), help: "Reset the minimum and maximum")
        controls.addTiltKeys(tilt: .tilt, level: .level, help: "Level at once")
    }

    public var widgets: [any WidgetGroup] { [controls] }
    public var extraKeys: [KeyHelp] {
        [KeyHelp("Right-drag", "Tilt towards the pointer")]
    }

    /// The plot's line style per axis (solid, dashed, dotted), so the three read apart without colour.
    static let axisDashes: [[Double]] = [[], [9, 5], [2, 4]]

    /// The seed's ONEGEE for the current grid: 0.666 of half the grid's width.
    var oneGee: Double { 0.666 * gridRect.width / 2 }

    /// Where the ball is drawn for the current reading.
    var ballCenter: Point {
        Point(gridRect.midX + oneGee * model.current.x, gridRect.midY - oneGee * model.current.y)
    }

    public func layout(in size: Size, scale: Double) {
        self.size = size
        let barH = controls.layoutToolbar(atBottomOf: size)
        let top = Self.stripHeight
        let avail = max(0, size.height - barH - top - 8)
        let wideSide = max(0, min(avail, size.width * 0.5))
        if size.width - wideSide >= 380 {
            // Wide: the grid as tall as the window at the left; readings and the plot share the
            // column beside it, so no part of a large window is left empty.
            gridRect = Rect(x: 8, y: top, width: wideSide, height: wideSide)
            let x = gridRect.maxX + 16, w = max(0, size.width - x - 10)
            let labelsH = min(4 * 56, wideSide * 0.4)
            labelsRect = Rect(x: x, y: top, width: w, height: labelsH)
            plotRect = Rect(x: x, y: top + labelsH + 10, width: w, height: max(0, avail - labelsH - 10))
        } else {
            let plotH = max(50, min(120, avail * 0.25))
            let side = max(0, min(size.width * 0.55, avail - plotH - 8))
            gridRect = Rect(x: 8, y: top, width: side, height: side)
            labelsRect = Rect(x: gridRect.maxX + 14, y: top, width: max(0, size.width - gridRect.maxX - 22), height: side)
            plotRect = Rect(x: 8, y: gridRect.maxY + 8, width: max(0, size.width - 16), height: max(0, avail - side - 8))
        }
    }

    public func handle(_ event: InputEvent) -> Bool {
        switch controls.handle(event) {
        case .activated(.reset): model.reset(); return true
        case .activated(.tilt), .activated(.level): break
        case .changed, .stepped, .consumed: return true
        case .ignored: break
        }
        return tilt.handle(event, center: gridRect.center, radius: oneGee)
    }

    public func tick() -> Bool {
        tilt.step()
        model.record(tilt.vector)
        return true
    }

    public func draw(_ cr: CairoContext) {
        cr.text(tr("Acceleration in g"), x: 10, y: Self.stripHeight / 2, size: Theme.TextSize.status, weight: .bold)
        TiltIndicator.draw(cr, tilt.source, right: size.width - 8, y: Self.stripHeight / 2)
        if gridRect.width > 4 {
            cr.save()
            cr.rectangle(gridRect)
            cr.clip()
            Self.drawGrid(cr, in: gridRect)
            Self.ballColor.set(cr)
            cr.circle(ballCenter, 10)
            cr.fillPreserve()
            Color(0, 0, 0).set(cr)
            cr.setLineWidth(1)
            cr.stroke()
            cr.restore()
        }
        drawLabels(cr)
        drawPlot(cr)
        controls.draw(cr)
    }

    /// The seed's Circles view in `r` (maxR = half its width).
    static func drawGrid(_ cr: CairoContext, in r: Rect) {
        let c = r.center, maxR = r.width / 2, g = 0.666 * maxR
        cr.fill(r, Theme.background)
        cr.setLineWidth(1.5)
        for k in [3.0, 2.0, 1.0] {
            cr.circle(c, k * g)
            gridBlue.set(cr)
            cr.fillPreserve()
            Color(0, 0, 0).set(cr)
            cr.stroke()
        }
        Color(0, 0, 0).set(cr)
        cr.setLineWidth(1)
        for k in [0.5, 1.5] { cr.circle(c, k * g); cr.stroke() }
        // The centre lines and diagonals end on the 1.5 g circle: past it they only made stubs
        // in the corners, between circles no longer drawn whole.
        let reach = 1.5 * g, d = reach / 2.squareRoot()
        cr.moveTo(c.x - reach, c.y); cr.lineTo(c.x + reach, c.y)
        cr.moveTo(c.x, c.y - reach); cr.lineTo(c.x, c.y + reach)
        cr.moveTo(c.x - d, c.y - d); cr.lineTo(c.x + d, c.y + d)
        cr.moveTo(c.x + d, c.y - d); cr.lineTo(c.x - d, c.y + d)
        cr.stroke()
        // The g scale along the right-hand axis.
        if r.width >= 120 {
            for k in [0.5, 1.0, 1.5] {
                cr.text(k == 1 ? "1 g" : NumberStyle.current.decimal(k, decimals: 1), x: c.x + k * g + 3, y: c.y - 8,
                        size: max(9, min(Theme.TextSize.caption, r.width / 30)), color: Color(1, 1, 1, 0.85))
            }
        }
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
            cr.text(main, x: r.x, y: y - lineH * 0.18, size: Text.fittingSize(main, width: r.width, size: min(18, lineH * 0.45), weight: .bold),
                      color: row.3, weight: .bold)
            let range = tr("min {0}  max {1}", Self.format(row.2.minimum), Self.format(row.2.maximum))
            cr.text(range, x: r.x, y: y + lineH * 0.24, size: Text.fittingSize(range, width: r.width, size: min(12, lineH * 0.3)),
                      color: Theme.dimText)
        }
    }

    /// Two decimals, with a true minus sign and no "−0.00".
    static func format(_ v: Double) -> String {
        let s = NumberStyle.current.decimal(v, decimals: 2)
        return s.replacingOccurrences(of: "-", with: "−")
    }

    private func drawPlot(_ cr: CairoContext) {
        let r = plotRect
        guard r.height > 20, r.width > 40 else { return }
        cr.fill(r, Theme.bar)
        // The g scale takes a strip at the left; −1.5 g … +1.5 g over the height, 10 s over the
        // rest of the width, newest at the right.
        let scaleW = 40.0
        let labelSize = max(9, min(Theme.TextSize.caption, r.height / 6))
        func y(_ v: Double) -> Double { r.midY - max(-1.5, min(1.5, v)) / 1.5 * (r.height / 2 - 3) }
        Theme.control.set(cr)
        cr.setLineWidth(1)
        for v in [-1.0, 0, 1] { cr.moveTo(r.minX + scaleW, y(v)); cr.lineTo(r.maxX, y(v)) }
        cr.stroke()
        for v in [-1.0, 0, 1] {
            cr.text(v == 0 ? "0 g" : (v > 0 ? "+1 g" : "−1 g"), x: r.minX + scaleW - 6, y: y(v), size: labelSize, color: Theme.dimText, align: .right)
        }
        let h = model.orderedHistory
        if h.count > 1 {
            let dx = (r.width - scaleW) / Double(AccelerometerModel.historyLength - 1)
            let x0 = r.maxX - Double(h.count - 1) * dx
            let axes: [(Vector3) -> Double] = [{ $0.x }, { $0.y }, { $0.z }]
            cr.setLineWidth(2)
            // az first and ax last, so the solid ax stays visible where it runs along ay at 0.
            for k in axes.indices.reversed() {
                Self.axisColors[k].set(cr)
                cr.setDash(Self.axisDashes[k])
                for (i, v) in h.enumerated() {
                    let p = (x0 + Double(i) * dx, y(axes[k](v)))
                    if i == 0 { cr.moveTo(p.0, p.1) } else { cr.lineTo(p.0, p.1) }
                }
                cr.stroke()
            }
            cr.setDash([])
        }
        // The legend: a sample of each line's style, then its name.
        var x = r.minX + scaleW + 6
        for (k, name) in ["ax", "ay", "az"].enumerated() {
            Self.axisColors[k].set(cr)
            cr.setLineWidth(2)
            cr.setDash(Self.axisDashes[k])
            cr.moveTo(x, r.minY + 10); cr.lineTo(x + 22, r.minY + 10)
            cr.stroke()
            cr.setDash([])
            cr.text(name, x: x + 26, y: r.minY + 10, size: labelSize, color: Self.axisColors[k], weight: .bold)
            x += 26 + Text.width(name, size: labelSize, weight: .bold) + 14
        }
        cr.text(tr("last 10 s"), x: r.maxX - 6, y: r.minY + 10, size: labelSize, color: Theme.dimText, align: .right)
    }

    public static func drawIcon(_ cr: CairoContext, in r: Rect) {
        cr.save()
        cr.rectangle(r)
        cr.clip()
        drawGrid(cr, in: r)
        ballColor.set(cr)
        cr.circle(Point(r.midX + r.width * 0.17, r.midY - r.width * 0.1), r.width * 0.08)
        cr.fill()
        cr.restore()
    }
}
