import Foundation
import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskModels
import AppWebPages
import TouchDeskWeb
import TouchDeskToolkit

/// `touchdesk-bench web`: the start page to the first full paint of both views, cold (a new
/// engine: helper, web and network processes start), again in the running engine, and warm (a
/// spare engine the home screen started); a long page's load; the memory (RSS and PSS) of
/// TouchDesk plus every engine process, with the start page and with the long page, with a web
/// process per view and with one shared; the UI thread's time to draw Web Pages' whole 1920×1080
/// frame; and scrolling the long page. Medians.
@MainActor
enum WebPagesBench {
    static func run(frames: Int, clock: () -> Double) {
        guard let assets = Assets.locate() else {
            print("web: no assets folder found (set TOUCHDESK_ASSETS)")
            return
        }
        let longFile = NSTemporaryDirectory() + "/touchdesk-bench-long-\(getpid()).html"
        _ = FileManager.default.createFile(atPath: longFile, contents: Data(longPage().utf8))
        defer { try? FileManager.default.removeItem(atPath: longFile) }
        var env = AppEnvironment(picturesDirectory: NSTemporaryDirectory(), dataDirectory: NSTemporaryDirectory(),
                                 homeDirectory: NSTemporaryDirectory())
        env.assetsDirectory = assets
        let size = Size(1920, 1080)
        let start = WebApp.startPage(env)
        let runs = max(3, min(frames, 7))

        // Before: each view in a web process of its own; after: the fit view shares the as-is
        // view's process (the helper's default). Memory is counted twice: resident (RSS) summed over
        // the processes, which counts every shared library once per process, and proportional
        // (PSS), which splits each shared page among the processes that map it, so the sum is what
        // the processes together take from the machine.
        for (label, separate) in [("before (a web process per view)", true), ("after (one web process for both views)", false)] {
            if separate { setenv("TOUCHDESK_WEB_SEPARATE_PROCESSES", "1", 1) } else { unsetenv("TOUCHDESK_WEB_SEPARATE_PROCESSES") }
            var cold: [Double] = [], again: [Double] = [], long: [Double] = []
            var startMemory: [Memory] = [], longMemory: [Memory] = []
            for _ in 0..<runs {
                let app = WebApp(environment: env)
                let t0 = clock()
                app.layout(in: size, scale: 1)
                cold.append(firstFullPaint(app, since: t0, clock: clock))
                app.finishLoading()
                let t1 = clock()
                app.open(start)
                again.append(firstFullPaint(app, since: t1, clock: clock))
                app.finishLoading()
                startMemory.append(memory(of: app))
                let t2 = clock()
                app.open(WebURL(filePath: longFile))
                long.append(firstFullPaint(app, since: t2, clock: clock))
                app.finishLoading()
                longMemory.append(memory(of: app))
            }
            print("web, \(label):")
            print(String(format: "web:   start page to both views painted, cold (no engine running): %.0f ms", median(cold)))
            print(String(format: "web:   start page again in the running engine: %.0f ms", median(again)))
            print(String(format: "web:   long page (2000 paragraphs, a 400-row table) loaded and painted: %.0f ms", median(long)))
            for (what, m) in [("start page", startMemory), ("long page", longMemory)] {
                print("web:   memory with the \(what) over \(m.last?.processes.count ?? 0) processes: "
                      + String(format: "RSS summed %.0f MB, PSS summed %.0f MB", median(m.map(\.rss)), median(m.map(\.pss))))
            }
            if let last = longMemory.last {
                print("web:   per process with the long page (RSS / PSS MB): " + last.processes.map { "\($0.name) " + String(format: "%.0f/%.0f", $0.rss, $0.pss) }.joined(separator: ", "))
            }
        }
        unsetenv("TOUCHDESK_WEB_SEPARATE_PROCESSES")
        warmStart(env, size: size, runs: runs, clock: clock)

        // The UI thread's share of a frame: drawing the app with both views' frames, 1920×1080.
        let app = WebApp(environment: env)
        app.layout(in: size, scale: 1)
        app.finishLoading()
        let target = ImageSurface(size: size, format: .rgb)
        var draws: [Double] = []
        for _ in 0..<max(frames, 20) {
            let t0 = clock()
            _ = app.tick()
            target.draw { app.draw($0) }
            draws.append((clock() - t0) * 1000)
        }
        print(String(format: "web: UI thread per frame (tick + draw) at 1920x1080: %.2f ms", median(draws)))
        scroll(app, target: target, longFile: longFile, clock: clock)
    }

    /// From `t0` until the page asked for has loaded in both views, the fit view has its zoom and
    /// both views show a frame at their size (a page identical to the one shown sends no new
    /// frame, so the frame may be the one before). In ms; 30 s at most.
    static func firstFullPaint(_ app: WebApp, since t0: Double, clock: () -> Double) -> Double {
        while clock() - t0 < 30 {
            _ = app.tick()
            if !app.page.isLoading, !app.page.awaitingLoad, app.page.fitted, app.bothViewsPainted { break }
            usleep(2000)
        }
        return (clock() - t0) * 1000
    }

    /// Scrolling the long page in the as-is view by one wheel notch per 60 Hz frame for three
    /// seconds: how many new frames of it the engine delivers per second, and the UI thread's time
    /// per frame (the wheel event, the tick that takes in the frame, the draw).
    static func scroll(_ app: WebApp, target: ImageSurface, longFile: String, clock: () -> Double) {
        app.open(WebURL(filePath: longFile))
        app.finishLoading()
        // The middle of the as-is view, the window's left half.
        let at = Point(target.size.width / 4, target.size.height / 2)
        let before = app.framesReceived[0]
        var ui: [Double] = []
        let t0 = clock()
        var n = 0
        while clock() - t0 < 3 {
            let f0 = clock()
            _ = app.handle(.scroll(at, dy: 1))
            _ = app.tick()
            target.draw { app.draw($0) }
            ui.append((clock() - f0) * 1000)
            n += 1
            let next = t0 + Double(n) / 60
            if next > clock() { usleep(UInt32((next - clock()) * 1e6)) }
        }
        let seconds = clock() - t0
        print(String(format: "web: scrolling the long page at 1920x1080, a notch per frame: %.0f page frames/s shown, UI thread %.2f ms per frame (median; slowest %.1f ms)",
                     Double(app.framesReceived[0] - before) / seconds, median(ui), ui.max() ?? 0))
    }

    struct Memory {
        var processes: [(name: String, rss: Double, pss: Double)]
        var rss: Double { processes.map(\.rss).reduce(0, +) }
        var pss: Double { processes.map(\.pss).reduce(0, +) }
    }

    /// TouchDesk (this process) plus the engine helper and all its descendants, from each one's
    /// `/proc/PID/smaps_rollup`, in MB.
    static func memory(of app: WebApp) -> Memory {
        let pids = [getpid()] + (app.enginePID.map { [$0] + descendants(of: $0) } ?? [])
        return Memory(processes: pids.map { pid in
            let name = pid == getpid() ? "touchdesk" : ((try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? "?")
                .trimmingCharacters(in: .whitespacesAndNewlines)
            let (rss, pss) = rollup(pid)
            return (name, rss, pss)
        })
    }

    /// Rss and Pss of one process in MB.
    static func rollup(_ pid: pid_t) -> (Double, Double) {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/smaps_rollup", encoding: .utf8) else { return (0, 0) }
        var rss = 0.0, pss = 0.0
        for line in text.split(separator: "\n") {
            let w = line.split(separator: " ", omittingEmptySubsequences: true)
            guard w.count >= 2, let kb = Double(w[1]) else { continue }
            if w[0] == "Rss:" { rss = kb / 1024 } else if w[0] == "Pss:" { pss = kb / 1024 }
        }
        return (rss, pss)
    }

    /// Opening Web Pages with a spare engine (the home screen starts one when the pointer rests on
    /// the tile): taken up 0.3 s after it started (a quick click) and after 3 s (ready), against
    /// no spare (cold). Until both views show the start page at their size.
    static func warmStart(_ env: AppEnvironment, size: Size, runs: Int, clock: () -> Double) {
        for (label, wait) in [("spare started 3 s before", 3.0), ("spare started 0.3 s before", 0.3)] {
            var times: [Double] = [], prepares: [Double] = []
            for _ in 0..<runs {
                let p0 = clock()
                WebApp.prepare(env)
                prepares.append((clock() - p0) * 1000)
                usleep(UInt32(wait * 1e6))
                let app = WebApp(environment: env)
                let t0 = clock()
                app.layout(in: size, scale: 1)
                times.append(firstFullPaint(app, since: t0, clock: clock))
            }
            print("web: opening Web Pages, \(label): "
                  + String(format: "%.0f ms to both views painted (the home screen's call to start it: %.1f ms)", median(times), median(prepares)))
        }
    }

    static func descendants(of pid: pid_t) -> [pid_t] {
        var children: [pid_t] = []
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        for t in tasks {
            let list = (try? String(contentsOfFile: "/proc/\(pid)/task/\(t)/children", encoding: .utf8)) ?? ""
            children += list.split(separator: " ").compactMap { pid_t($0) }
        }
        return children + children.flatMap { descendants(of: $0) }
    }

    static func median(_ xs: [Double]) -> Double {
        let s = xs.sorted()
        return s.isEmpty ? 0 : s[s.count / 2]
    }

    /// A long page: 2000 paragraphs and a 400-row table.
    static func longPage() -> String {
        var html = "<!DOCTYPE html><html><head><meta charset='utf-8'><title>Long</title></head><body>"
        for i in 0..<2000 {
            html += "<p>Paragraph \(i): the quick brown fox jumps over the lazy dog, <b>bold</b> and <i>italic</i> words, <a href='#p\(i)'>a link</a>.</p>"
        }
        html += "<table border=1>"
        for r in 0..<400 { html += "<tr>" + (0..<6).map { "<td>\(r)×\($0)</td>" }.joined() + "</tr>" }
        return html + "</table></body></html>"
    }
}
