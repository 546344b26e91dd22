/// What a launch asks for: an app to open, and a file or address for it.
///
/// The words come from a person (`touchdesk paint photo.png`) or from the desktop: the entry's
/// `Exec=touchdesk %U` passes the files and URLs a file manager opens with TouchDesk, as paths or
/// `file://` URIs, with no app name in front. A document alone picks its own app: a PNG picture
/// opens Paintbrush, anything else (an HTML file, a URL) Web Pages. The same value travels from a
/// second launch to the running window (see the host's single-instance hand-over).
public struct LaunchRequest: Equatable, Sendable, Codable {
    /// The app's id (`paint`, `web` …), or nil for the home screen.
    public var app: String?
    /// The file or address the app opens: for Paintbrush a path (a `file://` URI is turned into
    /// one), for Web Pages whatever was given.
    public var address: String?
    /// Documents beyond the first, which one window does not open at once.
    public var ignored: [String]

    public init(app: String? = nil, address: String? = nil, ignored: [String] = []) {
        self.app = app; self.address = address; self.ignored = ignored
    }

    /// Paintbrush's and Web Pages' ids, the two apps a document can pick.
    public static let paintID = "paint", webID = "web"

    /// Reads the positional words of a command line. A first word that names an app keeps today's
    /// meaning (`touchdesk web URL`); a first word that looks like a document (a URL, a path, a
    /// name with an extension) opens its app. Anything else stays the app's name, so an unknown
    /// name is refused with the list of apps, as before.
    public static func parse(_ words: [String], appIDs: Set<String>) -> LaunchRequest {
        guard let first = words.first else { return LaunchRequest() }
        if appIDs.contains(first) || !looksLikeDocument(first) {
            var r = LaunchRequest(app: first, address: words.count > 1 ? words[1] : nil, ignored: Array(words.dropFirst(2)))
            if first == paintID, let a = r.address { r.address = filePath(a) ?? a }
            return r
        }
        let app = isPNG(first) ? paintID : webID
        return LaunchRequest(app: app, address: app == paintID ? (filePath(first) ?? first) : first,
                             ignored: Array(words.dropFirst()))
    }

    /// The URIs of a `text/uri-list` (RFC 2483 §5, what XDND drops carry): one per line, lines
    /// ending in CRLF (a bare LF is taken too), `#` lines are comments, blank lines skipped.
    public static func uris(inURIList text: String) -> [String] {
        text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\r\n" || $0 == "\n" || $0 == "\r" })
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    /// A URL (`scheme://`), a path (with a slash), or a file name with an extension.
    public static func looksLikeDocument(_ word: String) -> Bool {
        if word.contains("://") || word.contains("/") { return true }
        guard let dot = word.lastIndex(of: "."), dot != word.startIndex else { return false }
        return word.index(after: dot) != word.endIndex
    }

    /// A PNG by its name: `.png` in any case, as a path or a `file://` URI.
    public static func isPNG(_ word: String) -> Bool {
        if word.contains("://") && !word.lowercased().hasPrefix("file://") { return false }
        return (filePath(word) ?? word).lowercased().hasSuffix(".png")
    }

    /// The local path a `file://` URI names (`file:///home/a/b%20c.png` → `/home/a/b c.png`,
    /// `file://localhost/…` too), or nil when the word is not such a URI or decodes to nothing
    /// usable (a bad escape, a NUL, another host).
    public static func filePath(_ word: String) -> String? {
        guard word.lowercased().hasPrefix("file://") else { return nil }
        var rest = Substring(word.dropFirst("file://".count))
        if rest.lowercased().hasPrefix("localhost/") { rest = rest.dropFirst("localhost".count) }
        guard rest.hasPrefix("/") else { return nil }
        var bytes: [UInt8] = []
        var utf8 = Array(rest.utf8)[...]
        while let b = utf8.popFirst() {
            if b == UInt8(ascii: "%") {
                guard utf8.count >= 2, let v = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) else { return nil }
                utf8 = utf8.dropFirst(2)
                bytes.append(v)
            } else if b == UInt8(ascii: "?") || b == UInt8(ascii: "#") {
                break
            } else {
                bytes.append(b)
            }
        }
        guard !bytes.contains(0), let path = String(validating: bytes, as: UTF8.self) else { return nil }
        return path
    }
}
