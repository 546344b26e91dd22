import Foundation
import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskModels
import TouchDeskViews
import TouchDeskWeb

/// `touchdesk-bench web`: the engine's numbers (`WebBench`: parse + layout, relayout, full
/// paints of each view), then what the window pays: Web Pages' whole frame at 1920×1080 while
/// the as-is view scrolls, with the tiles it shows already rendered (the worker renders ahead),
/// and the time the worker takes to render the tiles of one screen after a jump. Medians.
@MainActor
enum WebPagesBench {
    static func run(frames: Int, clock: () -> Double) {
        guard let assets = Assets.locate() else {
            print("web: no assets folder found (set TOUCHDESK_ASSETS)")
            return
        }
        let startPage = WebURL(filePath: assets + "/web/index.html")
        for line in WebBench.run(startPage: startPage) { print("web: " + line) }

        let longFile = NSTemporaryDirectory() + "/touchdesk-bench-long-\(getpid()).html"
        _ = FileManager.default.createFile(atPath: longFile, contents: Data(WebBench.longPage().utf8))
        defer { try? FileManager.default.removeItem(atPath: longFile) }

        let size = Size(1920, 1080)
        var env = AppEnvironment(picturesDirectory: NSTemporaryDirectory(), dataDirectory: NSTemporaryDirectory(),
                                 homeDirectory: NSTemporaryDirectory())
        env.assetsDirectory = assets
        let target = ImageSurface(size: size, format: .rgb)
        // What any 1920×1080 frame costs on this machine, for comparison: one fill of the whole
        // buffer, and the home screen.
        var fills: [Double] = []
        for _ in 0..<frames {
            let t0 = clock()
            target.draw { $0.fill(Rect(x: 0, y: 0, width: size.width, height: size.height), Color(0.5, 0.5, 0.5)) }
            fills.append((clock() - t0) * 1000)
        }
        let home = Shell(tiles: Registry.tiles, environment: env)
        home.layout(in: size, scale: 1)
        var homes: [Double] = []
        for _ in 0..<frames {
            let t0 = clock()
            target.draw { home.draw($0) }
            homes.append((clock() - t0) * 1000)
        }
        print(String(format: "web: for comparison at 1920x1080: one fill of the buffer %.3f ms, the home screen %.3f ms",
                     median(fills), median(homes)))
        for (name, url) in [("start page", startPage), ("long page", WebURL(filePath: longFile))] {
            let shell = Shell(tiles: Registry.tiles, environment: env)
            shell.open(id: WebApp.id)
            shell.layout(in: size, scale: 1)
            guard let app = shell.current?.app as? WebApp else { return }
            app.open(url)
            app.finishLoading()
            var still: [Double] = []
            for _ in 0..<frames {
                let t0 = clock()
                target.draw { shell.draw($0) }
                still.append((clock() - t0) * 1000)
            }
            var pageOnly: [Double] = []
            for _ in 0..<frames {
                let t0 = clock()
                target.draw { cr in
                    for pane in WebPagesModel.Pane.allCases {
                        let v = app.model[pane]
                        app.tiles.draw(cr, frame: v.frame, scale: v.scale, origin: Point(0, 0), deviceScale: 1)
                    }
                }
                pageOnly.append((clock() - t0) * 1000)
            }
            print(String(format: "web: %@: frame without scrolling %.3f ms, of which copying the tiles of both views %.3f ms",
                         name, median(still), median(pageOnly)))
            // Keys scroll the as-is view, 40 points a press; the worker renders ahead between frames.
            var scrollFrames: [Double] = []
            var steps = 0
            for _ in 0..<(frames + 3) {
                steps += 1
                let down = (steps / 40) % 2 == 0
                let t0 = clock()
                shell.handle(.key(Key(down ? "Down" : "Up")))
                _ = shell.tick()
                target.draw { shell.draw($0) }
                scrollFrames.append((clock() - t0) * 1000)
                app.finishLoading()
            }
            // A jump to the end: how long until the tiles of the new screen are painted.
            let t1 = clock()
            shell.handle(.key(Key("End")))
            app.finishLoading()
            let jump = (clock() - t1) * 1000
            print(String(format: "web: %@: view frame while scrolling 1920x1080 (tiles cached) %.3f ms, "
                         + "tiles of a new screen after End %.1f ms",
                         name, median(Array(scrollFrames.dropFirst(3))), jump))
        }
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}
