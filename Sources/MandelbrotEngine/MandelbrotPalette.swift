/// Mandelbrot colours: the seed's palette, and the colourings that keep it showing structure at
/// any depth.
///
/// The seed spread its blue–yellow–red over the whole iteration limit, so a deep view whose
/// counts run from 80 to 93 under a limit of 3200 came out one flat blue. `MandelbrotColoring`
/// instead spreads the same palette over the counts actually on screen (their range, or their
/// histogram), or repeats a cyclic palette every `period` iterations; it is rebuilt from the
/// picture's values as a render refines.

import TouchDeskModels

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The seed's colours.
public enum MandelbrotPalette {
    /// frac ≤ ½: rgb(2f, 2f, 1 − 2f), blue through grey to yellow; above: rgb(1, 2 − 2f, 0),
    /// yellow through orange to red.
    public static func seed(frac: Double) -> (r: Double, g: Double, b: Double) {
        if frac <= 0.5 { return (2 * frac, 2 * frac, 1 - 2 * frac) }
        return (1, 2 - 2 * frac, 0)
    }

    /// The seed's colour of a point with `count` iterations over the whole limit: black if it
    /// never escaped.
    public static func color(count: Int, limit: Int) -> (r: Double, g: Double, b: Double) {
        count >= limit ? (0, 0, 0) : seed(frac: Double(count) / Double(limit))
    }

    /// The cyclic palette at phase t ∈ [0, 1): navy, sky, cream, orange, dark red and back to navy,
    /// so one period joins the next without a seam.
    public static func cyclic(phase t: Double) -> (r: Double, g: Double, b: Double) {
        let stops: [(Double, Double, Double)] = [
            (0.02, 0.05, 0.35), (0.15, 0.55, 0.95), (1.0, 0.95, 0.75), (1.0, 0.6, 0.1), (0.5, 0.05, 0.1),
        ]
        let x = (t - t.rounded(.down)) * Double(stops.count)
        let i = min(Int(x), stops.count - 1), f = x - Double(i)
        let a = stops[i], b = stops[(i + 1) % stops.count]
        return (a.0 + (b.0 - a.0) * f, a.1 + (b.1 - a.1) * f, a.2 + (b.2 - a.2) * f)
    }

    /// 0xFFRRGGBB, as a Cairo RGB24/ARGB32 image surface stores pixels.
    @inline(__always)
    public static func argb(_ c: (r: Double, g: Double, b: Double)) -> UInt32 {
        func byte(_ v: Double) -> UInt32 { UInt32((min(max(v, 0), 1) * 255).rounded()) }
        return 0xff00_0000 | byte(c.r) << 16 | byte(c.g) << 8 | byte(c.b)
    }

    /// Pixels not computed yet: a neutral grey, never the set's black.
    public static let unknown: UInt32 = 0xff50_5058
    /// A coarse sample inside the set: dark grey, since the block around it may not all be inside.
    public static let coarseInterior: UInt32 = 0xff2a_2a32
    /// Inside the set.
    public static let interior: UInt32 = 0xff00_0000
}

/// One colouring of a picture: the palette, fitted to the values on screen.
public struct MandelbrotColoring: Equatable, Sendable {
    public let kind: MandelbrotPaletteKind
    public let period: Int
    /// The smallest and largest escape values on screen (0 and 1 when none escaped).
    public let low: Float
    public let high: Float
    /// For `.histogram`: the share of escaped pixels below each whole count from `low`, one more
    /// entry than counts, ending at 1.
    private let cumulative: [Float]
    /// Colours for `lutSize` evenly spaced fractions (range, histogram) or phases (cyclic).
    private let lut: [UInt32]

    static let lutSize = 4096

    /// Fits `kind` to `values` (escape values, `.infinity` inside the set); `include` says which
    /// pixels count (the computed ones).
    public init(kind: MandelbrotPaletteKind, period: Int, values: UnsafeBufferPointer<Float>,
                include: (Int) -> Bool = { _ in true }) {
        self.kind = kind
        self.period = max(1, period)
        var lo = Float.infinity, hi = -Float.infinity
        for i in values.indices where values[i].isFinite && include(i) {
            lo = min(lo, values[i]); hi = max(hi, values[i])
        }
        if lo > hi { lo = 0; hi = 1 }
        low = lo; high = hi
        if kind == .histogram {
            let first = Int(lo.rounded(.down)), bins = Int(hi.rounded(.down)) - first + 1
            var counts = [Int](repeating: 0, count: bins)
            var total = 0
            for i in values.indices where values[i].isFinite && include(i) {
                counts[min(bins - 1, max(0, Int(values[i].rounded(.down)) - first))] += 1
                total += 1
            }
            var cdf = [Float](repeating: 0, count: bins + 1)
            var run = 0
            for b in 0..<bins { cdf[b] = Float(run) / Float(max(1, total)); run += counts[b] }
            cdf[bins] = 1
            cumulative = cdf
        } else {
            cumulative = []
        }
        let n = Self.lutSize
        lut = (0..<n).map { i in
            let t = Double(i) / Double(n - 1)
            return MandelbrotPalette.argb(kind == .cyclic ? MandelbrotPalette.cyclic(phase: Double(i) / Double(n))
                                                          : MandelbrotPalette.seed(frac: t))
        }
    }

    public init(kind: MandelbrotPaletteKind, period: Int, values: [Float]) {
        self = values.withUnsafeBufferPointer { MandelbrotColoring(kind: kind, period: period, values: $0) }
    }

    /// Where `v` (finite) falls in the palette, 0…1.
    @inline(__always)
    public func fraction(_ v: Float) -> Float {
        switch kind {
        case .range:
            return high > low ? min(1, max(0, (v - low) / (high - low))) : 0
        case .histogram:
            let x = max(0, v - low.rounded(.down))
            let b = min(cumulative.count - 2, Int(x))
            let f = min(1, x - Float(b))
            return cumulative[b] + (cumulative[b + 1] - cumulative[b]) * f
        case .cyclic:
            let p = Float(period)
            let m = v.truncatingRemainder(dividingBy: p) / p
            return m < 0 ? m + 1 : m
        }
    }

    /// The colour of a finished pixel with escape value `v`.
    @inline(__always)
    public func argb(_ v: Float) -> UInt32 {
        guard v.isFinite else { return MandelbrotPalette.interior }
        let n = Self.lutSize
        let f = fraction(v)
        let i = kind == .cyclic ? Int(f * Float(n)) % n : Int((f * Float(n - 1)).rounded())
        return lut[min(n - 1, max(0, i))]
    }
}
