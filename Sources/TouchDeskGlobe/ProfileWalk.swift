/// Walking an elevation profile: a marker at one of its samples that keys move a step at a
/// time, a drag along the chart puts anywhere, and playing moves from start to end in
/// `secondsToWalk` (at 60 ticks a second). The app shows the marker on the globe and on the chart
/// with the distance and the height there.
public struct ProfileWalk: Equatable, Sendable {
    /// The profile's samples (at least 1).
    public let count: Int
    public private(set) var index = 0
    public private(set) var isPlaying = false
    /// A whole walk, start to end, while playing.
    public static let secondsToWalk = 8.0
    static let ticksPerSecond = 60.0
    /// Samples one tick of playing moves, as a fraction kept between ticks so a short
    /// profile walks as long as a long one.
    private var carried = 0.0

    public init(count: Int) {
        self.count = max(1, count)
    }

    /// Samples a key moves: one fiftieth of the line.
    public var keyStep: Int { max(1, count / 50) }

    /// Where along the line, 0 at the start to 1 at the end.
    public var fraction: Double { count > 1 ? Double(index) / Double(count - 1) : 0 }

    public var isAtEnd: Bool { index >= count - 1 }

    /// A key: `steps` key steps on (negative: back); stops playing.
    public mutating func step(_ steps: Int) {
        isPlaying = false
        index = Self.clamp(index + steps * keyStep, count)
    }

    /// A press or drag on the chart at `fraction` of its width (clamped to 0…1); stops playing.
    public mutating func move(toFraction f: Double) {
        isPlaying = false
        guard f.isFinite else { return }
        index = Self.clamp(Int((min(1, max(0, f)) * Double(count - 1)).rounded()), count)
    }

    /// The play key: plays from here (from the start when at the end), or pauses.
    public mutating func togglePlay() {
        if isPlaying { isPlaying = false; return }
        if isAtEnd { index = 0 }
        carried = 0
        isPlaying = count > 1
    }

    /// One tick of playing: whether the marker moved. Stops at the end.
    public mutating func tick() -> Bool {
        guard isPlaying else { return false }
        carried += Double(count - 1) / (Self.secondsToWalk * Self.ticksPerSecond)
        let whole = Int(carried)
        carried -= Double(whole)
        index = Self.clamp(index + whole, count)
        if isAtEnd { isPlaying = false }
        return true
    }

    static func clamp(_ i: Int, _ count: Int) -> Int { min(count - 1, max(0, i)) }
}
