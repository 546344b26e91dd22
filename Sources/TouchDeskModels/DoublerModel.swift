/// Doubler: a number that starts at 1 and doubles with each press, without ever overflowing.
///
/// The seed used a fixed-size integer that would overflow after 63 presses; this one is
/// arbitrary precision (BigInt), so 2^1000 is as exact as 2^3.

import BigInt

public struct DoublerModel: Equatable, Sendable {
    public private(set) var value: BigUInt = 1
    /// How many times it doubled since the start or the last reset: value = 2^presses.
    public private(set) var presses = 0

    public init() {}

    /// The value after `presses` doublings (negative counts as none): 2^presses, at once.
    public init(presses: Int) {
        self.presses = max(0, presses)
        value = BigUInt(1) << self.presses
    }

    public mutating func double() {
        value <<= 1
        presses += 1
    }

    public mutating func reset() {
        value = 1
        presses = 0
    }

    /// The value in decimal digits.
    public var decimal: String { String(value) }
    public var digitCount: Int { decimal.count }
    /// "2^70".
    public var powerText: String { "2^\(presses)" }
}
