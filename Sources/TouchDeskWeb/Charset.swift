#if canImport(Glibc)
import Glibc
#endif

/// Which character encoding a page is in, and its text decoded.
///
/// The order is the one browsers use: a byte-order mark, the HTTP Content-Type's charset,
/// a `<meta charset>` or `<meta http-equiv="Content-Type">` in the first bytes, else UTF-8.
/// Bytes that are not valid UTF-8 fall back to Windows-1252 (which browsers also use for
/// "iso-8859-1" and "us-ascii"); other named encodings go through iconv.
public enum Charset {
    /// How far into the document `<meta>` is looked for (the HTML standard's prescan uses 1024).
    static let prescanLength = 4096

    /// The charset parameter of a Content-Type header value, lowercased.
    public static func fromContentType(_ contentType: String?) -> String? {
        guard let contentType else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingWhitespaceSubstring().lowercased() == "charset" else { continue }
            let value = pair[1].trimmingWhitespaceSubstring().trimmingCharacters("\"'")
            if !value.isEmpty { return value.lowercased() }
        }
        return nil
    }

    /// The charset a `<meta>` element names near the start of an HTML document.
    public static func fromMeta(_ bytes: [UInt8]) -> String? {
        let head = String(decoding: bytes.prefix(prescanLength).map { $0 < 0x80 ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
            .lowercased()
        var rest = Substring(head)
        while let start = rest.firstRange(of: "<meta") {
            let tail = rest[start.upperBound...]
            guard let close = tail.firstIndex(of: ">") else { return nil }
            let values = attributes(tail[..<close])
            if let value = values["charset"], !value.isEmpty { return value }
            if values["http-equiv"] == "content-type", let content = values["content"],
                let charset = fromContentType(content)
            {
                return charset
            }
            rest = tail[close...]
        }
        return nil
    }

    /// The encoding to decode a body with.
    public static func detect(contentType: String?, body: [UInt8]) -> String {
        if let bom = byteOrderMark(body) { return bom.name }
        return fromContentType(contentType) ?? fromMeta(body) ?? "utf-8"
    }

    /// Decodes a body; returns the text and the encoding actually used.
    public static func decode(_ body: [UInt8], contentType: String?) -> (text: String, charset: String) {
        if let bom = byteOrderMark(body) {
            let rest = Array(body.dropFirst(bom.length))
            if bom.name == "utf-8" { return decodeUTF8OrFallback(rest) }
            if let text = iconvDecode(rest, from: bom.name) { return (text, bom.name) }
        }
        let name = detect(contentType: contentType, body: body)
        switch normalized(name) {
        case "utf-8":
            return decodeUTF8OrFallback(body)
        case "windows-1252":
            return (decodeWindows1252(body), "windows-1252")
        case let other:
            if let text = iconvDecode(body, from: other) { return (text, other) }
            return decodeUTF8OrFallback(body)
        }
    }

    static func decodeUTF8OrFallback(_ bytes: [UInt8]) -> (text: String, charset: String) {
        if let text = String(validating: bytes, as: UTF8.self) { return (text, "utf-8") }
        return (decodeWindows1252(bytes), "windows-1252")
    }

    /// Windows-1252: Latin-1 with printable characters in 0x80–0x9F.
    public static func decodeWindows1252(_ bytes: [UInt8]) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.reserveCapacity(bytes.count)
        for byte in bytes {
            if (0x80...0x9F).contains(byte), let value = windows1252High[Int(byte - 0x80)] {
                scalars.append(Unicode.Scalar(value)!)
            } else {
                scalars.append(Unicode.Scalar(byte))
            }
        }
        return String(scalars)
    }

    private static let windows1252High: [UInt32?] = [
        0x20AC, nil, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, nil, 0x017D, nil,
        nil, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, nil, 0x017E, 0x0178,
    ]

    /// Labels browsers treat as one encoding.
    static func normalized(_ name: String) -> String {
        switch name.lowercased() {
        case "utf-8", "utf8", "unicode-1-1-utf-8", "x-unicode20utf8": "utf-8"
        case "iso-8859-1", "iso8859-1", "latin1", "l1", "us-ascii", "ascii", "windows-1252", "cp1252", "x-cp1252",
            "iso_8859-1", "cp819", "ibm819":
            "windows-1252"
        case let other: other
        }
    }

    private static func byteOrderMark(_ bytes: [UInt8]) -> (name: String, length: Int)? {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return ("utf-8", 3) }
        if bytes.starts(with: [0xFE, 0xFF]) { return ("utf-16be", 2) }
        if bytes.starts(with: [0xFF, 0xFE]) { return ("utf-16le", 2) }
        return nil
    }

    /// Any other encoding iconv knows; undecodable bytes become U+FFFD.
    static func iconvDecode(_ bytes: [UInt8], from name: String) -> String? {
        let converter = iconv_open("UTF-8", name)
        guard let converter, converter != iconv_t(bitPattern: -1) else { return nil }
        defer { iconv_close(converter) }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count * 2)
        var input = bytes
        var chunk = [CChar](repeating: 0, count: 16384)
        input.withUnsafeMutableBufferPointer { inBuffer in
            var inPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(inBuffer.baseAddress)?
                .assumingMemoryBound(to: CChar.self)
            var inLeft = inBuffer.count
            var finished = false
            while !finished {
                var skipped = false
                let count: Int = chunk.withUnsafeMutableBufferPointer { outBuffer in
                    var outPointer = outBuffer.baseAddress
                    var outLeft = outBuffer.count
                    let result: Int
                    if inLeft > 0 {
                        result = iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft)
                    } else {
                        result = iconv(converter, nil, nil, &outPointer, &outLeft)
                        finished = true
                    }
                    if result == -1, errno == EILSEQ || errno == EINVAL, inLeft > 0 {
                        // Skip one bad byte and mark it.
                        inPointer = inPointer?.advanced(by: 1)
                        inLeft -= 1
                        skipped = true
                    }
                    return outBuffer.count - outLeft
                }
                output.append(contentsOf: chunk[0..<count].map { UInt8(bitPattern: $0) })
                if skipped { output.append(contentsOf: [0xEF, 0xBF, 0xBD]) }
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The attributes of one tag (the text between `<meta` and `>`), names lowercased.
    private static func attributes(_ text: Substring) -> [String: String] {
        var result: [String: String] = [:]
        var rest = text
        func skipSpace() { rest = rest.drop(while: { $0.isWhitespace || $0 == "/" }) }
        skipSpace()
        while !rest.isEmpty {
            let name = rest.prefix(while: { !$0.isWhitespace && $0 != "=" && $0 != "/" })
            rest = rest[name.endIndex...]
            rest = rest.drop(while: { $0.isWhitespace })
            var value = ""
            if rest.first == "=" {
                rest = rest.dropFirst().drop(while: { $0.isWhitespace })
                if let quote = rest.first, quote == "\"" || quote == "'" {
                    let body = rest.dropFirst()
                    let closing = body.firstIndex(of: quote) ?? body.endIndex
                    value = String(body[..<closing])
                    rest = closing < body.endIndex ? body[body.index(after: closing)...] : body[closing...]
                } else {
                    let token = rest.prefix(while: { !$0.isWhitespace })
                    value = String(token)
                    rest = rest[token.endIndex...]
                }
            }
            if !name.isEmpty, result[String(name)] == nil { result[String(name)] = value.trimmingWhitespace() }
            if name.isEmpty { rest = rest.dropFirst() }
            skipSpace()
        }
        return result
    }
}

extension Substring {
    func trimmingWhitespaceSubstring() -> String { String(self).trimmingWhitespace() }
}

extension String {
    func trimmingCharacters(_ characters: String) -> String {
        var text = Substring(self)
        while let first = text.first, characters.contains(first) { text = text.dropFirst() }
        while let last = text.last, characters.contains(last) { text = text.dropLast() }
        return String(text)
    }
}
