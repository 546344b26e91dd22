/// Mandelbrot colours: the seed's palette, and the colourings that keep it showing structure at
/// any depth.
///
/// The seed spread its blue–yellow–red over the whole iteration limit, so a deep view whose
/// counts run from 80 to 93 under a limit of 3200 came out one flat blue. `MandelbrotColoring`
/// instead spreads the same palette over the counts actually on screen (their range, or their
/// histogram), or repeats a cyclic palette every `period` iterations; it is rebuilt from the
/// picture's values as a render refines.

import Dispatch
import Foundation
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
///
/// Fitting and painting read every pixel (33 million at 7680 × 4320), and the window refits on
/// its UI thread while a render refines, so both run on every core in parts of whole rows, with
/// the per-pixel work kept to a multiply, a clamp and a table lookup (`lutIndex`): no libm calls
/// (`rounded()` and `truncatingRemainder` are calls on baseline x86-64), no closures per pixel.
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
    /// `lutIndex`'s constants: table steps per unit of value (range), ⌊low⌋ (histogram) and
    /// 1/period (cyclic).
    private let rangeScale: Float
    private let lowFloor: Float
    private let inversePeriod: Float

    static let lutSize = 4096

    /// Fits `kind` to `values` (escape values, `.infinity` inside the set); with `quality`, only
    /// the pixels computed so far (not `.unknown`) count.
    public init(kind: MandelbrotPaletteKind, period: Int, values: UnsafeBufferPointer<Float>,
                quality: UnsafeBufferPointer<MandelbrotPixelQuality>? = nil) {
        precondition(quality == nil || quality!.count == values.count)
        self.kind = kind
        self.period = max(1, period)
        let fit = Self.scan(values, quality, histogram: kind == .histogram)
        low = fit.low; high = fit.high
        cumulative = fit.cumulative
        let n = Self.lutSize
        rangeScale = high > low ? Float(n - 1) / (high - low) : 0
        lowFloor = low.rounded(.down)
        inversePeriod = 1 / Float(self.period)
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
    public func fraction(_ v: Float) -> Float {
        switch kind {
        case .range:
            return high > low ? min(1, max(0, (v - low) / (high - low))) : 0
        case .histogram:
            return histogramFraction(v)
        case .cyclic:
            return cyclicPhase(v)
        }
    }

    @inline(__always)
    private func histogramFraction(_ v: Float) -> Float {
        let x = max(0, v - lowFloor)
        let b = min(cumulative.count - 2, Int(x))
        let f = min(1, x - Float(b))
        return cumulative[b] + (cumulative[b + 1] - cumulative[b]) * f
    }

    /// Where `v` falls in its period, 0..<1: exact for the power-of-two periods , and . give
    /// (dividing by one is exact), and no libm call.
    @inline(__always)
    private func cyclicPhase(_ v: Float) -> Float {
        let t = max(0, v) * inversePeriod
        return t - Float(Int(t))
    }

    /// The colour table's entry for a finite value `v` (escape values are never negative).
    @inline(__always)
    func lutIndex(_ v: Float) -> Int {
        let top = Float(Self.lutSize - 1)
        switch kind {
        case .range:
            return Int(min(top, max(0, (v - low) * rangeScale)) + 0.5)
        case .histogram:
            return Int(histogramFraction(v) * top + 0.5)
        case .cyclic:
            return min(Self.lutSize - 1, Int(cyclicPhase(v) * Float(Self.lutSize)))
        }
    }

    /// The colour of a finished pixel with escape value `v`.
    @inline(__always)
    public func argb(_ v: Float) -> UInt32 {
        guard v.isFinite else { return MandelbrotPalette.interior }
        return lut[lutIndex(v)]
    }

    /// Paints `columns` pixels of one row: `out[i]` from `values[i]` and `quality[i]`.
    func paintRow(values: UnsafePointer<Float>, quality: UnsafePointer<MandelbrotPixelQuality>, columns: Int,
                  into out: UnsafeMutablePointer<UInt32>) {
        lut.withUnsafeBufferPointer { lut in
            // One loop per kind, so the per-pixel work has no switch.
            @inline(__always)
            func run(_ index: (Float) -> Int) {
                for i in 0..<columns {
                    let v = values[i]
                    switch quality[i] {
                    case .unknown: out[i] = MandelbrotPalette.unknown
                    case .coarse where !v.isFinite: out[i] = MandelbrotPalette.coarseInterior
                    default: out[i] = v.isFinite ? lut[index(v)] : MandelbrotPalette.interior
                    }
                }
            }
            switch kind {
            case .range:
                let low = low, scale = rangeScale, top = Float(Self.lutSize - 1)
                run { Int(min(top, max(0, ($0 - low) * scale)) + 0.5) }
            case .histogram: run { lutIndex($0) }
            case .cyclic: run { lutIndex($0) }
            }
        }
    }

    // MARK: - Fitting

    private struct Fit { var low: Float; var high: Float; var cumulative: [Float] }

    /// The range of finite values (among the included pixels), and for a histogram the
    /// cumulative shares of each whole count: one plain pass for each, memory-bound.
    private static func scan(_ values: UnsafeBufferPointer<Float>, _ quality: UnsafeBufferPointer<MandelbrotPixelQuality>?,
                             histogram: Bool) -> Fit {
        guard let v = values.baseAddress else { return Fit(low: 0, high: 1, cumulative: histogram ? [0, 1] : []) }
        let n = values.count
        let q = quality?.baseAddress
        var lo = Float.infinity, hi = -Float.infinity
        for i in 0..<n {
            let x = v[i]
            if x.isFinite && (q == nil || q![i] != .unknown) { lo = min(lo, x); hi = max(hi, x) }
        }
        if lo > hi { lo = 0; hi = 1 }
        guard histogram else { return Fit(low: lo, high: hi, cumulative: []) }
        let first = lo.rounded(.down), bins = Int(hi.rounded(.down) - first) + 1
        var counts = [Int](repeating: 0, count: bins)
        var total = 0
        counts.withUnsafeMutableBufferPointer { c in
            for i in 0..<n {
                let x = v[i]
                if x.isFinite && (q == nil || q![i] != .unknown) {
                    c[min(bins - 1, max(0, Int(x - first)))] += 1
                    total += 1
                }
            }
        }
        var cdf = [Float](repeating: 0, count: bins + 1)
        var run = 0
        for b in 0..<bins { cdf[b] = Float(run) / Float(max(1, total)); run += counts[b] }
        cdf[bins] = 1
        return Fit(low: lo, high: hi, cumulative: cdf)
    }
}

/// `count` items split into contiguous parts, at most one per core and none smaller than
/// `minimumPart`; `run` hands each part to its own thread (one part runs on the caller's).
struct MandelbrotParts {
    let count: Int
    let parts: Int

    init(count: Int, minimumPart: Int) {
        self.count = max(0, count)
        parts = max(1, min(Self.cores, self.count / max(1, minimumPart)))
    }

    static let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)

    func range(_ k: Int) -> Range<Int> { (count * k / parts)..<(count * (k + 1) / parts) }

    func run(_ body: @Sendable (Int, Range<Int>) -> Void) {
        if parts == 1 { body(0, 0..<count); return }
        DispatchQueue.concurrentPerform(iterations: parts) { k in body(k, range(k)) }
    }
}
