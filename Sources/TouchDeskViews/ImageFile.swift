import CX11Cairo
import Foundation

/// Writing pictures to disk: atomically (temp file, then rename), with errors a person can read.
public enum ImageFile {
    public struct WriteError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Writes `surface` as PNG to `path` through a temp file in the same folder, creating the folder
    /// if needed. On failure nothing is left behind at `path`.
    public static func writePNG(_ surface: OpaquePointer, to path: String) throws {
        // A bare file name ("out.png") lives in the current folder.
        let parent = (path as NSString).deletingLastPathComponent
        let dir = parent.isEmpty ? "." : parent
        do {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o755])
        } catch {
            throw WriteError(description: "cannot create folder \(dir)")
        }
        let tmp = dir + "/." + (path as NSString).lastPathComponent + ".\(getpid()).tmp"
        let status = cairo_surface_write_to_png(surface, tmp)
        guard status == CAIRO_STATUS_SUCCESS else {
            unlink(tmp)
            let reason = String(cString: cairo_status_to_string(status))
            throw WriteError(description: "cannot write \(path): \(reason)")
        }
        guard rename(tmp, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(tmp)
            throw WriteError(description: "cannot write \(path): \(reason)")
        }
    }

    /// A file name that does not exist yet in `dir`: `stem-YYYY-MM-DD-HHMMSS.png`, numbered if taken.
    public static func freshName(in dir: String, stem: String, date: Date = Date()) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.dateFormat = "yyyy-MM-dd-HHmmss"
        let base = "\(stem)-\(f.string(from: date))"
        var name = dir + "/" + base + ".png"
        var n = 2
        while FileManager.default.fileExists(atPath: name) {
            name = dir + "/" + base + "-\(n).png"
            n += 1
        }
        return name
    }
}
