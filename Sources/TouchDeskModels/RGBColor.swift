/// A colour as the paint canvas stores it: 8 bits per channel, straight (not premultiplied).
///
/// Eight bits because that is what the canvas holds and what a hex code names: a colour picked
/// from the canvas, typed or shown as `#RRGGBB`, and painted again is the same colour exactly.
public struct RGBColor: Hashable, Sendable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        self.red = red; self.green = green; self.blue = blue
    }

    /// From channels in 0…1, rounded to the nearest 8-bit step; out-of-range values are clamped
    /// and NaN counts as 0.
    public init(unit r: Double, _ g: Double, _ b: Double) {
        func byte(_ v: Double) -> UInt8 { v.isNaN ? 0 : UInt8(min(max(v, 0), 1) * 255 + 0.5) }
        self.init(byte(r), byte(g), byte(b))
    }

    public static let black = RGBColor(0, 0, 0)
    public static let white = RGBColor(255, 255, 255)
    public static let red = RGBColor(255, 0, 0)
    public static let green = RGBColor(0, 255, 0)
    public static let blue = RGBColor(0, 0, 255)
    public static let yellow = RGBColor(255, 255, 0)

    /// Red, green, blue in 0…1.
    public var rgb: (Double, Double, Double) { (Double(red) / 255, Double(green) / 255, Double(blue) / 255) }

    /// `#RRGGBB`, upper-case.
    public var hex: String {
        let digits: [Character] = Array("0123456789ABCDEF")
        var text = "#"
        for channel in [red, green, blue] {
            text.append(digits[Int(channel >> 4)])
            text.append(digits[Int(channel & 15)])
        }
        return text
    }

    public var description: String { hex }

    /// Reads `#RRGGBB`, `RRGGBB` or the short `#RGB`; nil for anything else.
    public init?(hex text: String) {
        var s = Substring(text)
        while s.first?.isWhitespace == true { s = s.dropFirst() }
        while s.last?.isWhitespace == true { s = s.dropLast() }
        if s.hasPrefix("#") { s = s.dropFirst() }
        guard s.allSatisfy(\.isHexDigit) else { return nil }
        let values = s.compactMap { $0.hexDigitValue }.map(UInt8.init)
        switch values.count {
        case 6: self.init(values[0] << 4 | values[1], values[2] << 4 | values[3], values[4] << 4 | values[5])
        case 3: self.init(values[0] * 17, values[1] * 17, values[2] * 17)
        default: return nil
        }
    }

    /// A pixel of a Cairo image surface (32 bits, alpha in the top byte, colour premultiplied by
    /// it; the alpha byte is unused and reads as opaque in RGB24 surfaces): the colour it shows,
    /// with alpha divided back out. A fully transparent pixel has no colour and reads as black.
    public init(cairoPixel p: UInt32, hasAlpha: Bool) {
        let a = hasAlpha ? (p >> 24) & 0xff : 0xff
        let r = (p >> 16) & 0xff, g = (p >> 8) & 0xff, b = p & 0xff
        guard a > 0 else { self.init(0, 0, 0); return }
        func straight(_ c: UInt32) -> UInt8 { UInt8(min(255, (c * 255 + a / 2) / a)) }
        self.init(straight(r), straight(g), straight(b))
    }

    /// This colour laid over `under` at `opacity` (0…1): what one translucent stroke leaves on
    /// the canvas, however many of its dabs overlap there. Each channel is
    /// `opacity × self + (1 − opacity) × under`, rounded.
    public func composited(over under: RGBColor, opacity: Double) -> RGBColor {
        let a = opacity.isNaN ? 0 : min(max(opacity, 0), 1)
        let (r1, g1, b1) = rgb, (r0, g0, b0) = under.rgb
        return RGBColor(unit: r1 * a + r0 * (1 - a), g1 * a + g0 * (1 - a), b1 * a + b0 * (1 - a))
    }
}
