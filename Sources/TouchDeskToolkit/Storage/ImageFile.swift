import TouchDeskDrawing
import Foundation
import TouchDeskFiles
import TouchDeskInterface

/// Writing pictures to disk: atomically (temp file, then rename), with errors a person can read.
nonisolated public enum ImageFile {
    public struct WriteError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Writes `surface` as PNG to `path` atomically (see `AtomicFile`), creating the folder if
    /// needed. On failure nothing is left behind and nothing at `path` is replaced.
    public static func writePNG(_ surface: ImageSurface, to path: String) throws {
        let data: Data
        do { data = try surface.pngData() } catch { throw WriteError(description: "cannot write \(path): \(error)") }
        do {
            try AtomicFile.write(data, to: path)
        } catch {
            throw WriteError(description: error.description)
        }
    }

    /// Writes PNG `data` under a fresh name in the first of `folders` that takes it: `stem-
    /// YYYY-MM-DD-HHMMSS.png`, or `…-2.png`, `…-3.png` when that is taken. The name is claimed
    /// exclusively (`AtomicFile.writeNew`), so two processes saving in the same second each get
    /// their own file. Returns the path, or throws every folder's reason. Safe on any thread.
    public static func writeFresh(_ data: Data, folders: [String], stem: String, date: Date = Date()) throws -> String {
        var reasons: [String] = []
        let base = baseName(stem: stem, date: date)
        for dir in folders {
            do {
                for n in 1...10_000 {
                    let path = dir + "/" + base + (n == 1 ? "" : "-\(n)") + ".png"
                    if try AtomicFile.writeNew(data, to: path) { return path }
                }
                reasons.append("cannot write in \(dir): 10000 pictures named \(base) already")
            } catch {
                reasons.append("\(error)")
            }
        }
        throw WriteError(description: reasons.isEmpty ? "no folder to save in" : reasons.joined(separator: "; "))
    }

    /// `stem-YYYY-MM-DD-HHMMSS`, in local time.
    public static func baseName(stem: String, date: Date) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.dateFormat = "yyyy-MM-dd-HHmmss"
        return "\(stem)-\(f.string(from: date))"
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
        do {
            let data: Data
            do { data = try surface.pngData() } catch { throw ImageFile.WriteError(description: "cannot encode the picture: \(error)") }
            let path = try ImageFile.writeFresh(data, folders: pictureDirectoriesToTry, stem: stem)
            return .saved(path: path, shown: Paths.abbreviatingHome(path, home: homeDirectory))
        } catch {
            warn("\(error)")
            return .failed("\(error)")
        }
    }
}

extension AppEnvironment {
    /// Saves `image` like `savePicture`, but on the writer thread: the PNG is encoded and written
    /// there, so the window never waits. A save still waiting to start is replaced by a newer one
    /// with the same `key` (a burst of Ctrl+S writes the newest picture once).
    public func savePictureInBackground(_ image: DetachedImage, stem: String, key: String) -> BackgroundWriter.Ticket {
        let dirs = pictureDirectoriesToTry
        return writer.submit(key: key) {
            try ImageFile.writeFresh(try image.pngData(), folders: dirs, stem: stem)
        }
    }

    /// A finished background save as the user reads it.
    public func savedPicture(_ outcome: BackgroundWriter.Outcome) -> SavedPicture {
        switch outcome {
        case .written(let path):
            return .saved(path: path, shown: Paths.abbreviatingHome(path, home: homeDirectory))
        case .failed(let why):
            return .failed(why)
        }
    }
}

extension SavedPicture {
    /// What to tell the person: where the picture went, or why it did not.
    public var ended: WorkGoingOn.Ended {
        switch self {
        case .saved(_, let shown): WorkGoingOn.Ended(tr("Saved {0}", shown), isError: false)
        case .failed(let reason): WorkGoingOn.Ended(tr("Could not save: {0}", reason), isError: true)
        }
    }
}

extension Toast {
    /// Tells the user where a picture went, or why it did not.
    public mutating func show(_ outcome: SavedPicture) {
        let ended = outcome.ended
        show(ended.message, isError: ended.isError)
    }
}
