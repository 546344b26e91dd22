/// A PNG file's `tEXt` chunks (keyword and Latin-1 text), read and added: the freedesktop
/// thumbnail spec keeps a thumbnail's source in `Thumb::URI` and `Thumb::MTime`.
public enum PNGText {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Every `tEXt` chunk, keyword to text, wherever it stands (ImageMagick writes them after the
    /// image data); nil for what is no PNG. A chunk cut short ends the reading (what came before stands).
    public static func read(_ png: [UInt8]) -> [String: String]? {
        guard png.count >= 8, Array(png[0..<8]) == signature else { return nil }
        var out: [String: String] = [:]
        var i = 8
        while i + 8 <= png.count {
            let length = Int(png[i]) << 24 | Int(png[i + 1]) << 16 | Int(png[i + 2]) << 8 | Int(png[i + 3])
            let type = String(decoding: png[i + 4..<i + 8], as: UTF8.self)
            let start = i + 8
            guard length >= 0, length <= png.count - start - 4 else { break }
            if type == "IEND" { break }
            if type == "tEXt", let nul = png[start..<start + length].firstIndex(of: 0) {
                let key = String(decoding: png[start..<nul], as: UTF8.self)
                // Latin-1: each byte is its own code point.
                let text = String(String.UnicodeScalarView(png[(nul + 1)..<(start + length)].map { Unicode.Scalar($0) }))
                out[key] = text
            }
            i = start + length + 4
        }
        return out
    }

    /// `png` with a `tEXt` chunk for each pair placed right after the header; nil for what is no
    /// PNG, or for a keyword or text that is not Latin-1 (a URI is ASCII, so never for ours).
    public static func adding(_ texts: [(String, String)], to png: [UInt8]) -> [UInt8]? {
        guard png.count >= 33, Array(png[0..<8]) == signature, String(decoding: png[12..<16], as: UTF8.self) == "IHDR" else { return nil }
        var chunks: [UInt8] = []
        for (key, text) in texts {
            guard !key.isEmpty, key.utf8.count <= 79 else { return nil }
            var data: [UInt8] = []
            for s in (key + "\0" + text).unicodeScalars {
                guard s.value <= 0xFF, s.value != 0 || data.count == key.utf8.count else { return nil }
                data.append(UInt8(s.value))
            }
            chunks += chunk("tEXt", data)
        }
        let headerEnd = 8 + 25   // signature, then IHDR: length, type, 13 bytes, CRC
        return Array(png[0..<headerEnd]) + chunks + Array(png[headerEnd...])
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let n = UInt32(data.count)
        let typed = Array(type.utf8) + data
        let crc = CRC32.of(typed)
        return [UInt8(n >> 24), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)] + typed
            + [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
    }
}

/// The CRC-32 every PNG chunk ends with (ISO 3309, polynomial 0xEDB88320, reflected).
enum CRC32 {
    static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func of(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes { c = table[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
}
