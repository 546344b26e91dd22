/// The wide vector Mandelbrot kernel, written once for every instruction set.
///
/// It is `@inlinable` so that each small target that calls it (MandelbrotAVX512, MandelbrotAVX2)
/// compiles its own copy with that target's instruction set; TouchDeskModels picks one at run time
/// by what the CPU supports. It counts exactly like the scalar loop in `MandelbrotKernel`: the same
/// double operations in the same order (x² − y² + cx, 2xy as xy + xy), escape test x² + y² > 4
/// before each step, and no fused multiply-add (Swift never contracts a * b + c on its own).

public enum MandelbrotSIMDKernel {
    public typealias V = SIMD8<Double>
    public typealias N = SIMD8<Int64>
    public typealias Mask = SIMDMask<N>

    /// One row, in groups of 32 points (four SIMD8<Double> in flight, so four independent
    /// multiply chains hide each other's latency): `counts[i]`, and with `smooth` also `norms[i]`
    /// (|z|² at escape), for the point (cx[i], cy).
    ///
    /// Call it with a constant `smooth`, from one place per build: the whole kernel must be
    /// inlined into the caller to be compiled with the caller's instruction set, and the
    /// optimiser stops inlining once a function grows too big, so there is one group call site.
    @inlinable @inline(__always)
    public static func row(cx: UnsafePointer<Double>, cy: Double, count: Int, limit: Int,
                           counts: UnsafeMutablePointer<UInt32>, norms: UnsafeMutablePointer<Double>?, smooth: Bool) {
        // The last few points go through one padded group (repeating the last point), so a width
        // that is not a multiple of 32 costs one group more, not a slow scalar tail.
        let rest = count % 32, full = count - rest
        let pad: UnsafeMutablePointer<Double>? = rest == 0 ? nil : .allocate(capacity: 64)
        let padCounts: UnsafeMutablePointer<UInt32>? = rest == 0 ? nil : .allocate(capacity: 32)
        if let pad {
            for k in 0..<32 { pad[k] = cx[full + min(k, rest - 1)] }
        }
        var i = 0
        while i < count {
            let padded = i == full
            group(padded ? UnsafePointer(pad!) : cx + i, cy, limit,
                  padded ? padCounts! : counts + i,
                  smooth ? (padded ? pad! + 32 : norms! + i) : nil, smooth: smooth)
            i += 32
        }
        if let pad, let padCounts {
            for k in 0..<rest {
                counts[full + k] = padCounts[k]
                if smooth { norms![full + k] = pad[32 + k] }
            }
            pad.deallocate()
            padCounts.deallocate()
        }
    }

    @inlinable @inline(__always)
    static func group(_ cxp: UnsafePointer<Double>, _ cyv: Double, _ limit: Int,
                      _ counts: UnsafeMutablePointer<UInt32>, _ norms: UnsafeMutablePointer<Double>?, smooth: Bool) {
        let p = UnsafeRawPointer(cxp)
        let cx0 = p.loadUnaligned(as: V.self)
        let cx1 = p.loadUnaligned(fromByteOffset: 64, as: V.self)
        let cx2 = p.loadUnaligned(fromByteOffset: 128, as: V.self)
        let cx3 = p.loadUnaligned(fromByteOffset: 192, as: V.self)
        let cy = V(repeating: cyv)
        let four = V(repeating: 4)
        var x0 = V(), x1 = V(), x2 = V(), x3 = V()
        var y0 = V(), y1 = V(), y2 = V(), y3 = V()
        var n0 = N(), n1 = n0, n2 = n0, n3 = n0
        var r0 = V(), r1 = V(), r2 = V(), r3 = V()
        var a0 = Mask(repeating: true), a1 = a0, a2 = a0, a3 = a0

        @inline(__always)
        func step(_ x: inout V, _ y: inout V, _ n: inout N, _ r: inout V, _ a: inout Mask, _ cx: V) {
            let xx = x * x, yy = y * y
            let rr = xx + yy
            let still = rr .<= four
            if smooth { r.replace(with: rr, where: a .& .!still) }
            a = a .& still
            // A true lane of a mask is −1: subtracting the mask counts one step for each live lane.
            n &-= a._storage
            let xy = x * y
            y = xy + xy + cy
            x = xx - yy + cx
        }

        var done = 0
        while done < limit {
            // Test for "all escaped" only every 8 steps: the test is a horizontal operation.
            // Escaped lanes keep stepping (towards infinity, then NaN, which fails the test too),
            // but their counts stopped at the step whose test failed.
            let steps = min(8, limit - done)
            for _ in 0..<steps {
                step(&x0, &y0, &n0, &r0, &a0, cx0)
                step(&x1, &y1, &n1, &r1, &a1, cx1)
                step(&x2, &y2, &n2, &r2, &a2, cx2)
                step(&x3, &y3, &n3, &r3, &a3, cx3)
            }
            done += steps
            if !any(a0 .| a1 .| a2 .| a3) { break }
        }
        let out = UnsafeMutableRawPointer(counts)
        out.storeBytes(of: SIMD8<UInt32>(truncatingIfNeeded: n0), toByteOffset: 0, as: SIMD8<UInt32>.self)
        out.storeBytes(of: SIMD8<UInt32>(truncatingIfNeeded: n1), toByteOffset: 32, as: SIMD8<UInt32>.self)
        out.storeBytes(of: SIMD8<UInt32>(truncatingIfNeeded: n2), toByteOffset: 64, as: SIMD8<UInt32>.self)
        out.storeBytes(of: SIMD8<UInt32>(truncatingIfNeeded: n3), toByteOffset: 96, as: SIMD8<UInt32>.self)
        if smooth, let norms {
            let r = UnsafeMutableRawPointer(norms)
            r.storeBytes(of: r0, toByteOffset: 0, as: V.self)
            r.storeBytes(of: r1, toByteOffset: 64, as: V.self)
            r.storeBytes(of: r2, toByteOffset: 128, as: V.self)
            r.storeBytes(of: r3, toByteOffset: 192, as: V.self)
        }
    }
}
