import TouchDeskInterface
/// Exact decimal numbers and wide-range doubles, for Mandelbrot views of any depth.
///
/// A view's centre is kept as an exact decimal (a big integer times a power of ten), so a centre
/// typed on the command line with any number of digits comes back out digit for digit, and the
/// quadrant arithmetic of the seed (halving spans) stays exact. The engine reads it into MPFR at
/// whatever precision the depth needs. Sizes (the width, a pixel's spacing) below what a double
/// can hold (about 1e-308) travel as an `ExtendedDouble`: a double mantissa and a separate
/// power of two.

import BigInt

// MARK: - Exact decimals

/// An exact decimal number: `significand` · 10^`exponent`. Equality is by value (1.50 == 1.5);
/// the text form keeps the digits it was given.
public struct DecimalNumber: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let significand: BigInt
    public let exponent: Int
    /// The nearest double (0 or ±infinity beyond a double's range), computed once.
    public let double: Double

    /// Longest text `parse` accepts, and the largest decimal exponent: far beyond any view
    /// (1e-1000 is the deepest), small enough that no input can make the arithmetic crawl. The
    /// exponent's bound is the length's: a centre like 1e-20000 costs what 20,000 digits do
    /// (adding an offset to it writes them all out); 1e-100000 took seconds per comparison.
    public static let maxLength = 20_000
    public static let maxExponent = 20_000

    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    public init(significand: BigInt, exponent: Int) {
        self.significand = significand
        self.exponent = significand == 0 ? 0 : exponent
        double = Self.nearestDouble(significand, exponent)
    }

    /// Through text for short significands (correctly rounded); long ones are first cut to
    /// about 25 digits (an error of 1e-24 relative, far below a double's rounding).
    private static func nearestDouble(_ s: BigInt, _ e: Int) -> Double {
        if s == 0 { return 0 }
        let cut = Int(Double(s.magnitude.bitWidth) * 0.301_029_995_663_981_2) - 25
        guard cut > 0 else { return Double("\(s)e\(e)") ?? .nan }
        return Double("\(s / power10(cut))e\(e + cut)") ?? .nan
    }

    public init(_ integer: Int) { self.init(significand: BigInt(integer), exponent: 0) }

    /// The shortest decimal that reads back as `d` (Swift's own `description` of a double).
    public init(_ d: Double) {
        precondition(d.isFinite, "DecimalNumber(\(d))")
        // Swift writes the shortest round-tripping form, which `parse` always accepts.
        self = (try? Self.parse("\(d)")) ?? Self(0)
    }

    public static let zero = DecimalNumber(0)

    /// Parses `-0.75`, `1.5e-300`, `.5`, `+2` and the like: an optional sign, digits with at most
    /// one point, and an optional exponent. Anything else is refused with a message naming it.
    public static func parse(_ text: String) throws -> DecimalNumber {
        func fail(_ why: String) -> ParseError {
            ParseError(description: tr("\"{0}\" is not a decimal number: {1}", echoed(text, limit: 40), why))
        }
        guard text.utf8.count <= maxLength else { throw fail(tr("longer than {0} characters", "\(maxLength)")) }
        var bytes = Array(text.utf8)[...]
        guard !bytes.isEmpty else { throw fail(tr("it is empty")) }
        var negative = false
        if bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") {
            negative = bytes.first == UInt8(ascii: "-")
            bytes = bytes.dropFirst()
        }
        var digits: [UInt8] = []
        var fractionDigits = 0
        var sawPoint = false
        var exponent = 0
        while let b = bytes.first {
            if b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") {
                digits.append(b)
                if sawPoint { fractionDigits += 1 }
            } else if b == UInt8(ascii: ".") {
                guard !sawPoint else { throw fail(tr("it has two decimal points")) }
                sawPoint = true
            } else if b == UInt8(ascii: "e") || b == UInt8(ascii: "E") {
                let rest = String(decoding: bytes.dropFirst(), as: UTF8.self)
                guard !rest.isEmpty, rest.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "-" || $0 == "+") }),
                      let e = Int(rest) else { throw fail(tr("the exponent \"{0}\" is not a whole number", echoed(rest))) }
                guard abs(e) <= maxExponent else { throw fail(tr("the exponent is beyond ±{0}", "\(maxExponent)")) }
                exponent = e
                bytes = bytes[bytes.endIndex...]
                break
            } else {
                // The whole character (a byte of one beyond ASCII would show as �).
                let c = String(decoding: bytes, as: UTF8.self).first.map { echoed(String($0), limit: 10) } ?? "?"
                throw fail(tr("unexpected \"{0}\"; write digits with an optional point and exponent, like -0.75 or 1.5e-30", c))
            }
            bytes = bytes.dropFirst()
        }
        guard !digits.isEmpty else { throw fail(tr("it has no digits")) }
        let magnitude = BigInt(String(decoding: digits, as: UTF8.self))!
        let e = exponent - fractionDigits
        guard abs(e) <= maxExponent else { throw fail(tr("the exponent is beyond ±{0}", "\(maxExponent)")) }
        return DecimalNumber(significand: negative ? -magnitude : magnitude, exponent: e)
    }

    /// Plain positional notation with exactly the digits held, like `-0.7436438870`.
    public var description: String {
        let negative = significand < 0
        var digits = String(significand.magnitude)
        if exponent >= 0 {
            if significand != 0 { digits += String(repeating: "0", count: exponent) }
        } else {
            let k = -exponent
            if digits.count <= k { digits = String(repeating: "0", count: k - digits.count + 1) + digits }
            digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -k))
        }
        return (negative ? "-" : "") + digits
    }

    /// Scientific notation with exactly the digits held, like `1.50e-30`.
    public var scientificDescription: String {
        let negative = significand < 0
        var digits = String(significand.magnitude)
        let e = exponent + digits.count - 1
        if digits.count > 1 { digits.insert(".", at: digits.index(after: digits.startIndex)) }
        return (negative ? "-" : "") + digits + (e == 0 ? "" : "e\(e)")
    }

    /// Positional notation for ordinary sizes, scientific below 1e-5 or from 1e15 on.
    public var shortDescription: String {
        guard significand != 0 else { return "0" }
        let lead = exponent + digitCount - 1
        return lead < -5 || lead >= 15 ? scientificDescription : description
    }

    /// How many decimal digits the significand has.
    public var digitCount: Int {
        let m = significand.magnitude
        guard m.bitWidth > 60 else { return String(m).count }
        // Within one of bitWidth·log₁₀2; one comparison settles it.
        let d = Int(Double(m.bitWidth - 1) * 0.301_029_995_663_981_2) + 1
        return m >= Self.power10(d).magnitude ? d + 1 : d
    }

    /// ⌊log₁₀|x|⌋ (the position of the leading digit); 0 for zero.
    public var leadingExponent: Int { significand == 0 ? 0 : exponent + digitCount - 1 }

    public var magnitude: DecimalNumber { DecimalNumber(significand: BigInt(significand.magnitude), exponent: exponent) }

    // MARK: Arithmetic

    private static func power10(_ k: Int) -> BigInt { BigInt(10).power(k) }

    /// Both significands over the smaller exponent.
    private static func aligned(_ a: DecimalNumber, _ b: DecimalNumber) -> (BigInt, BigInt, Int) {
        if a.significand == 0 { return (0, b.significand, b.exponent) }
        if b.significand == 0 { return (a.significand, 0, a.exponent) }
        if a.exponent == b.exponent { return (a.significand, b.significand, a.exponent) }
        if a.exponent < b.exponent { return (a.significand, b.significand * power10(b.exponent - a.exponent), a.exponent) }
        return (a.significand * power10(a.exponent - b.exponent), b.significand, b.exponent)
    }

    public static func + (a: DecimalNumber, b: DecimalNumber) -> DecimalNumber {
        let (x, y, e) = aligned(a, b)
        return DecimalNumber(significand: x + y, exponent: e)
    }

    public static prefix func - (a: DecimalNumber) -> DecimalNumber {
        DecimalNumber(significand: -a.significand, exponent: a.exponent)
    }

    public static func - (a: DecimalNumber, b: DecimalNumber) -> DecimalNumber { a + (-b) }

    public static func * (a: DecimalNumber, b: DecimalNumber) -> DecimalNumber {
        DecimalNumber(significand: a.significand * b.significand, exponent: a.exponent + b.exponent)
    }

    public static func == (a: DecimalNumber, b: DecimalNumber) -> Bool {
        let (x, y, _) = aligned(a, b)
        return x == y
    }

    public static func < (a: DecimalNumber, b: DecimalNumber) -> Bool {
        let (x, y, _) = aligned(a, b)
        return x < y
    }

    public func hash(into h: inout Hasher) {
        let n = normalized
        h.combine(n.significand)
        h.combine(n.exponent)
    }

    /// The same value without trailing zeros in the significand.
    public var normalized: DecimalNumber {
        guard significand != 0 else { return .zero }
        var s = significand, e = exponent
        while true {
            let (q, r) = s.quotientAndRemainder(dividingBy: 10)
            if r != 0 { break }
            s = q; e += 1
        }
        return DecimalNumber(significand: s, exponent: e)
    }

    /// Rounded (half away from zero) to a multiple of 10^`e`; unchanged if it has no digits below.
    public func rounded(toExponent e: Int) -> DecimalNumber {
        guard exponent < e, significand != 0 else { return self }
        let k = e - exponent
        guard k <= digitCount + 1 else { return .zero }
        let p = Self.power10(k)
        var (q, r) = significand.magnitude.quotientAndRemainder(dividingBy: p.magnitude)
        if r * 2 >= p.magnitude { q += 1 }
        return DecimalNumber(significand: significand < 0 ? -BigInt(q) : BigInt(q), exponent: e).normalized
    }

    /// Rounded to `n` significant digits.
    public func rounded(significantDigits n: Int) -> DecimalNumber {
        guard significand != 0, digitCount > n else { return self }
        return rounded(toExponent: exponent + digitCount - n)
    }

    /// The value as a double mantissa and a power of two, correct to a double's precision at any
    /// exponent (plain doubles stop near 1e-308).
    public var extended: ExtendedDouble {
        guard significand != 0 else { return .zero }
        let sign: Double = significand < 0 ? -1 : 1
        let m = significand.magnitude
        if exponent >= 0 {
            let v = m * Self.power10(exponent).magnitude
            let drop = max(0, v.bitWidth - 64)
            return ExtendedDouble(sign * Double(v >> drop), exponent: drop)
        }
        // m / 10^k with about 64 significant bits: shift m up so the quotient has them.
        let den = Self.power10(-exponent).magnitude
        let b = 64 + den.bitWidth - m.bitWidth
        let q = b >= 0 ? (m << b) / den : m / (den << -b)
        return ExtendedDouble(sign * Double(q), exponent: -b)
    }
}

// MARK: - Wide-range doubles

/// mantissa · 2^exponent, with the mantissa kept in [1, 2) (or 0): a double's precision with an
/// exponent that cannot overflow or underflow at Mandelbrot depths.
public struct ExtendedDouble: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let mantissa: Double
    public let exponent: Int

    public static let zero = ExtendedDouble(0)

    public init(_ value: Double, exponent: Int = 0) {
        precondition(value.isFinite, "ExtendedDouble(\(value))")
        if value == 0 { mantissa = 0; self.exponent = 0; return }
        let e = Int(value.exponent)
        mantissa = Double(sign: value.sign, exponent: 0, significand: value.significand)
        self.exponent = exponent + e
    }

    /// The plain double: 0 below about 5e-324, infinity above about 1.8e308.
    public var double: Double { mantissa == 0 ? 0 : scalbn(mantissa, exponent) }

    /// log₂|x|.
    public var log2Magnitude: Double { log2(abs(mantissa)) + Double(exponent) }

    /// log₁₀|x|.
    public var log10Magnitude: Double { log2Magnitude * 0.301_029_995_663_981_2 }

    public static func * (a: ExtendedDouble, b: ExtendedDouble) -> ExtendedDouble {
        ExtendedDouble(a.mantissa * b.mantissa, exponent: a.exponent + b.exponent)
    }

    public static func * (a: ExtendedDouble, b: Double) -> ExtendedDouble { a * ExtendedDouble(b) }

    public static func / (a: ExtendedDouble, b: ExtendedDouble) -> ExtendedDouble {
        ExtendedDouble(a.mantissa / b.mantissa, exponent: a.exponent - b.exponent)
    }

    /// a / b as a plain double (for ratios of nearby sizes).
    public static func ratio(_ a: ExtendedDouble, _ b: ExtendedDouble) -> Double { (a / b).double }

    public static func < (a: ExtendedDouble, b: ExtendedDouble) -> Bool {
        if a.mantissa == 0 || b.mantissa == 0 || (a.mantissa < 0) != (b.mantissa < 0) { return a.mantissa < b.mantissa }
        if a.exponent != b.exponent { return (a.exponent < b.exponent) != (a.mantissa < 0) }
        return a.mantissa < b.mantissa
    }

    /// Like `1.5e-300`, with about 4 significant digits.
    public var description: String {
        guard mantissa != 0 else { return "0" }
        let l = log10Magnitude
        var e = Int(l.rounded(.down))
        var m = pow(10, l - Double(e)) * (mantissa < 0 ? -1 : 1)
        if abs(m) >= 9.9995 { m /= 10; e += 1 }
        return String(format: "%.3fe%d", m, e)
    }
}

import Foundation
