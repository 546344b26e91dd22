import MandelbrotSIMD

extension MandelbrotAVX2 {
    /// The deep zoom's perturbation loop for 16 pixels, compiled for this instruction set (see
    /// `MandelbrotDeepSIMDKernel.group`). Call only when the CPU has it.
    @inline(never)
    public static func deepGroup(_ f: MandelbrotDeepSIMDKernel.Frame, ux: UnsafePointer<Double>, uy: UnsafePointer<Double>,
                                 counts: UnsafeMutablePointer<UInt32>, norms: UnsafeMutablePointer<Double>,
                                 fallback: UnsafeMutablePointer<UInt8>) {
        MandelbrotDeepSIMDKernel.group(f, ux: ux, uy: uy, counts: counts, norms: norms, fallback: fallback)
    }
}
