import Foundation
import TouchDeskLocalization

/// The sea-level changer: the range, the slider's scale, the key steps and the presets.
///
/// A level is metres to the centimetre (the IPCC's projections for 2100 are under a metre). The
/// relief's heights and spill levels are whole metres, so a level floods exactly what its
/// `gridLevel` (the whole metre at or below it) floods: +0.77 m floods what 0 m does, +4.3 m
/// what +4 m does; the label, the saved state and the presets keep the centimetres.
public enum SeaLevel {
    public static let lowest = -11_000
    public static let highest = 9_000
    public static let range = lowest...highest
    public static let metresRange = Double(lowest)...Double(highest)

    /// `metres` to the centimetre, kept in the range.
    public static func rounded(_ metres: Double) -> Double {
        (min(Double(highest), max(Double(lowest), metres)) * 100).rounded() / 100
    }

    /// The whole metres that flood the same cells and places as `metres`: a cell or place of
    /// whole-metre height h is under water when h ≤ level, that is h ≤ ⌊level⌋.
    public static func gridLevel(_ metres: Double) -> Int {
        Int(rounded(metres).rounded(.down))
    }

    // MARK: - Slider

    /// The slider maps its position t ∈ 0…1 to metres by m(t) = c · sinh(b · (t − t₀)).
    ///
    /// sinh is linear near 0 (fine control around today: 1 m per 0.66 % of the travel) and
    /// exponential further out, so the same slider reaches the trench and Everest. b and t₀ are
    /// fixed by the ends (m(0) = −11,000, m(1) = +9,000) and c = 10 m; then 61 % of the travel
    /// lies within ±500 m and 79 % within ±2,000 m. Smooth and strictly monotone,
    /// with an exact inverse t(m) = t₀ + asinh(m / c) / b.
    static let sliderScale = 10.0
    static let sliderRate = asinh(Double(highest) / sliderScale) + asinh(-Double(lowest) / sliderScale)
    static let sliderZero = asinh(-Double(lowest) / sliderScale) / sliderRate

    /// Metres (not rounded) at slider position `t` (clamped to 0…1).
    public static func metres(atSliderPosition t: Double) -> Double {
        let t = min(1, max(0, t))
        if t == 0 { return Double(lowest) }
        if t == 1 { return Double(highest) }
        return sliderScale * sinh(sliderRate * (t - sliderZero))
    }

    /// The level at slider position `t`: whole metres (the slider is too coarse for less; the
    /// fine keys and the presets give tenths and centimetres).
    public static func level(atSliderPosition t: Double) -> Double {
        metres(atSliderPosition: t).rounded()
    }

    /// The slider position (0…1) of `metres` (clamped to the range).
    public static func sliderPosition(ofMetres metres: Double) -> Double {
        let m = min(Double(highest), max(Double(lowest), metres))
        return min(1, max(0, sliderZero + asinh(m / sliderScale) / sliderRate))
    }

    // MARK: - Keys

    /// Steps of the keys: Ctrl+Shift+Up/Down 0.1 m, Ctrl+Up/Down 1 m, Page Up/Page Down 10 m,
    /// with Shift 100 m.
    public enum Step: Int, Sendable, CaseIterable {
        case tenth, metre, tenMetres, hundredMetres

        public var metres: Double { [0.1, 1, 10, 100][rawValue] }
    }

    /// `level` moved by `count` steps (negative: down), to the centimetre, kept in the range.
    public static func stepped(_ level: Double, by step: Step, count: Int = 1) -> Double {
        rounded(level + step.metres * Double(count))
    }

    // MARK: - Presets

    public enum Preset: Int, Sendable, CaseIterable, CustomStringConvertible {
        case iceAge, today, iceMelted, seeds, drained
        /// IPCC AR6 WG1 (2021), Summary for Policymakers B.5.3 and B.5.4: global mean sea level
        /// relative to 1995–2014. 2100 under low (SSP1-2.6) and very high (SSP5-8.5) emissions at
        /// the report's median; 2300 under very high emissions at the middle of its likely range
        /// (the report gives no median for 2300). See docs/globe.md.
        case low2100, high2100, high2300

        public var metres: Double {
            switch self {
            case .iceAge: -120
            case .today: 0
            case .iceMelted: 70
            case .seeds: 476
            case .drained: -11_000
            case .low2100: 0.44
            case .high2100: 0.77
            case .high2300: 4.25
            }
        }

        /// The report's likely range (metres), for the projections.
        public var likelyRange: ClosedRange<Double>? {
            switch self {
            case .low2100: 0.32...0.62
            case .high2100: 0.63...1.01
            case .high2300: 1.7...6.8
            default: nil
            }
        }

        public var title: String {
            switch self {
            case .iceAge: "Ice age"
            case .today: "Today"
            case .iceMelted: "All ice melted"
            case .seeds: "The seed's +476 m"
            case .drained: "Drained"
            case .low2100: "2100, low emissions (IPCC AR6, SSP1-2.6)"
            case .high2100: "2100, very high emissions (IPCC AR6, SSP5-8.5)"
            case .high2300: "2300, very high emissions (IPCC AR6, SSP5-8.5)"
            }
        }

        /// The presets the slider marks and snaps to: the whole-metre ones (the slider moves in
        /// whole metres; the projections under a metre would crowd today's mark).
        public static let slider = allCases.filter { $0.metres == $0.metres.rounded() }

        public var description: String { "\(title) (\(SeaLevel.label(metres)))" }
    }

    /// "+70 m", "0 m", "−120 m" (with a real minus sign), "+0.44 m" (the user's decimal separator).
    public static func label(_ metres: Int) -> String { label(Double(metres)) }

    public static func label(_ metres: Double) -> String {
        let m = rounded(metres), a = abs(m)
        var digits = a == a.rounded() ? String(Int(a)) : String(format: "%.2f", a)
        if digits.contains(".") { while digits.hasSuffix("0") { digits.removeLast() } }
        digits = NumberStyle.current.localize(digits)
        return m > 0 ? "+\(digits) m" : m < 0 ? "\u{2212}\(digits) m" : "0 m"
    }
}
