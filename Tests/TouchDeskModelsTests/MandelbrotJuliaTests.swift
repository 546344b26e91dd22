import Foundation
import Testing
import MandelbrotEngine
import TouchDeskModels

@Suite("Mandelbrot: Julia sets")
struct MandelbrotJuliaTests {
    @Test("every kernel build counts Julia points like the plain loop", arguments: [false, true])
    func kernelsMatchThePlainLoop(smooth: Bool) {
        let c = SIMD2(-0.8, 0.156), n = 203, limit = 500
        let xs = MandelbrotKernel.pixelCenters(from: -1.6, to: 1.6, count: n)
        for set in MandelbrotKernel.availableInstructionSets {
            for y in stride(from: -0.9, through: 0.9, by: 0.3) {
                var counts = [UInt32](repeating: 0, count: n), norms = [Double](repeating: 0, count: n)
                if smooth {
                    MandelbrotKernel.simdRow(cx: xs, cy: y, count: n, limit: limit, counts: &counts, norms: &norms, julia: c, using: set)
                } else {
                    MandelbrotKernel.simdRow(cx: xs, cy: y, count: n, limit: limit, counts: &counts, julia: c, using: set)
                }
                let plain = xs.map { UInt32(MandelbrotKernel.juliaIterations(zx: $0, zy: y, jx: c.x, jy: c.y, limit: limit)) }
                #expect(counts == plain, "\(set.rawValue), row y = \(y)")
            }
        }
        // Not the Mandelbrot set's counts: the same row without c differs.
        var mandel = [UInt32](repeating: 0, count: n), julia = mandel
        MandelbrotKernel.simdRow(cx: xs, cy: 0.3, count: n, limit: limit, counts: &mandel)
        MandelbrotKernel.simdRow(cx: xs, cy: 0.3, count: n, limit: limit, counts: &julia, julia: c)
        #expect(mandel != julia)
    }

    @Test func showingAJuliaSetAndGoingBack() throws {
        var m = try MandelbrotModel(journey: [1, 4])
        let before = m.window
        let c = m.mandelbrotPoint(atWidths: 0.25, -0.1)
        #expect(abs(c.x.double - (before.center.x.double + 0.25 * before.span)) < 1e-15)
        m.showJulia(c)
        #expect(m.julia == c && m.window == MandelbrotModel.juliaStart && m.journey == nil)
        #expect(m.journeyText.hasPrefix("Julia set of c = "))
        // While shown, points are still taken from the Mandelbrot view J was pressed on.
        #expect(m.mandelbrotPoint(atWidths: 0.25, -0.1) == c)
        #expect(m.mandelbrotView.window == before && m.mandelbrotView.journey == [1, 4], "what is kept across restarts")
        try m.zoom(by: 0.5, aboutWidths: 0.1, 0.1)
        #expect(throws: MandelbrotModel.ZoomError.juliaTooDeep) { for _ in 0..<40 { try m.zoom(by: 0.5, aboutWidths: 0, 0) } }
        m.hideJulia()
        #expect(m.julia == nil && m.window == before && m.journeyText == "1-4")
    }

    @Test func aJuliaFrameRendersTheJuliaSetAndFliesLikeAnyOther() throws {
        let c = ComplexDecimal(-0.8, 0.156)
        let f = MandelbrotFrame(window: MandelbrotModel.juliaStart, width: 120, height: 90, limit: 300, julia: c)
        #expect(!f.usesPerturbation)
        var p = MandelbrotPicture(width: 120, height: 90)
        let r = MandelbrotRenderer(workers: 2)
        r.start(f, tasks: p.plan())
        r.waitUntilComputed()
        for t in r.drain() { p.apply(t) }
        for (i, j) in [(0, 0), (60, 45), (33, 70), (119, 89)] {
            let n = MandelbrotKernel.juliaIterations(zx: f.dx(i), zy: f.dy(j), jx: -0.8, jy: 0.156, limit: 300)
            let v = p.value(i, j)
            #expect(n >= 300 ? !v.isFinite : v == Float(n), "pixel (\(i), \(j))")
        }
        // A flight frame of the Julia view keeps counting Julia points.
        let start = MandelbrotFlightFrame.start(picture: p, frame: f, coloring: p.coloring(.range, period: 64))
        var g = f
        g.window = f.window.zoomed(by: 0.9, aboutWidths: 0.1, 0)
        let next = start.next(g)
        for (i, j) in [(5, 5), (100, 80)] {
            let n = MandelbrotKernel.juliaIterations(zx: next.columns[i], zy: next.rows[j], jx: -0.8, jy: 0.156, limit: 300)
            let v = next.values[j * 120 + i]
            #expect(n >= 300 ? !v.isFinite : v == Float(n))
        }
    }
}
