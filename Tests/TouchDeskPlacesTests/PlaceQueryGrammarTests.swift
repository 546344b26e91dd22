import Foundation
import Testing
@testable import TouchDeskPlaces

/// Queries as people type them, against the real data: a name narrowed by a region or country
/// in any language the data knows, countries and regions by their own names, the new kinds, and
/// the ranking rules of issue 23, each failure class it names as a case.
@Suite("Places: query grammar and ranking", .enabled(if: PlacesTestData.geoNames != nil, "GeoNames places not installed: run scripts/data/places"))
struct PlaceQueryGrammarTests {
    var index: PlaceIndex { PlacesTestData.index }

    func first(_ query: String) -> Place? { index.suggestions(for: query).first?.place }

    @Test(arguments: [
        ("Paris, TX", "Paris", "Texas"), ("Paris, Texas", "Paris", "Texas"), ("Paris Texas", "Paris", "Texas"),
        ("Texas, Paris", "Paris", "Texas"), ("paris tx", "Paris", "Texas"), ("Paris, Tennessee", "Paris", "Tennessee"),
        ("Springfield, Illinois", "Springfield", "Illinois"), ("Springfield Illinois", "Springfield", "Illinois"),
        ("Springfield, IL", "Springfield", "Illinois"), ("Springfield, Massachusetts", "Springfield", "Massachusetts"),
        ("Portland, Oregon", "Portland", "Oregon"), ("Portland, ME", "Portland", "Maine"),
        ("München, Bayern", "Munich", "Bavaria"), ("Muenchen, Bavaria", "Munich", "Bavaria"),
        ("London, Ontario", "London", "Ontario"), ("Victoria, British Columbia", "Victoria", "British Columbia"),
    ])
    func aRegionNarrowsTheName(query: String, name: String, region: String) throws {
        let place = try #require(first(query), "\(query)")
        #expect(place.name == name, "\(query)")
        #expect(place.region == region, "\(query): \(place.whereabouts)")
    }

    @Test(arguments: [
        ("Paris, France", "Paris", "FR"), ("Paris, FR", "Paris", "FR"), ("Paris, Fr", "Paris", "FR"),
        ("Köln, Deutschland", "Köln", "DE"), ("Cologne, Germany", "Köln", "DE"), ("Frankfurt, DEU", "Frankfurt am Main", "DE"),
        ("Valencia, Venezuela", "Valencia", "VE"), ("Córdoba, Argentina", "Córdoba", "AR"), ("Cambridge, USA", "Cambridge", "US"),
        ("London, UK", "London", "GB"), ("Birmingham, United States", "Birmingham", "US"), ("Perth, Scotland", "Perth", "GB"),
    ])
    func aCountryNarrowsTheName(query: String, name: String, country: String) throws {
        let place = try #require(first(query), "\(query)")
        #expect(place.name == name, "\(query): \(place.name)")
        #expect(place.countryCode == country, "\(query): \(place.whereabouts)")
    }

    @Test func aQualifierNamingNothingLeavesTheName() throws {
        #expect(first("Paris, Qzxqzx")?.countryCode == "FR")
        // Every row obeys the qualifier when it names something.
        let texas = index.suggestions(for: "Spring, Texas")
        #expect(!texas.isEmpty && texas.allSatisfy { $0.place.region == "Texas" }, "\(texas.map(\.place.whereabouts))")
    }

    @Test(arguments: [
        ("Deutschland", "DE"), ("Schweiz", "CH"), ("日本", "JP"), ("España", "ES"), ("Österreich", "AT"), ("Ελλάδα", "GR"),
        ("대한민국", "KR"), ("Nederland", "NL"), ("Россия", "RU"), ("UK", "GB"), ("USA", "US"), ("UAE", "AE"), ("DRC", "CD"),
        ("United States of America", "US"), ("Suomi", "FI"), ("Polska", "PL"),
    ])
    func countriesByTheirNamesInManyLanguages(query: String, country: String) throws {
        let place = try #require(first(query), "\(query)")
        #expect(place.kind == .country, "\(query): \(place.name)")
        #expect(place.countryCode == country, "\(query): \(place.name)")
    }

    @Test(arguments: [
        ("Ontario", "CA"), ("Bavaria", "DE"), ("Bayern", "DE"), ("Queensland", "AU"), ("Île-de-France", "FR"),
        ("Toscana", "IT"), ("Tuscany", "IT"), ("California", "US"), ("Nordrhein-Westfalen", "DE"),
    ])
    func regionsArePlaces(query: String, country: String) throws {
        let place = try #require(first(query), "\(query)")
        #expect(place.kind == .region, "\(query): \(place.name) is a \(place.kind)")
        #expect(place.countryCode == country, "\(query)")
        let box = try #require(place.bounds)
        #expect(box.contains(place.coordinate) || box.east - box.west > 180, "\(query): centre outside its box")
    }

    @Test func rowsNameTheirRegion() throws {
        let springfields = index.suggestions(for: "Springfield").map(\.place).filter { $0.name == "Springfield" && $0.countryCode == "US" }
        #expect(springfields.count >= 5)
        #expect(Set(springfields.map(\.whereabouts)).count == springfields.count, "\(springfields.map(\.whereabouts))")
        #expect(springfields.contains { $0.whereabouts == "Illinois, United States" })
        // Outside the US too: six Emiliano Zaptas are six rows with six regions.
        let zapatas = index.suggestions(for: "Emiliano Zapata").map(\.place).filter { $0.name == "Emiliano Zapata" }
        #expect(zapatas.count >= 4 && zapatas.allSatisfy { $0.region != nil })
        #expect(Set(zapatas.map(\.whereabouts)).count >= zapatas.count - 1, "\(zapatas.map(\.whereabouts))")
        let zurich = try #require(first("Zürich"))
        #expect(zurich.region == "Zurich")
    }

    // MARK: - Ranking rules

    @Test(arguments: [("Malé", "MV"), ("Hard", "AT"), ("Islamabad", "PK"), ("Dili", "TL"), ("Tunis", "TN"), ("Luxembourg", "LU"), ("Singapore", "SG")])
    func anExactOwnNameComesFirst(query: String, country: String) throws {
        let place = try #require(first(query))
        #expect(place.countryCode == country, "\(query): \(place.name), \(place.countryName)")
        #expect(place.kind == .city, "\(query): \(place.kind)")
    }

    @Test func aCapitalIsListedBesideItsCountry() {
        for (query, country) in [("Tunis", "Tunisia"), ("Luxembourg", "Luxembourg"), ("Singapore", "Singapore")] {
            let rows = index.suggestions(for: query).prefix(3)
            #expect(rows.contains { $0.place.kind == .country && $0.place.name == country }, "\(query): \(rows.map(\.place.name))")
        }
    }

    /// Lomé is "Rome" in some language, Hong Kong "Victoria": such rows come below every real
    /// namesake of 10,000 people or more (a hamlet of 1,700 may follow a capital's alias).
    @Test func anotherPlacesAliasComesBelowRealNamesakes() {
        for query in ["Rome", "Victoria", "Dili", "Islamabad"] {
            let rows = index.suggestions(for: query)
            let lastOwn = rows.lastIndex { $0.match == .name && $0.alias == nil && $0.place.name == query && $0.place.population >= 10_000 } ?? -1
            let firstAlias = rows.firstIndex { $0.match == .alternateName } ?? rows.count
            #expect(lastOwn < firstAlias, "\(query): \(rows.map { "\($0.place.name) (\($0.alias ?? ""))" })")
        }
    }

    @Test func districtsDoNotFillTheList() {
        let rows = index.suggestions(for: "Paris").map(\.place)
        #expect(!rows.contains { $0.name.hasPrefix("Paris ") && $0.countryCode == "FR" }, "\(rows.map(\.name))")
        #expect(rows.contains { $0.name == "Paris" && $0.region == "Texas" })
        #expect(Set(rows.map(\.countryCode)).count >= 3)
        // They still come when asked for.
        #expect(index.suggestions(for: "Paris 16").contains { $0.place.name.hasPrefix("Paris 16") })
    }

    /// By size, but a town the world has more names for goes before one up to a fifth bigger.
    @Test func namesakesGoBySize() {
        let rows = index.suggestions(for: "Springfield").filter { $0.match == .name && $0.place.name == "Springfield" && $0.place.kind == .city }
        let people = rows.map(\.place.population)
        #expect(people.count >= 3 && zip(people, people.dropFirst()).allSatisfy { Double($1) <= Double($0) * 1.2 }, "\(people)")
        #expect(people.first == people.max())
    }

    /// Two namesakes of about the same size: the one with more names (GeoNames' alternate names)
    /// first. El Perelló of Catalonia (2,895 people, four names) before that of Valencia (2,903,
    /// one name); a town a fifth bigger stays first whatever its names.
    @Test func aBetterKnownNamesakeOfAboutTheSameSizeComesFirst() throws {
        let first = try #require(index.suggestions(for: "El Perelló, Spain").first?.place)
        #expect(abs(first.coordinate.latitude - 40.874) < 0.01, "\(first.name), \(first.region): \(first.coordinate)")
        #expect(PlaceIndexBuilder.townScore(population: 2_895, names: 4) > PlaceIndexBuilder.townScore(population: 2_903, names: 1))
        #expect(PlaceIndexBuilder.townScore(population: 1_000, names: 500) < PlaceIndexBuilder.townScore(population: 1_201, names: 0))
        #expect(PlaceIndexBuilder.townScore(population: 0, names: 0) == PlaceIndexBuilder.uncountedTownScore)
    }

    // MARK: - Kinds

    @Test(.enabled(if: PlacesTestData.has(.airports), "airports not installed: run scripts/data/places"))
    func airportsByCodeAndName() throws {
        let jfk = try #require(first("JFK"))
        #expect(jfk.kind == .airport && jfk.countryCode == "US" && jfk.name.contains("Kennedy"), "\(jfk.name)")
        let heathrow = index.suggestions(for: "Heathrow").prefix(3).map(\.place)
        #expect(heathrow.contains { $0.kind == .airport && $0.countryCode == "GB" }, "\(heathrow.map(\.name))")
        #expect(first("EGLL")?.kind == .airport)
        #expect(PlaceRow.line(jfk).hasSuffix("\tairport"))
    }

    @Test(.enabled(if: PlacesTestData.has(.postcodes), "ZIP codes not installed: run scripts/data/places"))
    func zipCodesAreTheirTowns() throws {
        let zip = try #require(first("77335"))
        #expect(zip.kind == .postcode)
        #expect(zip.locality == "Goodrich" && zip.region == "Texas", "\(zip.whereabouts)")
        #expect(PlaceRow.line(zip).hasPrefix("77335 Goodrich\tTexas\tUnited States\tUS\t"))
        // A ZIP never outranks a town named by the same digits-free query.
        #expect(first("Goodrich")?.kind == .city)
    }

    // MARK: - Against outside lists

    /// Every country's capital as GeoNames' country list names it, typed in English: the first
    /// row must be that capital (or its country, whose point is the capital).
    @Test func capitalsComeFirstByTheirEnglishName() throws {
        let records = try GeoNamesRecords.read(from: PlacesTestData.geoNames!)
        var asked = 0, misses: [String] = []
        // Each country's cities, grouped once (filtering all the cities per country took 12 s).
        let citiesOf = Dictionary(grouping: records.cities, by: \.countrycode)
        for country in records.countries where !country.capital.isEmpty {
            let capital = (citiesOf[country.iso] ?? []).filter { $0.name == country.capital || $0.alternatenames.contains(country.capital) }
                .max { $0.population < $1.population }
            guard let capital else { continue }
            asked += 1
            let top = first(country.capital)
            let point = GeoCoordinate(latitude: capital.latitude, longitude: capital.longitude)
            if top?.countryCode != country.iso || top.map({ $0.coordinate.distance(to: point) > 30 }) ?? true {
                misses.append("\(country.capital) (\(country.iso)) → \(top.map { "\($0.name), \($0.countryCode)" } ?? "nothing")")
            }
        }
        let rate = Double(asked - misses.count) / Double(max(1, asked))
        // Some capitals share their name with a bigger place (Kingston, Victoria, Hamilton):
        // those are the misses allowed.
        #expect(asked > 200)
        #expect(rate >= 0.95, "\(asked - misses.count) of \(asked): \(misses)")
    }
}
