import Foundation
import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskPlaces
import PlacesBenchmarks
import TouchDeskViews

/// `touchdesk-bench map`: the places benchmarks (index build and load, per-keystroke queries,
/// the world map's load), then Map Search frames at 1920 × 1080 as the window makes them (a tick,
/// then a draw): while dragging (the map image moved, redrawn when the drag passes its margin),
/// while flying and after a wheel step (outlines drawn afresh at the new zoom), and the one
/// redraw of the image with labels once a zoom comes to rest.
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
        let t1 = clock()
        map.finishLoading()
        print(String(format: "map app: data in hand %.1f ms after opening (loaded off the UI thread)", (clock() - t1) * 1000))
        if let problem = map.dataProblem { return print("map: \(problem)") }
        if let world = try? WorldMap.load() {
            let t0 = clock()
            let detail = MapDetail(map: world)
            print(String(format: "map levels of detail (%d levels, %d points in all): built in %.1f ms on the loading thread",
                         detail.layers.count, detail.layers.reduce(0) { $0 + $1.pointCount }, (clock() - t0) * 1000))
        }
        shell.layout(in: size, scale: 1)
        func frame() { target.draw { shell.draw($0) } }
        /// What the window does for one frame: the tick, then the draw.
        func tickAndFrame() {
            _ = shell.tick()
            frame()
        }
        func median(_ xs: [Double]) -> Double { xs.sorted()[xs.count / 2] }
        func report(_ name: String, _ times: [Double]) {
            let sorted = times.sorted()
            print(String(format: "%@: median %.2f ms, 90th %.2f ms, worst %.2f ms (%d frames)", name,
                         median(times) * 1000, sorted[sorted.count * 9 / 10] * 1000, sorted.last! * 1000, times.count))
        }

        // Dragging: 240 frames, 6 points a frame, back and forth, at the world view and at Zürich.
        for (label, place) in [("world", nil), ("Zürich, city zoom", "Zürich"), ("Switzerland, country fit", "Switzerland")] as [(String, String?)] {
            if let place { _ = map.choose(query: place) }
            tickAndFrame()
            var times: [Double] = []
            let start = Point(960, 600)
            shell.handle(.touchBegan(start))
            for i in 0..<240 {
                let phase = Double(i % 120) / 120
                let dx = (phase < 0.5 ? phase : 1 - phase) * 2 * 360 - 180
                shell.handle(.touchMoved(Point(start.x + dx + Double(i), start.y + dx / 3)))
                let t = clock()
                tickAndFrame()
                times.append(clock() - t)
            }
            shell.handle(.touchEnded(Point(start.x, start.y)))
            report("map frame 1920x1080 while dragging (\(label))", times)
        }

        /// Ticks and frames until the map is at rest; the slowest of them (the image redrawn).
        func settle() -> Double {
            var worst = 0.0
            for _ in 0..<60 {
                let t = clock()
                let more = shell.tick()
                frame()
                worst = max(worst, clock() - t)
                if !more { break }
            }
            return worst
        }

        // Flying from Zürich home, to Sydney, and home: every frame draws the outlines afresh at a new zoom.
        var flying: [Double] = []
        var landing: [Double] = []
        _ = map.choose(query: "Zürich")
        _ = settle()
        for key in ["Home", "Sydney", "Home"] {
            if key == "Sydney" {
                shell.handle(.key(Key("l", control: true)))
                for c in key { shell.handle(.key(Key(String(c), text: String(c)))) }
                shell.handle(.key(Key("Return")))
            } else {
                shell.handle(.key(Key(key)))
            }
            for _ in 0..<(MapFlight.standardTicks - 1) {
                let t = clock()
                tickAndFrame()
                flying.append(clock() - t)
            }
            landing.append(settle())
        }
        report("map frame 1920x1080 while flying (outlines drawn afresh)", flying)
        report("map frame 1920x1080 as a flight lands (image with labels redrawn once)", landing)

        // Wheel steps: eight in, eight out, about the pointer, three frames apart (a brisk wheel).
        var zooming: [Double] = []
        var resting: [Double] = []
        for (x, y) in [(900.0, 500.0), (1400, 300), (500, 800)] {
            for i in 0..<16 {
                shell.handle(.scroll(Point(x, y), dy: i < 8 ? -1 : 1))
                let t = clock()
                tickAndFrame()
                zooming.append(clock() - t)
                tickAndFrame()
                tickAndFrame()
                if i == 7 || i == 15 { resting.append(settle()) }
            }
        }
        report("map frame 1920x1080 after a wheel step (outlines drawn afresh)", zooming)
        report("map frame 1920x1080 as the zoom rests (image with labels redrawn once)", resting)

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
