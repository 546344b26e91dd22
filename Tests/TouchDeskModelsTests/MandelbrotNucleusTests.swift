import Foundation
import Testing
import MandelbrotEngine
import TouchDeskModels

/// MandelbrotNucleus (the benchmark's search for demanding deep views), checked against the
/// orbit z_{n+1} = z_n² + c computed here in exact decimals, rounded to a fixed number of
/// places after each step: arithmetic that shares nothing with the MPFR code under test.
@Suite("Mandelbrot: nuclei, atom domains and Misiurewicz points")
struct MandelbrotNucleusTests {
    /// z_0 … z_steps at c, each rounded to `places` decimal places (absolute error about
    /// 10^−places per step, amplified by at most ∏|2z| along the way).
    static func orbit(_ c: ComplexDecimal, steps: Int, places: Int) -> [ComplexDecimal] {
        var z = ComplexDecimal(.zero, .zero)
        var out = [z]
        for _ in 0..<steps {
            let x = (z.x * z.x - z.y * z.y + c.x).rounded(toExponent: -places)
            let y = (DecimalNumber(2) * z.x * z.y + c.y).rounded(toExponent: -places)
            z = ComplexDecimal(x, y)
            out.append(z)
        }
        return out
    }

    /// log₁₀ of max(|re|, |im|): within 0.16 of log₁₀|z|, −∞ for 0.
    static func log10Size(_ z: ComplexDecimal) -> Double {
        max(z.x.extended.log10Magnitude, z.y.extended.log10Magnitude)
    }

    static func difference(_ a: ComplexDecimal, _ b: ComplexDecimal) -> ComplexDecimal {
        ComplexDecimal(a.x - b.x, a.y - b.y)
    }

    /// The steps n ≥ 2 at which |z_n| sets a new minimum (n = 1 sets the first), until |z| > 2.
    static func records(_ z: [ComplexDecimal]) -> [Int] {
        var best = Double.infinity
        var out: [Int] = []
        for n in 1..<z.count {
            let a = z[n].x.double, b = z[n].y.double
            let m = (a * a + b * b).squareRoot()
            if m > 2 { break }
            if m < best {
                best = m
                if n >= 2 { out.append(n) }
            }
        }
        return out
    }

    static let seahorsePoint = ComplexDecimal(try! DecimalNumber.parse("-0.742"), try! DecimalNumber.parse("0.14"))

    // MARK: - Atom domains

    @Test func atomPeriodsAreTheStepsWhereTheOrbitComesClosestToZero() throws {
        // −0.742 + 0.14i escapes after 52 steps; on the way |z_2| ≈ 0.2216 and |z_25| ≈ 0.1354 are
        // the only new minima after z_1 (|z_1| ≈ 0.755), so the periods are 2 and 25.
        let z = Self.orbit(Self.seahorsePoint, steps: 60, places: 60)
        let expected = Self.records(z)
        let periods = MandelbrotNucleus.atomPeriods(near: Self.seahorsePoint, limit: 3000, precision: 256)
        #expect(periods == expected)
        #expect(periods.starts(with: [2, 25]), "\(periods)")
        let escape = z.indices.dropFirst().first { Self.log10Size(z[$0]) > log10(2.0) }
        #expect(escape != nil && escape! < 60, "the point escapes, ending the list")
        // A limit below 25 stops before the second minimum.
        #expect(MandelbrotNucleus.atomPeriods(near: Self.seahorsePoint, limit: 24, precision: 256) == [2])
    }

    @Test func atomPeriodsNearThePeriodThreeMini() throws {
        let c = ComplexDecimal(-1.75, 0.001)
        let z = Self.orbit(c, steps: 200, places: 60)
        let periods = MandelbrotNucleus.atomPeriods(near: c, limit: 200, precision: 256)
        #expect(periods == Self.records(z))
        #expect(periods.starts(with: [2, 3]), "\(periods)")
    }

    // MARK: - Nuclei

    @Test func theNucleusOfPeriodThree() throws {
        // The real nucleus of period 3 is the real root of c³ + 2c² + c + 1 (z₃ = c·that), about −1.7549.
        guard let found = MandelbrotNucleus.nucleus(period: 3, from: ComplexDecimal(-1.75, 0.001), precision: 256) else {
            Issue.record("Newton did not converge"); return
        }
        let c = found.center
        #expect(Self.log10Size(ComplexDecimal(c.x + DecimalNumber(1.7549), c.y)) < -4, "\(c.x), \(c.y)")
        let z = Self.orbit(c, steps: 9, places: 120)
        // z₃ = 0 to the precision asked (256 bits ≈ 77 digits), and so are z₆ and z₉.
        for n in [3, 6, 9] { #expect(Self.log10Size(z[n]) < -70, "z\(n) = \(z[n].x.shortDescription), \(z[n].y.shortDescription)") }
        // Period exactly 3: z₁ = c and z₂ are far from 0 (c = 0, the period-1 nucleus, is also a root of z₃).
        #expect(Self.log10Size(z[1]) > -1 && Self.log10Size(z[2]) > -1)
        // The polynomial, evaluated exactly.
        let x = c.x
        #expect(Self.log10Size(ComplexDecimal(x * x * x + DecimalNumber(2) * x * x + x + DecimalNumber(1), c.y)) < -70)
        // A real mini: its size points along the real axis, and its cusp (the set's 1/4, mapped
        // by it) is where period 3 is born, c = −7/4.
        let size = found.size.x.double
        #expect(abs(found.size.y.double) < 1e-12 * abs(size))
        let cusp = c.x.double + 0.25 * size
        #expect(abs(cusp + 1.75) < 0.1 * abs(size), "nucleus + size/4 = \(cusp), size \(size)")
    }

    /// The period-25 nucleus near −0.742 + 0.14i, as the benchmark finds it (256 bits, then 600).
    static func period25() -> (center: ComplexDecimal, size: (x: ExtendedDouble, y: ExtendedDouble))? {
        guard let rough = MandelbrotNucleus.nucleus(period: 25, from: seahorsePoint, precision: 256) else { return nil }
        return MandelbrotNucleus.nucleus(period: 25, from: rough.center, precision: 600)
    }

    @Test func theNucleusOfPeriod25() throws {
        guard let found = Self.period25() else { Issue.record("Newton did not converge"); return }
        let z = Self.orbit(found.center, steps: 50, places: 220)
        // z₂₅ = 0 to 600 bits (≈ 180 digits, less what the orbit amplifies), and z₅₀ with it.
        #expect(Self.log10Size(z[25]) < -150, "\(z[25].x.shortDescription)")
        #expect(Self.log10Size(z[50]) < -150)
        // Period exactly 25: no earlier step comes anywhere near 0.
        let closest = (1..<25).map { Self.log10Size(z[$0]) }.min()!
        #expect(closest > -1.5, "some z_n with n < 25 is 10^\(closest)")
        // Starting from the 256-bit nucleus gives the same point to 256 bits.
        let rough = MandelbrotNucleus.nucleus(period: 25, from: Self.seahorsePoint, precision: 256)!
        #expect(Self.log10Size(Self.difference(rough.center, found.center)) < -70)
    }

    /// The size estimate: the mini is the set scaled and turned by `size` about the nucleus, so
    /// points well inside (or outside) the set's main shapes, mapped by it, are inside (outside)
    /// the mini, and the period-50 nucleus of its big bulb sits near nucleus − size.
    @Test func theSizeOfThePeriod25Mini() throws {
        guard let found = Self.period25() else { Issue.record("Newton did not converge"); return }
        let sx = found.size.x.double, sy = found.size.y.double
        let magnitude = (sx * sx + sy * sy).squareRoot()
        #expect(magnitude > 1e-4 && magnitude < 1e-3, "|size| = \(magnitude)")
        func at(_ a: Double, _ b: Double) -> Int {
            MandelbrotKernel.iterationsMPFR(center: found.center, offsetX: ExtendedDouble(sx * a - sy * b),
                                            offsetY: ExtendedDouble(sx * b + sy * a), limit: 20_000, precision: 300)
        }
        for (a, b) in [(0.0, 0.0), (-0.5, 0.0), (-1.0, 0.0), (-0.1, 0.3), (-0.1, -0.3), (-0.1, 0.6)] {
            #expect(at(a, b) == 20_000, "nucleus + size·(\(a) + \(b)i) should be inside the mini")
        }
        for (a, b) in [(0.5, 0.0), (-2.3, 0.0), (0.0, 1.3), (0.0, -1.3), (-1.0, 0.6)] {
            #expect(at(a, b) < 20_000, "nucleus + size·(\(a) + \(b)i) should be outside the mini")
        }
        // The bulb: Newton for period 50 from nucleus − size.
        let start = ComplexDecimal(found.center.x - DecimalNumber(sx), found.center.y - DecimalNumber(sy))
        guard let bulb = MandelbrotNucleus.nucleus(period: 50, from: start, precision: 300) else {
            Issue.record("Newton did not converge for the bulb"); return
        }
        let z = Self.orbit(bulb.center, steps: 50, places: 120)
        #expect(Self.log10Size(z[50]) < -70)
        #expect(Self.log10Size(z[25]) > -4, "the bulb's nucleus is not the mini's")
        // (bulb − nucleus)/size ≈ −1, as in the set itself. The estimate is first order and this
        // mini, near the period-2 bulb, is a little distorted: −1.03 − 0.17i here (and i comes out
        // as −0.04 + 1.23i, see below), so a quarter is allowed; a size off by half as much
        // again, or turned by 15°, fails.
        let dx = (bulb.center.x - found.center.x).double, dy = (bulb.center.y - found.center.y).double
        let m = sx * sx + sy * sy
        let rx = (dx * sx + dy * sy) / m, ry = (dy * sx - dx * sy) / m
        #expect(abs(rx + 1) < 0.25 && abs(ry) < 0.25, "(bulb − nucleus)/size = \(rx) + \(ry)i")
    }

    @Test func newtonFromFarAwayGivesUpOrReturnsAGenuineRoot() throws {
        // From a point outside the set, with a period whose nuclei are far off, the answer is
        // either nil or a true nucleus; never an unconverged point passed off as one.
        for (c, p) in [(ComplexDecimal(1.5, 1.5), 7), (ComplexDecimal(-0.1, 0.9), 11)] {
            guard let found = MandelbrotNucleus.nucleus(period: p, from: c, precision: 200) else { continue }
            let z = Self.orbit(found.center, steps: p, places: 100)
            #expect(Self.log10Size(z[p]) < -50, "period \(p) from \(c.x), \(c.y): z_p = 10^\(Self.log10Size(z[p]))")
        }
        // Meaningless periods and limits are answered, not trapped on.
        #expect(MandelbrotNucleus.nucleus(period: 0, from: Self.seahorsePoint, precision: 128) == nil)
        #expect(MandelbrotNucleus.nucleus(period: -3, from: Self.seahorsePoint, precision: 128) == nil)
        #expect(MandelbrotNucleus.misiurewicz(preperiod: -1, period: 2, from: Self.seahorsePoint, precision: 128) == nil)
        #expect(MandelbrotNucleus.misiurewicz(preperiod: 2, period: 0, from: Self.seahorsePoint, precision: 128) == nil)
        #expect(MandelbrotNucleus.atomPeriods(near: Self.seahorsePoint, limit: 0, precision: 128) == [])
        // Two steps are not enough to get from −0.742 + 0.14i to the period-25 nucleus at 256 bits.
        #expect(MandelbrotNucleus.nucleus(period: 25, from: Self.seahorsePoint, precision: 256, maxSteps: 2) == nil)
        #expect(MandelbrotNucleus.nucleus(period: 25, from: Self.seahorsePoint, precision: 256, maxSteps: 80) != nil)
    }

    // MARK: - Misiurewicz points

    @Test func theCopyOfIInThePeriod25Mini() throws {
        guard let found = Self.period25() else { Issue.record("Newton did not converge"); return }
        let sx = found.size.x.double, sy = found.size.y.double
        let start = ComplexDecimal(found.center.x - DecimalNumber(sy), found.center.y + DecimalNumber(sx))
        guard let m = MandelbrotNucleus.misiurewicz(preperiod: 50, period: 50, deflating: 25, from: start, precision: 600) else {
            Issue.record("Newton did not converge"); return
        }
        let z = Self.orbit(m, steps: 200, places: 220)
        // The equation solved: z₁₀₀ = z₅₀, to about 180 digits.
        #expect(Self.log10Size(Self.difference(z[100], z[50])) < -150)
        // Not the nucleus: z₂₅ is far from 0, and the point is about |size| away from it, near nucleus + size·i.
        #expect(Self.log10Size(z[25]) > -3, "z₂₅ = 10^\(Self.log10Size(z[25]))")
        let dx = (m.x - found.center.x).double, dy = (m.y - found.center.y).double
        let q = sx * sx + sy * sy
        let rx = (dx * sx + dy * sy) / q, ry = (dy * sx - dx * sy) / q
        #expect(abs(rx) < 0.35 && abs(ry - 1) < 0.35, "(point − nucleus)/size = \(rx) + \(ry)i")
        // Its smallest preperiod and period, by direct iteration: the orbit repeats every 50
        // steps (25 or 10 or 2 do not), from step 26 on (25 + 1: the copy of i's preperiod 2,
        // its first step taking one period of the mini), not from step 25.
        let repeats = { (a: Int, b: Int) in Self.log10Size(Self.difference(z[a], z[b])) < -150 }
        #expect(repeats(26 + 50, 26) && repeats(120 + 50, 120))
        for k in [1, 2, 5, 10, 25] { #expect(!repeats(120 + k, 120), "period \(k)?") }
        #expect(!repeats(25 + 50, 25), "preperiod 25?")
        // Escape counts near it grow with depth, as the benchmark uses it for.
        let near30 = MandelbrotKernel.iterationsMPFR(center: m, offsetX: ExtendedDouble(1, exponent: -100),
                                                     offsetY: ExtendedDouble(1, exponent: -100), limit: 100_000, precision: 400)
        let near10 = MandelbrotKernel.iterationsMPFR(center: m, offsetX: ExtendedDouble(1, exponent: -33),
                                                     offsetY: ExtendedDouble(1, exponent: -33), limit: 100_000, precision: 400)
        #expect(near10 < near30 && near30 < 100_000, "counts 1e-10 away: \(near10), 1e-30 away: \(near30)")
        // The benchmark's centre is this point to its 120 digits.
        #expect(Self.log10Size(Self.difference(m, MandelbrotDeepTests.spiral)) < -100)
    }

    @Test func withoutDeflationNewtonFallsIntoTheNucleus() throws {
        // Why `deflating` exists: the nucleus is a triple root of z₁₀₀ − z₅₀ and attracts the
        // plain method from nucleus + size·i, where it crawls (a multiple root: a third of the
        // distance per step), so within 80 steps it has not converged, and given 400 it stops
        // at the nucleus, not at the copy of i.
        guard let found = Self.period25() else { Issue.record("Newton did not converge"); return }
        let sx = found.size.x.double, sy = found.size.y.double
        let start = ComplexDecimal(found.center.x - DecimalNumber(sy), found.center.y + DecimalNumber(sx))
        #expect(MandelbrotNucleus.misiurewicz(preperiod: 50, period: 50, from: start, precision: 300) == nil)
        let plain = MandelbrotNucleus.misiurewicz(preperiod: 50, period: 50, from: start, precision: 300, maxSteps: 400)
        let deflated = MandelbrotNucleus.misiurewicz(preperiod: 50, period: 50, deflating: 25, from: start, precision: 300)
        #expect(plain != nil && deflated != nil)
        if let plain { #expect(Self.log10Size(Self.difference(plain, found.center)) < -30, "plain Newton went elsewhere") }
        if let deflated { #expect(Self.log10Size(Self.difference(deflated, found.center)) > -5) }
    }
}
