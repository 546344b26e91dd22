import Dispatch
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
        let r = MandelbrotRenderer()
        let frame = MandelbrotFrame(window: .start, width: n, height: n, limit: limit)
        let t0 = clock()
        r.start(frame)
        r.waitUntilComputed()
        let t = clock() - t0
        _ = r.drain()
        return t
    }

    // MARK: - Recolouring

    /// The palette refit and repaint the window does on its UI thread whenever the counts on
    /// screen change: fitting a colouring to every pixel's value, then painting every pixel into
    /// a 32-bit image. On the start view (limit 200, smooth, so values are fractional) rendered
    /// at 3840 × 2160 and 7680 × 4320 device pixels; median of 7 runs of each palette.
    static func runRecolour(clock: () -> Double) {
        print("mandelbrot: recolouring (fit the palette + paint every pixel, on the calling thread), median of 7")
        for (w, h) in [(3840, 2160), (7680, 4320)] {
            let r = MandelbrotRenderer()
            var picture = MandelbrotPicture(width: w, height: h)
            r.start(MandelbrotFrame(window: .start, width: w, height: h, limit: 200, smooth: true))
            r.waitUntilComputed()
            for t in r.drain() { picture.apply(t) }
            let stride = w * 4
            let pixels = UnsafeMutableRawPointer.allocate(byteCount: stride * h, alignment: 16)
            defer { pixels.deallocate() }
            for kind in MandelbrotPaletteKind.allCases {
                var fits: [Double] = [], paints: [Double] = []
                var check: UInt64 = 0
                for _ in 0..<7 {
                    let t0 = clock()
                    let coloring = picture.coloring(kind, period: MandelbrotModel.startPeriod)
                    let t1 = clock()
                    picture.paint(coloring, into: pixels, stride: stride)
                    let t2 = clock()
                    fits.append(t1 - t0); paints.append(t2 - t1)
                    check = 0
                    let p = pixels.assumingMemoryBound(to: UInt32.self)
                    for i in Swift.stride(from: 0, to: w * h, by: 997) { check = check &* 31 &+ UInt64(p[i]) }
                }
                let fit = fits.sorted()[3] * 1000, paint = paints.sorted()[3] * 1000
                print(String(format: "  %4dx%-4d  %-18@ fit %7.1f ms  paint %7.1f ms  total %7.1f ms  (sample %016llx)",
                             w, h, kind.title as NSString, fit, paint, fit + paint, check))
            }
        }
    }

    /// A documented deep view: centre, width, and where the centre comes from.
    struct DeepView { let name: String; let center: ComplexDecimal; let width: DecimalNumber; let origin: String }

    /// Renders a deep view at `w` × `h` on every core the way the renderer does (one DeepFrame,
    /// rows handed out to threads): seconds to prepare (reference orbit, BLA table), seconds in
    /// all, the counts' sum (iterations done, counting skipped ones) and the share above 1,000.
    static func renderDeep(_ v: DeepView, w: Int, h: Int, clock: () -> Double) -> (prepare: Double, total: Double, iterations: Int, above1000: Double, limit: Int) {
        let window = MandelbrotWindow(center: v.center, width: v.width)
        let limit = MandelbrotModel(window: window).limit
        var counts = [UInt32](repeating: 0, count: w * h)
        let t0 = clock()
        let frame = DeepFrame(window: window, width: w, height: h, limit: limit)
        let t1 = clock()
        counts.withUnsafeMutableBufferPointer { out in
            let rows = Rows(p: out.baseAddress!, x: UnsafePointer(bitPattern: 8)!)
            DispatchQueue.concurrentPerform(iterations: h) { j in
                frame.row(j, count: w, counts: rows.p + j * w, norms: nil)
            }
        }
        let t2 = clock()
        let total = counts.reduce(0) { $0 + Int($1) }
        let above = Double(counts.filter { $0 > 1000 }.count) / Double(w * h)
        return (t1 - t0, t2 - t0, total, above, limit)
    }

    /// The deep views the bench renders at 1920 × 1080.
    static let deepViews = [
        DeepView(name: "1e-30 at a period-16014 minibrot",
                 center: ComplexDecimal(try! DecimalNumber.parse("-0.74364388703715870475219150611477234432995829545884"),
                                        try! DecimalNumber.parse("0.13182590420531197049313205638513570204655336574781")),
                 width: try! DecimalNumber.parse("1e-30"),
                 origin: "nucleus of the last atom domain containing Wikipedia's seahorse-valley point (touchdesk-bench mandelbrot-find)"),
        DeepView(name: "1e-300 near c = i",
                 center: ComplexDecimal(DecimalNumber(significand: 21, exponent: -302),
                                        DecimalNumber(1) - DecimalNumber(significand: 13, exponent: -302)),
                 width: try! DecimalNumber.parse("1e-300"),
                 origin: "next to the Misiurewicz point i (preperiodic orbit 0, i, -1+i, -i, ...)"),
    ]

    static func runDeep(clock: () -> Double) {
        print("mandelbrot: deep views at 1920x1080, \(ProcessInfo.processInfo.activeProcessorCount) cores (median of 3)")
        for v in deepViews {
            let runs = (0..<3).map { _ in renderDeep(v, w: 1920, h: 1080, clock: clock) }.sorted { $0.total < $1.total }
            let r = runs[1]
            print(String(format: "  %-36@ limit %6d  prepare %.3f s  complete %.3f s  %.3e iterations  %.3f Giter/s effective  %.0f%% above 1000",
                         v.name as NSString, r.limit, r.prepare, r.total, Double(r.iterations), Double(r.iterations) / r.total / 1e9, r.above1000 * 100))
            print("    centre: \(v.origin)")
        }
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

    /// Finds a minibrot deeper than `target`: from the seahorse point, the nucleus of the last
    /// atom domain containing it, then the same seahorse point inside that mini, and so on.
    static func findMinibrot(smallerThan target: Double, log: (String) -> Void) -> (center: ComplexDecimal, period: Int, size: Double)? {
        var c = seahorse
        var precision = 160
        var limit = 20_000
        for round in 0..<60 {
            let periods = MandelbrotNucleus.atomPeriods(near: c, limit: limit, precision: precision)
            guard let p = periods.last, let found = MandelbrotNucleus.nucleus(period: p, from: c, precision: precision) else { return nil }
            let sizeLog = max(found.size.x.log10Magnitude, found.size.y.log10Magnitude)
            log(String(format: "  round %d: period %d, mini size 1e%.1f", round, p, sizeLog))
            if sizeLog < target { return (found.center, p, sizeLog) }
            precision = max(precision, Int(-sizeLog * 3.33) + 160)
            limit = max(limit, 60 * p)
            // The seahorse point of the mini: nucleus + size·(seahorse), size complex.
            let sx = found.size.x, sy = found.size.y
            let ox = sx * seahorse.x.double, oy = sy * seahorse.x.double
            let px = sy * seahorse.y.double, py = sx * seahorse.y.double
            c = ComplexDecimal(found.center.x + decimal(ox) - decimal(px), found.center.y + decimal(oy) + decimal(py))
        }
        return nil
    }
}
