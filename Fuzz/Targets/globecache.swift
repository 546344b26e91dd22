// Fuzz target: the relief cache ($XDG_CACHE_HOME/touchdesk/relief-globe.bin, GlobeCache.load).
// Its checksum stops a damaged file at the door, so this target writes a sound header (magic,
// version, grid, payload size, checksum) over whatever cells the input holds, on a small grid
// (2…17 × 2…9 cells from the first two bytes), and then asks the loaded globe what the app asks:
// heights, spill and flood levels, lakes, land shares, and a small rendered picture. A cache that
// passes its checks but holds any cells must answer without a trap.
import Foundation
@testable import TouchDeskGlobe

private let path = NSTemporaryDirectory() + "touchdesk-fuzz-globe-\(getpid()).bin"
nonisolated(unsafe) private let renderer = GlobeRenderer()

#if !TOUCHDESK_SEED_REPLAY  // the seeds replayed as a test link every target into one binary
@_cdecl("LLVMFuzzerTestOneInput")
#endif
public func fuzzGlobeCache(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size >= 2 else { return 0 }
    let width = 2 + Int(data[0] % 16), height = 2 + Int(data[1] % 8)
    let layout = GlobeCache.Layout(width: width, height: height)
    // The cells (and tables) from the input, repeated to fill the file.
    var file = [UInt8](repeating: 0, count: layout.fileSize)
    if size > 2 {
        file.withUnsafeMutableBytes { raw in
            var at = GlobeCache.headerSize
            while at < raw.count {
                let n = min(size - 2, raw.count - at)
                (raw.baseAddress! + at).copyMemory(from: data + 2, byteCount: n)
                at += n
            }
        }
    }
    file.withUnsafeMutableBytes { raw in
        GlobeCache.writeHeader(into: raw.baseAddress!, layout: layout, sourceSize: 0, sources: ReliefSources(rawValue: UInt32(size % 8)),
                               landKm2: Double(size))
    }
    guard FileManager.default.createFile(atPath: path, contents: Data(file)) else { fatalError("cannot write \(path)") }
    let globe: GlobeData
    do { globe = try GlobeCache.load(path: path, width: width, height: height, sourceSize: nil) } catch {
        fatalError("a cache with a sound header was refused: \(error)")
    }
    for (lat, lon) in [(0.0, 0.0), (90, 180), (-90, -180), (45.5, -179.99), (-89.9, 359.5), (12.3, 45.6)] {
        let p = GeoPoint(latitude: lat, longitude: lon)
        _ = globe.elevation(at: p)
        _ = globe.heightAboveWater(at: p, level: Int(data[0]) * 40 - 5000)
        _ = globe.spillLevel(at: p)
        _ = globe.isLake(at: p)
        _ = globe.floodLevel(at: p)
    }
    for level in [SeaLevel.lowest, -120, 0, 1, 10, 100, SeaLevel.highest] {
        _ = globe.landShareUnderWater(level: level)
        _ = globe.landShareGained(level: level)
    }
    for row in 0..<height { for column in 0..<width {
        _ = globe.elevation(row: row, column: column)
        _ = globe.spillLevel(row: row, column: column)
    } }
    _ = globe.missingData
    let w = 24, h = 16
    var pixels = [UInt8](repeating: 0, count: w * h * 4)
    pixels.withUnsafeMutableBytes { raw in
        var style = GlobeStyle()
        style.exaggeration = data[1] & 1 == 0 ? 1 : 20
        renderer.render(globe, view: GlobeView(lookingAt: GeoPoint(latitude: 20, longitude: Double(data[0])), zoom: 1 + Double(data[1] % 4)),
                        level: Int(data[1]) * 30 - 3000, style: style, into: raw.baseAddress!, width: w, height: h, stride: w * 4)
    }
    return 0
}
