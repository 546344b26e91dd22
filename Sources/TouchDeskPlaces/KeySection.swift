/// One sorted list of folded name keys: each entry a key, the place it names and the string
/// shown for it. Prefix lookups are two binary searches; the best places of any set of key
/// ranges come from a min-tree of place ranks, so a one-letter query costs no more than a long one.
struct KeySection: Sendable {
    /// Entry `i`'s key is `keyBytes[keyStarts[i]..<keyStarts[i + 1]]`; keys ascend bytewise
    /// (UTF-8 byte order is code point order, so a scalar's continuations stay together).
    let keyStarts: [UInt32]
    let keyBytes: [UInt8]
    /// The place of each entry.
    let places: [UInt32]
    /// The string-table id of the name this entry's key was folded from.
    let labels: [UInt32]
    /// Min-tree over entries of their places' ranks (lower is better): leaves at `leafBase + i`.
    private let tree: [UInt32]
    private let leafBase: Int

    var count: Int { places.count }

    init(keyStarts: [UInt32], keyBytes: [UInt8], places: [UInt32], labels: [UInt32], ranks: [UInt32]) {
        self.keyStarts = keyStarts
        self.keyBytes = keyBytes
        self.places = places
        self.labels = labels
        var base = 1
        while base < places.count { base <<= 1 }
        var tree = [UInt32](repeating: .max, count: 2 * base)
        for (i, place) in places.enumerated() { tree[base + i] = ranks[Int(place)] }
        var node = base - 1
        while node >= 1 {
            tree[node] = min(tree[2 * node], tree[2 * node + 1])
            node -= 1
        }
        self.tree = tree
        self.leafBase = base
    }

    func key(_ i: Int) -> ArraySlice<UInt8> {
        keyBytes[Int(keyStarts[i])..<Int(keyStarts[i + 1])]
    }

    /// -1 when entry `i`'s key sorts before every key starting with `prefix`, 0 when it starts
    /// with `prefix`, 1 when after. The first `skip` bytes are known to be equal.
    @inline(__always)
    private static func compare(
        _ i: Int, _ prefix: UnsafeBufferPointer<UInt8>, skip: Int,
        starts: UnsafeBufferPointer<UInt32>, bytes: UnsafeBufferPointer<UInt8>
    ) -> Int {
        let start = Int(starts[i]), length = Int(starts[i + 1]) - start
        let n = min(length, prefix.count)
        var k = skip
        while k < n {
            let a = bytes[start + k], b = prefix[k]
            if a != b { return a < b ? -1 : 1 }
            k += 1
        }
        return length < prefix.count ? -1 : 0
    }

    /// The entries whose keys start with `prefix`, searched within `within`, whose keys all
    /// share their first `skip` bytes with `prefix`.
    func range(of prefix: [UInt8], within: Range<Int>? = nil, skip: Int = 0) -> Range<Int> {
        let all = within ?? 0..<count
        return prefix.withUnsafeBufferPointer { p in
            keyStarts.withUnsafeBufferPointer { starts in
                keyBytes.withUnsafeBufferPointer { bytes in
                    var lo = all.lowerBound, hi = all.upperBound
                    while lo < hi {
                        let mid = (lo + hi) >> 1
                        if Self.compare(mid, p, skip: skip, starts: starts, bytes: bytes) < 0 { lo = mid + 1 } else { hi = mid }
                    }
                    let lower = lo
                    // Galloping from the lower bound: most ranges asked for are short, and
                    // nearby entries are already in cache.
                    var step = 1
                    var bound = lower
                    while bound < all.upperBound, Self.compare(bound, p, skip: skip, starts: starts, bytes: bytes) == 0 {
                        lo = bound + 1
                        bound = lower + step
                        step <<= 1
                    }
                    hi = min(bound, all.upperBound)
                    while lo < hi {
                        let mid = (lo + hi) >> 1
                        if Self.compare(mid, p, skip: skip, starts: starts, bytes: bytes) <= 0 { lo = mid + 1 } else { hi = mid }
                    }
                    return lower..<lo
                }
            }
        }
    }

    /// The start of `range` (entries starting with some prefix) whose keys are `length` long:
    /// the prefix itself, which sorts before its extensions.
    func exactPart(of range: Range<Int>, length: Int) -> Range<Int> {
        var lo = range.lowerBound, hi = range.upperBound
        while lo < hi {
            let mid = (lo + hi) >> 1
            if Int(keyStarts[mid + 1] - keyStarts[mid]) <= length { lo = mid + 1 } else { hi = mid }
        }
        return range.lowerBound..<lo
    }

    /// The distinct next scalars (as UTF-8) after the first `depth` bytes, among the entries of
    /// `range`, whose lead byte lies in `leadBytes`, each with its range.
    func children(of range: Range<Int>, depth: Int, leadBytes: ClosedRange<UInt8>) -> [(bytes: [UInt8], range: Range<Int>)] {
        // Entries whose key ends at `depth` come first; after them the byte at `depth` ascends.
        var lo = range.lowerBound, hi = range.upperBound
        while lo < hi {
            let mid = (lo + hi) >> 1
            let len = Int(keyStarts[mid + 1] - keyStarts[mid])
            if len <= depth || keyBytes[Int(keyStarts[mid]) + depth] < leadBytes.lowerBound { lo = mid + 1 } else { hi = mid }
        }
        var out: [(bytes: [UInt8], range: Range<Int>)] = []
        var i = lo
        while i < range.upperBound {
            let start = Int(keyStarts[i]) + depth
            // In a sound index every key from `lo` on is longer than `depth`; a damaged cache
            // that passed the load's checks may break that order: such an entry is passed over
            // (the fuzz target found a key ending here that read past the key bytes).
            guard start < Int(keyStarts[i + 1]) else { i += 1; continue }
            let lead = keyBytes[start]
            if lead > leadBytes.upperBound { break }
            let length = min(utf8Length(lead), Int(keyStarts[i + 1]) - start)
            let bytes = Array(keyBytes[start..<(start + length)])
            let full = Array(keyBytes[Int(keyStarts[i])..<(start + length)])
            let childRange = self.range(of: full, within: i..<range.upperBound, skip: depth)
            out.append((bytes, childRange))
            i = max(childRange.upperBound, i + 1)
        }
        return out
    }

    /// How many entries `best` looks at for a filter before giving up: a rare region under a
    /// one-letter name must not cost a whole walk of the largest range.
    static let maxFilteredVisits = 4_000

    /// Up to `limit` entries from `ranges`, best place rank first, one per place, none of
    /// `excluded` and, given `accept`, only places it accepts; each with the index of the
    /// range it came from. Places ranked `rankLimit` or worse are not wanted.
    func best(
        in ranges: [Range<Int>], limit: Int, excluding excluded: Set<UInt32>, rankLimit: UInt32 = .max,
        accept: ((UInt32) -> Bool)? = nil, budget: VisitBudget? = nil
    ) -> [(entry: Int, source: Int)] {
        var heap = MinHeap()
        guard limit > 0 else { return [] }
        for (source, r) in ranges.enumerated() where !r.isEmpty {
            var l = r.lowerBound + leafBase, h = r.upperBound + leafBase
            while l < h {
                if l & 1 == 1 { heap.push(tree[l], node: l, source: source); l += 1 }
                if h & 1 == 1 { h -= 1; heap.push(tree[h], node: h, source: source) }
                l >>= 1
                h >>= 1
            }
        }
        var seen = excluded
        var out: [(entry: Int, source: Int)] = []
        var visits = 0
        while out.count < limit, let top = heap.pop(), top.rank < rankLimit {
            if accept != nil, let budget {
                if budget.left <= 0 { break }
                budget.left -= 1
            }
            if top.node >= leafBase {
                let entry = top.node - leafBase
                if let accept {
                    visits += 1
                    if visits > Self.maxFilteredVisits { break }
                    if !accept(places[entry]) { continue }
                }
                if seen.insert(places[entry]).inserted { out.append((entry, top.source)) }
            } else {
                for child in [2 * top.node, 2 * top.node + 1] where tree[child] != .max {
                    heap.push(tree[child], node: child, source: top.source)
                }
            }
        }
        return out
    }
}

/// The steps (tree nodes taken from the heap) that the filtered searches of one whole query may
/// still make (`KeySection.best`), shared by all of them: a query with a short qualifier being
/// typed ("s, i") otherwise walks the tree under thousands of rejected places per search, tier
/// and typo variant, and took milliseconds where every other query takes microseconds.
final class VisitBudget {
    var left: Int
    init(_ visits: Int) { left = visits }
}

@inline(__always)
func utf8Length(_ lead: UInt8) -> Int {
    lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
}

/// A binary heap of tree nodes keyed by rank, for `KeySection.best`.
private struct MinHeap {
    private var items: [(rank: UInt32, node: Int, source: Int)] = []

    mutating func push(_ rank: UInt32, node: Int, source: Int) {
        items.append((rank, node, source))
        var i = items.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            if items[parent].rank <= items[i].rank { break }
            items.swapAt(parent, i)
            i = parent
        }
    }

    mutating func pop() -> (rank: UInt32, node: Int, source: Int)? {
        guard let first = items.first else { return nil }
        let last = items.removeLast()
        if !items.isEmpty {
            items[0] = last
            var i = 0
            while true {
                let l = 2 * i + 1, r = l + 1
                var m = i
                if l < items.count && items[l].rank < items[m].rank { m = l }
                if r < items.count && items[r].rank < items[m].rank { m = r }
                if m == i { break }
                items.swapAt(m, i)
                i = m
            }
        }
        return first
    }
}
