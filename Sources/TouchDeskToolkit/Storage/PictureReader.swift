import Foundation
import TouchDeskDrawing
import TouchDeskFiles

/// Reading a PNG picture that a person or another program hands over (a file named in a dialog or
/// on the command line, the clipboard's bytes), so that nothing can hang, flood or crash the
/// program: the file is read with `SafeFile` (regular files only, never blocking on a FIFO, at
/// most `maxFileBytes`), the PNG header's size is checked before anything is decoded, and every
/// failure is a sentence for the user. Safe on any thread.
nonisolated public enum PictureReader {
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public let description: String
        public init(_ description: String) { self.description = description }
    }

    /// The one set of limits for every picture TouchDesk reads (a painting opened or pasted, the
    /// apps' own pictures, the layers of Adding Images): a larger one would take gigabytes and seconds.
    public struct Limits: Sendable {
        /// The largest side, in pixels.
        public var maxSide = 8192
        /// The most pixels in all (16 million: 64 MB decoded).
        public var maxPixels = 4096 * 4096
        /// The largest PNG file read.
        public var maxFileBytes = 64 << 20
        public init(maxSide: Int = 8192, maxPixels: Int = 4096 * 4096) {
            self.maxSide = maxSide
            self.maxPixels = maxPixels
        }
    }
    /// For every picture from outside.
    public static let limits = Limits()
    /// For Paintbrush's own kept canvas, which at 2× on a 4K screen is 7680×4320.
    public static let canvasLimits = Limits(maxSide: 8192, maxPixels: 8192 * 8192)

    /// Reads and decodes the PNG at `path`, `scale` pixels per point: the header first (regular
    /// files only, never blocking), so a huge picture is refused before a byte of its pixels is read.
    public static func read(_ path: String, scale: Double, limits: Limits = PictureReader.limits) -> Result<LoadedPicture, Failure> {
        let data: Data
        do {
            let head = try SafeFile.readPrefix(path, maxBytes: 24)
            _ = try checkedSize(head, limits)
            data = try SafeFile.read(path, maxBytes: limits.maxFileBytes)
        } catch let error as Failure {
            return .failure(Failure("cannot open \(path): \(error.description)"))
        } catch {
            return .failure(Failure("\(error)"))
        }
        do {
            return .success(LoadedPicture(surface: try decode(data, scale: scale, limits: limits)))
        } catch {
            return .failure(Failure("cannot open \(path): \(error.description)"))
        }
    }

    /// Decodes PNG bytes, refusing from the header alone a picture over the limits.
    public static func decode(_ png: Data, scale: Double, limits: Limits = PictureReader.limits) throws(Failure) -> ImageSurface {
        _ = try checkedSize(png, limits)
        let s = scale.isFinite && scale >= 0.25 && scale <= 8 ? scale : 1
        do { return try ImageSurface.decodePNG(png, scale: s) } catch {
            throw Failure("a damaged PNG picture (\(error))")
        }
    }

    /// The size the PNG header at the start of `bytes` gives, checked against the limits.
    static func checkedSize(_ bytes: Data, _ limits: Limits) throws(Failure) -> (width: Int, height: Int) {
        let signature: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
        guard bytes.count >= 24, bytes.starts(with: signature) else { throw Failure("not a PNG picture") }
        guard let (w, h) = PNGHeader.size(bytes) else { throw Failure("a damaged PNG picture (no IHDR header)") }
        guard w > 0, h > 0 else { throw Failure("a damaged PNG picture (its size is \(w)×\(h))") }
        guard w <= limits.maxSide, h <= limits.maxSide, w * h <= limits.maxPixels else {
            throw Failure("the picture is \(w)×\(h) pixels, larger than the \(limits.maxSide) per side and \(limits.maxPixels / 1_000_000) million pixels allowed")
        }
        return (w, h)
    }
}

/// The size a PNG's header gives: its signature, then the IHDR chunk's width and height.
nonisolated public enum PNGHeader {
    public static func size(_ head: Data) -> (width: Int, height: Int)? {
        let b = [UInt8](head.prefix(24))
        guard b.count >= 24, b[0..<8].elementsEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
              b[12..<16].elementsEqual(Array("IHDR".utf8)) else { return nil }
        func u32(_ i: Int) -> Int { Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3]) }
        return (u32(16), u32(20))
    }
}

/// A picture decoded on a loading thread and handed whole to the UI: nothing else holds it, so
/// whichever thread has it owns it (as with `DetachedImage`).
nonisolated public struct LoadedPicture: @unchecked Sendable {
    public let surface: ImageSurface
    public init(surface: ImageSurface) { self.surface = surface }
}
