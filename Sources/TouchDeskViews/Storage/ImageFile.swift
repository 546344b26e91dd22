import TouchDeskDrawing
import Foundation

/// Writing pictures to disk: atomically (temp file, then rename), with errors a person can read.
public enum ImageFile {
    public struct WriteError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Writes `surface` as PNG to `path` through a temp file in the same folder, creating the folder
    /// if needed. On failure nothing is left behind at `path`.
    public static func writePNG(_ surface: ImageSurface, to path: String) throws {
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
        do {
            try surface.pngData().write(to: URL(fileURLWithPath: tmp))
        } catch {
            unlink(tmp)
            throw WriteError(description: "cannot write \(path): \(error.localizedDescription)")
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

/// What saving a picture for the user came to.
public enum SavedPicture: Equatable {
    /// Written to `path`; `shown` is the path as the user reads it (home as ~).
    case saved(path: String, shown: String)
    /// Nothing was written: the reason.
    case failed(String)

    public var path: String? { if case .saved(let p, _) = self { p } else { nil } }
}

extension AppEnvironment {
    /// Saves `surface` as a new `stem-YYYY-MM-DD-HHMMSS.png` in the pictures folder, else in the
    /// home folder; on failure the reasons also go to stderr.
    public func savePicture(_ surface: ImageSurface, stem: String) -> SavedPicture {
        var reasons: [String] = []
        for dir in pictureDirectoriesToTry {
            let path = ImageFile.freshName(in: dir, stem: stem)
            do {
                try ImageFile.writePNG(surface, to: path)
                let shown = path.hasPrefix(homeDirectory + "/") ? "~" + path.dropFirst(homeDirectory.count) : path
                return .saved(path: path, shown: shown)
            } catch {
                reasons.append("\(error)")
            }
        }
        FileHandle.standardError.write(Data(("touchdesk: " + reasons.joined(separator: "; ") + "\n").utf8))
        return .failed(reasons.last ?? "no folder to save in")
    }
}

extension Toast {
    /// Tells the user where a picture went, or why it did not.
    public mutating func show(_ outcome: SavedPicture) {
        switch outcome {
        case .saved(_, let shown): show("Saved \(shown)", isError: false)
        case .failed(let reason): show("Could not save: \(reason)", isError: true)
        }
    }
}
