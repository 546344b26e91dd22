/// Flying, as in XaoS: while a button or key is held (or the autopilot flies), every tick zooms
/// the view a little about a point of the picture, which stays where it is on screen; moving the
/// pointer moves that point, which steers. The model only moves the window, one fixed tick
/// (1/60 s) at a time; how the frames are drawn is the view's business.

import Foundation

/// A flight: which way, about which point, and who flies.
public struct MandelbrotFlight: Equatable, Sendable {
    public enum Direction: Equatable, Sendable { case inward, outward }
    public var direction: Direction
    /// The point that stays put, as widths from the centre (x to the right, y upwards).
    public var fx: Double
    public var fy: Double
    /// The autopilot flies (it chooses the point itself); a key ends it.
    public var autopilot: Bool

    public init(direction: Direction, fx: Double, fy: Double, autopilot: Bool = false) {
        self.direction = direction; self.fx = fx; self.fy = fy; self.autopilot = autopilot
    }
}

extension MandelbrotModel {
    /// The length of one tick, the frame clock's.
    public static let tickSeconds = 1.0 / 60
    /// Halvings of the width per second at the start: 16× in 4 s (XaoS's default gives about 7.7×).
    public static let defaultFlightSpeed = 1.0
    /// The speeds a flight may have; each + or − step multiplies or divides by √2.
    public static let flightSpeedRange = 0.125...8.0

    /// The width's factor per second at the current speed: `2×`, `1.41×`.
    public var flightSpeedText: String { String(format: "%.3g×/s", pow(2, flightSpeed)) }

    /// Starts (or turns) a flight about the point (fx, fy) widths from the centre.
    public mutating func startFlight(_ direction: MandelbrotFlight.Direction, aboutWidths fx: Double, _ fy: Double, autopilot: Bool = false) {
        flight = MandelbrotFlight(direction: direction, fx: fx, fy: fy, autopilot: autopilot)
    }

    /// Moves the flight's fixed point (the pointer moved, or the autopilot turned).
    public mutating func steerFlight(toWidths fx: Double, _ fy: Double) {
        flight?.fx = fx
        flight?.fy = fy
    }

    /// Turns the flight the other way (the autopilot backing out of a flat region).
    public mutating func setFlightDirection(_ d: MandelbrotFlight.Direction) {
        flight?.direction = d
    }

    /// The flight stops where it is.
    public mutating func endFlight() {
        flight = nil
    }

    /// Speeds the flight up (step 1) or slows it down (−1) by √2; false at the end of the range.
    @discardableResult
    public mutating func changeFlightSpeed(by step: Int) -> Bool {
        let next = flightSpeed * pow(2, 0.5 * Double(step))
        guard next >= Self.flightSpeedRange.lowerBound - 1e-9, next <= Self.flightSpeedRange.upperBound + 1e-9 else { return false }
        flightSpeed = next
        return true
    }

    /// One tick of the flight: the width scaled by 2^(∓speed/60) about the flight's point. True
    /// if the view moved; at the deepest or widest view the flight ends and the error says so.
    @discardableResult
    public mutating func tickFlight() throws -> Bool {
        guard let f = flight else { return false }
        let factor = pow(2, (f.direction == .inward ? -1 : 1) * flightSpeed * Self.tickSeconds)
        do {
            try zoom(by: factor, aboutWidths: f.fx, f.fy)
        } catch {
            flight = nil
            throw error
        }
        return true
    }
}
