import Foundation
import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskModels
import TouchDeskViews
import TouchDeskWeb

/// `touchdesk-bench web`: the start page to the first full paint of both views, cold (a new
/// engine: helper, web and network processes start) and warm (the same engine loads it again);
/// a long page's load; the resident memory of TouchDesk plus every engine process, with the start
/// page and with the long page (with WebKit's browser and document-viewer cache models); the UI thread's
/// time to draw Web Pages' whole 1920×1080 frame; and scrolling the long page. Medians.
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

        // Before: WebKit's browser cache model (a back/forward page cache, a large memory cache);
        // after: the document-viewer model, the helper's default.
        for (label, cache) in [("before (browser cache model)", "browser"), ("after (document-viewer cache model)", "viewer")] {
            setenv("TOUCHDESK_WEB_CACHE_MODEL", cache, 1)
            var cold: [Double] = [], warm: [Double] = [], long: [Double] = []
            var startRSS: [Double] = [], longRSS: [Double] = [], processes: [Double] = []
            for _ in 0..<runs {
                let app = WebApp(environment: env)
                let t0 = clock()
                app.layout(in: size, scale: 1)
                cold.append(firstFullPaint(app, since: t0, clock: clock))
                app.finishLoading()
                let t1 = clock()
                app.open(start)
                warm.append(firstFullPaint(app, since: t1, clock: clock))
                app.finishLoading()
                startRSS.append(residentMB(of: app))
                processes.append(Double(1 + (app.enginePID.map { [$0] + descendants(of: $0) }?.count ?? 0)))
                let t2 = clock()
                app.open(WebURL(filePath: longFile))
                long.append(firstFullPaint(app, since: t2, clock: clock))
                app.finishLoading()
                longRSS.append(residentMB(of: app))
            }
            print("web, \(label):")
            print(String(format: "web:   start page to both views painted, cold (new engine): %.0f ms", median(cold)))
            print(String(format: "web:   start page to both views painted, warm: %.0f ms", median(warm)))
            print(String(format: "web:   long page (2000 paragraphs, a 400-row table) loaded and painted: %.0f ms", median(long)))
            print(String(format: "web:   resident memory over %.0f processes: %.0f MB with the start page, %.0f MB with the long page",
                         median(processes), median(startRSS), median(longRSS)))
        }
        unsetenv("TOUCHDESK_WEB_CACHE_MODEL")

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

    /// From `t0` until the page asked for has loaded in both views and the fit view has its zoom;
    /// the helper draws the frames as soon as it is idle after that (a page identical to the one
    /// shown sends none, so waiting for a frame would not end). In ms; 30 s at most.
    static func firstFullPaint(_ app: WebApp, since t0: Double, clock: () -> Double) -> Double {
        while clock() - t0 < 30 {
            _ = app.tick()
            if !app.page.isLoading, !app.page.awaitingLoad, app.page.fitted { break }
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

    /// TouchDesk's resident memory plus that of the engine helper and all its descendants.
    static func residentMB(of app: WebApp) -> Double {
        var total = rssKB(getpid())
        if let helper = app.enginePID { for pid in [helper] + descendants(of: helper) { total += rssKB(pid) } }
        return Double(total) / 1024
    }

    static func rssKB(_ pid: pid_t) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
        }
        return 0
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
