import Foundation
import TouchDeskGlobe

/// `touchdesk-bench globe`, second part: Sea Level's tilted view. Medians of a frame while
/// turning at 900 × 640 and 1920 × 1080, straight down and tilted 60° with the relief at 20×,
/// coarse (while moving) and full (at rest), with CPU per frame (all threads), beside the
/// straight-down frame for comparison. Numbers only, never pass/fail.
enum GlobeTiltBench {
    static func run(frames: Int, clock: () -> Double) throws {
        let globe = try GlobeCache.loadOrBuild().data
        let flat = GlobeRenderer(), tilted = TiltedRenderer()
        let style = GlobeStyle(exaggeration: 20)
        print("globe, tilted view (\(ProcessInfo.processInfo.activeProcessorCount) cores):")
        for (w, h) in [(900, 640), (1920, 1080)] {
            let stride = w * 4
            let pixels = UnsafeMutableRawPointer.allocate(byteCount: stride * h, alignment: 64)
            defer { pixels.deallocate() }
            func measure(_ name: String, _ body: (GlobeView) -> Void) {
                var view = GlobeView(lookingAt: GeoPoint(latitude: 24, longitude: 86), zoom: 4, tilt: 60)
                for _ in 0..<3 { body(view) }
                var walls: [Double] = [], cpus: [Double] = []
                for _ in 0..<frames {
                    // One drag step per frame, as while turning.
                    view.drag(from: (Double(w) / 2, Double(h) / 2), to: (Double(w) / 2 + 4, Double(h) / 2 + 1), width: w, height: h)
                    let t0 = clock(), c0 = cpu()
                    body(view)
                    cpus.append(cpu() - c0)
                    walls.append(clock() - t0)
                }
                let cores = Double(ProcessInfo.processInfo.activeProcessorCount)
                let wall = median(walls) * 1000, c = median(cpus) * 1000
                print("  " + "\(name) \(w)x\(h)".padding(toLength: 58, withPad: " ", startingAt: 0)
                      + String(format: "%8.2f ms   CPU %7.2f ms, / %.0f cores = %6.2f ms", wall, c, cores, c / cores))
            }
            measure("straight down, turning, zoom 4") { v in
                var flatView = v
                flatView.tilt = 0
                flat.render(globe, view: flatView, level: 0, into: pixels, width: w, height: h, stride: stride)
            }
            let coarseFlat = GlobeRenderer()
            measure("straight down, turning, coarse (moving)") { v in
                var flatView = v
                flatView.tilt = 0
                coarseFlat.render(globe, view: flatView, level: 0, into: pixels, width: w, height: h, stride: stride, coarse: 2)
            }
            measure("tilt 60°, relief 20×, coarse (moving)") { v in
                tilted.render(globe, view: v, level: 0, style: style, into: pixels, width: w, height: h, stride: stride, coarse: 2)
            }
            measure("tilt 60°, relief 20×, full (at rest)") { v in
                tilted.render(globe, view: v, level: 0, style: style, into: pixels, width: w, height: h, stride: stride)
            }
            // A sea-level step (Ctrl+↑ held: one metre a frame) while the view also turns.
            var level = 0
            measure("tilt 60°, relief 20×, sea-level step, coarse") { v in
                level += 1
                tilted.render(globe, view: v, level: level, style: style, into: pixels, width: w, height: h, stride: stride, coarse: 2)
            }
        }
    }

    static func median(_ xs: [Double]) -> Double { xs.sorted()[xs.count / 2] }

    static func cpu() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
