import TouchDeskInterface
import Foundation
import TouchDeskFiles

/// Small JSON files under the user's data folder (scores, layouts), written atomically: a temp
/// file in the same folder, then rename, so a crash never leaves half a file. A file that cannot
/// be read back is set aside as `<name>.corrupt` (`.corrupt.2`, … when that is taken: nothing is
/// ever deleted) and reported once; the app then starts fresh.
nonisolated public enum DataFile {
    public enum Loaded<Value> {
        /// No file yet: start fresh.
        case missing
        case loaded(Value)
        /// The file was unreadable and has been renamed; `message` says so, for the user.
        case setAside(message: String)
    }

    public struct WriteError: Error, CustomStringConvertible {
        public let description: String
    }

    /// The largest state file read back: far more than any app writes.
    public static let maxBytes = 4 << 20

    /// Reads `dir/name` as JSON of `type`.
    public static func load<Value: Decodable>(_ type: Value.Type, name: String, in dir: String, maxBytes: Int = DataFile.maxBytes) -> Loaded<Value> {
        let path = dir + "/" + name
        var st = stat()
        guard lstat(path, &st) == 0 else { return .missing }
        let message: String
        do {
            let data = try SafeFile.read(path, maxBytes: maxBytes)
            if let value = try? JSONDecoder().decode(type, from: data) { return .loaded(value) }
            switch AtomicFile.setAside(path) {
            case .success(let aside):
                message = tr("{0} could not be read; kept it as {1} and started fresh", name, Paths.name(of: aside))
            case .failure(let error):
                message = tr("{0} could not be read (and could not be set aside: {1}); starting fresh", name, "\(error)")
            }
        } catch {
            // Not a regular file, too large, or unreadable: left where it is, untouched.
            message = tr("{0}; starting fresh", "\(error)")
        }
        warn("\(path): \(message)")
        return .setAside(message: message)
    }

    /// Writes `value` as JSON to `dir/name` atomically, creating `dir` (0700) if needed.
    public static func save<Value: Encodable>(_ value: Value, name: String, in dir: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data: Data
        do { data = try encoder.encode(value) } catch { throw WriteError(description: "cannot encode \(name): \(error)") }
        try write(data, to: dir + "/" + name)
    }

    /// Replaces `path` with `data` atomically (private to the user: 0600 in a 0700 folder).
    public static func write(_ data: Data, to path: String) throws {
        do {
            try AtomicFile.write(data, to: path, fileMode: 0o600, createFolder: 0o700)
        } catch {
            throw WriteError(description: error.description)
        }
    }
}

extension DataFile.Loaded: Sendable where Value: Sendable {}
