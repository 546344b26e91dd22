import Foundation
import Glibc
import TouchDeskDrawing
import TouchDeskFiles
import TouchDeskInterface

/// Thumbnails shared with every other program of the desktop, as the freedesktop thumbnail spec
/// keeps them: `$XDG_CACHE_HOME/thumbnails` (else `~/.cache/thumbnails`), `normal/` up to 128
/// pixels and `large/` up to 256, each named by the MD5 of its file's URI, a PNG carrying the
/// source's URI and modification time in `Thumb::URI` and `Thumb::MTime`. One whose URI or time
/// does not match is stale and made again. Ours are written atomically, mode 0600, in folders 0700;
/// a picture we cannot read leaves a mark in `fail/touchdesk-VERSION/` and is not tried again until
/// it changes. Files inside the thumbnail folder itself get none (the spec's rule).
nonisolated public enum SharedThumbnails {
    /// The normal size's longer side, in pixels.
    static let normalSide = 128
    /// The largest thumbnail file read.
    public static let maxBytes = 4 << 20
    static let failFolder = "fail/touchdesk-" + AboutPage.version

    public static func root(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let c = environment["XDG_CACHE_HOME"], c.hasPrefix("/") { return c + "/thumbnails" }
        if let h = environment["HOME"], h.hasPrefix("/") { return (h == "/" ? "" : h) + "/.cache/thumbnails" }
        return nil
    }

    /// The `file://` URI of an absolute path as GLib writes it (`g_filename_to_uri`): bytes other than
    /// letters, digits and `-._~!$&'()*+,;=:@/` percent-encoded, so our names match other programs'.
    static func uri(of path: String) -> String {
        let kept = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@/".utf8)
        var out = "file://"
        Paths.withSystemPath(path) { p in
            var i = 0
            while p[i] != 0 {
                let b = UInt8(bitPattern: p[i])
                if kept.contains(b) { out.unicodeScalars.append(Unicode.Scalar(b)) } else { out += "%" + String(format: "%02X", b) }
                i += 1
            }
        }
        return out
    }

    /// The thumbnail's file name: the MD5 of the URI, in hex, then `.png`.
    public static func name(of path: String) -> String { MD5.hex(uri(of: path).utf8) + ".png" }

    /// Whether the PNG at `file` is a current thumbnail of `uri` last changed at `mtime`.
    public static func matches(_ file: String, uri: String, mtime: Int) -> Bool {
        guard let data = try? SafeFile.read(file, maxBytes: maxBytes), let texts = PNGText.read(Array(data)) else { return false }
        return texts["Thumb::URI"] == uri && texts["Thumb::MTime"] == String(mtime)
    }

    /// A current thumbnail some program (or we) made of `path`, normal size first.
    public static func cached(_ path: String, mtime: Int, root: String) -> LoadedPicture? {
        let uri = uri(of: path), name = name(of: path)
        for size in ["normal", "large"] {
            let file = root + "/" + size + "/" + name
            guard matches(file, uri: uri, mtime: mtime),
                  case .success(let picture) = PictureReader.read(file, scale: 1, limits: PictureReader.Limits(maxSide: 1024, maxPixels: 1 << 20))
            else { continue }
            return picture
        }
        return nil
    }

    /// Whether we failed to read `path` as it is now.
    public static func failed(_ path: String, mtime: Int, root: String) -> Bool {
        matches(root + "/" + failFolder + "/" + name(of: path), uri: uri(of: path), mtime: mtime)
    }

    /// Whether `path` lies in the thumbnail folder (which gets no thumbnails).
    static func isInside(_ path: String, root: String) -> Bool { path.hasPrefix(root + "/") }

    /// Writes `thumbnail` (at most `normalSide` pixels a side) as the normal thumbnail of `path`.
    public static func write(_ thumbnail: ImageSurface, of path: String, mtime: Int, root: String) throws {
        try store(Array(thumbnail.pngData()), of: path, mtime: mtime, at: root + "/normal/" + name(of: path))
    }

    /// Leaves the spec's mark that `path`, as it is now, could not be made into a thumbnail.
    static func recordFailure(of path: String, mtime: Int, root: String) throws {
        let dot = ImageSurface(size: Size(1, 1), scale: 1)
        try store(Array(dot.pngData()), of: path, mtime: mtime, at: root + "/" + failFolder + "/" + name(of: path))
    }

    private static func store(_ png: [UInt8], of path: String, mtime: Int, at file: String) throws {
        guard let tagged = PNGText.adding([("Thumb::URI", uri(of: path)), ("Thumb::MTime", String(mtime)), ("Software", "TouchDesk")], to: png)
        else { throw FileError(file, tr("cannot tag the thumbnail of {0}", path)) }
        try AtomicFile.write(Data(tagged), to: file, fileMode: 0o600, createFolder: 0o700)
    }
}
