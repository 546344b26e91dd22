import Testing
import TouchDeskInterface
import TouchDeskModels
import TouchDeskTestSupport

@Suite("Paint: colours, the picker's HSV, opacity")
struct PaintColorTests {
    // MARK: - HSV

    @Test(arguments: [
        (RGBColor.red, 0.0, 1.0, 1.0), (RGBColor.yellow, 60, 1, 1), (RGBColor.green, 120, 1, 1),
        (RGBColor(0, 255, 255), 180, 1, 1), (RGBColor.blue, 240, 1, 1), (RGBColor(255, 0, 255), 300, 1, 1),
        (RGBColor.white, 0, 0, 1), (RGBColor.black, 0, 0, 0), (RGBColor(128, 64, 64), 0, 0.5, 128.0 / 255),
        (RGBColor(255, 128, 0), 30.117647, 1, 1),
    ])
    func knownColorsHaveTheirHueSaturationAndValue(rgb: RGBColor, hue: Double, saturation: Double, value: Double) {
        let hsv = HSVColor(rgb)
        #expect(abs(hsv.hue - hue) < 1e-4, "\(rgb) → \(hsv)")
        #expect(abs(hsv.saturation - saturation) < 1e-9 && abs(hsv.value - value) < 1e-9, "\(rgb) → \(hsv)")
        #expect(hsv.rgb == rgb)
    }

    @Test func everyEightBitColorSurvivesTheRoundTripThroughHSV() {
        // Every colour on a 5-step lattice of each channel plus 20 000 random ones: RGB → HSV → RGB
        // gives the colour back exactly.
        var colors: [RGBColor] = []
        for r in stride(from: 0, through: 255, by: 5) {
            for g in stride(from: 0, through: 255, by: 5) {
                for b in stride(from: 0, through: 255, by: 5) { colors.append(RGBColor(UInt8(r), UInt8(g), UInt8(b))) }
            }
        }
        var rng = SplitMix64(seed: 15)
        for _ in 0..<20_000 {
            let v = rng.next()
            colors.append(RGBColor(UInt8(v & 0xff), UInt8((v >> 8) & 0xff), UInt8((v >> 16) & 0xff)))
        }
        let wrong = colors.filter { HSVColor($0).rgb != $0 }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }

    @Test func hsvToRGBAndBackKeepsHueSaturationAndValue() {
        // Within what 8 bits can hold: each channel is off by at most half a step (1/510), which
        // moves the value by that much, the saturation by about a step over the value, and the hue
        // by about 60° times a step over the colour's chroma (s × v).
        var rng = SplitMix64(seed: 16)
        for _ in 0..<5_000 {
            let h = Double(rng.next() % 36000) / 100, s = 0.2 + Double(rng.next() % 800) / 1000, v = 0.2 + Double(rng.next() % 800) / 1000
            let back = HSVColor(HSVColor(hue: h, saturation: s, value: v).rgb)
            let dh = min(abs(back.hue - h), 360 - abs(back.hue - h))
            let step = 1.0 / 255
            #expect(abs(back.value - v) <= step / 2 + 1e-9, "\(h) \(s) \(v) → \(back)")
            #expect(abs(back.saturation - s) <= step / v + 1e-9, "\(h) \(s) \(v) → \(back)")
            #expect(dh <= 60 * step / (s * v) + 1e-9, "\(h) \(s) \(v) → \(back)")
        }
    }

    @Test func outOfRangeHSVIsWrappedAndClamped() {
        let c = HSVColor(hue: -30, saturation: 1.5, value: -2)
        #expect(c.hue == 330 && c.saturation == 1 && c.value == 0)
        #expect(HSVColor(hue: 720, saturation: .nan, value: .nan) == HSVColor(hue: 0, saturation: 0, value: 0))
        #expect(HSVColor(hue: .infinity, saturation: 1, value: 1).rgb == .red)
        #expect(HSVColor(hue: 359.9999, saturation: 1, value: 1).rgb == .red)
        #expect(HSVColor(hue: 200, saturation: 0.5, value: 0.5).pureHue == HSVColor(hue: 200, saturation: 1, value: 1).rgb)
    }

    // MARK: - Hex

    @Test func hexCodesReadAndWrite() {
        #expect(RGBColor(255, 136, 0).hex == "#FF8800")
        #expect(RGBColor(hex: "#ff8800") == RGBColor(255, 136, 0))
        #expect(RGBColor(hex: " 0a0B0c\n") == RGBColor(10, 11, 12))
        #expect(RGBColor(hex: "#f80") == RGBColor(255, 136, 0))
        for bad in ["", "#", "#12345", "#1234567", "zz0000", "#12 456", "#+12345"] { #expect(RGBColor(hex: bad) == nil, "\(bad)") }
        var rng = SplitMix64(seed: 3)
        for _ in 0..<1000 {
            let v = rng.next()
            let c = RGBColor(UInt8(v & 0xff), UInt8((v >> 8) & 0xff), UInt8((v >> 16) & 0xff))
            #expect(RGBColor(hex: c.hex) == c)
        }
    }

    // MARK: - The eyedropper's reading of a canvas pixel

    @Test func aCanvasPixelReadsAsTheColorItShows() {
        // The canvas is opaque (RGB24): its top byte means nothing.
        #expect(RGBColor(cairoPixel: 0x00ff8800, hasAlpha: false) == RGBColor(255, 136, 0))
        #expect(RGBColor(cairoPixel: 0x5a102030, hasAlpha: false) == RGBColor(0x10, 0x20, 0x30))
        // A premultiplied pixel is divided back out: 50 % red reads as red.
        #expect(RGBColor(cairoPixel: 0x80800000, hasAlpha: true) == RGBColor(255, 0, 0))
        #expect(RGBColor(cairoPixel: 0xff336699, hasAlpha: true) == RGBColor(0x33, 0x66, 0x99))
        #expect(RGBColor(cairoPixel: 0x00000000, hasAlpha: true) == .black)
    }

    @Test func theEyedropperMakesThePickedColorTheBrushColor() {
        var m = PaintModel()
        m.pick(RGBColor(12, 200, 99))
        m.line(y: 10)
        #expect(m.lastStroke?.color == RGBColor(12, 200, 99))
        #expect(m.color == RGBColor(12, 200, 99))
    }

    // MARK: - Opacity

    @Test func opacityIsClampedAndRoundedToWholePercent() {
        var m = PaintModel()
        #expect(m.opacity == 1)
        m.setOpacity(0.5)
        #expect(m.opacity == 0.5)
        m.setOpacity(0)
        #expect(m.opacity == 0.05)
        m.setOpacity(3)
        #expect(m.opacity == 1)
        m.setOpacity(0.333)
        #expect(m.opacity == 0.33)
        m.setOpacity(.nan)
        #expect(m.opacity == 0.33)
    }

    @Test func aTranslucentStrokeIsCompositedOnceAtItsEnd() {
        var m = PaintModel()
        m.color = .red
        m.setOpacity(0.4)
        m.beginStroke(at: Point(0, 0))
        m.extendStroke(to: Point(20, 0))
        // The stroke doubles back over itself: still dabs of one layer, no composite yet.
        m.extendStroke(to: Point(0, 0))
        let during = m.drainChanges()
        #expect(!during.isEmpty && during.allSatisfy {
            if case .dabs(.red, 10, 0.4, _) = $0 { true } else { false }
        }, "\(during)")
        m.endStroke(at: Point(0, 0))
        let after = m.drainChanges()
        #expect(after.filter { $0 == .strokeEnded(opacity: 0.4) }.count == 1, "\(after)")
        #expect(after.last == .strokeEnded(opacity: 0.4))
        #expect(m.lastStroke?.opacity == 0.4)
        // Undo and redo bring the same single composite back.
        m.undo()
        _ = m.drainChanges()
        m.redo()
        let redone = m.drainChanges()
        #expect(redone == [.dabs(color: .red, radius: 10, opacity: 0.4, centers: m.lastStroke!.dabs), .strokeEnded(opacity: 0.4)])
    }

    @Test func anOpaqueStrokeNeedsNoComposite() {
        var m = PaintModel()
        m.line(y: 5)
        #expect(!m.drainChanges().contains(.strokeEnded(opacity: 1)))
    }

    @Test func theCompositingRuleIsOneLinearBlend() {
        let under = RGBColor(0, 0, 0), over = RGBColor(255, 100, 50)
        #expect(over.composited(over: under, opacity: 1) == over)
        #expect(over.composited(over: under, opacity: 0) == under)
        #expect(over.composited(over: under, opacity: 0.5) == RGBColor(128, 50, 25))
        #expect(RGBColor.white.composited(over: RGBColor(0, 0, 255), opacity: 0.25) == RGBColor(64, 64, 255))
        // A second layer at the same opacity darkens further: what one stroke must never do to itself.
        let once = over.composited(over: under, opacity: 0.5), twice = over.composited(over: once, opacity: 0.5)
        #expect(twice != once && twice.red > once.red)
    }
}
