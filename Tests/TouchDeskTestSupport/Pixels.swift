import TouchDeskDrawing
import Foundation

/// Reading pixels back for tests: from Cairo image surfaces (rendered in-process), from PNG
/// files (saved by the app or taken as screenshots), compared with a tolerance so antialiasing and
/// PNG round trips do not make tests brittle, and searched for what a person looks at (coloured
/// regions, their centres) in end-to-end screenshots.

// MARK: - Colours

/// One pixel as straight (not premultiplied) 8-bit channels.
public struct PixelColor: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var r: Int
    public var g: Int
    public var b: Int
    public var a: Int

    public init(r: Int, g: Int, b: Int, a: Int = 255) { self.r = r; self.g = g; self.b = b; self.a = a }

    /// From 0xRRGGBB, opaque.
    public init(hex: UInt32) {
        self.init(r: Int((hex >> 16) & 0xff), g: Int((hex >> 8) & 0xff), b: Int(hex & 0xff))
    }

    /// From components in 0…1, as Cairo and the views' `Color` use them.
    public init(unit r: Double, _ g: Double, _ b: Double, _ a: Double = 1) {
        func byte(_ v: Double) -> Int { Int((min(max(v, 0), 1) * 255).rounded()) }
        self.init(r: byte(r), g: byte(g), b: byte(b), a: byte(a))
    }

    public static let black = PixelColor(r: 0, g: 0, b: 0)
    public static let white = PixelColor(r: 255, g: 255, b: 255)
    public static let red = PixelColor(r: 255, g: 0, b: 0)
    public static let green = PixelColor(r: 0, g: 255, b: 0)
    public static let blue = PixelColor(r: 0, g: 0, b: 255)
    public static let yellow = PixelColor(r: 255, g: 255, b: 0)
    /// What a read outside the image returns: close to no real colour, so a test that reads off the
    /// edge fails instead of passing by accident.
    public static let outside = PixelColor(r: -1000, g: -1000, b: -1000, a: -1000)

    /// True when every channel (alpha included) is within `tolerance` of `other`'s.
    public func isClose(to other: PixelColor, tolerance: Int = 12) -> Bool {
        abs(r - other.r) <= tolerance && abs(g - other.g) <= tolerance
            && abs(b - other.b) <= tolerance && abs(a - other.a) <= tolerance
    }

    /// The largest channel difference from `other`.
    public func distance(to other: PixelColor) -> Int {
        max(abs(r - other.r), abs(g - other.g), abs(b - other.b), abs(a - other.a))
    }

    public var description: String {
        if self == .outside { return "(outside the image)" }
        return String(format: "#%02x%02x%02x", r, g, b) + (a == 255 ? "" : String(format: "/a%02x", a))
    }
}

// MARK: - Images

/// A copy of an image's pixels, independent of the surface it came from (so callers can destroy
/// the surface straight away).
public struct PixelImage: Sendable {
    /// A rectangle of pixels: x, y, width, height.
    public typealias Region = (x: Int, y: Int, width: Int, height: Int)

    public let width: Int
    public let height: Int
    /// Row by row, straight colour.
    public let pixels: [PixelColor]
    /// Where the PNG is, to look at it when a test fails; empty for an image copied from a surface.
    public var path: String = ""

    /// Copies an image surface (ARGB32, RGB24; anything else reads as `.outside`).
    public init(surface: ImageSurface) {
        let opaque = surface.format == .rgb
        width = surface.pixelWidth
        height = surface.pixelHeight
        pixels = surface.argbPixels().map { Self.decode($0, opaque: opaque) }
    }

    /// Loads a PNG file through Cairo, transparency kept; nil if it cannot be read.
    public init?(pngPath path: String) {
        guard let s = PNG.load(path) else { return nil }
        self.init(surface: s)
        self.path = path
    }

    /// Loads a PNG as a screen shows it: painted over opaque black, so every pixel is opaque
    /// whatever format Cairo chose for the file. For screenshots of the app window and the app's
    /// own `--screenshot` files; throws a message naming the file when it cannot be read.
    public init(screenshot path: String) throws {
        let loaded = try PNG.read(path)
        let rgb = ImageSurface.render(size: loaded.size, format: .rgb) { cr in
            cr.setSourceRGB(0, 0, 0)
            cr.paint()
            cr.setSource(loaded)
            cr.paint()
        }
        self.init(surface: rgb)
        self.path = path
    }

    /// Cairo words are native-endian 0xAARRGGBB with premultiplied colour.
    static func decode(_ word: UInt32, opaque: Bool) -> PixelColor {
        let a = opaque ? 255 : Int((word >> 24) & 0xff)
        var r = Int((word >> 16) & 0xff), g = Int((word >> 8) & 0xff), b = Int(word & 0xff)
        if a == 0 { return PixelColor(r: 0, g: 0, b: 0, a: 0) }
        if a < 255 {
            r = min(255, (r * 255 + a / 2) / a); g = min(255, (g * 255 + a / 2) / a); b = min(255, (b * 255 + a / 2) / a)
        }
        return PixelColor(r: r, g: g, b: b, a: a)
    }

    // MARK: Reading one pixel

    public func contains(_ x: Int, _ y: Int) -> Bool { x >= 0 && y >= 0 && x < width && y < height }

    /// The pixel at integer coordinates, or `.outside`.
    public subscript(x: Int, y: Int) -> PixelColor {
        guard contains(x, y) else { return .outside }
        return pixels[y * width + x]
    }

    /// The pixel containing the point (x, y) in surface units (pixel (i, j) covers [i, i+1)×[j, j+1)).
    public func at(_ x: Double, _ y: Double) -> PixelColor {
        guard x.isFinite, y.isFinite else { return .outside }
        return self[Int(x.rounded(.down)), Int(y.rounded(.down))]
    }

    /// The pixel at the window point (x, y) rounded to whole pixels, where the pointer lands when
    /// `AppUnderTest` moves it there; `.outside` off the image.
    public func nearest(_ x: Double, _ y: Double) -> PixelColor {
        guard x.isFinite, y.isFinite else { return .outside }
        return self[Int(x.rounded()), Int(y.rounded())]
    }

    // MARK: Counting and finding

    /// The pixels of `region` (clipped to the image; everywhere when nil) whose colour passes `test`.
    public func points(in region: Region? = nil, where test: (PixelColor) -> Bool) -> [(x: Int, y: Int)] {
        var out: [(x: Int, y: Int)] = []
        forEachPixel(in: region) { x, y, c in if test(c) { out.append((x, y)) } }
        return out
    }

    /// How many pixels of `region` (clipped to the image; everywhere when nil) pass `test`.
    public func count(in region: Region? = nil, where test: (PixelColor) -> Bool) -> Int {
        var n = 0
        forEachPixel(in: region) { _, _, c in if test(c) { n += 1 } }
        return n
    }

    /// How many pixels in the rectangle (clipped to the image) are close to `color`.
    public func count(of color: PixelColor, tolerance: Int = 12,
                      x: Int = 0, y: Int = 0, width w: Int? = nil, height h: Int? = nil) -> Int {
        count(in: (x, y, w ?? width, h ?? height)) { $0.isClose(to: color, tolerance: tolerance) }
    }

    private func forEachPixel(in region: Region?, _ body: (Int, Int, PixelColor) -> Void) {
        let r = region ?? (0, 0, width, height)
        let x0 = max(0, r.x), y0 = max(0, r.y), x1 = min(width, r.x + r.width), y1 = min(height, r.y + r.height)
        guard x1 > x0, y1 > y0 else { return }
        for y in y0..<y1 {
            for x in x0..<x1 { body(x, y, pixels[y * width + x]) }
        }
    }

    /// How many different colours, counting up to `limit`.
    public func distinctColors(limit: Int = .max) -> Int {
        var seen = Set<PixelColor>()
        for p in pixels {
            seen.insert(p)
            if seen.count >= limit { break }
        }
        return seen.count
    }

    /// The mean position of the pixels whose colour passes `test`; nil if there are none.
    public func centroid(where test: (PixelColor) -> Bool) -> (x: Double, y: Double)? {
        let pts = points(where: test)
        guard !pts.isEmpty else { return nil }
        let sx = pts.reduce(0.0) { $0 + Double($1.x) }, sy = pts.reduce(0.0) { $0 + Double($1.y) }
        return (sx / Double(pts.count), sy / Double(pts.count))
    }

    /// The bounding boxes of the 4-connected regions whose colour passes `test`, largest area first.
    public func regions(where test: (PixelColor) -> Bool, minimumPixels: Int = 1) -> [(x: Int, y: Int, width: Int, height: Int, pixels: Int)] {
        var seen = [Bool](repeating: false, count: width * height)
        var out: [(x: Int, y: Int, width: Int, height: Int, pixels: Int)] = []
        var stack: [Int] = []
        for start in 0..<(width * height) where !seen[start] {
            seen[start] = true
            guard test(pixels[start]) else { continue }
            var minX = start % width, maxX = minX, minY = start / width, maxY = minY, n = 0
            stack.append(start)
            while let i = stack.popLast() {
                n += 1
                let x = i % width, y = i / width
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)] where contains(nx, ny) {
                    let j = ny * width + nx
                    if !seen[j] {
                        seen[j] = true
                        if test(pixels[j]) { stack.append(j) }
                    }
                }
            }
            if n >= minimumPixels { out.append((minX, minY, maxX - minX + 1, maxY - minY + 1, n)) }
        }
        return out.sorted { $0.width * $0.height > $1.width * $1.height }
    }

    /// The points of `points` whose pixel is not close to `color`: an empty result is a pass,
    /// and a non-empty one says where it went wrong.
    public func mismatches(_ points: [(Double, Double)], expected color: PixelColor,
                           tolerance: Int = 12) -> [String] {
        points.compactMap { p in
            let c = at(p.0, p.1)
            return c.isClose(to: color, tolerance: tolerance) ? nil : "(\(p.0), \(p.1)) is \(c), expected \(color)"
        }
    }
}

// MARK: - PNG files

public enum PNG {
    /// Why a PNG could not be read, naming the file.
    public struct ReadError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Loads a PNG into a new image surface, or says why it cannot.
    public static func read(_ path: String) throws -> ImageSurface {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch { throw ReadError(description: "cannot read \(path)") }
        do { return try ImageSurface.decodePNG(data) } catch { throw ReadError(description: "cannot read PNG \(path): \(error)") }
    }

    /// Loads a PNG into a new image surface; nil if Cairo cannot read it.
    public static func load(_ path: String) -> ImageSurface? { try? read(path) }

    /// True when the file starts with the PNG signature.
    public static func hasSignature(_ path: String) -> Bool {
        guard let h = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? h.close() }
        let head = h.readData(ofLength: 8)
        return Array(head) == [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
    }
}

// MARK: - Points

/// `count` evenly spaced points from (x0, y0) to (x1, y1), both ends included.
public func pointsAlong(from a: (Double, Double), to b: (Double, Double), count: Int) -> [(Double, Double)] {
    guard count > 1 else { return [a] }
    return (0..<count).map { i in
        let t = Double(i) / Double(count - 1)
        return (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t)
    }
}

// MARK: - Temporary folders

/// A fresh folder under the system temp folder, removed when the value is released.
public final class TemporaryDirectory: Sendable {
    public let path: String

    public init(prefix: String = "touchdesk-test") {
        let base = NSTemporaryDirectory().hasSuffix("/") ? NSTemporaryDirectory() : NSTemporaryDirectory() + "/"
        var template = Array((base + prefix + "-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buf in mkdtemp(buf.baseAddress!) }
        precondition(made != nil, "cannot create a temporary folder under \(base)")
        path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `path` joined with a relative name.
    public func appending(_ name: String) -> String { path + "/" + name }

    /// Writes a regular file (handy to block a folder from being created).
    @discardableResult
    public func makeFile(_ name: String, contents: String = "") -> String {
        let p = appending(name)
        _ = FileManager.default.createFile(atPath: p, contents: Data(contents.utf8))
        return p
    }

    /// The names of the files directly in `dir` (default: this folder), sorted.
    public func files(in dir: String? = nil) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir ?? path)) ?? []).sorted()
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
