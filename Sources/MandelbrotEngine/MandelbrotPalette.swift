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
import Synchronization
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

/// What a colouring is fitted to: the range of escape values on screen and, for the histogram
/// palette, how many pixels have each whole count. Gathering it reads every pixel, so it is
/// gathered once per change of the picture's values (`MandelbrotPicture.stats`), on every core,
/// and a palette change (P, `,` `.`) that leaves the values alone reuses it.
public struct MandelbrotValueStats: Equatable, Sendable {
    /// The smallest and largest finite values among the included pixels (0 and 1 when none).
    public let low: Float
    public let high: Float
    /// Pixels with each whole count from ⌊low⌋ to ⌊high⌋; nil when not gathered.
    public let counts: [Int]?
    /// The pixels counted.
    public let total: Int

    public init(low: Float, high: Float, counts: [Int]?, total: Int) {
        self.low = low; self.high = high; self.counts = counts; self.total = total
    }

    /// What no pixel gives: the range 0…1 (two whole counts), nothing counted.
    public static func empty(histogram: Bool) -> MandelbrotValueStats {
        MandelbrotValueStats(low: 0, high: 1, counts: histogram ? [0, 0] : nil, total: 0)
    }

    /// Gathers the statistics of `values` (escape values, `.infinity` inside the set); with
    /// `quality`, only pixels computed so far (not `.unknown`) count. On every core, in one pass:
    /// each part keeps its own range and a dense count per whole value (indexed by the count
    /// itself, run-length batched, since neighbouring pixels mostly share a count), and the
    /// parts are summed over ⌊low⌋…⌊high⌋ afterwards. Gives exactly what
    /// `MandelbrotColoringReference.stats` gives.
    public init(values: UnsafeBufferPointer<Float>, quality: UnsafeBufferPointer<MandelbrotPixelQuality>?, histogram: Bool) {
        precondition(quality == nil || quality!.count == values.count)
        guard let v = values.baseAddress, !values.isEmpty else { self = .empty(histogram: histogram); return }
        let parts = MandelbrotParts(count: values.count, minimumPart: 1 << 18)
        let results = Mutex([PartStats?](repeating: nil, count: parts.parts))
        let source = ScanSource(values: v, quality: quality?.baseAddress)
        parts.run { k, range in
            let r = source.scan(range, histogram: histogram)
            results.withLock { $0[k] = r }
        }
        let all = results.withLock { $0 }.compactMap { $0 }
        var lo = Float.infinity, hi = -Float.infinity, total = 0
        for r in all { lo = Swift.min(lo, r.low); hi = Swift.max(hi, r.high); total += r.total }
        guard lo <= hi else { self = .empty(histogram: histogram); return }
        guard histogram else { self.init(low: lo, high: hi, counts: nil, total: total); return }
        if all.contains(where: \.outOfRange) {
            // Negative values or counts past 2²⁴: the exact two-pass scan (never for escape values).
            self = MandelbrotColoringReference.stats(values: values, quality: quality, histogram: true)
            return
        }
        // Exact: for 0 ≤ first ≤ x < 2²⁴, Int(x) − first equals Int(x − first), the reference's bin.
        let first = Int(lo.rounded(.down)), bins = Int(hi.rounded(.down)) - first + 1
        var counts = [Int](repeating: 0, count: bins)
        for r in all {
            let upper = Swift.min(r.histogram.count, first + bins)
            if upper > first { for b in first..<upper { counts[b - first] += r.histogram[b] } }
        }
        self.init(low: lo, high: hi, counts: counts, total: total)
    }

    /// One part's share of the scan.
    private struct PartStats: Sendable {
        var low = Float.infinity, high = -Float.infinity, total = 0
        /// Pixels per whole count, indexed by the count itself.
        var histogram: [Int] = []
        /// A value below 0 or at 2²⁴ and above was met: the histogram is not usable.
        var outOfRange = false
    }

    private struct ScanSource: @unchecked Sendable {
        let values: UnsafePointer<Float>
        let quality: UnsafePointer<MandelbrotPixelQuality>?

        func scan(_ range: Range<Int>, histogram: Bool) -> PartStats {
            var s = PartStats()
            var lo = Float.infinity, hi = -Float.infinity, total = 0
            if !histogram {
                if let q = quality {
                    for i in range {
                        let x = values[i]
                        if x.isFinite && q[i] != .unknown {
                            lo = x < lo ? x : lo; hi = x > hi ? x : hi; total += 1
                        }
                    }
                } else {
                    for i in range {
                        let x = values[i]
                        if x.isFinite { lo = x < lo ? x : lo; hi = x > hi ? x : hi; total += 1 }
                    }
                }
                s.low = lo; s.high = hi; s.total = total
                return s
            }
            var bins = [Int](repeating: 0, count: 1024)
            var bin = -1, run = 0, outOfRange = false
            @inline(__always) func flush() {
                guard run > 0 else { return }
                if bin >= bins.count { bins += [Int](repeating: 0, count: Swift.max(bin + 1, 2 * bins.count) - bins.count) }
                bins[bin] += run
            }
            for i in range {
                let x = values[i]
                guard x.isFinite, quality == nil || quality![i] != .unknown else { continue }
                lo = x < lo ? x : lo; hi = x > hi ? x : hi; total += 1
                if x >= 0 && x < 16_777_216 {
                    let b = Int(x)
                    if b == bin { run += 1 } else { flush(); bin = b; run = 1 }
                } else {
                    outOfRange = true
                }
            }
            flush()
            s.low = lo; s.high = hi; s.total = total; s.histogram = bins; s.outOfRange = outOfRange
            return s
        }
    }
}

/// One colouring of a picture: the palette, fitted to the values on screen.
///
/// Fitting and painting read every pixel (33 million at 7680 × 4320), so the window does both
/// on a background thread (see `MandelbrotApp`), each on every core in parts of whole rows, with
/// the per-pixel work kept to a multiply, a clamp and a table lookup (`lutIndex`): no libm calls
/// (`rounded()` and `truncatingRemainder` are calls on baseline x86-64), no closures per pixel,
/// no bounds checks in the row loops.
public struct MandelbrotColoring: Equatable, Sendable {
    public let kind: MandelbrotPaletteKind
    public let period: Int
    /// The smallest and largest escape values on screen (0 and 1 when none escaped).
    public let low: Float
    public let high: Float
    /// For `.histogram`: the share of escaped pixels below each whole count from `low`, one more
    /// entry than counts, ending at 1.
    private let cumulative: [Float]
    /// For `.histogram`: `cumulative[b + 1] − cumulative[b]`, so a row loop reads one entry less.
    private let steps: [Float]
    /// Colours for `lutSize` evenly spaced fractions (range, histogram) or phases (cyclic).
    private let lut: [UInt32]
    /// `lutIndex`'s constants: table steps per unit of value (range), ⌊low⌋ (histogram) and
    /// 1/period (cyclic).
    private let rangeScale: Float
    private let lowFloor: Float
    private let inversePeriod: Float

    static let lutSize = 4096

    /// The colour tables, built once per palette: 4,096 entries each.
    private static let seedTable: [UInt32] = (0..<lutSize).map {
        MandelbrotPalette.argb(MandelbrotPalette.seed(frac: Double($0) / Double(lutSize - 1)))
    }
    private static let cyclicTable: [UInt32] = (0..<lutSize).map {
        MandelbrotPalette.argb(MandelbrotPalette.cyclic(phase: Double($0) / Double(lutSize)))
    }

    /// Fits `kind` to `stats` (gathered with a histogram if `kind` is `.histogram`).
    public init(kind: MandelbrotPaletteKind, period: Int, stats: MandelbrotValueStats) {
        precondition(kind != .histogram || stats.counts != nil, "a histogram colouring needs the counts")
        self.kind = kind
        self.period = max(1, period)
        low = stats.low; high = stats.high
        if kind == .histogram, let counts = stats.counts {
            var cdf = [Float](repeating: 0, count: counts.count + 1)
            var run = 0
            for b in counts.indices { cdf[b] = Float(run) / Float(max(1, stats.total)); run += counts[b] }
            cdf[counts.count] = 1
            cumulative = cdf
            steps = (0..<counts.count).map { cdf[$0 + 1] - cdf[$0] }
        } else {
            cumulative = []
            steps = []
        }
        let n = Self.lutSize
        rangeScale = high > low ? Float(n - 1) / (high - low) : 0
        lowFloor = low.rounded(.down)
        inversePeriod = 1 / Float(self.period)
        lut = kind == .cyclic ? Self.cyclicTable : Self.seedTable
    }

    /// Fits `kind` to `values` (escape values, `.infinity` inside the set); with `quality`, only
    /// the pixels computed so far (not `.unknown`) count.
    public init(kind: MandelbrotPaletteKind, period: Int, values: UnsafeBufferPointer<Float>,
                quality: UnsafeBufferPointer<MandelbrotPixelQuality>? = nil) {
        self.init(kind: kind, period: period, stats: MandelbrotValueStats(values: values, quality: quality, histogram: kind == .histogram))
    }

    public init(kind: MandelbrotPaletteKind, period: Int, values: [Float]) {
        self = values.withUnsafeBufferPointer { MandelbrotColoring(kind: kind, period: period, values: $0) }
    }

    /// True when both give every value the same colour: what decides whether a refit must
    /// repaint. The range of values does not matter to the cyclic palette, nor the period to
    /// the others.
    public func paintsLike(_ o: MandelbrotColoring) -> Bool {
        guard kind == o.kind else { return false }
        switch kind {
        case .range: return low == o.low && high == o.high
        case .histogram: return lowFloor == o.lowFloor && cumulative == o.cumulative
        case .cyclic: return period == o.period
        }
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

    /// Paints `columns` pixels of one row: `out[i]` from `values[i]` and `quality[i]`. The same
    /// colours as `paintRowReference`, computed with the same operations in the same order, on
    /// raw pointers, one loop per kind.
    func paintRow(values: UnsafePointer<Float>, quality: UnsafePointer<MandelbrotPixelQuality>, columns: Int,
                  into out: UnsafeMutablePointer<UInt32>) {
        lut.withUnsafeBufferPointer { lutBuffer in
            let lut = lutBuffer.baseAddress!
            let top = Float(Self.lutSize - 1)
            switch kind {
            case .range:
                let low = low, scale = rangeScale
                Self.fill(values, quality, columns, out) { lut[Int(min(top, max(0, ($0 - low) * scale)) + 0.5)] }
            case .histogram:
                cumulative.withUnsafeBufferPointer { c in
                    steps.withUnsafeBufferPointer { s in
                        let c = c.baseAddress!, s = s.baseAddress!
                        let lastBin = cumulative.count - 2, lowFloor = lowFloor
                        Self.fill(values, quality, columns, out) { v in
                            let x = max(0, v - lowFloor)
                            let b = min(lastBin, Int(x))
                            let f = min(1, x - Float(b))
                            return lut[Int((c[b] + s[b] * f) * top + 0.5)]
                        }
                    }
                }
            case .cyclic:
                let inverse = inversePeriod, n = Float(Self.lutSize), last = Self.lutSize - 1
                Self.fill(values, quality, columns, out) { v in
                    let t = max(0, v) * inverse
                    return lut[min(last, Int((t - Float(Int(t))) * n))]
                }
            }
        }
    }

    /// The row loop every kind shares: grey where unknown, dark grey for a coarse sample inside
    /// the set, black inside, else `colour(v)`.
    @inline(__always)
    private static func fill(_ values: UnsafePointer<Float>, _ quality: UnsafePointer<MandelbrotPixelQuality>, _ n: Int,
                             _ out: UnsafeMutablePointer<UInt32>, _ color: (Float) -> UInt32) {
        var i = 0
        while i < n {
            let v = values[i], q = quality[i]
            if v.isFinite {
                out[i] = q == .unknown ? MandelbrotPalette.unknown : color(v)
            } else {
                out[i] = q == .unknown ? MandelbrotPalette.unknown : q == .coarse ? MandelbrotPalette.coarseInterior : MandelbrotPalette.interior
            }
            i += 1
        }
    }

    /// The row painter before the fast one, kept as the baseline the benchmark compares with and
    /// the tests check against: a switch per pixel, array accesses with bounds checks.
    func paintRowReference(values: UnsafePointer<Float>, quality: UnsafePointer<MandelbrotPixelQuality>, columns: Int,
                           into out: UnsafeMutablePointer<UInt32>) {
        lut.withUnsafeBufferPointer { lut in
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
}

/// The straightforward recolour, as the window did it before fitting and painting moved off its
/// thread: the fit in two plain passes on the calling thread, every row painted by the plain row
/// painter. The benchmark's baseline and the tests' reference; the window never uses it.
public enum MandelbrotColoringReference {
    /// The range of finite values among the included pixels, and (with `histogram`) the pixels
    /// per whole count from ⌊low⌋: one plain pass for each.
    public static func stats(values: UnsafeBufferPointer<Float>, quality: UnsafeBufferPointer<MandelbrotPixelQuality>?,
                             histogram: Bool) -> MandelbrotValueStats {
        guard let v = values.baseAddress else { return .empty(histogram: histogram) }
        let n = values.count
        let q = quality?.baseAddress
        var lo = Float.infinity, hi = -Float.infinity, total = 0
        for i in 0..<n {
            let x = v[i]
            if x.isFinite && (q == nil || q![i] != .unknown) { lo = min(lo, x); hi = max(hi, x); total += 1 }
        }
        if lo > hi { return .empty(histogram: histogram) }
        guard histogram else { return MandelbrotValueStats(low: lo, high: hi, counts: nil, total: total) }
        let first = lo.rounded(.down), bins = Int(hi.rounded(.down) - first) + 1
        var counts = [Int](repeating: 0, count: bins)
        counts.withUnsafeMutableBufferPointer { c in
            for i in 0..<n {
                let x = v[i]
                if x.isFinite && (q == nil || q![i] != .unknown) { c[min(bins - 1, max(0, Int(x - first)))] += 1 }
            }
        }
        return MandelbrotValueStats(low: lo, high: hi, counts: counts, total: total)
    }

    /// `kind` fitted to the picture the plain way.
    public static func coloring(_ picture: MandelbrotPicture, _ kind: MandelbrotPaletteKind, period: Int) -> MandelbrotColoring {
        picture.values.withUnsafeBufferPointer { v in
            picture.quality.withUnsafeBufferPointer { q in
                MandelbrotColoring(kind: kind, period: period, stats: stats(values: v, quality: q, histogram: kind == .histogram))
            }
        }
    }

    /// Every pixel of `picture` painted by the plain row painter (on every core, as before).
    public static func paint(_ picture: MandelbrotPicture, _ coloring: MandelbrotColoring, into base: UnsafeMutableRawPointer, stride: Int) {
        picture.paint(coloring, into: base, stride: stride, reference: true)
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
