import Foundation
import Testing
@testable import TouchDeskPlaces

/// How Map Search reads a query's words (issue 37): kind words that narrow the kind, codes with
/// the word, airports by the town they serve, second-level divisions, names typed without
/// spaces or with invisible characters, codes of digits, and the weight of an exact alias.
@Suite("Places: query reading", .enabled(if: PlacesTestData.geoNames != nil, "GeoNames places not installed: run scripts/data/places"))
struct PlaceQueryReadingTests {
    var index: PlaceIndex { PlacesTestData.index }

    func first(_ query: String) -> Place? { index.suggestions(for: query).first?.place }

    @Test func kindWordsAreReadAtEitherEnd() throws {
        var folder = NameFolder()
        func reading(_ text: String) -> (name: String, kinds: Set<UInt8>)? {
            PlaceIndex.kindReading(folder.fold(text)).map { (String(decoding: $0.name, as: UTF8.self), $0.kinds) }
        }
        #expect(reading("JFK Airport")?.name == "jfk")
        #expect(reading("Aéroport de Nice")?.name == "nice")
        #expect(reading("Flughafen München")?.name == "munchen")
        #expect(reading("Heathrow International Airport")?.name == "heathrow")
        #expect(reading("Lake Baikal")?.kinds == [PlaceKind.lake.rawValue, PlaceKind.sea.rawValue])
        #expect(reading("Etna volcano")?.kinds == [PlaceKind.peak.rawValue])
        // The word alone, or inside a word, is no kind word.
        #expect(reading("Airport") == nil)
        #expect(reading("Lakewood") == nil)
        #expect(reading("Seattle") == nil)
    }

    @Test(arguments: [
        ("JFK Airport", "JFK"), ("jfk airport", "JFK"), ("LHR Airport", "LHR"), ("EGLL Airport", "LHR"), ("BAZ Airport", "BAZ"),
    ])
    func aCodeWithTheWordIsThatAirport(query: String, iata: String) throws {
        let place = try #require(first(query), "\(query)")
        #expect(place.kind == .airport, "\(query): \(place.name)")
        let byCode = try #require(first(iata))
        #expect(place.id == byCode.id, "\(query): \(place.name), not \(byCode.name)")
    }

    @Test(arguments: [
        ("Heathrow Airport", "GB"), ("Flughafen München", "DE"), ("Aéroport de Nice", "FR"), ("Frankfurt Airport", "DE"),
        ("Lusaka Airport", "ZM"), ("Sfax Airport", "TN"),
    ])
    func anAirportByItsNameOrItsTown(query: String, country: String) throws {
        let place = try #require(first(query), "\(query)")
        #expect(place.kind == .airport, "\(query): \(place.name)")
        #expect(place.countryCode == country, "\(query): \(place.name), \(place.whereabouts)")
    }

    @Test func anAirportByTheNamePeopleCallItBeatsASmallTown() throws {
        // London Heathrow by its name without its town, before Heathrow, Florida (6,000 people).
        let heathrow = try #require(first("Heathrow"))
        #expect(heathrow.kind == .airport && heathrow.countryCode == "GB", "\(heathrow.name), \(heathrow.whereabouts)")
        // An airport's own name before another airport that only serves the town it names.
        #expect(first("Istanbul Airport")?.name == "Istanbul Airport")
        // The town itself stays first for its name.
        #expect(first("London")?.kind == .city)
    }

    @Test func aKindWordLeavesAnExactNameAsTyped() throws {
        // A town whose name starts with a kind word is still the town.
        let worth = try #require(first("Lake Worth"))
        #expect(worth.kind == .city && worth.name == "Lake Worth", "\(worth.name), \(worth.whereabouts)")
        #expect(!index.suggestions(for: "Lake Worth").prefix(3).contains { $0.match == .typo })
        let vernon = try #require(first("Mount Vernon"))
        #expect(vernon.kind == .city, "\(vernon.name)")
    }

    @Test func featuresByTheirNamesWithOrWithoutTheKindWord() throws {
        #expect(first("Lake Baikal")?.kind == .lake)
        #expect(first("Baikal lake")?.kind == .lake)
        #expect(first("Aral Sea")?.kind == .lake)
        #expect(first("Etna volcano")?.kind == .peak)
        #expect(first("Mount Etna")?.kind == .peak)
    }

    @Test(arguments: [
        ("Maidstone, Kent", "Maidstone", "GB"), ("Cugnaux, Haute-Garonne", "Cugnaux", "FR"),
        ("Vardaman, Calhoun County", "Vardaman", "US"), ("Newark, Essex County", "Newark", "US"),
        ("Oppido Mamertina, Reggio Calabria", "Oppido Mamertina", "IT"),
    ])
    func aSecondLevelDivisionNarrowsTheName(query: String, name: String, country: String) throws {
        let place = try #require(first(query), "\(query)")
        #expect(place.name == name, "\(query): \(place.name)")
        #expect(place.countryCode == country, "\(query): \(place.whereabouts)")
    }

    @Test(arguments: [
        ("saopaulo", "São Paulo"), ("NewYork", "New York City"), ("losangeles", "Los Angeles"), ("buenosaires", "Buenos Aires"),
        ("unitedkingdom", "United Kingdom"), ("Ham\u{00AD}burg", "Hamburg"), ("\u{200F}Berlin", "Berlin"),
    ])
    func namesWithoutSpacesOrWithInvisibleCharacters(query: String, name: String) throws {
        #expect(first(query)?.name == name, "\(query)")
    }

    @Test(arguments: [("Moskau", "Moscow"), ("Bombay", "Mumbai"), ("Quebec City", "Québec"), ("Peking", "Beijing")])
    func aWorldCityByAnotherNameBeatsASmallNamesake(query: String, name: String) throws {
        #expect(first(query)?.name == name, "\(query)")
    }

    @Test func accentsTypedTellNamesakesApart() throws {
        // Bèlé (1,043 people) and Bélé (3,523) in one country: typed with its accents, the one so
        // written; typed without, the bigger. Same for Cagnò (333) and Cagno (2,004) in Italy.
        let bele = try #require(first("Bèlé, Ivory Coast"))
        #expect(bele.name == "Bèlé", "\(bele.name), \(bele.whereabouts)")
        #expect(first("Bele, Ivory Coast")?.name == "Bélé")
        #expect(first("Cagnò")?.name == "Cagnò")
        #expect(first("Cagno, Italy")?.name == "Cagno")
        // A big place typed without its accents is still found first.
        #expect(first("Sao Paulo")?.name == "São Paulo")
    }

    @Test(arguments: [
        ("Congo, República Democrática del", "CD"), ("Virgin Islands, British", "VG"), ("Kongo, Demokratyczna Republika Konga", "CD"),
    ])
    func aNameWithACommaOfItsOwnIsThatName(query: String, country: String) throws {
        guard PlacesTestData.has(.isoNames) else { return }
        let place = try #require(first(query), "\(query)")
        #expect(place.kind == .country && place.countryCode == country, "\(query): \(place.name)")
    }

    @Test func aTownWithItsCountyIsNotAnAirportNamedSo() throws {
        // "Holly Springs-Marshall County Airport" is known as "Holly Springs-Marshall County", a name
        // without a comma: the query is still the town narrowed by its county.
        #expect(first("Holly Springs, Marshall County")?.kind == .city)
    }

    @Test func aTownWhosePeopleAreNotCountedBeatsTheStartOfABiggerName() throws {
        // GeoNames counts no people in Huando, Peru (a district's seat): it is still Huando before
        // Huandoval (709 people), and Khánh Vĩnh before Khánh Vĩnh Yên (10,244).
        let huando = try #require(first("Huando, Peru"))
        #expect(huando.name == "Huando", "\(huando.name)")
        #expect(huando.population == 0)
        #expect(first("Khánh Vĩnh, Vietnam")?.name == "Khánh Vĩnh")
    }

    @Test func countryAndRegionNamesInTheUsersLanguage() throws {
        #expect(LocalNames.languages(["LANG": "de_DE.UTF-8"]) == ["de_DE", "de"])
        #expect(LocalNames.languages(["LANGUAGE": "fr:de", "LANG": "de_DE.UTF-8"]) == ["fr", "de"])
        #expect(LocalNames.languages(["LANG": "C.UTF-8"]).isEmpty)
        let english = LocalNames(languages: [])
        #expect(english.country(code: "CH", english: "Switzerland") == "Switzerland")
        guard FileManager.default.isReadableFile(atPath: "/usr/share/locale/de/LC_MESSAGES/iso_3166-1.mo") else { return }
        let german = LocalNames(languages: ["de_DE", "de"])
        #expect(german.country(code: "CH", english: "Switzerland") == "Schweiz")
        // By the code's ISO names: GeoNames' "Russia" is ISO's "Russian Federation".
        #expect(german.country(code: "RU", english: "Russia") == "Russische Föderation")
        #expect(german.region("Scotland") == "Schottland")
        #expect(german.region("Zurich") == "Zürich")
        #expect(german.region("Nowhere Land") == "Nowhere Land")
        let zurich = try #require(index.suggestions(for: "Zürich").first?.place)
        #expect(zurich.localWhereabouts(german).hasSuffix("Schweiz"), "\(zurich.localWhereabouts(german))")
        #expect(zurich.localWhereabouts(english) == zurich.whereabouts)
        let country = try #require(index.suggestions(for: "Switzerland").first?.place)
        #expect(country.localName(german) == "Schweiz")
    }

    @Test func regionsInGermanByTheirISONames() throws {
        guard PlacesTestData.has(.isoNames), PlacesTestData.has(.regionNames),
              FileManager.default.isReadableFile(atPath: "/usr/share/locale/de/LC_MESSAGES/iso_3166-2.mo") else { return }
        let german = LocalNames(languages: ["de"]), english = LocalNames(languages: [])
        // GeoNames knows Bavaria and Tuscany by English names that are not ISO's ("Bayern", "Toscana").
        let munich = try #require(first("München"))
        #expect(munich.subdivisionName == "Bayern", "\(munich.region ?? "-")")
        #expect(munich.localWhereabouts(german) == "Bayern, Deutschland", "\(munich.localWhereabouts(german))")
        #expect(munich.localWhereabouts(english) == munich.whereabouts)
        let florence = try #require(first("Florence, Italy"))
        #expect(florence.localRegionName(german) == "Toskana", "\(florence.localWhereabouts(german))")
        // An ISO name the catalogue keeps as it is counts only in a country of that language:
        // Latvia's "…novads" are no German names, so GeoNames' English name stays.
        let latvian = try #require(index.suggestions(for: "Ludza").first { $0.place.countryCode == "LV" }?.place)
        #expect(latvian.countryLanguage == "lv")
        #expect(latvian.localRegionName(german) == latvian.region, "\(latvian.localWhereabouts(german))")
        let bavaria = try #require(index.suggestions(for: "Bavaria").first { $0.place.kind == .region }?.place)
        #expect(bavaria.localName(german) == "Bayern" && bavaria.localName(english) == "Bavaria")
        #expect(PlaceText.status(bavaria).hasPrefix(bavaria.localName()))
        // Most regions have their ISO name: the rest keep GeoNames' English name.
        let regions = (index.firstRegion..<index.count).filter { index.kinds[$0] == PlaceKind.region.rawValue }.map(index.place)
        let named = regions.filter { $0.subdivisionName != nil }
        #expect(Double(named.count) > 0.8 * Double(regions.count), "\(named.count) of \(regions.count)")
    }

    @Test func aCodeOfDigitsIsThatCodeOrNone() throws {
        guard PlacesTestData.has(.postcodes) else { return }
        #expect(first("77335")?.kind == .postcode)
        // An unassigned ZIP gives no other ZIP a digit away.
        #expect(!index.suggestions(for: "00000").contains { $0.place.kind == .postcode })
        #expect(!index.suggestions(for: "99999").contains { $0.place.kind == .postcode })
        // A country hint: France has no codes here, so nothing; the US has this one.
        #expect(index.suggestions(for: "75001 France").isEmpty)
        #expect(index.suggestions(for: "75001, France").isEmpty)
        #expect(first("75001 USA")?.name == "75001")
        #expect(first("77335, Texas")?.name == "77335")
        // A town that is no qualifier: the town.
        #expect(first("10115 Berlin")?.name == "Berlin")
    }

    @Test func anUnknownPostcodeSaysWhatWasRead() throws {
        guard PlacesTestData.has(.postcodes) else { return }
        // A country whose codes the index lacks: that country, and the countries it has codes of.
        let france = try #require(index.unknownPostcode(in: "75001 France"))
        #expect(france.code == "75001" && france.country?.countryCode == "FR")
        #expect(france.countriesWithCodes.map(\.countryCode) == ["US"])
        #expect(france.explanation.contains("75001") && france.explanation.contains("France"), "\(france.explanation)")
        #expect(index.unknownPostcode(in: "75001, Frankreich")?.country?.countryCode == "FR")
        // A region stands for its country; no country named: none.
        #expect(index.unknownPostcode(in: "00001, Texas")?.country?.countryCode == "US")
        let alone = try #require(index.unknownPostcode(in: "99999"))
        #expect(alone.country == nil && alone.code == "99999")
        #expect(alone.explanation.contains("United States"), "\(alone.explanation)")
        // Not an unknown postcode: a known one, a code with a town, a name, a code being typed in a name.
        #expect(index.unknownPostcode(in: "77335") == nil)
        #expect(index.unknownPostcode(in: "75001 USA") == nil)
        #expect(index.unknownPostcode(in: "10115 Berlin") == nil)
        #expect(index.unknownPostcode(in: "Paris") == nil)
        #expect(index.unknownPostcode(in: "12") == nil)
    }
}
