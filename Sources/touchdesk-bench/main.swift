import TouchDeskDrawing
import Foundation
import Glibc
import TouchDeskInterface
import TouchDeskGlobe
import TouchDeskModels
import TouchDeskApps
import AppPaintbrush
import TouchDeskToolkit

/// Benchmarks: prints the median frame time (one full draw of the window's content, as the host
/// draws it) for the screens the foundation issue names. Numbers only, never pass/fail.
///
/// Usage: touchdesk-bench [--frames N] [mandelbrot | mandelbrot-recolour | mandelbrot-deep | mandelbrot-compare |
/// mandelbrot-cliff | mandelbrot-find | mandelbrot-fly | web | map | globe | images]

let frames = CommandLine.arguments.firstIndex(of: "--frames").flatMap {
    CommandLine.arguments.indices.contains($0 + 1) ? Int(CommandLine.arguments[$0 + 1]) : nil
} ?? 60
let size = Size(900, 640)

/// Runs `body` and exits when `name` is one of the arguments: one benchmark alone.
func only(_ name: String, _ body: () -> Void) {
    guard CommandLine.arguments.dropFirst().contains(name) else { return }
    body()
    exit(0)
}

only("map") { MainActor.assumeIsolated { MapBench.run(clock: now) } }

only("mandelbrot-find") {
    // Searches for the deep views' centres (see MandelbrotBench.deepViews) and prints them.
    let wanted = CommandLine.arguments.firstIndex(of: "--periods").flatMap {
        CommandLine.arguments.indices.contains($0 + 1) ? CommandLine.arguments[$0 + 1].split(separator: ",").compactMap { Int($0) } : nil
    } ?? []
    let near = CommandLine.arguments.firstIndex(of: "--near").flatMap { i -> ComplexDecimal? in
        guard CommandLine.arguments.indices.contains(i + 1) else { return nil }
        let parts = CommandLine.arguments[i + 1].split(separator: ",").map(String.init)
        guard parts.count == 2, let x = try? DecimalNumber.parse(parts[0]), let y = try? DecimalNumber.parse(parts[1]) else { return nil }
        return ComplexDecimal(x, y)
    } ?? MandelbrotBench.seahorse
    MandelbrotBench.findSpirals(near: near, periods: wanted) { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) }
}

only("mandelbrot-compare") { MandelbrotBench.compareDeep(clock: threadTime) }
only("mandelbrot-cliff") { MandelbrotBench.runCliff(clock: now) }
// Flying: frames per second and the share of pixels computed per frame.
only("mandelbrot-fly") { MandelbrotFlyBench.run(clock: now) }
// Only the deep views.
only("mandelbrot-deep") { MandelbrotBench.runDeep(clock: now) }
// Only the palette refit and repaint (part of `mandelbrot`).
only("mandelbrot-recolour") {
    MandelbrotBench.runRecolor(clock: now)
    MainActor.assumeIsolated { MandelbrotBench.runRecolorKeys(clock: now) }
}
only("mandelbrot") {
    MandelbrotBench.run(clock: now)
    MandelbrotBench.runRecolor(clock: now)
    MainActor.assumeIsolated { MandelbrotBench.runRecolorKeys(clock: now) }
    MandelbrotBench.runDeep(clock: now)
    MandelbrotBench.runCliff(clock: now)
}
only("web") { MainActor.assumeIsolated { WebPagesBench.run(frames: frames, clock: now) } }
only("images") { MainActor.assumeIsolated { ImagesResizeBench.run(clock: now) } }
only("globe-tilt") {
    // Sea Level's tilted view alone (the cache must exist: run touchdesk globe once).
    do { try GlobeTiltBench.run(frames: frames, clock: now) } catch {
        FileHandle.standardError.write(Data("touchdesk-bench globe-tilt: \(error)\n".utf8))
        exit(1)
    }
}
only("globe") {
    // Sea Level: building and loading the cache, frames while turning, zooming and after a
    // sea-level change at two window sizes, resident memory.
    do {
        for line in try GlobeBench.run(frames: frames) { print(line) }
        try GlobeTiltBench.run(frames: frames, clock: now)
    } catch {
        FileHandle.standardError.write(Data("touchdesk-bench globe: \(error)\n".utf8))
        exit(1)
    }
}

/// This thread's CPU time in seconds: for one-thread comparisons on a busy machine, where
/// waiting for a core would otherwise count.
func threadTime() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// Runs `body` `frames` times (after 3 warm-up runs) and returns the median in milliseconds.
func medianMs(_ body: () -> Void) -> Double {
    for _ in 0..<3 { body() }
    var times: [Double] = []
    for _ in 0..<frames {
        let t0 = now()
        body()
        times.append((now() - t0) * 1000)
    }
    times.sort()
    return times[times.count / 2]
}

let env = AppEnvironment(picturesDirectory: NSTemporaryDirectory(), dataDirectory: NSTemporaryDirectory(), homeDirectory: NSTemporaryDirectory())
// The same kind of target the window draws into: a surface the size of the window.
let target = ImageSurface(size: size, format: .rgb)

@MainActor func frame(_ shell: Shell) {
    target.draw { shell.draw($0) }
}

func report(_ name: String, _ ms: Double, _ note: String = "") {
    let label = name.padding(toLength: 36, withPad: " ", startingAt: 0)
    print(label + String(format: "%9.3f ms", ms) + (note.isEmpty ? "" : "  (\(note))"))
}

print("touchdesk-bench: median of \(frames) frames at \(Int(size.width))x\(Int(size.height))")

// Home screen.
let home = Shell(tiles: Registry.tiles, environment: env)
home.layout(in: size, scale: 1)
report("home screen frame", medianMs { frame(home) })

// Polygon.
let poly = Shell(tiles: Registry.tiles, environment: env)
poly.open(id: "polygon")
poly.layout(in: size, scale: 1)
report("polygon frame", medianMs { frame(poly) })

// Paint: an empty canvas, then 100,000 dabs painted through real touch events.
let paint = Shell(tiles: Registry.tiles, environment: env)
paint.open(id: "paint")
paint.layout(in: size, scale: 1)
report("paint frame, empty canvas", medianMs { frame(paint) })

let bar = Shell.barHeight
var dabs = 0
var row = 0
let t0 = now()
while true {
    guard case let app as PaintApp = paint.current?.app else { fatalError("paint did not open") }
    dabs = app.model.totalDabs
    if dabs >= 100_000 { break }
    // Zig-zag strokes across the canvas; radius 10 gives a dab every 5 points.
    let y = bar + 20 + Double(row % 90) * 5
    paint.handle(.touchBegan(Point(20, y)))
    for x in stride(from: 25.0, through: 880, by: 5) { paint.handle(.touchMoved(Point(x, y))) }
    paint.handle(.touchEnded(Point(880, y)))
    row += 1
}
let paintSeconds = now() - t0
report("painting 100,000 dabs (total)", paintSeconds * 1000, String(format: "%.2f µs per dab, %d dabs", paintSeconds * 1e6 / Double(dabs), dabs))
report("paint frame, 100,000 dabs", medianMs { frame(paint) })

var x = 100.0
report("paint frame with a new dab", medianMs {
    paint.handle(.touchBegan(Point(x, 300)))
    paint.handle(.touchEnded(Point(x, 300)))
    x = x >= 800 ? 100 : x + 7
    frame(paint)
})
report("undo (rebuild from 100 strokes)", medianMs {
    paint.handle(.key(Key("z", control: true)))
    paint.handle(.key(Key("Z", control: true, shift: true)))
    paint.handle(.key(Key("z", control: true)))
    frame(paint)
}, "undo+redo+undo, then a frame")
// A half-opacity stroke under way: each frame adds dabs to the stroke's layer and shows the layer
// over the canvas; its end lays the layer down once.
for _ in 0..<10 { paint.handle(.key(Key("braceleft"))) }
var sx = 100.0
paint.handle(.touchBegan(Point(sx, 350)))
report("paint frame, half-opacity stroke", medianMs {
    sx = sx >= 800 ? 100 : sx + 7
    paint.handle(.touchMoved(Point(sx, 350 + sx.truncatingRemainder(dividingBy: 40))))
    frame(paint)
})
report("a half-opacity stroke of 140 dabs", medianMs {
    paint.handle(.touchEnded(Point(sx, 350)))
    paint.handle(.touchBegan(Point(100, 300)))
    for x in stride(from: 105.0, through: 800, by: 5) { paint.handle(.touchMoved(Point(x, 300))) }
}, "the last one laid down, this one drawn into its layer")
paint.handle(.touchEnded(Point(800, 300)))
for _ in 0..<10 { paint.handle(.key(Key("braceright"))) }

// Stick Man and Adding Images, with the project's pictures.
var artEnv = env
artEnv.assetsDirectory = Assets.locate()
let stick = Shell(tiles: Registry.tiles, environment: artEnv)
stick.open(id: "stickman")
stick.layout(in: size, scale: 1)
report("stickman frame, standing still", medianMs { frame(stick) })
stick.handle(.key(Key("6", text: "6")))
report("stickman frame, pendulum swinging", medianMs { _ = stick.tick(); frame(stick) }, "one tick + one frame")
// What each frame would cost without the compositor's cache: all layers scaled from their PNGs.
let store = ImageStore(directory: artEnv.assetsDirectory)
let layerRect = Rect(x: 0, y: 0, width: 500, height: 500)
report("10 layers drawn uncached (500x500)", medianMs {
    target.draw { cr in
        for p in ["background", "baseline", "happy", "legs", "leftHandHorizontal", "rightHandUp", "readThePaper", "hat", "pendulum1", "eyes"] {
            store.draw("stickman/" + p, in: layerRect, cr)
        }
    }
}, "what the cache saves per frame")
let images = Shell(tiles: Registry.tiles, environment: artEnv)
images.open(id: "images")
images.layout(in: size, scale: 1)
// As in the window, ticks run between frames: the composite made in the background is taken in
// by a tick (draw only reads), so the frames measured are those the window shows once it is there.
for _ in 0..<2000 where images.tick() { usleep(1000) }
report("adding images frame", medianMs { frame(images) })
// The tilt and motion apps: a frame each, and the cost of their physics steps.
for id in ["accelerometer", "holes", "maze", "spaceballs"] {
    let shell = Shell(tiles: Registry.tiles, environment: env)
    shell.open(id: id)
    shell.layout(in: size, scale: 1)
    for _ in 0..<600 { _ = shell.tick() }
    report("\(id) frame", medianMs { frame(shell) })
}
do {
    var balls = SpaceBallsModel(size: Size(900, 540), count: 50)
    let steps = 6000
    let t = now()
    for _ in 0..<steps { balls.step() }
    report("spaceballs step, 50 balls", (now() - t) * 1000 / Double(steps))
    var rng = SystemRandomNumberGenerator()
    var blocks = Set<MazeModel.Cell>()
    for _ in 0..<50 { blocks.insert(MazeModel.Cell(row: Int.random(in: 0..<12, using: &rng), column: Int.random(in: 0..<12, using: &rng))) }
    var maze = MazeModel(size: Size(540, 540), blocks: blocks)
    let t2 = now()
    for i in 0..<steps { maze.step(tilt: restingTilt(x: sin(Double(i) / 50), y: cos(Double(i) / 70))) }
    report("maze step, 50 blocks", (now() - t2) * 1000 / Double(steps))
}

