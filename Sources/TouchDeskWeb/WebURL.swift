#if canImport(Glibc)
import Glibc
#endif

/// A URL or relative reference, split as RFC 3986 Appendix B does, that resolves references
/// as its §5 says.
///
/// Parsing is lenient the way browsers are: spaces and non-ASCII characters in the path,
/// query and fragment are percent-encoded instead of refused. Only `http`, `https` and
/// `file` can be loaded; `validatedForLoading()` refuses the rest with a message.
public struct WebURL: Sendable, Hashable, CustomStringConvertible {
    /// Lowercased; nil for a relative reference.
    public let scheme: String?
    /// The part after `//` (user info, host, port); nil when there is no `//`.
    public let authority: String?
    public let path: String
    public let query: String?
    public let fragment: String?

    public init(scheme: String?, authority: String?, path: String, query: String?, fragment: String?) {
        self.scheme = scheme?.lowercased()
        self.authority = authority
        self.path = path
        self.query = query
        self.fragment = fragment
    }

    /// Splits any URI reference; never fails, since every string is a reference (RFC 3986 Appendix B).
    public init(reference text: String) {
        let chars = Array(WebURL.encodeLeniently(text.trimmingWhitespace()).utf8)
        var index = 0
        var scheme: String?
        if let colon = chars.firstIndex(where: { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "/")
            || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }),
            chars[colon] == UInt8(ascii: ":"), colon > 0, WebURL.isSchemeStart(chars[0]),
            chars[1..<colon].allSatisfy(WebURL.isSchemeCharacter)
        {
            scheme = String(decoding: chars[0..<colon], as: UTF8.self)
            index = colon + 1
        }
        var authority: String?
        if chars.count - index >= 2, chars[index] == UInt8(ascii: "/"), chars[index + 1] == UInt8(ascii: "/") {
            let start = index + 2
            var end = start
            while end < chars.count, !"/?#".utf8.contains(chars[end]) { end += 1 }
            authority = String(decoding: chars[start..<end], as: UTF8.self)
            index = end
        }
        var end = index
        while end < chars.count, chars[end] != UInt8(ascii: "?"), chars[end] != UInt8(ascii: "#") { end += 1 }
        let path = String(decoding: chars[index..<end], as: UTF8.self)
        index = end
        var query: String?
        if index < chars.count, chars[index] == UInt8(ascii: "?") {
            var stop = index + 1
            while stop < chars.count, chars[stop] != UInt8(ascii: "#") { stop += 1 }
            query = String(decoding: chars[(index + 1)..<stop], as: UTF8.self)
            index = stop
        }
        var fragment: String?
        if index < chars.count, chars[index] == UInt8(ascii: "#") {
            fragment = String(decoding: chars[(index + 1)...], as: UTF8.self)
        }
        self.init(scheme: scheme, authority: authority, path: path, query: query, fragment: fragment)
    }

    /// Parses an absolute URL that can be loaded, or says why not.
    public init(string: String) throws(WebURLError) {
        let trimmed = string.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw .malformed("The address is empty.") }
        let url = WebURL(reference: trimmed)
        guard url.scheme != nil else { throw .malformed("“\(trimmed)” has no scheme such as http:// or file://.") }
        self = try url.validatedForLoading()
    }

    /// The reference composed again (RFC 3986 §5.3).
    public var description: String {
        var text = ""
        if let scheme { text += scheme + ":" }
        if let authority { text += "//" + authority }
        text += path
        if let query { text += "?" + query }
        if let fragment { text += "#" + fragment }
        return text
    }

    public var withoutFragment: WebURL {
        WebURL(scheme: scheme, authority: authority, path: path, query: query, fragment: nil)
    }

    public func withFragment(_ fragment: String?) -> WebURL {
        WebURL(scheme: scheme, authority: authority, path: path, query: query, fragment: fragment)
    }

    /// The host, lowercased, without user info or port.
    public var host: String? {
        guard var hostPort = authority else { return nil }
        if let at = hostPort.lastIndex(of: "@") { hostPort = String(hostPort[hostPort.index(after: at)...]) }
        if hostPort.hasPrefix("["), let close = hostPort.firstIndex(of: "]") {
            return String(hostPort[...close]).lowercased()
        }
        if let colon = hostPort.lastIndex(of: ":") { hostPort = String(hostPort[..<colon]) }
        return hostPort.lowercased()
    }

    /// The explicit port, or the scheme's default.
    public var port: Int? {
        guard var hostPort = authority else { return nil }
        if let at = hostPort.lastIndex(of: "@") { hostPort = String(hostPort[hostPort.index(after: at)...]) }
        if let close = hostPort.lastIndex(of: "]") { hostPort = String(hostPort[hostPort.index(after: close)...]) }
        if let colon = hostPort.lastIndex(of: ":"), let port = Int(hostPort[hostPort.index(after: colon)...]) {
            return port
        }
        switch scheme {
        case "http": return 80
        case "https": return 443
        default: return nil
        }
    }

    public var isHTTP: Bool { scheme == "http" || scheme == "https" }
    public var isFile: Bool { scheme == "file" }

    // MARK: - Resolution (RFC 3986 §5.2)

    /// Resolves a reference against this URL as base (§5.2.2, strict).
    public func resolving(_ reference: WebURL) -> WebURL {
        let r = reference
        if r.scheme != nil {
            return WebURL(scheme: r.scheme, authority: r.authority, path: WebURL.removeDotSegments(r.path),
                          query: r.query, fragment: r.fragment)
        }
        if r.authority != nil {
            return WebURL(scheme: scheme, authority: r.authority, path: WebURL.removeDotSegments(r.path),
                          query: r.query, fragment: r.fragment)
        }
        if r.path.isEmpty {
            return WebURL(scheme: scheme, authority: authority, path: path, query: r.query ?? query,
                          fragment: r.fragment)
        }
        let merged = r.path.hasPrefix("/") ? r.path : merge(r.path)
        return WebURL(scheme: scheme, authority: authority, path: WebURL.removeDotSegments(merged),
                      query: r.query, fragment: r.fragment)
    }

    public func resolving(_ reference: String) -> WebURL {
        resolving(WebURL(reference: reference))
    }

    /// §5.2.3
    private func merge(_ referencePath: String) -> String {
        if authority != nil && path.isEmpty { return "/" + referencePath }
        guard let slash = path.lastIndex(of: "/") else { return referencePath }
        return String(path[...slash]) + referencePath
    }

    /// §5.2.4
    static func removeDotSegments(_ path: String) -> String {
        var input = Substring(path)
        var output: [Substring] = []  // each segment with its leading "/" when it has one
        while !input.isEmpty {
            if input.hasPrefix("../") {
                input = input.dropFirst(3)
            } else if input.hasPrefix("./") {
                input = input.dropFirst(2)
            } else if input.hasPrefix("/./") {
                input = input.dropFirst(2)
            } else if input == "/." {
                input = "/"
            } else if input.hasPrefix("/../") {
                input = input.dropFirst(3)
                _ = output.popLast()
            } else if input == "/.." {
                input = "/"
                _ = output.popLast()
            } else if input == "." || input == ".." {
                input = ""
            } else {
                let searchStart = input.hasPrefix("/") ? input.index(after: input.startIndex) : input.startIndex
                let end = input[searchStart...].firstIndex(of: "/") ?? input.endIndex
                output.append(input[..<end])
                input = input[end...]
            }
        }
        return output.joined()
    }

    // MARK: - Loading

    /// This URL if TouchDesk can load it, else why not.
    public func validatedForLoading() throws(WebURLError) -> WebURL {
        guard let scheme else { throw .malformed("“\(self)” is not an absolute address.") }
        switch scheme {
        case "http", "https":
            guard let authority, let host, !host.isEmpty else {
                throw .malformed("“\(self)” names no host.")
            }
            let hostOK = host.hasPrefix("[")
                ? host.utf8.allSatisfy { WebURL.isHexOrColon($0) || $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") || $0 == UInt8(ascii: ".") }
                : host.utf8.allSatisfy { WebURL.isHostCharacter($0) }
            guard hostOK else { throw .malformed("“\(host)” is not a valid host name.") }
            if let colon = authority.lastIndex(of: ":"), !authority[colon...].contains("]") {
                let digits = authority[authority.index(after: colon)...]
                if !digits.isEmpty {
                    guard let port = Int(digits), (1...65535).contains(port) else {
                        throw .malformed("“\(digits)” is not a valid port.")
                    }
                }
            }
            return WebURL(scheme: scheme, authority: authority.lowercased(), path: path.isEmpty ? "/" : path,
                          query: query, fragment: fragment)
        case "file":
            if let authority, !authority.isEmpty, authority.lowercased() != "localhost" {
                throw .malformed("file:// addresses on another machine (“\(authority)”) cannot be opened.")
            }
            guard path.hasPrefix("/") else { throw .malformed("“\(self)” has no absolute file path.") }
            return self
        default:
            throw .unsupportedScheme(scheme)
        }
    }

    /// What a person types or passes on the command line: a URL, a file path, or a host name.
    public static func fromUserInput(_ text: String, currentDirectory: String) throws(WebURLError) -> WebURL {
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw .malformed("The address is empty.") }
        if trimmed.hasPrefix("/") { return WebURL(filePath: trimmed) }
        if trimmed.hasPrefix("~/"), let home = environmentValue("HOME") {
            return WebURL(filePath: home + trimmed.dropFirst())
        }
        if trimmed.hasPrefix("./") || trimmed.hasPrefix("../") || fileExists(currentDirectory + "/" + trimmed) {
            return WebURL(filePath: currentDirectory + "/" + trimmed)
        }
        let reference = WebURL(reference: trimmed)
        // "localhost:8000" splits as scheme "localhost"; a digit after the colon means a port.
        if reference.scheme != nil, !(reference.authority == nil && reference.path.first?.isNumber == true) {
            return try WebURL(string: trimmed)
        }
        guard !trimmed.contains(" ") else { throw .malformed("“\(trimmed)” is not an address.") }
        return try WebURL(string: "http://" + trimmed)
    }

    /// A file:// URL for an absolute path, percent-encoded; "." and ".." are removed.
    public init(filePath: String) {
        var encoded = ""
        for byte in filePath.utf8 {
            if WebURL.isUnreserved(byte) || "/!$&'()*+,;=:@".utf8.contains(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += WebURL.percentEncoded(byte)
            }
        }
        self.init(scheme: "file", authority: "", path: WebURL.removeDotSegments(encoded), query: nil, fragment: nil)
    }

    /// The local path of a file:// URL, percent-decoded.
    public var filePath: String? {
        guard isFile else { return nil }
        return WebURL.percentDecoded(path)
    }

    /// The last path segment, decoded, for titles.
    public var lastPathComponent: String {
        let decoded = WebURL.percentDecoded(path)
        return decoded.split(separator: "/").last.map(String.init) ?? decoded
    }

    // MARK: - Characters

    static func percentEncoded(_ byte: UInt8) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        return String(decoding: [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]], as: UTF8.self)
    }

    static func percentDecoded(_ text: String) -> String {
        var bytes: [UInt8] = []
        let utf8 = Array(text.utf8)
        var i = 0
        func hexValue(_ c: UInt8) -> UInt8? {
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
            default: return nil
            }
        }
        while i < utf8.count {
            if utf8[i] == UInt8(ascii: "%"), i + 2 < utf8.count, let high = hexValue(utf8[i + 1]),
                let low = hexValue(utf8[i + 2])
            {
                bytes.append(high << 4 | low)
                i += 3
            } else {
                bytes.append(utf8[i])
                i += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Encodes what may not appear in a URI (spaces, controls, non-ASCII, `"<>\^`{|}`).
    static func encodeLeniently(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 <= 0x20 || $0 >= 0x7f || "\"<>\\^`{|}".utf8.contains($0) }) else {
            return text
        }
        var result = ""
        for byte in text.utf8 {
            if byte <= 0x20 || byte >= 0x7f || "\"<>\\^`{|}".utf8.contains(byte) {
                result += percentEncoded(byte)
            } else {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return result
    }

    private static func isSchemeStart(_ c: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(c | 0x20)
    }

    private static func isSchemeCharacter(_ c: UInt8) -> Bool {
        isSchemeStart(c) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) || "+-.".utf8.contains(c)
    }

    private static func isUnreserved(_ c: UInt8) -> Bool {
        isSchemeStart(c) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) || "-._~".utf8.contains(c)
    }

    private static func isHostCharacter(_ c: UInt8) -> Bool {
        isUnreserved(c)
    }

    private static func isHexOrColon(_ c: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(c | 0x20)
            || c == UInt8(ascii: ":")
    }
}

/// Why an address cannot be loaded.
public enum WebURLError: Error, Sendable, Equatable, CustomStringConvertible {
    case malformed(String)
    case unsupportedScheme(String)

    public var description: String {
        switch self {
        case .malformed(let message): message
        case .unsupportedScheme(let scheme):
            "TouchDesk opens only http, https and file addresses, not \(scheme): links."
        }
    }
}

extension String {
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}

private func fileExists(_ path: String) -> Bool {
    access(path, F_OK) == 0
}

private func environmentValue(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
}
