import Foundation
import Testing
import TouchDeskTestSupport
@testable import MandelbrotEngine
import MandelbrotSIMD
import TouchDeskModels

@Suite("Mandelbrot: exact decimals and views given as text")
struct MandelbrotDecimalTests {
    @Test("decimal text comes back digit for digit", arguments: [
        "0", "3", "-0.5", "0.75", "-0.743643887037158704752191506114774", "1.000000000000000000000000000000000000001",
        "0.131825904205311970493132056385139", "12345678901234567890123456789", "-0.000000000000000000000000000000000025",
    ])
    func plainRoundTrip(_ text: String) throws {
        let d = try DecimalNumber.parse(text)
        #expect(d.description == text)
        #expect(try DecimalNumber.parse(d.description) == d)
    }

    @Test("scientific text comes back too", arguments: ["1.5e-300", "3e-31", "1e-1000", "-2.25e-17", "1.50e-30"])
    func scientificRoundTrip(_ text: String) throws {
        let d = try DecimalNumber.parse(text)
        #expect(d.scientificDescription == text)
        #expect(d.shortDescription == text)
    }

    @Test func aLongCentreKeepsEveryDigit() throws {
        var rng = SplitMix64(seed: 14)
        for _ in 0..<30 {
            let digits = (0..<Int.random(in: 1...1200, using: &rng)).map { _ in String(Int.random(in: 0...9, using: &rng)) }.joined()
            let text = (Bool.random(using: &rng) ? "-" : "") + "0." + digits
            let d = try DecimalNumber.parse(text)
            #expect(d.description == text)
            // Equal values compare equal whatever their trailing zeros.
            #expect(try DecimalNumber.parse(text + "000") == d)
        }
    }

    @Test("arithmetic is exact", arguments: [("0.1", "0.2", "0.3"), ("-1.5", "1e-300", "-1.4999999999999999999")])
    func sums(a: String, b: String, sumPrefix: String) throws {
        let s = try DecimalNumber.parse(a) + DecimalNumber.parse(b)
        #expect(s.description.hasPrefix(sumPrefix))
        #expect(s - (try DecimalNumber.parse(b)) == (try DecimalNumber.parse(a)))
    }

    @Test("malformed numbers are refused, saying why", arguments: [
        ("", "empty"), ("abc", "unexpected \"a\""), ("1.2.3", "two decimal points"), ("1e", "exponent"), ("-", "no digits"),
        ("1e99999999", "exponent"), ("0x10", "unexpected \"x\""), ("nan", "unexpected"), ("1,5", "unexpected \",\""),
        ("1e-100000", "beyond ±20000"), ("5e-20001", "beyond ±20000"), ("0.1e-20000", "beyond ±20000"), ("1e20001", "beyond"),
        ("٣", "unexpected \"٣\""), ("0.5µ", "unexpected \"µ\""), ("1\u{1b}[31m", "\"1U+001B[31m\" is not"),
        ("2\u{202e}1", "unexpected \"U+202E\""), ("3\n", "unexpected \"U+000A\""),
    ])
    func malformed(text: String, why: String) {
        do {
            _ = try DecimalNumber.parse(text)
            Issue.record("\(text) was accepted")
        } catch {
            #expect("\(error)".contains(why), "\(error)")
            #expect(!"\(error)".unicodeScalars.contains { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format },
                    "a control character reaches the message: \(String(reflecting: "\(error)"))")
        }
    }

    @Test func theLongestAndSmallestNumbersAccepted() throws {
        // 20,000 characters and an exponent of ±20,000 are the bounds (see DecimalNumber.maxLength).
        let long = "0." + String(repeating: "7", count: DecimalNumber.maxLength - 2)
        #expect(try DecimalNumber.parse(long).description == long)
        #expect(throws: DecimalNumber.ParseError.self) { try DecimalNumber.parse(long + "7") }
        let tiny = try DecimalNumber.parse("1e-20000")
        #expect(tiny.extended.log10Magnitude.rounded() == -20000)
        let w = try MandelbrotWindow.parse(center: "1e-20000,-0.5", width: "1")
        #expect(w.center.x == tiny && w.center.x.double == 0)
    }

    @Test func wideRangeValues() throws {
        let tiny = try DecimalNumber.parse("1.5e-700").extended
        #expect(abs(tiny.log10Magnitude - (log10(1.5) - 700)) < 1e-12)
        #expect(tiny.double == 0, "a plain double cannot hold it")
        let third = try DecimalNumber.parse("0.3333333333333333333333").extended
        #expect(third.double == 1.0 / 3)
        let e = try DecimalNumber.parse("-2.5e-3").extended.double
        #expect(abs(e / -2.5e-3 - 1) <= 2.3e-16)
    }

    @Test func theViewAsOptionsRoundTrips() throws {
        let re = "-1.7490000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001"
        let w = try MandelbrotWindow.parse(center: re + ",0.0000001", width: "2.5e-90")
        #expect(w.optionsText == "--center=\(re),0.0000001 --width 2.5e-90")
        let again = try MandelbrotWindow.parse(center: re + ",0.0000001", width: "2.5e-90")
        #expect(again == w)
        let m = MandelbrotModel(window: w)
        #expect(m.journeyText == "free view")
        #expect(abs(w.halvings - log2(3 / 2.5e-90)) < 1e-9)
        #expect(m.limit > 9000, "the limit grows with depth: \(m.limit)")
    }

    @Test("bad views are refused with a message", arguments: [
        ("0.1", "1", "comma"), ("0.1,x", "1", "bad centre"), ("0,0", "0", "greater than 0"), ("0,0", "-1", "greater than 0"),
        ("0,0", "1e-1001", "deepest"), ("0,0", "13", "widest"), ("5,0", "1", "too far"), ("0,0", "1e", "bad width"),
        ("0,0", "1e-100000", "bad width"), ("0,0", "NaN", "bad width"), ("0,0", "inf", "bad width"), ("0,0", "-0", "greater than 0"),
        ("0,1e-100000", "1", "bad centre"), ("0\u{7},0", "1", "U+0007"), ("0\u{1b}]0;x\u{7}", "1", "bad centre \"0U+001B]0;xU+0007\""),
        (String(repeating: "1", count: 100_000) + ",0", "1", "longer than 20000"), ("0,0", "0." + String(repeating: "0", count: 99_999) + "1", "longer than 20000"),
    ])
    func badViews(center: String, width: String, why: String) {
        do {
            _ = try MandelbrotWindow.parse(center: center, width: width)
            Issue.record("\(center.prefix(60)) \(width.prefix(60)) was accepted")
        } catch {
            #expect("\(error)".contains(why), "\(error)")
            #expect("\(error)".count < 300, "the message repeats the input at length: \("\(error)".count) characters")
            #expect(!"\(error)".unicodeScalars.contains { $0.properties.generalCategory == .control },
                    "a control character reaches the message: \(String(reflecting: "\(error)"))")
        }
    }

    @Test func quadrantTapsAndWheelGoPastTheOldFloor() throws {
        // 200 taps (the old floor was 150), then the wheel: still exact decimals, still zooming.
        var m = try MandelbrotModel(journey: (0..<200).map { [1, 4, 2, 3][$0 % 4] })
        #expect(abs(m.window.halvings - 200) < 1e-9)
        for _ in 0..<100 { try m.zoom(by: 0.5, aboutWidths: 0.1, -0.2) }
        #expect(abs(m.window.halvings - 300) < 1e-6)
        #expect(m.window.span == 3 * pow(2, -300.0))
        m.pan(widths: 0.25, 0)
        #expect(m.window.width == (try MandelbrotModel(journey: Array(repeating: 1, count: 300))).window.width)
    }

    @Test func theDeepestZoomIsAbout1eMinus1000() throws {
        var m = MandelbrotModel(window: try MandelbrotWindow.parse(center: "-0.75,0.1", width: "2e-1000"))
        #expect(throws: MandelbrotModel.ZoomError.tooDeep) { try m.zoom(by: 0.4, aboutWidths: 0, 0) }
        try m.zoom(by: 0.6, aboutWidths: 0.1, 0)
        #expect(m.window.width == (try DecimalNumber.parse("1.2e-1000")))
        #expect(m.window.zoomText.hasSuffix("e+1000×"), "\(m.window.zoomText)")
    }
}

@Suite("Mandelbrot: deep zoom against a direct MPFR computation")
struct MandelbrotDeepTests {
    /// A view `width` wide next to c = i, a tip of the set whose orbit (0, i, −1+i, −i, −1+i, …)
    /// is preperiodic: escape times there grow with depth and vary from pixel to pixel.
    static func nearI(depth k: Int) -> MandelbrotWindow {
        let x = DecimalNumber(significand: 21, exponent: -k - 2)
        let y = DecimalNumber(1) - DecimalNumber(significand: 13, exponent: -k - 2)
        return MandelbrotWindow(center: ComplexDecimal(x, y), width: DecimalNumber(significand: 3, exponent: -k))
    }

    struct Outcome { var stable = 0; var agreeing = 0; var sampled = 0; var counts: Set<Int> = []; var scalarPixels = 0 }

    /// The count of each pixel by the vector loop with each kernel build the CPU has, computed
    /// among its neighbours as in a render: in a run of 32 pixels of its row around it.
    static func vectorCounts(_ frame: DeepFrame, _ pixels: [(Int, Int)]) -> [MandelbrotKernel.InstructionSet: [Int]] {
        var out: [MandelbrotKernel.InstructionSet: [Int]] = [:]
        for set in MandelbrotKernel.availableInstructionSets {
            for (i, j) in pixels {
                let x0 = max(0, min(frame.width - 32, i - 16)), n = min(32, frame.width)
                var counts = [UInt32](repeating: 0, count: n)
                frame.row(j, from: x0, count: n, counts: &counts, norms: nil, using: set)
                out[set, default: []].append(Int(counts[i - x0]))
            }
        }
        return out
    }

    /// Compares the engine with MPFR at `samples` pixels of a `w` × `h` frame, both the scalar
    /// loop and the vector loop (see `vectorCounts`): where the count is the same at the pixel's
    /// centre and four points 0.3 pixel away, the engine must give it exactly; where those
    /// differ by at most 3 it must lie within them (±1). Also counts, in the first rows, the
    /// pixels the vector loop handed to the scalar one.
    static func compare(_ window: MandelbrotWindow, width w: Int = 120, height h: Int = 80, limit: Int,
                        samples: Int = 30, seed: UInt64) -> Outcome {
        let frame = DeepFrame(window: window, width: w, height: h, limit: limit)
        let precision = frame.orbit.precision
        var rng = SplitMix64(seed: seed)
        var pixels = [(0, 0), (w - 1, h - 1), (w / 2, h / 2), (w - 1, 0), (0, h - 1)]
        while pixels.count < samples { pixels.append((Int.random(in: 0..<w, using: &rng), Int.random(in: 0..<h, using: &rng))) }
        let vector = vectorCounts(frame, pixels)
        var out = Outcome()
        for j in Set(pixels.map(\.1)).sorted().prefix(4) {
            var counts = [UInt32](repeating: 0, count: w)
            out.scalarPixels += frame.row(j, count: w, counts: &counts, norms: nil).scalarPixels
        }
        for (k, (i, j)) in pixels.enumerated() {
            var norm = 0.0
            var engine = [("scalar", frame.iterations(i, j, norm: &norm))]
            for (set, counts) in vector { engine.append((set.rawValue, counts[k])) }
            let o = frame.extendedOffset(i, j)
            let step = spacing(frame)
            var inside: [Int] = []
            for (fx, fy) in [(0.0, 0.0), (0.3, 0.0), (-0.3, 0.0), (0.0, 0.3), (0.0, -0.3)] {
                let ox = add(o.x, step * fx), oy = add(o.y, step * fy)
                inside.append(MandelbrotKernel.iterationsMPFR(center: window.center, offsetX: ox, offsetY: oy, limit: limit, precision: precision))
            }
            out.sampled += 1
            out.counts.insert(inside[0])
            if Set(inside).count == 1 {
                out.stable += 1
                if engine.allSatisfy({ $0.1 == inside[0] }) { out.agreeing += 1 }
                for (name, n) in engine {
                    #expect(n == inside[0], "pixel (\(i), \(j)), \(name): engine \(n), MPFR \(inside[0])")
                }
            } else if inside.max()! - inside.min()! <= 3 {
                // A pixel on the edge of a band: the count of some point within it. (Where the
                // counts inside a pixel spread wider, five samples do not bound them.)
                for (name, n) in engine {
                    #expect(n >= inside.min()! - 1 && n <= inside.max()! + 1, "pixel (\(i), \(j)), \(name): engine \(n), MPFR within the pixel \(inside)")
                }
            }
        }
        return out
    }

    /// The frame's pixel spacing.
    static func spacing(_ f: DeepFrame) -> ExtendedDouble {
        let a = f.extendedOffset(1, 0).x, b = f.extendedOffset(0, 0).x
        // Offsets share one exponent: their mantissas differ by exactly the spacing's.
        return ExtendedDouble(a.mantissa * pow(2, Double(a.exponent - b.exponent)) - b.mantissa, exponent: b.exponent)
    }

    /// a + b for nearby magnitudes (b at most a few of a's units).
    static func add(_ a: ExtendedDouble, _ b: ExtendedDouble) -> ExtendedDouble {
        let e = max(a.exponent, b.exponent)
        return ExtendedDouble(scalbn(a.mantissa, a.exponent - e) + scalbn(b.mantissa, b.exponent - e), exponent: e)
    }

    @Test("views 3e-31, 3e-101 and 3e-301 wide", arguments: [30, 100, 300])
    func deepViewsMatchMPFR(depth: Int) {
        let window = Self.nearI(depth: depth)
        let limit = MandelbrotModel(window: window).limit
        let out = Self.compare(window, limit: limit, seed: UInt64(depth))
        #expect(out.stable >= out.sampled / 2, "too few pixels with one count inside: \(out.stable) of \(out.sampled)")
        #expect(out.agreeing == out.stable)
        #expect(out.counts.count >= 3, "the view is not one flat count: \(out.counts.sorted())")
        #expect(out.scalarPixels == 0, "the vector loop handed \(out.scalarPixels) pixels to the scalar one")
    }

    /// The benchmark's demanding point: the period-25 mini's copy of c = i (see MandelbrotBench
    /// .spiral25), here to 120 digits, with counts far above 1,000 that vary across the view.
    static let spiral = ComplexDecimal(
        try! DecimalNumber.parse("-0.742852513477728878100563082790536518406206414108957076031522631208096709371059699515745741640763677245064"),
        try! DecimalNumber.parse("0.139092374874242873277935348251613471762353299528384840770136186167411636097652334015434626435948911213621"))

    @Test("the spiral in a period-25 mini, 3e-31 and 3e-101 wide", arguments: [30, 100])
    func spiralMatchesMPFR(depth: Int) {
        let window = MandelbrotWindow(center: Self.spiral, width: DecimalNumber(significand: 3, exponent: -depth - 1))
        let limit = MandelbrotModel(window: window).limit
        let out = Self.compare(window, width: 960, height: 640, limit: limit, samples: 24, seed: UInt64(depth) + 7)
        // Busy everywhere: a quarter of the pixels have one count throughout.
        #expect(out.stable >= out.sampled / 4, "too few pixels with one count inside: \(out.stable) of \(out.sampled)")
        #expect(out.counts.min()! > 1000, "\(out.counts.sorted())")
        #expect(out.counts.count >= 3, "the view is not one flat count: \(out.counts.sorted())")
    }

    @Test func doublesAloneCannotSeeThesePixelsApart() {
        let window = Self.nearI(depth: 30)
        let f = MandelbrotFrame(window: window, width: 120, height: 80, limit: 100)
        #expect(f.usesPerturbation)
        #expect(window.center.y.double + f.dy(0) == window.center.y.double + f.dy(79))
    }

    /// A view 0.05 wide whose centre escapes after a few dozen steps while the period-3
    /// minibrot fills much of it: plain perturbation against the centre's orbit gets many
    /// pixels wrong (their orbits outlive the reference's, or pass near 0 where it does not).
    static let glitchProne = MandelbrotWindow(center: ComplexDecimal(-1.75, 0.02), width: try! DecimalNumber.parse("0.05"))

    @Test func rebasingCorrectsTheGlitchesOfPlainPerturbation() {
        let limit = 2000
        let frame = DeepFrame(window: Self.glitchProne, width: 120, height: 80, limit: limit)
        // Plain perturbation, no rebasing: stop where the reference does.
        func plain(_ i: Int, _ j: Int) -> Int {
            let o = frame.extendedOffset(i, j)
            let dcx = o.x.double, dcy = o.y.double
            let zx = frame.orbit.zx, zy = frame.orbit.zy
            var dx = 0.0, dy = 0.0, n = 0
            while n < limit && n < zx.count {
                let x = zx[n] + dx, y = zy[n] + dy
                if x * x + y * y > 4 { return n }
                let ndx = 2 * (zx[n] * dx - zy[n] * dy) + (dx * dx - dy * dy) + dcx
                let ndy = 2 * (zx[n] * dy + zy[n] * dx) + 2 * dx * dy + dcy
                dx = ndx; dy = ndy; n += 1
            }
            return n
        }
        var rng = SplitMix64(seed: 99)
        var plainWrong = 0, checked = 0
        let pixels = (0..<60).map { _ in (Int.random(in: 0..<120, using: &rng), Int.random(in: 0..<80, using: &rng)) }
        let vector = Self.vectorCounts(frame, pixels)
        for (k, (i, j)) in pixels.enumerated() {
            let o = frame.extendedOffset(i, j)
            let direct = MandelbrotKernel.iterationsMPFR(center: Self.glitchProne.center, offsetX: o.x, offsetY: o.y, limit: limit, precision: 128)
            var norm = 0.0
            let engine = frame.iterations(i, j, norm: &norm)
            #expect(abs(engine - direct) <= 1, "pixel (\(i), \(j)): engine \(engine), MPFR \(direct)")
            for (set, counts) in vector {
                let n = counts[k]
                #expect(abs(n - direct) <= 1, "pixel (\(i), \(j)), \(set.rawValue): engine \(n), MPFR \(direct)")
            }
            if abs(plain(i, j) - direct) > 1 { plainWrong += 1 }
            checked += 1
        }
        #expect(plainWrong >= checked / 4, "the view is not glitch-prone after all: plain perturbation got \(plainWrong) of \(checked) wrong")
    }
}

@Suite("Mandelbrot: the deep loop's untested runs")
struct MandelbrotSafeRunTests {
    /// Deltas just inside `safe[m]`, in every direction, with δc anywhere in the frame (the
    /// spiral in the period-25 mini, and a view next to c = i): none of
    /// the next `run` (or `shortRun`) plain steps may escape or need a rebase, which is what lets the vector
    /// loop take them without testing.
    @Test("no lane inside the safe radius escapes or needs a rebase", arguments: [0, 1])
    func safeRunsHold(view: Int) {
        let window = view == 0
            ? MandelbrotWindow(center: MandelbrotDeepTests.spiral, width: DecimalNumber(significand: 3, exponent: -31))
            : MandelbrotDeepTests.nearI(depth: 100)
        let limit = MandelbrotModel(window: window).limit
        let frame = DeepFrame(window: window, width: 960, height: 640, limit: limit)
        let zx = frame.orbit.zx, zy = frame.orbit.zy
        for (slot, run) in [MandelbrotDeepSIMDKernel.run, MandelbrotDeepSIMDKernel.shortRun].enumerated() {
            let safe = stride(from: slot, to: frame.safe.radius2.count, by: 2).map { frame.safe.radius2[$0] }
            var rng = SplitMix64(seed: UInt64(17 + view))
            var usable = 0, checked = 0
            for m in 0..<safe.count where safe[m] > 0 {
                usable += 1
                #expect(m + run <= frame.orbit.count - 1, "a run from \(m) would pass the orbit's end")
                for _ in 0..<8 {
                    let rho = safe[m].squareRoot() * Double.random(in: 0.99..<1, using: &rng)
                    let a = Double.random(in: 0..<(2 * Double.pi), using: &rng)
                    let b = Double.random(in: 0..<(2 * Double.pi), using: &rng)
                    let c = frame.maxDeltaC * Double.random(in: 0...1, using: &rng)
                    var dx = rho * cos(a), dy = rho * sin(a)
                    let dcx = c * cos(b), dcy = c * sin(b)
                    for k in 0..<run {
                        let x = zx[m + k] + dx, y = zy[m + k] + dy
                        let r = x * x + y * y, d2 = dx * dx + dy * dy
                        #expect(r <= 4, "m \(m) + \(k): escapes, |z|² = \(r)")
                        #expect(r >= d2, "m \(m) + \(k): needs a rebase, |z|² = \(r) < |δ|² = \(d2)")
                        if r > 4 || r < d2 { return }
                        let tx = 2 * zx[m + k] + dx, ty = 2 * zy[m + k] + dy
                        (dx, dy) = (tx * dx - ty * dy + dcx, tx * dy + ty * dx + dcy)
                    }
                    checked += 1
                }
            }
            // The bound is not vacuous: most of the orbit allows runs.
            #expect(usable * 2 > safe.count, "only \(usable) of \(safe.count) reference indices allow a run")
            #expect(checked == usable * 8)
        }
    }
}

@Suite("Mandelbrot: deep views inside the main cardioid and the period-2 disc")
struct MandelbrotInteriorTests {
    @Test("every pixel reaches the limit, as MPFR says", arguments: [("0", "0"), ("-1", "0.1"), ("-0.1", "0.3")])
    func wholeViewsInside(x: String, y: String) throws {
        let window = MandelbrotWindow(center: ComplexDecimal(try DecimalNumber.parse(x), try DecimalNumber.parse(y)),
                                      width: try DecimalNumber.parse("1e-1000"))
        let frame = DeepFrame(window: window, width: 120, height: 80, limit: 1500)
        #expect(frame.interior)
        var counts = [UInt32](repeating: 0, count: 120)
        frame.row(40, count: 120, counts: &counts, norms: nil)
        #expect(counts.allSatisfy { $0 == 1500 })
        for (i, j) in [(0, 0), (119, 79), (60, 40)] {
            let o = frame.extendedOffset(i, j)
            let exact = MandelbrotKernel.iterationsMPFR(center: window.center, offsetX: o.x, offsetY: o.y, limit: 1500,
                                                        precision: frame.orbit.precision)
            #expect(exact == 1500, "pixel (\(i), \(j)) escapes after \(exact) in MPFR")
        }
    }

    @Test func theTestKeepsItsMargin() throws {
        // Just outside the cardioid's cusp at ¼, and a view straddling the disc's edge at −¾:
        // not interior, so iterated.
        let cusp = MandelbrotWindow(center: ComplexDecimal(try DecimalNumber.parse("0.2500001"), DecimalNumber(0)),
                                    width: try DecimalNumber.parse("1e-20"))
        #expect(!DeepFrame(window: cusp, width: 64, height: 64, limit: 300).interior)
        let edge = MandelbrotWindow(center: ComplexDecimal(try DecimalNumber.parse("-0.75"), DecimalNumber(0)),
                                    width: try DecimalNumber.parse("1e-20"))
        #expect(!DeepFrame(window: edge, width: 64, height: 64, limit: 300).interior)
        // Inside but only just (within the margin): iterated too, which is merely slower.
        let near = MandelbrotWindow(center: ComplexDecimal(try DecimalNumber.parse("0.2499999"), DecimalNumber(0)),
                                    width: try DecimalNumber.parse("1e-20"))
        #expect(!DeepFrame(window: near, width: 64, height: 64, limit: 300).interior)
    }
}
