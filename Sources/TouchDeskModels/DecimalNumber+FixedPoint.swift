/// Reading Mandelbrot centres kept by versions before exact decimals.
///
/// Those versions kept a view's centre as the words of a 288-bit fixed-point number: 32 integer
/// bits and 256 fraction bits, two's complement, nine little-endian UInt32 words (lowest first).
/// Every such number is a whole number over 2²⁵⁶, so it has an exact decimal with at most 256
/// places: n / 2²⁵⁶ = n · 5²⁵⁶ / 10²⁵⁶.

import BigInt

extension DecimalNumber {
    /// The words a fixed-point centre was kept as.
    public static let fixedPointWordCount = 9
    static let fixedPointFractionBits = 256

    /// The exact value of an old fixed-point centre, with no trailing zeros; nil unless there are
    /// exactly `fixedPointWordCount` words.
    public init?(fixedPointWords words: [UInt32]) {
        guard words.count == Self.fixedPointWordCount else { return nil }
        var n = BigInt(0)
        for w in words.reversed() { n = n << 32 | BigInt(w) }
        // The top bit is the sign of the two's complement number.
        if words.last! & 0x8000_0000 != 0 { n -= BigInt(1) << (32 * words.count) }
        let fraction = Self.fixedPointFractionBits
        self = DecimalNumber(significand: n * BigInt(5).power(fraction), exponent: -fraction).normalized
    }
}
