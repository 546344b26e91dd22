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
        var x = 0.0, y = 0.0
        var n = 0
        while n < limit {
            let x2 = x * x, y2 = y * y
            if x2 + y2 > 4 { break }
            let xy = x * y
            y = xy + xy + cy
            x = x2 - y2 + cx
            n += 1
        }
        return n
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
        /// The same code with two 256-bit registers per SIMD8<Double>.
        case avx2 = "AVX2"
        /// Baseline x86-64 (SSE2) or another architecture: 16 points as four SIMD4<Double>.
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
    public static func simdRow(cx: UnsafePointer<Double>, cy: Double, count: Int, limit: Int,
                               counts: UnsafeMutablePointer<UInt32>, norms: UnsafeMutablePointer<Double>? = nil) {
        simdRow(cx: cx, cy: cy, count: count, limit: limit, counts: counts, norms: norms, using: instructionSet)
    }

    /// One row with a given kernel build (tests run each one the CPU has).
    public static func simdRow(cx: UnsafePointer<Double>, cy: Double, count: Int, limit: Int,
                               counts: UnsafeMutablePointer<UInt32>, norms: UnsafeMutablePointer<Double>? = nil,
                               using set: InstructionSet) {
        switch set {
        case .avx512: MandelbrotAVX512.row(cx: cx, cy: cy, count: count, limit: limit, counts: counts, norms: norms)
        case .avx2: MandelbrotAVX2.row(cx: cx, cy: cy, count: count, limit: limit, counts: counts, norms: norms)
        case .portable: portableRow(cx: cx, cy: cy, count: count, limit: limit, counts: counts, norms: norms)
        }
    }

    typealias V = SIMD4<Double>
    typealias Mask = SIMDMask<SIMD4<Int64>>

    /// The baseline loop: 16 points in flight as four SIMD4<Double>, so the four independent
    /// multiply chains hide each other's latency.
    static func portableRow(cx: UnsafePointer<Double>, cy: Double, count: Int, limit: Int,
                            counts: UnsafeMutablePointer<UInt32>, norms: UnsafeMutablePointer<Double>?) {
        var i = 0
        while i + 16 <= count {
            if let norms {
                group16(cx + i, cy, limit, counts + i, norms + i, smooth: true)
            } else {
                group16(cx + i, cy, limit, counts + i, nil, smooth: false)
            }
            i += 16
        }
        // The last few points take the scalar loop, which counts identically.
        while i < count {
            var r = 0.0
            counts[i] = UInt32(iterations(cx: cx[i], cy: cy, limit: limit, norm: &r))
            norms?[i] = r
            i += 1
        }
    }

    @inline(__always)
    static func load(_ p: UnsafePointer<Double>) -> V { V(p[0], p[1], p[2], p[3]) }

    @inline(__always)
    static func group16(_ cxp: UnsafePointer<Double>, _ cyv: Double, _ limit: Int,
                        _ counts: UnsafeMutablePointer<UInt32>, _ norms: UnsafeMutablePointer<Double>?, smooth: Bool) {
        let cx0 = load(cxp), cx1 = load(cxp + 4), cx2 = load(cxp + 8), cx3 = load(cxp + 12)
        let cy = V(repeating: cyv)
        let four = V(repeating: 4)
        var x0 = V(), x1 = V(), x2 = V(), x3 = V()
        var y0 = V(), y1 = V(), y2 = V(), y3 = V()
        var n0 = SIMD4<Int64>(), n1 = n0, n2 = n0, n3 = n0
        var r0 = V(), r1 = V(), r2 = V(), r3 = V()
        var a0 = Mask(repeating: true), a1 = a0, a2 = a0, a3 = a0

        @inline(__always)
        func step(_ x: inout V, _ y: inout V, _ n: inout SIMD4<Int64>, _ r: inout V, _ a: inout Mask, _ cx: V) {
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
        // Escaped lanes kept stepping, but their counts stopped at the step that failed the test.
        @inline(__always)
        func store(_ n: SIMD4<Int64>, _ r: V, _ at: Int) {
            for l in 0..<4 {
                counts[at + l] = UInt32(n[l])
                if smooth { norms?[at + l] = r[l] }
            }
        }
        store(n0, r0, 0); store(n1, r1, 4); store(n2, r2, 8); store(n3, r3, 12)
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

// MARK: - Colours

/// The seed's colours, and the smooth variant.
public enum MandelbrotPalette {
    /// frac ≤ ½: rgb(2f, 2f, 1 − 2f), blue through grey to yellow; above: rgb(1, 2 − 2f, 0),
    /// yellow through orange to red.
    public static func seed(frac: Double) -> (r: Double, g: Double, b: Double) {
        if frac <= 0.5 { return (2 * frac, 2 * frac, 1 - 2 * frac) }
        return (1, 2 - 2 * frac, 0)
    }

    /// The colour of a point with `count` iterations: black if it never escaped.
    public static func color(count: Int, limit: Int) -> (r: Double, g: Double, b: Double) {
        count >= limit ? (0, 0, 0) : seed(frac: Double(count) / Double(limit))
    }

    /// Smooth (continuous) colouring: the count plus the fraction of a step the escape took,
    /// ν = n + 1 − log₂(log₂|z|), from |z|² at escape; black if it never escaped.
    public static func smoothColor(count: Int, norm: Double, limit: Int) -> (r: Double, g: Double, b: Double) {
        guard count < limit else { return (0, 0, 0) }
        let log2Mod = max(1, 0.5 * log2(max(norm, 4)))
        let nu = Double(count) + 1 - log2(log2Mod)
        return seed(frac: min(max(nu / Double(limit), 0), 1))
    }

    /// 0xFFRRGGBB, as a Cairo RGB24/ARGB32 image surface stores pixels.
    @inline(__always)
    public static func argb(_ c: (r: Double, g: Double, b: Double)) -> UInt32 {
        func byte(_ v: Double) -> UInt32 { UInt32((min(max(v, 0), 1) * 255).rounded()) }
        return 0xff00_0000 | byte(c.r) << 16 | byte(c.g) << 8 | byte(c.b)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
