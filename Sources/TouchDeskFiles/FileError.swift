import Glibc

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

    /// "cannot write PATH: the system's reason for `code`".
    static func system(_ verb: String, _ path: String, _ code: Int32) -> FileError {
        FileError(path, "cannot \(verb) \(path): \(reason(code))")
    }

    /// The system's text for an errno value, lower-cased as it reads inside a sentence.
    public static func reason(_ code: Int32) -> String {
        guard let s = strerror(code) else { return "error \(code)" }
        let text = String(decoding: UnsafeRawBufferPointer(start: s, count: strlen(s)), as: UTF8.self)
        guard let first = text.first else { return text }
        // "Read-only file system" → "read-only file system"; keep acronyms ("I/O error").
        let second = text.dropFirst().first
        return second.map { $0.isUppercase || $0 == "/" } == true ? text : first.lowercased() + text.dropFirst()
    }
}
