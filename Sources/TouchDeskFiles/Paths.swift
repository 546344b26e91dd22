import Glibc

/// Path arithmetic that never traps: Foundation's `deletingLastPathComponent` crashed on names
/// like "a", "-" and "." in the past, so the few operations TouchDesk needs are written out here.
public enum Paths {
    /// `path` as the user reads it: under `home`, written with "~" ("~/Pictures/a.png"), and
    /// each byte that is not UTF-8 as U+FFFD (`shown`).
    public static func abbreviatingHome(_ path: String, home: String) -> String {
        guard !home.isEmpty, home != "/", path.hasPrefix(home + "/") else { return shown(path) }
        return shown("~" + path.dropFirst(home.count))
    }

    /// The folder part of `path`: "." for a bare name, "/" for a name at the root.
    public static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let head = String(path[..<slash])
        return head.isEmpty ? "/" : head
    }

    /// The last component of `path` ("" when the path ends with a slash).
    public static func name(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// `path` joined to `folder` unless it is already absolute.
    public static func absolute(_ path: String, from folder: String) -> String {
        path.hasPrefix("/") ? path : (folder.hasSuffix("/") ? folder + path : folder + "/" + path)
    }
}

// MARK: - File names that are not UTF-8

/// A Linux file name is any bytes but "/" and NUL; a Swift `String` holds only Unicode. So that a
/// name like `bad-\xff\xfe.png` still opens, a path read from the system (the command line, a
/// folder listing, `realpath`) keeps each byte that is not part of valid UTF-8 as one scalar of
/// the private-use range U+10FC80…U+10FCFF, and the file code turns those scalars back into the
/// same bytes at the system call (`withSystemPath`). On screen each shows as U+FFFD (`shown`).
/// (Python's "surrogateescape" does the same with lone surrogates, which a Swift string cannot hold.)
extension Paths {
    /// The first scalar value of the escape range; byte b (0x80…0xFF) is `escapeBase + b`.
    static let escapeBase: UInt32 = 0x10FC00

    static func escapedByte(_ scalar: Unicode.Scalar) -> UInt8? {
        let v = scalar.value
        return v >= escapeBase + 0x80 && v <= escapeBase + 0xFF ? UInt8(v - escapeBase) : nil
    }

    /// A path from the system's bytes, losslessly (see above).
    public static func string<Bytes: Collection<UInt8>>(fromSystem bytes: Bytes) -> String {
        let b = Array(bytes)
        // The common case, valid UTF-8 without our escape scalars, is the string itself.
        if let s = String(validating: b, as: UTF8.self), !s.unicodeScalars.contains(where: { escapedByte($0) != nil }) { return s }
        var out = String.UnicodeScalarView()
        var i = 0
        while i < b.count {
            let lead = b[i]
            let length = lead < 0x80 ? 1 : (0xC2...0xDF).contains(lead) ? 2 : (0xE0...0xEF).contains(lead) ? 3 : (0xF0...0xF4).contains(lead) ? 4 : 0
            if length > 0, i + length <= b.count, let s = String(validating: b[i..<i + length], as: UTF8.self),
               let scalar = s.unicodeScalars.first, escapedByte(scalar) == nil {
                out.append(scalar)
                i += length
            } else {
                // A byte that is not valid UTF-8 here (or a name that really holds an escape scalar,
                // kept byte by byte so the way back is exact).
                let n = length > 1 && i + length <= b.count && String(validating: b[i..<i + length], as: UTF8.self) != nil ? length : 1
                for byte in b[i..<i + n] { out.append(Unicode.Scalar(escapeBase + UInt32(byte))!) }
                i += n
            }
        }
        return String(out)
    }

    /// The bytes `path` stands for at the system call (no NUL added).
    public static func systemBytes(_ path: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(path.utf8.count)
        for scalar in path.unicodeScalars {
            if let byte = escapedByte(scalar) { out.append(byte) } else { out.append(contentsOf: String(scalar).utf8) }
        }
        return out
    }

    /// Calls `body` with `path` as the NUL-terminated bytes the system expects.
    public static func withSystemPath<R, E: Error>(_ path: String, _ body: (UnsafePointer<CChar>) throws(E) -> R) throws(E) -> R {
        var bytes = path.unicodeScalars.contains(where: { escapedByte($0) != nil }) ? systemBytes(path) : Array(path.utf8)
        bytes.append(0)
        return try bytes.withUnsafeBufferPointer { buf throws(E) -> R in
            try buf.withMemoryRebound(to: CChar.self) { c throws(E) -> R in try body(c.baseAddress!) }
        }
    }

    /// `path` as a person reads it: each byte that is not UTF-8 as U+FFFD.
    public static func shown(_ path: String) -> String {
        guard path.unicodeScalars.contains(where: { escapedByte($0) != nil }) else { return path }
        return String(String.UnicodeScalarView(path.unicodeScalars.map { escapedByte($0) == nil ? $0 : "\u{FFFD}" }))
    }

    /// The command line's arguments, each kept losslessly (`CommandLine.arguments` replaces bytes
    /// that are not UTF-8 with U+FFFD, which then names another file).
    public static func commandLineArguments() -> [String] {
        (0..<Int(CommandLine.argc)).map { i in
            guard let arg = CommandLine.unsafeArgv[i] else { return "" }
            return string(fromSystem: UnsafeRawBufferPointer(start: arg, count: strlen(arg)))
        }
    }
}
