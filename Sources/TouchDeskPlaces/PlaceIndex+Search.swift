import Foundation

extension PlaceIndex {
    /// How many suggestions the list shows.
    public static let suggestionLimit = 10
    /// Typos are forgiven only once this many letters are typed: before that, one changed
    /// letter matches half the world.
    public static let typoMinimumLetters = 4
    /// How much bigger (as a power of ten) a place matched by a later tier must be to take a
    /// slot from one matched by its main name: 2, a hundred times the people.
    static let laterTierPenalty = 2.0

    /// Up to `limit` places for what the user typed, best first: matches at the start of the
    /// main name (or of an alternate name typed in full), then at the start of an alternate
    /// name, then of a later word of the main name, each tier by rank (population, see
    /// `PlaceIndexBuilder`); then, once 4 letters are typed and room is left, matches with one
    /// typo. A later tier's place can take a slot from the main-name tier only when it is a
    /// hundred times bigger, and is still listed after it. An empty (or all-punctuation)
    /// query gives none.
    public func suggestions(for query: String, limit: Int = PlaceIndex.suggestionLimit) -> [PlaceSuggestion] {
        var folder = NameFolder()
        let key = folder.fold(query)
        guard !key.isEmpty, limit > 0 else { return [] }

        typealias Hit = (entry: Int, section: Int, matched: [UInt8], match: PlaceSuggestion.Match, tier: Int, rank: UInt32)
        var seen: Set<UInt32> = []
        var candidates: [Hit] = []
        /// The best `limit` places of a tier's (section, range) pairs, none seen in a better tier.
        func gather(tier: Int, _ sources: [(section: Int, range: Range<Int>, match: PlaceSuggestion.Match)], rankLimit: UInt32 = .max) {
            var hits: [Hit] = []
            for source in sources where !source.range.isEmpty {
                let section = sections[source.section]
                for hit in section.best(in: [source.range], limit: limit, excluding: seen, rankLimit: rankLimit) {
                    hits.append((hit.entry, source.section, key, source.match, tier, ranks[Int(section.places[hit.entry])]))
                }
            }
            hits.sort { $0.rank < $1.rank }
            var kept = 0
            for hit in hits where kept < limit && seen.insert(sections[hit.section].places[hit.entry]).inserted {
                candidates.append(hit)
                kept += 1
            }
        }
        // Tier 0: the main name, or an alternate name typed in full ("Muenchen" is Munich
        // before Münchenstein, "Peking" Beijing before any Pekingese village).
        let alternateRange = sections[1].range(of: key)
        gather(tier: 0, [(0, sections[0].range(of: key), .name), (1, sections[1].exactPart(of: alternateRange, length: key.count), .alternateName)])
        // Later words are gathered before alternate names, though listed after them, so a place
        // matching both shows its main name ("New York City", not its Basque "York Berri").
        // With a full first tier, only places a hundred times bigger than its last can get in.
        var laterRankLimit = UInt32.max
        if candidates.count >= limit, let last = candidates.last {
            let needed = Double(scores[Int(sections[last.section].places[last.entry])]) * pow(10, Self.laterTierPenalty)
            laterRankLimit = needed > Double(UInt32.max) ? 0 : rankWithScore(below: UInt32(needed))
        }
        gather(tier: 2, [(2, sections[2].range(of: key), .laterWord)], rankLimit: laterRankLimit)
        gather(tier: 1, [(1, alternateRange, .alternateName)], rankLimit: laterRankLimit)

        // Which ten to show: a later tier's place may take the place of an earlier tier's if it
        // has a hundred times the people ("york": New York City instead of the tenth small
        // York), but the list still shows the tiers in order.
        func weight(_ hit: Hit) -> Double {
            log10(Double(scores[Int(sections[hit.section].places[hit.entry])]) + 1) - (hit.tier == 0 ? 0 : Self.laterTierPenalty)
        }
        var found = candidates.count <= limit ? candidates : Array(candidates.sorted { a, b in
            let wa = weight(a), wb = weight(b)
            if wa != wb { return wa > wb }
            return (a.tier, a.rank) < (b.tier, b.rank)
        }.prefix(limit))
        found.sort { ($0.tier, $0.rank) < ($1.tier, $1.rank) }

        let letters = String(decoding: key, as: UTF8.self).unicodeScalars.filter { $0 != " " }.count
        if found.count < limit && letters >= Self.typoMinimumLetters {
            // Typo matches in the same tier order: main names, alternate names, later words.
            var typos: [Hit] = []
            for (number, section) in sections.enumerated() {
                let variants = TypoSearch.ranges(for: key, in: section)
                for hit in section.best(in: variants.map(\.range), limit: limit - found.count, excluding: seen) {
                    typos.append((hit.entry, number, variants[hit.source].prefix, .typo, 3 + number, ranks[Int(section.places[hit.entry])]))
                }
            }
            typos.sort { ($0.tier, $0.rank) < ($1.tier, $1.rank) }
            for hit in typos where found.count < limit && seen.insert(sections[hit.section].places[hit.entry]).inserted {
                found.append(hit)
            }
        }

        return found.map { hit in
            let section = sections[hit.section]
            let place = place(Int(section.places[hit.entry]))
            let label = strings[section.labels[hit.entry]]
            let matched = Array(hit.matched)
            if label == place.name {
                return PlaceSuggestion(
                    place: place, match: hit.match, alias: nil,
                    nameMatch: Self.highlight(matched, in: label, folder: &folder), aliasMatch: nil
                )
            }
            return PlaceSuggestion(
                place: place, match: hit.match, alias: label,
                nameMatch: nil, aliasMatch: Self.highlight(matched, in: label, folder: &folder)
            )
        }
    }

    /// The first rank whose place scores less than `score` (ranks go by falling score).
    private func rankWithScore(below score: UInt32) -> UInt32 {
        var lo = 0, hi = scoresByRank.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if scoresByRank[mid] >= score { lo = mid + 1 } else { hi = mid }
        }
        return UInt32(lo)
    }

    /// The best match for a whole text, as `touchdesk map --place` needs: the first suggestion.
    public func bestMatch(for query: String) -> Place? {
        suggestions(for: query, limit: 1).first?.place
    }

    private static func highlight(_ key: [UInt8], in text: String, folder: inout NameFolder) -> Range<String.Index>? {
        folder.range(ofFolded: key, in: text, umlauts: false) ?? folder.range(ofFolded: key, in: text, umlauts: true)
    }
}

/// Key ranges that a query reaches with exactly one edit (a scalar replaced, inserted,
/// deleted, or two neighbours swapped) as a prefix.
///
/// It walks the sorted keys as a trie: following the typed prefix exactly, at each position it
/// tries the edit there and then looks the rest up exactly. A replaced or inserted scalar is
/// taken from those present under the current prefix, and only from the typed scalar's own
/// UTF-8 block (ASCII for Latin, the same lead byte otherwise): a slip of the finger stays in
/// its script, and a Latin query then never fans out over thousands of CJK first characters.
enum TypoSearch {
    static func ranges(for key: [UInt8], in section: KeySection) -> [(range: Range<Int>, prefix: [UInt8])] {
        var starts: [Int] = []
        var i = 0
        while i < key.count {
            starts.append(i)
            i += utf8Length(key[i])
        }
        starts.append(key.count)
        let count = starts.count - 1

        var out: [(range: Range<Int>, prefix: [UInt8])] = []
        func add(_ prefix: [UInt8], within: Range<Int>, skip: Int) {
            let r = section.range(of: prefix, within: within, skip: skip)
            if !r.isEmpty { out.append((r, prefix)) }
        }
        var current = 0..<section.count
        for pos in 0..<count {
            let done = Array(key[0..<starts[pos]])
            let here = Array(key[starts[pos]..<starts[pos + 1]])
            let rest = Array(key[starts[pos + 1]...])
            // Deletion: the typed scalar is extra. Never of the only scalar left.
            if count > 1 { add(done + rest, within: current, skip: done.count) }
            // Transposition with the next scalar.
            if pos + 1 < count {
                let next = Array(key[starts[pos + 1]..<starts[pos + 2]])
                if next != here { add(done + next + here + Array(key[starts[pos + 2]...]), within: current, skip: done.count) }
            }
            let lead = here[0]
            let block: ClosedRange<UInt8> = lead < 0x80 ? 0x00...0x7F : lead...lead
            for child in section.children(of: current, depth: done.count, leadBytes: block) where child.bytes != here {
                // Replacement, then insertion before the typed scalar.
                let skip = done.count + child.bytes.count
                add(done + child.bytes + rest, within: child.range, skip: skip)
                add(done + child.bytes + here + rest, within: child.range, skip: skip)
            }
            current = section.range(of: done + here, within: current, skip: done.count)
            if current.isEmpty { break }
        }
        return out
    }
}
