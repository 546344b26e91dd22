import Foundation
@_exported import struct TouchDeskModels.SplitMix64

/// Seeded random and mutated inputs for the parser fuzz tests.
///
/// Every run uses the same seed unless `TOUCHDESK_FUZZ_SEED` names another (decimal or 0x hex),
/// so a failure repeats; each test prints its seed, and every message it fails with names it.
/// `TOUCHDESK_FUZZ_ROUNDS` multiplies the number of inputs (for a longer hunt by hand).
public struct Fuzz: RandomNumberGenerator {
    /// The seed this run uses (the same for every test; each test draws its own stream from it).
    public let seed: UInt64
    private var rng: SplitMix64

    /// `test` names the stream: two tests with the same seed see different inputs.
    public init(_ test: String) {
        let env = ProcessInfo.processInfo.environment["TOUCHDESK_FUZZ_SEED"] ?? ""
        let given = env.hasPrefix("0x") ? UInt64(env.dropFirst(2), radix: 16) : UInt64(env)
        let base = given ?? 0x7d_e5c0_ffee
        seed = base
        rng = SplitMix64(seed: base ^ test.utf8.reduce(UInt64(1469598103934665603)) { ($0 ^ UInt64($1)) &* 1099511628211 })
        print("fuzz \(test): seed \(base) (TOUCHDESK_FUZZ_SEED=\(base) repeats it)")
    }

    /// `n` times the rounds factor from `TOUCHDESK_FUZZ_ROUNDS` (1 by default).
    public static func rounds(_ n: Int) -> Int {
        n * max(1, Int(ProcessInfo.processInfo.environment["TOUCHDESK_FUZZ_ROUNDS"] ?? "") ?? 1)
    }

    public mutating func next() -> UInt64 { rng.next() }

    public mutating func int(_ r: ClosedRange<Int>) -> Int { Int.random(in: r, using: &self) }
    public mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }
    public mutating func pick<T>(_ xs: [T]) -> T { xs[int(0...(xs.count - 1))] }

    public mutating func bytes(_ count: Int) -> [UInt8] { (0..<count).map { _ in UInt8.random(in: 0...255, using: &self) } }

    /// Pieces that break parsers: signs, separators, exponents, words, controls, odd spaces,
    /// combining marks, emoji, right-to-left text, huge digit runs.
    public static let nasty: [String] = [
        "", " ", "\t", "\n", "\r\n", "\0", "\u{7f}", "\u{1b}[2J", "\u{00A0}", "\u{2009}", "\u{200B}", "\u{FEFF}",
        "-", "+", "\u{2212}", ".", ",", ";", ":", "/", "\\", "x", "X", "e", "E", "e308", "e-400", "0x1p3",
        "nan", "NaN", "inf", "-inf", "infinity", "null", "true", "{", "}", "[", "]", "\"", "'",
        "0", "1", "9", "00", "007", "-0", "1e30", "1e-30", "4294967296", "9223372036854775808",
        String(repeating: "9", count: 400), String(repeating: "0", count: 300) + "1",
        "é", "e\u{301}", "\u{301}", "ﬁ", "١٢٣", "٫", "\u{FF11}", "🇨🇦", "👩‍👩‍👧", "東京", "\u{202E}", "\u{D7FF}",
        "%", "%zz", "%00", "%2e%2e", "../", "./", "//", "?", "#", "@", "[::1]", ":65536",
    ]

    /// A string of 0…`maxPieces` pieces: nasty pieces, random printable ASCII, random scalars.
    public mutating func string(maxPieces: Int = 8) -> String {
        var s = ""
        for _ in 0..<int(0...maxPieces) {
            switch int(0...5) {
            case 0, 1: s += pick(Self.nasty)
            case 2: s.unicodeScalars.append(Unicode.Scalar(UInt8(int(0x20...0x7e))))
            case 3: s += String(int(-100_000...100_000))
            case 4: s += String(Double.random(in: -1e6...1e6, using: &self))
            default:
                let v = UInt32(int(0...0x10FFFF))
                if let u = Unicode.Scalar(v) { s.unicodeScalars.append(u) }
            }
        }
        return s
    }

    /// `text` with a few random edits: characters dropped, doubled, swapped, or nasty pieces put in.
    public mutating func mutate(_ text: String, edits: Int = 3) -> String {
        var chars = Array(text)
        for _ in 0..<int(1...max(1, edits)) {
            let i = chars.isEmpty ? 0 : int(0...chars.count)
            switch int(0...4) {
            case 0: if i < chars.count { chars.remove(at: i) }
            case 1: if i < chars.count { chars.insert(chars[i], at: i) }
            case 2: if i + 1 < chars.count { chars.swapAt(i, i + 1) }
            case 3: chars.insert(contentsOf: Array(pick(Self.nasty)), at: i)
            default: chars.insert(contentsOf: Array(string(maxPieces: 1)), at: i)
            }
        }
        return String(chars)
    }

    /// `bytes` with a few bytes flipped, dropped, or put in; sometimes cut short.
    public mutating func mutate(bytes: [UInt8], edits: Int = 4) -> [UInt8] {
        var b = bytes
        for _ in 0..<int(1...max(1, edits)) {
            let i = b.isEmpty ? 0 : int(0...(b.count - 1))
            switch int(0...3) {
            case 0: if !b.isEmpty { b[i] ^= UInt8(1 << int(0...7)) }
            case 1: if !b.isEmpty { b[i] = UInt8.random(in: 0...255, using: &self) }
            case 2: if !b.isEmpty { b.remove(at: i) }
            default: b.insert(UInt8.random(in: 0...255, using: &self), at: min(i, b.count))
            }
        }
        if chance(0.1) { b = Array(b.prefix(int(0...b.count))) }
        return b
    }
}
