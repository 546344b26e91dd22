// Every kept seed and past crash input of the libFuzzer targets (Fuzz/Seeds/TARGET), fed once to
// its target's entry point in the ordinary debug test build: a parser that breaks on one of them
// shows in `scripts/test` without the instrumented build of `scripts/fuzz`. The targets' own checks
// end the process with fatalError (as under libFuzzer), which fails the run and names the input.
import Foundation
import Testing

@Suite("Fuzz seeds replayed")
struct SeedReplayTests {
    static let seeds = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Seeds")

    /// Each target's name (its folder under Fuzz/Seeds) and entry point.
    static let targets: [String: (UnsafePointer<UInt8>, Int) -> Int32] = [
        "decimal": fuzzDecimal, "globecache": fuzzGlobeCache, "journey": fuzzJourney, "netcdf": fuzzNetCDF,
        "paths": fuzzPaths, "placecache": fuzzPlaceCache, "pn2": fuzzPn2, "png": fuzzPNG, "size": fuzzSize,
        "state": fuzzState, "text": fuzzText, "url": fuzzURL, "userdirs": fuzzUserDirs,
    ]

    @Test("Every target has its seeds, and every seed folder its target")
    func everyTargetHasSeeds() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.seeds.path).filter { !$0.hasPrefix(".") }
        #expect(Set(folders) == Set(Self.targets.keys))
        let sources = try FileManager.default.contentsOfDirectory(atPath: Self.seeds.deletingLastPathComponent().appendingPathComponent("Targets").path)
        #expect(Set(sources.map { String($0.dropLast(".swift".count)) }) == Set(Self.targets.keys))
    }

    // On the main actor: the state, size and png targets reach the views, which live there.
    @MainActor
    @Test("A fuzz target takes each of its kept seeds and crash inputs", arguments: [
        "decimal", "globecache", "journey", "netcdf", "paths", "placecache", "pn2", "png", "size", "state", "text", "url", "userdirs",
    ])
    func seedsReplay(_ target: String) throws {
        let entry = try #require(Self.targets[target])
        let folder = Self.seeds.appendingPathComponent(target)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted()
        #expect(!files.isEmpty, "no seeds in \(folder.path)")
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(file)))
            print("fuzz seed \(target)/\(file) (\(bytes.count) bytes)")
            // A zero-length input still gets a valid pointer, as libFuzzer gives one.
            let result = (bytes.isEmpty ? [0] : bytes).withUnsafeBufferPointer { entry($0.baseAddress!, bytes.count) }
            #expect(result == 0, "\(target)/\(file) returned \(result)")
        }
    }
}
