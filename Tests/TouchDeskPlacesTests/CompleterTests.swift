import Testing
@testable import TouchDeskPlaces

@Suite("Places: search as you type", .enabled(if: PlacesTestData.geoNames != nil, "GeoNames places not installed: run scripts/data/places"))
struct CompleterTests {
    private var index: PlaceIndex { PlacesTestData.index }

    private func first(_ query: String) -> PlaceSuggestion? {
        index.suggestions(for: query).first
    }

    @Test(arguments: [
        ("zurich", "Zürich", "CH"), ("ZÜR", "Zürich", "CH"), ("sao paulo", "São Paulo", "BR"),
        ("Par", "Paris", "FR"), ("san fr", "San Francisco", "US"), ("new y", "New York City", "US"),
        ("Peking", "Beijing", "CN"), ("Londres", "London", "GB"), ("Москва", "Moscow", "RU"),
        ("東京", "Tokyo", "JP"), ("Munich", "Munich", "DE"), ("Muenchen", "Munich", "DE"),
        ("München", "Munich", "DE"), ("zurihc", "Zürich", "CH"), ("switz", "Switzerland", "CH"),
    ])
    func exampleRanksFirst(query: String, name: String, country: String) {
        let top = first(query)
        #expect(top?.place.name == name, "\(query)")
        #expect(top?.place.countryCode == country, "\(query)")
    }

    @Test func laterWordFindsNewYork() {
        let found = index.suggestions(for: "york")
        #expect(found.contains { $0.place.name == "New York City" })
        // Main-name matches come first: York (England) before New York.
        #expect(found.first?.place.name == "York")
        let nyc = found.first { $0.place.name == "New York City" }
        let matched: String? = nyc.flatMap { (s: PlaceSuggestion) -> String? in
            if let range = s.nameMatch { return String(s.place.name[range]) }
            return s.aliasMatch.map { (range: Range<String.Index>) -> String in String(s.alias![range]) }
        }
        #expect(matched?.lowercased() == "york")
    }

    @Test func countriesAndStates() {
        let switz = first("switz")
        #expect(switz?.place.kind == .country)
        #expect(switz?.place.countryCode == "CH")
        // The country sits at its capital.
        #expect(abs((switz?.place.coordinate.latitude ?? 0) - 46.95) < 0.1)
        let california = first("califor")
        #expect(california?.place.kind == .region)
        #expect(california?.place.name == "California")
        #expect(california?.place.bounds.map { $0.contains(GeoCoordinate(latitude: 37.77, longitude: -122.42)) } == true)
        // Large countries beat cities sharing their first letters; a famous city beats a small country.
        #expect(first("chin")?.place.name == "China")
        #expect(first("germ")?.place.name == "Germany")
        let par = index.suggestions(for: "Par").map(\.place.name)
        #expect(par.first == "Paris" && par.prefix(4).contains("Paraguay"), "\(par)")
    }

    @Test func suggestionCarriesWhatTheListShows() throws {
        let zurich = try #require(first("zür"))
        #expect(zurich.match == .name)
        #expect(zurich.alias == nil)
        #expect(zurich.nameMatch.map { String(zurich.place.name[$0]) } == "Zür")
        #expect(zurich.place.countryName == "Switzerland")
        #expect(zurich.place.admin1Code == "ZH")
        #expect(zurich.place.region == "Zurich")
        #expect(zurich.place.timezone == "Europe/Zurich")
        #expect(zurich.place.population > 400_000)
        #expect(abs(zurich.place.coordinate.latitude - 47.36667) < 1e-6)
        #expect(abs(zurich.place.coordinate.longitude - 8.55) < 1e-6)

        let sf = try #require(first("san fr"))
        #expect(sf.place.whereabouts == "California, United States")
        #expect(sf.place.region == "California")

        // Beijing the city, matched by another name, before the municipality of that name.
        let beijing = try #require(first("Peking"))
        #expect(beijing.place.kind == .city)
        #expect(beijing.match == .alternateName)
        #expect(beijing.alias == "Peking")
        #expect(beijing.aliasMatch.map { String(beijing.alias![$0]) } == "Peking")
        #expect(beijing.nameMatch == nil)
    }

    @Test func atMostTenSuggestionsWithoutRepeats() {
        for query in ["a", "s", "san", "new", "москва", "zurich"] {
            let found = index.suggestions(for: query)
            #expect(found.count <= 10)
            #expect(Set(found.map(\.place.id)).count == found.count, "\(query)")
        }
        #expect(index.suggestions(for: "a").count == 10)
    }

    @Test func typosComeLast() {
        for query in ["lond", "peki", "york", "new y", "zurihc", "san ", "sprinfield"] {
            let matches = index.suggestions(for: query).map(\.match)
            let firstTypo = matches.firstIndex(of: .typo) ?? matches.count
            #expect(matches[firstTypo...].allSatisfy { $0 == .typo }, "\(query): \(matches)")
        }
        // Within a tier, bigger first.
        // Within a tier, bigger first (by score: people, ten times for a capital).
        let san = index.suggestions(for: "san").filter { $0.match == .name && $0.alias == nil && $0.place.kind == .city && $0.place.name != "San" }
        #expect(san.count >= 3)
        #expect(zip(san, san.dropFirst()).allSatisfy { index.scores[$0.place.id] >= index.scores[$1.place.id] }, "\(san.map(\.place.name))")
    }

    @Test func emptyAndPunctuationQueriesGiveNothing() {
        #expect(index.suggestions(for: "").isEmpty)
        #expect(index.suggestions(for: "   ").isEmpty)
        #expect(index.suggestions(for: "-.,").isEmpty)
    }

    @Test func aVeryLongQueryIsHarmless() {
        let long = String(repeating: "zurich ", count: 30).prefix(200)
        #expect(long.count == 200)
        #expect(index.suggestions(for: String(long)).isEmpty)
        let junk = String(repeating: "ß東é-", count: 50)
        #expect(index.suggestions(for: junk).isEmpty)
    }

    @Test func bestMatchIsTheFirstSuggestion() {
        #expect(index.bestMatch(for: "Zürich")?.name == "Zürich")
        #expect(index.bestMatch(for: "qqqqqqqqqqq") == nil)
    }
}

@Suite("Places: typo tolerance", .enabled(if: PlacesTestData.geoNames != nil, "GeoNames places not installed: run scripts/data/places"))
struct TypoTests {
    private var index: PlaceIndex { PlacesTestData.index }

    @Test(arguments: [
        ("zurihc", "Zürich"),   // two letters swapped
        ("zurixh", "Zürich"),   // one replaced
        ("zurch", "Zürich"),    // one missing
        ("zuerich", "Zürich"),  // one extra (also the umlaut spelling)
        ("zzurich", "Zürich"),  // one extra at the start
        ("londn", "London"),
        ("bejing", "Beijing"),
        ("mosocw", "Moscow"),
        ("sna francisco", "San Francisco"),  // a main-name typo before an alternate's (Quito's "San Francisco de Quito")
    ])
    func oneTypoIsForgiven(query: String, expected: String) {
        #expect(PlacesTestData.top(query) == expected, "\(query)")
    }

    @Test func typoMatchesAreMarked() {
        let s = index.suggestions(for: "zurihc").first
        #expect(s?.match == .typo)
        #expect(s?.nameMatch != nil)
    }

    @Test func noTypoUnderFourLetters() {
        // "zjr" is one letter from "zur" (and starts no name) but only three letters are typed.
        #expect(index.suggestions(for: "zjr").isEmpty)
        #expect(index.suggestions(for: "lnd").allSatisfy { $0.match != .typo })
        // At four letters it is forgiven.
        let zjri = index.suggestions(for: "zjri")
        #expect(zjri.contains { $0.place.name == "Zürich" })
        #expect(!zjri.isEmpty && zjri.allSatisfy { $0.match == .typo })
    }

    @Test func twoTyposAreNotForgiven() {
        // Each two edits from every name of its place ("zyrih…" and "bejing" are real
        // alternate names, so they are one edit from "zyrihc" and "bejjng").
        for query in ["zjrihc", "xurihc", "lomdpn", "bwijimg", "zurjxh"] {
            let names = index.suggestions(for: query).map(\.place.name)
            #expect(!names.contains("Zürich") && !names.contains("London") && !names.contains("Beijing"), "\(query): \(names)")
        }
    }

    @Test func exactMatchesComeBeforeTypos() {
        let found = index.suggestions(for: "pari")
        #expect(found.allSatisfy { $0.match != .typo })
        #expect(found.first?.place.name == "Paris")
    }
}
