import Foundation
import Testing
@testable import MandelbrotEngine
import TouchDeskModels

@Suite("Mandelbrot: flying (the model, tick by tick)")
struct MandelbrotFlightModelTests {
    /// The plane point (fx, fy) widths from the centre.
    static func point(_ w: MandelbrotWindow, _ fx: Double, _ fy: Double) -> (Double, Double) {
        (w.center.x.double + fx * w.span, w.center.y.double + fy * w.span)
    }

    @Test("a 4 s hold at the default speed zooms at least 8× and the point under the pointer stays", arguments: [
        (0.0, 0.0), (0.31, -0.22), (-0.45, 0.4),
    ])
    func fourSecondHold(fx: Double, fy: Double) throws {
        var m = MandelbrotModel(window: MandelbrotWindow(center: ComplexDecimal(-0.745, 0.112), span: 0.05))
        let before = m.window, under = Self.point(before, fx, fy)
        m.startFlight(.inward, aboutWidths: fx, fy)
        for _ in 0..<Int(4 / MandelbrotModel.tickSeconds) { try m.tickFlight() }
        let zoom = before.span / m.window.span
        #expect(zoom >= 8, "zoomed \(zoom)×")
        let now = Self.point(m.window, fx, fy)
        #expect(abs(now.0 - under.0) < 1e-9 * m.window.span && abs(now.1 - under.1) < 1e-9 * m.window.span,
                "the point under the pointer moved from \(under) to \(now)")
        #expect(m.journey == nil)
    }

    @Test func steeringMovesTheFixedPointAndOutwardWidens() throws {
        var m = MandelbrotModel()
        m.startFlight(.inward, aboutWidths: 0.2, 0.1)
        try m.tickFlight()
        m.steerFlight(toWidths: -0.3, 0)
        let before = m.window, under = Self.point(before, -0.3, 0)
        for _ in 0..<30 { try m.tickFlight() }
        let now = Self.point(m.window, -0.3, 0)
        #expect(abs(now.0 - under.0) < 1e-12 && abs(now.1 - under.1) < 1e-12)
        m.setFlightDirection(.outward)
        let narrow = m.window.span
        for _ in 0..<30 { try m.tickFlight() }
        #expect(m.window.span > narrow)
        m.endFlight()
        let moved = try m.tickFlight()
        #expect(!moved)
    }

    @Test func theSpeedChangesInSteadyStepsWithinItsRange() {
        var m = MandelbrotModel()
        #expect(m.flightSpeedText == "2×/s")
        let faster = m.changeFlightSpeed(by: 1)
        #expect(faster)
        #expect(m.flightSpeedText == "2.67×/s")
        let slower = m.changeFlightSpeed(by: -2)
        #expect(slower)
        while m.changeFlightSpeed(by: 1) {}
        #expect(abs(m.flightSpeed - MandelbrotModel.flightSpeedRange.upperBound) < 1e-9)
        while m.changeFlightSpeed(by: -1) {}
        #expect(abs(m.flightSpeed - MandelbrotModel.flightSpeedRange.lowerBound) < 1e-9)
    }

    @Test func flyingOutStopsAtTheWidestViewSayingSo() {
        var m = MandelbrotModel()
        m.changeFlightSpeed(by: 6)
        m.startFlight(.outward, aboutWidths: 0, 0)
        var error: Error?
        for _ in 0..<600 where error == nil {
            do { try m.tickFlight() } catch let e { error = e }
        }
        #expect((error as? MandelbrotModel.ZoomError) == .tooFar)
        #expect(m.flight == nil)
        #expect(m.window.span <= MandelbrotWindow.maxSpan)
    }
}

@Suite("Mandelbrot: flight frames reuse rows and columns, and land exactly")
struct MandelbrotFlightFrameTests {
    static func rendered(_ f: MandelbrotFrame, from start: MandelbrotPicture? = nil) -> MandelbrotPicture {
        var p = start ?? MandelbrotPicture(width: f.width, height: f.height)
        let r = MandelbrotRenderer(workers: 2)
        r.start(f, tasks: p.plan())
        r.waitUntilComputed()
        for t in r.drain() { p.apply(t) }
        return p
    }

    /// Flies `ticks` ticks from `window` about (fx, fy), a frame per tick (or every `every` ticks).
    static func fly(from window: MandelbrotWindow, _ w: Int, _ h: Int, ticks: Int, every: Int = 1, speedSteps: Int = 0,
                    fx: Double = 0.17, fy: Double = -0.08, smooth: Bool = false) throws -> (MandelbrotModel, [MandelbrotFlightFrame]) {
        var m = MandelbrotModel(window: window)
        m.smooth = smooth
        m.changeFlightSpeed(by: speedSteps)
        func frame() -> MandelbrotFrame { MandelbrotFrame(window: m.window, width: w, height: h, limit: m.limit, smooth: smooth) }
        let first = frame()
        let picture = rendered(first)
        var frames = [MandelbrotFlightFrame.start(picture: picture, frame: first, coloring: picture.coloring(.range, period: 64))]
        m.startFlight(.inward, aboutWidths: fx, fy)
        for t in 1...ticks {
            try m.tickFlight()
            if t % every == 0 || t == ticks { frames.append(frames.last!.next(frame())) }
        }
        return (m, frames)
    }

    @Test func eachKeptPixelHoldsTheCountOfItsColumnAndRow() throws {
        let start = MandelbrotWindow(center: ComplexDecimal(-0.7436, 0.1318), span: 0.01)
        let (_, frames) = try Self.fly(from: start, 240, 160, ticks: 60)
        let last = frames.last!
        for (i, j) in [(0, 0), (239, 159), (120, 80), (17, 133), (201, 44), (77, 12)] {
            let n = MandelbrotKernel.iterations(cx: last.columns[i], cy: last.rows[j], limit: last.frame.limit)
            let v = last.values[j * 240 + i]
            #expect(n >= last.frame.limit ? !v.isFinite : v == Float(n), "pixel (\(i), \(j)): \(v), its place counts \(n)")
        }
        let f = last.frame
        // Every place lies within a pixel of its grid place.
        let columnsOff = (0..<f.width).map { abs(last.columns[$0] - (f.window.center.x.double + f.dx($0))) / f.spacing }.max()!
        let rowsOff = (0..<f.height).map { abs(last.rows[$0] - (f.window.center.y.double + f.dy($0))) / f.spacing }.max()!
        #expect(columnsOff <= 1.000001 && rowsOff <= 1.000001, "\(columnsOff), \(rowsOff) pixels off the grid")
    }

    @Test func atTheDefaultSpeedAFrameComputesAFewPercent() throws {
        let start = MandelbrotWindow(center: ComplexDecimal(-0.7436, 0.1318), span: 0.01)
        let (_, frames) = try Self.fly(from: start, 480, 270, ticks: 120)
        let shares = frames.dropFirst(2).map(\.computedShare)
        let mean = shares.reduce(0, +) / Double(shares.count)
        // 2× per second at 60 frames: each frame is 1.2 % narrower, so at least 1.2 % of the
        // columns and of the rows are new (2.3 % of the pixels); the matching keeps all but
        // about 2.5 % of each (some 5 % of the pixels).
        #expect(mean < 0.08, "computed \(mean * 100) % per frame")
        #expect(mean > 0.01, "computed \(mean * 100) % per frame: too little to be honest")
    }

    @Test("landing: the renderer finishes the flight's picture into exactly the fresh render", arguments: [false, true])
    func landsExactly(smooth: Bool) throws {
        let start = MandelbrotWindow(center: ComplexDecimal(-0.7436, 0.1318), span: 0.01)
        let (m, frames) = try Self.fly(from: start, 200, 150, ticks: 90, every: 3, smooth: smooth)
        let last = frames.last!
        let landed = last.picture()
        #expect(landed.quality.contains(.final), "no row and column lies on the grid")
        #expect(landed.quality.contains(.scaled))
        let finished = Self.rendered(last.frame, from: landed)
        let fresh = Self.rendered(MandelbrotFrame(window: m.window, width: 200, height: 150, limit: m.limit, smooth: smooth))
        #expect(finished.isComplete)
        #expect(finished.values == fresh.values)
    }

    @Test func deepFlightsReuseTheirReferenceAndLandExactly() throws {
        // The bench's spiral, 1e-20 wide: perturbation throughout.
        let spiral = MandelbrotDeepTests.spiral
        let start = MandelbrotWindow(center: spiral, width: DecimalNumber(significand: 1, exponent: -20))
        let (m, frames) = try Self.fly(from: start, 160, 100, ticks: 60, every: 2, fx: 0.02, fy: 0.01)
        let allDeep = frames.allSatisfy { $0.isDeep }
        #expect(allDeep)
        #expect(frames.dropFirst(2).filter(\.newReference).isEmpty, "the reference was rebuilt while zooming in")
        let last = frames.last!
        #expect(frames.dropFirst(2).map(\.computedShare).max()! < 0.2)
        let finished = Self.rendered(last.frame, from: last.picture())
        let fresh = Self.rendered(MandelbrotFrame(window: m.window, width: 160, height: 100, limit: m.limit))
        #expect(finished.values == fresh.values)
        // The view reached by flying passes the MPFR check.
        let out = MandelbrotDeepTests.compare(m.window, width: 160, height: 100, limit: m.limit, samples: 12, seed: 5)
        #expect(out.stable >= 1)
    }

    @Test func flyingFromDoublesIntoPerturbationKeepsTheCountsOfTheirPlaces() throws {
        // 4e-10 wide at 200 pixels: spacing 2e-12, the switch; 8 halvings/s for 0.5 s crosses it.
        let start = MandelbrotWindow(center: ComplexDecimal(-0.743643887037158, 0.131825904205311), span: 8e-10)
        let (_, frames) = try Self.fly(from: start, 200, 120, ticks: 30, speedSteps: 6, fx: 0, fy: 0)
        #expect(!frames.first!.isDeep && frames.last!.isDeep)
        #expect(frames.last!.computedShare < 1)
    }

    @Test func matchingKeepsOrderAndLeavesFewToCompute() {
        let kept = MandelbrotFlightFrame.match(old: [0, 1, 2, 3], new: [0.1, 0.4, 1.45, 2.2, 2.9, 5], tolerance: 0.5)
        #expect(kept == [0, -1, 1, 2, 3, -1])
        // Spread out rather than crowd: both new places want 1.05, the nearest to each; giving
        // the first 0.7 instead lets the second keep 1.05, and nothing is left to compute.
        let spread = MandelbrotFlightFrame.match(old: [0.7, 1.05], new: [1, 2], tolerance: 1)
        #expect(spread == [0, 1])
    }
}
