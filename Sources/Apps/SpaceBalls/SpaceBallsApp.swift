import TouchDeskDrawing
import Foundation
import TouchDeskInterface
import TouchDeskModels
import TouchDeskToolkit

/// SpaceBalls: balls flying in a black box, bouncing off its walls and off each other with
/// elastic collisions; START and STOP, and + and − for 1 to 50 balls.
///
/// The mouse plays too: a click in empty space adds a ball there, a drag moves a ball, and
/// letting go while moving throws it (the speed of the last few ticks of the drag). G turns
/// gravity on. Nothing animates while stopped and untouched, so a stopped box costs no CPU.
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
    enum Control: String, ControlID { case start, stop, fewer, more, gravity, chooseBall, throwBall }
    let controls = Controls<Control>()
    private(set) var boxRect = Rect.zero
    private var size = Size(0, 0)
    /// The ball being dragged, and where the pointer was on recent ticks (for the throw).
    public private(set) var held: Int?
    private var holdPoint = Point.zero
    private var trail: [(point: Point, tick: Int)] = []
    private var ticks = 0
    /// A touch that began in empty space: a ball is added where it ends, if it ends there too.
    private var pendingAdd: Point?
    private var toast = Toast()
    /// Announced to screen readers by the shell (`MiniApp.appToast`).
    public var appToast: Toast? { toast }
    /// The ball the keys throw (1–9 or N choose it, the arrows throw it), drawn with a ring.
    public private(set) var chosen: Int?
    /// How fast an arrow throws the chosen ball, in points per tick: a brisk flick's speed.
    static let keyThrowSpeed = 8.0
    /// The keys that choose ball 1 to 9 (the digits, the keypad's too); N chooses the next.
    static let ballDigitKeys = (1...9).flatMap { ["\($0)", "KP_\($0)"] }
    /// The keys that throw the chosen ball, and which way.
    static let throwKeys: [(names: [String], x: Double, y: Double)] = [
        (["Left", "KP_Left"], -1, 0), (["Right", "KP_Right"], 1, 0), (["Up", "KP_Up"], 0, -1), (["Down", "KP_Down"], 0, 1),
    ]

    public init(environment: AppEnvironment) {
        controls.add(.start, "Start", key: .key("Return", "KP_Enter"))
        controls.add(.stop, "Stop", key: .key("space"))
        controls.add(.fewer, "Balls −", key: .key("minus", "KP_Subtract"), help: "One ball fewer")
        controls.add(.more, "Balls +", key: .key("plus", "equal", "KP_Add", shown: "+"), help: "One ball more")
        controls.add(.gravity, "Gravity", key: .key("g"), kind: .toggle, help: "Gravity on or off")
        controls.addKeys(.chooseBall, KeyChord(Self.ballDigitKeys + ["n"]), shown: tr("1–9, N"), help: "Choose ball 1 to 9, or the next ball")
        controls.addKeys(.throwBall, KeyChord(Self.throwKeys.flatMap(\.names)), shown: tr("Arrows"), help: "Throw the chosen ball that way")
        syncControls()
    }

    public var widgets: [any WidgetGroup] { [controls] }
    public var extraKeys: [KeyHelp] {
        [KeyHelp("Click", "Add a ball there"), KeyHelp("Drag a ball", "Move it"), KeyHelp("Flick a ball", "Throw it")]
    }

    public func layout(in size: Size, scale: Double) {
        self.size = size
        let barH = controls.layoutToolbar(atBottomOf: size)
        boxRect = Rect(x: 0, y: Self.stripHeight, width: size.width, height: max(0, size.height - barH - Self.stripHeight))
        model.resize(to: boxRect.size)
    }

    public func handle(_ event: InputEvent) -> Bool {
        // Keys always reach the controls; a pointer only when no ball is held or being added.
        var toControls = held == nil && pendingAdd == nil
        if case .key = event { toControls = true }
        if toControls {
            switch controls.handle(event) {
            case .activated(let id) where id == .chooseBall || id == .throwBall:
                guard case .key(let k) = event else { return false }
                return handleBallKey(id, k)
            case .activated(let id): activate(id); return true
            case .changed, .stepped, .consumed: return true
            case .ignored: break
            }
        }
        switch event {
        case .touchBegan(let p):
            guard boxRect.contains(p) else { return false }
            let q = boxPoint(p)
            if let i = model.ball(at: q) {
                held = i
                holdPoint = q
                trail = [(q, ticks)]
                model.hold(i, at: q)
            } else {
                pendingAdd = q
            }
        case .touchMoved(let p):
            if let i = held {
                holdPoint = boxPoint(p)
                model.hold(i, at: holdPoint)
            } else if pendingAdd == nil {
                return false
            }
        case .touchEnded(let p):
            if let i = held {
                release(i, at: boxPoint(p))
            } else if let q = pendingAdd {
                pendingAdd = nil
                guard boxRect.contains(p) else { return true }
                if !model.addBall(at: q) { toast.show("50 balls is the most the box holds", isError: true, seconds: 2) }
                syncControls()
            } else {
                return false
            }
        default:
            return false
        }
        return true
    }

    /// A digit or N chooses a ball; an arrow throws the chosen one (the first if none is) and sets
    /// the box running, as a flick does. False with no ball to choose or throw.
    private func handleBallKey(_ id: Control, _ k: Key) -> Bool {
        guard !model.balls.isEmpty else { return false }
        if id == .chooseBall {
            guard let d = Int(k.name.hasPrefix("KP_") ? String(k.name.dropFirst(3)) : k.name) else {
                // N: the next ball.
                chosen = ((chosen ?? -1) + 1) % model.balls.count
                return true
            }
            guard d <= model.balls.count else {
                toast.show(trn("There is {0} ball: + adds one", "There are {0} balls: + adds one", model.balls.count, String(model.balls.count)), isError: true, seconds: 2)
                return true
            }
            chosen = d - 1
            return true
        }
        guard let way = Self.throwKeys.first(where: { $0.names.contains(k.name) }) else { return false }
        let i = chosen.map { min($0, model.balls.count - 1) } ?? 0
        chosen = i
        if held == i { held = nil; trail = [] }
        model.throwBall(i, vx: way.x * Self.keyThrowSpeed, vy: way.y * Self.keyThrowSpeed)
        model.isRunning = true
        syncControls()
        return true
    }

    private func boxPoint(_ p: Point) -> Point { Point(p.x - boxRect.x, p.y - boxRect.y) }

    /// Lets the held ball go: a flick throws it at the speed the pointer had over its last few
    /// ticks, and a throw sets the box running.
    private func release(_ i: Int, at q: Point) {
        model.hold(i, at: q)
        let old = trail.last { ticks - $0.tick >= 3 } ?? trail.first ?? (q, ticks)
        let dt = Double(max(1, ticks - old.tick))
        let vx = (q.x - old.point.x) / dt, vy = (q.y - old.point.y) / dt
        if (vx * vx + vy * vy).squareRoot() > 0.5 {
            model.throwBall(i, vx: vx, vy: vy)
            model.isRunning = true
        }
        held = nil
        trail = []
        syncControls()
    }

    private func activate(_ id: Control) {
        switch id {
        // The ball keys: taken in `handle`.
        case .chooseBall, .throwBall: return
        case .start: model.isRunning = true
        case .stop: model.isRunning = false
        case .fewer:
            // The held ball is the newest when it is the last one: let go of it first.
            if held == model.balls.count - 1 { held = nil; trail = [] }
            model.removeBall()
        case .more: model.addBall()
        case .gravity: model.gravity.toggle()
        }
        syncControls()
    }

    /// The highlighted button is the one to press next: Start while stopped, Stop while running.
    private func syncControls() {
        controls.setOn(.start, !model.isRunning)
        controls.setOn(.stop, model.isRunning)
        controls.setOn(.gravity, model.gravity)
        controls.setEnabled(.fewer, model.balls.count > SpaceBallsModel.ballRange.lowerBound)
        controls.setEnabled(.more, model.balls.count < SpaceBallsModel.ballRange.upperBound)
    }

    public func tick() -> Bool {
        ticks += 1
        let toastShowing = toast.tick()
        if let i = held {
            trail.append((holdPoint, ticks))
            if trail.count > 12 { trail.removeFirst() }
            model.hold(i, at: holdPoint)
        }
        guard model.isRunning else { return held != nil || toastShowing }
        model.step()
        if let i = held { model.hold(i, at: holdPoint) }
        return true
    }

    public func draw(_ cr: CairoContext) {
        let n = model.balls.count
        var status = trn("{0} ball", "{0} balls", n, String(n)) + " · " + (model.isRunning ? tr("running") : tr("stopped"))
        if model.gravity { status += " · " + tr("gravity") }
        cr.text(status, x: 10, y: Self.stripHeight / 2, size: Text.fittingSize(status, width: size.width * 0.5, size: Theme.TextSize.status, weight: .bold), weight: .bold)
        let hint = tr("Click: add a ball · drag: move · flick or 1–9 and arrows: throw")
        // Beside the status where it fits whole; in a narrow window, wrapped along the box's foot
        // rather than shrunk past reading.
        let hintFits = Text.width(hint, size: Theme.TextSize.caption) <= size.width * 0.45
        if hintFits {
            cr.text(hint, x: size.width - 10, y: Self.stripHeight / 2, size: Theme.TextSize.caption, color: Theme.dimText, align: .right)
        }
        if boxRect.height > 0 {
            cr.save()
            cr.rectangle(boxRect)
            cr.clip()
            cr.translate(boxRect.x, boxRect.y)
            Self.drawBox(cr, model)
            if let i = chosen, model.balls.indices.contains(i) {
                Theme.accent.set(cr)
                cr.setLineWidth(3)
                cr.circle(model.balls[i].position, SpaceBallsModel.radius + 5)
                cr.stroke()
            }
            cr.restore()
            if !hintFits {
                let l = Text.layout(hint, font: Font(size: Theme.TextSize.caption), width: boxRect.width - 20, wrap: true, align: .center)
                cr.draw(l, x: boxRect.x + 10, y: boxRect.maxY - l.height - 6, color: Theme.dimText)
            }
        }
        controls.draw(cr)
        toast.draw(cr, in: boxRect)
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
