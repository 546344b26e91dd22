import Foundation

/// Small JSON files under the user's data folder (scores, layouts), written atomically: a temp
/// file in the same folder, then rename, so a crash never leaves half a file. A file that cannot
/// be read back is set aside as `<name>.corrupt` and reported once; the app then starts fresh.
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

    /// Reads `dir/name` as JSON of `type`.
    public static func load<Value: Decodable>(_ type: Value.Type, name: String, in dir: String) -> Loaded<Value> {
        let path = dir + "/" + name
        guard FileManager.default.fileExists(atPath: path) else { return .missing }
        if let data = FileManager.default.contents(atPath: path), let value = try? JSONDecoder().decode(type, from: data) {
            return .loaded(value)
        }
        let aside = path + ".corrupt"
        try? FileManager.default.removeItem(atPath: aside)
        let moved = rename(path, aside) == 0
        let message = moved
            ? "\(name) could not be read; kept it as \(name).corrupt and started fresh"
            : "\(name) could not be read (and could not be set aside: \(String(cString: strerror(errno)))); starting fresh"
        FileHandle.standardError.write(Data("touchdesk: \(path): \(message)\n".utf8))
        return .setAside(message: message)
    }

    /// Writes `value` as JSON to `dir/name` through a temp file and rename, creating `dir` (0700).
    public static func save<Value: Encodable>(_ value: Value, name: String, in dir: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data: Data
        do { data = try encoder.encode(value) } catch { throw WriteError(description: "cannot encode \(name): \(error)") }
        try write(data, to: dir + "/" + name)
    }

    /// Replaces `path` with `data` atomically.
    public static func write(_ data: Data, to path: String) throws {
        let dir = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw WriteError(description: "cannot create folder \(dir)")
        }
        let tmp = dir + "/." + (path as NSString).lastPathComponent + ".\(getpid()).tmp"
        let fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else { throw WriteError(description: "cannot write \(path): \(String(cString: strerror(errno)))") }
        let ok = data.withUnsafeBytes { buf -> Bool in
            var off = 0
            while off < buf.count {
                let n = Glibc.write(fd, buf.baseAddress! + off, buf.count - off)
                if n <= 0 { return false }
                off += n
            }
            return fsync(fd) == 0
        }
        let reason = String(cString: strerror(errno))
        close(fd)
        guard ok, rename(tmp, path) == 0 else {
            unlink(tmp)
            throw WriteError(description: "cannot write \(path): \(ok ? String(cString: strerror(errno)) : reason)")
        }
    }
}
