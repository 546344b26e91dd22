/// A small seeded random generator (SplitMix64): the same seed gives the same numbers on every
/// run and machine. The Maze generator, SpaceBalls, the hand-drawn pictures' wobble and the
/// property and fuzz tests all use this one generator, so a seed in a message reproduces a run.
public struct SplitMix64: RandomNumberGenerator, Hashable, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }

    /// A number in 0..<1 with 53 random bits.
    public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
