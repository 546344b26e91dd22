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
        let s = MPFRScratch(count: 7, precision: precision)
        s.set(0, c.x); s.set(1, c.y)
        let cx = s[0], cy = s[1], x = s[2], y = s[3], x2 = s[4], y2 = s[5], t = s[6]
        mpfr_set_zero(x, 1); mpfr_set_zero(y, 1)
        var best = Double.infinity
        var periods: [Int] = []
        for n in 1...limit {
            mpfr_sqr(x2, x, MPFR_RNDN); mpfr_sqr(y2, y, MPFR_RNDN); mpfr_mul(t, x, y, MPFR_RNDN)
            mpfr_sub(x, x2, y2, MPFR_RNDN); mpfr_add(x, x, cx, MPFR_RNDN)
            mpfr_mul_2ui(t, t, 1, MPFR_RNDN); mpfr_add(y, t, cy, MPFR_RNDN)
            // log₂|z|² without underflow.
            var ex = 0, ey = 0
            let mx = mpfr_get_d_2exp(&ex, x, MPFR_RNDN), my = mpfr_get_d_2exp(&ey, y, MPFR_RNDN)
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
        let s = MPFRScratch(count: 12, precision: precision)
        s.set(0, c.x); s.set(1, c.y)
        let cx = s[0], cy = s[1], x = s[2], y = s[3], dx = s[4], dy = s[5], t = s[6], u = s[7], v = s[8], w = s[9]
        var lastStep = Double.infinity, converged = false
        for _ in 0..<maxSteps {
            mpfr_set_zero(x, 1); mpfr_set_zero(y, 1); mpfr_set_zero(dx, 1); mpfr_set_zero(dy, 1)
            for _ in 0..<p {
                // dz ← 2·z·dz + 1
                mpfr_mul(t, x, dx, MPFR_RNDN); mpfr_mul(u, y, dy, MPFR_RNDN); mpfr_sub(t, t, u, MPFR_RNDN)
                mpfr_mul(u, x, dy, MPFR_RNDN); mpfr_mul(v, y, dx, MPFR_RNDN); mpfr_add(u, u, v, MPFR_RNDN)
                mpfr_mul_2ui(t, t, 1, MPFR_RNDN); mpfr_add_d(dx, t, 1, MPFR_RNDN)
                mpfr_mul_2ui(dy, u, 1, MPFR_RNDN)
                // z ← z² + c
                mpfr_sqr(t, x, MPFR_RNDN); mpfr_sqr(u, y, MPFR_RNDN); mpfr_mul(v, x, y, MPFR_RNDN)
                mpfr_sub(x, t, u, MPFR_RNDN); mpfr_add(x, x, cx, MPFR_RNDN)
                mpfr_mul_2ui(v, v, 1, MPFR_RNDN); mpfr_add(y, v, cy, MPFR_RNDN)
            }
            // c ← c − z/dz: (x + iy)(dx − i dy)/|dz|².
            mpfr_sqr(t, dx, MPFR_RNDN); mpfr_sqr(u, dy, MPFR_RNDN); mpfr_add(w, t, u, MPFR_RNDN)
            mpfr_mul(t, x, dx, MPFR_RNDN); mpfr_mul(u, y, dy, MPFR_RNDN); mpfr_add(t, t, u, MPFR_RNDN)
            mpfr_mul(u, y, dx, MPFR_RNDN); mpfr_mul(v, x, dy, MPFR_RNDN); mpfr_sub(u, u, v, MPFR_RNDN)
            mpfr_div(t, t, w, MPFR_RNDN); mpfr_div(u, u, w, MPFR_RNDN)
            mpfr_sub(cx, cx, t, MPFR_RNDN); mpfr_sub(cy, cy, u, MPFR_RNDN)
            var e1 = 0, e2 = 0
            let a = mpfr_get_d_2exp(&e1, t, MPFR_RNDN), b = mpfr_get_d_2exp(&e2, u, MPFR_RNDN)
            let step = max(a == 0 ? -Double.infinity : log2(abs(a)) + Double(e1), b == 0 ? -Double.infinity : log2(abs(b)) + Double(e2))
            guard step.isFinite || step == -.infinity else { return nil }
            if step < -Double(precision) + 8 || (step > lastStep - 1 && step < -Double(precision) / 2) { converged = true; break }
            lastStep = step
        }
        guard converged, mpfr_number_p(cx) != 0, mpfr_number_p(cy) != 0, let size = size(period: p, at: s) else { return nil }
        let center = ComplexDecimal(decimal(cx, precision: precision), decimal(cy, precision: precision))
        return (center, size)
    }

    /// The Misiurewicz point of preperiod `q` and period `k` (z_{q+k} = z_q) that Newton's method
    /// reaches from `c`, or nil if it does not converge within `maxSteps`. Started from nucleus + size·i of a
    /// mini of period P, with q = k = 2P, it finds the mini's copy of the tip c = i (whose orbit
    /// 0, i, −1+i, −i, −1+i, … has preperiod 2 and period 2): a spiral centre whose escape times
    /// near it grow like P times those near i. (2P need not be the least preperiod: the
    /// orbit may repeat earlier, from step 26 for the benchmark's P = 25, 4 for P = 3.) The mini's nucleus is a triple root of the same
    /// equation (there z_P = 0, so every z_{jP} = 0) and attracts Newton's method from far
    /// around, so with `deflating` P the method solves g(c)/z_P(c)³ = 0 instead, whose step is
    /// 1/(g′/g − 3·z_P′/z_P).
    public static func misiurewicz(preperiod q: Int, period k: Int, deflating p: Int? = nil, from c: ComplexDecimal,
                                   precision: Int, maxSteps: Int = 80) -> ComplexDecimal? {
        let s = MPFRScratch(count: 18, precision: precision)
        s.set(0, c.x); s.set(1, c.y)
        let cx = s[0], cy = s[1], x = s[2], y = s[3], dx = s[4], dy = s[5], t = s[6], u = s[7], v = s[8], w = s[9]
        let qx = s[10], qy = s[11], qdx = s[12], qdy = s[13], px = s[14], py = s[15], pdx = s[16], pdy = s[17]
        /// (ar, ai) ← (ar + i·ai) / (br + i·bi), using t, u, v, w.
        func divide(_ ar: UnsafeMutablePointer<__mpfr_struct>, _ ai: UnsafeMutablePointer<__mpfr_struct>,
                    _ br: UnsafeMutablePointer<__mpfr_struct>, _ bi: UnsafeMutablePointer<__mpfr_struct>) {
            mpfr_sqr(t, br, MPFR_RNDN); mpfr_sqr(u, bi, MPFR_RNDN); mpfr_add(w, t, u, MPFR_RNDN)
            mpfr_mul(t, ar, br, MPFR_RNDN); mpfr_mul(u, ai, bi, MPFR_RNDN); mpfr_add(t, t, u, MPFR_RNDN)
            mpfr_mul(u, ai, br, MPFR_RNDN); mpfr_mul(v, ar, bi, MPFR_RNDN); mpfr_sub(u, u, v, MPFR_RNDN)
            mpfr_div(ar, t, w, MPFR_RNDN); mpfr_div(ai, u, w, MPFR_RNDN)
        }
        var lastStep = Double.infinity, converged = false
        for _ in 0..<maxSteps {
            mpfr_set_zero(x, 1); mpfr_set_zero(y, 1); mpfr_set_zero(dx, 1); mpfr_set_zero(dy, 1)
            for n in 0..<(q + k) {
                if n == q { mpfr_set(qx, x, MPFR_RNDN); mpfr_set(qy, y, MPFR_RNDN); mpfr_set(qdx, dx, MPFR_RNDN); mpfr_set(qdy, dy, MPFR_RNDN) }
                if n == p { mpfr_set(px, x, MPFR_RNDN); mpfr_set(py, y, MPFR_RNDN); mpfr_set(pdx, dx, MPFR_RNDN); mpfr_set(pdy, dy, MPFR_RNDN) }
                // dz ← 2·z·dz + 1
                mpfr_mul(t, x, dx, MPFR_RNDN); mpfr_mul(u, y, dy, MPFR_RNDN); mpfr_sub(t, t, u, MPFR_RNDN)
                mpfr_mul(u, x, dy, MPFR_RNDN); mpfr_mul(v, y, dx, MPFR_RNDN); mpfr_add(u, u, v, MPFR_RNDN)
                mpfr_mul_2ui(t, t, 1, MPFR_RNDN); mpfr_add_d(dx, t, 1, MPFR_RNDN)
                mpfr_mul_2ui(dy, u, 1, MPFR_RNDN)
                // z ← z² + c
                mpfr_sqr(t, x, MPFR_RNDN); mpfr_sqr(u, y, MPFR_RNDN); mpfr_mul(v, x, y, MPFR_RNDN)
                mpfr_sub(x, t, u, MPFR_RNDN); mpfr_add(x, x, cx, MPFR_RNDN)
                mpfr_mul_2ui(v, v, 1, MPFR_RNDN); mpfr_add(y, v, cy, MPFR_RNDN)
            }
            // g = z_{q+k} − z_q (in x, y), g′ = dz_{q+k} − dz_q (in dx, dy).
            mpfr_sub(x, x, qx, MPFR_RNDN); mpfr_sub(y, y, qy, MPFR_RNDN)
            mpfr_sub(dx, dx, qdx, MPFR_RNDN); mpfr_sub(dy, dy, qdy, MPFR_RNDN)
            if p != nil {
                // g′/g − 3·z_P′/z_P, then its inverse: the deflated step.
                divide(dx, dy, x, y)
                divide(pdx, pdy, px, py)
                mpfr_mul_ui(pdx, pdx, 3, MPFR_RNDN); mpfr_mul_ui(pdy, pdy, 3, MPFR_RNDN)
                mpfr_sub(dx, dx, pdx, MPFR_RNDN); mpfr_sub(dy, dy, pdy, MPFR_RNDN)
                mpfr_set_ui(x, 1, MPFR_RNDN); mpfr_set_zero(y, 1)
            }
            // step = g/g′ (or 1/(deflated g′/g)) into x, y.
            divide(x, y, dx, dy)
            mpfr_sub(cx, cx, x, MPFR_RNDN); mpfr_sub(cy, cy, y, MPFR_RNDN)
            var e1 = 0, e2 = 0
            let a = mpfr_get_d_2exp(&e1, x, MPFR_RNDN), b = mpfr_get_d_2exp(&e2, y, MPFR_RNDN)
            let step = max(a == 0 ? -Double.infinity : log2(abs(a)) + Double(e1), b == 0 ? -Double.infinity : log2(abs(b)) + Double(e2))
            guard step.isFinite || step == -.infinity else { return nil }
            if step < -Double(precision) + 8 || (step > lastStep - 1 && step < -Double(precision) / 2) { converged = true; break }
            lastStep = step
        }
        guard converged, mpfr_number_p(cx) != 0, mpfr_number_p(cy) != 0 else { return nil }
        return ComplexDecimal(decimal(cx, precision: precision), decimal(cy, precision: precision))
    }

    /// The mini's complex size at the nucleus in numbers 0 and 1 of `s`, or nil where the orbit
    /// leaves a double's range (not a nucleus).
    private static func size(period p: Int, at s: MPFRScratch) -> (x: ExtendedDouble, y: ExtendedDouble)? {
        // Iterate in doubles with separate exponents: λ grows far past a double's range.
        let cx = s[0], cy = s[1], x = s[2], y = s[3], t = s[6], u = s[7], v = s[8]
        mpfr_set_zero(x, 1); mpfr_set_zero(y, 1)
        var lx = 1.0, ly = 0.0, le = 0      // λ_j = ∏ 2 z_k
        var bx = 1.0, by = 0.0              // β = Σ 1/λ_j (a double: the terms shrink)
        for j in 1..<max(2, p) {
            mpfr_sqr(t, x, MPFR_RNDN); mpfr_sqr(u, y, MPFR_RNDN); mpfr_mul(v, x, y, MPFR_RNDN)
            mpfr_sub(x, t, u, MPFR_RNDN); mpfr_add(x, x, cx, MPFR_RNDN)
            mpfr_mul_2ui(v, v, 1, MPFR_RNDN); mpfr_add(y, v, cy, MPFR_RNDN)
            guard j < p else { break }
            let zx = mpfr_get_d(x, MPFR_RNDN), zy = mpfr_get_d(y, MPFR_RNDN)
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
