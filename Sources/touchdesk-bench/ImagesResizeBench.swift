import Foundation
import TouchDeskDrawing
import TouchDeskInterface
import AppAddingImages
import TouchDeskToolkit

/// Adding Images while its window is resized between large sizes at 2×: the UI thread's time for
/// the first frame at each new size (what a drag-resize feels like), for the frame once the size
/// has settled (which starts the sharp composite), and for the frame that shows it; and how long
/// the sharp composite takes to arrive.
@MainActor enum ImagesResizeBench {
    static func run(clock: () -> Double) {
        var env = AppEnvironment(picturesDirectory: "/nonexistent", dataDirectory: "/nonexistent", homeDirectory: "/nonexistent")
        env.assetsDirectory = Assets.locate()
        let app = ImagesApp(environment: env)
        // Twelve different sizes around 3840×2160: each one new, as in a drag.
        let sizes = (0..<12).map { i in Size(3840 - Double(i) * 37, 2160 - Double(i) * 23) }
        var first: [Double] = [], settle: [Double] = [], arrive: [Double] = [], shown: [Double] = []
        func timed(_ body: () -> Void) -> Double {
            let t0 = clock()
            body()
            return (clock() - t0) * 1000
        }
        for size in sizes {
            let target = ImageSurface(size: size, scale: 2, format: .rgb)
            first.append(timed {
                app.layout(in: size, scale: 2)
                target.draw { app.draw($0) }
            })
            var ticks = 0
            while ticks < 12 { _ = app.tick(); ticks += 1 }
            settle.append(timed { target.draw { app.draw($0) } })
            let t0 = clock()
            while app.tick() { usleep(2000) }
            arrive.append((clock() - t0) * 1000)
            shown.append(timed { target.draw { app.draw($0) } })
        }
        func line(_ name: String, _ v: [Double]) {
            print(name.padding(toLength: 44, withPad: " ", startingAt: 0)
                  + String(format: "median %8.1f ms   max %8.1f ms", v.sorted()[v.count / 2], v.max() ?? 0))
        }
        print("touchdesk-bench images: Adding Images resized to 12 sizes near 3840x2160 at 2x")
        line("first frame at a new size (UI thread)", first)
        line("frame once the size settled (UI thread)", settle)
        line("sharp composite arrives (its own thread)", arrive)
        line("frame that shows it (UI thread)", shown)
    }
}
