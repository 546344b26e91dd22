/// A colour as the colour picker edits it: hue, saturation and value.
///
/// The picker keeps its hue and saturation in this form rather than in `RGBColor`, because black
/// and greys have no hue of their own: dragging the value down to black and back up must find the
/// hue the user had, not red.
public struct HSVColor: Equatable, Sendable, CustomStringConvertible {
    /// Degrees, 0 ≤ hue < 360 (0 red, 120 green, 240 blue).
    public var hue: Double
    /// 0 (grey) … 1 (pure colour).
    public var saturation: Double
    /// 0 (black) … 1 (brightest).
    public var value: Double

    /// Wraps the hue into 0..<360 and clamps saturation and value into 0…1 (NaN counts as 0).
    public init(hue: Double, saturation: Double, value: Double) {
        func unit(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, 0), 1) }
        var h = hue.isFinite ? hue.truncatingRemainder(dividingBy: 360) : 0
        if h < 0 { h += 360 }
        if h >= 360 { h = 0 }
        self.hue = h; self.saturation = unit(saturation); self.value = unit(value)
    }

    /// The hue, saturation and value of an 8-bit colour. Greys (no saturation) get hue 0.
    public init(_ c: RGBColor) {
        let (r, g, b) = c.rgb
        let hi = max(r, g, b), lo = min(r, g, b), d = hi - lo
        var h = 0.0
        if d > 0 {
            if hi == r { h = 60 * ((g - b) / d) }
            else if hi == g { h = 60 * ((b - r) / d + 2) }
            else { h = 60 * ((r - g) / d + 4) }
        }
        self.init(hue: h, saturation: hi > 0 ? d / hi : 0, value: hi)
    }

    /// The colour in red, green, blue, rounded to 8 bits.
    public var rgb: RGBColor {
        let c = value * saturation
        let h = hue / 60
        let x = c * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1))
        let (r, g, b): (Double, Double, Double)
        switch Int(h) {
        case 0: (r, g, b) = (c, x, 0)
        case 1: (r, g, b) = (x, c, 0)
        case 2: (r, g, b) = (0, c, x)
        case 3: (r, g, b) = (0, x, c)
        case 4: (r, g, b) = (x, 0, c)
        default: (r, g, b) = (c, 0, x)
        }
        let m = value - c
        return RGBColor(unit: r + m, g + m, b + m)
    }

    /// The brightest, fully saturated colour of this hue: what the hue strip shows.
    public var pureHue: RGBColor { HSVColor(hue: hue, saturation: 1, value: 1).rgb }

    public var description: String {
        "hsv(\(Int(hue.rounded()))°, \(Int((saturation * 100).rounded()))%, \(Int((value * 100).rounded()))%)"
    }
}
