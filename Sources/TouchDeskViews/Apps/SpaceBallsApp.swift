import TouchDeskDrawing
import Foundation
import TouchDeskInterface
import TouchDeskModels

/// SpaceBalls: balls flying in a black box, bouncing off its walls and off each other with
/// elastic collisions; START and STOP, and + and − for 1 to 50 balls.
///
/// Nothing animates while stopped, so a stopped box costs no CPU.
public final class SpaceBallsApp: MiniApp {
    public nonisolated static let id = "spaceballs"
    public nonisolated static let title = "SpaceBalls"
    public nonisolated static let blurb = "Balls in a black box bouncing elastically: start, stop, and 1 to 50 balls."

    static let space = Color(0, 0, 0)
    /// Yellow and white as in the seed, then more for the added balls.
    static let palette: [Color] = [Color(hex: 0xffd700), Color(hex: 0xffffff), Color(hex: 0xff6b6b), Color(hex: 0x4ecdc4),
                                   Color(hex: 0xa78bfa), Color(hex: 0x7bd389), Color(hex: 0xff9f1c), Color(hex: 0x5dade2)]
    static let stripHeight = 30.0

    public private(set) var model = SpaceBallsModel(size: Size(400, 300))
    let controls = Controls()
    public private(set) var boxRect = Rect.zero
    private var size = Size(0, 0)

    public init(environment: AppEnvironment) {
        controls.add("start", "Start", shortcut: "Enter")
        controls.add("stop", "Stop", shortcut: "Space")
        controls.add("fewer", "−", shortcut: "-")
        controls.add("more", "+", shortcut: "+")
        syncControls()
    }

    public func layout(in size: Size) {
        self.size = size
        let barH = controls.layoutToolbar(atBottomOf: size)
        boxRect = Rect(x: 0, y: Self.stripHeight, width: size.width, height: max(0, size.height - barH - Self.stripHeight))
        model.resize(to: boxRect.size)
    }

    public func handle(_ event: InputEvent) -> Bool {
        switch controls.handle(event) {
        case .activated(let id): activate(id); return true
        case .changed, .consumed: return true
        case .ignored: break
        }
        guard case .key(let k) = event else { return false }
        if k.is("Return") || k.is("KP_Enter") { activate("start") }
        else if k.is("space") { activate("stop") }
        else if k.is("minus") || k.is("KP_Subtract") { activate("fewer") }
        else if k.is("plus") || k.is("equal") || k.is("KP_Add") { activate("more") }
        else { return false }
        return true
    }

    private func activate(_ id: String) {
        switch id {
        case "start": model.isRunning = true
        case "stop": model.isRunning = false
        case "fewer": model.removeBall()
        case "more": model.addBall()
        default: break
        }
        syncControls()
    }

    private func syncControls() {
        controls.setOn("start", model.isRunning)
        controls.setOn("stop", !model.isRunning)
        controls.setEnabled("fewer", model.balls.count > SpaceBallsModel.ballRange.lowerBound)
        controls.setEnabled("more", model.balls.count < SpaceBallsModel.ballRange.upperBound)
    }

    public func tick() -> Bool {
        guard model.isRunning else { return false }
        model.step()
        return true
    }

    public func draw(_ cr: CairoContext) {
        let n = model.balls.count
        let status = "\(n) \(n == 1 ? "ball" : "balls") · \(model.isRunning ? "running" : "stopped")"
        cr.text(status, x: 10, y: Self.stripHeight / 2, size: 15, weight: .bold)
        if boxRect.height > 0 {
            cr.save()
            cr.rectangle(boxRect)
            cr.clip()
            cr.translate(boxRect.x, boxRect.y)
            Self.drawBox(cr, model)
            cr.restore()
        }
        controls.draw(cr)
    }

    static func drawBox(_ cr: CairoContext, _ m: SpaceBallsModel) {
        cr.fill(Rect(x: 0, y: 0, width: m.size.width, height: m.size.height), space)
        for (i, b) in m.balls.enumerated() {
            palette[i % palette.count].set(cr)
            cr.circle(b.position, SpaceBallsModel.radius)
            cr.fill()
        }
    }

    public static func drawIcon(_ cr: CairoContext, in r: Rect) {
        cr.fill(r, space)
        palette[0].set(cr)
        cr.circle(Point(r.x + r.width * 0.35, r.y + r.height * 0.4), r.width * 0.13)
        cr.fill()
        palette[1].set(cr)
        cr.circle(Point(r.x + r.width * 0.62, r.y + r.height * 0.62), r.width * 0.13)
        cr.fill()
    }
}
