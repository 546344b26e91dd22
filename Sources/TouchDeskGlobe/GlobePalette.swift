/// The globe's colours: hypsometric tints for land by height above the current sea, blues by depth
/// for the sea floor, the same blues tinted for land that is newly under water, as lookup tables
/// in steps of 4 m so a pixel's colour is one load.
struct GlobePalette: Sendable {
    static let metresPerStep = 4
    static let steps = 20_000 / metresPerStep

    let land: [UInt32]
    let sea: [UInt32]
    let flooded: [UInt32]
    /// Brightness by the view vector's z (0…1 in 256 steps): darkens towards the rim.
    let limb: [Float]

    typealias Stop = (metres: Double, r: Double, g: Double, b: Double)

    static let landStops: [Stop] = [
        (0, 0.33, 0.54, 0.30), (150, 0.47, 0.63, 0.33), (500, 0.72, 0.72, 0.45),
        (1200, 0.70, 0.56, 0.37), (2500, 0.57, 0.44, 0.36), (4000, 0.72, 0.68, 0.66),
        (5500, 0.95, 0.95, 0.96), (20_000, 1.0, 1.0, 1.0),
    ]
    static let seaStops: [Stop] = [
        (0, 0.56, 0.80, 0.90), (150, 0.36, 0.64, 0.84), (1000, 0.19, 0.44, 0.72),
        (4000, 0.09, 0.24, 0.52), (7000, 0.04, 0.12, 0.33), (20_000, 0.02, 0.05, 0.18),
    ]
    /// Mixed into the sea's colour for newly flooded land (the F toggle): still water, by its
    /// depth as the sea is, but turquoise beside the sea's blues (a mauve before read as a tint
    /// over land rather than as water). The panel's legend shows both.
    static let floodTint = (r: 0.05, g: 0.72, b: 0.62, amount: 0.5)


    init() {
        func ramp(_ stops: [Stop], _ tint: (r: Double, g: Double, b: Double, amount: Double)?) -> [UInt32] {
            (0..<Self.steps).map { i in
                let m = Double(i * Self.metresPerStep)
                let k = stops.lastIndex { $0.metres <= m } ?? 0
                let a = stops[k], b = stops[min(k + 1, stops.count - 1)]
                let f = b.metres > a.metres ? (m - a.metres) / (b.metres - a.metres) : 0
                var rgb = (a.r + (b.r - a.r) * f, a.g + (b.g - a.g) * f, a.b + (b.b - a.b) * f)
                if let tint {
                    rgb = (rgb.0 + (tint.r - rgb.0) * tint.amount, rgb.1 + (tint.g - rgb.1) * tint.amount,
                           rgb.2 + (tint.b - rgb.2) * tint.amount)
                }
                return Self.pack(rgb.0, rgb.1, rgb.2)
            }
        }
        land = ramp(Self.landStops, nil)
        sea = ramp(Self.seaStops, nil)
        flooded = ramp(Self.seaStops, Self.floodTint)
        limb = (0..<256).map { i in
            let z = Float(i) / 255
            let edge = 1 - z
            return 1 - 0.5 * edge * edge * edge
        }
    }

    /// The colour of a point `h` metres above the water at sea level `level` (both renderers' one
    /// height-to-colour rule), and its light with the relief under water shown only faintly.
    /// Above the water: today's colours by height above today's sea; bared sea floor (below today's
    /// level) coloured by its height above the water squeezed by `landScale`. Under water: blues
    /// by depth, tinted (`flooded`) where the point is dry today. The two views differ in how
    /// they decide `dryToday` and in `underwaterRelief`, the share of the hill-shade kept under water.
    @inline(__always)
    static func color(aboveWater h: Float, level: Int32, landScale: Float, dryToday: Bool,
                      underwaterRelief: Float, light: inout Float,
                      land: UnsafePointer<UInt32>, sea: UnsafePointer<UInt32>, flooded: UnsafePointer<UInt32>) -> UInt32 {
        let last = steps - 1
        if h > 0 {
            let today = h + Float(level)
            let metres = level >= 0 ? h : (today > 0 ? today : h * landScale)
            return land[min(Int(metres) >> 2, last)]
        }
        let step = min(Int(-h) >> 2, last)
        light = 1 + (light - 1) * underwaterRelief
        return dryToday ? flooded[step] : sea[step]
    }

    /// Opaque 0xFFRRGGBB from components 0…1.
    static func pack(_ r: Double, _ g: Double, _ b: Double) -> UInt32 {
        func c(_ v: Double) -> UInt32 { UInt32(max(0, min(255, (v * 255).rounded()))) }
        return 0xFF00_0000 | c(r) << 16 | c(g) << 8 | c(b)
    }
}

/// The colours the globe's legend shows (0xFFRRGGBB): the sea and newly flooded land, each 10 m
/// deep, as the renderers draw them.
public enum GlobeLegend {
    public static let sea: UInt32 = GlobePalette().sea[10 / GlobePalette.metresPerStep]
    public static let flooded: UInt32 = GlobePalette().flooded[10 / GlobePalette.metresPerStep]
}
