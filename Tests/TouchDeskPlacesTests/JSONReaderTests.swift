import Foundation
import Testing
@testable import TouchDeskPlaces
import TouchDeskTestSupport

/// The reader the first run's build reads GeoNames' cities and the ZIP codes with gives exactly
/// what Foundation's JSONDecoder gave (the index built from them must not change), and refuses
/// what is not JSON, saying where.
@Suite("Places: reading the big JSON files value by value")
struct JSONReaderTests {
    typealias City = GeoNamesRecords.City
    typealias Postcode = PostcodeRecords.Postcode

    /// The same cities to the bit (-0.0 and 0.0 compare equal).
    static func identical(_ a: [City], _ b: [City]) -> Bool {
        a == b && zip(a, b).allSatisfy { $0.latitude.bitPattern == $1.latitude.bitPattern && $0.longitude.bitPattern == $1.longitude.bitPattern }
    }

    /// The cities JSONDecoder gives, in the order of their ids.
    static func decoded(_ json: Data) throws -> [City] {
        try JSONDecoder().decode([String: City].self, from: json).sorted { $0.key < $1.key }.map(\.value)
    }

    /// The codes `PostcodeRecords.parse` keeps, decoded by JSONDecoder.
    static func decodedPostcodes(_ json: Data) throws -> [Postcode] {
        try JSONDecoder().decode([Postcode].self, from: json)
            .filter { $0.active && Double($0.lat) != nil && Double($0.long) != nil && $0.zip_code.count == 5 }
    }

    /// Names with what JSON must escape, \u escapes (a surrogate pair among them), accents,
    /// scripts and an emoji written as UTF-8, and numbers in every form JSON allows.
    static func citiesJSON(count: Int, seed: UInt64) -> String {
        var rng = SplitMix64(seed: seed)
        let pieces = ["Zürich", "東京", "Mosk\\u0432a", "Qu\\\"oted\\\"", "back\\\\slash", "tab\\tnew\\nline", "\\ud83d\\ude00 smile",
                      "😀 raw", "S\\u00e3o Paulo", "slash\\/ed", "", "a very long alternate name that needs the heap", "Ελλάδα", "ʻAʻā"]
        let numbers = ["0", "-0.5", "42.53176", "1.56654", "-179.999999", "1e2", "1.5E-3", "-12.75e+1", "90", "0.000001"]
        var members: [String] = []
        for k in 0..<count {
            func pick() -> String { pieces[Int(rng.next() % UInt64(pieces.count))] }
            let alternates = (0..<Int(rng.next() % 5)).map { _ in "\"\(pick())\"" }.joined(separator: ", ")
            let extra = rng.next() % 2 == 0 ? #""geonameid": \#(k), "# : #""feature": {"a": [1, true, null, "x"]}, "#
            members.append("""
                "\(1000 + (k * 7919) % 100_000)": {\(extra)"name": "\(pick())\(k)", "latitude": \(numbers[k % numbers.count]), \
                "longitude": \(numbers[(k / 3) % numbers.count]), "countrycode": "C\(k % 7)", "population": \(k * 13 - 5), \
                "timezone": "Europe/Zurich", "admin1code": "\(k % 30)", "alternatenames": [\(alternates)]}
                """)
        }
        return "{\n" + members.joined(separator: ",\n ") + "\n}"
    }

    @Test func citiesComeOutAsJSONDecoderGaveThem() throws {
        for seed in 1...4 as ClosedRange<UInt64> {
            let json = Self.citiesJSON(count: 300, seed: seed)
            let expected = try Self.decoded(Data(json.utf8))
            let read = try Array(json.utf8).withUnsafeBytes { try City.read($0) }
            #expect(read.count == 300 && Self.identical(read, expected), "seed \(seed)")
        }
    }

    /// The installed files themselves: the records the index is built from are the ones
    /// JSONDecoder made, to the bit, so the index (and every search's answer) is unchanged.
    @Test(.enabled(if: PlacesTestData.geoNames != nil, "GeoNames places not installed: run scripts/data/places"))
    func theInstalledFilesComeOutAsJSONDecoderGaveThem() throws {
        let source = try #require(PlacesTestData.geoNames)
        let cities = try Data(contentsOf: URL(fileURLWithPath: source.folder + "/" + GeoNamesRecords.citiesFile))
        let expected = try Self.decoded(cities)
        let read = try cities.withUnsafeBytes { try City.read($0) }
        #expect(read.count == expected.count && read.count > 100_000, "\(read.count) cities read, \(expected.count) decoded")
        let differing = zip(read, expected).filter { !Self.identical([$0], [$1]) }
        #expect(differing.isEmpty, "\(differing.count) of \(read.count) cities differ, the first \(differing.first.map { $0.0.name } ?? "")")
        if let path = source.extras[.postcodes], FileManager.default.isReadableFile(atPath: path) {
            let zips = try Data(contentsOf: URL(fileURLWithPath: path))
            let want = try Self.decodedPostcodes(zips)
            let got = try #require(PostcodeRecords.parse(zips)).postcodes
            #expect(got.count == want.count && got.count > 30_000, "\(got.count) codes read, \(want.count) decoded")
            #expect(got == want)
        }
    }

    @Test func postcodesComeOutAsJSONDecoderGaveThem() throws {
        let json = """
            [{"zip_code": "00501", "zip_code_type": "UNIQUE", "active": true, "city": "Holtsville", "acceptable_cities": [],
              "unacceptable_cities": ["Internal Revenue Service"], "state": "NY", "county": "Suffolk County",
              "timezone": "America/New_York", "area_codes": ["631"], "lat": "40.8179", "long": "-73.0453"},
             {"zip_code": "99950", "active": false, "city": "Ketchikan", "state": "AK", "timezone": "America/Sitka", "lat": "55.5", "long": "-131.7"},
             {"zip_code": "10001", "active": true, "city": "New York", "state": "NY", "timezone": "", "lat": "", "long": "-73.9"}]
            """
        let expected = try Self.decodedPostcodes(Data(json.utf8))
        let got = try #require(PostcodeRecords.parse(Data(json.utf8))).postcodes
        #expect(got == expected)
        #expect(got.map(\.zip_code) == ["00501"])
        #expect(PostcodeRecords.parse(Data(#"[{"zip_code": "00501"}]"#.utf8)) == nil, "a code without its members")
        #expect(PostcodeRecords.parse(Data("[1, 2]".utf8)) == nil)
    }

    /// Reads `text` as the cities file; the error's words, or nil when it was read.
    static func failure(_ text: String) -> String? {
        do {
            _ = try Array(text.utf8).withUnsafeBytes { try City.read($0) }
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func whatIsNotJSONIsRefusedSayingWhere() {
        let city = #""name": "A", "latitude": 1, "longitude": 2, "countrycode": "CH", "population": 3, "timezone": "Z", "admin1code": "1", "alternatenames": []"#
        #expect(Self.failure("{\"1\": {\(city)}}") == nil)
        #expect(Self.failure("{}") == nil)
        let bad: [(String, String)] = [
            ("{\"1\": {\(city)},}", "member's name"),                           // a trailing comma
            ("{\"1\": {\(city), \"alternatenames\": [\"a\",]}}", "expected a string"),
            ("{\"1\": {\(city)}} x", "after the end"),
            ("{\"1\": {\(city)}, \"1\": {\(city)}}", "given twice"),
            ("{\"1\": {\"name\": \"A\"}}", "has no latitude"),
            ("{\"1\": {\(city), \"population\": 3.5}}", "whole number"),
            ("{\"1\": {\(city), \"latitude\": 1e400}}", "out of range"),
            ("{\"1\": {\(city), \"latitude\": 01}}", "expected"),
            ("{\"1\": {\(city), \"latitude\": .5}}", "expected a number"),
            ("{\"1\": {\(city), \"name\": \"a\\ud800b\"}}", "lone surrogate"),
            ("{\"1\": {\(city), \"name\": \"a\\udc00\"}}", "lone surrogate"),
            ("{\"1\": {\(city), \"name\": \"a\\x\"}}", "unknown escape"),
            ("{\"1\": {\(city), \"name\": \"a\\u12g4\"}}", "bad \\u escape"),
            ("{\"1\": {\(city), \"name\": \"a\u{1}b\"}}", "control character"),
            ("{\"1\": {\(city), \"name\": \"open", "unterminated"),
            ("[]", "an object"),
        ]
        for (text, words) in bad {
            let message = Self.failure(text)
            #expect(message?.contains(words) == true, "\(text.suffix(40)): \(message ?? "read")")
            #expect(message?.contains("at byte") == true || words == "given twice" || words.hasPrefix("has no"), "\(message ?? "read")")
        }
        // Invalid UTF-8 inside a string.
        var bytes = Array("{\"1\": {\(city), \"name\": \"ab\"}}".utf8)
        bytes[bytes.count - 5] = 0xFF
        #expect(((try? bytes.withUnsafeBytes { try City.read($0) }) == nil))
    }

    @Test func everyCutOfAFileIsRefusedNeverTrapped() {
        let json = Self.citiesJSON(count: 12, seed: 9)
        let bytes = Array(json.utf8)
        // Cut after each byte but the last closing brace and white space: each prefix is an error.
        let end = bytes.lastIndex(of: UInt8(ascii: "}"))!
        for n in 0..<end {
            let read = try? Array(bytes[..<n]).withUnsafeBytes { try City.read($0) }
            #expect(read == nil, "a file cut after \(n) bytes was read")
        }
    }
}
