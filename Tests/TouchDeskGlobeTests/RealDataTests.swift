import Foundation
import Testing
@testable import TouchDeskGlobe

/// ETOPO5 itself, and the globe built from it once for the whole run in a temporary cache folder.
enum RealData {
    static let available = FileManager.default.fileExists(atPath: ETOPO5.defaultPath())
    static let grid: ElevationGrid? = try? ETOPO5.read()
    static let cacheDirectory = NSTemporaryDirectory() + "touchdesk-globe-tests-\(getpid())"
    /// Built on first use, then loaded back from the cache it wrote (so tests use the mapped file).
    static let globe: (built: GlobeCache.Origin, loaded: GlobeCache.Origin, data: GlobeData)? = {
        guard let first = try? GlobeCache.loadOrBuild(directory: cacheDirectory),
              let second = try? GlobeCache.loadOrBuild(directory: cacheDirectory) else { return nil }
        // The data stays mapped after the file is gone; no 47 MB left in /tmp per run.
        try? FileManager.default.removeItem(atPath: cacheDirectory)
        return (first.origin, second.origin, second.data)
    }()

    static func maxElevation(_ g: ElevationGrid, lat: ClosedRange<Double>, lon: ClosedRange<Double>) -> (min: Int16, max: Int16) {
        let a = g.cell(nearest: GeoPoint(latitude: lat.lowerBound, longitude: lon.lowerBound))
        let b = g.cell(nearest: GeoPoint(latitude: lat.upperBound, longitude: lon.upperBound))
        var lo = Int16.max, hi = Int16.min
        for r in a.row...b.row { for c in a.column...b.column { lo = min(lo, g[r, c]); hi = max(hi, g[r, c]) } }
        return (lo, hi)
    }
}

@Suite("ETOPO5 and the real globe", .enabled(if: RealData.available, "ETOPO5 not installed (ferret-datasets)"))
struct RealDataTests {
    @Test func gridSizeAndExtremes() throws {
        let g = try #require(RealData.grid)
        #expect(g.width == 4320 && g.height == 2161)
        #expect(g.elevations.min() == -10_376)
        #expect(g.elevations.max() == 7_833)
    }

    @Test func knownPlaces() throws {
        let g = try #require(RealData.grid)
        // The Dead Sea's floor is below sea level.
        #expect(RealData.maxElevation(g, lat: 31.2...31.7, lon: 35.4...35.6).min < -300)
        // The Himalaya and Karakoram rise above 7,000 m (ETOPO5's 5′ cells average the peaks
        // away: its highest cell, 7,833 m, is at 36.33° N 75.08° E; near Everest only 6,552 m).
        #expect(RealData.maxElevation(g, lat: 27...37, lon: 74...92).max == 7_833)
        #expect(RealData.maxElevation(g, lat: 28...29, lon: 85...86).max > 7_000)
        // The Mariana trench is deeper than 10,000 m.
        #expect(RealData.maxElevation(g, lat: 10.5...12.5, lon: 141.5...143.5).min < -10_000)
        // The Netherlands are around sea level.
        let nl = g[g.cell(nearest: GeoPoint(latitude: 52.5, longitude: 5.5)).row, g.cell(nearest: GeoPoint(latitude: 52.5, longitude: 5.5)).column]
        #expect(abs(Int(nl)) <= 20)
        #expect(abs(Int(g[g.cell(nearest: GeoPoint(latitude: 52.0, longitude: 4.5)).row, g.cell(nearest: GeoPoint(latitude: 52.0, longitude: 4.5)).column])) <= 20)
    }

    @Test func missingFileNamesThePackage() {
        #expect {
            try ETOPO5.read(path: "/nonexistent/etopo5.cdf")
        } throws: { error in
            "\(error)".contains("ferret-datasets")
        }
    }

    @Test func cacheIsBuiltThenLoaded() throws {
        let globe = try #require(RealData.globe)
        if case .built = globe.built {} else { Issue.record("first run should build, got \(globe.built)") }
        #expect(globe.loaded == .cache)
    }

    @Test func floodingOfRealPlaces() throws {
        let data = try #require(RealData.globe?.data)
        // Dutch land east of the IJsselmeer (46 m in ETOPO5) floods at +70 m.
        let nl = GeoPoint(latitude: 52.3, longitude: 5.7), deadSea = GeoPoint(latitude: 31.5, longitude: 35.5)
        #expect(!data.isUnderWater(nl, level: 0))
        #expect(data.isUnderWater(nl, level: 70))
        // The Dead Sea and the Caspian are below 0 m but not connected: the sea does not reach them
        // at +1 m (with the lakes data they are lakes, water of their own).
        for p in [deadSea, GeoPoint(latitude: 42, longitude: 50.5)] {
            #expect(try #require(data.spillLevel(at: p)) > 1)
        }
        // The Jordan valley beside the Dead Sea (−250 m) stays dry at +1 m.
        #expect(!data.isUnderWater(GeoPoint(latitude: 32.0, longitude: 35.55), level: 1))
        #expect(data.isUnderWater(GeoPoint(latitude: 0, longitude: -140), level: 0))
        #expect(data.isUnderWater(GeoPoint(latitude: 43, longitude: 34), level: 0))
        // Drained: the Mariana trench is dry, at +9,000 m Everest is under water.
        #expect(!data.isUnderWater(GeoPoint(latitude: 11.35, longitude: 142.2), level: -11_000))
        #expect(data.isUnderWater(GeoPoint(latitude: 27.99, longitude: 86.92), level: 9_000))
    }

    @Test func shareOfLandUnderWater() throws {
        let data = try #require(RealData.globe?.data)
        #expect(data.landShareUnderWater(level: 0) == 0)
        let at70 = data.landShareUnderWater(level: 70)
        print("land under water at +70 m: \(at70 * 100) %, at +476 m: \(data.landShareUnderWater(level: 476) * 100) %")
        #expect(at70 > 0.01 && at70 < 0.10)
        #expect(data.landShareUnderWater(level: 476) > at70)
        #expect(data.landShareUnderWater(level: 9_000) == 1)
    }

    /// The view test of the issue, on the engine's pixels: the centre of the picture.
    @Test func centrePixelLandAndSea() throws {
        let data = try #require(RealData.globe?.data)
        let renderer = GlobeRenderer()
        let w = 900, h = 640
        var pixels = [UInt32](repeating: 0, count: w * h)
        /// The centre pixel of the window, (450, 320): its centre is half a pixel right of and
        /// below the place looked at.
        /// Without the flood tint newly flooded land is plain sea blue.
        func centre(_ p: GeoPoint, level: Int, zoom: Double = 1, tint: Bool = false) -> UInt32 {
            pixels.withUnsafeMutableBytes { buf in
                renderer.render(data, view: GlobeView(lookingAt: p, zoom: zoom), level: level,
                                style: GlobeStyle(showsCoastline: false, tintsFloodedLand: tint),
                                into: buf.baseAddress!, width: w, height: h, stride: w * 4)
            }
            return pixels[h / 2 * w + w / 2]
        }
        func isWater(_ c: UInt32) -> Bool {
            let r = Int(c >> 16 & 0xFF), g = Int(c >> 8 & 0xFF), b = Int(c & 0xFF)
            return b > r + 30 && b > g - 10
        }
        let nl = GeoPoint(latitude: 52.3, longitude: 5.7), jordan = GeoPoint(latitude: 32.0, longitude: 35.55)
        #expect(!isWater(centre(nl, level: 0)))
        #expect(isWater(centre(nl, level: 70)))
        #expect(!isWater(centre(jordan, level: 1)))
        #expect(isWater(centre(GeoPoint(latitude: 0, longitude: -140), level: 0)))
        #expect(!isWater(centre(GeoPoint(latitude: 52.3, longitude: 5.7), level: 0, zoom: 8)))
        #expect(isWater(centre(GeoPoint(latitude: 52.3, longitude: 5.7), level: 70, zoom: 8)))
        // The tint (F) changes newly flooded land, and only that.
        #expect(centre(nl, level: 70, tint: true) != centre(nl, level: 70))
        let ocean = GeoPoint(latitude: 0, longitude: -140)
        #expect(centre(ocean, level: 70, tint: true) == centre(ocean, level: 70))
        // Opaque everywhere, including the background.
        #expect(pixels.allSatisfy { $0 >> 24 == 0xFF })
    }
}

@Suite("Globe cache file")
struct CacheFileTests {
    let data = GlobeData.build(from: grid([(3, 1, -3000), (3, 5, 40)]))

    /// (Small files: 12 × 7 cells.)
    func temporaryPath() -> String {
        NSTemporaryDirectory() + "touchdesk-globe-cache-\(getpid())-\(UInt32.random(in: 0...UInt32.max))/" + GlobeCache.fileName
    }

    @Test func writesAndLoadsBack() throws {
        let path = temporaryPath()
        try GlobeCache.write(data, to: path)
        let back = try GlobeCache.load(path: path, width: 12, height: 7, sourceSize: 0)
        #expect(back.isUnderWater(GeoPoint(latitude: 0, longitude: 30), level: 0))
        #expect(back.elevation(at: GeoPoint(latitude: 0, longitude: 150)) == 40)
        // No temp file left behind.
        let dir = (path as NSString).deletingLastPathComponent
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == [GlobeCache.fileName])
    }

    @Test func damagedOrStaleCacheIsRefused() throws {
        let path = temporaryPath()
        try GlobeCache.write(data, to: path)
        // Another source file.
        #expect(throws: GlobeCache.LoadError.self) { try GlobeCache.load(path: path, width: 12, height: 7, sourceSize: 123) }
        // Another grid.
        #expect(throws: GlobeCache.LoadError.self) { try GlobeCache.load(path: path, width: 12, height: 8, sourceSize: 0) }
        // One flipped byte in the payload.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        bytes[200] ^= 0x40
        try bytes.write(to: URL(fileURLWithPath: path))
        #expect { try GlobeCache.load(path: path, width: 12, height: 7, sourceSize: 0) } throws: { "\($0)".contains("checksum") }
        // Truncated.
        try bytes.prefix(100).write(to: URL(fileURLWithPath: path))
        #expect { try GlobeCache.load(path: path, width: 12, height: 7, sourceSize: 0) } throws: { "\($0)".contains("size") }
    }

    @Test(.enabled(if: RealData.available, "ETOPO5 not installed (ferret-datasets)"))
    func badRealCacheIsRebuilt() throws {
        let dir = RealData.cacheDirectory + "-bad"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try Data(repeating: 7, count: 1000).write(to: URL(fileURLWithPath: dir + "/" + GlobeCache.fileName))
        let result = try GlobeCache.loadOrBuild(directory: dir)
        #expect(result.origin == .built(reason: "cache has the wrong size", saved: true))
        #expect(try GlobeCache.loadOrBuild(directory: dir).origin == .cache)
        try? FileManager.default.removeItem(atPath: dir)
    }
}

@Suite("Globe loader")
struct LoaderTests {
    @Test func missingSourceFailsWithThePackageName() async throws {
        let dir = NSTemporaryDirectory() + "touchdesk-globe-loader-\(getpid())"
        let loader = GlobeLoader(source: "/nonexistent/etopo5.cdf", directory: dir)
        var state = loader.state
        for _ in 0..<500 {
            if case .loading = state { try await Task.sleep(for: .milliseconds(10)); state = loader.state } else { break }
        }
        guard case .failed(let message) = state else { Issue.record("expected failure, got \(state)"); return }
        #expect(message.contains("ferret-datasets"))
        #expect(loader.data == nil)
    }
}
