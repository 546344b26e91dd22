#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// An RGBA colour with components in 0…1.
public struct Color: Equatable, Hashable, Sendable {
    public var r, g, b, a: Double
    public init(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) { self.r = r; self.g = g; self.b = b; self.a = a }
    /// From 0xRRGGBB.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(Double((hex >> 16) & 0xff) / 255, Double((hex >> 8) & 0xff) / 255, Double(hex & 0xff) / 255, alpha)
    }
    public init(_ rgb: (Double, Double, Double)) { self.init(rgb.0, rgb.1, rgb.2) }
    public func with(alpha: Double) -> Color { Color(r, g, b, alpha) }

    /// Makes this the source colour of `cr`.
    public func set(_ cr: CairoContext) { cr.setSource(self) }

    /// Relative luminance as WCAG 2 defines it (sRGB components linearised), 0 black to 1 white.
    public var luminance: Double {
        func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
    }

    /// The WCAG contrast ratio of two opaque colours, 1 (none) to 21 (black on white); body text
    /// needs 4.5.
    public func contrast(with other: Color) -> Double {
        let (l1, l2) = (luminance, other.luminance)
        return (max(l1, l2) + 0.05) / (min(l1, l2) + 0.05)
    }
}

/// The colour of text drawn without one (`CairoContext.text`): the theme's text colour, which the
/// shell sets when the theme changes. Atomic, as pictures may be drawn off the main thread.
public enum DefaultTextColor {
    private static let packed = Atomic<UInt32>(0xf2f3_f7ff)

    public static var current: Color {
        let v = packed.load(ordering: .relaxed)
        return Color(hex: v >> 8, alpha: Double(v & 0xff) / 255)
    }

    public static func set(_ c: Color) {
        func byte(_ x: Double) -> UInt32 { UInt32((min(1, max(0, x)) * 255).rounded()) }
        packed.store(byte(c.r) << 24 | byte(c.g) << 16 | byte(c.b) << 8 | byte(c.a), ordering: .relaxed)
    }
}
