/// A button held down that repeats like a held key: the caller acts once on the press, then this
/// says when to act again, after a delay and at a steady rate, counted in the app's 1/60 s ticks.
///
/// 0.4 s before the first repeat, then 15 a second: close to X's own key repeat (the server's
/// default is a 660 ms delay, then 25/s; desktops usually shorten the delay), slow enough that a
/// click of ordinary length never repeats.
public struct AutoRepeat: Equatable, Sendable {
    /// Ticks from the press to the first repeat: 0.4 s.
    public static let delayTicks = 24
    /// Ticks between repeats: 15 a second.
    public static let intervalTicks = 4

    public private(set) var isHeld = false
    /// Ticks counted while held and active.
    private var held = 0

    public init() {}

    /// The button went down (the caller acts once now); the delay starts over.
    public mutating func press() {
        isHeld = true
        held = 0
    }

    public mutating func release() {
        isHeld = false
        held = 0
    }

    /// One tick. `active` false (the pointer slid off the button while held) pauses the count, as
    /// the button no longer looks pressed; it resumes where it was. True when the action repeats now.
    public mutating func tick(active: Bool = true) -> Bool {
        guard isHeld, active else { return false }
        held += 1
        return held >= Self.delayTicks && (held - Self.delayTicks) % Self.intervalTicks == 0
    }
}
