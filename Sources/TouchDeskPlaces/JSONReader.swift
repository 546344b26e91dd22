import Foundation

/// Reads JSON text value by value, making only the values asked for: the big data files the place
/// index is built from (GeoNames' 61 MB of cities, the ZIP codes). Foundation's `JSONDecoder`
/// first maps the whole text and then decodes through containers: for the cities that held about
/// 200 MB more than the records it made, at the first run's peak, and took a quarter of the build.
///
/// A pull reader over bytes in memory: `members` and `elements` walk an object or an array, and
/// `string`, `double`, `int`, `bool` or `skipValue` read each value.
/// Strict JSON (RFC 8259): no trailing commas, no control characters in strings, no lone
/// surrogates, numbers in JSON's own syntax and within a `Double`'s range. Errors say where.
struct JSONReader {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let bytes: UnsafeRawBufferPointer
    private var i = 0
    /// Bytes of a string with escapes, reused from one string to the next.
    private var scratch: [UInt8] = []

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    private func fail(_ what: String) -> Failure {
        Failure(description: "\(what) at byte \(i)")
    }

    private mutating func skipSpace() {
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x0A, 0x0D, 0x09: i += 1
            default: return
            }
        }
    }

    /// The next byte after white space, not taken; nil at the end.
    private mutating func peek() -> UInt8? {
        skipSpace()
        return i < bytes.count ? bytes[i] : nil
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(Failure) {
        guard peek() == byte else { throw fail("expected \(what)") }
        i += 1
    }

    // MARK: - Objects and arrays

    /// Reads an object: `member` is called with each member's name, to read its value.
    mutating func members(_ member: (inout JSONReader, String) throws(Failure) -> Void) throws(Failure) {
        try expect(UInt8(ascii: "{"), "an object")
        var first = true
        while let name = try nextMember(first: first) {
            first = false
            try member(&self, name)
        }
    }

    /// Reads an array: `element` is called for each element, to read it.
    mutating func elements(_ element: (inout JSONReader) throws(Failure) -> Void) throws(Failure) {
        try expect(UInt8(ascii: "["), "an array")
        var first = true
        while try nextElement(first: first) {
            first = false
            try element(&self)
        }
    }

    /// The next member's name, its value to be read next; nil at the object's end (taken).
    /// `first`: no member of this object was read yet.
    private mutating func nextMember(first: Bool) throws(Failure) -> String? {
        if peek() == UInt8(ascii: "}") {
            i += 1
            return nil
        }
        if !first { try expect(UInt8(ascii: ","), "',' or '}'") }
        guard peek() == UInt8(ascii: "\"") else { throw fail("expected a member's name") }
        let name = try string()
        try expect(UInt8(ascii: ":"), "':'")
        return name
    }

    /// Whether another element follows, to be read next; false at the array's end (taken).
    private mutating func nextElement(first: Bool) throws(Failure) -> Bool {
        if peek() == UInt8(ascii: "]") {
            i += 1
            return false
        }
        if !first { try expect(UInt8(ascii: ","), "',' or ']'") }
        return true
    }

    /// Only white space is left.
    mutating func end() throws(Failure) {
        if peek() != nil { throw fail("unexpected text after the end") }
    }

    // MARK: - Values

    mutating func string() throws(Failure) -> String {
        try expect(UInt8(ascii: "\""), "a string")
        let start = i
        // Most strings have no escape: their bytes are the string's.
        while i < bytes.count, bytes[i] != UInt8(ascii: "\""), bytes[i] != UInt8(ascii: "\\"), bytes[i] >= 0x20 { i += 1 }
        guard i < bytes.count else { throw fail("unterminated string") }
        if bytes[i] == UInt8(ascii: "\"") {
            i += 1
            return try text(UnsafeRawBufferPointer(rebasing: bytes[start..<(i - 1)]))
        }
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: bytes[start..<i])
        while true {
            guard i < bytes.count else { throw fail("unterminated string") }
            let b = bytes[i]
            i += 1
            switch b {
            case UInt8(ascii: "\""):
                guard let s = scratch.withUnsafeBytes({ String(validating: $0, as: UTF8.self) }) else { throw fail("invalid UTF-8 in a string") }
                return s
            case UInt8(ascii: "\\"):
                try escape()
            case ..<0x20:
                i -= 1
                throw fail("control character in a string")
            default:
                scratch.append(b)
            }
        }
    }

    private func text(_ raw: UnsafeRawBufferPointer) throws(Failure) -> String {
        guard let s = String(validating: raw, as: UTF8.self) else { throw fail("invalid UTF-8 in a string") }
        return s
    }

    /// After a backslash: the character it stands for, appended to `scratch` as UTF-8.
    private mutating func escape() throws(Failure) {
        guard i < bytes.count else { throw fail("unterminated string") }
        let b = bytes[i]
        i += 1
        switch b {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(b); return
        case UInt8(ascii: "b"): scratch.append(0x08); return
        case UInt8(ascii: "f"): scratch.append(0x0C); return
        case UInt8(ascii: "n"): scratch.append(0x0A); return
        case UInt8(ascii: "r"): scratch.append(0x0D); return
        case UInt8(ascii: "t"): scratch.append(0x09); return
        default: break
        }
        guard b == UInt8(ascii: "u") else { throw fail("unknown escape") }
        var value = try hex4()
        if (0xD800..<0xDC00).contains(value) {
            // A high surrogate: its low one must follow as another \u escape.
            guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                throw fail("lone surrogate")
            }
            i += 2
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else { throw fail("lone surrogate") }
            value = 0x10000 + (value - 0xD800) << 10 + (low - 0xDC00)
        } else if (0xDC00..<0xE000).contains(value) {
            throw fail("lone surrogate")
        }
        UTF8.encode(Unicode.Scalar(value)!) { scratch.append($0) }
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard i + 4 <= bytes.count else { throw fail("short \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[i]
            let d: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = b - UInt8(ascii: "A") + 10
            default: throw fail("bad \\u escape")
            }
            v = v << 4 | UInt32(d)
            i += 1
        }
        return v
    }

    /// A number's text in JSON's syntax; `integer`: without fraction or exponent.
    private mutating func numberText(integer: Bool) throws(Failure) -> String {
        _ = peek()
        let start = i
        func digits() -> Int {
            let from = i
            while i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) { i += 1 }
            return i - from
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") { i += 1 }
        let first = i < bytes.count ? bytes[i] : 0
        let whole = digits()
        guard whole > 0, whole == 1 || first != UInt8(ascii: "0") else { throw fail("expected a number") }
        if !integer {
            if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
                i += 1
                guard digits() > 0 else { throw fail("expected digits after '.'") }
            }
            if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
                i += 1
                if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
                guard digits() > 0 else { throw fail("expected an exponent") }
            }
        } else if i < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[i]) {
            throw fail("expected a whole number")
        }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
    }

    mutating func double() throws(Failure) -> Double {
        let at = i
        guard let v = Double(try numberText(integer: false)), v.isFinite else {
            i = at
            throw fail("number out of range")
        }
        return v
    }

    mutating func int() throws(Failure) -> Int {
        let at = i
        guard let v = Int(try numberText(integer: true)) else {
            i = at
            throw fail("whole number out of range")
        }
        return v
    }

    mutating func bool() throws(Failure) -> Bool {
        if take("true") { return true }
        if take("false") { return false }
        throw fail("expected true or false")
    }

    /// Takes `word` if it comes next.
    private mutating func take(_ word: StaticString) -> Bool {
        _ = peek()
        let n = word.utf8CodeUnitCount
        guard i + n <= bytes.count else { return false }
        for k in 0..<n where bytes[i + k] != word.utf8Start[k] { return false }
        i += n
        return true
    }

    /// Reads past the next value, whatever it is.
    mutating func skipValue() throws(Failure) {
        switch peek() {
        case UInt8(ascii: "{"): try members { r, _ throws(Failure) in try r.skipValue() }
        case UInt8(ascii: "["): try elements { r throws(Failure) in try r.skipValue() }
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try bool()
        case UInt8(ascii: "n"):
            guard take("null") else { throw fail("expected a value") }
        default: _ = try double()
        }
    }

    /// An array of strings.
    mutating func strings() throws(Failure) -> [String] {
        var out: [String] = []
        try elements { r throws(Failure) in out.append(try r.string()) }
        return out
    }
}
