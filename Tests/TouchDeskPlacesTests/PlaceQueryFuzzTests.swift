import Foundation
import Testing
import TouchDeskTestSupport
@testable import TouchDeskPlaces

/// Random search queries against a small index built here (no data needed), and damaged copies of
/// its cache file: suggestions stay few, distinct and well formed; a damaged cache is refused or
/// gives an index that answers without going out of bounds.
@Suite("Fuzz: place search and the place index cache")
struct PlaceQueryFuzzTests {
    static let names = ["Zürich", "Zug", "Genève", "São Paulo", "San José", "San Jose", "New York City", "York", "Yorkton",
                        "München", "Münchenstein", "Москва", "東京", "Kraków", "Łódź", "İstanbul", "Reykjavík", "Ōsaka",
                        "L'Aquila", "Saint-Étienne", "Aix-en-Provence", "Dún Laoghaire", "Cần Thơ", "القاهرة", "Tel Aviv-Yafo"]

    /// A small index of real-looking names with alternates, and a few hundred random ones.
    static func index(_ f: inout Fuzz) -> PlaceIndex {
        var cities: [GeoNamesRecords.City] = []
        for (i, name) in names.enumerated() {
            cities.append(.init(name: name, latitude: Double(i) - 12, longitude: Double(i * 7 % 360) - 180, countrycode: ["CH", "US", "BR", "JP", "RU"][i % 5],
                                population: 5000 + i * 10_000, timezone: "Europe/Zurich", admin1code: "\(i % 3)",
                                alternatenames: [name.uppercased(), String(name.reversed())]))
        }
        for i in 0..<300 {
            let name = String(f.string(maxPieces: 3).prefix(30))
            cities.append(.init(name: name.isEmpty ? "X\(i)" : name, latitude: Double.random(in: -90...90, using: &f),
                                longitude: Double.random(in: -180...180, using: &f), countrycode: "FR", population: f.int(0...5_000_000),
                                timezone: "Europe/Paris", admin1code: "", alternatenames: f.chance(0.3) ? [f.string(maxPieces: 2)] : []))
        }
        let countries: [GeoNamesRecords.Country] = [.init(name: "Switzerland", iso: "CH", capital: "Bern", population: 8_000_000),
                                                   .init(name: "United States", iso: "US", capital: "Washington", population: 330_000_000),
                                                   .init(name: "Brazil", iso: "BR", capital: "Brasília", population: 200_000_000),
                                                   .init(name: "Japan", iso: "JP", capital: "Tokyo", population: 125_000_000),
                                                   .init(name: "Russia", iso: "RU", capital: "Moscow", population: 140_000_000),
                                                   .init(name: "France", iso: "FR", capital: "Paris", population: 67_000_000)]
        var records = PlaceRecords(geoNames: GeoNamesRecords(cities: cities, countries: countries, states: [.init(code: "CA", name: "California")]))
        records.regionNames = ["CH.0": "Zürich", "CH.1": "Genève", "BR.2": "São Paulo", "JP.0": "東京都", "RU.1": "Москва"]
        records.airports = [.init(icao: "LSZH", iata: "ZRH", name: "Zürich Airport", city: "Zürich", subdivision: "", countryCode: "CH",
                                  latitude: -12.1, longitude: -180, timezone: "Europe/Zurich")]
        records.postcodes = [.init(zip_code: "77335", active: true, city: "Goodrich", state: "CA", timezone: "America/Chicago", lat: "30.6", long: "-94.9")]
        return PlaceIndexBuilder.build(from: records)
    }

    static func checkSuggestions(_ index: PlaceIndex, _ query: String, seed: UInt64) -> [PlaceSuggestion] {
        let found = index.suggestions(for: query)
        #expect(found.count <= PlaceIndex.suggestionLimit, "seed \(seed): \(found.count) suggestions for \(query.debugDescription)")
        #expect(Set(found.map(\.place.id)).count == found.count, "seed \(seed): a place listed twice for \(query.debugDescription)")
        for s in found {
            let label = s.alias ?? s.place.name
            for r in [s.nameMatch, s.aliasMatch].compactMap({ $0 }) {
                #expect(r.lowerBound >= label.startIndex && r.upperBound <= label.endIndex, "seed \(seed): highlight outside \(label)")
            }
        }
        #expect(index.suggestions(for: query).map(\.place.id) == found.map(\.place.id), "seed \(seed): the same query answers differently")
        return found
    }

    @Test func queriesOfAnyKindGiveFewDistinctWellFormedSuggestions() {
        var f = Fuzz("place-query")
        let index = Self.index(&f)
        for name in Self.names {
            let found = Self.checkSuggestions(index, name, seed: f.seed)
            #expect(found.contains { $0.place.name == name } || found.count == PlaceIndex.suggestionLimit, "seed \(f.seed): \(name) not found: \(found.map(\.place.name))")
        }
        for _ in 0..<Fuzz.rounds(500) {
            let query = f.chance(0.5) ? f.mutate(f.pick(Self.names), edits: 2) : f.string(maxPieces: 6)
            _ = Self.checkSuggestions(index, query, seed: f.seed)
        }
        // Long pastes and empty-looking queries.
        #expect(index.suggestions(for: "").isEmpty && index.suggestions(for: " ,.;-").isEmpty)
        _ = Self.checkSuggestions(index, String(repeating: "Zürich ", count: 2000), seed: f.seed)
    }

    /// Queries built from the grammar's pieces (names, qualifiers, commas, codes) with hostile
    /// text mixed in: control characters, right-to-left and mixed scripts, only punctuation.
    @Test func qualifiedQueriesOfAnyShapeAnswerSoundly() {
        var f = Fuzz("place-grammar")
        let index = Self.index(&f)
        let qualifiers = ["Zürich", "Genève", "CH", "che", "Switzerland", "US", "California", "CA", "Москва", "東京都", "FR", "X"]
        let hostile = ["\u{0}", "\u{7}", "\t", "\n", "\r", "\u{1B}[31m", "\u{202E}", "\u{200F}", "\u{FEFF}", "القاهرة", "שלום",
                       "𝒵ü𝓇𝒾𝒸𝒽", "\u{FFFD}", ",", "،", "，", "、", "   "]
        for _ in 0..<Fuzz.rounds(400) {
            var pieces: [String] = []
            for _ in 0..<f.int(1...5) {
                switch f.int(0...3) {
                case 0: pieces.append(f.pick(Self.names))
                case 1: pieces.append(f.pick(qualifiers))
                case 2: pieces.append(f.pick(hostile))
                default: pieces.append(f.string(maxPieces: 2))
                }
            }
            let query = pieces.joined(separator: f.pick([", ", ",", " ", ",,", " , "]))
            let found = Self.checkSuggestions(index, query, seed: f.seed)
            for s in found { #expect(!PlaceRow.line(s.place).contains("\n"), "seed \(f.seed): a row with a line break") }
        }
        // A qualifier narrows: every row of a qualified query is in the scope it names.
        let swiss = index.suggestions(for: "Z, CH")
        #expect(!swiss.isEmpty && swiss.allSatisfy { $0.place.countryCode == "CH" }, "\(swiss.map(\.place.whereabouts))")
        #expect(index.suggestions(for: "77335").first?.place.kind == .postcode)
        #expect(index.suggestions(for: "ZRH").first?.place.kind == .airport)
    }

    /// A million commas, a million letters between two commas, a million right-to-left marks:
    /// an answer (possibly none) in well under a second each, never a hang.
    @Test func hugeQueriesAnswerQuickly() {
        var f = Fuzz("place-huge")
        let index = Self.index(&f)
        for query in [String(repeating: ",", count: 1_000_000), "Zürich" + String(repeating: ",", count: 1_000_000) + "CH",
                      "," + String(repeating: "z", count: 1_000_000) + ",", String(repeating: "\u{200F}", count: 1_000_000),
                      String(repeating: "Zug, ", count: 200_000), String(repeating: "\u{0}", count: 100_000)] {
            let start = ContinuousClock.now
            let found = index.suggestions(for: query)
            let took = ContinuousClock.now - start
            #expect(found.count <= PlaceIndex.suggestionLimit)
            // Against a blow-up (a quadratic scan of a million characters takes hours), not a speed
            // (touchdesk-places-bench measures that): far above what any load makes of it.
            #expect(took < .seconds(60), "\(query.prefix(12).debugDescription)… took \(took)")
        }
        #expect(index.suggestions(for: "Zürich" + String(repeating: ",", count: 1_000_000) + "CH").first?.place.name == "Zürich")
    }

    @Test func damagedCacheFilesAreRefusedOrGiveAnIndexThatAnswers() {
        var f = Fuzz("place-cache")
        let index = Self.index(&f)
        let good = PlaceIndexCache.encode(index, fingerprint: 42)
        guard case .success = good.withUnsafeBytes({ PlaceIndexCache.decode($0, fingerprint: 42) }) else {
            Issue.record("the undamaged cache does not read back")
            return
        }
        var refused = 0
        for _ in 0..<Fuzz.rounds(400) {
            var bytes = good
            // Damage the payload, then give it a matching checksum, as a writer's bug would: only
            // the structural checks stand between it and a lookup out of bounds.
            for _ in 0..<f.int(1...6) {
                let i = f.int(40...(bytes.count - 1))
                bytes[i] = f.chance(0.5) ? UInt8.random(in: 0...255, using: &f) : bytes[i] ^ UInt8(1 << f.int(0...7))
            }
            let sum = bytes[40...].withUnsafeBytes { PlaceIndexCache.checksum($0) }
            withUnsafeBytes(of: sum.littleEndian) { for (k, b) in $0.enumerated() { bytes[32 + k] = b } }
            switch bytes.withUnsafeBytes({ PlaceIndexCache.decode($0, fingerprint: 42) }) {
            case .failure(let why):
                refused += 1
                #expect(!why.description.isEmpty)
            case .success(let damaged):
                for q in ["z", "San", "Москва", "york", "Zurich", "xq"] { _ = Self.checkSuggestions(damaged, q, seed: f.seed) }
                for id in 0..<damaged.count { _ = damaged.place(id) }
            }
            // Without a matching checksum, any damage is refused.
            var scribbled = good
            scribbled[f.int(40...(scribbled.count - 1))] ^= 0x10
            if case .success = scribbled.withUnsafeBytes({ PlaceIndexCache.decode($0, fingerprint: 42) }) {
                Issue.record("seed \(f.seed): a scribbled cache was trusted")
            }
        }
        #expect(refused > 0, "seed \(f.seed)")
    }

    @Test func aFIFOAsTheCacheIsRefusedWithoutWaiting() throws {
        let dir = NSTemporaryDirectory() + "touchdesk-places-fifo-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/" + PlaceIndexCache.fileName
        #expect(mkfifo(path, 0o600) == 0)
        let start = Date()
        guard case .failure(let why) = PlaceIndexCache.read(path: path, fingerprint: 1) else {
            Issue.record("a FIFO was read as a place index")
            return
        }
        #expect(why.description.contains("FIFO"), "\(why)")
        // A hang guard, not a speed: an open that waited for a writer would never return; the
        // bound is far above any load.
        #expect(Date().timeIntervalSince(start) < 60, "opening the FIFO waited")
    }
}
