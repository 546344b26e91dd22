/// The best time of each maze layout, for the layouts played most recently: at most `limit` of
/// them, so the file that keeps them stays small however many layouts a user tries (a file with a
/// million best times once took seconds to read and to write on every click).
public struct MazeBestTimes: Equatable, Sendable {
    public static let limit = 200

    /// Best time in ticks by layout key.
    public private(set) var ticks: [String: Int] = [:]
    /// Layout keys, least recently played first.
    public private(set) var order: [String] = []

    public init() {}

    /// Best times as a file keeps them: `ticks`, with `recent` naming the order (oldest first)
    /// when the file has it; keys it leaves out count as older, and `keep` (the layout on screen)
    /// as the newest. Only positive times are taken, then only the newest `limit`.
    public init(ticks: [String: Int], recent: [String]?, keep: String? = nil) {
        let valid = ticks.filter { $0.value > 0 }
        var seen = Set<String>()
        var ordered: [String] = []
        for k in recent ?? [] where valid[k] != nil && seen.insert(k).inserted { ordered.append(k) }
        // Keys without an order come first (oldest), in a fixed order so a load is repeatable.
        let unordered = valid.keys.filter { !seen.contains($0) }.sorted()
        ordered = unordered + ordered
        if let keep, let i = ordered.firstIndex(of: keep) { ordered.remove(at: i); ordered.append(keep) }
        order = Array(ordered.suffix(Self.limit))
        for k in order { self.ticks[k] = valid[k] }
    }

    public func best(for key: String) -> Int? { ticks[key] }

    /// A finished run of layout `key` in `t` ticks: true when it is a new best. The layout becomes
    /// the most recent; the least recent is dropped past `limit`.
    @discardableResult
    public mutating func record(_ key: String, ticks t: Int) -> Bool {
        guard t > 0 else { return false }
        let isBest = ticks[key].map { t < $0 } ?? true
        if isBest { ticks[key] = t }
        touch(key)
        return isBest
    }

    private mutating func touch(_ key: String) {
        guard ticks[key] != nil else { return }
        if let i = order.lastIndex(of: key) { order.remove(at: i) }
        order.append(key)
        while order.count > Self.limit { ticks[order.removeFirst()] = nil }
    }

    public var count: Int { order.count }
}
