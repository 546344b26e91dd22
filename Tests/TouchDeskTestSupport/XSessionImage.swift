import CX11Cairo
import Foundation

extension XSession {
    /// A colour as a screenshot holds it: 8 bits per channel.
    public struct RGB: Equatable, Hashable, CustomStringConvertible {
        public var r: UInt8, g: UInt8, b: UInt8
        public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) { self.r = r; self.g = g; self.b = b }
        public init(hex: UInt32) { self.init(UInt8((hex >> 16) & 0xff), UInt8((hex >> 8) & 0xff), UInt8(hex & 0xff)) }

        public static let black = RGB(0, 0, 0)
        public static let white = RGB(255, 255, 255)
        public static let red = RGB(255, 0, 0)
        public static let green = RGB(0, 255, 0)
        public static let blue = RGB(0, 0, 255)
        public static let yellow = RGB(255, 255, 0)

        /// Every channel within `tolerance` of `other`'s.
        public func isClose(to other: RGB, tolerance: Int = 8) -> Bool {
            abs(Int(r) - Int(other.r)) <= tolerance && abs(Int(g) - Int(other.g)) <= tolerance && abs(Int(b) - Int(other.b)) <= tolerance
        }

        public var description: String { String(format: "#%02x%02x%02x", r, g, b) }
    }

    /// A PNG read into memory (through Cairo), pixel by pixel. For screenshots of the app window
    /// and for the app's own `--screenshot` files.
    public struct Image {
        public let width: Int
        public let height: Int
        /// 0xRRGGBB, row by row.
        public let pixels: [UInt32]
        /// Where the PNG is, to look at it when a test fails.
        public var path: String

        public init(contentsOf path: String) throws {
            guard let loaded = cairo_image_surface_create_from_png(path) else { throw Failure("cannot read \(path)") }
            defer { cairo_surface_destroy(loaded) }
            guard cairo_surface_status(loaded) == CAIRO_STATUS_SUCCESS else {
                throw Failure("cannot read PNG \(path): \(String(cString: cairo_status_to_string(cairo_surface_status(loaded))))")
            }
            let w = Int(cairo_image_surface_get_width(loaded)), h = Int(cairo_image_surface_get_height(loaded))
            // Whatever format Cairo chose for the file, paint it onto opaque RGB24 to read it.
            let rgb = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(w), Int32(h))!
            defer { cairo_surface_destroy(rgb) }
            let cr = cairo_create(rgb)!
            cairo_set_source_rgb(cr, 0, 0, 0)
            cairo_paint(cr)
            cairo_set_source_surface(cr, loaded, 0, 0)
            cairo_paint(cr)
            cairo_destroy(cr)
            cairo_surface_flush(rgb)
            let stride = Int(cairo_image_surface_get_stride(rgb))
            var px = [UInt32](repeating: 0, count: w * h)
            if let data = cairo_image_surface_get_data(rgb) {
                for y in 0..<h {
                    let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                    for x in 0..<w { px[y * w + x] = row[x] & 0xffffff }
                }
            }
            width = w
            height = h
            pixels = px
            self.path = path
        }

        public func contains(_ x: Int, _ y: Int) -> Bool { x >= 0 && y >= 0 && x < width && y < height }

        /// The colour at (x, y); black outside the image.
        public subscript(x: Int, y: Int) -> RGB {
            contains(x, y) ? RGB(hex: pixels[y * width + x]) : .black
        }

        public subscript(x: Double, y: Double) -> RGB { self[Int(x.rounded()), Int(y.rounded())] }

        /// How many different colours, counting up to `limit`.
        public func distinctColors(limit: Int = .max) -> Int {
            var seen = Set<UInt32>()
            for p in pixels {
                seen.insert(p)
                if seen.count >= limit { break }
            }
            return seen.count
        }

        /// The points whose colour passes `test`, in `region` (x, y, width, height) or everywhere.
        public func points(in region: (x: Int, y: Int, width: Int, height: Int)? = nil, where test: (RGB) -> Bool) -> [(x: Int, y: Int)] {
            let r = region ?? (0, 0, width, height)
            var out: [(x: Int, y: Int)] = []
            for y in max(0, r.y)..<min(height, r.y + r.height) {
                for x in max(0, r.x)..<min(width, r.x + r.width) where test(RGB(hex: pixels[y * width + x])) {
                    out.append((x, y))
                }
            }
            return out
        }

        public func count(in region: (x: Int, y: Int, width: Int, height: Int)? = nil, where test: (RGB) -> Bool) -> Int {
            points(in: region, where: test).count
        }

        /// The mean position of the points whose colour passes `test`; nil if there are none.
        public func centroid(where test: (RGB) -> Bool) -> (x: Double, y: Double)? {
            let pts = points(where: test)
            guard !pts.isEmpty else { return nil }
            let sx = pts.reduce(0.0) { $0 + Double($1.x) }, sy = pts.reduce(0.0) { $0 + Double($1.y) }
            return (sx / Double(pts.count), sy / Double(pts.count))
        }

        /// The bounding boxes of the 4-connected regions whose colour passes `test`, largest area first.
        public func regions(where test: (RGB) -> Bool, minimumPixels: Int = 1) -> [(x: Int, y: Int, width: Int, height: Int, pixels: Int)] {
            var seen = [Bool](repeating: false, count: width * height)
            var out: [(x: Int, y: Int, width: Int, height: Int, pixels: Int)] = []
            var stack: [Int] = []
            for start in 0..<(width * height) where !seen[start] {
                seen[start] = true
                guard test(RGB(hex: pixels[start])) else { continue }
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
                            if test(RGB(hex: pixels[j])) { stack.append(j) }
                        }
                    }
                }
                if n >= minimumPixels { out.append((minX, minY, maxX - minX + 1, maxY - minY + 1, n)) }
            }
            return out.sorted { $0.width * $0.height > $1.width * $1.height }
        }
    }
}
