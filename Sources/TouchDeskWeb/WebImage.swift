import CCairo
import CWebEngine

/// A decoded picture (PNG or JPEG) in a cairo image surface that this object owns.
///
/// Sendable: the pixels are never written after decoding, and cairo counts surface
/// references atomically, so the surface may be read (painted) from any thread.
public final class WebImage: @unchecked Sendable {
    /// The cairo_surface_t.
    public let surface: OpaquePointer
    public let width: Int
    public let height: Int

    init(surface: OpaquePointer) {
        self.surface = surface
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
    }

    deinit { cairo_surface_destroy(surface) }

    public enum DecodeError: Error, Sendable, Equatable, CustomStringConvertible {
        case unknownFormat
        case tooLarge(width: Int, height: Int, limit: Int)
        case corrupt

        public var description: String {
            switch self {
            case .unknownFormat: "The picture is not a PNG or JPEG file."
            case .tooLarge(let width, let height, let limit):
                "The picture is \(width)×\(height) pixels; TouchDesk shows pictures up to \(limit)×\(limit)."
            case .corrupt: "The picture file is damaged."
            }
        }
    }

    /// Whether the bytes start like a PNG or JPEG file.
    public static func looksLikePicture(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { td_web_image_sniff($0.baseAddress, $0.count) != 0 }
    }

    /// Decodes PNG or JPEG; pictures wider or taller than `maxSide` are refused before decoding.
    public static func decode(_ bytes: [UInt8], maxSide: Int = 4096) throws(DecodeError) -> WebImage {
        var status: Int32 = 0
        var width: Int32 = 0
        var height: Int32 = 0
        let surface = bytes.withUnsafeBufferPointer {
            td_web_decode_image($0.baseAddress, $0.count, Int32(clamping: maxSide), &status, &width, &height)
        }
        if let surface { return WebImage(surface: surface) }
        switch UInt32(status) {
        case TD_WEB_IMAGE_TOO_LARGE.rawValue: throw .tooLarge(width: Int(width), height: Int(height), limit: maxSide)
        case TD_WEB_IMAGE_UNKNOWN_FORMAT.rawValue: throw .unknownFormat
        default: throw .corrupt
        }
    }
}
