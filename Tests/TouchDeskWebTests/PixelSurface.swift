import CCairo

/// An ARGB image surface for render tests, with pixel reads.
final class PixelSurface {
    let surface: OpaquePointer
    let context: OpaquePointer
    let width: Int
    let height: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        context = cairo_create(surface)
        cairo_set_source_rgb(context, 1, 1, 1)
        cairo_paint(context)
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    struct RGB: Equatable, CustomStringConvertible {
        var r: Int, g: Int, b: Int
        var description: String { "rgb(\(r), \(g), \(b))" }
        func isClose(to other: RGB, tolerance: Int = 24) -> Bool {
            abs(r - other.r) <= tolerance && abs(g - other.g) <= tolerance && abs(b - other.b) <= tolerance
        }
        static let red = RGB(r: 255, g: 0, b: 0)
        static let blue = RGB(r: 0, g: 0, b: 255)
        static let white = RGB(r: 255, g: 255, b: 255)
    }

    func pixel(_ x: Int, _ y: Int) -> RGB {
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        let p = data + y * stride + x * 4
        return RGB(r: Int(p[2]), g: Int(p[1]), b: Int(p[0]))
    }

    /// Whether any pixel in a rectangle is darker than light grey (text, lines).
    func hasInk(x: Int, y: Int, width: Int, height: Int) -> Bool {
        for yy in y..<min(y + height, self.height) {
            for xx in x..<min(x + width, self.width) {
                let p = pixel(xx, yy)
                if p.r + p.g + p.b < 3 * 160 { return true }
            }
        }
        return false
    }
}
