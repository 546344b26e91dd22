import TouchDeskInterface
import Foundation

/// Tilt input shared by the tilt apps: one tilt vector in g from whichever source is active.
///
/// The keyboard is always there: arrows or WASD lean the "device" further the longer they are held,
/// up to 0.7 g (1 s from level), it eases back to level in about half a second once released, and
/// Space levels it at once. A right-button drag tilts towards the pointer's offset from the view centre.
/// A real accelerometer or joystick arrives as `.tilt` events and wins while it keeps reporting,
/// unless the keyboard or the mouse is in use. Time is counted in the 1/60 s ticks the app steps.

/// Where the current tilt comes from, for the small indicator each tilt app shows.
public enum TiltSourceKind: String, Sendable {
    case keyboard = "Keys"
    case mouse = "Mouse"
    case device = "Sensor"
}

/// The keyboard's tilt: an (x, y) lean that grows while an arrow is held and eases back when it is
/// let go, as a hand tilts a phone: a tap nudges, holding leans further the longer it is held, up
/// to `limit`, and letting go settles smoothly, quickly at first and gently at the end.
public struct KeyboardTilt: Equatable, Sendable {
    /// The most a key leans the device, in g: sin 45°, as far as a hand tips a phone to roll a
    /// ball, not on its side.
    public static let limit = 0.7
    /// Ticks from level to the limit while a key is held (1 s at 60 Hz): the lean grows in
    /// proportion to the time held, so a 0.1 s tap leans 0.07 g.
    public static let ticksToLimit = 60.0
    /// The share of the lean given back each tick after release, and the least step back, so the
    /// lean eases out like a hand letting go and is level within about half a second.
    public static let easeBack = 0.12
    public static let leastStepBack = 0.004

    public private(set) var x = 0.0
    public private(set) var y = 0.0
    public init() {}

    /// Advances one tick towards the target lean (each axis −1, 0 or +1).
    public mutating func step(targetX: Int, targetY: Int) {
        x = Self.approach(x, Double(targetX) * Self.limit)
        y = Self.approach(y, Double(targetY) * Self.limit)
        // Two keys held (a diagonal) still make a tilt of at most the limit.
        let m = (x * x + y * y).squareRoot()
        if m > Self.limit { x *= Self.limit / m; y *= Self.limit / m }
    }

    private static func approach(_ v: Double, _ target: Double) -> Double {
        let ramp = limit / ticksToLimit
        if target == 0 || (target > 0) != (v > 0) && v != 0 {
            // Back towards level (released, or the other way pressed): ease out, never overshoot.
            let back = max(abs(v) * easeBack, leastStepBack, target == 0 ? 0 : ramp)
            let eased = abs(v) <= back ? 0 : v - (v > 0 ? back : -back)
            if target == 0 || eased != 0 { return eased }
            return min(ramp, abs(target)) * (target > 0 ? 1 : -1)
        }
        if v < target { return min(target, v + ramp) }
        if v > target { return max(target, v - ramp) }
        return v
    }

    public mutating func level() { x = 0; y = 0 }
    public var isLevel: Bool { x == 0 && y == 0 }
}

/// A tilt (x, y) in g of a device at rest: z = −sqrt(1 − x² − y²), with |(x, y)| capped at 1.
public func restingTilt(x: Double, y: Double) -> Vector3 {
    var x = x.isFinite ? x : 0, y = y.isFinite ? y : 0
    let m = (x * x + y * y).squareRoot()
    if m > 1 { x /= m; y /= m }
    return Vector3(x, y, -max(0, 1 - x * x - y * y).squareRoot())
}

/// Every tilt source an app listens to, mixed into one vector.
public struct TiltInput: Sendable {
    /// A device reading older than this many ticks no longer counts as active.
    public static let deviceTimeout = 30

    public private(set) var keyboard = KeyboardTilt()
    /// Held directions, by axis: the keys currently down.
    public private(set) var held: Set<String> = []
    /// The mouse tilt while the right button is held.
    public private(set) var mouse: Vector3?
    public private(set) var device: Vector3?
    private var ticksSinceDevice = Int.max

    public init() {}

    /// The tilt keys: each direction and the keysyms that lean that way (the arrows, the keypad's,
    /// WASD either case). The apps declare these keys from this table (`Controls.addTiltKeys`).
    public static let keys: [(direction: String, names: [String])] = [
        ("left", ["Left", "KP_Left", "a", "A"]), ("right", ["Right", "KP_Right", "d", "D"]),
        ("up", ["Up", "KP_Up", "w", "W"]), ("down", ["Down", "KP_Down", "s", "S"]),
    ]

    /// The direction a key leans, or nil when it is not a tilt key.
    public static func direction(of key: Key) -> String? {
        guard !key.control, !key.alt else { return nil }
        return keys.first { $0.names.contains(key.name) }?.direction
    }

    /// Takes the events that tilt: tilt keys, Space, the right button, device readings. `center` and
    /// `radius` describe the view a mouse tilt is measured in (the pointer `radius` away is 1 g).
    /// True when the event was used.
    public mutating func handle(_ event: InputEvent, center: Point, radius: Double) -> Bool {
        switch event {
        case .key(let k):
            if let d = Self.direction(of: k) { held.insert(d); return true }
            if k.is("space") { keyboard.level(); return true }
            return false
        case .keyUp(let k):
            if let d = Self.direction(of: k) { held.remove(d); return true }
            return false
        case .secondaryBegan(let p), .secondaryMoved(let p):
            let r = max(1, radius)
            mouse = restingTilt(x: (p.x - center.x) / r, y: -(p.y - center.y) / r)
            return true
        case .secondaryEnded:
            mouse = nil
            return true
        case .tilt(let v):
            guard v.x.isFinite, v.y.isFinite, v.z.isFinite else { return false }
            device = v
            ticksSinceDevice = 0
            return true
        default:
            return false
        }
    }

    /// Forgets held keys (e.g. when the window loses the keys' release events).
    public mutating func releaseAll() { held.removeAll(); mouse = nil }

    /// One 1/60 s step of the keyboard tilt.
    public mutating func step() {
        let tx = (held.contains("right") ? 1 : 0) - (held.contains("left") ? 1 : 0)
        let ty = (held.contains("up") ? 1 : 0) - (held.contains("down") ? 1 : 0)
        keyboard.step(targetX: tx, targetY: ty)
        if ticksSinceDevice < Int.max { ticksSinceDevice += 1 }
    }

    /// Which source the tilt comes from now: the mouse while dragging, the keyboard while it leans,
    /// a device while it reports, else the (level) keyboard.
    public var source: TiltSourceKind {
        if mouse != nil { return .mouse }
        if !held.isEmpty || !keyboard.isLevel { return .keyboard }
        if device != nil && ticksSinceDevice <= Self.deviceTimeout { return .device }
        return .keyboard
    }

    /// The tilt in g.
    public var vector: Vector3 {
        switch source {
        case .mouse: return mouse ?? restingTilt(x: 0, y: 0)
        case .device: return device ?? restingTilt(x: 0, y: 0)
        case .keyboard: return restingTilt(x: keyboard.x, y: keyboard.y)
        }
    }
}
