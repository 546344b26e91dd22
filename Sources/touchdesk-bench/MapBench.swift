import Foundation
import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskPlaces
import PlacesBenchmarks
import TouchDeskApps
import AppMapSearch
import TouchDeskToolkit

/// `touchdesk-bench map`: the places benchmarks (index build and load, per-keystroke queries,
/// the world map's load), then Map Search frames at 1920 × 1080 as the window makes them (a tick,
/// then a draw): while dragging (the map image moved, redrawn when the drag passes its margin),
/// while flying and after a wheel step (outlines drawn afresh at the new zoom), and the one
/// redraw of the image with labels once a zoom comes to rest. Each stretch of UI-thread work is
/// timed twice: wall time (what the window's user waits, including waits for a core on a busy
/// machine) and the UI thread's own CPU time (what the work costs).
@MainActor
enum MapBench {
    /// Wall and UI-thread CPU seconds of one stretch of work.
    struct Cost {
        var wall = 0.0
        var cpu = 0.0
        static func max(_ a: Cost, _ b: Cost) -> Cost { Cost(wall: Swift.max(a.wall, b.wall), cpu: Swift.max(a.cpu, b.cpu)) }
    }

    static func run(clock: () -> Double) {
        for line in PlacesBench.run() { print(line) }
        print("map: load average \(PlacesBench.loadAverage()) before the frames")
        defer { print("map: load average \(PlacesBench.loadAverage()) after the frames") }
        func timed(_ body: () -> Void) -> Cost {
            let t = clock(), c = PlacesBench.threadSeconds()
            body()
            return Cost(wall: clock() - t, cpu: PlacesBench.threadSeconds() - c)
        }
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
        func report(_ name: String, _ costs: [Cost]) {
            for (clockName, times) in [("wall", costs.map(\.wall)), ("UI-thread CPU", costs.map(\.cpu))] {
                let sorted = times.sorted()
                print(String(format: "%@ [%@]: median %.2f ms, 90th %.2f ms, worst %.2f ms (%d frames)", name, clockName,
                             median(times) * 1000, sorted[sorted.count * 9 / 10] * 1000, sorted.last! * 1000, times.count))
            }
        }

        // Dragging: 240 frames, 6 points a frame, back and forth, at the world view and at Zürich.
        for (label, place) in [("world", nil), ("Zürich, city zoom", "Zürich"), ("Switzerland, country fit", "Switzerland")] as [(String, String?)] {
            if let place { _ = map.choose(query: place) }
            tickAndFrame()
            var times: [Cost] = []
            let start = Point(960, 600)
            shell.handle(.touchBegan(start))
            for i in 0..<240 {
                let phase = Double(i % 120) / 120
                let dx = (phase < 0.5 ? phase : 1 - phase) * 2 * 360 - 180
                shell.handle(.touchMoved(Point(start.x + dx + Double(i), start.y + dx / 3)))
                times.append(timed(tickAndFrame))
            }
            shell.handle(.touchEnded(Point(start.x, start.y)))
            report("map frame 1920x1080 while dragging (\(label))", times)
        }

        /// Ticks and frames until the map is at rest; the slowest of them (the image redrawn).
        func settle() -> Cost {
            var worst = Cost()
            for _ in 0..<600 {
                var more = false
                worst = .max(worst, timed {
                    more = shell.tick()
                    frame()
                })
                if !more { break }
                // The window's frame clock: a frame every 1/60 s, not back to back.
                usleep(16_000)
            }
            return worst
        }

        // Flying from Zürich home, to Sydney, and home: every frame draws the outlines afresh at a new zoom.
        var flying: [Cost] = []
        var landing: [Cost] = []
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
                flying.append(timed(tickAndFrame))
            }
            landing.append(settle())
        }
        report("map frame 1920x1080 while flying (outlines drawn afresh)", flying)
        report("map frame 1920x1080 as a flight lands (image with labels redrawn once)", landing)

        // Wheel steps: eight in, eight out, about the pointer, three frames apart (a brisk wheel).
        var zooming: [Cost] = []
        var resting: [Cost] = []
        for (x, y) in [(900.0, 500.0), (1400, 300), (500, 800)] {
            for i in 0..<16 {
                shell.handle(.scroll(Point(x, y), dy: i < 8 ? -1 : 1))
                zooming.append(timed(tickAndFrame))
                tickAndFrame()
                tickAndFrame()
                if i == 7 || i == 15 { resting.append(settle()) }
            }
        }
        report("map frame 1920x1080 after a wheel step (outlines drawn afresh)", zooming)
        report("map frame 1920x1080 as the zoom rests (image with labels redrawn once)", resting)

        // Typing: one suggestion query and a frame with the list, per keystroke.
        shell.handle(.key(Key("l", control: true)))
        var typing: [Cost] = []
        for c in "san francisco" {
            typing.append(timed {
                shell.handle(.key(Key(c == " " ? "space" : String(c), text: String(c))))
                frame()
            })
        }
        report("map keystroke (query + frame with the list)", typing)
    }
}
