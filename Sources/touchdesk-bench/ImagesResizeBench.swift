import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskViews

/// Adding Images while its window is resized between large sizes at 2×: the time of the first
/// frame at each new size (what a drag-resize feels like), and of the frame once the size has
/// settled (when the pictures are made sharp at that size).
@MainActor enum ImagesResizeBench {
    static func run(clock: () -> Double) {
        var env = AppEnvironment(picturesDirectory: "/nonexistent", dataDirectory: "/nonexistent", homeDirectory: "/nonexistent")
        env.assetsDirectory = Assets.locate()
        let app = ImagesApp(environment: env)
        // Twelve different sizes around 3840×2160: each one new, as in a drag.
        let sizes = (0..<12).map { i in Size(3840 - Double(i) * 37, 2160 - Double(i) * 23) }
        var firstFrames: [Double] = [], settled: [Double] = []
        for size in sizes {
            let target = ImageSurface(size: size, scale: 2, format: .rgb)
            let t0 = clock()
            app.layout(in: size)
            target.draw { app.draw($0) }
            firstFrames.append((clock() - t0) * 1000)
            var ticks = 0
            while app.tick() && ticks < 600 { ticks += 1 }
            let t1 = clock()
            target.draw { app.draw($0) }
            settled.append((clock() - t1) * 1000)
        }
        func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
        print("touchdesk-bench images: Adding Images resized to 12 sizes near 3840x2160 at 2x")
        print(String(format: "first frame at a new size   median %8.1f ms   max %8.1f ms", median(firstFrames), firstFrames.max() ?? 0))
        print(String(format: "frame once settled          median %8.1f ms   max %8.1f ms", median(settled), settled.max() ?? 0))
    }
}
