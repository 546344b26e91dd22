/// The translations in a GNU gettext `.mo` file: original string → translated string.
///
/// The format: a magic number (which also gives the byte order), a revision, the string count
/// and the offsets of two tables of (length, offset) pairs, originals and translations, in the
/// same order. Plural forms and contexts are not used by the ISO catalogues and are skipped.
struct GettextCatalog {
    var translations: [String: String] = [:]

    /// Nil when `bytes` is not a `.mo` file, or its tables point outside it.
    init?(_ bytes: [UInt8]) {
        guard bytes.count >= 28 else { return nil }
        func word(_ at: Int, swapped: Bool) -> Int? {
            guard at >= 0, at + 4 <= bytes.count else { return nil }
            let v = UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
            return Int(swapped ? v.byteSwapped : v)
        }
        let swapped: Bool
        switch word(0, swapped: false) {
        case 0x9504_12DE: swapped = false
        case 0xDE12_0495: swapped = true
        default: return nil
        }
        guard let count = word(8, swapped: swapped), let originals = word(12, swapped: swapped),
              let translated = word(16, swapped: swapped), count < bytes.count / 8 else { return nil }
        func string(table: Int, index: Int) -> String? {
            guard let length = word(table + 8 * index, swapped: swapped),
                  let offset = word(table + 8 * index + 4, swapped: swapped),
                  offset + length <= bytes.count else { return nil }
            return String(decoding: bytes[offset..<(offset + length)], as: UTF8.self)
        }
        for n in 0..<count {
            guard let original = string(table: originals, index: n), let text = string(table: translated, index: n) else { return nil }
            // The header (empty original), plural forms (NUL-separated) and contexts (EOT) are not names.
            if original.isEmpty || original.contains("\u{0}") || original.contains("\u{4}") { continue }
            translations[original] = text
        }
    }
}
