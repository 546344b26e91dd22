/// The wide vector Mandelbrot kernel, written once for every instruction set.
///
/// It is `@inlinable` so that each small target that calls it (MandelbrotAVX512, MandelbrotAVX2)
/// compiles its own copy with that target's instruction set; MandelbrotEngine picks one at run time
/// by what the CPU supports. It counts exactly like the scalar loop in `MandelbrotKernel`: the same
/// double operations in the same order (x² − y² + cx, 2xy as xy + xy), escape test x² + y² > 4
/// before each step, and no fused multiply-add (Swift never contracts a * b + c on its own).
///
/// Each build keeps four vectors in flight (four independent multiply chains hide each other's
/// latency) of the width that fits its registers: SIMD8 on AVX-512 (32 zmm registers), SIMD4 on
/// AVX2 and SIMD2 on baseline SSE2 (16 registers each). A wider vector than the registers hold
/// spills the loop's state to memory every step: SIMD8 on AVX2 ran at 0.83 of the C reference,
/// SIMD4 at 1.3 (touchdesk-bench mandelbrot).

/// A vector of doubles the kernel can step. The step is written out for each concrete width
/// because generic SIMD arithmetic goes through the `SIMD` protocol's element-wise defaults, which
/// the optimiser does not turn back into vector instructions for SIMD8 (ten times slower); the
/// concrete types' own operators compile to single instructions.
public protocol MandelbrotLanes: SIMD where Scalar == Double, MaskStorage.Scalar == Int64 {
    typealias Alive = SIMDMask<MaskStorage>

    /// One step for the lanes still alive: with `smooth`, lanes alive before the step take
    /// |z|² into `norm` (so it freezes at the value of the step whose test failed); lanes whose
    /// |z|² exceeds 4 leave `alive`; every alive lane counts one step in `count`.
    static func step(_ x: inout Self, _ y: inout Self, _ count: inout MaskStorage, _ norm: inout Self,
                     _ alive: inout Alive, _ cx: Self, _ cy: Self, smooth: Bool)
    /// Whether any lane of four vectors is still alive.
    static func anyAlive(_ a: Alive, _ b: Alive, _ c: Alive, _ d: Alive) -> Bool
    /// Stores the counts as UInt32s.
    static func store(_ count: MaskStorage, to out: UnsafeMutablePointer<UInt32>)
}

extension SIMD2: MandelbrotLanes where Scalar == Double {
    @inlinable @inline(__always)
    public static func step(_ x: inout Self, _ y: inout Self, _ count: inout SIMD2<Int64>, _ norm: inout Self,
                            _ alive: inout Alive, _ cx: Self, _ cy: Self, smooth: Bool) {
        let xx = x * x, yy = y * y
        let rr = xx + yy
        if smooth { norm.replace(with: rr, where: alive) }
        alive = alive .& (rr .<= 4)
        // A true lane of a mask is −1: subtracting the mask counts one step for each live lane.
        count &-= alive._storage
        let xy = x * y
        y = xy + xy + cy
        x = xx - yy + cx
    }

    @inlinable @inline(__always)
    public static func anyAlive(_ a: Alive, _ b: Alive, _ c: Alive, _ d: Alive) -> Bool { any(a .| b .| c .| d) }

    @inlinable @inline(__always)
    public static func store(_ count: SIMD2<Int64>, to out: UnsafeMutablePointer<UInt32>) {
        UnsafeMutableRawPointer(out).storeBytes(of: SIMD2<UInt32>(truncatingIfNeeded: count), as: SIMD2<UInt32>.self)
    }
}

extension SIMD4: MandelbrotLanes where Scalar == Double {
    @inlinable @inline(__always)
    public static func step(_ x: inout Self, _ y: inout Self, _ count: inout SIMD4<Int64>, _ norm: inout Self,
                            _ alive: inout Alive, _ cx: Self, _ cy: Self, smooth: Bool) {
        let xx = x * x, yy = y * y
        let rr = xx + yy
        if smooth { norm.replace(with: rr, where: alive) }
        alive = alive .& (rr .<= 4)
        count &-= alive._storage
        let xy = x * y
        y = xy + xy + cy
        x = xx - yy + cx
    }

    @inlinable @inline(__always)
    public static func anyAlive(_ a: Alive, _ b: Alive, _ c: Alive, _ d: Alive) -> Bool { any(a .| b .| c .| d) }

    @inlinable @inline(__always)
    public static func store(_ count: SIMD4<Int64>, to out: UnsafeMutablePointer<UInt32>) {
        UnsafeMutableRawPointer(out).storeBytes(of: SIMD4<UInt32>(truncatingIfNeeded: count), as: SIMD4<UInt32>.self)
    }
}

extension SIMD8: MandelbrotLanes where Scalar == Double {
    @inlinable @inline(__always)
    public static func step(_ x: inout Self, _ y: inout Self, _ count: inout SIMD8<Int64>, _ norm: inout Self,
                            _ alive: inout Alive, _ cx: Self, _ cy: Self, smooth: Bool) {
        let xx = x * x, yy = y * y
        let rr = xx + yy
        if smooth { norm.replace(with: rr, where: alive) }
        alive = alive .& (rr .<= 4)
        count &-= alive._storage
        let xy = x * y
        y = xy + xy + cy
        x = xx - yy + cx
    }

    @inlinable @inline(__always)
    public static func anyAlive(_ a: Alive, _ b: Alive, _ c: Alive, _ d: Alive) -> Bool { any(a .| b .| c .| d) }

    @inlinable @inline(__always)
    public static func store(_ count: SIMD8<Int64>, to out: UnsafeMutablePointer<UInt32>) {
        UnsafeMutableRawPointer(out).storeBytes(of: SIMD8<UInt32>(truncatingIfNeeded: count), as: SIMD8<UInt32>.self)
    }
}

public enum MandelbrotSIMDKernel {
    /// One row, in groups of four vectors of `V`: `counts[i]`, and with `smooth` also `norms[i]`
    /// (|z|² at escape), for the point (cx[i], cy).
    ///
    /// Call it with a constant `smooth` and a concrete `V`, from one place per build: the whole
    /// kernel must be inlined into the caller to be compiled with the caller's instruction set,
    /// and the optimiser stops inlining once a function grows too big, so there is one group
    /// call site.
    ///
    /// With `julia` (c), the row is of the Julia set of c instead: z starts at the point
    /// (cx[i], cy) and every lane adds the same c; the loop is the same.
    @inlinable @inline(__always)
    public static func row<V: MandelbrotLanes>(_: V.Type, cx: UnsafePointer<Double>, cy: Double, count: Int, limit: Int,
                                               counts: UnsafeMutablePointer<UInt32>, norms: UnsafeMutablePointer<Double>?,
                                               smooth: Bool, julia: SIMD2<Double>? = nil) {
        // The last few points go through one padded group (repeating the last point), so a width
        // that is not a multiple of the group costs one group more, not a slow scalar tail.
        let width = 4 * V.scalarCount
        let rest = count % width, full = count - rest
        let pad: UnsafeMutablePointer<Double>? = rest == 0 ? nil : .allocate(capacity: 2 * width)
        let padCounts: UnsafeMutablePointer<UInt32>? = rest == 0 ? nil : .allocate(capacity: width)
        if let pad {
            for k in 0..<width { pad[k] = cx[full + min(k, rest - 1)] }
        }
        var i = 0
        while i < count {
            let padded = i == full
            group(V.self, padded ? UnsafePointer(pad!) : cx + i, cy, limit,
                  padded ? padCounts! : counts + i,
                  smooth ? (padded ? pad! + width : norms! + i) : nil, smooth: smooth, julia: julia)
            i += width
        }
        if let pad, let padCounts {
            for k in 0..<rest {
                counts[full + k] = padCounts[k]
                if smooth { norms![full + k] = pad[width + k] }
            }
            pad.deallocate()
            padCounts.deallocate()
        }
    }

    @inlinable @inline(__always)
    static func group<V: MandelbrotLanes>(_: V.Type, _ cxp: UnsafePointer<Double>, _ cyv: Double, _ limit: Int,
                                          _ counts: UnsafeMutablePointer<UInt32>, _ norms: UnsafeMutablePointer<Double>?,
                                          smooth: Bool, julia: SIMD2<Double>?) {
        let p = UnsafeRawPointer(cxp)
        let bytes = MemoryLayout<V>.size
        var cx0 = p.loadUnaligned(as: V.self)
        var cx1 = p.loadUnaligned(fromByteOffset: bytes, as: V.self)
        var cx2 = p.loadUnaligned(fromByteOffset: 2 * bytes, as: V.self)
        var cx3 = p.loadUnaligned(fromByteOffset: 3 * bytes, as: V.self)
        var cy = V(repeating: cyv)
        var x0 = V(), x1 = V(), x2 = V(), x3 = V()
        var y0 = V(), y1 = V(), y2 = V(), y3 = V()
        if let julia {
            // z starts at the points, c is the same for all.
            x0 = cx0; x1 = cx1; x2 = cx2; x3 = cx3
            y0 = cy; y1 = cy; y2 = cy; y3 = cy
            cx0 = V(repeating: julia.x); cx1 = cx0; cx2 = cx0; cx3 = cx0
            cy = V(repeating: julia.y)
        }
        var n0 = V.MaskStorage(), n1 = n0, n2 = n0, n3 = n0
        var r0 = V(), r1 = V(), r2 = V(), r3 = V()
        var a0 = V.Alive(repeating: true), a1 = a0, a2 = a0, a3 = a0

        var done = 0
        while done < limit {
            // Test for "all escaped" only every 8 steps: the test is a horizontal operation.
            // Escaped lanes keep stepping (towards infinity, then NaN, which fails the test too),
            // but their counts stopped at the step whose test failed.
            let steps = min(8, limit - done)
            for _ in 0..<steps {
                V.step(&x0, &y0, &n0, &r0, &a0, cx0, cy, smooth: smooth)
                V.step(&x1, &y1, &n1, &r1, &a1, cx1, cy, smooth: smooth)
                V.step(&x2, &y2, &n2, &r2, &a2, cx2, cy, smooth: smooth)
                V.step(&x3, &y3, &n3, &r3, &a3, cx3, cy, smooth: smooth)
            }
            done += steps
            if !V.anyAlive(a0, a1, a2, a3) { break }
        }
        let lanes = V.scalarCount
        V.store(n0, to: counts)
        V.store(n1, to: counts + lanes)
        V.store(n2, to: counts + 2 * lanes)
        V.store(n3, to: counts + 3 * lanes)
        if smooth, let norms {
            let r = UnsafeMutableRawPointer(norms)
            r.storeBytes(of: r0, toByteOffset: 0, as: V.self)
            r.storeBytes(of: r1, toByteOffset: bytes, as: V.self)
            r.storeBytes(of: r2, toByteOffset: 2 * bytes, as: V.self)
            r.storeBytes(of: r3, toByteOffset: 3 * bytes, as: V.self)
        }
    }
}
