import Foundation

/// Turns the GeoNames records into a `PlaceIndex`.
///
/// Ranking score: a city's population; a country or a US state scores like its largest city,
/// not its total population, so a famous city beats a small country whose name it shares a
/// prefix with ("Par" → Paris before Paraguay) while large countries still come first
/// ("Chi" → China). Equal scores put countries, then cities, then states: "Mexico" the
/// country before Mexico City, "New York" the city before the state.
enum PlaceIndexBuilder {
    /// Keys longer than this (a few alternate names are whole sentences) are left out.
    static let maxKeyBytes = 200

    static func build(from records: GeoNamesRecords) -> PlaceIndex {
        var strings = StringTable.Builder()
        var folder = NameFolder()

        var countryNumber: [String: UInt16] = [:]
        var countryCodes: [UInt16] = []
        var countryNames: [UInt32] = []
        for country in records.countries {
            countryNumber[country.iso] = UInt16(countryCodes.count)
            countryCodes.append(PlaceIndex.pack(country.iso))
            countryNames.append(strings.id(country.name))
        }
        let stateNames = Dictionary(records.states.map { ($0.code, $0.name) }, uniquingKeysWith: { a, _ in a })

        var kinds: [UInt8] = [], names: [UInt32] = [], admin1: [UInt32] = [], regions: [UInt32] = []
        var countries: [UInt16] = [], populations: [UInt32] = [], latitudes: [Double] = [], longitudes: [Double] = []
        var timezones: [UInt32] = [], scores: [UInt32] = [], regionBounds: [Double] = []
        var alternates: [[String]] = []

        // Cities whose country the package does not list are left out: nothing to show for them.
        let cities = records.cities.filter { countryNumber[$0.countrycode] != nil }
        for city in cities {
            kinds.append(PlaceKind.city.rawValue)
            names.append(strings.id(city.name))
            admin1.append(city.admin1code.isEmpty ? StringTable.none : strings.id(city.admin1code))
            let stateName = city.countrycode == "US" ? stateNames[city.admin1code] : nil
            regions.append(stateName.map { strings.id($0) } ?? StringTable.none)
            countries.append(countryNumber[city.countrycode]!)
            let population = UInt32(clamping: max(0, city.population))
            populations.append(population)
            latitudes.append(city.latitude)
            longitudes.append(city.longitude)
            timezones.append(strings.id(city.timezone))
            scores.append(population)
            alternates.append(city.alternatenames)
        }
        let firstRegion = kinds.count

        func appendRegion(kind: PlaceKind, name: String, country: UInt16, population: UInt32, members: [Int], centre: Int, centreCoordinate: GeoCoordinate) {
            kinds.append(kind.rawValue)
            names.append(strings.id(name))
            admin1.append(StringTable.none)
            regions.append(StringTable.none)
            countries.append(country)
            populations.append(population)
            latitudes.append(centreCoordinate.latitude)
            longitudes.append(centreCoordinate.longitude)
            timezones.append(timezones[centre])
            scores.append(members.map { scores[$0] }.max() ?? 0)
            var box = GeoBounds(GeoCoordinate(latitude: latitudes[members[0]], longitude: longitudes[members[0]]))
            for m in members { box.include(GeoCoordinate(latitude: latitudes[m], longitude: longitudes[m])) }
            regionBounds += [box.south, box.west, box.north, box.east]
            alternates.append([])
        }

        var citiesOfCountry: [UInt16: [Int]] = [:]
        for i in 0..<firstRegion { citiesOfCountry[countries[i], default: []].append(i) }
        for country in records.countries {
            let number = countryNumber[country.iso]!
            guard let members = citiesOfCountry[number], !members.isEmpty else { continue }
            let largest = members.max { populations[$0] < populations[$1] }!
            // The capital by name among the country's cities (main or alternate), else the largest.
            let capitalKey = folder.fold(country.capital)
            let capital = country.capital.isEmpty ? nil : members.filter {
                folder.fold(strings.peek(names[$0])) == capitalKey
            }.max { populations[$0] < populations[$1] }
            let centre = capital ?? largest
            appendRegion(
                kind: .country, name: country.name, country: number,
                population: UInt32(clamping: max(0, country.population)), members: members, centre: centre,
                centreCoordinate: GeoCoordinate(latitude: latitudes[centre], longitude: longitudes[centre])
            )
        }
        if let us = countryNumber["US"] {
            var citiesOfState: [String: [Int]] = [:]
            for i in citiesOfCountry[us] ?? [] {
                citiesOfState[strings.peek(admin1[i]), default: []].append(i)
            }
            for state in records.states {
                guard let members = citiesOfState[state.code], !members.isEmpty else { continue }
                let largest = members.max { populations[$0] < populations[$1] }!
                // Population-weighted centre: where the state's people are, a fair place to point at.
                var weight = 0.0, lat = 0.0, lon = 0.0
                for m in members {
                    let w = Double(populations[m])
                    weight += w
                    lat += w * latitudes[m]
                    lon += w * longitudes[m]
                }
                appendRegion(
                    kind: .usState, name: state.name, country: us, population: 0, members: members, centre: largest,
                    centreCoordinate: GeoCoordinate(latitude: lat / weight, longitude: lon / weight)
                )
            }
        }

        // Ranks: by score, then countries before cities before states, then name, then id.
        let kindOrder: [UInt8: Int] = [PlaceKind.country.rawValue: 0, PlaceKind.city.rawValue: 1, PlaceKind.usState.rawValue: 2]
        let order = (0..<kinds.count).sorted { a, b in
            if scores[a] != scores[b] { return scores[a] > scores[b] }
            if kinds[a] != kinds[b] { return kindOrder[kinds[a]]! < kindOrder[kinds[b]]! }
            return a < b
        }
        var ranks = [UInt32](repeating: 0, count: kinds.count)
        for (rank, id) in order.enumerated() { ranks[id] = UInt32(rank) }

        // Keys.
        var main = SectionBuilder(), alternate = SectionBuilder(), word = SectionBuilder()
        for id in 0..<kinds.count {
            let name = strings.peek(names[id])
            let nameID = names[id]
            var known: [[UInt8]] = []
            for key in foldings(of: name, with: &folder) {
                known.append(key)
                main.add(key, place: id, label: nameID)
            }
            if let plain = known.first {
                // Each later word of the main name, to the end: "york city" of "New York City".
                for (i, byte) in plain.enumerated() where byte == 0x20 && i + 1 < plain.count {
                    word.add(plain[(i + 1)...], place: id, label: nameID)
                }
            }
            // Alternate names by key; where several spell one key ("Munchen", "München"), the
            // one with accents is shown, as it is the place's own spelling.
            var aliasKeys: [[UInt8]] = []
            var aliasLabels: [String] = []
            for alias in alternates[id] {
                for key in foldings(of: alias, with: &folder) where !known.contains(key) {
                    if let i = aliasKeys.firstIndex(of: key) {
                        if aliasLabels[i].utf8.allSatisfy({ $0 < 0x80 }) && !alias.utf8.allSatisfy({ $0 < 0x80 }) {
                            aliasLabels[i] = alias
                        }
                    } else {
                        aliasKeys.append(key)
                        aliasLabels.append(alias)
                    }
                }
            }
            var labelIDs: [String: UInt32] = [:]
            for (key, alias) in zip(aliasKeys, aliasLabels) {
                let label = labelIDs[alias] ?? strings.append(alias)
                labelIDs[alias] = label
                alternate.add(key, place: id, label: label)
            }
        }

        return PlaceIndex(
            kinds: kinds, names: names, admin1: admin1, regions: regions, countries: countries,
            populations: populations, latitudes: latitudes, longitudes: longitudes, timezones: timezones,
            ranks: ranks, scores: scores, regionBounds: regionBounds, firstRegion: firstRegion, countryCodes: countryCodes,
            countryNames: countryNames, strings: strings.build(),
            sections: [main, alternate, word].map { $0.build(ranks: ranks) }
        )
    }

    /// The keys a name is found by: its fold, and its fold with umlauts spelled out if that differs.
    static func foldings(of name: String, with folder: inout NameFolder) -> [[UInt8]] {
        let plain = folder.fold(name)
        guard !plain.isEmpty, plain.count <= maxKeyBytes else { return [] }
        guard NameFolder.hasUmlaut(name) else { return [plain] }
        let spelled = folder.fold(name, umlauts: true)
        return spelled == plain ? [plain] : [plain, spelled]
    }

    /// Collects (key, place, label) entries and sorts them into a `KeySection`.
    struct SectionBuilder {
        private var bytes: [UInt8] = []
        private var starts: [UInt32] = [0]
        private var heads: [UInt64] = []
        private var places: [UInt32] = []
        private var labels: [UInt32] = []

        mutating func add<Key: Collection<UInt8>>(_ key: Key, place: Int, label: UInt32) {
            var head: UInt64 = 0
            var k = 0
            for b in key.prefix(8) {
                head |= UInt64(b) << (56 - 8 * k)
                k += 1
            }
            heads.append(head)
            bytes.append(contentsOf: key)
            starts.append(UInt32(bytes.count))
            places.append(UInt32(place))
            labels.append(label)
        }

        func build(ranks: [UInt32]) -> KeySection {
            // Keys compare by their first 8 bytes as one big-endian word, then bytewise; a key
            // shorter than 8 bytes pads with zeros, which no key contains, so order is kept.
            var order = Array(0..<places.count)
            bytes.withUnsafeBufferPointer { b in
                order.sort { x, y in
                    if heads[x] != heads[y] { return heads[x] < heads[y] }
                    let xs = Int(starts[x]), xe = Int(starts[x + 1]), ys = Int(starts[y]), ye = Int(starts[y + 1])
                    let n = min(xe - xs, ye - ys)
                    let c = n > 8 ? memcmp(b.baseAddress! + xs + 8, b.baseAddress! + ys + 8, n - 8) : 0
                    if c != 0 { return c < 0 }
                    if xe - xs != ye - ys { return xe - xs < ye - ys }
                    return ranks[Int(places[x])] < ranks[Int(places[y])]
                }
            }
            var outStarts: [UInt32] = [0], outBytes: [UInt8] = [], outPlaces: [UInt32] = [], outLabels: [UInt32] = []
            outStarts.reserveCapacity(places.count + 1)
            outBytes.reserveCapacity(bytes.count)
            var previous = -1
            for i in order {
                let key = bytes[Int(starts[i])..<Int(starts[i + 1])]
                if previous >= 0, places[previous] == places[i], bytes[Int(starts[previous])..<Int(starts[previous + 1])] == key {
                    continue
                }
                previous = i
                outBytes.append(contentsOf: key)
                outStarts.append(UInt32(outBytes.count))
                outPlaces.append(places[i])
                outLabels.append(labels[i])
            }
            return KeySection(keyStarts: outStarts, keyBytes: outBytes, places: outPlaces, labels: outLabels, ranks: ranks)
        }
    }
}
