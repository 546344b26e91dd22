import TouchDeskInterface

/// A small XML reader and writer for files other programs share with us (the desktop's
/// `recently-used.xbel`): elements, attributes, text, and comments, processing instructions and
/// CDATA kept as they were, so that a file read and written again loses nothing another program
/// put in it. No DTDs and no entities beyond XML's five and character references: a file that
/// declares its own is refused rather than expanded (no "billion laughs"). Nesting deeper than
/// `maxDepth` is refused, so a hostile file cannot exhaust the stack.
public struct XMLElement: Sendable, Equatable {
    public struct Attribute: Sendable, Equatable {
        public var name: String
        public var value: String
        public init(_ name: String, _ value: String) { self.name = name; self.value = value }
    }

    public enum Node: Sendable, Equatable {
        case element(XMLElement)
        case text(String)
        /// A comment, processing instruction or CDATA section, written back byte for byte.
        case raw(String)
    }

    public var name: String
    public var attributes: [Attribute]
    public var children: [Node]

    public init(_ name: String, attributes: [Attribute] = [], children: [Node] = []) {
        self.name = name; self.attributes = attributes; self.children = children
    }

    public subscript(attribute name: String) -> String? {
        get { attributes.first { $0.name == name }?.value }
        set {
            if let i = attributes.firstIndex(where: { $0.name == name }) {
                if let newValue { attributes[i].value = newValue } else { attributes.remove(at: i) }
            } else if let newValue {
                attributes.append(Attribute(name, newValue))
            }
        }
    }

    /// The child elements, in order.
    public var elements: [XMLElement] {
        children.compactMap { if case .element(let e) = $0 { e } else { nil } }
    }

    /// Changes the first child element named `name` that `matching` accepts; false when there is none.
    public mutating func updateFirst(_ name: String, where matching: (XMLElement) -> Bool = { _ in true },
                                     _ change: (inout XMLElement) -> Void) -> Bool {
        for i in children.indices {
            if case .element(var e) = children[i], e.name == name, matching(e) {
                change(&e)
                children[i] = .element(e)
                return true
            }
        }
        return false
    }

    // MARK: - Writing

    /// The document: an XML declaration, then this element.
    public func document() -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        write(to: &out)
        out += "\n"
        return out
    }

    public func write(to out: inout String) {
        out += "<" + name
        for a in attributes { out += " \(a.name)=\"\(Self.escape(a.value, attribute: true))\"" }
        guard !children.isEmpty else { out += "/>"; return }
        out += ">"
        for child in children {
            switch child {
            case .element(let e): e.write(to: &out)
            case .text(let t): out += Self.escape(t, attribute: false)
            case .raw(let r): out += r
            }
        }
        out += "</\(name)>"
    }

    static func escape(_ s: String, attribute: Bool) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for ch in s.unicodeScalars {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where attribute: out += "&quot;"
            case "'" where attribute: out += "&apos;"
            case "\n" where attribute: out += "&#10;"
            case "\t" where attribute: out += "&#9;"
            case "\r": out += "&#13;"
            default: out.unicodeScalars.append(ch)
            }
        }
        return out
    }

    // MARK: - Reading

    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public let line: Int
        public let reason: String
        public var description: String { tr("line {0}: {1}", "\(line)", "\(reason)") }
    }

    /// How deeply elements may nest.
    public static let maxDepth = 256

    /// Reads a whole document; its root element.
    public static func parse(_ bytes: [UInt8]) throws(ParseError) -> XMLElement {
        var p = Parser(bytes: bytes)
        return try p.document()
    }

    struct Parser {
        let bytes: [UInt8]
        var i = 0

        init(bytes: [UInt8]) {
            self.bytes = bytes
            // A byte-order mark is allowed before the declaration.
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
        }

        func fail(_ reason: String) -> ParseError {
            ParseError(line: bytes[..<min(i, bytes.count)].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }, reason: reason)
        }

        func starts(_ s: String) -> Bool {
            let u = Array(s.utf8)
            return i + u.count <= bytes.count && bytes[i..<i + u.count].elementsEqual(u)
        }

        mutating func skipSpace() { while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 } }

        /// Up to and past `end`; what came before it.
        /// `what` is the English name of the construct, translated only if it is not closed.
        mutating func until(_ end: String, what: String) throws(ParseError) -> String {
            let u = Array(end.utf8)
            let start = i
            while i + u.count <= bytes.count {
                if bytes[i] == u[0] && bytes[i..<i + u.count].elementsEqual(u) {
                    let s = text(start..<i)
                    i += u.count
                    return s
                }
                i += 1
            }
            i = start
            throw fail(tr("{0} is not closed", tr(what)))
        }

        func text(_ r: Range<Int>) -> String { String(decoding: bytes[r], as: UTF8.self) }

        mutating func document() throws(ParseError) -> XMLElement {
            try misc()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "<") else { throw fail(i >= bytes.count ? tr("the file is empty") : tr("no root element")) }
            let root = try element(depth: 0)
            try misc()
            guard i >= bytes.count else { throw fail(tr("text after the root element")) }
            return root
        }

        /// Declarations, comments, processing instructions and space around the root.
        mutating func misc() throws(ParseError) {
            while true {
                skipSpace()
                if starts("<?") { i += 2; _ = try until("?>", what: translatable("a processing instruction")) }
                else if starts("<!--") { i += 4; _ = try until("-->", what: translatable("a comment")) }
                else if starts("<!DOCTYPE") {
                    let start = i
                    while i < bytes.count && bytes[i] != UInt8(ascii: ">") {
                        if bytes[i] == UInt8(ascii: "[") { i = start; throw fail(tr("a document type with its own declarations is not read")) }
                        i += 1
                    }
                    guard i < bytes.count else { i = start; throw fail(tr("a document type is not closed")) }
                    i += 1
                } else { return }
            }
        }

        static func isNameByte(_ b: UInt8) -> Bool {
            b >= 0x80 || (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || [0x3A, 0x5F, 0x2D, 0x2E].contains(b)
        }

        mutating func name() throws(ParseError) -> String {
            let start = i
            while i < bytes.count && Self.isNameByte(bytes[i]) { i += 1 }
            guard i > start, !(0x30...0x39).contains(bytes[start]), bytes[start] != 0x2D, bytes[start] != 0x2E else { throw fail(tr("a name was expected")) }
            return text(start..<i)
        }

        mutating func element(depth: Int) throws(ParseError) -> XMLElement {
            guard depth < XMLElement.maxDepth else { throw fail(tr("elements nest more than {0} deep", "\(XMLElement.maxDepth)")) }
            i += 1  // "<"
            var e = XMLElement(try name())
            while true {
                let before = i
                skipSpace()
                guard i < bytes.count else { throw fail(tr("the tag <{0}> is not closed", "\(e.name)")) }
                if starts("/>") { i += 2; return e }
                if bytes[i] == UInt8(ascii: ">") { i += 1; break }
                guard i > before else { throw fail(tr("a space is needed between attributes of <{0}>", "\(e.name)")) }
                let attr = try name()
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "=") else { throw fail(tr("the attribute {0} has no value", attr)) }
                i += 1
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else { throw fail(tr("the value of {0} is not quoted", attr)) }
                let quote = bytes[i]
                i += 1
                let start = i
                while i < bytes.count && bytes[i] != quote {
                    if bytes[i] == UInt8(ascii: "<") { throw fail(tr("“<” inside the value of {0}", attr)) }
                    i += 1
                }
                guard i < bytes.count else { i = start; throw fail(tr("the value of {0} is not closed", attr)) }
                let raw = start..<i
                i += 1
                guard e[attribute: attr] == nil else { throw fail(tr("the attribute {0} appears twice in <{1}>", attr, "\(e.name)")) }
                e.attributes.append(Attribute(attr, try decode(raw, attribute: true)))
            }
            // Content, to the matching end tag.
            while true {
                guard i < bytes.count else { throw fail(tr("<{0}> is not closed", "\(e.name)")) }
                if starts("</") {
                    i += 2
                    let end = try name()
                    skipSpace()
                    guard end == e.name, i < bytes.count, bytes[i] == UInt8(ascii: ">") else { throw fail(tr("</{0}> does not close <{1}>", "\(end)", "\(e.name)")) }
                    i += 1
                    return e
                }
                if starts("<!--") { let s = i; i += 4; _ = try until("-->", what: translatable("a comment")); e.children.append(.raw(text(s..<i))) }
                else if starts("<![CDATA[") { let s = i; i += 9; _ = try until("]]>", what: translatable("a CDATA section")); e.children.append(.raw(text(s..<i))) }
                else if starts("<?") { let s = i; i += 2; _ = try until("?>", what: translatable("a processing instruction")); e.children.append(.raw(text(s..<i))) }
                else if bytes[i] == UInt8(ascii: "<") { e.children.append(.element(try element(depth: depth + 1))) }
                else {
                    let start = i
                    while i < bytes.count && bytes[i] != UInt8(ascii: "<") { i += 1 }
                    e.children.append(.text(try decode(start..<i, attribute: false)))
                }
            }
        }

        /// Text with its references replaced; bytes that are not UTF-8 are refused.
        func decode(_ r: Range<Int>, attribute: Bool) throws(ParseError) -> String {
            guard var s = String(validating: bytes[r], as: UTF8.self) else { throw fail(tr("text that is not UTF-8")) }
            // Attribute values turn literal white space into spaces (XML 1.0, 3.3.3); a reference
            // such as &#10; still gives its character.
            if attribute && s.unicodeScalars.contains(where: { [0x0A, 0x09, 0x0D].contains($0.value) }) {
                s = String(String.UnicodeScalarView(s.unicodeScalars.map { [0x0A, 0x09, 0x0D].contains($0.value) ? " " : $0 }))
            }
            guard s.contains("&") else { return s }
            var out = ""
            var rest = Substring(s)
            while let amp = rest.firstIndex(of: "&") {
                out += rest[..<amp]
                guard let semi = rest[amp...].firstIndex(of: ";"), rest.distance(from: amp, to: semi) <= 12 else { throw fail(tr("a “&” that starts no reference")) }
                let ref = rest[rest.index(after: amp)..<semi]
                switch ref {
                case "amp": out += "&"
                case "lt": out += "<"
                case "gt": out += ">"
                case "quot": out += "\""
                case "apos": out += "'"
                default:
                    var value: UInt32?
                    if ref.hasPrefix("#x") { value = UInt32(ref.dropFirst(2), radix: 16) } else if ref.hasPrefix("#") { value = UInt32(ref.dropFirst(1)) }
                    guard let value, value != 0, let scalar = Unicode.Scalar(value) else { throw fail(tr("the reference &{0}; is not known", "\(ref)")) }
                    out.unicodeScalars.append(scalar)
                }
                rest = rest[rest.index(after: semi)...]
            }
            out += rest
            return out
        }
    }
}
