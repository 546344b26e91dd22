import Foundation

/// MD5 (RFC 1321) of a byte string, as lowercase hex: the freedesktop thumbnail spec names a
/// thumbnail by the MD5 of its file's URI. Not for anything that needs a secure hash.
public enum MD5 {
    public static func hex<S: Sequence>(_ bytes: S) -> String where S.Element == UInt8 {
        digest(Array(bytes)).map { b in (b < 16 ? "0" : "") + String(b, radix: 16) }.joined()
    }

    /// The per-round shift amounts and the sine-derived constants of RFC 1321.
    private static let shifts: [UInt32] = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21]
    private static let constants: [UInt32] = (0..<64).map { i in UInt32(truncatingIfNeeded: Int64((abs(sin(Double(i + 1))) * 4_294_967_296).rounded(.down))) }

    public static func digest(_ message: [UInt8]) -> [UInt8] {
        var m = message
        let bitLength = UInt64(message.count) &* 8
        m.append(0x80)
        while m.count % 64 != 56 { m.append(0) }
        for i in 0..<8 { m.append(UInt8(truncatingIfNeeded: bitLength >> (8 * UInt64(i)))) }
        var a0: UInt32 = 0x67452301, b0: UInt32 = 0xefcdab89, c0: UInt32 = 0x98badcfe, d0: UInt32 = 0x10325476
        var words = [UInt32](repeating: 0, count: 16)
        for chunk in stride(from: 0, to: m.count, by: 64) {
            for j in 0..<16 {
                let o = chunk + 4 * j
                words[j] = UInt32(m[o]) | UInt32(m[o + 1]) << 8 | UInt32(m[o + 2]) << 16 | UInt32(m[o + 3]) << 24
            }
            var a = a0, b = b0, c = c0, d = d0
            for i in 0..<64 {
                var f: UInt32
                let g: Int
                switch i / 16 {
                case 0: f = (b & c) | (~b & d); g = i
                case 1: f = (d & b) | (~d & c); g = (5 * i + 1) % 16
                case 2: f = b ^ c ^ d; g = (3 * i + 5) % 16
                default: f = c ^ (b | ~d); g = (7 * i) % 16
                }
                f = f &+ a &+ constants[i] &+ words[g]
                a = d; d = c; c = b
                let s = shifts[(i / 16) * 4 + i % 4]
                b = b &+ (f << s | f >> (32 - s))
            }
            a0 = a0 &+ a; b0 = b0 &+ b; c0 = c0 &+ c; d0 = d0 &+ d
        }
        return [a0, b0, c0, d0].flatMap { w in (0..<4).map { UInt8(truncatingIfNeeded: w >> (8 * UInt32($0))) } }
    }
}
