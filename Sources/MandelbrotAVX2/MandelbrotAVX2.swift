import MandelbrotSIMD

/// The vector Mandelbrot kernel compiled for x86-64-v3 (AVX2: 16 points in flight as four SIMD4<Double>, one 256-bit register each).
/// Call only when `touchdesk_cpu_x86_64_v3()` says the CPU has it.
public enum MandelbrotAVX2 {
    public static func row(cx: UnsafePointer<Double>, cy: Double, count: Int, limit: Int,
                           counts: UnsafeMutablePointer<UInt32>, norms: UnsafeMutablePointer<Double>?, julia: SIMD2<Double>? = nil) {
        if let norms {
            smoothRow(cx, cy, count, limit, counts, norms, julia)
        } else {
            plainRow(cx, cy, count, limit, counts, julia)
        }
    }

    // One inlined kernel per function (see `MandelbrotSIMDKernel.row`).
    @inline(never)
    static func plainRow(_ cx: UnsafePointer<Double>, _ cy: Double, _ count: Int, _ limit: Int,
                         _ counts: UnsafeMutablePointer<UInt32>, _ julia: SIMD2<Double>?) {
        MandelbrotSIMDKernel.row(SIMD4<Double>.self, cx: cx, cy: cy, count: count, limit: limit, counts: counts, norms: nil, smooth: false, julia: julia)
    }

    @inline(never)
    static func smoothRow(_ cx: UnsafePointer<Double>, _ cy: Double, _ count: Int, _ limit: Int,
                          _ counts: UnsafeMutablePointer<UInt32>, _ norms: UnsafeMutablePointer<Double>, _ julia: SIMD2<Double>?) {
        MandelbrotSIMDKernel.row(SIMD4<Double>.self, cx: cx, cy: cy, count: count, limit: limit, counts: counts, norms: norms, smooth: true, julia: julia)
    }
}
