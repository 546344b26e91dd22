import Foundation

/// The sea-level changer: the range, the slider's scale, the key steps and the presets.
///
/// Levels are whole metres, as ETOPO5's elevations are.
public enum SeaLevel {
    public static let lowest = -11_000
    public static let highest = 9_000
    public static let range = lowest...highest

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

    /// The whole-metre level at slider position `t`.
    public static func level(atSliderPosition t: Double) -> Int {
        Int(metres(atSliderPosition: t).rounded())
    }

    /// The slider position (0…1) of `metres` (clamped to the range).
    public static func sliderPosition(ofMetres metres: Double) -> Double {
        let m = min(Double(highest), max(Double(lowest), metres))
        return min(1, max(0, sliderZero + asinh(m / sliderScale) / sliderRate))
    }

    // MARK: - Keys

    /// Steps of the keys: Up/Down 1 m, Page Up/Page Down 10 m, with Shift 100 m.
    public enum Step: Int, Sendable, CaseIterable {
        case metre = 1
        case tenMetres = 10
        case hundredMetres = 100
    }

    /// `level` moved by `count` steps (negative: down), kept in the range.
    public static func stepped(_ level: Int, by step: Step, count: Int = 1) -> Int {
        min(highest, max(lowest, level + step.rawValue * count))
    }

    // MARK: - Presets

    public enum Preset: Int, Sendable, CaseIterable, CustomStringConvertible {
        case iceAge, today, iceMelted, seeds, drained

        public var metres: Int {
            switch self {
            case .iceAge: -120
            case .today: 0
            case .iceMelted: 70
            case .seeds: 476
            case .drained: -11_000
            }
        }

        public var title: String {
            switch self {
            case .iceAge: "Ice age"
            case .today: "Today"
            case .iceMelted: "All ice melted"
            case .seeds: "The seed's +476 m"
            case .drained: "Drained"
            }
        }

        public var description: String { "\(title) (\(SeaLevel.label(metres)))" }
    }

    /// "+70 m", "0 m", "−120 m" (with a real minus sign).
    public static func label(_ metres: Int) -> String {
        metres > 0 ? "+\(metres) m" : metres < 0 ? "\u{2212}\(-metres) m" : "0 m"
    }
}
