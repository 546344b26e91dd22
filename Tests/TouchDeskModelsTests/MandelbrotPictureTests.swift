import Foundation
import Testing
import MandelbrotEngine
import TouchDeskModels

@Suite("Mandelbrot: palettes fitted to the counts on screen")
struct MandelbrotColoringTests {
    /// A deep view's counts: 80 to 92 (13 values) under a limit of 3200, plus interior pixels.
    static let deepCounts: [Float] = (0..<400).map { (i: Int) -> Float in i % 31 == 0 ? MandelbrotValue.interior : Float(80 + i % 13) }

    @Test func rangeColoringShowsADozenColorsWhereTheSeedShowedOne() {
        let fitted = MandelbrotColoring(kind: .range, period: 64, values: Self.deepCounts)
        let colors = Set(Self.deepCounts.filter(\.isFinite).map { fitted.argb($0) })
        #expect(colors.count >= 12, "\(colors.count) colours")
        #expect(fitted.low == 80 && fitted.high == 92)
        // The seed's mapping over the whole limit: the 13 counts are three nearly equal blues.
        let seed = Set(Self.deepCounts.filter(\.isFinite).map { MandelbrotPalette.argb(MandelbrotPalette.color(count: Int($0), limit: 3200)) })
        #expect(seed.count <= 3)
        // The ends of the range are the seed's ends: blue and red; the interior stays black.
        #expect(fitted.argb(80) == 0xff00_00ff && fitted.argb(92) == 0xffff_0000)
        #expect(fitted.argb(MandelbrotValue.interior) == 0xff00_0000)
    }

    @Test func histogramColoringIsMonotonicAndSpreadsCrowdedCounts() {
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
    func aPicturePaintedInPartsGivesEveryPixelItsOwnColor(_ kind: MandelbrotPaletteKind) {
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

    /// A pan past an edge, or a window shrunk under a pan, moves the whole picture out of view:
    /// everything is unknown, nothing is copied (the monkey crashed here on a fling of 581 rows
    /// into a smaller window).
    @Test(arguments: [(0, 200, 96, 64), (0, -200, 96, 64), (300, 0, 96, 64), (-300, 0, 96, 64),
                      (0, 581, 96, 40), (0, -70, 96, 40), (5, 5, 0, 0)])
    func aShiftPastAnyEdgeLeavesAnEmptyPicture(_ dx: Int, _ dy: Int, _ w: Int, _ h: Int) {
        let moved = Self.complete().shifted(dx: dx, dy: dy, width: w, height: h)
        #expect(moved.width == w && moved.height == h)
        #expect(!moved.quality.contains { $0 != .unknown })
        let viaZoom = Self.complete().resampled(width: w, height: h, scale: 1, offsetX: Double(dx), offsetY: Double(dy))
        #expect(!viaZoom.quality.contains { $0 != .unknown })
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

/// The window's recolour (statistics gathered on every core in one pass, the fast row painter)
/// against the straightforward one it replaced (`MandelbrotColoringReference`): the same fit and
/// the same image, pixel for pixel, on several views and palettes.
@Suite("Mandelbrot: the fast recolour equals the straightforward one")
struct MandelbrotFastRecolorTests {
    /// A picture of `w` × `h` whose values come from `value(x, y)`, all final except where
    /// `quality` says otherwise (`.coarse` or `.unknown`).
    static func synthetic(_ w: Int, _ h: Int, quality: (Int, Int) -> MandelbrotPixelQuality = { _, _ in .final },
                          _ value: (Int, Int) -> Float) -> MandelbrotPicture {
        var p = MandelbrotPicture(width: w, height: h)
        for y in 0..<h {
            // One tile per run of pixels of the same quality; unknown ones are left alone.
            var x0 = 0
            while x0 < w {
                let q = quality(x0, y)
                var x1 = x0 + 1
                while x1 < w && quality(x1, y) == q { x1 += 1 }
                if q != .unknown {
                    p.apply(MandelbrotTile(generation: 1, rect: PixelRect(x: x0, y: y, width: x1 - x0, height: 1), isFinal: q == .final,
                                           values: (x0..<x1).map { value($0, y) }))
                }
                x0 = x1
            }
        }
        return p
    }

    /// A rendered view, completely or (with `partial`) only its coarse preview below row h/2 and
    /// nothing in the last 32 rows.
    static func rendered(_ window: MandelbrotWindow, _ w: Int, _ h: Int, limit: Int, smooth: Bool, partial: Bool = false) -> MandelbrotPicture {
        var p = MandelbrotPicture(width: w, height: h)
        let r = MandelbrotRenderer(workers: 2)
        let tasks = p.plan().filter { !partial || ($0.rect.y < h - 32 && ($0.coarse || $0.rect.y < h / 2)) }
        r.start(MandelbrotFrame(window: window, width: w, height: h, limit: limit, smooth: smooth), tasks: tasks)
        r.waitUntilComputed()
        for t in r.drain() { p.apply(t) }
        return p
    }

    static let views: [(String, MandelbrotPicture)] = {
        let seahorse = MandelbrotWindow(center: ComplexDecimal(try! DecimalNumber.parse("-0.7436"), try! DecimalNumber.parse("0.1318")),
                                        width: try! DecimalNumber.parse("0.002"))
        return [
            ("start view, smooth", rendered(.start, 320, 200, limit: 200, smooth: true)),
            ("seahorse valley, whole counts, partly computed", rendered(seahorse, 320, 200, limit: 600, smooth: false, partial: true)),
            // Big enough to be split among threads (over 2¹⁸ pixels a part), counts 3000–3400 with fractions.
            ("synthetic 1024×600, deep counts", synthetic(1024, 600, quality: { x, y in y > 500 ? .coarse : (x + y) % 97 == 0 ? .unknown : .final }) { x, y in
                (x * 7 + y * 13) % 211 == 0 ? MandelbrotValue.interior : 3000 + Float((x * x + y * 3) % 400) + Float(x % 8) / 8
            }),
            ("synthetic, one count", synthetic(700, 400) { _, _ in 42 }),
            ("nothing computed", MandelbrotPicture(width: 600, height: 500)),
        ]
    }()

    static let palettes: [(MandelbrotPaletteKind, Int)] = [(.range, 64), (.histogram, 64), (.cyclic, 4), (.cyclic, 64), (.cyclic, 8192)]

    @Test func theStatisticsAndTheFitAreTheStraightforwardOnes() {
        for (name, p) in Self.views {
            for histogram in [false, true] {
                let reference = p.values.withUnsafeBufferPointer { v in
                    p.quality.withUnsafeBufferPointer { q in MandelbrotColoringReference.stats(values: v, quality: q, histogram: histogram) }
                }
                #expect(p.stats(histogram: histogram) == reference, "\(name), histogram \(histogram)")
            }
            for (kind, period) in Self.palettes {
                #expect(p.coloring(kind, period: period) == MandelbrotColoringReference.coloring(p, kind, period: period), "\(name), \(kind) \(period)")
            }
        }
    }

    @Test func theFastPaintIsTheStraightforwardPaintPixelForPixel() {
        for (name, p) in Self.views {
            for (kind, period) in Self.palettes {
                let coloring = p.coloring(kind, period: period)
                var fast = [UInt32](repeating: 1, count: p.width * p.height), plain = fast, perPixel = fast
                fast.withUnsafeMutableBytes { p.paint(coloring, into: $0.baseAddress!, stride: p.width * 4) }
                plain.withUnsafeMutableBytes {
                    MandelbrotColoringReference.paint(p, MandelbrotColoringReference.coloring(p, kind, period: period), into: $0.baseAddress!, stride: p.width * 4)
                }
                // And the definition, one pixel at a time.
                for i in perPixel.indices {
                    let v = p.values[i]
                    perPixel[i] = switch p.quality[i] {
                    case .unknown: MandelbrotPalette.unknown
                    case .coarse where !v.isFinite: MandelbrotPalette.coarseInterior
                    default: coloring.argb(v)
                    }
                }
                let differ = zip(fast, plain).filter { $0 != $1 }.count
                #expect(differ == 0, "\(name), \(kind) \(period): \(differ) pixels differ from the plain paint")
                #expect(fast == perPixel, "\(name), \(kind) \(period): not each pixel's own colour")
            }
        }
    }

    @Test func valuesOutsideTheCountRangeFallBackToTheExactScan() {
        // Each kind of value the fast scan cannot bin: a negative one, and counts at and past 2²⁴
        // (a histogram has a bin per whole count from the lowest to the highest, so the second set
        // starts at 2²⁴: from 0 to 10⁹ both scans would fill 8 GB each). No picture has them: the
        // iteration limit is at most 200,000.
        for values: [Float] in [[-3.5, 0, 2.25, 17, .infinity], [16_777_216, 16_777_218, 16_777_300, 16_777_216, .infinity]] {
            for histogram in [false, true] {
                let fast = values.withUnsafeBufferPointer { MandelbrotValueStats(values: $0, quality: nil, histogram: histogram) }
                let plain = values.withUnsafeBufferPointer { MandelbrotColoringReference.stats(values: $0, quality: nil, histogram: histogram) }
                #expect(fast == plain, "\(values), histogram \(histogram)")
                #expect(fast.total == 4)
            }
        }
        // Only the coarse and final pixels count: a picture whose known pixels are all one value.
        let p = Self.synthetic(64, 64, quality: { x, _ in x < 32 ? .unknown : .final }) { x, _ in x < 32 ? 5 : 9 }
        #expect(p.stats(histogram: true) == MandelbrotValueStats(low: 9, high: 9, counts: [64 * 32], total: 64 * 32))
    }

    @Test func aPaletteChangeOrARangeTheCyclicPaletteIgnoresNeedsNoRepaint() {
        let a = MandelbrotColoring(kind: .cyclic, period: 64, values: [10, 20])
        let b = MandelbrotColoring(kind: .cyclic, period: 64, values: [12, 90])
        #expect(a != b && a.paintsLike(b))
        #expect(!a.paintsLike(MandelbrotColoring(kind: .cyclic, period: 32, values: [10, 20])))
        #expect(!MandelbrotColoring(kind: .range, period: 64, values: [10, 20]).paintsLike(MandelbrotColoring(kind: .range, period: 64, values: [10, 21])))
        #expect(MandelbrotColoring(kind: .range, period: 4, values: [10, 20]).paintsLike(MandelbrotColoring(kind: .range, period: 64, values: [10, 20])))
        #expect(!MandelbrotColoring(kind: .range, period: 64, values: [10, 20]).paintsLike(MandelbrotColoring(kind: .histogram, period: 64, values: [10, 20])))
    }
}
