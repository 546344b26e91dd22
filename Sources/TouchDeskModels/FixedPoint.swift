/// Fixed-point numbers for Mandelbrot views deeper than doubles can place (see MandelbrotDeep in
/// the engine for how they are used).

// MARK: - Fixed point

/// A signed 288-bit fixed-point number: 32 integer bits and 256 fraction bits, two's complement,
/// in little-endian 32-bit limbs. Exact for sums; products are truncated below 2⁻²⁵⁶.
public struct FixedPoint: Equatable, Hashable, Sendable, CustomStringConvertible {
    public static let fractionLimbs = 8
    static let limbCount = fractionLimbs + 1
    public static let fractionBits = 32 * fractionLimbs

    /// limbs[0] is the lowest fraction limb; limbs[8] is the (signed) integer part.
    var limbs: [UInt32]

    public static let zero = FixedPoint(limbs: [UInt32](repeating: 0, count: limbCount))

    init(limbs: [UInt32]) { self.limbs = limbs }

    public init(_ integer: Int) {
        var l = [UInt32](repeating: 0, count: Self.limbCount)
        l[Self.fractionLimbs] = UInt32(truncatingIfNeeded: Int32(integer))
        limbs = l
    }

    /// The exact value of `d` (bits below 2⁻²⁵⁶ are dropped; |d| must be below 2³¹).
    public init(_ d: Double) {
        precondition(d.isFinite && abs(d) < 2_147_483_648, "FixedPoint out of range: \(d)")
        var l = [UInt32](repeating: 0, count: Self.limbCount)
        if d != 0 {
            let m = d.magnitude
            // m = mantissa · 2^(exponent − 52), mantissa a 53-bit integer (subnormals are far below 2⁻²⁵⁶).
            let mantissa = (UInt64(1) << 52) | m.significandBitPattern
            let shift = Int(m.exponent) - 52 + Self.fractionBits
            if shift >= 0 {
                // Place the 53 bits at bit `shift`.
                let limb = shift / 32, bit = shift % 32
                let wide = (UInt128(mantissa) << bit)
                for k in 0..<4 where limb + k < Self.limbCount {
                    l[limb + k] = UInt32(truncatingIfNeeded: wide >> (32 * k))
                }
            } else if shift > -53 {
                l[0] = UInt32(truncatingIfNeeded: mantissa >> UInt64(-shift))
                l[1] = UInt32(truncatingIfNeeded: (mantissa >> UInt64(-shift)) >> 32)
            }
        }
        limbs = l
        if d < 0 { self = -self }
    }

    public var isNegative: Bool { limbs[Self.fractionLimbs] & 0x8000_0000 != 0 }

    /// The nearest double (to within one rounding per limb, far below a double's own precision).
    public var double: Double {
        let mag = isNegative ? (-self).limbs : limbs
        var sum = 0.0
        for i in stride(from: Self.limbCount - 1, through: 0, by: -1) where mag[i] != 0 {
            sum += Double(mag[i]) * Double(sign: .plus, exponent: 32 * i - Self.fractionBits, significand: 1)
        }
        return isNegative ? -sum : sum
    }

    public var description: String { "\(double)" }

    public static prefix func - (a: FixedPoint) -> FixedPoint {
        var out = a.limbs
        var carry: UInt64 = 1
        for i in 0..<limbCount {
            let v = UInt64(~out[i]) + carry
            out[i] = UInt32(truncatingIfNeeded: v)
            carry = v >> 32
        }
        return FixedPoint(limbs: out)
    }

    public static func + (a: FixedPoint, b: FixedPoint) -> FixedPoint {
        var out = [UInt32](repeating: 0, count: limbCount)
        var carry: UInt64 = 0
        for i in 0..<limbCount {
            let v = UInt64(a.limbs[i]) + UInt64(b.limbs[i]) + carry
            out[i] = UInt32(truncatingIfNeeded: v)
            carry = v >> 32
        }
        return FixedPoint(limbs: out)
    }

    public static func - (a: FixedPoint, b: FixedPoint) -> FixedPoint { a + (-b) }

    public static func * (a: FixedPoint, b: FixedPoint) -> FixedPoint {
        let negative = a.isNegative != b.isNegative
        let x = a.isNegative ? (-a).limbs : a.limbs
        let y = b.isNegative ? (-b).limbs : b.limbs
        let n = limbCount
        var wide = [UInt64](repeating: 0, count: 2 * n + 1)
        for i in 0..<n where x[i] != 0 {
            var carry: UInt64 = 0
            for j in 0..<n {
                // x·y + wide + carry < 2⁶⁴ for 32-bit limbs.
                let t = UInt64(x[i]) * UInt64(y[j]) + wide[i + j] + carry
                wide[i + j] = t & 0xffff_ffff
                carry = t >> 32
            }
            var k = i + n
            while carry != 0 && k < wide.count {
                let t = wide[k] + carry
                wide[k] = t & 0xffff_ffff
                carry = t >> 32
                k += 1
            }
        }
        var out = [UInt32](repeating: 0, count: n)
        for i in 0..<n { out[i] = UInt32(truncatingIfNeeded: wide[i + fractionLimbs]) }
        let r = FixedPoint(limbs: out)
        return negative ? -r : r
    }

    /// True when the value is greater than the integer `k` (k ≥ 0).
    public func isGreater(than k: Int) -> Bool {
        let int = Int32(bitPattern: limbs[Self.fractionLimbs])
        if Int(int) != k { return Int(int) > k }
        return limbs[0..<Self.fractionLimbs].contains { $0 != 0 }
    }
}

/// A point of the complex plane in fixed point.
public struct ComplexFixed: Equatable, Hashable, Sendable {
    public var x: FixedPoint
    public var y: FixedPoint
    public init(_ x: FixedPoint, _ y: FixedPoint) { self.x = x; self.y = y }
    public init(_ x: Double, _ y: Double) { self.x = FixedPoint(x); self.y = FixedPoint(y) }
}

