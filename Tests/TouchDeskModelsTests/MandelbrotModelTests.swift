import Dispatch
import Foundation
import Testing
import TouchDeskTestSupport
import TouchDeskInterface
import MandelbrotEngine
import TouchDeskModels

/// The window as (minX, maxX, minY, maxY), for comparing with the seed's numbers.
private func bounds(_ w: MandelbrotWindow) -> [Double] { [w.minX, w.maxX, w.minY, w.maxY] }

@Suite("Mandelbrot: the seed's window arithmetic and journeys")
struct MandelbrotWindowTests {
    @Test func startsAtTheSeedsWindow() {
        let m = MandelbrotModel()
        #expect(bounds(m.window) == [-2, 1, -1.5, 1.5])
        #expect(m.limit == 200)
        #expect(m.journeyText == "start")
    }

    @Test("each quadrant halves both spans on its own side", arguments: [
        (1, [-2.0, -0.5, 0, 1.5]),     // top-left
        (2, [-0.5, 1, 0, 1.5]),        // top-right
        (3, [-2.0, -0.5, -1.5, 0]),    // bottom-left
        (4, [-0.5, 1, -1.5, 0]),       // bottom-right
    ])
    func quadrant(q: Int, expected: [Double]) throws {
        var m = MandelbrotModel()
        try m.tapQuadrant(q)
        #expect(bounds(m.window) == expected)
        #expect(m.journeyText == "\(q)")
    }

    @Test func theSeedsJourney() throws {
        // Worked by hand: 1 → x[-2,-0.5] y[0,1.5]; 4 → x[-1.25,-0.5] y[0,0.75]; 4 → x[-0.875,-0.5]
        // y[0,0.375]; 1 → x[-0.875,-0.6875] y[0.1875,0.375]; 3 → x[-0.875,-0.78125]
        // y[0.1875,0.28125]; 3 → x[-0.875,-0.828125] y[0.1875,0.234375].
        let steps = try MandelbrotJourney.parse("1-4-4-1-3-3")
        #expect(steps == [1, 4, 4, 1, 3, 3])
        let m = try MandelbrotModel(journey: steps)
        #expect(bounds(m.window) == [-0.875, -0.828125, 0.1875, 0.234375])
        #expect(m.journeyText == "1-4-4-1-3-3")
        #expect(m.window.zoom == 64)
    }

    @Test("malformed journeys are refused, naming the bad part", arguments: [
        ("1-5-2", "step 2 is \"5\""),
        ("1--2", "step 2 is an empty step"),
        ("12-3", "step 1 is \"12\""),
        ("1-x", "step 2 is \"x\""),
        ("1,2", "step 1 is \"1,2\""),
        ("3-", "step 2 is an empty step"),
    ])
    func badJourney(text: String, part: String) {
        do {
            _ = try MandelbrotJourney.parse(text)
            Issue.record("\(text) was accepted")
        } catch {
            #expect("\(error)".contains(part), "\(error)")
        }
    }

    @Test func tooDeepAJourneyIsRefused() {
        let long = Array(repeating: "1", count: MandelbrotWindow.maxHalvings + 1).joined(separator: "-")
        #expect(throws: MandelbrotJourney.ParseError.self) { try MandelbrotJourney.parse(long) }
        let deepest = Array(repeating: "1", count: MandelbrotWindow.maxHalvings).joined(separator: "-")
        #expect((try? MandelbrotJourney.parse(deepest))?.count == MandelbrotWindow.maxHalvings)
    }

    @Test func zoomingPastTheDeepestIsRefusedAndKeepsTheView() throws {
        var m = try MandelbrotModel(journey: Array(repeating: 4, count: MandelbrotWindow.maxHalvings))
        let before = m
        #expect(throws: MandelbrotModel.ZoomError.tooDeep) { try m.tapQuadrant(2) }
        #expect(m == before)
        // The deepest journey is 3·2⁻³³²³ ≈ 1.4e-1000 wide: halving it again passes 1e-1000.
        #expect(throws: MandelbrotModel.ZoomError.tooDeep) { try m.zoom(by: 0.5, aboutWidths: 0, 0) }
        #expect(m == before)
    }

    @Test func zoomOutUndoesTheLastTapExactly() throws {
        var m = try MandelbrotModel(journey: [1, 4, 4])
        m.smooth = true
        try m.zoomOut()
        #expect(m.journeyText == "1-4")
        #expect(m.window == (try MandelbrotModel(journey: [1, 4])).window)
        #expect(m.smooth)
    }

    @Test func panningAndWheelZoomLeaveTheJourney() throws {
        var m = try MandelbrotModel(journey: [2])
        m.pan(dx: 0.25, dy: -0.125)
        #expect(m.journeyText == "free view")
        #expect(bounds(m.window) == [-0.25, 1.25, -0.125, 1.375])
        var z = MandelbrotModel()
        // The point 1 to the right of the centre stays put while the span halves.
        try z.zoom(by: 0.5, aboutOffset: 1, 0)
        #expect(z.window.span == 1.5)
        #expect(z.window.center.x.double == 0)
        #expect(z.journeyText == "free view")
    }

    @Test func theLimitGrowsWithDepthAndCanBeSet() throws {
        var m = MandelbrotModel()
        #expect(m.limit == 200)
        let deep = try MandelbrotModel(journey: Array(repeating: 1, count: 10))
        #expect(deep.limit == 500)
        let raised = m.changeLimit(by: 1)
        #expect(raised)
        #expect(m.limit == 400)
        m.changeLimit(by: -2)
        #expect(m.limit == 100)
        m.smooth = true
        m.cyclePalette()
        m.reset()
        #expect(m.limit == 200, "reset brings back the start limit")
        #expect(!m.smooth && m.palette == .range && m.period == MandelbrotModel.startPeriod)
    }

    @Test func pCyclesThePalettesAndThePeriodDoublesWithinItsRange() {
        var m = MandelbrotModel()
        #expect(m.palette == .range)
        var seen: [MandelbrotPaletteKind] = []
        for _ in 0..<3 { m.cyclePalette(); seen.append(m.palette) }
        #expect(seen == [.histogram, .cyclic, .range])
        #expect(m.changePeriod(by: 1) && m.period == 128)
        while m.changePeriod(by: 1) {}
        #expect(m.period == MandelbrotModel.periodRange.upperBound)
        while m.changePeriod(by: -1) {}
        #expect(m.period == MandelbrotModel.periodRange.lowerBound)
    }
}

@Suite("Mandelbrot: colours and iteration counts")
struct MandelbrotKernelTests {
    @Test("the seed's colour mapping", arguments: [
        (0.0, [0.0, 0, 1]), (0.25, [0.5, 0.5, 0.5]), (0.5, [1.0, 1, 0]), (0.75, [1.0, 0.5, 0]), (1.0, [1.0, 0, 0]),
    ])
    func seedColors(frac: Double, rgb: [Double]) {
        let c = MandelbrotPalette.seed(frac: frac)
        #expect([c.r, c.g, c.b] == rgb)
    }

    @Test func pointsThatNeverEscapeAreBlack() {
        let c = MandelbrotPalette.color(count: 200, limit: 200)
        #expect([c.r, c.g, c.b] == [0, 0, 0])
        #expect(MandelbrotPalette.argb(MandelbrotPalette.color(count: 50, limit: 200)) == 0xff80_8080)
        #expect(MandelbrotPalette.argb(MandelbrotPalette.color(count: 0, limit: 200)) == 0xff00_00ff)
    }

    @Test func knownPoints() {
        #expect(MandelbrotKernel.iterations(cx: 0, cy: 0, limit: 200) == 200, "the origin never escapes")
        // c = 1: z = 0, 1, 2, 5; |5| > 2 is seen before the 4th step.
        #expect(MandelbrotKernel.iterations(cx: 1, cy: 0, limit: 200) == 3)
        #expect(MandelbrotKernel.iterations(cx: -1, cy: 0, limit: 1000) == 1000, "-1 cycles 0, -1")
        #expect(MandelbrotKernel.iterations(cx: 3, cy: 0, limit: 200) == 1)
        #expect(MandelbrotKernel.iterations(cx: 0.5, cy: 0, limit: 200) == 5)
        #expect(MandelbrotKernel.iterationsMPFR(center: ComplexDecimal(1, 0), offsetX: .zero, offsetY: .zero, limit: 200, precision: 64) == 3)
    }

    @Test func smoothValuesLieBetweenTheBands() {
        let n = 20, limit = 200
        let low = MandelbrotValue.make(count: n, norm: 4.0001, limit: limit, smooth: true)
        let high = MandelbrotValue.make(count: n, norm: 30, limit: limit, smooth: true)
        // A barely escaped point is a whole step further on than one that escaped by far.
        #expect(low > high && low <= Float(n + 1) && high > Float(n - 1))
        #expect(MandelbrotValue.make(count: n, norm: 30, limit: limit, smooth: false) == Float(n))
        #expect(MandelbrotValue.make(count: limit, norm: 0, limit: limit, smooth: true) == MandelbrotValue.interior)
    }

    /// Every row of the 1024 × 1024 start view, computed by `rowKernel` over both cores.
    static func startView(limit: Int, rows: Int = 1024, _ rowKernel: @escaping @Sendable (UnsafePointer<Double>, Double, UnsafeMutablePointer<UInt32>) -> Void) -> [UInt32] {
        let n = 1024
        let xs = MandelbrotKernel.pixelCenters(from: -2, to: 1, count: n)
        // Row 0 is the top (y = 1.5); the start view is symmetric, so the total does not depend on it.
        let ys = MandelbrotKernel.pixelCenters(from: 1.5, to: -1.5, count: n)
        var counts = [UInt32](repeating: 0, count: n * rows)
        counts.withUnsafeMutableBufferPointer { out in
            let base = UnsafeSendable(out.baseAddress!)
            xs.withUnsafeBufferPointer { x in
                let xb = UnsafeSendable(UnsafeMutablePointer(mutating: x.baseAddress!))
                DispatchQueue.concurrentPerform(iterations: rows) { j in
                    rowKernel(xb.pointer, ys[j], base.pointer + j * n)
                }
            }
        }
        return counts
    }

    @Test(arguments: MandelbrotKernel.availableInstructionSets)
    func theOptimisedKernelMatchesTheChecksum(_ set: MandelbrotKernel.InstructionSet) {
        let simd = Self.startView(limit: 200) { MandelbrotKernel.simdRow(cx: $0, cy: $1, count: 1024, limit: 200, counts: $2, using: set) }
        #expect(simd.reduce(0) { $0 + Int($1) } == 39_875_970)
        // The plain scalar loop agrees exactly, count for count (FNV-1a 64 over the array).
        let scalar = Self.startView(limit: 200) { MandelbrotKernel.scalarRow(cx: $0, cy: $1, count: 1024, limit: 200, counts: $2) }
        #expect(scalar.reduce(0) { $0 + Int($1) } == 39_875_970)
        #expect(MandelbrotKernel.fnv1a64(simd) == MandelbrotKernel.fnv1a64(scalar))
        #expect(simd == scalar)
    }

    @Test(arguments: MandelbrotKernel.availableInstructionSets)
    func vectorAndScalarAgreeOnRandomRows(_ set: MandelbrotKernel.InstructionSet) {
        var rng = SplitMix64(seed: 0x5eed_0005)
        for trial in 0..<40 {
            let count = Int.random(in: 1...90, using: &rng)
            let x0 = Double.random(in: -2.2...0.6, using: &rng)
            let step = Double.random(in: 1e-9...0.05, using: &rng)
            let cy = Double.random(in: -1.2...1.2, using: &rng)
            let limit = Int.random(in: 1...600, using: &rng)
            let xs = (0..<count).map { x0 + Double($0) * step }
            var a = [UInt32](repeating: 0, count: count), b = a
            var norms = [Double](repeating: 0, count: count)
            MandelbrotKernel.simdRow(cx: xs, cy: cy, count: count, limit: limit, counts: &a, norms: &norms, using: set)
            MandelbrotKernel.scalarRow(cx: xs, cy: cy, count: count, limit: limit, counts: &b)
            #expect(a == b, "trial \(trial): x0 \(x0) step \(step) cy \(cy) limit \(limit)")
            for k in 0..<count where a[k] < limit {
                var r = 0.0
                _ = MandelbrotKernel.iterations(cx: xs[k], cy: cy, limit: limit, norm: &r)
                #expect(norms[k] == r, "trial \(trial) pixel \(k): |z|² at escape")
            }
        }
    }
}

/// A pointer carried into concurrent work whose rows never overlap.
struct UnsafeSendable<T>: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<T>
    init(_ p: UnsafeMutablePointer<T>) { pointer = p }
}

@Suite("Mandelbrot: the threaded renderer")
struct MandelbrotRendererTests {
    /// The values composed from `tiles` (later tiles over earlier), -1 where none fell.
    static func compose(_ tiles: [MandelbrotTile], width: Int, height: Int) -> [Float] {
        var img = [Float](repeating: -1, count: width * height)
        for t in tiles {
            for r in 0..<t.height { for x in 0..<t.width { img[(t.y + r) * width + t.rect.x + x] = t.values[r * t.width + x] } }
        }
        return img
    }

    /// The frame's values by the plain scalar loop, one at a time.
    static func reference(_ f: MandelbrotFrame) -> [Float] {
        var img: [Float] = []
        for j in 0..<f.height {
            for i in 0..<f.width {
                let n = MandelbrotKernel.iterations(cx: f.window.center.x.double + f.dx(i), cy: f.window.center.y.double + f.dy(j), limit: f.limit)
                img.append(MandelbrotValue.make(count: n, norm: 0, limit: f.limit, smooth: false))
            }
        }
        return img
    }

    @Test func aFinishedRenderIsTheFullResolutionPicture() throws {
        let r = MandelbrotRenderer(workers: 2)
        let f = MandelbrotFrame(window: try MandelbrotModel(journey: [1, 4]).window, width: 70, height: 45, limit: 120)
        r.start(f)
        r.waitUntilComputed()
        let tiles = r.drain()
        #expect(!r.isRendering)
        #expect(r.progress == .init(fraction: 1, previewComplete: true))
        #expect(tiles.filter(\.isFinal).count == 3, "three bands of 16 rows")
        #expect(Self.compose(tiles.filter(\.isFinal), width: 70, height: 45) == Self.reference(f))
    }

    @Test func aSupersededRenderNeverDrawsOverTheNewerOne() throws {
        let r = MandelbrotRenderer(workers: 2)
        // A: a huge, slow render of the start view (its black interior runs to 200,000 steps).
        let a = MandelbrotFrame(window: .start, width: 1500, height: 1500, limit: 200_000)
        let genA = r.start(a)
        usleep(30_000)
        let b = MandelbrotFrame(window: .start, width: 64, height: 40, limit: 60)
        let genB = r.start(b)
        let doneWhenSuperseded = r.tasksFinished(generation: genA)
        #expect(genB > genA)
        r.waitUntilComputed()
        var tiles = r.drain()
        usleep(50_000)
        tiles += r.drain()
        #expect(tiles.allSatisfy { $0.generation == genB && $0.width == 64 })
        #expect(Self.compose(tiles.filter(\.isFinal), width: 64, height: 40) == Self.reference(b))
        // A stopped: after B started, each worker finished at most the task it was on (a test
        // on counts, not on timing: how many A did before depends on the machine's speed).
        #expect(r.tasksFinished(generation: genA) <= doneWhenSuperseded + r.workerCount)
        #expect(r.tasksFinished(generation: genA) < 2 * 94)
    }

    @Test func theCoarsePreviewComesFirstAndCoversTheView() throws {
        let r = MandelbrotRenderer(workers: 1)
        let f = MandelbrotFrame(window: .start, width: 80, height: 64, limit: 100)
        r.start(f)
        r.waitUntilComputed()
        let tiles = r.drain()
        let firstFinal = tiles.firstIndex(where: \.isFinal) ?? tiles.count
        #expect(tiles[..<firstFinal].map(\.y).sorted() == [0, 16, 32, 48], "coarse bands for the whole view first")
        let coarse = Self.compose(Array(tiles[..<firstFinal]), width: 80, height: 64)
        #expect(!coarse.contains(-1))
        // Inside each 8 × 8 block the preview is one value: the block's top-left pixel's.
        let full = Self.reference(f)
        #expect(coarse[9 * 80 + 13] == full[8 * 80 + 8])
    }

    @Test func aTaskListComputesOnlyItsRectangles() throws {
        let r = MandelbrotRenderer(workers: 2)
        let f = MandelbrotFrame(window: .start, width: 90, height: 40, limit: 100)
        let strip = PixelRect(x: 70, y: 0, width: 20, height: 16)
        r.start(f, tasks: [MandelbrotTask(rect: strip, coarse: false)])
        r.waitUntilComputed()
        let tiles = r.drain()
        #expect(tiles.map(\.rect) == [strip])
        let img = Self.compose(tiles, width: 90, height: 40), full = Self.reference(f)
        for y in 0..<40 {
            for x in 0..<90 {
                let inside = x >= 70 && y < 16
                #expect(inside ? img[y * 90 + x] == full[y * 90 + x] : img[y * 90 + x] == -1)
            }
        }
    }
}
