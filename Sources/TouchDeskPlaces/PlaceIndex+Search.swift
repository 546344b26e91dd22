import Foundation

extension PlaceIndex {
    /// How many suggestions the list shows.
    public static let suggestionLimit = 10
    /// Typos are forgiven only once this many letters are typed: before that, one changed
    /// letter matches half the world.
    public static let typoMinimumLetters = 4
    /// How much a match loses against the others (as a power of ten of its people) when the
    /// rows are chosen and ordered. An exact own name loses nothing; a country's exact name in
    /// another language one ("Nederland" is the Netherlands, not Nederland, Texas), a region's
    /// two ("Hard" stays Hard, Austria); a main name the query only starts two, a country's or
    /// region's other name three ("Par" is Paris); another place's exact alias three (a world
    /// city's name in another language or its old name, "Moskau", "Bombay", beats a village of
    /// that own name, while Lomé is "Rome" only below the real Romes and Hong Kong "Victoria"
    /// below Victoria, Canada); a later word or the start of an alias four and a half.
    enum Penalty {
        static let exactOwn = 0.0, exactCountryName = 1.0, exactRegionName = 2.0, prefix = 2.0, prefixAreaName = 3.0
        static let exactAlias = 3.0, other = 4.5
        /// What an exact match gains when its name has the accents the query was typed with, where
        /// a namesake matches only once accents are folded away: "Bèlé" is Bèlé before Bélé (3.4
        /// times its size), "Cagnò" Cagnò before Cagno. Typed without accents, no name gains.
        static let accentsAsTyped = 1.0
    }

    /// What a match weighs when rows are chosen and ordered: its place's score as a power of
    /// ten, less its penalty.
    private func weight(_ hit: Hit) -> Double {
        let place = Int(sections[hit.section].places[hit.entry])
        // A town found by another place's name weighs its people, without a capital's bonus:
        // Hong Kong's "Victoria" is no capital's own name.
        // A town GeoNames gives no people scores as a town of the list's threshold (`PlaceIndexBuilder`).
        let score = hit.tier == 1 && kinds[place] == PlaceKind.city.rawValue
            ? (populations[place] == 0 ? min(scores[place], PlaceIndexBuilder.uncountedTownScore) : populations[place])
            : scores[place]
        return log10(Double(score) + 1) - penalty(hit, place: place)
    }

    private func penalty(_ hit: Hit, place: Int) -> Double {
        let own = hit.section != Section.main.rawValue || hit.label == names[place]
        switch hit.tier {
        case 0:
            if own { return Penalty.exactOwn }
            return kinds[place] == PlaceKind.country.rawValue ? Penalty.exactCountryName : Penalty.exactRegionName
        // An airport's other names are its own: its codes, its name without its town ("Heathrow");
        // not the town it serves ("Istanbul" is Istanbul Airport's own name before Atatürk's town).
        case 1:
            guard kinds[place] == PlaceKind.airport.rawValue, localities[place] == StringTable.none
                    || strings[hit.label] != strings[localities[place]] else { return Penalty.exactAlias }
            return Penalty.prefix
        case 2: return own ? Penalty.prefix : Penalty.prefixAreaName
        default: return Penalty.other
        }
    }

    /// Parts between commas beyond this are ignored: no one qualifies a place five times.
    static let maxQueryParts = 4
    /// Steps the filtered searches of a whole query may make (see `VisitBudget`): enough for a
    /// narrow region's towns under a common first letter, a fraction of what the tiers and
    /// searches of an unfinished qualifier made without it.
    static let maxFilteredVisitsPerQuery = 3_000
    /// Words of a query without commas tried as a name and a qualifier ("Paris Texas").
    static let maxSplitWords = 8
    /// A place named "Paris 16 …" this close to a listed Paris of its country is one of its
    /// districts, and is left out of the list for "Paris" (it still comes for "Paris 16").
    static let districtKilometres = 30.0

    /// A match while searching: an entry of a section, how it matched, its tier and rank.
    /// `label` is the string shown: the entry's, or the place's own name when that matches too.
    typealias Hit = (entry: Int, section: Int, matched: [UInt8], match: PlaceSuggestion.Match, tier: Int, rank: UInt32, label: UInt32)

    /// Countries and regions a query is narrowed to ("…, Illinois", "…, DE", "… Texas").
    struct Scope {
        var countries: Set<UInt16> = []
        /// Country number << 32 | admin1 string id.
        var regions: Set<UInt64> = []
    }

    /// Up to `limit` places for what the user typed, best first.
    ///
    /// The query is a place name, optionally narrowed by a region or country: "Paris, Texas",
    /// "Paris, TX", "Köln, Deutschland", "Springfield Illinois", "Illinois, Springfield". With
    /// commas, the first part is the name and the others qualifiers (the last one may be
    /// unfinished: "Paris, Fr"); if that finds nothing the last part is tried as the name;
    /// if a qualifier names nothing known, the name alone is searched. Without commas, the
    /// words are also tried split into a name and a qualifier, each typed in full, and such
    /// matches come first.
    ///
    /// A name matches, in this order: exactly as a main name, exactly as another name, at the
    /// start of a main name, at the start of another name, at the start of a later word of
    /// the main name, and, once 4 letters are typed and room is left, with one typo. Within a
    /// tier places go by rank (population, see `PlaceIndexBuilder`); a later tier's place
    /// takes a row from an earlier one's only when much bigger (`tierPenalty`). An empty (or
    /// all-punctuation) query gives none.
    public func suggestions(for query: String, limit: Int = PlaceIndex.suggestionLimit) -> [PlaceSuggestion] {
        guard limit > 0 else { return [] }
        var folder = NameFolder()
        let parts = Self.parts(of: query, folder: &folder)
        guard let first = parts.first else { return [] }
        let typed = Self.typedName(of: query)
        var seen: Set<UInt32> = []
        var found: [Hit] = []
        let budget = VisitBudget(Self.maxFilteredVisitsPerQuery)
        if let postcode = Self.postcodeReading(parts) {
            // A code with a town or a country: the code where the country has such codes, else nothing
            // (not another country's code of those digits); with a town that is no qualifier, the town.
            if let scopes = scopes(for: postcode.rest, lastIsPrefix: false, divisions: true) {
                let inScope = accepter(scopes)
                found = search(postcode.code, limit: limit, exactOnly: true, accept: {
                    self.kinds[Int($0)] == PlaceKind.postcode.rawValue && inScope($0)
                }, seen: &seen, budget: budget)
                if !found.isEmpty { return found.map { suggestion(for: $0, folder: &folder) } }
            }
            // No such code there: the town the rest names ("10115 Berlin"), but not a country for
            // its code ("75001 France" is no place the index knows).
            let rest = postcode.rest.map { String(decoding: $0, as: UTF8.self) }.joined(separator: ", ")
            let named = suggestions(for: rest, limit: limit)
            return named.first?.place.kind == .country ? [] : named
        }
        if parts.count == 1 {
            if Self.looksLikeCode(query) { found = codeMatches(first, seen: &seen) }
            found += splitQualified(first, limit: limit - found.count, seen: &seen, budget: budget)
            let reading = Self.kindReading(first)
            if found.count < limit {
                // With a kind word, the typos are those of the name without it (below).
                found += search(first, limit: limit - found.count, typos: reading == nil, typed: typed, seen: &seen)
            }
            // A kind word ("… Airport", "Lake …", "Mount …") narrows the rest of the query to
            // places of that kind: they come after the query's exact matches as typed ("Lake
            // Worth" is still the town, "Lock Airport" that airport), before anything else.
            if let reading {
                let kindSet = reading.kinds
                let ofKind: (UInt32) -> Bool = { kindSet.contains(self.kinds[Int($0)]) }
                let exact = found.prefix { $0.tier <= 1 && $0.match != .typo }
                // Only the exact matches as typed keep their places from the kind's search.
                var kindSeen = Set(exact.map { sections[$0.section].places[$0.entry] })
                // A code is that code ("BAZ Airport"), before airports whose names start with it.
                let exactOfKind = search(reading.name, limit: limit, exactOnly: true, accept: ofKind, seen: &kindSeen, budget: budget)
                var matches = search(reading.name, limit: limit - exactOfKind.count, accept: ofKind, seen: &kindSeen, budget: budget)
                if kindSet.contains(PlaceKind.airport.rawValue), exactOfKind.isEmpty, !matches.contains(where: { $0.match != .typo }) {
                    matches = airportsOfTown(reading.name, limit: limit, seen: &kindSeen) + matches
                }
                // The exact matches, as typed and of the kind, by weight (London Heathrow by its
                // short name before an airstrip called "Heathrow Airport"); then the kind's other
                // matches, then the rest as typed, typos last.
                let head = (Array(exact) + exactOfKind).enumerated().sorted { a, b in
                    let wa = weight(a.element), wb = weight(b.element)
                    return wa != wb ? wa > wb : a.offset < b.offset
                }.map(\.element)
                let ranked = head + matches
                let taken = Set(ranked.map { sections[$0.section].places[$0.entry] })
                let all = ranked + found.dropFirst(exact.count).filter { !taken.contains(sections[$0.section].places[$0.entry]) }
                found = all.filter { $0.match != .typo } + all.filter { $0.match == .typo }
            }
        } else {
            // A name with a comma of its own, as ISO writes some names backwards ("Congo, República
            // Democrática del", "Virgin Islands, British"): the whole query exactly, first.
            var wholeSeen: Set<UInt32> = []
            let whole = search(Array(parts.joined(separator: [0x20])), limit: limit, exactOnly: true, seen: &wholeSeen).filter {
                strings[$0.label].contains(where: Self.isComma)
            }
            seen.formUnion(whole.map { sections[$0.section].places[$0.entry] })
            let qualifiers = Array(parts.dropFirst())
            if let scopes = scopes(for: qualifiers, lastIsPrefix: true, divisions: true) {
                found = search(first, limit: limit - whole.count, typed: typed, accept: accepter(scopes), seen: &seen, budget: budget)
            }
            // The name last ("Texas, Paris"), when the name first finds only typos or nothing.
            if found.allSatisfy({ $0.match == .typo }), let last = parts.last,
               let scopes = scopes(for: Array(parts.dropLast()), lastIsPrefix: false, divisions: true) {
                var reversedSeen: Set<UInt32> = []
                let reversed = search(last, limit: limit, accept: accepter(scopes), seen: &reversedSeen, budget: budget)
                if found.isEmpty || reversed.contains(where: { $0.match != .typo }) { found = reversed }
            }
            if found.isEmpty && whole.isEmpty {
                seen = []
                found = search(first, limit: limit, typed: typed, seen: &seen)
            }
            let wholePlaces = Set(whole.map { sections[$0.section].places[$0.entry] })
            found = whole + found.filter { !wholePlaces.contains(sections[$0.section].places[$0.entry]) }
        }
        return found.prefix(limit).map { suggestion(for: $0, folder: &folder) }
    }

    /// Whether `c` separates a query's parts: a comma, Latin, Arabic or CJK.
    static func isComma(_ c: Character) -> Bool { c == "," || c == "،" || c == "，" || c == "、" }

    /// The query's parts between commas, folded; empty parts dropped, at most `maxQueryParts`.
    /// Reads only as far as it needs, so a million commas cost one pass.
    static func parts(of query: String, folder: inout NameFolder) -> [[UInt8]] {
        var parts: [[UInt8]] = []
        var rest = Substring(query)
        while parts.count < maxQueryParts, !rest.isEmpty {
            let comma = rest.firstIndex(where: isComma) ?? rest.endIndex
            let key = folder.fold(String(rest[..<comma]))
            if !key.isEmpty { parts.append(key) }
            rest = comma == rest.endIndex ? "" : rest[rest.index(after: comma)...]
        }
        return parts
    }

    /// The name part of the query (before any comma) as typed, lowercased, when it has a letter
    /// beyond ASCII (an accent the folded keys drop): nil otherwise.
    static func typedName(of query: String) -> String? {
        let name = query.prefix { !isComma($0) }.trimmingCharacters(in: .whitespaces)
        return name.unicodeScalars.contains { !$0.isASCII } ? name.lowercased() : nil
    }

    /// Words that name a kind of place rather than a place, folded, in English, German,
    /// French, Spanish, Italian, Portuguese, Dutch and a few more, with the kinds they mean.
    /// Read at the start ("Flughafen München", "Aéroport de Nice", "Lake Baikal") or the end
    /// ("JFK Airport", "Etna volcano") of a query.
    static let kindWords: [(phrase: [UInt8], kinds: Set<UInt8>)] = {
        let airport: Set<UInt8> = [PlaceKind.airport.rawValue]
        let water: Set<UInt8> = [PlaceKind.lake.rawValue, PlaceKind.sea.rawValue]
        let peak: Set<UInt8> = [PlaceKind.peak.rawValue]
        let island: Set<UInt8> = [PlaceKind.island.rawValue]
        let table: [(String, Set<UInt8>)] = [
            ("international airport", airport), ("intl airport", airport), ("regional airport", airport), ("airport", airport),
            ("airfield", airport), ("aerodrome", airport), ("flughafen", airport), ("flugplatz", airport),
            ("aeroport international de", airport), ("aeroport de", airport), ("aeroport d", airport), ("aeroport", airport),
            ("aeropuerto internacional de", airport), ("aeropuerto de", airport), ("aeropuerto", airport),
            ("aeroporto internazionale di", airport), ("aeroporto di", airport), ("aeroporto de", airport), ("aeroporto", airport),
            ("luchthaven", airport), ("lufthavn", airport), ("flygplats", airport), ("lotnisko", airport), ("letiste", airport),
            ("havalimani", airport), ("аэропорт", airport),
            ("lake", water), ("lac de", water), ("lac", water), ("lago de", water), ("lago di", water), ("lago", water),
            ("loch", water), ("sea", water), ("ocean", water), ("lagoon", water),
            ("mount", peak), ("mt", peak), ("mountain", peak), ("volcano", peak), ("volcan", peak), ("vulkan", peak),
            ("monte", peak), ("mont", peak), ("peak", peak), ("island", island), ("isle of", island), ("isla", island), ("ile", island),
        ]
        var folder = NameFolder()
        return table.map { (folder.fold($0.0), $0.1) }.sorted { $0.phrase.count > $1.phrase.count }
    }()

    /// The query's name and the kinds its kind word means, or nil when it has none (or is
    /// nothing but one).
    static func kindReading(_ key: [UInt8]) -> (name: [UInt8], kinds: Set<UInt8>)? {
        for (phrase, kinds) in kindWords where key.count > phrase.count + 1 {
            if key.starts(with: phrase + [0x20]) { return (Array(key[(phrase.count + 1)...]), kinds) }
            if key[key.count - phrase.count - 1] == 0x20 && key.suffix(phrase.count).elementsEqual(phrase) {
                return (Array(key[..<(key.count - phrase.count - 1)]), kinds)
            }
        }
        return nil
    }

    /// How far from its town an airport is still that town's ("Bamberg Airport").
    static let airportTownKilometres = 50.0

    /// Airports with an IATA code near the town the folded `name` names exactly (the best such
    /// town): those the data says serve that town first ("Munich" of "Flughafen München"), then
    /// by rank: "Sfax Airport" when no airport's name says Sfax.
    private func airportsOfTown(_ name: [UInt8], limit: Int, seen: inout Set<UInt32>) -> [Hit] {
        var townSeen = seen
        guard let town = search(name, limit: 1, exactOnly: true, accept: { self.kinds[Int($0)] == PlaceKind.city.rawValue },
                                seen: &townSeen).first else { return [] }
        let t = Int(sections[town.section].places[town.entry])
        let here = GeoCoordinate(latitude: latitudes[t], longitude: longitudes[t])
        var near: [Int] = []
        let degrees = Self.airportTownKilometres / 111.0
        for p in cityCount..<firstRegion where kinds[p] == PlaceKind.airport.rawValue && scores[p] > 0 {
            guard abs(latitudes[p] - here.latitude) < degrees else { continue }
            if here.distance(to: GeoCoordinate(latitude: latitudes[p], longitude: longitudes[p])) <= Self.airportTownKilometres {
                near.append(p)
            }
        }
        var folder = NameFolder()
        let townKey = folder.fold(strings[names[t]])
        let serves = Dictionary(uniqueKeysWithValues: near.map { p in
            (p, localities[p] != StringTable.none && folder.fold(strings[localities[p]]) == townKey)
        })
        near.sort { a, b in serves[a] != serves[b] ? serves[a]! : ranks[a] < ranks[b] }
        var out: [Hit] = []
        let main = sections[Section.main.rawValue]
        for p in near.prefix(limit) where !seen.contains(UInt32(p)) {
            // The airport's row by its own name's key.
            let key = folder.fold(strings[names[p]])
            guard let entry = main.exactPart(of: main.range(of: key), length: key.count).first(where: { main.places[$0] == UInt32(p) })
            else { continue }
            seen.insert(UInt32(p))
            out.append((entry, Section.main.rawValue, [], .name, 0, ranks[p], names[p]))
        }
        return out
    }

    /// A query with a code of digits ("75001 France", "10115 Berlin", "90210, CA"): the code
    /// and the query's other parts; nil when the query has no such code or only one.
    static func postcodeReading(_ parts: [[UInt8]]) -> (code: [UInt8], rest: [[UInt8]])? {
        guard let first = parts.first else { return nil }
        let words = first.split(separator: 0x20)
        let isCode: (ArraySlice<UInt8>) -> Bool = { (3...10).contains($0.count) && $0.allSatisfy { (0x30...0x39).contains($0) } }
        var code: ArraySlice<UInt8>?, rest: [ArraySlice<UInt8>] = words
        if let w = words.first, isCode(w) {
            code = w
            rest.removeFirst()
        } else if let w = words.last, isCode(w) {
            code = w
            rest.removeLast()
        }
        guard let code else { return nil }
        let restParts = (rest.isEmpty ? [] : [Array(rest.joined(separator: [0x20]))]) + parts.dropFirst()
        return restParts.isEmpty ? nil : (Array(code), restParts)
    }

    /// Whether the query is typed like a code: 2 to 4 capital letters ("UK", "JFK", "EGLL").
    static func looksLikeCode(_ query: String) -> Bool {
        let text = query.trimmingCharacters(in: .whitespaces)
        return (2...4).contains(text.utf8.count) && text.utf8.allSatisfy { (0x41...0x5A).contains($0) }
    }

    /// Countries and airports whose code (or short form: "UK", "USA") is exactly `key`, first
    /// for a query typed in capitals: "UK" is the United Kingdom before Uk, Russia.
    private func codeMatches(_ key: [UInt8], seen: inout Set<UInt32>) -> [Hit] {
        var out: [Hit] = []
        let isCodeKind: (UInt32) -> Bool = {
            self.kinds[Int($0)] == PlaceKind.country.rawValue || self.kinds[Int($0)] == PlaceKind.airport.rawValue
        }
        for number in [Section.main, .alternate, .qualifier] {
            let section = sections[number.rawValue]
            let exact = section.exactPart(of: section.range(of: key), length: key.count)
            for hit in section.best(in: [exact], limit: 3, excluding: seen, accept: isCodeKind) {
                let place = section.places[hit.entry]
                seen.insert(place)
                out.append((hit.entry, number.rawValue, key, number == .alternate ? .alternateName : .name, 0, ranks[Int(place)],
                            section.labels[hit.entry]))
            }
        }
        return out
    }

    /// Matches of a query without commas read as a name and a region or country in full, in
    /// either order ("paris texas", "texas paris"); only exact names count.
    private func splitQualified(_ key: [UInt8], limit: Int, seen: inout Set<UInt32>, budget: VisitBudget) -> [Hit] {
        let words = key.split(separator: 0x20)
        guard words.count >= 2, words.count <= Self.maxSplitWords else { return [] }
        var out: [Hit] = []
        for k in 1..<words.count where out.count < limit {
            let head = Array(words[..<k].joined(separator: [0x20])), tail = Array(words[k...].joined(separator: [0x20]))
            for (name, qualifier) in [(head, tail), (tail, head)] where out.count < limit {
                guard let scopes = scopes(for: [qualifier], lastIsPrefix: false) else { continue }
                out += search(name, limit: limit - out.count, exactOnly: true, accept: accepter(scopes), seen: &seen, budget: budget)
            }
        }
        return out
    }

    /// The scopes of each qualifier, or nil when one of them names nothing. With `divisions`
    /// (after a comma) a second-level division's name narrows to its region too.
    private func scopes(for qualifiers: [[UInt8]], lastIsPrefix: Bool, divisions: Bool = false) -> [Scope]? {
        var out: [Scope] = []
        let searched = divisions ? [Section.qualifier, .division] : [.qualifier]
        for (n, key) in qualifiers.enumerated() {
            var scope = Scope()
            var named = false
            // A division's name counts only where no region or country has it ("Texas" is the
            // state, not also Texas County, Missouri).
            for number in searched where !named {
                let section = sections[number.rawValue]
                // An unfinished last part matches as a prefix, unless it already names something in
                // full: "TX" is Texas, not also Czechia by its Basque "Txekia".
                var range = section.range(of: key)
                let exact = section.exactPart(of: range, length: key.count)
                if !(lastIsPrefix && n == qualifiers.count - 1) || !exact.isEmpty { range = exact }
                named = named || !range.isEmpty
                // A one-letter qualifier being typed reaches thousands of keys; its best
                // few hundred are plenty to narrow by.
                for entry in range.prefix(4000) {
                    let p = Int(section.places[entry])
                    if kinds[p] == PlaceKind.country.rawValue {
                        scope.countries.insert(countries[p])
                    } else {
                        scope.regions.insert(UInt64(countries[p]) << 32 | UInt64(admin1[p]))
                    }
                }
            }
            guard named else { return nil }
            out.append(scope)
        }
        return out
    }

    /// Whether a place lies in some scope of every qualifier.
    private func accepter(_ scopes: [Scope]) -> (UInt32) -> Bool {
        { place in
            let p = Int(place)
            let country = self.countries[p]
            let region = UInt64(country) << 32 | UInt64(self.admin1[p])
            return scopes.allSatisfy { $0.countries.contains(country) || $0.regions.contains(region) }
        }
    }

    /// The matches of one folded name, by tier and rank; places in `seen` are skipped and the
    /// places found added to it. `typed` is the name as typed (`typedName`), whose accents
    /// count for exact matches.
    func search(
        _ key: [UInt8], limit: Int, exactOnly: Bool = false, typos: Bool = true, typed: String? = nil, accept: ((UInt32) -> Bool)? = nil,
        seen: inout Set<UInt32>, budget: VisitBudget? = nil
    ) -> [Hit] {
        guard limit > 0, !key.isEmpty else { return [] }
        var candidates: [Hit] = []
        var folder = NameFolder()
        func gather(tier: Int, _ section: Section, _ range: Range<Int>, _ match: PlaceSuggestion.Match, take: Int) {
            guard !range.isEmpty else { return }
            let keys = sections[section.rawValue]
            for hit in keys.best(in: [range], limit: take, excluding: seen, accept: accept, budget: budget) {
                let place = keys.places[hit.entry]
                seen.insert(place)
                var label = keys.labels[hit.entry]
                // A country found by one of its names in another language that its own name
                // matches as well is shown by its own name ("Paraguay", not "Paraguaj").
                if section == .main, label != names[Int(place)], folder.fold(strings[names[Int(place)]]).starts(with: key) {
                    label = names[Int(place)]
                }
                candidates.append((hit.entry, section.rawValue, key, match, tier, ranks[Int(place)], label))
            }
        }
        let mainRange = sections[0].range(of: key), alternateRange = sections[1].range(of: key)
        let mainExact = sections[0].exactPart(of: mainRange, length: key.count)
        let alternateExact = sections[1].exactPart(of: alternateRange, length: key.count)
        // Gathered in order of penalty, so a place counts by its best match (Paris is "Par…",
        // not its exact alias "Par").
        gather(tier: 0, .main, mainExact, .name, take: limit)
        let exactCount = candidates.count
        if !exactOnly {
            // More of the longer names when some are districts of an exact match, to be dropped.
            gather(tier: 2, .main, mainExact.upperBound..<mainRange.upperBound, .name, take: limit + (exactCount > 0 ? 40 : 0))
        }
        gather(tier: 1, .alternate, alternateExact, .alternateName, take: limit)
        if !exactOnly {
            // Later words before other names, though listed after them, so a place matching
            // both shows its main name ("New York City", not its Basque "York Berri").
            gather(tier: 4, .laterWord, sections[2].range(of: key), .laterWord, take: limit)
            gather(tier: 3, .alternate, alternateExact.upperBound..<alternateRange.upperBound, .alternateName, take: limit)
        }
        if exactCount > 0 {
            let exact = candidates.filter { $0.tier <= 1 }.map { Int(sections[$0.section].places[$0.entry]) }
            candidates.removeAll { hit in
                hit.tier == 2 && isDistrict(Int(sections[0].places[hit.entry]), ofAny: exact, key: key, entry: hit.entry)
            }
        }

        // Which rows to show, and in what order: each place weighs its people (as a power of
        // ten) less its tier's penalty, so an exact small name comes before a longer big one
        // unless that is a hundred times bigger ("Hard" before Hardoī, but "Par" is Paris first).
        var weights: [Double] = candidates.map(weight)
        if let typed {
            for (c, hit) in candidates.enumerated() where hit.tier <= 1 && strings[hit.label].lowercased() == typed {
                weights[c] += Penalty.accentsAsTyped
            }
        }
        // A town matched with its region ("Peking": Beijing and the municipality, "New York":
        // the city by its other name and the state), or the region's biggest town matched by
        // the start of its name ("New York City"), comes before the region.
        for (r, region) in candidates.enumerated() {
            let rp = Int(sections[region.section].places[region.entry])
            guard kinds[rp] == PlaceKind.region.rawValue else { continue }
            for (c, city) in candidates.enumerated() where city.tier <= 2 {
                let cp = Int(sections[city.section].places[city.entry])
                guard city.tier <= 1 || scores[cp] == scores[rp] else { continue }
                if kinds[cp] == PlaceKind.city.rawValue && countries[cp] == countries[rp] && admin1[cp] == admin1[rp] {
                    weights[c] = max(weights[c], weights[r] + 1e-6)
                }
            }
        }
        let order = candidates.indices.sorted { a, b in
            if weights[a] != weights[b] { return weights[a] > weights[b] }
            return (candidates[a].tier, candidates[a].rank) < (candidates[b].tier, candidates[b].rank)
        }
        var found = order.prefix(limit).map { candidates[$0] }

        let letters = String(decoding: key, as: UTF8.self).unicodeScalars.filter { $0 != " " }.count
        // A code of digits is one code or none: another code a digit away is another place.
        let isDigits = key.allSatisfy { (0x30...0x39).contains($0) || $0 == 0x20 }
        // Typos fill a list that is short, but not one narrowed by a region that already has its answer.
        if !exactOnly && typos && !isDigits && found.count < limit && letters >= Self.typoMinimumLetters && (accept == nil || found.isEmpty) {
            // Typo matches in the same order: main names, other names, later words.
            var typos: [Hit] = []
            for number in 0..<Section.qualifier.rawValue {
                let section = sections[number]
                let variants = TypoSearch.ranges(for: key, in: section)
                for hit in section.best(in: variants.map(\.range), limit: limit - found.count, excluding: seen, accept: accept, budget: budget) {
                    // A country's name in another language is a typo target after own names.
                    let place = Int(section.places[hit.entry])
                    let tier = 5 + number + (number == 0 && section.labels[hit.entry] != names[place] ? 1 : 0)
                    typos.append((hit.entry, number, variants[hit.source].prefix, .typo, tier, ranks[place], section.labels[hit.entry]))
                }
            }
            typos.sort { ($0.tier, $0.rank) < ($1.tier, $1.rank) }
            for hit in typos where found.count < limit && seen.insert(sections[hit.section].places[hit.entry]).inserted {
                found.append(hit)
            }
        }
        return found
    }

    /// Whether `place`, found by a name longer than `key`, is a district of one of the places
    /// matched exactly: its key continues the query with a space, it is in the same country,
    /// and close by ("Paris 16 Passy" of Paris, not Paris, Texas). A key without spaces
    /// ("paris16passy") is judged by the name's own key.
    private func isDistrict(_ place: Int, ofAny exact: [Int], key: [UInt8], entry: Int) -> Bool {
        func continues<Key: Collection<UInt8>>(_ k: Key) -> Bool {
            k.count > key.count && k.starts(with: key) && k.dropFirst(key.count).first == 0x20
        }
        var folder = NameFolder()
        guard continues(sections[0].key(entry)) || continues(folder.fold(strings[names[place]])) else { return false }
        let here = GeoCoordinate(latitude: latitudes[place], longitude: longitudes[place])
        return exact.contains { city in
            countries[city] == countries[place] && kinds[city] == PlaceKind.city.rawValue
                && here.distance(to: GeoCoordinate(latitude: latitudes[city], longitude: longitudes[city])) <= Self.districtKilometres
        }
    }

    private func suggestion(for hit: Hit, folder: inout NameFolder) -> PlaceSuggestion {
        let section = sections[hit.section]
        let place = place(Int(section.places[hit.entry]))
        let label = strings[hit.label]
        if label == place.name {
            return PlaceSuggestion(
                place: place, match: hit.match, alias: nil,
                nameMatch: Self.highlight(hit.matched, in: label, folder: &folder), aliasMatch: nil
            )
        }
        return PlaceSuggestion(
            place: place, match: hit.match, alias: label,
            nameMatch: nil, aliasMatch: Self.highlight(hit.matched, in: label, folder: &folder)
        )
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
