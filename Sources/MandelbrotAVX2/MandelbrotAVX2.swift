import MandelbrotSIMD

/// The vector Mandelbrot kernel compiled for x86-64-v3 (AVX2: 16 points in flight as four SIMD4<Double>, one 256-bit register each).
/// Call only when `touchdesk_cpu_x86_64_v3()` says the CPU has it.
public enum MandelbrotAVX2 {
    public static func row(cx: UnsafePointer<Double>, cy: Double, count: Int, limit: Int,
                           counts: UnsafeMutablePointer<UInt32>, norms: UnsafeMutablePointer<Double>?) {
        if let norms {
            smoothRow(cx, cy, count, limit, counts, norms)
        } else {
            plainRow(cx, cy, count, limit, counts)
        }
    }

    // One inlined kernel per function (see `MandelbrotSIMDKernel.row`).
    @inline(never)
    static func plainRow(_ cx: UnsafePointer<Double>, _ cy: Double, _ count: Int, _ limit: Int,
                         _ counts: UnsafeMutablePointer<UInt32>) {
        MandelbrotSIMDKernel.row(SIMD4<Double>.self, cx: cx, cy: cy, count: count, limit: limit, counts: counts, norms: nil, smooth: false)
    }

    @inline(never)
    static func smoothRow(_ cx: UnsafePointer<Double>, _ cy: Double, _ count: Int, _ limit: Int,
                          _ counts: UnsafeMutablePointer<UInt32>, _ norms: UnsafeMutablePointer<Double>) {
        MandelbrotSIMDKernel.row(SIMD4<Double>.self, cx: cx, cy: cy, count: count, limit: limit, counts: counts, norms: norms, smooth: true)
    }
}
