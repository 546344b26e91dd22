import Foundation

/// Finds the ISO 3166-2 subdivision a GeoNames region name means, so the region gets the
/// subdivision's own name and translations ("Bavaria" → "Bayern", "Bavière", "Baviera") and
/// its code ("BY").
///
/// A region matches a subdivision of its country when its folded English name equals the
/// folded name or any translation of exactly one subdivision (a name in brackets or after a
/// slash counts on its own too); names that two subdivisions share match neither. Regions left
/// over are then paired with the country's first-level subdivisions left over by how many
/// letter pairs their names share (Dice's coefficient of bigrams, at least 0.4, best pair
/// first): "Tuscany" and "Toscana", "North Rhine-Westphalia" and "Nordrhein-Westfalen".
struct SubdivisionMatcher {
    /// The least share of letter pairs for a leftover pair to match.
    static let minimumSimilarity = 0.4

    /// "CC name-key" → subdivision number, or -1 when ambiguous.
    private var byKey: [String: Int] = [:]
    private let subdivisions: [ISOCodesRecords.Subdivision]

    init(_ subdivisions: [ISOCodesRecords.Subdivision], folder: inout NameFolder) {
        self.subdivisions = subdivisions
        for (n, sub) in subdivisions.enumerated() {
            let country = String(sub.code.prefix(2))
            var keys = Set<String>()
            for text in [sub.name] + sub.translations {
                for part in Self.pieces(of: text) {
                    let key = folder.foldedString(part)
                    if !key.isEmpty { keys.insert(key) }
                }
            }
            for key in keys {
                let full = country + " " + key
                if let other = byKey[full], other != n { byKey[full] = -1 } else { byKey[full] = n }
            }
        }
    }

    private func exactMatch(country: String, name: String, folder: inout NameFolder) -> Int? {
        for part in Self.pieces(of: name) {
            if let n = byKey[country + " " + folder.foldedString(part)], n >= 0 { return n }
        }
        return nil
    }

    /// The subdivision of each (country, English name), exact matches first, then leftovers by similarity.
    func assign(_ regions: [(country: String, name: String)], folder: inout NameFolder) -> [ISOCodesRecords.Subdivision?] {
        var found: [Int?] = regions.map { exactMatch(country: $0.country, name: $0.name, folder: &folder) }
        var taken = Set(found.compactMap { $0 })
        // Leftovers, by country: every pair scored, best first, each side used once.
        var pairs: [(score: Double, region: Int, subdivision: Int)] = []
        var leftoverSubdivisions: [String: [Int]] = [:]
        for (n, sub) in subdivisions.enumerated() where !taken.contains(n) && sub.isFirstLevel {
            leftoverSubdivisions[String(sub.code.prefix(2)), default: []].append(n)
        }
        // Each leftover subdivision's names as letter pairs, made once (not once per region of its country).
        var pairsOfNames: [Int: [[String: Int]]] = [:]
        for n in leftoverSubdivisions.values.joined() {
            pairsOfNames[n] = ([subdivisions[n].name] + subdivisions[n].translations).map { Self.bigrams(folder.foldedString($0)) }
        }
        for (r, region) in regions.enumerated() where found[r] == nil {
            let a = Self.bigrams(folder.foldedString(region.name))
            for n in leftoverSubdivisions[region.country] ?? [] {
                let score = pairsOfNames[n]!.map { Self.dice(a, $0) }.max() ?? 0
                if score >= Self.minimumSimilarity { pairs.append((score, r, n)) }
            }
        }
        pairs.sort { $0.score != $1.score ? $0.score > $1.score : ($0.region, $0.subdivision) < ($1.region, $1.subdivision) }
        for pair in pairs where found[pair.region] == nil && !taken.contains(pair.subdivision) {
            found[pair.region] = pair.subdivision
            taken.insert(pair.subdivision)
        }
        return found.map { $0.map { subdivisions[$0] } }
    }

    private static func bigrams(_ key: String) -> [String: Int] {
        let letters = Array(key.replacingOccurrences(of: " ", with: ""))
        var out: [String: Int] = [:]
        for i in 0..<max(0, letters.count - 1) { out[String(letters[i...(i + 1)]), default: 0] += 1 }
        return out
    }

    private static func dice(_ a: [String: Int], _ b: [String: Int]) -> Double {
        let total = a.values.reduce(0, +) + b.values.reduce(0, +)
        guard total > 0 else { return 0 }
        let shared = a.reduce(0) { $0 + min($1.value, b[$1.key] ?? 0) }
        return 2 * Double(shared) / Double(total)
    }

    /// The text, and the parts of it around brackets and slashes ("Bayern (Bavaria)" → also
    /// "Bayern", "Bavaria").
    private static func pieces(of text: String) -> [String] {
        var out = [text]
        let parts = text.split(whereSeparator: { "()[]/".contains($0) }).map { $0.trimmingCharacters(in: .whitespaces) }
        if parts.count > 1 { out += parts.filter { !$0.isEmpty } }
        return out
    }
}
