import Foundation
import TouchDeskFiles

/// Turns the place records into a `PlaceIndex`.
///
/// Ranking score: a city's population, a little more for a well-known town (`townScore`); a
/// country or a region scores like its largest city,
/// not its total population, so a famous city beats a small country whose name it shares a
/// prefix with ("Par" → Paris before Paraguay) while large countries still come first
/// ("Chi" → China). An airport with an IATA code scores a tenth of the town nearest to it (so
/// "London" lists the city before Heathrow); other airfields and ZIP codes score nothing and
/// come after every town of their name. A capital counts ten times its people. Equal scores put
/// cities, then countries, then regions: Tunis before Tunisia, which scores like its capital.
enum PlaceIndexBuilder {
    /// Keys longer than this (a few alternate names are whole sentences) are left out.
    static let maxKeyBytes = 200
    /// Towns of this many people are found by their other names typed without spaces too.
    static let joinedAliasPopulation: UInt32 = 15_000
    /// How far an airport may be from the town it is scored by, and take the region of.
    static let airportTownKilometres = 50.0
    /// What a town of `cities1000` whose people GeoNames does not count (0) scores: the list's
    /// threshold, as such a town is listed for being a seat of its district. Counted as none, the
    /// start of any bigger name ("Huandoval" for "Huando") or a namesake in the same country came first.
    static let uncountedTownScore: UInt32 = 1_000
    /// Each of a town's other names (GeoNames' alternate names: spellings, names in other
    /// languages) adds this share to its score, up to `knownNamesCap` of them.
    static let knownNameBonus = 0.01
    static let knownNamesCap = 20

    /// A town's score: its people (`uncountedTownScore` when GeoNames counts none), 1 % more for
    /// each other name it is known by, up to 20 %. GeoNames' populations are estimates of
    /// different years and sources, so two namesakes within a fifth of each other are about as
    /// big; the one the world has more names for is the better-known ("El Perelló, Spain": the
    /// Catalan town of 2,895 people and four names before the Valencian one of 2,903 and one
    /// name). A town a fifth bigger keeps its place whatever its names.
    static func townScore(population: UInt32, names: Int) -> UInt32 {
        let people = population == 0 ? uncountedTownScore : population
        let bonus = 1 + knownNameBonus * Double(min(max(0, names), knownNamesCap))
        return UInt32(min(Double(UInt32.max), (Double(people) * bonus).rounded()))
    }

    /// Common short forms of country names that neither GeoNames nor ISO gives.
    static let countryShortForms: [String: [String]] = [
        "GB": ["UK", "Britain", "Great Britain"], "US": ["USA", "US", "America"], "AE": ["UAE", "Emirates"],
        "CD": ["DRC", "DR Congo", "Congo-Kinshasa"], "CG": ["Congo-Brazzaville"], "NL": ["Holland"],
        "CI": ["Ivory Coast"], "MM": ["Burma"], "CZ": ["Czechia"], "VA": ["Vatican"], "TL": ["East Timor"],
        "CV": ["Cape Verde"], "SZ": ["Swaziland"], "MK": ["Macedonia"], "KR": ["South Korea"], "KP": ["North Korea"],
    ]

    /// Takes `records` and lets go of them once every place is in, before the keys are made.
    static func build(from records: consuming PlaceRecords) -> PlaceIndex {
        var strings = StringTable.Builder()
        var folder = NameFolder()

        var countryNumber: [String: UInt16] = [:]
        var countryCodes: [UInt16] = []
        var countryNames: [UInt32] = [], countryLanguages: [UInt32] = []
        for country in records.geoNames.countries {
            countryNumber[country.iso] = UInt16(countryCodes.count)
            countryCodes.append(PlaceIndex.pack(country.iso))
            countryNames.append(strings.id(country.name))
            // The main language, without its country: "de" of "de-CH,fr-CH,…".
            let main = (country.languages ?? "").prefix { $0 != "," && $0 != "-" }
            countryLanguages.append(main.isEmpty ? StringTable.none : strings.id(String(main)))
        }
        let stateNames = Dictionary(records.geoNames.states.map { ($0.code, $0.name) }, uniquingKeysWith: { a, _ in a })
        func regionName(_ country: String, _ code: String) -> String? {
            guard !code.isEmpty else { return nil }
            return country == "US" ? stateNames[code] : records.regionNames[country + "." + code]
        }

        var kinds: [UInt8] = [], names: [UInt32] = [], admin1: [UInt32] = [], regions: [UInt32] = [], localities: [UInt32] = []
        var countries: [UInt16] = [], populations: [UInt32] = [], latitudes: [Double] = [], longitudes: [Double] = []
        var timezones: [UInt32] = [], scores: [UInt32] = [], regionBounds: [Double] = []
        var alternates: [[String]] = []
        /// Keys a region or country is named by only as a qualifier ("TX", "DE", "DEU").
        var codes: [Int: [String]] = [:]
        /// Names of a region's second-level divisions, which name it only after a comma
        /// ("Maidstone, Kent"; "Lake Worth" is no lake in Worth County).
        var divisions: [Int: [String]] = [:]
        /// Capitals whose GeoNames main name differs from the country's name for them.
        var capitalNames: [Int: String] = [:]
        /// Each region's ISO 3166-2 name, where one matched (`SubdivisionMatcher`): "Bayern" for Bavaria.
        var subdivisionNames: [Int: String] = [:]

        func append(_ kind: PlaceKind, name: String, admin1 code: String, region: String?, locality: String?, country: UInt16,
                    population: UInt32, latitude: Double, longitude: Double, timezone: UInt32, score: UInt32, aliases: [String]) {
            kinds.append(kind.rawValue)
            names.append(strings.id(name))
            admin1.append(code.isEmpty ? StringTable.none : strings.id(code))
            regions.append(region.map { strings.id($0) } ?? StringTable.none)
            localities.append(locality.map { strings.id($0) } ?? StringTable.none)
            countries.append(country)
            populations.append(population)
            latitudes.append(latitude)
            longitudes.append(longitude)
            timezones.append(timezone)
            scores.append(score)
            alternates.append(aliases)
        }

        // Cities whose country the package does not list are left out: nothing to show for them.
        for city in records.geoNames.cities {
            guard let country = countryNumber[city.countrycode] else { continue }
            let population = UInt32(clamping: max(0, city.population))
            append(.city, name: city.name, admin1: city.admin1code, region: regionName(city.countrycode, city.admin1code),
                   locality: nil, country: country, population: population, latitude: city.latitude, longitude: city.longitude,
                   timezone: strings.id(city.timezone), score: townScore(population: population, names: Set(city.alternatenames).count),
                   aliases: city.alternatenames)
        }
        let cityCount = kinds.count
        let towns = NearestPlaceGrid(latitudes: latitudes, longitudes: longitudes, count: cityCount)

        // Towns by name, for the town an airport's data says it serves.
        var townsNamed: [[UInt8]: [Int]] = [:]
        for i in 0..<cityCount { townsNamed[folder.fold(strings.peek(names[i])), default: []].append(i) }
        for airport in records.airports {
            guard let country = countryNumber[airport.countryCode] else { continue }
            let point = GeoCoordinate(latitude: airport.latitude, longitude: airport.longitude)
            var town: Int?
            if let (id, km) = towns.nearest(to: point), km <= airportTownKilometres, countries[id] == country { town = id }
            // The town it serves, where the data names one nearby (London for Heathrow, not Hounslow;
            // the bigger of "Arnavutköy, Istanbul"), scores it; the nearest town still gives its region.
            let parts = [airport.city] + airport.city.split(whereSeparator: { ",/".contains($0) }).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            let served = parts.flatMap { townsNamed[folder.fold($0)] ?? [] }.filter { id in
                countries[id] == country
                    && point.distance(to: GeoCoordinate(latitude: latitudes[id], longitude: longitudes[id])) <= airportTownKilometres
            }.max { populations[$0] < populations[$1] }
            let code = town.map { strings.peek(admin1[$0]) } ?? ""
            let region = airport.subdivision.isEmpty ? town.flatMap { regions[$0] == StringTable.none ? nil : strings.peek(regions[$0]) } : airport.subdivision
            let score = airport.iata.isEmpty ? 0 : ((served ?? town).map { populations[$0] / 10 } ?? 0)
            let zone = airport.timezone.isEmpty ? (town.map { timezones[$0] } ?? strings.id("UTC")) : strings.id(airport.timezone)
            append(.airport, name: airport.name, admin1: code, region: region, locality: airport.city.isEmpty ? nil : airport.city,
                   country: country, population: 0, latitude: airport.latitude, longitude: airport.longitude,
                   timezone: zone, score: score,
                   // An airline's airport is also known by the town it serves ("Lusaka Airport").
                   aliases: [airport.iata, airport.icao, shortName(of: airport), airport.iata.isEmpty ? "" : airport.city].filter { !$0.isEmpty })
        }
        if let us = countryNumber["US"] {
            for zip in records.postcodes {
                guard let lat = Double(zip.lat), let lon = Double(zip.long) else { continue }
                append(.postcode, name: zip.zip_code, admin1: zip.state, region: stateNames[zip.state],
                       locality: zip.city.isEmpty ? nil : zip.city, country: us, population: 0, latitude: lat, longitude: lon,
                       timezone: strings.id(zip.timezone.isEmpty ? "America/New_York" : zip.timezone), score: 0, aliases: [])
            }
        }
        let firstRegion = kinds.count

        func appendArea(_ kind: PlaceKind, name: String, admin1 code: String, country: UInt16, population: UInt32,
                        members: [Int], centre: Int, centreCoordinate: GeoCoordinate, aliases: [String]) {
            append(kind, name: name, admin1: code, region: nil, locality: nil, country: country, population: population,
                   latitude: centreCoordinate.latitude, longitude: centreCoordinate.longitude, timezone: timezones[centre],
                   score: members.map { scores[$0] }.max() ?? 0, aliases: aliases)
            var box = GeoBounds(GeoCoordinate(latitude: latitudes[members[0]], longitude: longitudes[members[0]]))
            for m in members { box.include(GeoCoordinate(latitude: latitudes[m], longitude: longitudes[m])) }
            regionBounds += [box.south, box.west, box.north, box.east]
        }

        var citiesOfCountry: [UInt16: [Int]] = [:]
        for i in 0..<cityCount { citiesOfCountry[countries[i], default: []].append(i) }
        let isoCountries = Dictionary((records.iso?.countries ?? []).map { ($0.alpha2, $0) }, uniquingKeysWith: { a, _ in a })
        for country in records.geoNames.countries {
            let number = countryNumber[country.iso]!
            guard let members = citiesOfCountry[number], !members.isEmpty else { continue }
            let largest = members.max { populations[$0] < populations[$1] }!
            // The capital by name (main or other) among the country's cities, else the largest.
            let capitalKey = folder.fold(country.capital)
            let capital = country.capital.isEmpty ? nil : members.filter { m in
                folder.fold(strings.peek(names[m])) == capitalKey || alternates[m].contains { folder.fold($0) == capitalKey }
            }.max { populations[$0] < populations[$1] }
            if let capital {
                // What most people mean by a capital's name: it counts ten times its people, and
                // the name GeoNames gives the capital is one of its own ("Washington" for
                // "Washington, D.C.").
                scores[capital] = scores[capital] > UInt32.max / 10 ? UInt32.max : scores[capital] * 10
                if folder.fold(strings.peek(names[capital])) != capitalKey { capitalNames[capital] = country.capital }
            }
            let centre = capital ?? largest
            var aliases = countryShortForms[country.iso] ?? []
            if let iso = isoCountries[country.iso] {
                aliases += iso.englishNames + iso.translations
                codes[kinds.count] = [country.iso, iso.alpha3]
            } else {
                codes[kinds.count] = [country.iso]
            }
            appendArea(
                .country, name: country.name, admin1: "", country: number,
                population: UInt32(clamping: max(0, country.population)), members: members, centre: centre,
                centreCoordinate: GeoCoordinate(latitude: latitudes[centre], longitude: longitudes[centre]), aliases: aliases
            )
        }

        // First-level regions: every admin1 code of the cities that has a name.
        let subdivisions = SubdivisionMatcher(records.iso?.subdivisions ?? [], folder: &folder)
        var citiesOfRegion: [String: [Int]] = [:]
        for i in 0..<cityCount where admin1[i] != StringTable.none && regions[i] != StringTable.none {
            citiesOfRegion[PlaceIndex.code(countryCodes[Int(countries[i])]) + "." + strings.peek(admin1[i]), default: []].append(i)
        }
        // Two codes of one name (an old and a new code for a region) make one region: the one with more places.
        var regionOfName: [String: String] = [:]
        for key in citiesOfRegion.keys.sorted() {
            let members = citiesOfRegion[key]!
            let nameKey = PlaceIndex.code(countryCodes[Int(countries[members[0]])]) + " " + strings.peek(regions[members[0]])
            if let other = regionOfName[nameKey], citiesOfRegion[other]!.count >= members.count { continue }
            regionOfName[nameKey] = key
        }
        let regionKeys = Set(regionOfName.values).sorted()
        let matched = subdivisions.assign(regionKeys.map { key in
            let first = citiesOfRegion[key]![0]
            return (PlaceIndex.code(countryCodes[Int(countries[first])]), strings.peek(regions[first]))
        }, folder: &folder)
        for (key, subdivision) in zip(regionKeys, matched) {
            let members = citiesOfRegion[key]!
            let first = members[0]
            let country = PlaceIndex.code(countryCodes[Int(countries[first])])
            let code = strings.peek(admin1[first])
            let name = strings.peek(regions[first])
            let largest = members.max { populations[$0] < populations[$1] }!
            // Population-weighted centre: where the region's people are, a fair place to point at.
            var weight = 0.0, lat = 0.0, lon = 0.0
            for m in members {
                let w = Double(populations[m]) + 1
                weight += w
                lat += w * latitudes[m]
                lon += w * longitudes[m]
            }
            var aliases: [String] = []
            var regionCodes = country == "US" ? [code] : []
            if let sub = subdivision {
                subdivisionNames[kinds.count] = sub.name
                aliases = [sub.name] + sub.translations
                if let dash = sub.code.firstIndex(of: "-") { regionCodes.append(String(sub.code[sub.code.index(after: dash)...])) }
            }
            codes[kinds.count] = regionCodes
            divisions[kinds.count] = (records.divisionNames[key] ?? []).flatMap(RegionNames.divisionForms)
            appendArea(.region, name: name, admin1: code, country: countries[first], population: 0, members: members,
                       centre: largest, centreCoordinate: GeoCoordinate(latitude: lat / weight, longitude: lon / weight), aliases: aliases)
        }

        /// Named features after the countries and regions: each with its country where the data
        /// names one (by code, by English name, or a lake's nearest town within 150 km), else none;
        /// an island named like a region or country of its own country ("USA:Alaska") is left out,
        /// as the data's piece is that region's land, not an island of its own.
        func appendFeatures(_ features: [FeatureRecords.Feature]) {
            guard !features.isEmpty else { return }
            var countryOfName: [[UInt8]: UInt16] = [:]
            for country in records.geoNames.countries { countryOfName[folder.fold(country.name)] = countryNumber[country.iso] }
            for iso in records.iso?.countries ?? [] {
                for name in iso.englishNames where countryNumber[iso.alpha2] != nil {
                    countryOfName[folder.fold(name)] = countryOfName[folder.fold(name)] ?? countryNumber[iso.alpha2]
                }
            }
            for (iso, forms) in countryShortForms {
                for f in forms where countryNumber[iso] != nil { countryOfName[folder.fold(f)] = countryNumber[iso] }
            }
            var areaNames = Set<[UInt8]>()
            for id in firstRegion..<kinds.count { areaNames.insert(folder.fold(strings.peek(names[id])) + [0] + Array(String(countries[id]).utf8)) }
            let none = UInt16(countryCodes.count)
            countryCodes.append(PlaceIndex.pack(""))
            countryNames.append(strings.id(""))
            countryLanguages.append(StringTable.none)
            for f in features {
                var country = countryNumber[f.countryCode] ?? (f.countryName.isEmpty ? nil : countryOfName[folder.fold(f.countryName)])
                if country == nil, f.kind == .lake || f.kind == .peak, let (id, km) = towns.nearest(to: f.coordinate), km <= 150 {
                    country = countries[id]
                }
                if f.kind == .island, let c = country, areaNames.contains(folder.fold(f.name) + [0] + Array(String(c).utf8)) { continue }
                let number = country ?? none
                let extentKm = f.bounds.map { b in
                    (b.north - b.south) * 111.2 * max(1, (b.east - b.west) * 111.2 * cos((b.north + b.south) / 2 * .pi / 180))
                } ?? 0
                let score: UInt32
                if let own = f.score {
                    score = own
                } else {
                    switch f.kind {
                    case .sea, .continent: score = 5_000_000
                    case .peak: score = 200_000
                    case .landmark: score = f.name.hasSuffix("Pole") ? 1_000_000 : 2_000
                    default: score = UInt32(min(3_000_000, max(1_000, extentKm * 4)))
                    }
                }
                // R's world map runs past 180° E (Chukotka, Fiji): positions are kept within ±180°,
                // as the cache's checks and the nearest-place grid expect.
                var lon = f.coordinate.longitude
                if lon > 180 { lon -= 360 } else if lon < -180 { lon += 360 }
                let nearTown = towns.nearest(to: GeoCoordinate(latitude: f.coordinate.latitude, longitude: lon))
                let zone = nearTown.map { timezones[$0.0] } ?? strings.id("UTC")
                append(f.kind, name: f.name, admin1: "", region: f.region.isEmpty ? nil : f.region, locality: nil, country: number,
                       population: f.kind == .peak ? UInt32(clamping: Int(max(0, f.elevation.rounded()))) : 0,
                       latitude: f.coordinate.latitude, longitude: lon, timezone: zone, score: score, aliases: f.aliases)
                let b = f.bounds ?? GeoBounds(f.coordinate)
                regionBounds += [b.south, b.west, b.north, b.east]
            }
        }
        let firstFeature = kinds.count
        appendFeatures(records.features)
        // The records are not read again: only the alternate names they share with `alternates` stay.
        records = PlaceRecords(geoNames: GeoNamesRecords(cities: [], countries: [], states: []))
        // The records were many small blocks, and their pages would stay resident in this thread's
        // arena beside the keys made next.
        FreedMemory.giveBack()

        // Ranks: by score, then cities, countries, regions, airports, ZIP codes, features,
        // then id (a capital before its country of the same score: "Tunis", "Luxembourg").
        var kindOrder: [UInt8: Int] = [
            PlaceKind.city.rawValue: 0, PlaceKind.country.rawValue: 1, PlaceKind.region.rawValue: 2,
            PlaceKind.airport.rawValue: 3, PlaceKind.postcode.rawValue: 4,
        ]
        for kind in PlaceKind.allCases where kind.isFeature { kindOrder[kind.rawValue] = Int(kind.rawValue) }
        let order = (0..<kinds.count).sorted { a, b in
            if scores[a] != scores[b] { return scores[a] > scores[b] }
            if kinds[a] != kinds[b] { return kindOrder[kinds[a]]! < kindOrder[kinds[b]]! }
            return a < b
        }
        var ranks = [UInt32](repeating: 0, count: kinds.count)
        for (rank, id) in order.enumerated() { ranks[id] = UInt32(rank) }

        // Keys.
        var main = SectionBuilder(), alternate = SectionBuilder(), word = SectionBuilder(), qualifier = SectionBuilder()
        var division = SectionBuilder()
        for id in 0..<kinds.count {
            let name = strings.peek(names[id])
            let nameID = names[id]
            let isArea = id >= firstRegion && id < firstFeature
            var known: [[UInt8]] = []
            for key in foldings(of: name, with: &folder) {
                known.append(key)
                main.add(key, place: id, label: nameID)
                if isArea { qualifier.add(key, place: id, label: nameID) }
                // Typed without its spaces ("newyork", "saopaulo"), it is still the own name.
                if let joined = joined(key) { main.add(joined, place: id, label: nameID) }
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
            // Each place's other names are let go once its keys are made (the strings read
            // from the JSON, about 40 MB, were otherwise all held until the sections were sorted).
            let aliases = alternates[id]
            alternates[id] = []
            for alias in aliases {
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
                // A country's or region's name in another language is still its own name
                // ("España", "Bayern"): it matches with the main names.
                if isArea {
                    main.add(key, place: id, label: label)
                    qualifier.add(key, place: id, label: label)
                    if let joined = joined(key) { main.add(joined, place: id, label: label) }
                } else {
                    alternate.add(key, place: id, label: label)
                    // A town big enough to be known by its other names is found by them typed
                    // without spaces too ("newyork", NYC's "New York").
                    if populations[id] >= joinedAliasPopulation, let joined = joined(key) {
                        alternate.add(joined, place: id, label: label)
                    }
                }
            }
            if let capitalName = capitalNames[id] {
                for key in foldings(of: capitalName, with: &folder) where !known.contains(key) {
                    main.add(key, place: id, label: labelIDs[capitalName] ?? strings.append(capitalName))
                }
            }
            for code in codes[id] ?? [] {
                let key = folder.fold(code)
                if !key.isEmpty { qualifier.add(key, place: id, label: nameID) }
            }
            for name in divisions[id] ?? [] {
                let key = folder.fold(name)
                if !key.isEmpty && key.count <= maxKeyBytes { division.add(key, place: id, label: nameID) }
            }
        }

        alternates = []
        FreedMemory.giveBack()
        // Each section is sorted alone and its builder let go before the next is sorted: the
        // builders hold about as much again as the sections they make.
        var sections: [KeySection] = []
        sections.append((consume main).build(ranks: ranks))
        sections.append((consume alternate).build(ranks: ranks))
        sections.append((consume word).build(ranks: ranks))
        sections.append((consume qualifier).build(ranks: ranks))
        sections.append((consume division).build(ranks: ranks))
        return PlaceIndex(
            kinds: kinds, names: names, admin1: admin1, regions: regions, localities: localities, countries: countries,
            populations: populations, latitudes: latitudes, longitudes: longitudes, timezones: timezones,
            ranks: ranks, scores: scores, regionBounds: regionBounds,
            subdivisionNames: (firstRegion..<kinds.count).map { subdivisionNames[$0].map { strings.id($0) } ?? StringTable.none },
            cityCount: cityCount, firstRegion: firstRegion, countryCodes: countryCodes, countryNames: countryNames,
            countryLanguages: countryLanguages, strings: strings.build(),
            sections: sections
        )
    }

    /// An airport's name without its town and the word airport: "Heathrow" for "London
    /// Heathrow Airport", "John F Kennedy" for "John F Kennedy International Airport"; empty
    /// when nothing is left or nothing was taken off.
    static func shortName(of airport: AirportRecords.Airport) -> String {
        var name = airport.name
        for suffix in [" International Airport", " Regional Airport", " Airport", " Airfield", " Aerodrome"] where name.hasSuffix(suffix) {
            name.removeLast(suffix.count)
            break
        }
        if !airport.city.isEmpty, name.hasPrefix(airport.city + " ") { name.removeFirst(airport.city.count + 1) }
        return name == airport.name || name.count < 3 ? "" : name
    }

    /// A key of several words without its spaces ("sao paulo" → "saopaulo"); nil for one word.
    static func joined(_ key: [UInt8]) -> [UInt8]? {
        key.contains(0x20) ? key.filter { $0 != 0x20 } : nil
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

        /// The sorted section; the builder is let go as it is made.
        consuming func build(ranks: [UInt32]) -> KeySection {
            // Keys compare by their first 8 bytes as one big-endian word, then bytewise; a key
            // shorter than 8 bytes pads with zeros, which no key contains, so order is kept.
            // Entry numbers as 32 bits (as `places` holds them): half the memory of `Int`s at the
            // build's peak, when the largest section is sorted.
            var order = [UInt32](unsafeUninitializedCapacity: places.count) { buffer, count in
                for i in 0..<places.count { buffer[i] = UInt32(i) }
                count = places.count
            }
            bytes.withUnsafeBufferPointer { b in
                order.sort { x32, y32 in
                    let x = Int(x32), y = Int(y32)
                    if heads[x] != heads[y] { return heads[x] < heads[y] }
                    let xs = Int(starts[x]), xe = Int(starts[x + 1]), ys = Int(starts[y]), ye = Int(starts[y + 1])
                    let n = min(xe - xs, ye - ys)
                    let c = n > 8 ? memcmp(b.baseAddress! + xs + 8, b.baseAddress! + ys + 8, n - 8) : 0
                    if c != 0 { return c < 0 }
                    if xe - xs != ye - ys { return xe - xs < ye - ys }
                    return ranks[Int(places[x])] < ranks[Int(places[y])]
                }
            }
            heads = []
            var outStarts: [UInt32] = [0], outBytes: [UInt8] = [], outPlaces: [UInt32] = [], outLabels: [UInt32] = []
            outStarts.reserveCapacity(places.count + 1)
            outBytes.reserveCapacity(bytes.count)
            outPlaces.reserveCapacity(places.count)
            outLabels.reserveCapacity(places.count)
            var previous = -1
            for i32 in order {
                let i = Int(i32)
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
