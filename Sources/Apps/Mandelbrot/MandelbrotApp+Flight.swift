import Foundation
import MandelbrotEngine
import TouchDeskInterface
import TouchDeskModels
import TouchDeskToolkit

/// What holds a flight under way.
enum FlightHold { case primary, secondary, key }

/// Flying, as in XaoS: holding the left button zooms in about the pointer (the right button
/// out), moving the pointer steers; Page Up and Page Down fly about the centre while held; the
/// wheel, + and − change the speed meanwhile; A lets the autopilot fly. The model moves the view
/// one tick at a time (`MandelbrotModel.tickFlight`); the display builds each frame from the last
/// on a thread of its own, reusing every row and column it can (`MandelbrotFlightFrame`), and
/// when the flight lands the renderer makes the picture exact.
extension MandelbrotApp {
    /// A press held this many ticks without moving takes off (shorter is a click: a quadrant).
    static let holdTicks = 15
    /// The autopilot looks again every this many ticks, and turns this share of the way per tick.
    static let autopilotLook = 12
    static let autopilotTurn = 0.04

    /// A point of the app in device pixels of the picture.
    func devicePoint(_ p: Point) -> Point {
        Point((p.x - imageRect.x) * pixelScale, (p.y - imageRect.y) * pixelScale)
    }

    /// A device pixel of the picture as widths from the centre (x to the right, y upwards).
    func widths(at local: Point) -> (Double, Double) {
        let w = Double(frame?.width ?? 0), h = Double(frame?.height ?? 0)
        return ((local.x - w / 2) / side, (h / 2 - local.y) / side)
    }

    /// The events a flight takes (nil: not the flight's). Called before the controls see them.
    func handleFlight(_ event: InputEvent) -> Bool? {
        switch event {
        case .touchMoved(let p) where heldBy == .primary, .secondaryMoved(let p) where heldBy == .secondary:
            steer(to: p)
            return true
        case .touchEnded where heldBy == .primary, .secondaryEnded where heldBy == .secondary:
            touchStart = nil
            land()
            return true
        case .touchEnded where model.flight != nil && touchStart != nil:
            // A click on the picture while flying by key or autopilot does nothing (no quadrant).
            touchStart = nil
            return true
        case .secondaryBegan(let p):
            guard imageRect.contains(p) else { return nil }
            let (fx, fy) = widths(at: devicePoint(p))
            model.startFlight(.outward, aboutWidths: fx, fy)
            heldBy = .secondary
            syncControls()
            return true
        case .scroll(_, let dy) where model.flight != nil:
            changeFlightSpeed(dy < 0 ? 1 : -1)
            return true
        case .keyUp(let k):
            guard heldBy == .key, let f = model.flight else { return nil }
            let names = f.direction == .inward ? ["Prior", "KP_Prior"] : ["Next", "KP_Next"]
            guard names.contains(k.name) else { return nil }
            land()
            return true
        case .key(let k) where ["Prior", "KP_Prior", "Next", "KP_Next"].contains(k.name):
            // Page Up and Page Down are held keys: the flight lasts until they are released.
            let d: MandelbrotFlight.Direction = k.name.hasSuffix("Prior") ? .inward : .outward
            if model.flight?.direction != d || heldBy != .key { model.startFlight(d, aboutWidths: 0, 0) }
            heldBy = .key
            syncControls()
            return true
        default:
            return nil
        }
    }

    /// The flight's fixed point follows the pointer.
    private func steer(to p: Point) {
        let (fx, fy) = widths(at: devicePoint(clamped(p)))
        model.steerFlight(toWidths: fx, fy)
    }

    private func clamped(_ p: Point) -> Point {
        Point(min(max(p.x, imageRect.minX), imageRect.maxX), min(max(p.y, imageRect.minY), imageRect.maxY))
    }

    /// The flight stops where it is; the picture refines to exact.
    func land() {
        model.endFlight()
        heldBy = nil
        autopilotHeading = nil
        display.land()
        syncControls()
    }

    func startAutopilot() {
        model.startFlight(.inward, aboutWidths: 0, 0, autopilot: true)
        heldBy = nil
        autopilotHeading = nil
        syncControls()
    }

    /// + and − (and the wheel) while flying.
    func changeFlightSpeed(_ step: Int) {
        if !model.changeFlightSpeed(by: step) {
            toast.show(tr("The flight's speed stays within {0} and {1}", String(format: "%.3g×/s", pow(2, MandelbrotModel.flightSpeedRange.lowerBound)),
                          String(format: "%.3g×/s", pow(2, MandelbrotModel.flightSpeedRange.upperBound))), isError: true)
        }
    }

    /// One tick of flying: a press held still takes off, the autopilot turns, the view moves and
    /// the display is asked for its frame. True while a flight is under way.
    func flightTick() -> Bool {
        if let start = touchStart, dragOffset == nil, model.flight == nil {
            heldTicks += 1
            if heldTicks >= Self.holdTicks {
                let (fx, fy) = widths(at: devicePoint(start))
                model.startFlight(.inward, aboutWidths: fx, fy)
                heldBy = .primary
                syncControls()
            }
        }
        // A press held still: the ticks go on until it takes off or is let go.
        guard let f = model.flight else { return touchStart != nil && dragOffset == nil }
        if f.autopilot { steerAutopilot() }
        do {
            try model.tickFlight()
        } catch {
            toast.show(String(describing: error), isError: true)
            land()
            return true
        }
        let (w, h) = pixelSize
        display.fly(viewFrame(width: w, height: h))
        return true
    }

    /// The autopilot heads for the most detailed part of the picture, turning a little each
    /// tick; with nothing detailed in sight it backs out until there is.
    private func steerAutopilot() {
        guard let f = model.flight, let frame, frame.width > 0 else { return }
        let here = autopilotHeading ?? (Double(frame.width) / 2, Double(frame.height) / 2)
        if heldTicks % Self.autopilotLook == 0, let shown = display.shownValues {
            let fxNow = f.fx * side + Double(frame.width) / 2, fyNow = Double(frame.height) / 2 - f.fy * side
            if let t = MandelbrotAutopilot.target(values: shown.values, width: shown.width, height: shown.height, near: (fxNow, fyNow)) {
                autopilotHeading = t
                model.setFlightDirection(.inward)
            } else {
                model.setFlightDirection(.outward)
            }
        }
        heldTicks += 1
        // Turn toward the heading a share of the way each tick, as a hand moving the pointer.
        let cx = f.fx * side + Double(frame.width) / 2, cy = Double(frame.height) / 2 - f.fy * side
        let nx = cx + (here.x - cx) * Self.autopilotTurn, ny = cy + (here.y - cy) * Self.autopilotTurn
        let (fx, fy) = widths(at: Point(nx, ny))
        model.steerFlight(toWidths: fx, fy)
    }

    /// The label's flight part: which way, how fast, how many frames per second and how much
    /// of each frame was computed.
    func flightText(_ f: MandelbrotFlight) -> String {
        let way = f.autopilot ? tr("autopilot") : f.direction == .inward ? tr("flying in") : tr("flying out")
        var text = way + " " + model.flightSpeedText
        if let s = display.flightStatus {
            text += " · " + tr("{0} fps, {1} % computed", String(Int(s.framesPerSecond.rounded())),
                               String(format: "%.1f", s.computedShare * 100))
            if s.deep { text += " · " + tr("deep: perturbation, slower") }
        }
        return text
    }
}
