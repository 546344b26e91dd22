/// Mandelbrot kernels: the seed's escape-time iteration, plain and vectorised, and its colours.
///
/// Both kernels count the same thing: starting from z = 0, before each step z ← z² + c they test
/// x² + y² > 4 (|z| > 2) and stop; the count is the number of steps taken, at most `limit` (points
/// that reach the limit never escape). They do the same double operations in the same order
/// (x² − y² + cx, and 2xy as xy + xy, which is exact), with no fused multiply-add in either, so
/// they give identical counts, which the checksum test holds them to.

import CPUFeatures
import MandelbrotAVX2
import MandelbrotAVX512
import MandelbrotSIMD

public enum MandelbrotKernel {
    // MARK: - Scalar

    /// The plain loop, one point at a time.
    @inline(__always)
    public static func iterations(cx: Double, cy: Double, limit: Int) -> Int {
        juliaIterations(zx: 0, zy: 0, jx: cx, jy: cy, limit: limit)
    }

    /// Like `iterations`, also giving |z|² at escape (for smooth colouring).
    @inline(__always)
    public static func iterations(cx: Double, cy: Double, limit: Int, norm: inout Double) -> Int {
        var x = 0.0, y = 0.0
        var n = 0
        while n < limit {
            let x2 = x * x, y2 = y * y
            if x2 + y2 > 4 { norm = x2 + y2; break }
            let xy = x * y
            y = xy + xy + cy
            x = x2 - y2 + cx
            n += 1
        }
        return n
    }

    /// One row with the scalar loop: `counts[i]` for the point (cx[i], cy).
    public static func scalarRow(cx: UnsafePointer<Double>, cy: Double, count: Int, limit: Int,
                                 counts: UnsafeMutablePointer<UInt32>) {
        for i in 0..<count { counts[i] = UInt32(iterations(cx: cx[i], cy: cy, limit: limit)) }
    }

    // MARK: - SIMD

    /// The vector instructions the kernel uses on this CPU.
    public enum InstructionSet: String, Sendable {
        /// 32 points as four SIMD8<Double>, one 512-bit register each.
        case avx512 = "AVX-512"
        /// 16 points as four SIMD4<Double>, one 256-bit register each.
        case avx2 = "AVX2"
        /// Baseline x86-64 (SSE2) or another architecture: 8 points as four SIMD2<Double>.
        case portable
    }

    /// Decided once: the best kernel build this CPU can run.
    public static let instructionSet: InstructionSet =
        touchdesk_cpu_x86_64_v4() != 0 ? .avx512 : touchdesk_cpu_x86_64_v3() != 0 ? .avx2 : .portable

    /// Every kernel build this CPU can run, best first.
    public static var availableInstructionSets: [InstructionSet] {
        switch instructionSet {
        case .avx512: [.avx512, .avx2, .portable]
        case .avx2: [.avx2, .portable]
        case .portable: [.portable]
        }
    }

    /// One row with the fastest vector loop the CPU supports. `norms`, when given, gets |z|² at
    /// escape for smooth colouring.
    /// With `julia` (c), the row is of the Julia set of c: z starts at (cx[i], cy).
    public static func simdRow(cx: UnsafePointer<Double>, cy: Double, count: Int, limit: Int,
                               counts: UnsafeMutablePointer<UInt32>, norms: UnsafeMutablePointer<Double>? = nil,
                               julia: SIMD2<Double>? = nil) {
        simdRow(cx: cx, cy: cy, count: count, limit: limit, counts: counts, norms: norms, julia: julia, using: instructionSet)
    }

    /// One row with a given kernel build (tests run each one the CPU has).
    public static func simdRow(cx: UnsafePointer<Double>, cy: Double, count: Int, limit: Int,
                               counts: UnsafeMutablePointer<UInt32>, norms: UnsafeMutablePointer<Double>? = nil,
                               julia: SIMD2<Double>? = nil, using set: InstructionSet) {
        switch set {
        case .avx512: MandelbrotAVX512.row(cx: cx, cy: cy, count: count, limit: limit, counts: counts, norms: norms, julia: julia)
        case .avx2: MandelbrotAVX2.row(cx: cx, cy: cy, count: count, limit: limit, counts: counts, norms: norms, julia: julia)
        case .portable: portableRow(cx: cx, cy: cy, count: count, limit: limit, counts: counts, norms: norms, julia: julia)
        }
    }

    /// The plain loop from z = (zx, zy), adding c = (jx, jy) each step: the count of a point of
    /// the Julia set of c (the Mandelbrot set's loop is this one from z = 0).
    @inline(__always)
    public static func juliaIterations(zx: Double, zy: Double, jx: Double, jy: Double, limit: Int) -> Int {
        var x = zx, y = zy
        var n = 0
        while n < limit {
            let x2 = x * x, y2 = y * y
            if x2 + y2 > 4 { break }
            let xy = x * y
            y = xy + xy + jy
            x = x2 - y2 + jx
            n += 1
        }
        return n
    }

    /// The same wide kernel as the AVX builds, compiled here for baseline x86-64 (or whatever
    /// this target builds for): the fallback for CPUs without AVX2. One inlined kernel per
    /// function, as in `MandelbrotAVX2`.
    static func portableRow(cx: UnsafePointer<Double>, cy: Double, count: Int, limit: Int,
                            counts: UnsafeMutablePointer<UInt32>, norms: UnsafeMutablePointer<Double>?, julia: SIMD2<Double>? = nil) {
        if let norms {
            portableSmoothRow(cx, cy, count, limit, counts, norms, julia)
        } else {
            portablePlainRow(cx, cy, count, limit, counts, julia)
        }
    }

    @inline(never)
    static func portablePlainRow(_ cx: UnsafePointer<Double>, _ cy: Double, _ count: Int, _ limit: Int,
                                 _ counts: UnsafeMutablePointer<UInt32>, _ julia: SIMD2<Double>?) {
        MandelbrotSIMDKernel.row(SIMD2<Double>.self, cx: cx, cy: cy, count: count, limit: limit, counts: counts, norms: nil, smooth: false, julia: julia)
    }

    @inline(never)
    static func portableSmoothRow(_ cx: UnsafePointer<Double>, _ cy: Double, _ count: Int, _ limit: Int,
                                  _ counts: UnsafeMutablePointer<UInt32>, _ norms: UnsafeMutablePointer<Double>, _ julia: SIMD2<Double>?) {
        MandelbrotSIMDKernel.row(SIMD2<Double>.self, cx: cx, cy: cy, count: count, limit: limit, counts: counts, norms: norms, smooth: true, julia: julia)
    }

    // MARK: - Grids and checksums

    /// The centres of `count` pixels spanning [lo, hi]: lo + (i + ½)·(hi − lo)/count.
    public static func pixelCenters(from lo: Double, to hi: Double, count: Int) -> [Double] {
        let step = (hi - lo) / Double(count)
        return (0..<count).map { lo + (Double($0) + 0.5) * step }
    }

    /// FNV-1a 64 over the bytes of the counts (little-endian UInt32s), in order.
    public static func fnv1a64(_ counts: [UInt32]) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for c in counts {
            var v = c
            for _ in 0..<4 {
                h ^= UInt64(v & 0xff)
                h = h &* 0x0000_0100_0000_01b3
                v >>= 8
            }
        }
        return h
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
