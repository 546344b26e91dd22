import TouchDeskInterface
import Foundation

/// Accelerometer: the tilt in g on the seed's polar grid, with running minimum and maximum of each
/// axis and of the magnitude, and (beyond the seed, its stated future work) the last 10 s of
/// ax, ay and az for a scrolling plot.
public struct AccelerometerModel: Equatable, Sendable {
    /// Samples kept for the plot: 10 s at 60 ticks per second.
    public static let historyLength = 600

    public struct Stat: Equatable, Sendable {
        public var minimum: Double
        public var maximum: Double
        public init(minimum: Double, maximum: Double) { self.minimum = minimum; self.maximum = maximum }
    }

    public private(set) var current = restingTilt(x: 0, y: 0)
    public private(set) var x = Stat(minimum: 0, maximum: 0)
    public private(set) var y = Stat(minimum: 0, maximum: 0)
    public private(set) var z = Stat(minimum: 0, maximum: 0)
    public private(set) var magnitude = Stat(minimum: 1, maximum: 1)
    /// Oldest first, at most `historyLength`.
    public private(set) var history: [Vector3] = []
    private var head = 0

    public init() {}

    /// |a| of the current reading.
    public var currentMagnitude: Double { Self.norm(current) }

    static func norm(_ v: Vector3) -> Double { (v.x * v.x + v.y * v.y + v.z * v.z).squareRoot() }

    /// Takes one reading (one tick); non-finite readings are ignored.
    public mutating func record(_ v: Vector3) {
        guard v.x.isFinite, v.y.isFinite, v.z.isFinite else { return }
        current = v
        Self.widen(&x, v.x); Self.widen(&y, v.y); Self.widen(&z, v.z)
        Self.widen(&magnitude, Self.norm(v))
        if history.count < Self.historyLength {
            history.append(v)
        } else {
            history[head] = v
            head = (head + 1) % Self.historyLength
        }
    }

    /// The plot's samples, oldest first.
    public var orderedHistory: [Vector3] {
        history.count < Self.historyLength ? history : Array(history[head...] + history[..<head])
    }

    private static func widen(_ s: inout Stat, _ v: Double) {
        s.minimum = min(s.minimum, v)
        s.maximum = max(s.maximum, v)
    }

    /// RESET, as the seed did it: min and max of |a| back to 1.0, those of the axes to 0.
    public mutating func reset() {
        x = Stat(minimum: 0, maximum: 0)
        y = Stat(minimum: 0, maximum: 0)
        z = Stat(minimum: 0, maximum: 0)
        magnitude = Stat(minimum: 1, maximum: 1)
    }
}
