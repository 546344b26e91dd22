/// The deep zoom's perturbation loop for 16 pixels at once (four SIMD4<Double> in flight), written
/// once and compiled per instruction set like `MandelbrotSIMDKernel` (MandelbrotAVX512,
/// MandelbrotAVX2, and a baseline copy in MandelbrotEngine). The method and its error bound are
/// described in MandelbrotEngine's MandelbrotDeep.swift; this file is the vector form of the same
/// arithmetic, in three phases:
///
/// 1. **Synced, extended range** (only when every pixel's δc is below 2⁻⁹⁶⁰): all 16 pixels are
///    at the same reference index m, so Z_m is one broadcast value, and their deltas share one
///    exponent E: δ = w·2^E, with w renormalised to within 2^±20 of the largest lane every few
///    steps (the lanes of one group are 16 neighbouring pixels of a row, whose δ differ by at
///    most a few thousand times). The BLA step is looked up once for the largest |δ| of the
///    group and applied to every lane, so it is valid for each. When every lane's |δ| has
///    reached 2⁻⁹⁶⁰ the group converts to plain doubles. A reference value that is itself tiny
///    (an orbit passing within 2⁻⁹⁰⁰ of 0, where a rebase in extended range could be needed),
///    or a lane growing past 2⁻⁹⁰⁰ before the smallest lane leaves extended range, sends the
///    group's remaining lanes to the scalar loop (`fallback`), which handles every case.
/// 2. **Synced, plain doubles**: the same shared m with broadcast Z_m. Three kinds of step:
///    - a shared BLA skip, chosen for the largest |δ| of the group;
///    - an **untested run** of up to `run` (8) plain steps, when the largest |δ|² is below
///      the frame's `safe[m]`: a bound computed once per frame from the reference orbit
///      (MandelbrotDeep.swift's `SafeRuns`) proves that no lane can escape or need a rebase
///      in those steps, so they are bare arithmetic, δ ← δ·(2Z + δ) + δc in two fused
///      multiply-adds per component, with no test and no mask;
///    - otherwise one **tested step**: every lane is checked for escape (|z|² > 4) and for the
///      rebase condition |Z_m + δ| < |δ|. Both are rare, so they share one branch; an escaped
///      lane records its count and is retired (δ = δc = 0, so it stays 0 and adds nothing to
///      the maximum), and a rebase moves the whole group to m = 0 (see `groupRebaseRatio`).
///    The runs give exactly the counts tested steps would (the bound has a 2⁻²⁰ margin over
///    the rounding of the tests' own comparisons); on the bench's deep views (1920 × 1080 in
///    a period-25 mini) about three quarters of the plain steps are untested.
/// 3. **Desynced**: once any lane needs a rebase the lanes' reference indices differ, so Z_m is
///    gathered per lane, and each lane rebases on its own (δ ← Z_m + δ, m ← 0); no BLA here.
///
/// The step count n is the same for every live lane in all three phases (a shared BLA skip
/// advances all of them), so the limit is one scalar test.

public enum MandelbrotDeepSIMDKernel {
    public typealias V = SIMD4<Double>
    public typealias N = SIMD4<Int64>
    /// Pixels per call: four vectors of V. (Four SIMD4 rather than SIMD8: the loop keeps about
    /// ten vectors of state per lane group, and with SIMD8 on AVX2 a third of its time went to
    /// spilling registers; SIMD4 ran the bench's views about 1.8 times as fast.)
    public static let groupSize = 16
    public typealias Mask = SIMDMask<N>

    /// One map δ_{m+l} = A·δ_m + B·δc of the bilinear approximation, valid while |δ_m|² < r2.
    public struct BLAStep: Sendable {
        public var ax: Double, ay: Double, bx: Double, by: Double, r2: Double
        public init(ax: Double, ay: Double, bx: Double, by: Double, r2: Double) {
            self.ax = ax; self.ay = ay; self.bx = bx; self.by = by; self.r2 = r2
        }
    }

    /// What the pixels of one frame share, as plain pointers (valid during the call).
    public struct Frame {
        /// The reference orbit Z_0 … Z_last as doubles.
        public var zx: UnsafePointer<Double>, zy: UnsafePointer<Double>
        /// 1 where Z_m is below 2⁻⁹⁰⁰ (or 0 past the start): phase 1 leaves those to the scalar loop.
        public var tiny: UnsafePointer<UInt8>
        public var last: Int
        public var limit: Int
        /// BLA level k's maps are `bla[offsets[k] ..< offsets[k + 1]]`, for m = 1 + i·2^k.
        public var bla: UnsafePointer<BLAStep>
        public var offsets: UnsafePointer<Int>
        public var levels: Int
        /// δc = (ux, uy)·2^cexp.
        public var cexp: Int
        /// `safe[2m]`: while every lane's |δ|² is below it, the `run` steps from m need no test
        /// (none escapes or needs a rebase: see MandelbrotDeep.swift's `SafeRuns`);
        /// `safe[2m + 1]`: the same for `shortRun` steps.
        public var safe: UnsafePointer<Double>

        public init(zx: UnsafePointer<Double>, zy: UnsafePointer<Double>, tiny: UnsafePointer<UInt8>, last: Int, limit: Int,
                    bla: UnsafePointer<BLAStep>, offsets: UnsafePointer<Int>, levels: Int, cexp: Int, safe: UnsafePointer<Double>) {
            self.zx = zx; self.zy = zy; self.tiny = tiny; self.last = last; self.limit = limit
            self.bla = bla; self.offsets = offsets; self.levels = levels; self.cexp = cexp; self.safe = safe
        }
    }

    /// Steps in one untested run of phase 2 (see `Frame.safe`).
    public static let run = 8
    /// Steps in a short untested run, where a full one is not safe.
    public static let shortRun = 4

    /// Deltas below 2^this iterate in extended range (as in the scalar loop).
    public static let extendedBelow = -960

    /// The state of 8 pixels.
    @usableFromInline
    struct Lanes {
        @usableFromInline var ux: V, uy: V
        @usableFromInline var dcx: V, dcy: V
        @usableFromInline var dx = V(), dy = V()
        @usableFromInline var m = N()
        @usableFromInline var active = Mask(repeating: true)
        @usableFromInline var count = N()
        @usableFromInline var norm = V()

        @inlinable @inline(__always)
        init(ux: V, uy: V, dcx: V, dcy: V) { self.ux = ux; self.uy = uy; self.dcx = dcx; self.dcy = dcy }
    }

    // The pieces of `group`, forced inline (@_transparent) so that each build compiles them with
    // its own instruction set and no shared out-of-line copy exists for the linker to pick.

    @usableFromInline @_transparent
    static func vmax(_ a: V, _ b: V) -> V { a.replacing(with: b, where: b .> a) }
    @usableFromInline @_transparent
    static func vmin(_ a: V, _ b: V) -> V { a.replacing(with: b, where: b .< a) }
    /// The largest and smallest lane, inline (the standard library's `max()` is an out-of-line
    /// call here, which spills every vector register around it).
    @usableFromInline @_transparent
    static func hmax(_ a: V) -> Double { Swift.max(Swift.max(a[0], a[1]), Swift.max(a[2], a[3])) }
    @usableFromInline @_transparent
    static func hmin(_ a: V) -> Double { Swift.min(Swift.min(a[0], a[1]), Swift.min(a[2], a[3])) }
    @usableFromInline @_transparent
    static func vabs(_ a: V) -> V { a.replacing(with: -a, where: a .< V(repeating: 0)) }

    @usableFromInline @_transparent
    static func gather(_ p: UnsafePointer<Double>, _ i: N) -> V {
        V(p[Int(i[0])], p[Int(i[1])], p[Int(i[2])], p[Int(i[3])])
    }

    /// The longest BLA map that may start at m (≥ 1) for |δ|² = d2 (compared as d2 < r2·scale),
    /// without passing the orbit's end or the limit: its index, or −1, and its length.
    @usableFromInline @_transparent
    static func lookup(_ f: Frame, _ m: Int, _ n: Int, _ d2: Double, scale: Double) -> (index: Int, length: Int) {
        var found = (-1, 0)
        var k = 0
        while k < f.levels {
            let length = 1 << k
            if (m - 1) & (length - 1) != 0 { break }
            let index = f.offsets[k] + (m - 1) >> k
            guard index < f.offsets[k + 1], m + length <= f.last, n + length <= f.limit, d2 < f.bla[index].r2 * scale else { break }
            found = (index, length)
            k += 1
        }
        return found
    }

    /// A lane that does not need a rebase may join its group's when |δ|² ≥ this · |z|².
    public static let groupRebaseRatio = 0x1p-40

    /// Synced phase 2's look at one vector before step n: z = Z + δ, |z|², |δ|², and the lanes
    /// that escaped or need a rebase (|z| < |δ|). Escaped lanes are zeroed (`retire`) in the
    /// rare branch, so a dead lane has δ = δc = 0, never shows up here again, and adds nothing
    /// to the BLA lookup's maximum: the common step needs no masks at all.
    @usableFromInline @_transparent
    static func probe(_ l: Lanes, _ zx: V, _ zy: V) -> (x: V, y: V, r: V, d2: V, flag: Mask) {
        let x = zx + l.dx, y = zy + l.dy
        let r = (x * x).addingProduct(y, y)
        let d2 = delta2(l)
        return (x, y, r, d2, (r .> V(repeating: 4)) .| (r .< d2))
    }

    /// |δ|² of each lane.
    @usableFromInline @_transparent
    static func delta2(_ l: Lanes) -> V { (l.dx * l.dx).addingProduct(l.dy, l.dy) }

    /// The rare branch of phase 2: the live lanes of `p` that escaped.
    @usableFromInline @_transparent
    static func escaped(_ l: Lanes, _ p: (x: V, y: V, r: V, d2: V, flag: Mask)) -> Mask {
        l.active .& (p.r .> V(repeating: 4))
    }

    /// Records the lanes that escaped at step n and retires them (δ = δc = 0).
    @usableFromInline @_transparent
    static func settle(_ l: inout Lanes, _ escaped: Mask, _ r: V, _ n: Int64) {
        l.count.replace(with: N(repeating: n), where: escaped)
        l.norm.replace(with: r, where: escaped)
        l.active = l.active .& .!escaped
        retire(&l)
    }

    /// The live lanes of `p` that need a rebase (|z| < |δ|).
    @usableFromInline @_transparent
    static func rebasing(_ l: Lanes, _ p: (x: V, y: V, r: V, d2: V, flag: Mask)) -> Mask {
        l.active .& (p.r .< p.d2)
    }

    /// The live lanes of `p` "stuck": not needing a rebase, and with |δ| < 2⁻²⁰·|z|, too small
    /// to join a group rebase.
    @usableFromInline @_transparent
    static func stuck(_ l: Lanes, _ p: (x: V, y: V, r: V, d2: V, flag: Mask)) -> Mask {
        l.active .& (p.r .>= p.d2) .& (p.d2 .< p.r * V(repeating: groupRebaseRatio))
    }

    /// Zeroes δ and δc of the lanes no longer live.
    @usableFromInline @_transparent
    static func retire(_ l: inout Lanes) {
        let zero = V(repeating: 0), dead = .!l.active
        l.dx.replace(with: zero, where: dead); l.dy.replace(with: zero, where: dead)
        l.dcx.replace(with: zero, where: dead); l.dcy.replace(with: zero, where: dead)
    }

    /// One plain step in the product form δ ← δ·(2Z + δ) + δc, given (z2x, z2y) = 2Z: two
    /// fused multiply-adds per component.
    @usableFromInline @_transparent
    static func productStep(_ l: inout Lanes, _ z2x: V, _ z2y: V) {
        let tx = z2x + l.dx, ty = z2y + l.dy
        let ndx = l.dcx.addingProduct(-ty, l.dy).addingProduct(tx, l.dx)
        let ndy = l.dcy.addingProduct(ty, l.dx).addingProduct(tx, l.dy)
        l.dx = ndx; l.dy = ndy
    }

    /// `steps` plain steps of all four vectors from reference index m: an untested run (see
    /// `Frame.safe`), or the one step after a test.
    @usableFromInline @_transparent
    static func plainSteps(_ l0: inout Lanes, _ l1: inout Lanes, _ l2: inout Lanes, _ l3: inout Lanes, _ f: Frame, _ m: Int, _ steps: Int) {
        for k in 0..<steps {
            let zx = f.zx[m + k], zy = f.zy[m + k]
            let z2x = V(repeating: zx + zx), z2y = V(repeating: zy + zy)
            productStep(&l0, z2x, z2y); productStep(&l1, z2x, z2y)
            productStep(&l2, z2x, z2y); productStep(&l3, z2x, z2y)
        }
    }

    /// δ ← A·δ + B·(cx, cy).
    @usableFromInline @_transparent
    static func apply(_ l: inout Lanes, _ s: BLAStep, _ cx: V, _ cy: V) {
        let nx = s.ax * l.dx - s.ay * l.dy + s.bx * cx - s.by * cy
        let ny = s.ax * l.dy + s.ay * l.dx + s.bx * cy + s.by * cx
        l.dx = nx; l.dy = ny
    }

    /// Phase 3: one step with each lane's own reference index.
    @usableFromInline @_transparent
    static func desyncedStep(_ l: inout Lanes, _ f: Frame, _ n: Int64) {
        var zx = gather(f.zx, l.m), zy = gather(f.zy, l.m)
        let p = probe(l, zx, zy)
        settle(&l, escaped(l, p), p.r, n)
        let rebase = rebasing(l, p) .| (l.active .& (l.m .== N(repeating: Int64(f.last))))
        l.dx.replace(with: p.x, where: rebase); l.dy.replace(with: p.y, where: rebase)
        l.m.replace(with: 0, where: rebase)
        zx.replace(with: 0, where: rebase); zy.replace(with: 0, where: rebase)
        productStep(&l, zx + zx, zy + zy)
        // A true lane of a mask is −1.
        l.m &-= l.active._storage
    }

    /// Phase 1: the largest component magnitude of each live lane (0 elsewhere), and the same
    /// for live lanes with δc ≠ 0 (+∞ elsewhere).
    @usableFromInline @_transparent
    static func magnitudes(_ l: Lanes) -> (big: V, small: V) {
        let zero = V(repeating: 0)
        let a = vmax(vabs(l.dx), vabs(l.dy))
        let moving = l.active .& ((l.ux .!= zero) .| (l.uy .!= zero))
        return (zero.replacing(with: a, where: l.active), V(repeating: .infinity).replacing(with: a, where: moving))
    }

    @usableFromInline @_transparent
    static func lanes(_ ux: UnsafePointer<Double>, _ uy: UnsafePointer<Double>, _ ca: V, _ cb: V) -> Lanes {
        let x = UnsafeRawPointer(ux).loadUnaligned(as: V.self), y = UnsafeRawPointer(uy).loadUnaligned(as: V.self)
        return Lanes(ux: x, uy: y, dcx: x * ca * cb, dcy: y * ca * cb)
    }

    @usableFromInline @_transparent
    static func absMax(_ l: Lanes) -> V { vmax(vabs(l.ux), vabs(l.uy)) }

    /// Phase 1's step in units of 2^E: w ← 2·Z·w + 2^E·w² + u·2^(cexp − E) (se = 2^E, c = 2^(cexp − E)).
    @usableFromInline @_transparent
    static func extendedStep(_ l: inout Lanes, _ zx: V, _ zy: V, _ se: V, _ c: V) {
        // In steps with their types written out: as one expression each, the SIMD operators'
        // overloads took the type checker 3 s.
        let two = V(repeating: 2)
        let zwx: V = zx * l.dx - zy * l.dy, zwy: V = zx * l.dy + zy * l.dx
        let wwx: V = l.dx * l.dx - l.dy * l.dy, wwy: V = two * l.dx * l.dy
        let nx: V = two * zwx + wwx * se + l.ux * c
        let ny: V = two * zwy + wwy * se + l.uy * c
        l.dx = nx; l.dy = ny
    }

    /// The lanes' results; live lanes reached the limit (or, with `toScalar`, go to the scalar loop).
    @usableFromInline @_transparent
    static func finish(_ l: Lanes, _ limit: Int, _ toScalar: Bool, _ counts: UnsafeMutablePointer<UInt32>,
                       _ norms: UnsafeMutablePointer<Double>, _ fallback: UnsafeMutablePointer<UInt8>) {
        for k in 0..<V.scalarCount {
            let live = l.active[k]
            counts[k] = live ? UInt32(limit) : UInt32(truncatingIfNeeded: l.count[k])
            norms[k] = live ? 0 : l.norm[k]
            fallback[k] = live && toScalar ? 1 : 0
        }
    }

    /// 16 pixels δc = (ux[i], uy[i])·2^cexp: `counts[i]`, `norms[i]` (|z|² at escape), and
    /// `fallback[i]` = 1 for the pixels the caller must compute with the scalar loop instead.
    /// Call it from one place per build (see `MandelbrotSIMDKernel.row`).
    @inlinable @inline(__always)
    public static func group(_ f: Frame, ux: UnsafePointer<Double>, uy: UnsafePointer<Double>,
                             counts: UnsafeMutablePointer<UInt32>, norms: UnsafeMutablePointer<Double>,
                             fallback: UnsafeMutablePointer<UInt8>) {
        // δc as plain doubles, multiplied in two halves so no factor underflows on its own.
        let ca = V(repeating: Double(sign: .plus, exponent: f.cexp / 2, significand: 1))
        let cb = V(repeating: Double(sign: .plus, exponent: f.cexp - f.cexp / 2, significand: 1))
        var l0 = lanes(ux, uy, ca, cb), l1 = lanes(ux + 4, uy + 4, ca, cb)
        var l2 = lanes(ux + 8, uy + 8, ca, cb), l3 = lanes(ux + 12, uy + 12, ca, cb)
        let zero = V(repeating: 0)
        let limit = f.limit, last = f.last
        var n = 0, m = 0
        var toScalar = false

        // Phase 1: extended range, when even the largest δc is below 2⁻⁹⁶⁰.
        let biggestC = hmax(vmax(vmax(absMax(l0), absMax(l1)), vmax(absMax(l2), absMax(l3))))
        var finished = false
        if biggestC == 0 || f.cexp + Int(biggestC.exponent) < extendedBelow {
            // δ = w·2^E in dx, dy; δc = u·cs in units of 2^E.
            var e = f.cexp
            var sE = Double(sign: .plus, exponent: e, significand: 1)
            var cs = 1.0
            var sinceCheck = 0
            extended: while true {
                if n >= limit { break }
                if f.tiny[m] != 0 { toScalar = true; break }
                let zx = f.zx[m], zy = f.zy[m]
                let zr = zx * zx + zy * zy
                if zr > 4 {
                    // The reference escapes and δ is far below its rounding: every lane with it.
                    for k in 0..<V.scalarCount {
                        l0.count[k] = Int64(n); l1.count[k] = Int64(n); l2.count[k] = Int64(n); l3.count[k] = Int64(n)
                    }
                    l0.norm = V(repeating: zr); l1.norm = l0.norm; l2.norm = l0.norm; l3.norm = l0.norm
                    l0.active = Mask(repeating: false); l1.active = l0.active; l2.active = l0.active; l3.active = l0.active
                    finished = true
                    break
                }
                if m == last { toScalar = true; break }
                if sinceCheck == 0 && m > 0 {
                    let g0 = magnitudes(l0), g1 = magnitudes(l1), g2 = magnitudes(l2), g3 = magnitudes(l3)
                    var big = hmax(vmax(vmax(g0.big, g1.big), vmax(g2.big, g3.big)))
                    let small = hmin(vmin(vmin(g0.small, g1.small), vmin(g2.small, g3.small)))
                    // log₂ of the largest and smallest moving |δ| (components), in real units.
                    let bigExponent = big == 0 ? Int.min / 2 : e + Int(big.exponent)
                    let smallExponent = small == .infinity ? Int.max / 2 : e + Int(small.exponent)
                    if bigExponent > -900 && smallExponent < extendedBelow { toScalar = true; break }
                    if smallExponent >= extendedBelow {
                        // Every moving lane has left extended range: δ = w·2^E as plain doubles.
                        let a = V(repeating: Double(sign: .plus, exponent: e / 2, significand: 1))
                        let b = V(repeating: Double(sign: .plus, exponent: e - e / 2, significand: 1))
                        l0.dx = l0.dx * a * b; l0.dy = l0.dy * a * b; l1.dx = l1.dx * a * b; l1.dy = l1.dy * a * b
                        l2.dx = l2.dx * a * b; l2.dy = l2.dy * a * b; l3.dx = l3.dx * a * b; l3.dy = l3.dy * a * b
                        break extended
                    }
                    if big != 0 && (big > 0x1p20 || big < 0x1p-20) {
                        // Renormalise: the largest lane back to about 1.
                        let k = Int(big.exponent)
                        let factor = Double(sign: .plus, exponent: -k, significand: 1)
                        let s = V(repeating: factor)
                        l0.dx *= s; l0.dy *= s; l1.dx *= s; l1.dy *= s; l2.dx *= s; l2.dy *= s; l3.dx *= s; l3.dy *= s
                        e += k
                        big *= factor
                        sE = Double(sign: .plus, exponent: e, significand: 1)
                        cs = Double(sign: .plus, exponent: f.cexp - e, significand: 1)
                    }
                    // The longest skip valid for the largest lane: |δ|² = big²·2^2E < r2.
                    let s = lookup(f, m, n, big * big, scale: Double(sign: .plus, exponent: -2 * e, significand: 1))
                    if s.index >= 0 {
                        let b = f.bla[s.index]
                        let c = V(repeating: cs)
                        apply(&l0, b, l0.ux * c, l0.uy * c); apply(&l1, b, l1.ux * c, l1.uy * c)
                        apply(&l2, b, l2.ux * c, l2.uy * c); apply(&l3, b, l3.ux * c, l3.uy * c)
                        m += s.length; n += s.length
                        continue  // check again at once: renormalise, maybe skip further
                    }
                }
                // One step: w ← 2·Z·w + 2^E·w² + δc/2^E.
                let zxv = V(repeating: zx), zyv = V(repeating: zy), se = V(repeating: sE), c = V(repeating: cs)
                extendedStep(&l0, zxv, zyv, se, c); extendedStep(&l1, zxv, zyv, se, c)
                extendedStep(&l2, zxv, zyv, se, c); extendedStep(&l3, zxv, zyv, se, c)
                m += 1; n += 1
                sinceCheck = (sinceCheck + 1) & 7
                if m == 1 { sinceCheck = 0 }
            }
        }

        // Phase 2: plain doubles, all lanes at one reference index.
        var synced = !toScalar && !finished
        if synced {
            // Lanes that ended in phase 1 hold δ = δc = 0 from here on.
            retire(&l0); retire(&l1); retire(&l2); retire(&l3)
        }
        while synced && n < limit {
            // An untested run: no lane can escape or need a rebase in the next `run` steps
            // (|δ| below the reference's safe radius at m), so the steps need no probe.
            if m > 0 && m + run <= last && n + run <= limit {
                let dmax = hmax(vmax(vmax(delta2(l0), delta2(l1)), vmax(delta2(l2), delta2(l3))))
                if dmax < f.safe[2 * m] {
                    // A shared BLA skip of at least 2 steps, if one is valid for the largest |δ|.
                    let s = lookup(f, m, n, dmax, scale: 1)
                    if s.length >= 2 {
                        let b = f.bla[s.index]
                        apply(&l0, b, l0.dcx, l0.dcy); apply(&l1, b, l1.dcx, l1.dcy)
                        apply(&l2, b, l2.dcx, l2.dcy); apply(&l3, b, l3.dcx, l3.dcy)
                        m += s.length; n += s.length
                        continue
                    }
                    // Up to the next m − 1 that is a multiple of `run`, where longer BLA maps start.
                    let steps = run - (m - 1) & (run - 1)
                    plainSteps(&l0, &l1, &l2, &l3, f, m, steps)
                    m += steps; n += steps
                    continue
                }
                if dmax < f.safe[2 * m + 1] {
                    plainSteps(&l0, &l1, &l2, &l3, f, m, shortRun)
                    m += shortRun; n += shortRun
                    continue
                }
            }
            // A tested step.
            let zxv = V(repeating: f.zx[m]), zyv = V(repeating: f.zy[m])
            let q0 = probe(l0, zxv, zyv), q1 = probe(l1, zxv, zyv)
            let q2 = probe(l2, zxv, zyv), q3 = probe(l3, zxv, zyv)
            if m == last || any(q0.flag .| q1.flag .| q2.flag .| q3.flag) {
                let nn = Int64(n)
                let e0 = escaped(l0, q0), e1 = escaped(l1, q1), e2 = escaped(l2, q2), e3 = escaped(l3, q3)
                if any(e0 .| e1 .| e2 .| e3) {
                    settle(&l0, e0, q0.r, nn); settle(&l1, e1, q1.r, nn)
                    settle(&l2, e2, q2.r, nn); settle(&l3, e3, q3.r, nn)
                    if !any(l0.active .| l1.active .| l2.active .| l3.active) { break }
                }
                if m == last || any(rebasing(l0, q0) .| rebasing(l1, q1) .| rebasing(l2, q2) .| rebasing(l3, q3)) {
                    // A rebase: together if every live lane may join (m == last: every one must).
                    if m != last && any(stuck(l0, q0) .| stuck(l1, q1) .| stuck(l2, q2) .| stuck(l3, q3)) { synced = false; break }
                    // δ ← z (dead lanes stay 0), then the step from Z_0 = 0: δ ← δ² + δc.
                    l0.dx.replace(with: q0.x, where: l0.active); l0.dy.replace(with: q0.y, where: l0.active)
                    l1.dx.replace(with: q1.x, where: l1.active); l1.dy.replace(with: q1.y, where: l1.active)
                    l2.dx.replace(with: q2.x, where: l2.active); l2.dy.replace(with: q2.y, where: l2.active)
                    l3.dx.replace(with: q3.x, where: l3.active); l3.dy.replace(with: q3.y, where: l3.active)
                    productStep(&l0, zero, zero); productStep(&l1, zero, zero)
                    productStep(&l2, zero, zero); productStep(&l3, zero, zero)
                    m = 1; n += 1
                    continue
                }
            }
            plainSteps(&l0, &l1, &l2, &l3, f, m, 1)
            m += 1; n += 1
        }

        // Phase 3: each lane at its own reference index.
        if !synced && !toScalar && !finished {
            let mv = N(repeating: Int64(m))
            l0.m = mv; l1.m = mv; l2.m = mv; l3.m = mv
            while n < limit {
                let steps = min(8, limit - n)
                for _ in 0..<steps {
                    let nn = Int64(n)
                    desyncedStep(&l0, f, nn); desyncedStep(&l1, f, nn); desyncedStep(&l2, f, nn); desyncedStep(&l3, f, nn)
                    n += 1
                }
                if !any(l0.active .| l1.active .| l2.active .| l3.active) { break }
            }
        }

        // Lanes still live reached the limit (or go to the scalar loop).
        finish(l0, limit, toScalar, counts, norms, fallback)
        finish(l1, limit, toScalar, counts + 4, norms + 4, fallback + 4)
        finish(l2, limit, toScalar, counts + 8, norms + 8, fallback + 8)
        finish(l3, limit, toScalar, counts + 12, norms + 12, fallback + 12)
    }
}

