/// Mandelbrot deep zoom: an MPFR reference orbit, perturbation with rebasing, extended-range
/// deltas and bilinear approximation (BLA).
///
/// **Perturbation.** Doubles carry 53 bits, so after about 40 halvings of the view neighbouring
/// pixels share one double. The window's centre C is therefore iterated once in MPFR (the
/// reference orbit Z_n, at a precision of the width's binary digits plus 64, rounded to doubles
/// for use), and every pixel c = C + δc follows only its difference δ_n = z_n − Z_n, which
/// doubles hold well:  δ_{n+1} = 2·Z_n·δ_n + δ_n² + δc.
///
/// **Glitches: rebasing (Zhuoran, 2021).** δ loses precision when z_n = Z_n + δ_n is much smaller
/// than δ_n (the classic perturbation "glitch": the pixel's orbit passes near 0 where the
/// reference's does not), and the orbit runs out when the reference escapes. In both cases,
/// |Z_m + δ| < |δ| or m at the end, the pixel is rebased onto the start of the same reference
/// orbit: δ ← Z_m + δ (= z itself), m ← 0. Since Z_0 = 0 this is exact, and afterwards
/// |δ| = |z| is again the smaller of the two, so no glitch can build up and no second
/// reference is needed; the tests compare against a direct MPFR iteration on a glitch-prone
/// view where plain perturbation (without rebasing) gets many pixels wrong.
///
/// **Extended range.** Below about 1e-300 the deltas underflow doubles. While |δ| < 2⁻⁹⁶⁰ a
/// pixel iterates δ = w·2^e with a double pair w (kept within 2^±20) and an integer e:
///     w ← 2·Z·w + 2^e·w² + 2^(e_c − e)·c
/// where δc = c·2^e_c; the reference values that are themselves below 2⁻⁹⁰⁰ (an orbit passing
/// near 0) are stored scaled the same way. Once |δ| ≥ 2⁻⁹⁶⁰ the pixel continues in plain
/// doubles, where the terms that underflow (δc, δ²) are below 2⁻¹⁰⁷⁴, less than 2⁻¹¹⁴ of δ:
/// far under a double's rounding.
///
/// **Bilinear approximation (BLA; after Zhuoran and C. Heiland-Allen).** While δ² is negligible
/// next to 2·Z_m·δ, one step is linear: δ_{m+1} = A·δ_m + B·δc with A = 2Z_m, B = 1. Two such
/// maps compose into one (A = A₂A₁, B = A₂B₁ + B₂), so a table built once per frame holds
/// maps for 1, 2, 4, … 2^k steps starting at m = 1 + i·2^k, and a pixel applies the longest
/// one whose validity radius R exceeds its |δ|, skipping those iterations.
/// Error bound: a single step may drop δ² when |δ| < R₁ = ε·|Z_m| with ε = 2⁻⁴⁰, which
/// changes that step's δ by a relative amount below |δ|/(2|Z_m|) ≤ ε/2. For a composed map,
/// R = min(R₁, (R₂ − |B₁|·|δc|max)/|A₁|) guarantees every intermediate δ stays inside its own
/// step's radius for every pixel of the frame (|δc| ≤ |δc|max), so the relative error of a
/// skip of l steps is below about l·ε/2 to first order (l·2⁻⁴¹: under 1e-9 even for a skip of
/// 100 000 steps), against the 2⁻⁵³ rounding each plain step makes anyway. A count can only
/// change where |z|² lands within that relative error of the escape radius, which is the same
/// kind of pixel whose count changes within its own area. Entries whose A or B are not finite
/// or exceed 2⁹⁰⁰ are not used (R = 0), which keeps extended-range products finite.
///
/// **Vector loop (MandelbrotSIMD's MandelbrotDeepSIMDKernel).** A row goes through it 16
/// neighbouring pixels at a time, with the instruction set and threads of the shallow kernel.
/// While the 16 lanes sit at the same reference index, Z_m is one broadcast value and one BLA
/// step, chosen for the largest |δ| among them, serves them all (so it is valid for each, and
/// the error bound above holds lane by lane). When a lane needs a rebase, the whole group
/// rebases with it if every other live lane has |δ| ≥ 2⁻²⁰·|z|: a rebase is exact arithmetic
/// (z = Z_m + δ = Z_0 + z), and what it costs a lane that did not need it is the rounding of
/// z = Z_m + δ, at most 2⁻⁵³·|z| ≤ 2⁻³³·|δ|, the same order as a BLA skip's error and far
/// below the difference between neighbouring pixels' δ. Otherwise the lanes go their own
/// ways, each gathering its own Z_m and rebasing alone, without BLA. Between those events most
/// steps are taken in untested runs of 4 or 8, where a bound on the reference orbit
/// (`SafeRuns`) shows that no lane can escape or need a rebase. In extended range the
/// lanes also share one exponent (their δ differ by at most a few thousand times); a
/// reference value below 2⁻⁹⁰⁰ there, or lanes too far apart in size, hand the group's
/// remaining pixels to this file's scalar loop, so such frames are right but slower. The
/// tests compare both loops, with every kernel build the CPU has, against direct MPFR
/// iteration.

import CMPFR
import MandelbrotAVX2
import MandelbrotAVX512
import MandelbrotSIMD
import TouchDeskModels

// MARK: - MPFR numbers

/// A few MPFR numbers of one precision, cleared when done.
final class MPFRScratch {
    private let p: UnsafeMutablePointer<__mpfr_struct>
    private let count: Int

    init(count: Int, precision: Int) {
        self.count = count
        p = .allocate(capacity: count)
        for i in 0..<count { mpfr_init2(p + i, mpfr_prec_t(precision)) }
    }

    deinit {
        for i in 0..<count { mpfr_clear(p + i) }
        p.deallocate()
    }

    subscript(i: Int) -> UnsafeMutablePointer<__mpfr_struct> { p + i }

    /// Sets number i to an exact decimal (rounded to the precision).
    func set(_ i: Int, _ d: DecimalNumber) {
        _ = "\(d.significand)e\(d.exponent)".withCString { mpfr_set_str(p + i, $0, 10, MPFR_RNDN) }
    }

    /// Sets number i to mantissa · 2^exponent.
    func set(_ i: Int, _ e: ExtendedDouble) {
        mpfr_set_d(p + i, e.mantissa, MPFR_RNDN)
        mpfr_mul_2si(p + i, p + i, e.exponent, MPFR_RNDN)
    }
}

/// The MPFR precision (bits) a view with pixels `spacing` apart needs: every bit down to the
/// spacing, and 64 more so the reference orbit's own rounding stays far below a pixel.
func referencePrecision(spacing: ExtendedDouble) -> Int {
    max(64, Int((-spacing.log2Magnitude).rounded(.up)) + 64)
}

// MARK: - Direct high-precision iteration

extension MandelbrotKernel {
    /// The seed's iteration count for c = centre + offset, computed entirely in MPFR at
    /// `precision` bits: the yardstick the perturbation is tested against.
    public static func iterationsMPFR(center: ComplexDecimal, offsetX: ExtendedDouble, offsetY: ExtendedDouble,
                                      limit: Int, precision: Int) -> Int {
        let s = MPFRScratch(count: 8, precision: precision)
        let cx = s[0], cy = s[1], x = s[2], y = s[3], x2 = s[4], y2 = s[5], t = s[6], d = s[7]
        s.set(0, center.x); s.set(1, center.y)
        s.set(7, offsetX); mpfr_add(cx, cx, d, MPFR_RNDN)
        s.set(7, offsetY); mpfr_add(cy, cy, d, MPFR_RNDN)
        mpfr_set_zero(x, 1); mpfr_set_zero(y, 1)
        var n = 0
        while n < limit {
            mpfr_sqr(x2, x, MPFR_RNDN)
            mpfr_sqr(y2, y, MPFR_RNDN)
            mpfr_add(t, x2, y2, MPFR_RNDN)
            if mpfr_cmp_d(t, 4) > 0 { break }
            mpfr_mul(t, x, y, MPFR_RNDN)
            mpfr_sub(x, x2, y2, MPFR_RNDN)
            mpfr_add(x, x, cx, MPFR_RNDN)
            mpfr_mul_2ui(t, t, 1, MPFR_RNDN)
            mpfr_add(y, t, cy, MPFR_RNDN)
            n += 1
        }
        return n
    }
}

// MARK: - Reference orbit

/// The reference orbit of one centre: Z_0 = 0, Z_1, … up to and including the first escaped
/// value, or `limit` + 1 values, computed in MPFR and kept as doubles (and, for values below
/// 2⁻⁹⁰⁰, also as scaled doubles with an exponent).
public struct ReferenceOrbit: Sendable {
    public let zx: [Double]
    public let zy: [Double]
    /// Z_n = (sx, sy)·2^se: equal to (zx, zy) with se = 0 except for tiny values.
    let sx: [Double]
    let sy: [Double]
    let se: [Int32]
    public let precision: Int

    public var count: Int { zx.count }

    public init(center: ComplexDecimal, limit: Int, precision: Int) {
        self.precision = precision
        var xs = [0.0], ys = [0.0], axs = [0.0], ays = [0.0], es: [Int32] = [0]
        xs.reserveCapacity(limit + 1); ys.reserveCapacity(limit + 1)
        let s = MPFRScratch(count: 7, precision: precision)
        let cx = s[0], cy = s[1], x = s[2], y = s[3], x2 = s[4], y2 = s[5], t = s[6]
        s.set(0, center.x); s.set(1, center.y)
        mpfr_set_zero(x, 1); mpfr_set_zero(y, 1)
        var lx = 0.0, ly = 0.0
        for _ in 0..<limit {
            if lx * lx + ly * ly > 4 { break }
            mpfr_sqr(x2, x, MPFR_RNDN)
            mpfr_sqr(y2, y, MPFR_RNDN)
            mpfr_mul(t, x, y, MPFR_RNDN)
            mpfr_sub(x, x2, y2, MPFR_RNDN)
            mpfr_add(x, x, cx, MPFR_RNDN)
            mpfr_mul_2ui(t, t, 1, MPFR_RNDN)
            mpfr_add(y, t, cy, MPFR_RNDN)
            lx = mpfr_get_d(x, MPFR_RNDN); ly = mpfr_get_d(y, MPFR_RNDN)
            xs.append(lx); ys.append(ly)
            if max(abs(lx), abs(ly)) < 0x1p-900 {
                var ex = 0, ey = 0
                let mx = mpfr_get_d_2exp(&ex, x, MPFR_RNDN), my = mpfr_get_d_2exp(&ey, y, MPFR_RNDN)
                let e = max(mx == 0 ? Int.min / 2 : ex, my == 0 ? Int.min / 2 : ey)
                if mx == 0 && my == 0 {
                    axs.append(0); ays.append(0); es.append(0)
                } else {
                    axs.append(scalbn(mx, ex - e)); ays.append(scalbn(my, ey - e)); es.append(Int32(e))
                }
            } else {
                axs.append(lx); ays.append(ly); es.append(0)
            }
        }
        zx = xs; zy = ys; sx = axs; sy = ays; se = es
    }
}

// MARK: - Bilinear approximation

/// One map δ_{m+l} = A·δ_m + B·δc, valid while |δ_m|² < r2 (shared with the vector loop).
typealias BLAStep = MandelbrotDeepSIMDKernel.BLAStep

/// Maps of 2^k steps from m = 1 + i·2^k, for every level k, built once per frame.
struct BLATable: Sendable {
    /// Level k's entries are `entries[offsets[k] ..< offsets[k + 1]]`.
    let entries: [BLAStep]
    let offsets: [Int]
    var levels: Int { offsets.count - 1 }

    /// ε of the error bound (see the file's comment).
    static let epsilon = 0x1p-40
    static let maxCoefficient = 0x1p900

    init(orbit: ReferenceOrbit, maxDeltaC: Double) {
        let last = orbit.count - 1
        var all: [BLAStep] = []
        var offsets = [0]
        // Level 0: single steps m = 1 ..< last (Z_0 = 0 gives nothing to skip).
        var level: [BLAStep] = []
        if last > 1 {
            level.reserveCapacity(last - 1)
            for m in 1..<last {
                let zx = orbit.zx[m], zy = orbit.zy[m]
                let r = Self.epsilon * (zx * zx + zy * zy).squareRoot()
                level.append(BLAStep(ax: 2 * zx, ay: 2 * zy, bx: 1, by: 0, r2: r * r))
            }
        }
        while !level.isEmpty {
            all += level
            offsets.append(all.count)
            guard level.count >= 2 else { break }
            var next: [BLAStep] = []
            next.reserveCapacity(level.count / 2)
            for i in 0..<(level.count / 2) {
                let x = level[2 * i], y = level[2 * i + 1]
                let ax = y.ax * x.ax - y.ay * x.ay, ay = y.ax * x.ay + y.ay * x.ax
                let bx = y.ax * x.bx - y.ay * x.by + y.bx, by = y.ax * x.by + y.ay * x.bx + y.by
                let aMag = (x.ax * x.ax + x.ay * x.ay).squareRoot()
                let bMag = (x.bx * x.bx + x.by * x.by).squareRoot()
                let ry = (y.r2.squareRoot() - bMag * maxDeltaC) / aMag
                var r = min(x.r2.squareRoot(), max(0, ry))
                let limit = Self.maxCoefficient
                if !(abs(ax) < limit && abs(ay) < limit && abs(bx) < limit && abs(by) < limit) || !r.isFinite { r = 0 }
                next.append(BLAStep(ax: ax, ay: ay, bx: bx, by: by, r2: r * r))
            }
            level = next
        }
        entries = all
        self.offsets = offsets
    }
}

// MARK: - Untested runs

/// For each reference index m, the largest |δ|² for which the vector loop may take the next
/// K steps without looking at the pixels, for K = `MandelbrotDeepSIMDKernel.run` (8) and
/// K = `shortRun` (4): none of them can escape or need a rebase. With ρ_j bounding |δ| before step m + j and Z_j = |Z_{m+j}|:
///     ρ_{j+1} = (ρ_j·(2·Z_j + ρ_j) + |δc|max)·(1 + μ)      (|δ(2Z + δ) + δc| ≤ that)
/// and step m + j is safe when |z| ≤ Z_j + ρ_j ≤ 2·(1 − μ) (no escape) and
/// |z| ≥ Z_j − ρ_j ≥ (1 + μ)·ρ_j ≥ |δ| (no rebase). Walking back from the last step, each
/// bound b on ρ_{j+1} gives ρ_j ≤ t / (Z_j + √(Z_j² + t)) with t = b/(1 + μ) − |δc|max (the
/// root of the step's quadratic, in the form without cancellation), shrunk by 2⁻³⁰ for the
/// rounding of this computation. The margin μ = 2⁻²⁰ is far above a double's rounding, so the
/// tested loop's own comparisons (computed |z|² > 4, |z|² < |δ|²) cannot come out differently:
/// an untested run gives bit for bit the counts a tested one would.
struct SafeRuns: Sendable {
    /// For each m, the bound for a run of `MandelbrotDeepSIMDKernel.run` steps, then for a
    /// run of `shortRun` steps: radius2[2m] and radius2[2m + 1].
    let radius2: [Double]

    init(orbit: ReferenceOrbit, maxDeltaC: Double) {
        var out = [Double](repeating: 0, count: 2 * orbit.count)
        for (slot, steps) in [MandelbrotDeepSIMDKernel.run, MandelbrotDeepSIMDKernel.shortRun].enumerated() {
            for m in 0..<max(0, orbit.count - steps) {
                out[2 * m + slot] = Self.radius2(orbit, m, steps, maxDeltaC)
            }
        }
        radius2 = out
    }

    /// The bound for `steps` steps from m (which must end before the orbit's last value).
    static func radius2(_ orbit: ReferenceOrbit, _ m: Int, _ steps: Int, _ maxDeltaC: Double) -> Double {
        let mu = 0x1p-20
        var bound = Double.infinity
        for j in stride(from: steps - 1, through: 0, by: -1) {
            let zx = orbit.zx[m + j], zy = orbit.zy[m + j]
            let z = (zx * zx + zy * zy).squareRoot()
            var rho = min(z / (2 + mu), 2 * (1 - mu) - z)
            if bound.isFinite {
                let t = bound / (1 + mu) - maxDeltaC
                rho = t > 0 ? min(rho, t / (z + (z * z + t).squareRoot())) : 0
            }
            bound = max(0, rho * (1 - 0x1p-30))
            if bound == 0 { break }
        }
        return bound * bound
    }
}

// MARK: - A deep frame

/// Everything the pixels of one deep view share: the reference orbit, the BLA table, the pixel
/// spacing. `row` is the renderer's one entry point.
public struct DeepFrame: Sendable {
    public let orbit: ReferenceOrbit
    let bla: BLATable
    let safe: SafeRuns
    /// The largest |δc| of the frame's pixels (half the diagonal), as a double.
    let maxDeltaC: Double
    /// The same at any depth.
    let reach: ExtendedDouble
    public let width: Int
    public let height: Int
    public let limit: Int
    /// The spacing of pixel centres, spacingMantissa · 2^spacingExponent.
    let spacingMantissa: Double
    let spacingExponent: Int
    /// 1 where the reference value is below 2⁻⁹⁰⁰ (or exactly 0 after the start): the vector
    /// loop leaves extended-range pixels there to the scalar one.
    let tiny: [UInt8]
    /// Every pixel lies inside the main cardioid or the period-2 disc: all reach the limit, and
    /// none is iterated (such orbits never escape, and centred on 0 the reference orbit is 0
    /// throughout, which would leave every pixel to the slow scalar loop).
    public let interior: Bool

    /// Deltas below 2^this iterate in extended range.
    static let extendedBelow = -960

    public init(window: MandelbrotWindow, width: Int, height: Int, limit: Int) {
        let spacing = window.extendedSpan / ExtendedDouble(Double(max(1, min(width, height))))
        self.width = width; self.height = height; self.limit = limit
        spacingMantissa = spacing.mantissa
        spacingExponent = spacing.exponent
        // The farthest pixel centre from the view's centre (half the diagonal), as a double
        // (0 once it underflows, where its products are negligible anyway).
        let halfDiagonal = (Double(width * width + height * height)).squareRoot() / 2
        maxDeltaC = scalbn(spacing.mantissa * halfDiagonal, spacing.exponent)
        reach = ExtendedDouble(spacing.mantissa * halfDiagonal, exponent: spacing.exponent)
        interior = Self.inCardioidOrBulb(window.center, radius: maxDeltaC)
        // An interior view iterates nothing: its orbit is only Z_0, and its tables are empty.
        orbit = ReferenceOrbit(center: window.center, limit: interior ? 0 : limit, precision: referencePrecision(spacing: spacing))
        let o = orbit
        tiny = (0..<o.count).map { m in
            o.se[m] != 0 || (m > 0 && o.zx[m] == 0 && o.zy[m] == 0) ? 1 : 0
        }
        bla = BLATable(orbit: orbit, maxDeltaC: maxDeltaC)
        safe = SafeRuns(orbit: orbit, maxDeltaC: maxDeltaC)
    }

    /// Whether the disc of `radius` around c lies inside the main cardioid or the period-2 disc.
    /// In doubles, with a margin: g(x, y) = q·(q + x − ¼) − y²/4 with q = (x − ¼)² + y² is
    /// negative inside the cardioid, and where it is its gradient is below 20; so g(c) < −10⁻⁶
    /// with a radius below 10⁻⁸ keeps the whole disc inside (the rounding of c and of g, near
    /// 10⁻¹⁶, is far below the margin). The disc test (x + 1)² + y² < 1/16 has gradient ≤ ½.
    static func inCardioidOrBulb(_ c: ComplexDecimal, radius: Double) -> Bool {
        guard radius < 1e-8 else { return false }
        let x = c.x.double, y = c.y.double, margin = 1e-6
        let q = (x - 0.25) * (x - 0.25) + y * y
        return q * (q + x - 0.25) - y * y / 4 < -margin || (x + 1) * (x + 1) + y * y - 1.0 / 16 < -margin
    }

    /// Pixel (i, j)'s offset from the centre as (x, y)·2^exponent.
    @inline(__always)
    func offset(_ i: Int, _ j: Int) -> (x: Double, y: Double) {
        ((Double(i) + 0.5 - Double(width) / 2) * spacingMantissa, (Double(height) / 2 - (Double(j) + 0.5)) * spacingMantissa)
    }

    /// The offset of pixel (i, j) from the centre, for the direct MPFR yardstick.
    public func extendedOffset(_ i: Int, _ j: Int) -> (x: ExtendedDouble, y: ExtendedDouble) {
        let o = offset(i, j)
        return (ExtendedDouble(o.x, exponent: spacingExponent), ExtendedDouble(o.y, exponent: spacingExponent))
    }

    /// What a row cost: the counts' sum (iterations done, counting skipped ones) and how many
    /// pixels the vector loop left to the scalar one.
    public struct RowResult: Sendable {
        public var iterations = 0
        public var scalarPixels = 0
    }

    /// Iteration counts of row j at columns x0, x0 + step, … (`count` of them), and with `norms`
    /// |z|² at escape: the renderer's entry point. Pixels go through the vector loop 16 at a
    /// time (the last group padded by repeating the last pixel), with `set`'s build of it.
    @discardableResult
    public func row(_ j: Int, from x0: Int = 0, step: Int = 1, count: Int, counts: UnsafeMutablePointer<UInt32>,
                    norms: UnsafeMutablePointer<Double>?,
                    using set: MandelbrotKernel.InstructionSet = MandelbrotKernel.instructionSet) -> RowResult {
        let y = (Double(height) / 2 - (Double(j) + 0.5)) * spacingMantissa
        return points(y: y, count: count, counts: counts, norms: norms, using: set) {
            (Double(x0 + $0 * step) + 0.5 - Double(width) / 2) * spacingMantissa
        }
    }

    /// Iteration counts of the points (xs[k], y)·2^exponent from the reference (`spacingExponent`,
    /// the units of this frame's pixel offsets), and with `norms` |z|² at escape: what a flight
    /// calls for its new rows and columns, whose places are not this frame's pixel grid.
    @discardableResult
    public func row(offsetsX xs: UnsafePointer<Double>, y: Double, count: Int, counts: UnsafeMutablePointer<UInt32>,
                    norms: UnsafeMutablePointer<Double>?) -> RowResult {
        points(y: y, count: count, counts: counts, norms: norms, using: MandelbrotKernel.instructionSet) { xs[$0] }
    }

    /// The exponent of this frame's offsets: a point's offset from the reference is (x, y)·2^this.
    public var offsetExponent: Int { spacingExponent }

    /// Whether every point within `radius` (plane units, as an extended double) of the reference
    /// is one this frame's tables were built for, and its orbit is long enough for `limit`.
    public func covers(radius: ExtendedDouble, limit: Int) -> Bool {
        limit <= self.limit && !(reach < radius)
    }

    /// The vector loop over `count` points of one row, the k-th at x(k).
    private func points(y: Double, count: Int, counts: UnsafeMutablePointer<UInt32>, norms: UnsafeMutablePointer<Double>?,
                        using set: MandelbrotKernel.InstructionSet, x: (Int) -> Double) -> RowResult {
        var result = RowResult()
        if interior {
            for k in 0..<count { counts[k] = UInt32(limit); norms?[k] = 0 }
            result.iterations = limit * count
            return result
        }
        withKernelFrame { f in
            withUnsafeTemporaryAllocation(of: Double.self, capacity: 96) { d in
                withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 32) { c in
                    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { fb in
                        let ux = d.baseAddress!, uy = ux + 32, nr = ux + 64
                        let size = MandelbrotDeepSIMDKernel.groupSize
                        var k = 0
                        while k < count {
                            let g = min(size, count - k)
                            for i in 0..<size {
                                ux[i] = x(k + min(i, g - 1))
                                uy[i] = y
                            }
                            switch set {
                            case .avx512: MandelbrotAVX512.deepGroup(f, ux: ux, uy: uy, counts: c.baseAddress!, norms: nr, fallback: fb.baseAddress!)
                            case .avx2: MandelbrotAVX2.deepGroup(f, ux: ux, uy: uy, counts: c.baseAddress!, norms: nr, fallback: fb.baseAddress!)
                            case .portable: Self.portableDeepGroup(f, ux: ux, uy: uy, counts: c.baseAddress!, norms: nr, fallback: fb.baseAddress!)
                            }
                            for i in 0..<g {
                                var n = Int(c[i]), r = nr[i]
                                if fb[i] != 0 {
                                    n = iterations(cx: ux[i], cy: uy[i], cexp: spacingExponent, norm: &r)
                                    result.scalarPixels += 1
                                }
                                counts[k + i] = UInt32(n)
                                norms?[k + i] = r
                                result.iterations += n
                            }
                            k += size
                        }
                    }
                }
            }
        }
        return result
    }

    /// The frame as the vector loop takes it, valid inside `body`.
    func withKernelFrame<R>(_ body: (MandelbrotDeepSIMDKernel.Frame) -> R) -> R {
        orbit.zx.withUnsafeBufferPointer { zx in
            orbit.zy.withUnsafeBufferPointer { zy in
                tiny.withUnsafeBufferPointer { t in
                  safe.radius2.withUnsafeBufferPointer { sr in
                    bla.entries.withUnsafeBufferPointer { e in
                        bla.offsets.withUnsafeBufferPointer { o in
                            // An empty table still needs a valid pointer: level count 0 keeps it unread.
                            withUnsafeTemporaryAllocation(of: BLAStep.self, capacity: 1) { dummy in
                                body(MandelbrotDeepSIMDKernel.Frame(
                                    zx: zx.baseAddress!, zy: zy.baseAddress!, tiny: t.baseAddress!, last: orbit.count - 1, limit: limit,
                                    bla: e.baseAddress ?? UnsafePointer(dummy.baseAddress!), offsets: o.baseAddress!,
                                    levels: bla.levels, cexp: spacingExponent, safe: sr.baseAddress!))
                            }
                        }
                    }
                  }
                }
            }
        }
    }

    /// The vector loop compiled for baseline x86-64 (or this architecture), one inlined copy.
    @inline(never)
    static func portableDeepGroup(_ f: MandelbrotDeepSIMDKernel.Frame, ux: UnsafePointer<Double>, uy: UnsafePointer<Double>,
                                  counts: UnsafeMutablePointer<UInt32>, norms: UnsafeMutablePointer<Double>,
                                  fallback: UnsafeMutablePointer<UInt8>) {
        MandelbrotDeepSIMDKernel.group(f, ux: ux, uy: uy, counts: counts, norms: norms, fallback: fallback)
    }

    /// Row j with the scalar loop alone, pixel by pixel (the benchmark's comparison): the counts' sum.
    @discardableResult
    public func scalarRow(_ j: Int, count: Int, counts: UnsafeMutablePointer<UInt32>) -> Int {
        var total = 0
        for i in 0..<count {
            var r = 0.0
            let n = iterations(i, j, norm: &r)
            counts[i] = UInt32(n)
            total += n
        }
        return total
    }

    /// The count of pixel (i, j) with the scalar loop; `norm` gets |z|² at escape.
    public func iterations(_ i: Int, _ j: Int, norm: inout Double) -> Int {
        let o = offset(i, j)
        return iterations(cx: o.x, cy: o.y, cexp: spacingExponent, norm: &norm)
    }

    /// The count of the pixel δc = (cx, cy)·2^cexp.
    func iterations(cx: Double, cy: Double, cexp: Int, norm: inout Double) -> Int {
        if interior { norm = 0; return limit }
        return orbit.zx.withUnsafeBufferPointer { rx in
            orbit.zy.withUnsafeBufferPointer { ry in
                bla.entries.withUnsafeBufferPointer { table in
                    iterate(rx.baseAddress!, ry.baseAddress!, table.baseAddress!, cx: cx, cy: cy, cexp: cexp, norm: &norm)
                }
            }
        }
    }

    @inline(__always)
    private func iterate(_ rx: UnsafePointer<Double>, _ ry: UnsafePointer<Double>, _ table: UnsafePointer<BLAStep>,
                         cx: Double, cy: Double, cexp: Int, norm: inout Double) -> Int {
        let last = orbit.count - 1
        let limit = self.limit
        var n = 0, m = 0
        var dx = 0.0, dy = 0.0
        let cbig = max(abs(cx), abs(cy))
        if cbig == 0 || cexp + Int(cbig.exponent) < Self.extendedBelow {
            // Extended range: δ = w·2^e.
            var wx = 0.0, wy = 0.0, e = cexp
            while n < limit {
                let zx = rx[m], zy = ry[m]
                let zr = zx * zx + zy * zy
                if zr > 4 { norm = zr; return n }  // δ is far below Z's rounding
                let tiny = orbit.se[m] != 0 || (zx == 0 && zy == 0 && m > 0)
                if m == last || (tiny && rebaseNeeded(m, wx, wy, e)) {
                    // δ ← Z_m + δ, m ← 0 (see the file's comment), still in units of 2^e.
                    wx += scalbn(orbit.sx[m], Int(orbit.se[m]) - e)
                    wy += scalbn(orbit.sy[m], Int(orbit.se[m]) - e)
                    m = 0
                    renormalise(&wx, &wy, &e)
                }
                let big = max(abs(wx), abs(wy))
                if big != 0 && e + Int(big.exponent) >= Self.extendedBelow { break }
                // The longest valid skip.
                if m > 0, let s = blaStep(table, m, n, scalbn(wx * wx + wy * wy, 2 * e), last) {
                    let b = table[s.index]
                    let ux = scalbn(cx, cexp - e), uy = scalbn(cy, cexp - e)
                    let nx = b.ax * wx - b.ay * wy + b.bx * ux - b.by * uy
                    let ny = b.ax * wy + b.ay * wx + b.bx * uy + b.by * ux
                    if nx.isFinite && ny.isFinite {
                        wx = nx; wy = ny; m += s.length; n += s.length
                        renormalise(&wx, &wy, &e)
                        continue
                    }
                }
                // One full step: w ← 2·Z·w + 2^e·w² + 2^(e_c − e)·c.
                let sx = orbit.sx[m], sy = orbit.sy[m], ze = Int(orbit.se[m])
                var px = 2 * (sx * wx - sy * wy), py = 2 * (sx * wy + sy * wx)
                if ze != 0 { px = scalbn(px, ze); py = scalbn(py, ze) }
                let qx = scalbn(wx * wx - wy * wy, e), qy = scalbn(2 * wx * wy, e)
                wx = px + qx + scalbn(cx, cexp - e)
                wy = py + qy + scalbn(cy, cexp - e)
                m += 1; n += 1
                renormalise(&wx, &wy, &e)
            }
            if n >= limit { return n }
            dx = scalbn(wx, e); dy = scalbn(wy, e)
        }
        // Plain doubles.
        let dcx = scalbn(cx, cexp), dcy = scalbn(cy, cexp)
        while n < limit {
            let x = rx[m] + dx, y = ry[m] + dy
            let r = x * x + y * y
            if r > 4 { norm = r; return n }
            let d2 = dx * dx + dy * dy
            if m == last || r < d2 {
                // Rebase: follow z itself against Z_0 = 0.
                dx = x; dy = y; m = 0
            } else if m > 0, let s = blaStep(table, m, n, d2, last) {
                let b = table[s.index]
                let nx = b.ax * dx - b.ay * dy + b.bx * dcx - b.by * dcy
                let ny = b.ax * dy + b.ay * dx + b.bx * dcy + b.by * dcx
                dx = nx; dy = ny; m += s.length; n += s.length
                continue
            }
            let zx = rx[m], zy = ry[m]
            let ndx = 2 * (zx * dx - zy * dy) + (dx * dx - dy * dy) + dcx
            let ndy = 2 * (zx * dy + zy * dx) + 2 * dx * dy + dcy
            dx = ndx; dy = ndy
            m += 1; n += 1
        }
        return n
    }

    /// In extended range, whether |Z_m + δ| < |δ| (only possible when Z_m is tiny too).
    @inline(__always)
    private func rebaseNeeded(_ m: Int, _ wx: Double, _ wy: Double, _ e: Int) -> Bool {
        let zx = scalbn(orbit.sx[m], Int(orbit.se[m]) - e), zy = scalbn(orbit.sy[m], Int(orbit.se[m]) - e)
        let x = zx + wx, y = zy + wy
        return x * x + y * y < wx * wx + wy * wy
    }

    /// Keeps w within 2^±20 by moving powers of two into e.
    @inline(__always)
    private func renormalise(_ wx: inout Double, _ wy: inout Double, _ e: inout Int) {
        let big = max(abs(wx), abs(wy))
        guard big != 0, big > 0x1p20 || big < 0x1p-20 else { return }
        let k = Int(big.exponent)
        wx = scalbn(wx, -k); wy = scalbn(wy, -k); e += k
    }

    /// The longest table map that may start at reference index m (≥ 1) for |δ|² = d2, without
    /// passing the orbit's end or the limit: its index and length.
    @inline(__always)
    private func blaStep(_ table: UnsafePointer<BLAStep>, _ m: Int, _ n: Int, _ d2: Double, _ last: Int) -> (index: Int, length: Int)? {
        var found: (Int, Int)? = nil
        var k = 0
        let offsets = bla.offsets
        while k < offsets.count - 1 {
            let length = 1 << k
            if (m - 1) & (length - 1) != 0 { break }
            let i = (m - 1) >> k
            let index = offsets[k] + i
            guard index < offsets[k + 1], m + length <= last, n + length <= limit, d2 < table[index].r2 else { break }
            found = (index, length)
            k += 1
        }
        return found
    }
}

#if canImport(Glibc)
import Glibc
#endif
