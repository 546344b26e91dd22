import Foundation
import Testing
@testable import TouchDeskGlobe
import TouchDeskPlaces

/// The relief's netCDF reading path fed damaged files (what `scripts/fuzz netcdf` found): a
/// header whose counts run past the end of the file is refused with a message before netCDF-C
/// sees it (netCDF-C reads such a file for ever, or asks for gigabytes); a sound file still reads.
@Suite("Relief: damaged netCDF files")
struct NetCDFHeaderTests {
    static let seedFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz/Seeds/netcdf").path

    /// Writes `bytes` to a file of its own and reads it as a 3 × 4 grid of ROSE, as the fuzz target does.
    func read(_ bytes: [UInt8]) throws -> [Float] {
        let path = NSTemporaryDirectory() + "touchdesk-netcdf-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).nc"
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
        defer { unlink(path) }
        return try NetCDFLibrary.lock.withLock { _ in try ETOPO5.readGrid(path: path, variable: "ROSE", rows: 3, columns: 4) }
    }

    @Test func aSoundFileOfOurOwnReads() throws {
        let seed = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.seedFolder + "/etopo-3x4.nc")))
        #expect(try read(seed) == (0..<12).map { Float($0 * 100 - 500) })
    }

    @Test func aDimensionCountPastTheEndIsRefusedNotReadForEver() throws {
        // The fuzzer's 13 bytes: netCDF-C 4.9 loops in read() on them (stopped after 20 s by hand).
        let hang: [UInt8] = Array("CDF".utf8) + [1, 0x3a, 0, 0, 1, 0, 0, 0, 0x0a, 0x4f]
        let start = Date()
        let error = #expect(throws: (any Error).self) { try read(hang) }
        #expect("\(error.map { "\($0)" } ?? "")".contains("damaged netCDF header"))
        // A hang guard, not a speed: an open that waited for a writer would never return; the
        // bound is far above any load.
        #expect(Date().timeIntervalSince(start) < 60)
    }

    @Test func aNameLengthOfGigabytesIsRefused() throws {
        // The fuzzer's 190-byte file whose variable's name length made netCDF-C ask for 34 GB.
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.seedFolder + "/etopo-3x4.nc")))
        let rose = try #require(bytes.indices.first { Array(bytes[$0..<min($0 + 4, bytes.count)]) == Array("ROSE".utf8) })
        bytes.replaceSubrange(rose - 4 ..< rose, with: [0x7f, 0xff, 0xff, 0xdd])
        let error = #expect(throws: (any Error).self) { try read(bytes) }
        #expect("\(error.map { "\($0)" } ?? "")".contains("damaged netCDF header"))
    }

    @Test func everyCutOfTheHeaderIsRefused() throws {
        let seed = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.seedFolder + "/etopo-3x4.nc")))
        // The header ends where the 12 values (48 bytes) begin.
        for n in 0..<(seed.count - 48) {
            let cut = Array(seed.prefix(n))
            #expect(throws: (any Error).self, "\(n) bytes") { try read(cut) }
        }
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: ETOPO5.defaultPath()), "ETOPO5 is not installed"))
    func theInstalledReliefPassesTheCheck() throws {
        try NetCDFHeader.check(path: ETOPO5.defaultPath())
    }
}
