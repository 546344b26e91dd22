import CCairo
import Foundation
import TouchDeskInterface

/// A Cairo image surface that owns its pixels: made here, destroyed by `deinit`, never by hand.
///
/// The surface carries its device scale (pixels per point), set once when it is made: whatever
/// draws into it works in points, and painting it elsewhere at (x, y) in points lands it at its
/// size in points, sharp on a 2× screen. This is the one place TouchDesk sets a device scale.
public final class ImageSurface {
    /// How each pixel is stored: `argb` has alpha (premultiplied), `rgb` is opaque.
    public enum Format: Sendable { case argb, rgb }

    /// The `cairo_surface_t`, for engines that draw through C. Views use the methods below.
    public let pointer: OpaquePointer
    public let pixelWidth: Int
    public let pixelHeight: Int
    /// Pixels per point.
    public let scale: Double

    /// A new, fully transparent (argb) or black (rgb) surface of `size` points at `scale`
    /// pixels per point. Sizes are clamped to at least one pixel.
    public init(size: Size, scale: Double = 1, format: Format = .argb) {
        let s = scale.isFinite && scale > 0 ? scale : 1
        let w = Self.pixels(size.width * s), h = Self.pixels(size.height * s)
        pointer = cairo_image_surface_create(format == .argb ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24, Int32(w), Int32(h))
        pixelWidth = w
        pixelHeight = h
        self.scale = s
        cairo_surface_set_device_scale(pointer, s, s)
    }

    /// Takes ownership of a surface cairo made (a decoded picture), at one pixel per point.
    init(adopting surface: OpaquePointer, scale: Double = 1) {
        pointer = surface
        pixelWidth = Int(cairo_image_surface_get_width(surface))
        pixelHeight = Int(cairo_image_surface_get_height(surface))
        self.scale = scale
        if scale != 1 { cairo_surface_set_device_scale(surface, scale, scale) }
    }

    deinit { cairo_surface_destroy(pointer) }

    private static func pixels(_ v: Double) -> Int {
        guard v.isFinite else { return 1 }
        return Int(min(max(1, (v - 1e-9).rounded(.up)), 32767))
    }

    /// The size in points.
    public var size: Size { Size(Double(pixelWidth) / scale, Double(pixelHeight) / scale) }

    public var format: Format { cairo_image_surface_get_format(pointer) == CAIRO_FORMAT_RGB24 ? .rgb : .argb }

    /// Draws into the surface, in points.
    public func draw(_ body: (CairoContext) -> Void) {
        guard let cr = cairo_create(pointer) else { return }
        body(CairoContext(cr))
        cairo_destroy(cr)
        cairo_surface_flush(pointer)
    }

    /// A new surface of `size` points at `scale`, drawn by `body`: for screenshots, icons and tests.
    public static func render(size: Size, scale: Double = 1, format: Format = .argb,
                              _ body: (CairoContext) -> Void) -> ImageSurface {
        let s = ImageSurface(size: size, scale: scale, format: format)
        s.draw(body)
        return s
    }

    /// A copy at least `size` points large at this scale, filled with `background`, with this
    /// surface's pixels at the top left: for canvases that only grow.
    public func grown(to size: Size, scale newScale: Double? = nil, background: Color = Color(0, 0, 0)) -> ImageSurface {
        let s = ImageSurface(size: size, scale: newScale ?? scale, format: format)
        s.draw { cr in
            cr.setSource(background)
            cr.paint()
            cr.setSource(self)
            cr.paint()
        }
        return s
    }

    // MARK: - Pixels

    /// Gives `body` the rows of pixels (0xAARRGGBB words, `stride` bytes apart) to read or change:
    /// Cairo's pending drawing is flushed before and the surface marked dirty after.
    public func withPixels<R>(_ body: (_ base: UnsafeMutableRawPointer, _ stride: Int) throws -> R) rethrows -> R {
        cairo_surface_flush(pointer)
        defer { cairo_surface_mark_dirty(pointer) }
        let stride = Int(cairo_image_surface_get_stride(pointer))
        return try body(cairo_image_surface_get_data(pointer)!, stride)
    }

    /// Every pixel as 0xAARRGGBB (premultiplied), row by row.
    public func argbPixels() -> [UInt32] {
        cairo_surface_flush(pointer)
        let stride = Int(cairo_image_surface_get_stride(pointer))
        guard let data = cairo_image_surface_get_data(pointer) else { return [] }
        var out = [UInt32](repeating: 0, count: pixelWidth * pixelHeight)
        out.withUnsafeMutableBytes { dst in
            for y in 0..<pixelHeight {
                (dst.baseAddress! + y * pixelWidth * 4).copyMemory(from: data + y * stride, byteCount: pixelWidth * 4)
            }
        }
        return out
    }

    // MARK: - PNG

    public struct PNGError: Error, CustomStringConvertible {
        public let description: String
    }

    /// The surface encoded as PNG.
    public func pngData() throws -> Data {
        final class Sink { var data = Data() }
        let sink = Sink()
        let status = withExtendedLifetime(sink) {
            cairo_surface_write_to_png_stream(pointer, { closure, bytes, length in
                let sink = Unmanaged<Sink>.fromOpaque(closure!).takeUnretainedValue()
                if let bytes { sink.data.append(bytes, count: Int(length)) }
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(sink).toOpaque())
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            throw PNGError(description: "cannot encode PNG: \(String(cString: cairo_status_to_string(status)))")
        }
        return sink.data
    }

    /// Decodes PNG bytes (already checked and read by the caller), at `scale` pixels per point.
    public static func decodePNG(_ bytes: Data, scale: Double = 1) throws -> ImageSurface {
        final class Source { let data: Data; var offset = 0; init(_ d: Data) { data = d } }
        let source = Source(bytes)
        let surface = withExtendedLifetime(source) {
            cairo_image_surface_create_from_png_stream({ closure, out, length in
                let src = Unmanaged<Source>.fromOpaque(closure!).takeUnretainedValue()
                let n = Int(length)
                guard src.offset + n <= src.data.count, let out else { return CAIRO_STATUS_READ_ERROR }
                // Offsets from the data's own start: a slice of a larger Data does not start at 0
                // (the fuzz target `png` found the trap).
                let start = src.data.startIndex + src.offset
                src.data.copyBytes(to: out, from: start..<(start + n))
                src.offset += n
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(source).toOpaque())
        }
        guard let surface else { throw PNGError(description: "not a PNG picture") }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw PNGError(description: status == CAIRO_STATUS_NO_MEMORY ? "not a PNG picture, or too large"
                                                                        : String(cString: cairo_status_to_string(status)))
        }
        return ImageSurface(adopting: surface, scale: scale)
    }
}

/// A private copy of a surface, made to be handed to another thread (to encode it as PNG off the
/// UI thread): nothing else holds the copy, so whichever thread has it owns it.
public struct DetachedImage: @unchecked Sendable {
    private let surface: ImageSurface

    /// Copies the top-left `size` points of `source` at its own scale.
    public init(copying source: ImageSurface, size: Size? = nil, format: ImageSurface.Format? = nil) {
        let s = size ?? source.size
        surface = ImageSurface.render(size: s, scale: source.scale, format: format ?? source.format) { cr in
            cr.setSource(source)
            cr.paint()
        }
    }

    public var pixelWidth: Int { surface.pixelWidth }
    public var pixelHeight: Int { surface.pixelHeight }

    /// The copy encoded as PNG.
    public func pngData() throws -> Data { try surface.pngData() }
}
