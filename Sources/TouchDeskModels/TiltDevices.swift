import TouchDeskInterface
import Foundation

/// Pure parsing for the real tilt sources: Linux IIO accelerometer readings and joystick events.
/// The host reads the files; everything that decides what the bytes mean lives here and is tested.

/// One IIO accelerometer's sysfs values turned into g.
public enum IIOAccelerometer {
    /// Standard gravity, m/s² per g.
    public static let standardGravity = 9.80665

    /// A sysfs number ("1234\n", "0.009576"), or nil for anything else (empty, words, NaN, inf).
    public static func number(_ text: String) -> Double? {
        let t = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !t.isEmpty, let v = Double(t), v.isFinite else { return nil }
        return v
    }

    /// One axis in g: (raw + offset) × scale is m/s² (kernel ABI, sysfs-bus-iio), then ÷ 9.80665.
    public static func axis(raw: String, scale: String, offset: String?) -> Double? {
        guard let r = number(raw), let s = number(scale), s > 0 else { return nil }
        var o = 0.0
        if let offset { guard let v = number(offset) else { return nil }; o = v }
        return (r + o) * s / standardGravity
    }

    /// All three axes, or nil (with the reason) if any is not a number.
    public static func reading(raw: [String], scale: [String], offset: [String?]) -> Result<Vector3, ParseError> {
        let names = ["x", "y", "z"]
        var g: [Double] = []
        for i in 0..<3 {
            guard let v = axis(raw: raw[i], scale: scale[i], offset: offset[i]) else {
                let shown = raw[i].trimmingCharacters(in: .whitespacesAndNewlines)
                return .failure(ParseError(description: tr("in_accel_{0} is not a number (raw \"{1}\", scale \"{2}\")", "\(names[i])", "\(shown.prefix(20))", "\(scale[i].trimmingCharacters(in: .whitespacesAndNewlines).prefix(20))")))
            }
            // A reading beyond 16 g is not a device at rest in a hand: treat it as garbage.
            guard abs(v) <= 16 else { return .failure(ParseError(description: tr("in_accel_{0} reads {1} g, beyond any tilt", "\(names[i])", "\(v)"))) }
            g.append(v)
        }
        return .success(Vector3(g[0], g[1], g[2]))
    }

    /// A mount matrix ("1, 0, 0; 0, 1, 0; 0, 0, 1": rows separated by ";"), which turns the chip's
    /// axes into the device's; nil unless it is nine finite numbers.
    public static func mountMatrix(_ text: String) -> [[Double]]? {
        let rows = text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ";")
        guard rows.count == 3 else { return nil }
        var m: [[Double]] = []
        for r in rows {
            let values = r.split(separator: ",").compactMap { number(String($0)) }
            guard values.count == 3, r.split(separator: ",").count == 3 else { return nil }
            m.append(values)
        }
        return m
    }

    /// The largest tilt a device at rest in a hand can read, in g, on each axis.
    public static let limit = 16.0

    /// A reading in the device's axes, checked: every axis finite and within ±16 g, or the reason
    /// not (a mount matrix of 1e30 turns an ordinary reading into infinity).
    public static func checked(_ v: Vector3) -> Result<Vector3, ParseError> {
        for (name, a) in [("x", v.x), ("y", v.y), ("z", v.z)] {
            guard a.isFinite else { return .failure(ParseError(description: tr("in_accel_{0} is not finite after the mount matrix", name))) }
            guard abs(a) <= limit else { return .failure(ParseError(description: tr("in_accel_{0} reads {1} g after the mount matrix, beyond any tilt", name, "\(a)"))) }
        }
        return .success(v)
    }

    /// The whole path from sysfs text to a checked tilt: parse, rotate by the mount matrix (when
    /// there is one), check.
    public static func tilt(raw: [String], scale: [String], offset: [String?], mount: [[Double]]?) -> Result<Vector3, ParseError> {
        reading(raw: raw, scale: scale, offset: offset).flatMap { v in checked(mount.map { apply($0, to: v) } ?? v) }
    }

    /// `v` in the device's axes: the mount matrix times the chip's reading.
    public static func apply(_ m: [[Double]], to v: Vector3) -> Vector3 {
        let a = [v.x, v.y, v.z]
        func row(_ i: Int) -> Double { m[i][0] * a[0] + m[i][1] * a[1] + m[i][2] * a[2] }
        return Vector3(row(0), row(1), row(2))
    }

    public struct ParseError: Error, CustomStringConvertible, Equatable {
        public let description: String
    }
}

/// The Linux joystick API: 8-byte events (u32 time, s16 value, u8 type, u8 number), axes ±32767.
public struct JoystickTilt: Equatable, Sendable {
    public static let eventSize = 8
    static let typeButton: UInt8 = 0x01
    static let typeAxis: UInt8 = 0x02
    static let typeInit: UInt8 = 0x80

    /// Axis 0 (left stick, right is +) and axis 1 (down is +), each −1…1.
    public private(set) var stickX = 0.0
    public private(set) var stickY = 0.0

    public init() {}

    /// Applies every whole event in `bytes` (little-endian, as the kernel writes them on x86 and
    /// ARM); true when an axis moved.
    public mutating func apply(_ bytes: [UInt8]) -> Bool {
        var moved = false
        var i = 0
        while i + Self.eventSize <= bytes.count {
            let value = Int16(bitPattern: UInt16(bytes[i + 4]) | UInt16(bytes[i + 5]) << 8)
            let type = bytes[i + 6] & ~Self.typeInit
            let number = bytes[i + 7]
            if type == Self.typeAxis && number <= 1 {
                let v = max(-1, min(1, Double(value) / 32767))
                if number == 0 { stickX = v } else { stickY = v }
                moved = true
            }
            i += Self.eventSize
        }
        return moved
    }

    /// The stick as a tilt: pushing it away (up, negative axis 1) tilts forward (+y).
    public var tilt: Vector3 { restingTilt(x: stickX, y: -stickY) }
}
