import Foundation
import Testing
import MandelbrotEngine
import TouchDeskModels

@Suite("Mandelbrot: palettes fitted to the counts on screen")
struct MandelbrotColoringTests {
    /// A deep view's counts: 80 to 92 (13 values) under a limit of 3200, plus interior pixels.
    static let deepCounts: [Float] = (0..<400).map { $0 % 31 == 0 ? MandelbrotValue.interior : Float(80 + $0 % 13) }

    @Test func rangeColouringShowsADozenColoursWhereTheSeedShowedOne() {
        let fitted = MandelbrotColoring(kind: .range, period: 64, values: Self.deepCounts)
        let colours = Set(Self.deepCounts.filter(\.isFinite).map { fitted.argb($0) })
        #expect(colours.count >= 12, "\(colours.count) colours")
        #expect(fitted.low == 80 && fitted.high == 92)
        // The seed's mapping over the whole limit: the 13 counts are three nearly equal blues.
        let seed = Set(Self.deepCounts.filter(\.isFinite).map { MandelbrotPalette.argb(MandelbrotPalette.color(count: Int($0), limit: 3200)) })
        #expect(seed.count <= 3)
        // The ends of the range are the seed's ends: blue and red; the interior stays black.
        #expect(fitted.argb(80) == 0xff00_00ff && fitted.argb(92) == 0xffff_0000)
        #expect(fitted.argb(MandelbrotValue.interior) == 0xff00_0000)
    }

    @Test func histogramColouringIsMonotonicAndSpreadsCrowdedCounts() {
        // Nine tenths of the pixels at counts 10–11, a few stragglers up to 1000.
        var values: [Float] = (0..<900).map { Float(10 + $0 % 2) }
        values += (0..<100).map { Float(12 + $0 * 10) }
        let h = MandelbrotColoring(kind: .histogram, period: 64, values: values)
        let r = MandelbrotColoring(kind: .range, period: 64, values: values)
        var last: Float = -1
        for v in stride(from: Float(10), through: 1000, by: 7) {
            #expect(h.fraction(v) >= last); last = h.fraction(v)
        }
        // The range palette gives counts 10 and 11 nearly the same colour; the histogram does not.
        #expect(abs(h.fraction(11) - h.fraction(10)) > 0.3)
        #expect(abs(r.fraction(11) - r.fraction(10)) < 0.01)
    }

    @Test func theCyclicPaletteRepeatsEveryPeriod() {
        let c = MandelbrotColoring(kind: .cyclic, period: 32, values: [1, 5000])
        for v: Float in [0, 3.5, 17, 31.9, 250] {
            #expect(c.argb(v) == c.argb(v + 32))
            #expect(c.argb(v) == c.argb(v + 320))
        }
        #expect(Set((0..<32).map { c.argb(Float($0)) }).count >= 24)
        let longer = MandelbrotColoring(kind: .cyclic, period: 64, values: [1, 5000])
        #expect(longer.argb(16) != c.argb(16))
    }

    /// Fitting and painting split a big picture among threads: every pixel still gets the colour
    /// of its own value, and the fit sees exactly the computed pixels.
    @Test(arguments: MandelbrotPaletteKind.allCases)
    func aPicturePaintedInPartsGivesEveryPixelItsOwnColour(_ kind: MandelbrotPaletteKind) {
        let (w, h) = (640, 480)
        var p = MandelbrotPicture(width: w, height: h)
        let r = MandelbrotRenderer(workers: 2)
        // Final above row 240, coarse previews below it, nothing at all from row 448 on.
        r.start(MandelbrotFrame(window: .start, width: w, height: h, limit: 150, smooth: true),
                tasks: p.plan().filter { $0.rect.y < 448 && ($0.coarse || $0.rect.y < 240) })
        r.waitUntilComputed()
        for t in r.drain() { p.apply(t) }
        let known = (0..<(w * h)).filter { p.quality[$0] != .unknown && p.values[$0].isFinite }.map { p.values[$0] }
        let coloring = p.coloring(kind, period: 32)
        #expect(coloring.low == known.min() && coloring.high == known.max())
        var pixels = [UInt32](repeating: 0, count: w * h)
        pixels.withUnsafeMutableBytes { p.paint(coloring, into: $0.baseAddress!, stride: w * 4) }
        var wrong = 0
        for y in 0..<h {
            for x in 0..<w {
                let v = p.value(x, y)
                let expected = switch p.quality(x, y) {
                case .unknown: MandelbrotPalette.unknown
                case .coarse where !v.isFinite: MandelbrotPalette.coarseInterior
                default: coloring.argb(v)
                }
                if pixels[y * w + x] != expected { wrong += 1 }
            }
        }
        #expect(wrong == 0, "\(wrong) pixels painted in another colour than their value's")
        #expect(Set(pixels).count > 100, "a real picture, not one colour")
        #expect(pixels[460 * w + 5] == MandelbrotPalette.unknown && p.quality(5, 300) == .coarse && p.quality(5, 100) == .final)
    }
}

@Suite("Mandelbrot: the picture reused across views")
struct MandelbrotPictureTests {
    static let frame = MandelbrotFrame(window: .start, width: 96, height: 64, limit: 100)

    /// The frame rendered completely into a picture.
    static func complete(_ f: MandelbrotFrame = frame) -> MandelbrotPicture {
        var p = MandelbrotPicture(width: f.width, height: f.height)
        let r = MandelbrotRenderer(workers: 2)
        r.start(f, tasks: p.plan())
        r.waitUntilComputed()
        for t in r.drain() { p.apply(t) }
        return p
    }

    @Test func anEmptyPictureAsksForEverythingCoarseFirst() {
        let p = MandelbrotPicture(width: 96, height: 64)
        let plan = p.plan()
        #expect(plan == MandelbrotRenderer.fullPlan(width: 96, height: 64))
        #expect(Self.complete().isComplete)
    }

    @Test func aPanMovesThePixelsAndAsksOnlyForTheUncoveredStrips() {
        let p = Self.complete()
        let moved = p.shifted(dx: 10, dy: -5)
        // Moved pixels keep their values and stay final.
        #expect(moved.value(50, 20) == p.value(40, 25))
        #expect(moved.quality(50, 20) == .final)
        #expect(moved.quality(5, 20) == .unknown && moved.quality(50, 62) == .unknown)
        let plan = moved.plan()
        let fine = plan.filter { !$0.coarse }
        let fineArea = fine.reduce(0) { $0 + $1.rect.pixelCount }
        // The left strip (10 columns) in every band, and the bottom band whole: far less than the view.
        #expect(fineArea < 96 * 64 / 2, "\(fine)")
        for t in fine where t.rect.y < 48 { #expect(t.rect.x == 0 && t.rect.width == 10, "\(t)") }
        #expect(plan.filter(\.coarse).count == fine.count, "unknown pixels get a coarse preview first")
    }

    @Test func aZoomPreviewIsTheOldPictureScaled() {
        let p = Self.complete()
        let z = p.resampled(width: 96, height: 64, scale: 2, offsetX: -48, offsetY: -32)
        // New pixel (x, y) shows old pixel ((x + ½ + 48) / 2, (y + ½ + 32) / 2).
        #expect(z.value(10, 10) == p.value(29, 21))
        #expect(z.quality(10, 10) == .scaled)
        #expect(z.plan().allSatisfy { !$0.coarse }, "a zoom in covers everything: no coarse pass")
        // Zooming out leaves a border the old picture does not cover.
        let out = p.resampled(width: 96, height: 64, scale: 0.5, offsetX: 24, offsetY: 16)
        #expect(out.quality(2, 2) == .unknown && out.quality(48, 32) == .scaled)
    }

    @Test func aLateCoarseTileNeverCoversFinalPixels() {
        var p = MandelbrotPicture(width: 16, height: 16)
        let rect = PixelRect(x: 0, y: 0, width: 16, height: 16)
        let fine = MandelbrotTile(generation: 1, rect: rect, isFinal: true, values: [Float](repeating: 7, count: 256))
        let coarse = MandelbrotTile(generation: 1, rect: rect, isFinal: false, values: [Float](repeating: 3, count: 256))
        p.apply(fine)
        p.apply(coarse)
        #expect(p.value(5, 5) == 7 && p.isComplete)
        let outside = p.apply(MandelbrotTile(generation: 1, rect: PixelRect(x: 8, y: 8, width: 16, height: 16), isFinal: true, values: []))
        #expect(!outside, "a tile that does not fit is refused")
    }

    @Test func whatIsNotKnownIsNeverPaintedInTheSetsBlack() {
        var p = MandelbrotPicture(width: 16, height: 8)
        p.apply(MandelbrotTile(generation: 1, rect: PixelRect(x: 0, y: 0, width: 8, height: 8), isFinal: false,
                               values: [Float](repeating: MandelbrotValue.interior, count: 64)))
        let coloring = p.coloring(.range, period: 64)
        var pixels = [UInt32](repeating: 0, count: 16 * 8)
        pixels.withUnsafeMutableBytes { p.paint(coloring, into: $0.baseAddress!, stride: 64) }
        #expect(pixels[0] == MandelbrotPalette.coarseInterior, "a coarse sample inside the set")
        #expect(pixels[12] == MandelbrotPalette.unknown, "not computed")
        #expect(!pixels.contains(MandelbrotPalette.interior))
    }
}
