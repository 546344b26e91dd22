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
