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
}
