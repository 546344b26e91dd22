import TouchDeskInterface
import Foundation
import Glibc
import CGLib

/// The desktop's list of recently used files, shared by every program that follows the
/// freedesktop "Desktop Bookmark" spec (GTK's `GtkRecentManager`, KDE's, file managers):
/// `$XDG_DATA_HOME/recently-used.xbel`, an XBEL document with one `bookmark` per file.
///
/// Read and written through GLib's `GBookmarkFile`, the same code GTK's recent manager uses, so
/// what GTK writes and reads is exactly what we keep: every bookmark, its title, groups, private
/// flag and every program's application entry. (Metadata of owners other than freedesktop.org
/// is dropped by GLib on a rewrite, as it is when any GTK program adds a file.)
///
/// Adding a file reads the list, changes or appends that file's bookmark and writes the whole
/// list back through `AtomicFile` (a temporary file, then a rename). A list that does not parse
/// is set aside as `recently-used.xbel.corrupt` (never deleted) and a new one started; a list
/// larger than `maxBytes`, or something other than a regular file in its place, is left alone and
/// nothing is added. Either way the caller gets a sentence to show.
public enum RecentFiles {
    /// One bookmark as TouchDesk reads it.
    public struct Entry: Sendable, Equatable {
        /// The file's path (from a `file://` href; other schemes are skipped).
        public let path: String
        public let mimeType: String?
        /// When it was last used (the latest of modified, visited, added and its applications'
        /// times), in seconds since 1970.
        public let used: Double
        /// The programs that used it.
        public let applications: [String]
    }

    /// The largest list read (GTK's own lists stay far below; a bigger file is not ours to rewrite).
    public static let maxBytes = 16 << 20

    /// What came of adding a file: `note` is set when the user should hear about the list itself
    /// (set aside because damaged).
    public struct Added: Sendable, Equatable {
        public let note: String?
    }

    // MARK: - Reading

    /// The recent files in `list` (the `.xbel`), most recently used first; an empty list when
    /// there is no file; a `FileError` saying why when it cannot be read or parsed.
    public static func read(_ list: String) throws(FileError) -> [Entry] {
        switch try load(list) {
        case .missing: return []
        case .damaged(let why): throw why
        case .document(let file): return file.entries().sorted { $0.used > $1.used }
        }
    }

    enum Loaded { case missing, document(BookmarkFile), damaged(FileError) }

    /// The document at `list`; throws when it cannot be read (too big, not a regular file).
    static func load(_ list: String) throws(FileError) -> Loaded {
        var st = stat()
        guard Paths.withSystemPath(list, { stat($0, &st) }) == 0 else {
            if errno == ENOENT { return .missing }
            throw FileError.system(.readRecentList, list, errno)
        }
        if st.st_mode & S_IFMT == S_IFREG && Int(st.st_size) > maxBytes {
            throw FileError(list, tr("the recent files list {0} is {1} MB, more than the {2} MB TouchDesk reads: it is left as it is, and no file is added to it", list, "\(Int(st.st_size) >> 20)", "\(maxBytes >> 20)"))
        }
        // Our own bounded, non-blocking read (a FIFO or a huge file never reaches GLib).
        let data = try SafeFile.read(list, maxBytes: maxBytes)
        let file = BookmarkFile()
        if let problem = file.load([UInt8](data)) {
            return .damaged(FileError(list, tr("the recent files list {0} is damaged ({1})", list, problem)))
        }
        return .document(file)
    }

    // MARK: - Adding

    /// Records that `application` (run as the command line `exec`, e.g. "touchdesk %u") opened or
    /// saved `file` (an absolute path) now, in the list at `list`.
    @discardableResult
    public static func add(_ file: String, mimeType: String, application: String, exec: String, to list: String,
                           now: Double = Date().timeIntervalSince1970) throws(FileError) -> Added {
        var note: String?
        var document: BookmarkFile
        var before = stat()
        let existed = Paths.withSystemPath(list, { stat($0, &before) }) == 0
        switch try load(list) {
        case .missing: document = BookmarkFile()
        case .document(let d): document = d
        case .damaged(let why):
            // Kept under a new name, never overwritten. (Anything else, too big, a FIFO,
            // unreadable, was thrown above: left alone, and the caller says so.)
            switch AtomicFile.setAside(list) {
            case .success(let aside): note = tr("{0}; it was kept as {1} and a new list started", why.description, "\(aside)")
            case .failure(let failure): throw FileError(list, tr("{0}, and could not be set aside ({1}): nothing was added", why.description, "\(failure)"))
            }
            warn(note!)
            document = BookmarkFile()
        }
        document.touch(uri(forPath: file), mimeType: mimeType, application: application, exec: exec, now: now)
        // Another program may have written the list while we read it: then start again from its
        // version, once, so its new entry is kept too.
        var after = stat()
        if existed, note == nil, Paths.withSystemPath(list, { stat($0, &after) }) == 0,
           after.st_mtim.tv_sec != before.st_mtim.tv_sec || after.st_mtim.tv_nsec != before.st_mtim.tv_nsec || after.st_size != before.st_size,
           case .document(let fresh) = try load(list) {
            fresh.touch(uri(forPath: file), mimeType: mimeType, application: application, exec: exec, now: now)
            document = fresh
        }
        try AtomicFile.write(Data(document.data()), to: list, fileMode: 0o600, createFolder: 0o700)
        return Added(note: note)
    }

    // MARK: - URIs and times

    /// `file://` and the path's bytes, each outside the unreserved set (and "/") as %XX.
    public static func uri(forPath path: String) -> String {
        var out = "file://"
        for byte in Paths.systemBytes(path) {
            let c = Character(Unicode.Scalar(byte))
            if byte < 0x80 && (c.isLetter || c.isNumber || "-._~/!$&'()*+,;=:@".contains(c)) { out.append(c) } else {
                out += String(format: "%%%02X", byte)
            }
        }
        return out
    }

    /// The path a `file://` URI names (with no host or "localhost"), its bytes kept losslessly;
    /// nil for other URIs.
    public static func path(fromURI uri: String) -> String? {
        guard uri.hasPrefix("file://") else { return nil }
        var rest = Substring(uri.dropFirst(7))
        if rest.hasPrefix("localhost/") { rest = rest.dropFirst(9) }
        guard rest.hasPrefix("/") else { return nil }
        var bytes: [UInt8] = []
        let u = Array(rest.utf8)
        var i = 0
        while i < u.count {
            if u[i] == UInt8(ascii: "%"), i + 2 < u.count, let v = UInt8(String(decoding: u[i + 1...i + 2], as: UTF8.self), radix: 16) {
                bytes.append(v)
                i += 3
            } else {
                bytes.append(u[i])
                i += 1
            }
        }
        guard !bytes.contains(0) else { return nil }
        return Paths.string(fromSystem: bytes)
    }
}
