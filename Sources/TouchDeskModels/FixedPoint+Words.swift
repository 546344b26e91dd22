extension FixedPoint {
    /// The exact bits, lowest word first: for keeping a deep-zoom centre in a file.
    public var words: [UInt32] { limbs }

    /// The number with these exact bits; nil unless there are exactly as many words as a
    /// `FixedPoint` has.
    public init?(words: [UInt32]) {
        guard words.count == Self.limbCount else { return nil }
        self.init(limbs: words)
    }
}
