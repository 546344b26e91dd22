/// The one piece of per-pixel trigonometry a frame needs: turning a rotated unit vector back into
/// latitude and longitude. glibc's atan2f costs several times this polynomial, and a frame makes
/// two calls per pixel.
enum FastMath {
    /// atan2(y, x) in radians with an error below 2e-6 rad (measured; 0.0014 of a 5′ cell): a
    /// minimax polynomial of degree 11 for atan on [0, 1] after folding the octants.
    @inline(__always)
    static func atan2(_ y: Float, _ x: Float) -> Float {
        let ax = abs(x), ay = abs(y)
        let big = max(ax, ay), small = min(ax, ay)
        let a = big > 0 ? small / big : 0
        let s = a * a
        var r: Float = -0.0117212
        r = r * s + 0.05265332
        r = r * s - 0.11643287
        r = r * s + 0.19354346
        r = r * s - 0.33262347
        r = r * s + 0.99997726
        r *= a
        if ay > ax { r = 1.5707963 - r }
        if x < 0 { r = 3.1415927 - r }
        return y < 0 ? -r : r
    }
}

extension FastMath {
    typealias Lanes = SIMD8<Float>

    /// `atan2` on eight lanes at once, the same polynomial, branch-free.
    @inline(__always)
    static func atan2(_ y: Lanes, _ x: Lanes) -> Lanes {
        let ax = x.replacing(with: -x, where: x .< 0), ay = y.replacing(with: -y, where: y .< 0)
        // (pointwiseMin/Max are not inlined by the compiler; this mask is.)
        let swap = ay .> ax
        let big = ax.replacing(with: ay, where: swap), small = ay.replacing(with: ax, where: swap)
        let a = small / big.replacing(with: 1, where: big .== 0)
        let s = a * a
        var r = Lanes(repeating: -0.0117212)
        r = r * s + 0.05265332
        r = r * s - 0.11643287
        r = r * s + 0.19354346
        r = r * s - 0.33262347
        r = r * s + 0.99997726
        r *= a
        r = r.replacing(with: 1.5707963 - r, where: swap)
        r = r.replacing(with: 3.1415927 - r, where: x .< 0)
        return r.replacing(with: -r, where: y .< 0)
    }
}
