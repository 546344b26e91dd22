import Foundation
import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskModels
import TouchDeskViews
import TouchDeskWeb

/// `touchdesk-bench web`: the start page to the first full paint of both views, cold (a new
/// engine: helper, web and network processes start) and warm (the same engine loads it again);
/// a long page's load; the UI thread's time to draw Web Pages' whole 1920×1080 frame; and the
/// resident memory of TouchDesk plus every engine process, with the start page and with the long
/// page. Medians.
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

        var cold: [Double] = [], warm: [Double] = [], long: [Double] = []
        var startRSS: [Double] = [], longRSS: [Double] = []
        for _ in 0..<runs {
            let app = WebApp(environment: env)
            let t0 = clock()
            app.layout(in: size, scale: 1)
            app.finishLoading()
            cold.append((clock() - t0) * 1000)
            let t1 = clock()
            app.open(start)
            app.finishLoading()
            warm.append((clock() - t1) * 1000)
            startRSS.append(residentMB(of: app))
            let t2 = clock()
            app.open(WebURL(filePath: longFile))
            app.finishLoading()
            long.append((clock() - t2) * 1000)
            longRSS.append(residentMB(of: app))
        }
        print(String(format: "web: start page to both views painted, cold (new engine): %.0f ms", median(cold)))
        print(String(format: "web: start page to both views painted, warm: %.0f ms", median(warm)))
        print(String(format: "web: long page (2000 paragraphs, a 400-row table) loaded and painted: %.0f ms", median(long)))
        print(String(format: "web: resident memory, TouchDesk + engine processes: %.0f MB with the start page, %.0f MB with the long page",
                     median(startRSS), median(longRSS)))

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
