/// Mandelbrot deep zoom: high-precision numbers, one reference orbit, and perturbation.
///
/// Doubles carry 53 bits, so after about 50 halvings of the view neighbouring pixels share one
/// double and the picture dissolves into blocks. Deep views are therefore computed by
/// perturbation: the window's centre C is iterated once in 256-bit fixed point (the reference
/// orbit Z_n, rounded to doubles), and every pixel c = C + δc follows only its small difference
/// δ_n = z_n − Z_n, which doubles hold well: δ_{n+1} = 2·Z_n·δ_n + δ_n² + δc. When the reference
/// runs out (it escaped, or |z_n| < |δ_n| so the difference lost its precision) the pixel is
/// rebased onto the start of the reference orbit (δ ← z, n_ref ← 0), which removes the classic
/// "glitches" without a second reference.

import TouchDeskInterface
import TouchDeskModels

// MARK: - Direct high-precision iteration

extension MandelbrotKernel {
    /// The seed's iteration count for c, computed entirely in fixed point: the yardstick the
    /// perturbation is tested against.
    public static func iterationsFixed(_ c: ComplexFixed, limit: Int) -> Int {
        var x = FixedPoint.zero, y = FixedPoint.zero
        var n = 0
        while n < limit {
            let x2 = x * x, y2 = y * y
            if (x2 + y2).isGreater(than: 4) { break }
            let xy = x * y
            y = xy + xy + c.y
            x = x2 - y2 + c.x
            n += 1
        }
        return n
    }
}

// MARK: - Perturbation

/// The reference orbit of one centre, rounded to doubles, and the per-pixel perturbation loop.
public struct ReferenceOrbit: Sendable {
    /// Z_0 = 0, Z_1, … up to and including the first escaped value, or `limit` + 1 values.
    public let zx: [Double]
    public let zy: [Double]

    public init(center: ComplexFixed, limit: Int) {
        var xs = [0.0], ys = [0.0]
        xs.reserveCapacity(limit + 1); ys.reserveCapacity(limit + 1)
        var x = FixedPoint.zero, y = FixedPoint.zero
        for _ in 0..<limit {
            let x2 = x * x, y2 = y * y
            if (x2 + y2).isGreater(than: 4) { break }
            let xy = x * y
            y = xy + xy + center.y
            x = x2 - y2 + center.x
            xs.append(x.double); ys.append(y.double)
        }
        zx = xs; zy = ys
    }

    /// The iteration count of the pixel c = centre + (dcx, dcy); `norm` gets |z|² at escape.
    @inline(__always)
    public func iterations(dcx: Double, dcy: Double, limit: Int, norm: inout Double) -> Int {
        let last = zx.count - 1
        var dx = 0.0, dy = 0.0
        var m = 0, n = 0
        return zx.withUnsafeBufferPointer { rx in
            zy.withUnsafeBufferPointer { ry in
                while n < limit {
                    let x = rx[m] + dx, y = ry[m] + dy
                    let r = x * x + y * y
                    if r > 4 { norm = r; return n }
                    if m == last || r < dx * dx + dy * dy {
                        // Rebase: follow z itself against Z_0 = 0.
                        dx = x; dy = y; m = 0
                    }
                    let zx = rx[m], zy = ry[m]
                    let ndx = 2 * (zx * dx - zy * dy) + (dx * dx - dy * dy) + dcx
                    let ndy = 2 * (zx * dy + zy * dx) + 2 * dx * dy + dcy
                    dx = ndx; dy = ndy
                    m += 1; n += 1
                }
                return n
            }
        }
    }
}
