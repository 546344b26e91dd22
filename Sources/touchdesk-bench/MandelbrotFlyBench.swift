import Foundation
import TouchDeskDrawing
import TouchDeskInterface
import MandelbrotEngine
import TouchDeskModels

/// `touchdesk-bench mandelbrot-fly`: a scripted 10 s flight (600 ticks of the frame clock at the
/// default speed, 2× per second, about a point off the centre) at 1920 × 1080, from a shallow
/// view (the seahorse valley, 0.01 wide) and from a deep one (the period-25 spiral, 1e-20 wide:
/// perturbation throughout). Every tick's view is built from the last frame as the window's
/// flight thread builds it (`MandelbrotFlightFrame.next`), one after another as fast as they
/// come: the frame time's median gives the frames per second the flight can sustain (the window
/// shows at most one per tick, 60), and the share of pixels computed per frame says how much
/// XaoS's reuse saves. Also the UI thread's part of a frame: copying its colours into the
/// window's surface. Prints the load average, since the machine may be shared.
enum MandelbrotFlyBench {
    static func run(clock: () -> Double) {
        let w = 1920, h = 1080
        let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?"
        print("mandelbrot-fly: 10 s flights at \(w)x\(h), \(ProcessInfo.processInfo.activeProcessorCount) cores, "
              + "\(MandelbrotKernel.instructionSet.rawValue) kernel, load average \(load)")
        let flights = [
            ("shallow: seahorse valley, 0.01 wide", MandelbrotWindow(center: MandelbrotBench.seahorse, width: try! DecimalNumber.parse("0.01"))),
            ("deep: period-25 spiral, 1e-20 wide", MandelbrotWindow(center: MandelbrotBench.spiral25, width: try! DecimalNumber.parse("1e-20"))),
        ]
        for (name, window) in flights {
            var m = MandelbrotModel(window: window)
            func frame() -> MandelbrotFrame { MandelbrotFrame(window: m.window, width: w, height: h, limit: m.limit) }
            // The picture at rest before the flight, rendered as the window renders it.
            let first = frame()
            var picture = MandelbrotPicture(width: w, height: h)
            let r = MandelbrotRenderer()
            let tr0 = clock()
            r.start(first, tasks: picture.plan())
            r.waitUntilComputed()
            let fullRender = clock() - tr0
            for t in r.drain() { picture.apply(t) }
            var last = MandelbrotFlightFrame.start(picture: picture, frame: first, coloring: picture.coloring(.range, period: 64))
            m.startFlight(.inward, aboutWidths: 0.21, -0.13)
            var times: [Double] = [], shares: [Double] = [], references = 0
            let t0 = clock()
            for _ in 0..<600 {
                try! m.tickFlight()
                let f = frame()
                let t = clock()
                last = last.next(f)
                times.append(clock() - t)
                shares.append(last.computedShare)
                if last.newReference { references += 1 }
            }
            let total = clock() - t0
            let sorted = times.sorted(), median = sorted[sorted.count / 2], p90 = sorted[sorted.count * 9 / 10]
            let meanShare = shares.reduce(0, +) / Double(shares.count)
            print("  \(name) → \(m.window.zoomText) zoom, limit \(m.limit)\(last.isDeep ? ", perturbation" : "")")
            print(String(format: "    frame: median %.2f ms (%.0f frames/s), 90th percentile %.2f ms; 600 frames in %.2f s",
                         median * 1000, 1 / median, p90 * 1000, total))
            print(String(format: "    computed per frame: %.2f %% of the pixels on average (%.2f %% median); a full render of the start view: %.0f ms (%.0f× a median frame)",
                         meanShare * 100, shares.sorted()[shares.count / 2] * 100, fullRender * 1000, fullRender / median)
                  + (last.isDeep ? ", new reference orbits: \(references)" : ""))
        }
        // The UI thread's share: the frame's colours into a surface of the picture's size.
        let surface = ImageSurface(size: Size(Double(w), Double(h)), format: .rgb)
        let colors = [UInt32](repeating: 0x336699, count: w * h)
        var copies: [Double] = []
        for _ in 0..<60 {
            let t = clock()
            surface.withPixels { base, stride in
                colors.withUnsafeBytes { c in for y in 0..<h { memcpy(base + y * stride, c.baseAddress! + y * w * 4, w * 4) } }
            }
            copies.append(clock() - t)
        }
        print(String(format: "  the UI thread's part of a frame (its colours into the window's surface): %.2f ms",
                     copies.sorted()[30] * 1000))
    }
}
