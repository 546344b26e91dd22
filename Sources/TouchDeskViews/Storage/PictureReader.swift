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

    /// The largest PNG file read: far beyond any picture the canvas can take.
    public static let maxFileBytes = 64 << 20

    /// Reads and decodes the PNG at `path`, `scale` pixels per point.
    public static func read(_ path: String, scale: Double, maxSide: Int, maxPixels: Int) -> Result<LoadedPicture, Failure> {
        let data: Data
        do {
            data = try SafeFile.read(path, maxBytes: maxFileBytes)
        } catch {
            return .failure(Failure(error.description))
        }
        do {
            return .success(LoadedPicture(surface: try decode(data, scale: scale, maxSide: maxSide, maxPixels: maxPixels)))
        } catch {
            return .failure(Failure("cannot open \(path): \(error.description)"))
        }
    }

    /// Decodes PNG bytes, refusing from the header alone a picture larger than `maxSide` per side
    /// or `maxPixels` in all.
    public static func decode(_ png: Data, scale: Double, maxSide: Int, maxPixels: Int) throws(Failure) -> ImageSurface {
        let signature: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
        guard png.count > 24, png.starts(with: signature) else { throw Failure("not a PNG picture") }
        let header = [UInt8](png[png.startIndex + 12 ..< png.startIndex + 24])
        guard header[0..<4] == [0x49, 0x48, 0x44, 0x52] else { throw Failure("a damaged PNG picture (no IHDR header)") }
        let w = header[4..<8].reduce(0) { $0 << 8 | Int($1) }, h = header[8..<12].reduce(0) { $0 << 8 | Int($1) }
        guard w > 0, h > 0 else { throw Failure("a damaged PNG picture (its size is \(w)×\(h))") }
        guard w <= maxSide, h <= maxSide, w * h <= maxPixels else {
            throw Failure("the picture is \(w)×\(h) pixels, larger than the \(maxSide) per side and \(maxPixels / 1_000_000) million pixels allowed")
        }
        let s = scale.isFinite && scale >= 0.25 && scale <= 8 ? scale : 1
        do { return try ImageSurface.decodePNG(png, scale: s) } catch {
            throw Failure("a damaged PNG picture (\(error))")
        }
    }
}

/// A picture decoded on a loading thread and handed whole to the UI: nothing else holds it, so
/// whichever thread has it owns it (as with `DetachedImage`).
nonisolated public struct LoadedPicture: @unchecked Sendable {
    public let surface: ImageSurface
}
