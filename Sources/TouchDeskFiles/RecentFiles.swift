import TouchDeskInterface
import Foundation
import Glibc

/// The desktop's list of recently used files, shared by every program that follows the
/// freedesktop "Desktop Bookmark" spec (GTK's `GtkRecentManager`, KDE's, file managers):
/// `$XDG_DATA_HOME/recently-used.xbel`, an XBEL document with one `bookmark` per file:
///
///     <bookmark href="file:///…" added="…Z" modified="…Z" visited="…Z">
///       <info><metadata owner="http://freedesktop.org">
///         <mime:mime-type type="image/png"/>
///         <bookmark:applications>
///           <bookmark:application name="touchdesk" exec="&apos;touchdesk %u&apos;" modified="…Z" count="1"/>
///         </bookmark:applications>
///       </metadata></info>
///     </bookmark>
///
/// Adding a file reads the list, changes or appends that file's bookmark and writes the whole
/// list back through `AtomicFile` (a temporary file, then a rename): every element and attribute
/// another program wrote is kept. A list that does not parse is set aside as
/// `recently-used.xbel.corrupt` (never deleted) and a new one started; a list larger than
/// `maxBytes`, or something other than a regular file in its place, is left alone and nothing is
/// added. Either way the caller gets a sentence to show.
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
    /// How the spec's namespaces are declared on the root.
    static let bookmarkNamespace = "http://www.freedesktop.org/standards/desktop-bookmarks"
    static let mimeNamespace = "http://www.freedesktop.org/standards/shared-mime-info"
    static let metadataOwner = "http://freedesktop.org"

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
        case .document(let root): return entries(in: root).sorted { $0.used > $1.used }
        }
    }

    static func entries(in root: XMLElement) -> [Entry] {
        root.elements.filter { $0.name == "bookmark" }.compactMap { b -> Entry? in
            guard let href = b[attribute: "href"], let path = path(fromURI: href) else { return nil }
            let metadata = b.elements.first { $0.name == "info" }?.elements.first { $0.name == "metadata" }
            let mime = metadata?.elements.first { $0.name == "mime:mime-type" }?[attribute: "type"]
            let apps = metadata?.elements.first { $0.name == "bookmark:applications" }?.elements.filter { $0.name == "bookmark:application" } ?? []
            var times = ["added", "modified", "visited"].compactMap { b[attribute: $0].flatMap(parseTime) }
            for a in apps {
                if let m = a[attribute: "modified"].flatMap(parseTime) { times.append(m) }
                // The older form of the spec: seconds since 1970.
                if let t = a[attribute: "timestamp"].flatMap(Double.init) { times.append(t) }
            }
            return Entry(path: path, mimeType: mime, used: times.max() ?? 0, applications: apps.compactMap { $0[attribute: "name"] })
        }
    }

    enum Loaded { case missing, document(XMLElement), damaged(FileError) }

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
        let data = try SafeFile.read(list, maxBytes: maxBytes)
        do {
            let root = try XMLElement.parse([UInt8](data))
            guard root.name == "xbel" else { throw XMLElement.ParseError(line: 1, reason: tr("the root element is <{0}>, not <xbel>", "\(root.name)")) }
            return .document(root)
        } catch {
            return .damaged(FileError(list, tr("the recent files list {0} is damaged ({1})", list, "\(error)")))
        }
    }

    // MARK: - Adding

    /// Records that `application` (run as `exec`, e.g. "touchdesk %u") opened or saved `file`
    /// (an absolute path) now, in the list at `list`.
    @discardableResult
    public static func add(_ file: String, mimeType: String, application: String, exec: String, to list: String,
                           now: Double = Date().timeIntervalSince1970) throws(FileError) -> Added {
        var note: String?
        var root: XMLElement
        var before = stat()
        let existed = Paths.withSystemPath(list, { stat($0, &before) }) == 0
        switch try load(list) {
        case .missing: root = emptyList()
        case .document(let r): root = r
        case .damaged(let why):
            // Kept under a new name, never overwritten. (Anything else, too big, a FIFO,
            // unreadable, was thrown above: left alone, and the caller says so.)
            switch AtomicFile.setAside(list) {
            case .success(let aside): note = tr("{0}; it was kept as {1} and a new list started", why.description, "\(aside)")
            case .failure(let failure): throw FileError(list, tr("{0}, and could not be set aside ({1}): nothing was added", why.description, "\(failure)"))
            }
            warn(note!)
            root = emptyList()
        }
        touch(&root, file: file, mimeType: mimeType, application: application, exec: exec, now: now)
        // Another program may have written the list while we read it: then start again from its
        // version, once, so its new entry is kept too.
        var after = stat()
        if existed, note == nil, Paths.withSystemPath(list, { stat($0, &after) }) == 0,
           after.st_mtim.tv_sec != before.st_mtim.tv_sec || after.st_mtim.tv_nsec != before.st_mtim.tv_nsec || after.st_size != before.st_size,
           case .document(var fresh) = try load(list) {
            touch(&fresh, file: file, mimeType: mimeType, application: application, exec: exec, now: now)
            root = fresh
        }
        try AtomicFile.write(Data(root.document().utf8), to: list, fileMode: 0o600, createFolder: 0o700)
        return Added(note: note)
    }

    static func emptyList() -> XMLElement {
        XMLElement("xbel", attributes: [.init("version", "1.0"), .init("xmlns:bookmark", bookmarkNamespace), .init("xmlns:mime", mimeNamespace)],
                   children: [.text("\n")])
    }

    /// Updates (or appends) `file`'s bookmark in `root`.
    static func touch(_ root: inout XMLElement, file: String, mimeType: String, application: String, exec: String, now: Double) {
        let stamp = formatTime(now)
        // The spec's namespaces, if a list written by someone else left them out.
        if root[attribute: "xmlns:bookmark"] == nil { root[attribute: "xmlns:bookmark"] = bookmarkNamespace }
        if root[attribute: "xmlns:mime"] == nil { root[attribute: "xmlns:mime"] = mimeNamespace }
        let found = root.updateFirst("bookmark", where: { $0[attribute: "href"].flatMap(path(fromURI:)) == file }) { b in
            b[attribute: "modified"] = stamp
            b[attribute: "visited"] = stamp
            if b[attribute: "added"] == nil { b[attribute: "added"] = stamp }
            updateMetadata(&b, mimeType: mimeType, application: application, exec: exec, stamp: stamp)
        }
        guard !found else { return }
        var b = XMLElement("bookmark", attributes: [.init("href", uri(forPath: file)), .init("added", stamp), .init("modified", stamp), .init("visited", stamp)])
        updateMetadata(&b, mimeType: mimeType, application: application, exec: exec, stamp: stamp)
        if case .text(let t)? = root.children.last, t.allSatisfy(\.isWhitespace) { root.children.removeLast() }
        root.children.append(.text("\n  "))
        root.children.append(.element(b))
        root.children.append(.text("\n"))
    }

    static func updateMetadata(_ b: inout XMLElement, mimeType: String, application: String, exec: String, stamp: String) {
        if !b.elements.contains(where: { $0.name == "info" }) { b.children.append(.element(XMLElement("info"))) }
        _ = b.updateFirst("info") { info in
            if !info.elements.contains(where: { $0.name == "metadata" && $0[attribute: "owner"] == metadataOwner }) {
                info.children.append(.element(XMLElement("metadata", attributes: [.init("owner", metadataOwner)])))
            }
            _ = info.updateFirst("metadata", where: { $0[attribute: "owner"] == metadataOwner }) { m in
                if !m.updateFirst("mime:mime-type", { $0[attribute: "type"] = mimeType }) {
                    m.children.insert(.element(XMLElement("mime:mime-type", attributes: [.init("type", mimeType)])), at: 0)
                }
                if !m.elements.contains(where: { $0.name == "bookmark:applications" }) {
                    m.children.append(.element(XMLElement("bookmark:applications")))
                }
                _ = m.updateFirst("bookmark:applications") { apps in
                    let mine = apps.updateFirst("bookmark:application", where: { $0[attribute: "name"] == application }) { a in
                        a[attribute: "exec"] = exec
                        a[attribute: "modified"] = stamp
                        a[attribute: "count"] = String((a[attribute: "count"].flatMap { Int($0) } ?? 0) + 1)
                    }
                    if !mine {
                        apps.children.append(.element(XMLElement("bookmark:application", attributes: [
                            .init("name", application), .init("exec", exec), .init("modified", stamp), .init("count", "1"),
                        ])))
                    }
                }
            }
        }
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

    /// "2026-11-26T15:46:58.029122Z", as GLib writes them.
    static func formatTime(_ t: Double) -> String {
        var secs = time_t(t.rounded(.down))
        let micros = Int(((t - Double(secs)) * 1e6).rounded(.down))
        var tm = tm()
        gmtime_r(&secs, &tm)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d.%06dZ", Int(tm.tm_year) + 1900, Int(tm.tm_mon) + 1, Int(tm.tm_mday),
                      Int(tm.tm_hour), Int(tm.tm_min), Int(tm.tm_sec), max(0, min(999_999, micros)))
    }

    /// Reads "YYYY-MM-DDTHH:MM:SS[.frac]Z" (the form the spec asks for); nil for anything else.
    static func parseTime(_ s: String) -> Double? {
        let u = Array(s.utf8)
        guard u.count >= 20, u.last == UInt8(ascii: "Z") else { return nil }
        func num(_ r: Range<Int>) -> Int? { Int(String(decoding: u[r], as: UTF8.self)) }
        guard let y = num(0..<4), let mo = num(5..<7), let d = num(8..<10), let h = num(11..<13), let mi = num(14..<16), let sec = num(17..<19),
              u[4] == 0x2D, u[7] == 0x2D, u[10] == UInt8(ascii: "T"), u[13] == 0x3A, u[16] == 0x3A,
              (1...12).contains(mo), (1...31).contains(d), h < 24, mi < 60, sec < 61 else { return nil }
        var tm = tm()
        tm.tm_year = Int32(y - 1900); tm.tm_mon = Int32(mo - 1); tm.tm_mday = Int32(d)
        tm.tm_hour = Int32(h); tm.tm_min = Int32(mi); tm.tm_sec = Int32(sec)
        var frac = 0.0
        if u.count > 20, u[19] == UInt8(ascii: "."), let f = Double("0" + String(decoding: u[19..<u.count - 1], as: UTF8.self)) { frac = f }
        return Double(timegm(&tm)) + frac
    }
}
