import Glibc
import TouchDeskInterface

/// Why a file could not be read or written, in words a person can act on: what was tried, on which
/// path, and the system's reason ("read-only file system", "no space left on device").
public struct FileError: Error, Equatable, CustomStringConvertible {
    public let path: String
    public let description: String

    public init(_ path: String, _ description: String) {
        self.path = path
        // Paths in messages are read by people: bytes that are not UTF-8 show as U+FFFD.
        self.description = Paths.shown(description)
    }

    /// What was tried when the system said no.
    enum Attempt {
        case read, write, setAside, makeFolder(String), readRecentList
    }

    /// "cannot write PATH: the system's reason for `code`", in the user's language.
    static func system(_ attempt: Attempt, _ path: String, _ code: Int32) -> FileError {
        let why = reason(code)
        let text = switch attempt {
        case .read: tr("cannot read {0}: {1}", path, why)
        case .write: tr("cannot write {0}: {1}", path, why)
        case .setAside: tr("cannot set aside {0}: {1}", path, why)
        case .makeFolder(let folder): tr("cannot create folder {0} for {1}: {2}", folder, path, why)
        case .readRecentList: tr("cannot read the recent files list {0}: {1}", path, why)
        }
        return FileError(path, text)
    }

    /// The system's text for an errno value, lower-cased as it reads inside a sentence.
    public static func reason(_ code: Int32) -> String {
        guard let s = strerror(code) else { return tr("error {0}", String(code)) }
        let text = String(decoding: UnsafeRawBufferPointer(start: s, count: strlen(s)), as: UTF8.self)
        guard let first = text.first else { return text }
        // "Read-only file system" → "read-only file system"; keep acronyms ("I/O error").
        let second = text.dropFirst().first
        return second.map { $0.isUppercase || $0 == "/" } == true ? text : first.lowercased() + text.dropFirst()
    }
}
