import MandelbrotEngine
import TouchDeskInterface
import TouchDeskModels

/// Mandelbrot's flying, as in XaoS: holding the left button zooms in about the pointer (the right
/// button out), moving the pointer steers; Page Up and Page Down fly about the centre while held;
/// the wheel, + and − change the speed meanwhile; A lets the autopilot fly. The model moves the
/// view one tick at a time (`MandelbrotModel.tickFlight`); the display builds each frame from the
/// last on a thread of its own, reusing every row and column it can (`MandelbrotFlightFrame`), and
/// when the flight lands the renderer makes the picture exact.
///
/// It owns the press on the picture (let go at once it is a tap, a quadrant; moved, a drag that
/// pans; held still, it takes off), what holds a flight under way and where the autopilot heads,
/// and steers the model's flight. The app shows the frames and lands the display.
struct MandelbrotPilot {
    /// What holds a flight under way.
    enum Hold { case primary, secondary, key }

    /// What an event came to, for the app to follow.
    enum Answer {
        /// Not the flight's.
        case ignored
        case handled
        /// The flight ended: the display lands (its picture refines to exact).
        case landed
        /// The wheel while flying: the speed changes by this many steps.
        case speed(Int)
    }

    /// What a press let go came to.
    enum Release {
        /// Let go where it began: a tap at this point.
        case tap(Point)
        /// Dragged this far: the picture pans.
        case drag(Point)
    }

    /// What a tick came to.
    enum Tick {
        /// Nothing flies or waits to.
        case resting
        /// A press held still, not yet long enough to take off.
        case holding
        /// The view moved: the display shows the next frame.
        case flying
        /// The flight could go no further and landed.
        case failed(any Error)
    }

    /// A touch in the picture: where it began, and how far it has been dragged.
    private(set) var touchStart: Point?
    private(set) var dragOffset: Point?
    /// Ticks the touch has been held still (long enough, and it takes off); the autopilot's ticks.
    private var heldTicks = 0
    /// What holds the flight under way: a button, a key, or nothing (the autopilot).
    private var heldBy: Hold?
    /// Where the autopilot is heading, in device pixels of the picture.
    private var autopilotHeading: (x: Double, y: Double)?

    /// A press held this many ticks without moving takes off (shorter is a click: a quadrant).
    static let holdTicks = 15
    /// The autopilot looks again every this many ticks, and turns this share of the way per tick.
    static let autopilotLook = 12
    static let autopilotTurn = 0.04
    /// A touch that moves less than this is a tap (a quadrant), not a drag.
    static let dragThreshold = 4.0

    // MARK: - The press

    /// A touch began on the picture.
    mutating func press(at p: Point) {
        touchStart = p
        dragOffset = nil
        heldTicks = 0
    }

    /// The touch moved; false when none is held.
    mutating func move(to p: Point) -> Bool {
        guard let start = touchStart else { return false }
        let d = p - start
        if dragOffset != nil || abs(d.x) > Self.dragThreshold || abs(d.y) > Self.dragThreshold { dragOffset = d }
        return true
    }

    /// The touch was let go at `p`; nil when none was held.
    mutating func release(at p: Point) -> Release? {
        guard let start = touchStart else { return nil }
        touchStart = nil
        guard dragOffset != nil else { return .tap(p) }
        dragOffset = nil
        return .drag(p - start)
    }

    // MARK: - Flying

    /// The events a flight takes. Called before the controls see them. `flightKey` tells which way
    /// a key flies, from the keys the controls declare for flying in and out (Page Up, Page Down).
    mutating func handle(_ event: InputEvent, model: inout MandelbrotModel, area: MandelbrotArea,
                         flightKey: (Key) -> MandelbrotFlight.Direction?) -> Answer {
        switch event {
        case .touchMoved(let p) where heldBy == .primary, .secondaryMoved(let p) where heldBy == .secondary:
            // The flight's fixed point follows the pointer.
            let (fx, fy) = area.widths(at: area.devicePoint(area.clamped(p)))
            model.steerFlight(toWidths: fx, fy)
            return .handled
        case .touchEnded where heldBy == .primary, .secondaryEnded where heldBy == .secondary:
            touchStart = nil
            land(&model)
            return .landed
        case .touchEnded where model.flight != nil && touchStart != nil:
            // A click on the picture while flying by key or autopilot does nothing (no quadrant).
            touchStart = nil
            return .handled
        case .secondaryBegan(let p):
            guard area.rect.contains(p) else { return .ignored }
            let (fx, fy) = area.widths(at: area.devicePoint(p))
            model.startFlight(.outward, aboutWidths: fx, fy)
            heldBy = .secondary
            return .handled
        case .scroll(_, let dy) where model.flight != nil:
            return .speed(dy < 0 ? 1 : -1)
        case .keyUp(let k):
            // The key let go lands the flight whatever modifiers are held by then.
            var bare = k
            (bare.control, bare.alt, bare.shift) = (false, false, false)
            guard heldBy == .key, let f = model.flight, flightKey(bare) == f.direction else { return .ignored }
            land(&model)
            return .landed
        case .key(let k) where flightKey(k) != nil:
            // Page Up and Page Down are held keys: the flight lasts until they are released.
            let d = flightKey(k)!
            if model.flight?.direction != d || heldBy != .key { model.startFlight(d, aboutWidths: 0, 0) }
            heldBy = .key
            return .handled
        default:
            return .ignored
        }
    }

    /// The flight stops where it is.
    mutating func land(_ model: inout MandelbrotModel) {
        model.endFlight()
        heldBy = nil
        autopilotHeading = nil
    }

    /// A: the autopilot flies, held by nothing.
    mutating func startAutopilot(_ model: inout MandelbrotModel) {
        model.startFlight(.inward, aboutWidths: 0, 0, autopilot: true)
        heldBy = nil
        autopilotHeading = nil
    }

    /// One tick of flying: a press held still takes off, the autopilot turns (looking at the values
    /// `shown`), the view moves.
    mutating func tick(_ model: inout MandelbrotModel, area: MandelbrotArea,
                       shown: () -> (values: [Float], width: Int, height: Int)?) -> Tick {
        if let start = touchStart, dragOffset == nil, model.flight == nil {
            heldTicks += 1
            if heldTicks >= Self.holdTicks {
                let (fx, fy) = area.widths(at: area.devicePoint(start))
                model.startFlight(.inward, aboutWidths: fx, fy)
                heldBy = .primary
            }
        }
        // A press held still: the ticks go on until it takes off or is let go.
        guard let f = model.flight else { return touchStart != nil && dragOffset == nil ? .holding : .resting }
        if f.autopilot { steerAutopilot(&model, area: area, shown: shown) }
        do {
            try model.tickFlight()
        } catch {
            land(&model)
            return .failed(error)
        }
        return .flying
    }

    /// The autopilot heads for the most detailed part of the picture, turning a little each
    /// tick; with nothing detailed in sight it backs out until there is.
    private mutating func steerAutopilot(_ model: inout MandelbrotModel, area: MandelbrotArea,
                                         shown: () -> (values: [Float], width: Int, height: Int)?) {
        guard let f = model.flight, area.width > 0 else { return }
        let side = area.side, w = Double(area.width), h = Double(area.height)
        let here = autopilotHeading ?? (w / 2, h / 2)
        if heldTicks % Self.autopilotLook == 0, let shown = shown() {
            let fxNow = f.fx * side + w / 2, fyNow = h / 2 - f.fy * side
            if let t = MandelbrotAutopilot.target(values: shown.values, width: shown.width, height: shown.height, near: (fxNow, fyNow)) {
                autopilotHeading = t
                model.setFlightDirection(.inward)
            } else {
                model.setFlightDirection(.outward)
            }
        }
        heldTicks += 1
        // Turn toward the heading a share of the way each tick, as a hand moving the pointer.
        let cx = f.fx * side + w / 2, cy = h / 2 - f.fy * side
        let nx = cx + (here.x - cx) * Self.autopilotTurn, ny = cy + (here.y - cy) * Self.autopilotTurn
        let (fx, fy) = area.widths(at: Point(nx, ny))
        model.steerFlight(toWidths: fx, fy)
    }
}
