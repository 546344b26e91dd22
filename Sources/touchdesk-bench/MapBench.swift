import Foundation
import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskPlaces
import TouchDeskViews

/// `touchdesk-bench map`: the places benchmarks (index build and load, per-keystroke queries,
/// the world map's load), then Map Search frames at 1920 × 1080 as the window draws them: while
/// dragging (the map image moved, redrawn when the drag passes its margin), while flying (the
/// outlines drawn afresh each frame), and after a zoom step (a new level and image).
@MainActor
enum MapBench {
    static func run(clock: () -> Double) {
        for line in PlacesBench.run() { print(line) }
        let size = Size(1920, 1080)
        let target = ImageSurface(size: size, format: .rgb)
        let env = AppEnvironment(picturesDirectory: NSTemporaryDirectory(), dataDirectory: NSTemporaryDirectory(),
                                 homeDirectory: NSTemporaryDirectory())
        let shell = Shell(tiles: Registry.tiles, environment: env)
        _ = shell.open(id: "map")
        guard let map = shell.current?.app as? MapApp else { return print("map: the app did not open") }
        let t0 = clock()
        map.finishLoading()
        print(String(format: "map app: data in hand %.1f ms after opening (loaded off the UI thread)", (clock() - t0) * 1000))
        if let problem = map.dataProblem { return print("map: \(problem)") }
        shell.layout(in: size)
        func frame() { target.draw { shell.draw($0) } }
        func median(_ xs: [Double]) -> Double { xs.sorted()[xs.count / 2] }
        func report(_ name: String, _ times: [Double]) {
            let sorted = times.sorted()
            print(String(format: "%@: median %.2f ms, 90th %.2f ms, worst %.2f ms (%d frames)", name,
                         median(times) * 1000, sorted[sorted.count * 9 / 10] * 1000, sorted.last! * 1000, times.count))
        }

        // Dragging: 240 frames, 6 points a frame, back and forth, at the world view and at Zürich.
        for (label, place) in [("world", nil), ("Zürich, city zoom", "Zürich"), ("Switzerland, country fit", "Switzerland")] as [(String, String?)] {
            if let place { _ = map.choose(query: place) }
            frame()
            var times: [Double] = []
            let start = Point(960, 600)
            shell.handle(.touchBegan(start))
            for i in 0..<240 {
                let phase = Double(i % 120) / 120
                let dx = (phase < 0.5 ? phase : 1 - phase) * 2 * 360 - 180
                shell.handle(.touchMoved(Point(start.x + dx + Double(i), start.y + dx / 3)))
                let t = clock()
                frame()
                times.append(clock() - t)
            }
            shell.handle(.touchEnded(Point(start.x, start.y)))
            report("map frame 1920x1080 while dragging (\(label))", times)
        }

        // Flying home and back: every frame draws the outlines afresh at a new zoom.
        var flying: [Double] = []
        for key in ["Home", "plus", "Home"] {
            shell.handle(.key(Key(key)))
            for _ in 0..<30 {
                _ = shell.tick()
                let t = clock()
                frame()
                flying.append(clock() - t)
            }
        }
        report("map frame 1920x1080 while flying (outlines drawn afresh)", flying)

        // A zoom step: a new level of projected outlines (sometimes) and a new image with margins.
        var zooming: [Double] = []
        for i in 0..<16 {
            shell.handle(.scroll(Point(900, 500), dy: i < 8 ? -1 : 1))
            let t = clock()
            frame()
            zooming.append(clock() - t)
        }
        report("map frame 1920x1080 after a wheel step (new image)", zooming)

        // Typing: one suggestion query and a frame with the list, per keystroke.
        shell.handle(.key(Key("l", control: true)))
        var typing: [Double] = []
        for c in "san francisco" {
            let t = clock()
            shell.handle(.key(Key(c == " " ? "space" : String(c), text: String(c))))
            frame()
            typing.append(clock() - t)
        }
        report("map keystroke (query + frame with the list)", typing)
    }
}
