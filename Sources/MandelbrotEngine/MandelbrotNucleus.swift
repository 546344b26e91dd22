/// Finding minibrots: the nuclei (centres) of the set's small copies, to any depth.
///
/// A nucleus of period p is a c whose orbit returns exactly to 0 after p steps. Near a point c₀,
/// the periods worth trying are those of the "atom domains" containing c₀: the steps n at which
/// |z_n| reaches a new minimum. Newton's method on z_p(c) = 0 (with z'_{n+1} = 2·z_n·z'_n + 1)
/// then converges to the nucleus, and the mini's complex size is about 1/(β·λ²), with
/// λ = ∏ 2z_j and β = Σ 1/∏_{k≤j} 2z_k over the period (C. Heiland-Allen's estimate). The
/// benchmark's deep views are centred on points found this way.

import CMPFR
import TouchDeskModels

public enum MandelbrotNucleus {
    /// The periods n ≥ 2 at which |z_n| at c reaches a new minimum, up to `limit` steps or escape.
    public static func atomPeriods(near c: ComplexDecimal, limit: Int, precision: Int) -> [Int] {
        let o = Orbit(c: c, precision: precision)
        var best = Double.infinity
        var periods: [Int] = []
        for n in 1..<max(1, limit + 1) {
            o.step()
            // log₂|z|² without underflow.
            var ex = 0, ey = 0
            let mx = mpfr_get_d_2exp(&ex, o.x, MPFR_RNDN), my = mpfr_get_d_2exp(&ey, o.y, MPFR_RNDN)
            let e = max(mx == 0 ? Int.min / 4 : ex, my == 0 ? Int.min / 4 : ey)
            let a = scalbn(mx, ex - e), b = scalbn(my, ey - e)
            let l = log2(a * a + b * b) + Double(2 * e)
            if l > 2 { break }
            if l < best {
                best = l
                if n >= 2 { periods.append(n) }
            }
        }
        return periods
    }

    /// The nucleus of period `p` that Newton's method reaches from `c`, with the mini's complex
    /// size (its scale and orientation), or nil if it does not converge within `maxSteps`.
    public static func nucleus(period p: Int, from c: ComplexDecimal, precision: Int, maxSteps: Int = 80)
        -> (center: ComplexDecimal, size: (x: ExtendedDouble, y: ExtendedDouble))? {
        guard p >= 1 else { return nil }
        let o = Orbit(c: c, precision: precision, derivative: true)
        let converged = newton(o, maxSteps: maxSteps) {
            o.restart()
            for _ in 0..<p { o.step() }
            // The step z_p/z_p′.
            o.divide(o.x, o.y, by: o.dx, o.dy)
            return (o.x, o.y)
        }
        guard converged, let size = size(period: p, at: o) else { return nil }
        return (o.center, size)
    }

    /// The Misiurewicz point of preperiod `q` and period `k` (z_{q+k} = z_q) that Newton's method
    /// reaches from `c`, or nil if it does not converge within `maxSteps`. Started from nucleus +
    /// size·i of a mini of period P, with q = k = 2P, it finds the mini's copy of the tip c = i
    /// (whose orbit 0, i, −1+i, −i, −1+i, … has preperiod 2 and period 2): a spiral centre whose
    /// escape times near it grow like P times those near i. (2P need not be the least preperiod:
    /// the orbit may repeat earlier, from step 26 for the benchmark's P = 25, 4 for P = 3.) The
    /// mini's nucleus is a triple root of the same equation (there z_P = 0, so every z_{jP} = 0)
    /// and attracts Newton's method from far around, so with `deflating` P the method solves
    /// g(c)/z_P(c)³ = 0 instead, whose step is 1/(g′/g − 3·z_P′/z_P).
    public static func misiurewicz(preperiod q: Int, period k: Int, deflating p: Int? = nil, from c: ComplexDecimal,
                                   precision: Int, maxSteps: Int = 80) -> ComplexDecimal? {
        guard q >= 0, k >= 1 else { return nil }
        let o = Orbit(c: c, precision: precision, derivative: true)
        let zq = o.saved(), zp = o.saved()
        let converged = newton(o, maxSteps: maxSteps) {
            o.restart()
            for n in 0..<(q + k) {
                if n == q { o.save(into: zq) }
                if n == p { o.save(into: zp) }
                o.step()
            }
            // g = z_{q+k} − z_q (in x, y), g′ = z′_{q+k} − z′_q (in dx, dy).
            mpfr_sub(o.x, o.x, zq.x, MPFR_RNDN); mpfr_sub(o.y, o.y, zq.y, MPFR_RNDN)
            mpfr_sub(o.dx, o.dx, zq.dx, MPFR_RNDN); mpfr_sub(o.dy, o.dy, zq.dy, MPFR_RNDN)
            if p != nil {
                // g′/g − 3·z_P′/z_P, then its inverse: the deflated step.
                o.divide(o.dx, o.dy, by: o.x, o.y)
                o.divide(zp.dx, zp.dy, by: zp.x, zp.y)
                mpfr_mul_ui(zp.dx, zp.dx, 3, MPFR_RNDN); mpfr_mul_ui(zp.dy, zp.dy, 3, MPFR_RNDN)
                mpfr_sub(o.dx, o.dx, zp.dx, MPFR_RNDN); mpfr_sub(o.dy, o.dy, zp.dy, MPFR_RNDN)
                mpfr_set_ui(o.x, 1, MPFR_RNDN); mpfr_set_zero(o.y, 1)
            }
            // The step g/g′ (or 1/(deflated g′/g)).
            o.divide(o.x, o.y, by: o.dx, o.dy)
            return (o.x, o.y)
        }
        return converged ? o.center : nil
    }

    // MARK: - The shared arithmetic

    typealias MPFR = UnsafeMutablePointer<__mpfr_struct>

    /// z_n and, when asked, z′_n = dz_n/dc at c, in MPFR numbers of one precision, with the
    /// temporaries the steps share.
    private final class Orbit {
        /// A copy of z and z′ at some step.
        struct Saved { let x, y, dx, dy: MPFR }

        private let s: MPFRScratch
        private var extra: [MPFRScratch] = []
        private let precision: Int
        let cx, cy, x, y, dx, dy, t, u, v, w: MPFR

        init(c: ComplexDecimal, precision: Int, derivative: Bool = false) {
            self.precision = precision
            s = MPFRScratch(count: 10, precision: precision)
            s.set(0, c.x); s.set(1, c.y)
            (cx, cy, x, y, dx, dy, t, u, v, w) = (s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8], s[9])
            self.derivative = derivative
            restart()
        }

        /// Whether `step` also carries z′.
        let derivative: Bool

        /// c as an exact decimal with enough digits for the precision.
        var center: ComplexDecimal {
            ComplexDecimal(MandelbrotNucleus.decimal(cx, precision: precision), MandelbrotNucleus.decimal(cy, precision: precision))
        }

        /// z_0 = 0, z′_0 = 0.
        func restart() {
            mpfr_set_zero(x, 1); mpfr_set_zero(y, 1); mpfr_set_zero(dx, 1); mpfr_set_zero(dy, 1)
        }

        /// One step: z′ ← 2·z·z′ + 1 (if carried), then z ← z² + c.
        func step() {
            if derivative {
                mpfr_mul(t, x, dx, MPFR_RNDN); mpfr_mul(u, y, dy, MPFR_RNDN); mpfr_sub(t, t, u, MPFR_RNDN)
                mpfr_mul(u, x, dy, MPFR_RNDN); mpfr_mul(v, y, dx, MPFR_RNDN); mpfr_add(u, u, v, MPFR_RNDN)
                mpfr_mul_2ui(t, t, 1, MPFR_RNDN); mpfr_add_d(dx, t, 1, MPFR_RNDN)
                mpfr_mul_2ui(dy, u, 1, MPFR_RNDN)
            }
            mpfr_sqr(t, x, MPFR_RNDN); mpfr_sqr(u, y, MPFR_RNDN); mpfr_mul(v, x, y, MPFR_RNDN)
            mpfr_sub(x, t, u, MPFR_RNDN); mpfr_add(x, x, cx, MPFR_RNDN)
            mpfr_mul_2ui(v, v, 1, MPFR_RNDN); mpfr_add(y, v, cy, MPFR_RNDN)
        }

        /// Four more numbers of the same precision, to keep z and z′ of one step in.
        func saved() -> Saved {
            let e = MPFRScratch(count: 4, precision: precision)
            extra.append(e)
            return Saved(x: e[0], y: e[1], dx: e[2], dy: e[3])
        }

        func save(into d: Saved) {
            mpfr_set(d.x, x, MPFR_RNDN); mpfr_set(d.y, y, MPFR_RNDN)
            mpfr_set(d.dx, dx, MPFR_RNDN); mpfr_set(d.dy, dy, MPFR_RNDN)
        }

        /// (ar + i·ai) ← (ar + i·ai) / (br + i·bi), using t, u, v and w.
        func divide(_ ar: MPFR, _ ai: MPFR, by br: MPFR, _ bi: MPFR) {
            mpfr_sqr(t, br, MPFR_RNDN); mpfr_sqr(u, bi, MPFR_RNDN); mpfr_add(w, t, u, MPFR_RNDN)
            mpfr_mul(t, ar, br, MPFR_RNDN); mpfr_mul(u, ai, bi, MPFR_RNDN); mpfr_add(t, t, u, MPFR_RNDN)
            mpfr_mul(u, ai, br, MPFR_RNDN); mpfr_mul(v, ar, bi, MPFR_RNDN); mpfr_sub(u, u, v, MPFR_RNDN)
            mpfr_div(ar, t, w, MPFR_RNDN); mpfr_div(ai, u, w, MPFR_RNDN)
        }
    }

    /// Newton's method on c: `step` computes the step at the current c (and may use the orbit's
    /// numbers other than cx and cy as it likes); c ← c − step until the step is within the
    /// precision's last 8 bits, or, once below half of them, shrinks by less than half (no
    /// longer quadratic: rounding has the last word). False if that does not happen within
    /// `maxSteps`, or the arithmetic leaves the numbers.
    private static func newton(_ o: Orbit, maxSteps: Int, step: () -> (MPFR, MPFR)) -> Bool {
        let bits = Double(mpfr_get_prec(o.cx))
        var lastStep = Double.infinity
        for _ in 0..<maxSteps {
            let (sx, sy) = step()
            mpfr_sub(o.cx, o.cx, sx, MPFR_RNDN); mpfr_sub(o.cy, o.cy, sy, MPFR_RNDN)
            // log₂ of the step's larger part (−∞ for a step of 0).
            var e1 = 0, e2 = 0
            let a = mpfr_get_d_2exp(&e1, sx, MPFR_RNDN), b = mpfr_get_d_2exp(&e2, sy, MPFR_RNDN)
            let size = max(a == 0 ? -Double.infinity : log2(abs(a)) + Double(e1), b == 0 ? -Double.infinity : log2(abs(b)) + Double(e2))
            guard size.isFinite || size == -.infinity else { return false }
            if size < -bits + 8 || (size > lastStep - 1 && size < -bits / 2) {
                return mpfr_number_p(o.cx) != 0 && mpfr_number_p(o.cy) != 0
            }
            lastStep = size
        }
        return false
    }

    /// The mini's complex size at the nucleus `o`'s c, or nil where the orbit leaves a double's
    /// range (not a nucleus).
    private static func size(period p: Int, at o: Orbit) -> (x: ExtendedDouble, y: ExtendedDouble)? {
        // Iterate in doubles with separate exponents: λ grows far past a double's range.
        let plain = Orbit(c: .init(.zero, .zero), precision: Int(mpfr_get_prec(o.cx)))
        mpfr_set(plain.cx, o.cx, MPFR_RNDN); mpfr_set(plain.cy, o.cy, MPFR_RNDN)
        var lx = 1.0, ly = 0.0, le = 0      // λ_j = ∏ 2 z_k
        var bx = 1.0, by = 0.0              // β = Σ 1/λ_j (a double: the terms shrink)
        for _ in 1..<max(1, p) {
            plain.step()
            let zx = mpfr_get_d(plain.x, MPFR_RNDN), zy = mpfr_get_d(plain.y, MPFR_RNDN)
            let nx = 2 * (lx * zx - ly * zy), ny = 2 * (lx * zy + ly * zx)
            lx = nx; ly = ny
            let big = max(abs(lx), abs(ly))
            if big != 0 { let k = Int(big.exponent); lx = scalbn(lx, -k); ly = scalbn(ly, -k); le += k }
            // 1/λ
            let m = lx * lx + ly * ly
            bx += scalbn(lx / m, -le); by += scalbn(-ly / m, -le)
        }
        // size = 1/(β·λ²)
        let l2x = lx * lx - ly * ly, l2y = 2 * lx * ly
        let px = bx * l2x - by * l2y, py = bx * l2y + by * l2x
        let m = px * px + py * py
        guard (px / m).isFinite, (py / m).isFinite else { return nil }
        return (ExtendedDouble(px / m, exponent: -2 * le), ExtendedDouble(-py / m, exponent: -2 * le))
    }

    /// The MPFR number as an exact decimal with enough digits for its precision.
    static func decimal(_ x: UnsafeMutablePointer<__mpfr_struct>, precision: Int) -> DecimalNumber {
        let digits = Int(Double(precision) * 0.302) + 2
        var e = 0
        guard let p = mpfr_get_str(nil, &e, 10, digits, x, MPFR_RNDN) else { return .zero }
        defer { mpfr_free_str(p) }
        let text = String(cString: p)
        guard let sig = try? DecimalNumber.parse(text) else { return .zero }
        let n = text.hasPrefix("-") ? text.count - 1 : text.count
        return DecimalNumber(significand: sig.significand, exponent: e - n)
    }
}

#if canImport(Glibc)
import Glibc
#endif
