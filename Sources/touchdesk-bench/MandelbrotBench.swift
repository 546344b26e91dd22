import Dispatch
import Synchronization
import Foundation
import TouchDeskInterface
import MandelbrotEngine
import TouchDeskModels

/// The Mandelbrot kernel benchmark: the start view at 1024 × 1024, limits 200 and 1000, with the
/// optimised kernel (SIMD rows on every core) and the plain scalar loop on one thread, in the same
/// run. Prints seconds (the median of several runs of each), total iterations, giga-iterations per
/// second and the ratio; checks that both give the same counts (FNV-1a 64).
enum MandelbrotBench {
    struct Result { var seconds: Double; var iterations: Int; var checksum: UInt64 }

    /// A pointer shared by rows that never overlap.
    struct Rows: @unchecked Sendable { let p: UnsafeMutablePointer<UInt32>; let x: UnsafePointer<Double> }

    static func run(size n: Int = 1024, clock: () -> Double) {
        let xs = MandelbrotKernel.pixelCenters(from: -2, to: 1, count: n)
        let ys = MandelbrotKernel.pixelCenters(from: 1.5, to: -1.5, count: n)
        let cores = ProcessInfo.processInfo.activeProcessorCount
        print("mandelbrot: start view \(n)x\(n), \(cores) cores, \(MandelbrotKernel.instructionSet.rawValue) kernel")
        for limit in [200, 1000] {
            /// `set` nil: the scalar loop on one thread; otherwise that kernel build on every core.
            func measure(_ set: MandelbrotKernel.InstructionSet?) -> Result {
                var counts = [UInt32](repeating: 0, count: n * n)
                let t0 = clock()
                counts.withUnsafeMutableBufferPointer { out in
                    xs.withUnsafeBufferPointer { x in
                        let rows = Rows(p: out.baseAddress!, x: x.baseAddress!)
                        if let set {
                            DispatchQueue.concurrentPerform(iterations: n) { j in
                                MandelbrotKernel.simdRow(cx: rows.x, cy: ys[j], count: n, limit: limit, counts: rows.p + j * n, using: set)
                            }
                        } else {
                            for j in 0..<n { MandelbrotKernel.scalarRow(cx: rows.x, cy: ys[j], count: n, limit: limit, counts: rows.p + j * n) }
                        }
                    }
                }
                let t = clock() - t0
                return Result(seconds: t, iterations: counts.reduce(0) { $0 + Int($1) }, checksum: MandelbrotKernel.fnv1a64(counts))
            }
            // The median of several runs of each (the machine may be shared), alternating them.
            var fastRuns: [Result] = [], scalarRuns: [Result] = []
            // The fast kernel takes milliseconds, so one preemption spoils a run: more runs of it.
            for k in 0..<9 {
                fastRuns.append(measure(MandelbrotKernel.instructionSet))
                if k % 3 == 0 { scalarRuns.append(measure(nil)) }
            }
            func median(_ runs: [Result]) -> Result { runs.sorted { $0.seconds < $1.seconds }[runs.count / 2] }
            let fast = median(fastRuns), scalar = median(scalarRuns)
            func line(_ name: String, _ r: Result) {
                print(String(format: "  limit %4d  %-26@ %8.4f s  %11d iterations  %6.3f Giter/s  fnv1a64 %016llx",
                             limit, name as NSString, r.seconds, r.iterations, Double(r.iterations) / r.seconds / 1e9, r.checksum))
            }
            line("optimised (SIMD, threads)", fast)
            line("scalar (1 thread)", scalar)
            print(String(format: "  limit %4d  ratio %.1fx%@", limit, scalar.seconds / fast.seconds,
                         (fast.checksum == scalar.checksum ? "" : "  COUNTS DIFFER") as NSString))
            // The C yardsticks, run in turn with the project kernel (same rows, same thread
            // count, same counts): its speed as a share of each one's, medians of 11 runs.
            var cRuns: [Result] = [], cIntRuns: [Result] = [], sideRuns: [Result] = [], rendererRuns: [Double] = []
            for _ in 0..<11 {
                if let c = reference(xs: xs, ys: ys, limit: limit, integerCounts: false, clock: clock) { cRuns.append(c) }
                sideRuns.append(measure(MandelbrotKernel.instructionSet))
                if let c = reference(xs: xs, ys: ys, limit: limit, integerCounts: true, clock: clock) { cIntRuns.append(c) }
                rendererRuns.append(renderer(n: n, limit: limit, clock: clock))
            }
            if !cRuns.isEmpty, !cIntRuns.isEmpty {
                let c = median(cRuns), cInt = median(cIntRuns), side = median(sideRuns)
                line("project kernel (threads)", side)
                line("C reference (AVX2, threads)", c)
                print(String(format: "  limit %4d  project kernel / C speed: %.2f%@", limit, c.seconds / side.seconds,
                             (c.checksum == side.checksum ? "" : "  COUNTS DIFFER") as NSString))
                line("C, integer counts", cInt)
                print(String(format: "  limit %4d  project kernel / C integer-count speed: %.2f%@", limit, cInt.seconds / side.seconds,
                             (cInt.checksum == side.checksum ? "" : "  COUNTS DIFFER") as NSString))
            } else {
                print("  limit \(limit)  C reference: this CPU has no AVX2")
            }
            let rendered = rendererRuns.sorted()[rendererRuns.count / 2]
            print(String(format: "  limit %4d  %-26@ %8.4f s  (the app's renderer: coarse preview, then bands of %d rows on %d workers)",
                         limit, "renderer, whole frame" as NSString, rendered, MandelbrotRenderer.bandHeight, cores))
            // For comparison, the slower builds this CPU could also run (what other machines get).
            for set in MandelbrotKernel.availableInstructionSets.dropFirst() {
                let r = median((0..<3).map { _ in measure(set) })
                line("\(set.rawValue) build (threads)", r)
                print(String(format: "  limit %4d  ratio %.1fx%@", limit, scalar.seconds / r.seconds,
                             (r.checksum == scalar.checksum ? "" : "  COUNTS DIFFER") as NSString))
            }
        }
    }
}

// MARK: - The C yardstick and deep views

import CMandelbrotReference
import BigInt

extension MandelbrotBench {
    /// The start view with the C reference kernel (AVX2 intrinsics, every core): seconds and counts.
    static func reference(xs: [Double], ys: [Double], limit: Int, integerCounts: Bool, clock: () -> Double) -> Result? {
        let n = xs.count
        var counts = [UInt32](repeating: 0, count: n * ys.count)
        let t0 = clock()
        let ok = touchdesk_reference_mandelbrot(xs, ys, Int32(n), Int32(ys.count), Int32(limit), &counts,
                                                Int32(ProcessInfo.processInfo.activeProcessorCount), integerCounts ? 1 : 0)
        let t = clock() - t0
        guard ok != 0 else { return nil }
        return Result(seconds: t, iterations: counts.reduce(0) { $0 + Int($1) }, checksum: MandelbrotKernel.fnv1a64(counts))
    }

    /// The start view at n × n through the app's renderer (coarse then fine tasks, one worker per
    /// core), start to last tile: seconds.
    static func renderer(n: Int, limit: Int, clock: () -> Double) -> Double {
        render(MandelbrotFrame(window: .start, width: n, height: n, limit: limit), clock: clock).wall
    }

    /// One frame through the app's renderer, start to last tile: wall and process CPU seconds.
    static func render(_ frame: MandelbrotFrame, clock: () -> Double) -> (wall: Double, cpu: Double) {
        let r = MandelbrotRenderer()
        let c0 = processCPU(), t0 = clock()
        r.start(frame)
        r.waitUntilComputed()
        let t = (wall: clock() - t0, cpu: processCPU() - c0)
        _ = r.drain()
        return t
    }

    // MARK: - Recolouring

    /// Recolouring a big picture: fitting a colouring to every pixel's value, then painting every
    /// pixel into a 32-bit image. On the start view (limit 200, smooth, so values are fractional)
    /// rendered at 3840 × 2160 and 7680 × 4320 device pixels; median of 7 runs of each palette.
    /// "old" is the recolour as the window did it before (`MandelbrotColoringReference`: the fit
    /// in plain passes on one thread, the plain row painter); "new" gathers the statistics on
    /// every core in one pass and paints with the fast row painter; "new, P" is a palette change
    /// that reuses the statistics of unchanged values. The two images are compared pixel for pixel.
    static func runRecolor(clock: () -> Double) {
        print("mandelbrot: recolouring (fit the palette + paint every pixel), median of 7; old = before this change, in the same run")
        for (w, h) in [(3840, 2160), (7680, 4320)] {
            let r = MandelbrotRenderer()
            var picture = MandelbrotPicture(width: w, height: h)
            r.start(MandelbrotFrame(window: .start, width: w, height: h, limit: 200, smooth: true))
            r.waitUntilComputed()
            for t in r.drain() { picture.apply(t) }
            let stride = w * 4
            let old = UnsafeMutableRawPointer.allocate(byteCount: stride * h, alignment: 16)
            let new = UnsafeMutableRawPointer.allocate(byteCount: stride * h, alignment: 16)
            defer { old.deallocate(); new.deallocate() }
            let cached = picture.stats(histogram: true)
            for kind in MandelbrotPaletteKind.allCases {
                var oldFit: [Double] = [], oldPaint: [Double] = [], newFit: [Double] = [], newPaint: [Double] = [], reuse: [Double] = []
                for _ in 0..<7 {
                    var t0 = clock()
                    let a = MandelbrotColoringReference.coloring(picture, kind, period: MandelbrotModel.startPeriod)
                    var t1 = clock()
                    MandelbrotColoringReference.paint(picture, a, into: old, stride: stride)
                    var t2 = clock()
                    oldFit.append(t1 - t0); oldPaint.append(t2 - t1)
                    t0 = clock()
                    let b = picture.coloring(kind, period: MandelbrotModel.startPeriod)
                    t1 = clock()
                    picture.paint(b, into: new, stride: stride)
                    t2 = clock()
                    newFit.append(t1 - t0); newPaint.append(t2 - t1)
                    t0 = clock()
                    let c = MandelbrotColoring(kind: kind, period: MandelbrotModel.startPeriod, stats: cached)
                    picture.paint(c, into: new, stride: stride)
                    reuse.append(clock() - t0)
                }
                let same = memcmp(old, new, stride * h) == 0
                func ms(_ x: [Double]) -> Double { x.sorted()[x.count / 2] * 1000 }
                let before = ms(oldFit) + ms(oldPaint), after = ms(newFit) + ms(newPaint)
                print(String(format: "  %4dx%-4d  %-17@ old fit %6.1f + paint %6.1f = %6.1f ms | new fit %6.1f + paint %6.1f = %6.1f ms (%4.1fx) | new, P %6.1f ms (%4.1fx) | %@",
                             w, h, kind.title as NSString, ms(oldFit), ms(oldPaint), before, ms(newFit), ms(newPaint), after,
                             before / after, ms(reuse), before / ms(reuse), (same ? "identical" : "DIFFERENT") as NSString))
            }
        }
    }

    /// A documented deep view: centre, width, and where the centre comes from.
    struct DeepView { let name: String; let center: ComplexDecimal; let width: DecimalNumber; let origin: String }

    /// What one render of a deep view gives.
    struct DeepRun {
        var prepare: Double, total: Double, iterations: Int, limit: Int
        var above1000: Double, atLimit: Double, minCount: Int, medianCount: Int, maxCount: Int
        var scalarLanes: Int
        /// CPU seconds of the whole process during the render (all threads).
        var cpu: Double = 0
    }

    /// CPU seconds used so far by every thread of this process.
    static func processCPU() -> Double {
        var u = rusage()
        getrusage(RUSAGE_SELF.rawValue, &u)
        return Double(u.ru_utime.tv_sec) + Double(u.ru_utime.tv_usec) / 1e6 + Double(u.ru_stime.tv_sec) + Double(u.ru_stime.tv_usec) / 1e6
    }

    /// Renders a deep view at `w` × `h` on every core the way the renderer does (one DeepFrame,
    /// rows handed out to threads): seconds to prepare (reference orbit, BLA table), seconds in
    /// all, the counts' sum (iterations done, counting skipped ones) and their spread.
    static func renderDeep(_ v: DeepView, w: Int, h: Int, clock: () -> Double) -> DeepRun {
        let window = MandelbrotWindow(center: v.center, width: v.width)
        let limit = MandelbrotModel(window: window).limit
        var counts = [UInt32](repeating: 0, count: w * h)
        let c0 = processCPU()
        let t0 = clock()
        let frame = DeepFrame(window: window, width: w, height: h, limit: limit)
        let t1 = clock()
        let scalar = Mutex(0)
        counts.withUnsafeMutableBufferPointer { out in
            let rows = Rows(p: out.baseAddress!, x: UnsafePointer(bitPattern: 8)!)
            DispatchQueue.concurrentPerform(iterations: h) { j in
                let s = frame.row(j, count: w, counts: rows.p + j * w, norms: nil).scalarPixels
                scalar.withLock { $0 += s }
            }
        }
        let t2 = clock()
        let sorted = counts.sorted()
        let total = counts.reduce(0) { $0 + Int($1) }
        let n = Double(w * h)
        return DeepRun(prepare: t1 - t0, total: t2 - t0, iterations: total, limit: limit,
                       above1000: Double(counts.filter { $0 > 1000 }.count) / n,
                       atLimit: Double(counts.filter { $0 >= limit }.count) / n,
                       minCount: Int(sorted.first!), medianCount: Int(sorted[sorted.count / 2]), maxCount: Int(sorted.last!),
                       scalarLanes: scalar.withLock { $0 }, cpu: processCPU() - c0)
    }

    /// The copy of the tip c = i inside the period-25 minibrot near −0.742 + 0.14i (seahorse
    /// valley; its complex size is about 2.8e-4): a Misiurewicz point whose orbit is periodic with
    /// period 50 from step 26 on (Newton's method is asked for a root of z₁₀₀ = z₅₀, which
    /// holds from any step past 26; see MandelbrotNucleusTests),
    /// the centre of a spiral that looks alike at every depth, so a view of it at any width is
    /// full of structure. Escape counts near i grow by about 2.67 per decade of depth, and inside
    /// the mini every step of those is 25 steps, so counts there run from about 1,700 (1e-30)
    /// to about 20,000 (1e-300), below the automatic limits (3,236 and 30,146).
    /// Found with `touchdesk-bench mandelbrot-find --near -0.742,0.14 --periods 25`: the
    /// atom-domain periods of −0.742 + 0.14i are 2 and 25; Newton's method gives the period-25
    /// nucleus and its size s, then, from nucleus + s·i, the root of z₁₀₀(c) = z₅₀(c) with the
    /// nucleus deflated (MandelbrotNucleus.misiurewicz), at 1,200 bits (360 digits). A direct
    /// MPFR iteration 1e-30, 1e-100 and 1e-300 away from it counts 1,765, 6,252 and 18,391 steps.
    static let spiral25 = ComplexDecimal(
        try! DecimalNumber.parse("-0.7428525134777288781005630827905365184062064141089570760315226312080967093710596995157457416407636"
            + "7724506420505173808128277415355694145643189022149161594592995231358341398248415941842729141447450453"
            + "6753298413056999094919995053938699363949370775357825517811688564049532784784989649233664022882904802"
            + "7733744338110871638010749455715856899811446122209451964689651838907"),
        try! DecimalNumber.parse("0.13909237487424287327793534825161347176235329952838484077013618616741163609765233401543462643594891"
            + "1213620728468142587808151260290946121178056825504553106161125254055969137812969927901394857414472755"
            + "2303040280635168439484409714689569795795791603847160118088412658901273392001327364832067574553642879"
            + "947095231317501272048318202400370454686664250161851713060636165228"))

    /// The deep views the bench renders at 1920 × 1080.
    static let deepViews = [
        DeepView(name: "1e-30 spiral in a period-25 mini", center: spiral25, width: try! DecimalNumber.parse("1e-30"),
                 origin: "the period-25 mini's copy of c = i (MandelbrotBench.spiral25)"),
        DeepView(name: "1e-300 spiral in a period-25 mini", center: spiral25, width: try! DecimalNumber.parse("1e-300"),
                 origin: "the same Misiurewicz point, 270 decades deeper"),
    ]

    /// The deep views, each rendered `runs` times (median), with the start view's SIMD speed at
    /// limit 1000 measured in the same run for comparison.
    static func runDeep(runs: Int = 3, clock: () -> Double) {
        print("mandelbrot: deep views at 1920x1080, \(ProcessInfo.processInfo.activeProcessorCount) cores, \(MandelbrotKernel.instructionSet.rawValue) (median of \(runs))")
        var shallowRates: [Double] = []
        for v in deepViews {
            var results: [DeepRun] = []
            for _ in 0..<runs {
                results.append(renderDeep(v, w: 1920, h: 1080, clock: clock))
                shallowRates.append(shallowRate(clock: clock))
            }
            let r = results.sorted { $0.total < $1.total }[runs / 2]
            let rate = Double(r.iterations) / r.total
            print(String(format: "  %-34@ limit %6d  prepare %.3f s  complete %.3f s  %.3e iterations  %.3f Giter/s effective",
                         v.name as NSString, r.limit, r.prepare, r.total, Double(r.iterations), rate / 1e9))
            let cores = Double(ProcessInfo.processInfo.activeProcessorCount)
            print(String(format: "    CPU time %.3f s on all threads: %.3f s per core (about the time to complete when nothing else runs)", r.cpu, r.cpu / cores))
            print(String(format: "    counts: %.0f%% above 1000, %.1f%% at the limit, min %d  median %d  max %d;  %d pixels by the scalar path",
                         r.above1000 * 100, r.atLimit * 100, r.minCount, r.medianCount, r.maxCount, r.scalarLanes))
            let shallow = shallowRates.sorted()[shallowRates.count / 2]
            print(String(format: "    effective speed / start view's SIMD speed (limit 1000, same run): %.2f", rate / shallow))
            print("    centre: \(v.origin)")
        }
    }

    /// Across the switch to perturbation (a pixel spacing of 2e-12): the seahorse point at
    /// widths from 4e-8 to 2.5e-10 at 1920 × 1080, each through the app's renderer (coarse then
    /// fine tasks, every core) at the automatic limit: wall and CPU seconds, median of `runs`.
    static func runCliff(runs: Int = 3, clock: () -> Double) {
        print("mandelbrot: across the switch to perturbation, seahorse at 1920x1080 through the app's renderer (median of \(runs))")
        for text in ["4e-8", "1e-8", "4.4e-9", "4.2e-9", "2e-9", "1e-9", "2.5e-10"] {
            let window = MandelbrotWindow(center: seahorse, width: try! DecimalNumber.parse(text))
            let limit = MandelbrotModel(window: window).limit
            let frame = MandelbrotFrame(window: window, width: 1920, height: 1080, limit: limit)
            var walls: [Double] = [], cpus: [Double] = []
            for _ in 0..<runs {
                let t = render(frame, clock: clock)
                walls.append(t.wall); cpus.append(t.cpu)
            }
            print(String(format: "  width %-7@ limit %5d  %@  complete %.3f s, CPU %.3f s", text as NSString, limit,
                         (frame.usesPerturbation ? "perturbation" : "doubles     ") as NSString, walls.sorted()[runs / 2], cpus.sorted()[runs / 2]))
        }
    }

    /// The vector and the scalar loop on 40 rows of each deep view: seconds and differing counts.
    /// Then, for up to `probes` pixels where the two differ, a direct MPFR count at the pixel's
    /// centre and 10⁻⁹ of a pixel to either side: where those differ, the pixel's count changes
    /// within a far smaller distance than either loop's rounding can move it, so neither loop is
    /// "wrong" there.
    static func compareDeep(rows: Int = 40, probes: Int = 12, clock: () -> Double) {
        for v in deepViews {
            let window = MandelbrotWindow(center: v.center, width: v.width)
            let limit = MandelbrotModel(window: window).limit
            let frame = DeepFrame(window: window, width: 1920, height: 1080, limit: limit)
            var a = [UInt32](repeating: 0, count: 1920), b = a
            var ta = 0.0, tb = 0.0, differ = 0, sa = 0, sb = 0, most = 0
            var differing: [(Int, Int)] = []
            for j in stride(from: 0, to: 1080, by: 1080 / rows) {
                let t0 = clock()
                sa += frame.row(j, count: 1920, counts: &a, norms: nil).iterations
                let t1 = clock()
                sb += frame.scalarRow(j, count: 1920, counts: &b)
                let t2 = clock()
                ta += t1 - t0; tb += t2 - t1
                differ += zip(a, b).filter { $0 != $1 }.count
                most = max(most, zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0)
                if let i = (0..<1920).first(where: { a[$0] != b[$0] }), differing.count < probes { differing.append((i, j)) }
            }
            print(String(format: "%@: vector %.3f s (%.3f Giter/s), scalar %.3f s (%.3f Giter/s), one thread's CPU time; %d of %d counts differ, by at most %d",
                         v.name as NSString, ta, Double(sa) / ta / 1e9, tb, Double(sb) / tb / 1e9, differ, rows * 1920, most))
            let spacing = window.extendedSpan / ExtendedDouble(1080.0)
            var unsteady = 0
            for (i, j) in differing {
                let y = frame.extendedOffset(i, j).y
                let counts = [-1e-9, 0, 1e-9].map { f in
                    MandelbrotKernel.iterationsMPFR(center: v.center, offsetX: ExtendedDouble(Double(i) + 0.5 + f - 960) * spacing,
                                                    offsetY: y, limit: limit, precision: frame.orbit.precision + 64)
                }
                if Set(counts).count > 1 { unsteady += 1 }
            }
            print("    of \(differing.count) differing pixels probed, \(unsteady) change count in MPFR within 1e-9 of a pixel")
        }
    }

    /// Iterations per second of the SIMD kernel on the 1024² start view at limit 1000, every core.
    static func shallowRate(clock: () -> Double) -> Double {
        let n = 1024
        let xs = MandelbrotKernel.pixelCenters(from: -2, to: 1, count: n)
        let ys = MandelbrotKernel.pixelCenters(from: 1.5, to: -1.5, count: n)
        var counts = [UInt32](repeating: 0, count: n * n)
        let t0 = clock()
        counts.withUnsafeMutableBufferPointer { out in
            xs.withUnsafeBufferPointer { x in
                let rows = Rows(p: out.baseAddress!, x: x.baseAddress!)
                DispatchQueue.concurrentPerform(iterations: n) { j in
                    MandelbrotKernel.simdRow(cx: rows.x, cy: ys[j], count: n, limit: 1000, counts: rows.p + j * n)
                }
            }
        }
        let t = clock() - t0
        return Double(counts.reduce(0) { $0 + Int($1) }) / t
    }

    /// Wikipedia's "Seahorse valley" zoom centre (the Mandelbrot set article's zoom sequence).
    static let seahorse = ComplexDecimal(try! DecimalNumber.parse("-0.743643887037158704752191506114774"),
                                         try! DecimalNumber.parse("0.131825904205311970493132056385139"))

    /// An exact decimal for a wide-range double.
    static func decimal(_ e: ExtendedDouble) -> DecimalNumber {
        let m = DecimalNumber(e.mantissa)
        if e.exponent >= 0 { return m * DecimalNumber(significand: BigInt(2).power(e.exponent), exponent: 0) }
        return (m * DecimalNumber(significand: BigInt(5).power(-e.exponent), exponent: e.exponent)).rounded(significantDigits: 30)
    }

}

// MARK: - Finding demanding deep views

extension MandelbrotBench {
    /// Lists the minibrots of the atom domains containing the seahorse point (period, size, the
    /// rough escape count a view `width` wide centred on the mini's copy of c = i would have:
    /// P × 2.67 × log₁₀(size / width), since near i counts grow by 2.67 per decade of depth),
    /// then computes that copy of i exactly for the periods asked (`--periods 24,20`).
    static func findSpirals(near point: ComplexDecimal = seahorse, periods wanted: [Int], log: (String) -> Void) {
        let precision = 1200
        let periods = MandelbrotNucleus.atomPeriods(near: point, limit: 3000, precision: 256)
        log("atom periods near \(point.x), \(point.y): \(periods.prefix(40).map(String.init).joined(separator: " "))")
        for p in periods where p <= 400 {
            guard let found = MandelbrotNucleus.nucleus(period: p, from: point, precision: 256) else { continue }
            let sizeLog = max(found.size.x.log10Magnitude, found.size.y.log10Magnitude)
            log(String(format: "  period %4d  size 1e%.2f  count at 1e-30 ~%6.0f  at 1e-300 ~%7.0f", p, sizeLog,
                       Double(p) * 2.67 * (sizeLog + 30), Double(p) * 2.67 * (sizeLog + 300)))
            guard wanted.contains(p) else { continue }
            // The nucleus again at full precision, then Newton from nucleus + size·i.
            guard let exact = MandelbrotNucleus.nucleus(period: p, from: found.center, precision: precision) else { continue }
            let sx = exact.size.x, sy = exact.size.y
            let start = ComplexDecimal(exact.center.x - decimal(sy), exact.center.y + decimal(sx))
            log("    nucleus \(exact.center.x.rounded(significantDigits: 30)), \(exact.center.y.rounded(significantDigits: 30)); size \(sx), \(sy)")
            for (name, ox, oy) in [("start", sy * -1, sx), ("-2", sx * -2, sy * -2), ("0.25", sx * 0.25, sy * 0.25)] {
                let n = MandelbrotKernel.iterationsMPFR(center: exact.center, offsetX: ox, offsetY: oy, limit: 100_000, precision: 300)
                log("    count at nucleus + size·\(name): \(n)")
            }
            if let m = MandelbrotNucleus.misiurewicz(preperiod: 2 * p, period: 2 * p, deflating: p, from: start, precision: precision) {
                log("    found - nucleus: \((m.x - exact.center.x).rounded(significantDigits: 5)), \((m.y - exact.center.y).rounded(significantDigits: 5))")
                for d in [-30, -100, -300] {
                    let o = ExtendedDouble(1, exponent: Int(Double(d) * 3.3219))
                    let n = MandelbrotKernel.iterationsMPFR(center: m, offsetX: o, offsetY: o, limit: 100_000, precision: precision)
                    log("    count 1e\(d) from it: \(n)")
                }
                log("    copy of i in the period-\(p) mini (preperiod \(2 * p), period \(2 * p)):\n    re \(m.x)\n    im \(m.y)")
            } else {
                log("    Newton did not converge")
            }
        }
    }
}
