import Foundation
import TouchDeskGlobe

/// Runs the globe benchmark until `touchdesk-bench globe` calls `GlobeBench.run()` itself.
/// `--ppm PATH` also writes one 900×640 frame at +70 m over Europe, to look at.
let args = CommandLine.arguments
if let i = args.firstIndex(of: "--probe"), i + 2 < args.count, let lat = Double(args[i + 1]), let lon = Double(args[i + 2]) {
    let (data, origin) = try GlobeCache.loadOrBuild()
    let p = GeoPoint(latitude: lat, longitude: lon)
    print(origin, p, "elevation", data.elevation(at: p))
    for level in [0, 1, 70, 476] { print(" level", level, "height above water", data.heightAboveWater(at: p, level: level)) }
    exit(0)
}
if let i = args.firstIndex(of: "--render"), i + 1 < args.count, let n = Int(args[i + 1]) {
    // For profiling: n frames at 1920×1080, zoom 12, turning.
    let (data, _) = try GlobeCache.loadOrBuild()
    let w = 1920, h = 1080
    var pixels = [UInt32](repeating: 0, count: w * h)
    var view = GlobeView(lookingAt: GeoPoint(latitude: 46, longitude: 8), zoom: 12)
    let renderer = GlobeRenderer()
    for _ in 0..<n {
        view.drag(from: (960, 540), to: (967, 542), width: w, height: h)
        pixels.withUnsafeMutableBytes { renderer.render(data, view: view, level: 0, into: $0.baseAddress!, width: w, height: h, stride: w * 4) }
    }
    exit(0)
}
if let i = args.firstIndex(of: "--ppm"), i + 1 < args.count {
    let (data, _) = try GlobeCache.loadOrBuild()
    let w = 900, h = 640
    var pixels = [UInt32](repeating: 0, count: w * h)
    let level = args.firstIndex(of: "--level").flatMap { Int(args[$0 + 1]) } ?? 70
    let zoom = args.firstIndex(of: "--zoom").flatMap { Double(args[$0 + 1]) } ?? 1.6
    let lat = args.firstIndex(of: "--lat").flatMap { Double(args[$0 + 1]) } ?? 48
    let lon = args.firstIndex(of: "--lon").flatMap { Double(args[$0 + 1]) } ?? 12
    pixels.withUnsafeMutableBytes {
        GlobeRenderer().render(data, view: GlobeView(lookingAt: GeoPoint(latitude: lat, longitude: lon), zoom: zoom), level: level,
                               into: $0.baseAddress!, width: w, height: h, stride: w * 4)
    }
    var out = Data("P6\n\(w) \(h)\n255\n".utf8)
    for p in pixels { out.append(contentsOf: [UInt8(p >> 16 & 0xFF), UInt8(p >> 8 & 0xFF), UInt8(p & 0xFF)]) }
    try out.write(to: URL(fileURLWithPath: args[i + 1]))
    print("land under water at \(level) m: \(data.landShareUnderWater(level: level) * 100) %")
} else {
    for line in try GlobeBench.run() { print(line) }
}
