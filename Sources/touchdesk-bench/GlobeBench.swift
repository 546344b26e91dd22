import Dispatch
import Foundation
import TouchDeskGlobe

/// The globe's benchmark: medians of building and loading the cache, of frames while turning the
/// globe at two window sizes on every core, of a frame after a sea-level change, and the resident
/// memory. Numbers to print, never pass/fail.
enum GlobeBench {
    /// Runs everything and returns the lines to print. `frames`: frames per median.
    public static func run(frames: Int = 60, source: String = ETOPO5.defaultPath()) throws -> [String] {
        var lines: [String] = []
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let rssBefore = residentMegabytes()
        lines.append("globe: \(ETOPO5.width)x\(ETOPO5.height) cells, \(cores) cores")
        let dir = NSTemporaryDirectory() + "touchdesk-globe-bench-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: dir) }

        // First run: no cache (each build starts from an empty folder).
        var builds: [Double] = []
        for _ in 0..<3 {
            try? FileManager.default.removeItem(atPath: dir)
            let t0 = now()
            _ = try GlobeCache.loadOrBuild(source: source, directory: dir)
            builds.append(now() - t0)
        }
        lines.append(format("cache build (first run)", median(builds)))
        var loads: [Double] = []
        var data: GlobeData?
        for _ in 0..<9 {
            data = nil  // unmap the previous one, as a new process would start without it
            let t0 = now()
            let result = try GlobeCache.loadOrBuild(source: source, directory: dir)
            loads.append(now() - t0)
            precondition(result.origin == .cache)
            data = result.data
        }
        lines.append(format("cache load (later runs)", median(loads)))
        let globe = data!
        lines.append("  data sets: " + (globe.missingData ?? "ETOPO1, land/water mask, lakes, ETOPO5 on the ice"))
        let placeTimes = times(frames) {
            _ = PlaceReadout(point: GeoPoint(latitude: 13.75, longitude: 100.5), level: 5, on: globe)
        }
        lines.append(format("place readout (Bangkok at +5 m)", placeTimes.wall))

        let renderer = GlobeRenderer()
        for (w, h) in [(900, 640), (1920, 1080)] {
            let stride = w * 4
            let pixels = UnsafeMutableRawPointer.allocate(byteCount: stride * h, alignment: 64)
            defer { pixels.deallocate() }
            var view = GlobeView.start
            let turning = times(frames) {
                // One drag step per frame, as while dragging.
                view.drag(from: (Double(w) / 2, Double(h) / 2), to: (Double(w) / 2 + 7, Double(h) / 2 + 2), width: w, height: h)
                renderer.render(globe, view: view, level: 0, into: pixels, width: w, height: h, stride: stride)
            }
            lines.append(format("frame \(w)x\(h) turning, zoom 1", turning.wall, cpu: turning.cpu))
            // What the window draws while the globe moves in a big window (`GlobeApp.coarseFromPixels`):
            // half the size each way, each pixel a 2 × 2 block; the full frame follows at rest.
            let coarseRenderer = GlobeRenderer()
            var moving = GlobeView.start
            let coarse = times(frames) {
                moving.drag(from: (Double(w) / 2, Double(h) / 2), to: (Double(w) / 2 + 7, Double(h) / 2 + 2), width: w, height: h)
                coarseRenderer.render(globe, view: moving, level: 0, into: pixels, width: w, height: h, stride: stride, coarse: 2)
            }
            lines.append(format("frame \(w)x\(h) turning, coarse (moving)", coarse.wall, cpu: coarse.cpu))
            var zoomed = GlobeView(lookingAt: GeoPoint(latitude: 46, longitude: 8), zoom: 12)
            let close = times(frames) {
                zoomed.drag(from: (Double(w) / 2, Double(h) / 2), to: (Double(w) / 2 + 7, Double(h) / 2 + 2), width: w, height: h)
                renderer.render(globe, view: zoomed, level: 0, into: pixels, width: w, height: h, stride: stride)
            }
            lines.append(format("frame \(w)x\(h) turning, zoom 12", close.wall, cpu: close.cpu))
            var raised = GlobeView.start
            let exaggerated = times(frames) {
                raised.drag(from: (Double(w) / 2, Double(h) / 2), to: (Double(w) / 2 + 7, Double(h) / 2 + 2), width: w, height: h)
                renderer.render(globe, view: raised, level: 0, style: GlobeStyle(exaggeration: 20), into: pixels, width: w, height: h, stride: stride)
            }
            lines.append(format("frame \(w)x\(h) turning, relief 20x", exaggerated.wall, cpu: exaggerated.cpu))
            var level = 0
            let levels = times(frames) {
                level = level == 70 ? 476 : 70
                renderer.render(globe, view: view, level: level, into: pixels, width: w, height: h, stride: stride)
            }
            lines.append(format("frame \(w)x\(h) after a sea-level change", levels.wall, cpu: levels.cpu))
            // The wheel: every frame a new zoom, so the per-pixel sphere coordinates are redone.
            var wheel = GlobeView.start
            let zooming = times(frames) {
                wheel.zoom(by: wheel.zoom > 4 ? 0.8 : 1.25, about: (Double(w) * 0.6, Double(h) * 0.4), width: w, height: h)
                renderer.render(globe, view: wheel, level: 0, into: pixels, width: w, height: h, stride: stride)
            }
            lines.append(format("frame \(w)x\(h) after a zoom step", zooming.wall, cpu: zooming.cpu))
        }
        lines.append("  " + "resident memory before".padding(toLength: 44, withPad: " ", startingAt: 0) + String(format: "%8.1f MB", rssBefore))
        lines.append("  " + "resident memory after".padding(toLength: 44, withPad: " ", startingAt: 0) + String(format: "%8.1f MB", residentMegabytes()))
        lines.append("  (medians; CPU is all threads' time per frame, a fair guess at idle-core speed when the machine is shared)")
        return lines
    }

    /// Wall-clock seconds of `n` runs (after 3 warm-up runs), and the median CPU seconds of all
    /// threads per run: on a machine shared with other work, CPU ÷ cores estimates the wall time
    /// the same frame takes on idle cores.
    static func times(_ n: Int, _ body: () -> Void) -> (wall: Double, cpu: Double) {
        for _ in 0..<3 { body() }
        var cpu: [Double] = []
        let wall = (0..<n).map { _ in
            let t0 = now(), c0 = cpuNow()
            body()
            cpu.append(cpuNow() - c0)
            return now() - t0
        }
        return (median(wall), median(cpu))
    }

    static func cpuNow() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    static func median(_ xs: [Double]) -> Double { xs.sorted()[xs.count / 2] }

    static func format(_ name: String, _ seconds: Double, cpu: Double? = nil) -> String {
        let padded = name.padding(toLength: 44, withPad: " ", startingAt: 0)
        var line = "  " + padded + String(format: "%8.2f ms", seconds * 1000)
        if let cpu {
            let cores = Double(ProcessInfo.processInfo.activeProcessorCount)
            line += String(format: "   CPU %7.2f ms, / %.0f cores = %6.2f ms", cpu * 1000, cores, cpu * 1000 / cores)
        }
        return line
    }

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// VmRSS from /proc/self/status, in MB.
    public static func residentMegabytes() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kb = Double(line.split(separator: " ").dropFirst().first ?? "")
        else { return 0 }
        return kb / 1024
    }
}
