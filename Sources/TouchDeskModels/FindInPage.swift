import TouchDeskInterface
/// Find in page, as the find bar shows it: what is searched for, how many matches the engine
/// counted, and which of them is the current one ("3 of 12").
///
/// WebKit's find controller reports how many matches there are but not which one it moved to;
/// the current one is counted here, from the first match after a new search, one on for Next
/// and one back for Previous, wrapping around as the engine does.
public struct FindInPage: Equatable, Sendable {
    /// The text searched for ("" when nothing is).
    public private(set) var query = ""
    /// Matches the engine counted for `query`; nil until it answers.
    public private(set) var count: Int?
    /// The current match, 1…count; 0 when there is none.
    public private(set) var current = 0

    public init() {}

    /// A new text to look for: the count is unknown until the engine answers.
    public mutating func search(_ text: String) {
        query = text
        count = text.isEmpty ? 0 : nil
        current = 0
    }

    /// The engine's count for the current query.
    public mutating func found(_ n: Int) {
        guard !query.isEmpty else { return }
        count = max(0, n)
        if count == 0 { current = 0 } else if current == 0 || current > n { current = 1 }
    }

    /// The next match (after the last, the first).
    public mutating func next() {
        guard let count, count > 0 else { return }
        current = current % count + 1
    }

    /// The match before (before the first, the last).
    public mutating func previous() {
        guard let count, count > 0 else { return }
        current = current <= 1 ? count : current - 1
    }

    /// The most matches the engine counts (it stops there).
    public static let limit = 1000

    /// What the find bar says: "3 of 12", "No matches", or nothing while waiting or empty.
    public var summary: String {
        guard !query.isEmpty, let count else { return "" }
        if count == 0 { return tr("No matches") }
        return count > Self.limit ? tr("{0} of more than {1}", String(current), String(Self.limit)) : tr("{0} of {1}", String(current), String(count))
    }
}
