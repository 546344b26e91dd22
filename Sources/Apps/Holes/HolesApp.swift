import TouchDeskDrawing
import Foundation
import TouchDeskInterface
import TouchDeskModels
import TouchDeskToolkit

/// Holes: tilt the yellow ball past five turning black holes to the white flag in the top-left
/// corner; three balls, a point per flag, and the best score kept between runs.
///
/// The table fills the app below a strip with the score, the balls left, the best score and the
/// tilt source. After a capture or a point the game rests a second while the window keeps
/// drawing; at zero balls a GAME OVER overlay offers RESTART.
public final class HolesApp: MiniApp {
    public nonisolated static let id = "holes"
    public nonisolated static let title = "Holes"
    public nonisolated static let blurb = "Tilt a ball past turning black holes to the flag: three balls, best score kept."

    static let table = Color(hex: 0x2e8b3e)
    static let ball = Color(hex: 0xffd700)
    static let stripHeight = 30.0
    static let fileName = "holes.json"

    nonisolated struct Saved: Codable, Sendable { var best: Int }

    public private(set) var model = HolesModel(size: Size(400, 300))
    public private(set) var tilt = TiltInput()
    let environment: AppEnvironment
    enum Control: String, ControlID { case restart, again, tilt, level }
    let controls = Controls<Control>()
    /// Where the table is drawn, in app coordinates.
    private(set) var tableRect = Rect.zero
    private var size = Size(0, 0)
    private var toast = Toast()
    /// Announced to screen readers by the shell (`MiniApp.appToast`).
    public var appToast: Toast? { toast }
    private var savedBest = 0
    /// holes.json: the best score.
    private let file: KeptFile<Saved>

    public init(environment: AppEnvironment) {
        self.environment = environment
        controls.add(.restart, "Restart", key: .key("r"), help: "Restart with three balls")
        controls.addKeys(.again, .key("Return", "KP_Enter"), help: "After GAME OVER: play again")
        controls.addTiltKeys(tilt: .tilt, level: .level, help: "Level at once and brake the ball")
        file = KeptFile(name: Self.fileName, environment: environment)
        collectLoad()
    }

    /// Takes in holes.json once it is read (at once: it is a few bytes, unless something else
    /// put a large file there).
    private func collectLoad(wait: Bool = false) {
        switch file.take(wait: wait) {
        case .loaded(let s)?: savedBest = max(0, s.best); model.adoptBest(savedBest)
        case .setAside(let message)?: toast.show(message, isError: true, seconds: 6)
        case .missing?, nil: break
        }
    }

    public var widgets: [any WidgetGroup] { [controls] }
    public var extraKeys: [KeyHelp] {
        [KeyHelp("Right-drag", "Tilt towards the pointer")]
    }

    // MARK: - MiniApp

    public func layout(in size: Size, scale: Double) {
        self.size = size
        let barH = controls.layoutToolbar(atBottomOf: size)
        tableRect = Rect(x: 0, y: Self.stripHeight, width: size.width, height: max(0, size.height - barH - Self.stripHeight))
        model.resize(to: tableRect.size)
    }

    public func handle(_ event: InputEvent) -> Bool {
        switch controls.handle(event) {
        case .activated(.restart): model.restart(); return true
        case .activated(.again): if model.isGameOver { model.restart() }; return true
        // Space levels the device (the tilt input) and brakes the ball.
        case .activated(.level): model.brake(); return tiltHandles(event)
        case .activated(.tilt): return tiltHandles(event)
        case .changed, .stepped, .consumed: return true
        case .ignored: break
        }
        return tiltHandles(event)
    }

    private func tiltHandles(_ event: InputEvent) -> Bool {
        tilt.handle(event, center: tableRect.center, radius: min(tableRect.width, tableRect.height) / 2)
    }

    public func tick() -> Bool {
        tilt.step()
        if file.isLoading { collectLoad() }
        if model.step(tilt: tilt.vector) == .scored, model.best > savedBest { saveBest() }
        if let why = file.takeWriteFailure() { toast.show(tr("Best score not saved: {0}", "\(why)"), isError: true) }
        _ = toast.tick()
        return true
    }

    /// Writes the best score through the shared background writer, never on the UI thread.
    private func saveBest() {
        savedBest = model.best // one attempt (and at most one message) per new best
        if let why = file.write(Saved(best: model.best)) { toast.show(tr("Best score not saved: {0}", "\(why)"), isError: true) }
    }

    public func draw(_ cr: CairoContext) {
        let status = tr("Level {0}   Score {1}   Balls {2}   Best {3}", String(model.level), String(model.score), String(model.ballsLeft), String(model.best))
        let indicatorW = 100.0
        cr.text(status, x: 10, y: Self.stripHeight / 2,
                  size: Text.fittingSize(status, width: size.width - indicatorW - 20, size: Theme.TextSize.status, weight: .bold), weight: .bold)
        TiltIndicator.draw(cr, tilt.source, right: size.width - 8, y: Self.stripHeight / 2)
        if tableRect.height > 0 {
            cr.save()
            cr.rectangle(tableRect)
            cr.clip()
            cr.translate(tableRect.x, tableRect.y)
            Self.drawTable(cr, model)
            cr.restore()
            drawMessage(cr)
        }
        controls.draw(cr)
        toast.draw(cr, in: Rect(x: 0, y: 0, width: size.width, height: tableRect.maxY))
    }

    /// How to play, wrapped (not shrunk) to the table's width short of the ball's corner.
    private var hintLayout: TextLayout {
        Text.layout(tr("Tilt with the arrows, WASD or a right-drag: roll the ball to the flag, past the holes. Space levels and brakes."),
                    font: Font(size: Theme.TextSize.caption), width: max(40, tableRect.width - 2 * hintInset), wrap: true, align: .center)
    }
    /// Room kept on either side of the hint: the ball waits in the lower-right corner.
    private var hintInset: Double { 2 * model.ballRadius + 12 }
    /// The hint's dark band at the foot of the table.
    var hintRect: Rect {
        let r = tableRect, h = hintLayout.height + 12
        return Rect(x: r.x + hintInset - 10, y: r.maxY - h - 6, width: max(40, r.width - 2 * hintInset) + 20, height: h)
    }

    private func drawMessage(_ cr: CairoContext) {
        let r = tableRect
        if model.isGameOver {
            // Over a dimmed table, on a panel of its own, so no hole shows through the words.
            cr.fill(r, Color(0, 0, 0, 0.55))
            let big = min(44, r.width / 8, r.height / 5)
            let line = tr("Score {0} · level {1} · press R or Restart", String(model.score), String(model.level))
            let small = Text.fittingSize(line, width: r.width - 48, size: Theme.TextSize.body)
            let w = min(r.width - 16, max(Text.width(tr("GAME OVER"), size: big, weight: .bold), Text.width(line, size: small)) + 40)
            let h = big * 1.3 + small * 1.6 + 28
            let panel = Rect(x: r.midX - w / 2, y: r.midY - h / 2, width: w, height: h)
            Theme.bar.set(cr)
            cr.roundedRect(panel, radius: 12)
            cr.fill()
            cr.text(tr("GAME OVER"), x: panel.midX, y: panel.y + 14 + big * 0.65, size: big, color: Theme.text, weight: .bold, align: .center)
            cr.text(line, x: panel.midX, y: panel.maxY - 14 - small * 0.8, size: small, color: Theme.dimText, align: .center)
            return
        }
        guard model.pause > 0, let e = model.lastEvent else {
            if model.score == 0, model.ballsLeft == HolesModel.startingBalls, model.ball == model.start {
                // How to play, until the first move.
                // On a dark band, so it reads over the baize.
                let hint = hintLayout, band = hintRect
                Color(0, 0, 0, 0.45).set(cr)
                cr.roundedRect(band, radius: 8)
                cr.fill()
                cr.draw(hint, x: band.x + 10, y: band.y + 6, color: Theme.overlayText)
            }
            return
        }
        // A frame round the table while the message shows: red for a lost ball, gold for a point.
        (e == .scored ? Color(hex: 0xffd23f) : Theme.error).set(cr)
        cr.setLineWidth(6)
        cr.rectangle(r.insetBy(3))
        cr.stroke()
        let text = e == .scored ? tr("Point! Level {0}: the holes turn faster", String(model.level)) : trn("Into a hole: {0} ball left", "Into a hole: {0} balls left", model.ballsLeft, String(model.ballsLeft))
        let w = min(r.width - 20, Text.width(text, size: Theme.TextSize.headline, weight: .bold) + 30)
        let box = Rect(x: r.midX - w / 2, y: r.midY - 18, width: w, height: 36)
        Color(0, 0, 0, 0.6).set(cr)
        cr.roundedRect(box, radius: 8)
        cr.fill()
        cr.text(text, x: box.midX, y: box.midY, size: Text.fittingSize(text, width: w - 20, size: Theme.TextSize.headline, weight: .bold), color: Theme.overlayText, weight: .bold, align: .center)
    }

    /// The table at its own origin: green baize, the holes, the flag, the ball.
    static func drawTable(_ cr: CairoContext, _ m: HolesModel) {
        cr.fill(Rect(x: 0, y: 0, width: m.size.width, height: m.size.height), table)
        Color(0, 0, 0).set(cr)
        for h in m.holes { cr.circle(h, m.holeRadius) }
        cr.fill()
        // The flag fills the corner that scores, whatever the table's size.
        drawFlag(cr, at: Point(4 * m.unit, 3 * m.unit), height: 2 * m.ballRadius)
        ball.set(cr)
        // The outline inside the ball's radius: a ball against the edge is not cut off.
        let line = max(1.5, m.ballRadius * 0.1)
        cr.circle(m.ball, m.ballRadius - line / 2)
        cr.fillPreserve()
        Color(0.55, 0.45, 0).set(cr)
        cr.setLineWidth(line)
        cr.stroke()
    }

    /// The seed's Flag: a white pennant with a black outline on a black pole.
    static func drawFlag(_ cr: CairoContext, at p: Point, height h: Double) {
        cr.setLineWidth(max(2, h / 15))
        Color(0, 0, 0).set(cr)
        cr.moveTo(p.x + 1, p.y)
        cr.lineTo(p.x + 1, p.y + h)
        cr.stroke()
        cr.moveTo(p.x + 2, p.y + 1)
        cr.lineTo(p.x + 2 + h * 0.7, p.y + h * 0.25)
        cr.lineTo(p.x + 2, p.y + h * 0.5)
        cr.closePath()
        Color(1, 1, 1).set(cr)
        cr.fillPreserve()
        Color(0, 0, 0).set(cr)
        cr.setLineWidth(1.5)
        cr.stroke()
    }

    public static func drawIcon(_ cr: CairoContext, in r: Rect) {
        cr.fill(r, table)
        Color(0, 0, 0).set(cr)
        for (fx, fy) in HolesModel.holeFractions { cr.circle(Point(r.x + fx * r.width, r.y + fy * r.height), r.width * 0.09) }
        cr.fill()
        drawFlag(cr, at: Point(r.x + 3, r.y + 2), height: r.height * 0.3)
        ball.set(cr)
        cr.circle(Point(r.maxX - r.width * 0.1, r.maxY - r.height * 0.1), r.width * 0.07)
        cr.fill()
    }
}
