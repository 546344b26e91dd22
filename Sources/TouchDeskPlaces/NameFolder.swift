import Foundation

/// Turns a place name or a typed query into the key the index compares: case and accents
/// dropped, punctuation reduced to single spaces, any script kept.
///
/// The steps, per Unicode scalar: German umlauts spelled out when asked (ü → ue, so
/// "Muenchen" finds München), compatibility decomposition (NFKD) with the marks stripped
/// (é → e, が → か, Hangul syllables → jamo, which suits typing as you go), letters NFKD leaves
/// whole spelled as their base (ø → o, ł → l, æ → ae, ß → ss), then lower case. Apostrophes
/// vanish ("Xi'an" → "xian"), and so do invisible format characters (soft hyphen, bidi marks,
/// zero-width space); any other run of non-letters, non-digits becomes one space.
///
/// A folder keeps a cache of decompositions, so one folder serves a whole index build.
public struct NameFolder {
    /// What one non-ASCII scalar folds to, worked out once per scalar.
    private var folds: [UInt32: Folded] = [:]

    public init() {}

    /// The folded key of `text` as UTF-8. With `umlauts`, ä ö ü become ae oe ue.
    public mutating func fold(_ text: String, umlauts: Bool = false) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        var text = text
        text.withUTF8 { bytes in
            var i = 0
            while i < bytes.count {
                let b = bytes[i]
                if b < 0x80 {
                    i += 1
                    switch Self.asciiRole[Int(b)] {
                    case 0: pendingSpace = true
                    case 1: break
                    default:
                        if pendingSpace && !out.isEmpty { out.append(0x20) }
                        pendingSpace = false
                        out.append(Self.asciiRole[Int(b)])
                    }
                    continue
                }
                let length = utf8Length(b)
                var value = UInt32(b) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
                for k in 1..<length where i + k < bytes.count {
                    value = value << 6 | UInt32(bytes[i + k] & 0x3F)
                }
                i += length
                let folded = fold(scalar: value, umlauts: umlauts)
                switch folded.role {
                case .separator: pendingSpace = true
                case .vanish: break
                case .letters:
                    if pendingSpace && !out.isEmpty { out.append(0x20) }
                    pendingSpace = false
                    out.append(contentsOf: folded.bytes)
                }
            }
        }
        return out
    }

    /// The folded key of `text` as a string.
    public mutating func foldedString(_ text: String, umlauts: Bool = false) -> String {
        String(decoding: fold(text, umlauts: umlauts), as: UTF8.self)
    }

    /// Whether folding with `umlauts` can give a different key than without.
    public static func hasUmlaut(_ text: String) -> Bool {
        text.utf8.contains(0xC3) && text.unicodeScalars.contains { umlautSpelling[$0.value] != nil }
    }

    /// Folds `text`, handing each piece of output to `emit` with the index of the scalar in
    /// `text` it came from. Slower than `fold`; for the few strings a suggestion list shows.
    mutating func fold(
        _ text: String, umlauts: Bool, emit: (_ bytes: [UInt8], _ source: String.Index) -> Void
    ) {
        var pendingSpace = false
        var wroteAny = false
        let scalars = text.unicodeScalars
        var i = scalars.startIndex
        while i < scalars.endIndex {
            let folded = fold(scalar: scalars[i].value, umlauts: umlauts)
            switch folded.role {
            case .letters:
                if pendingSpace && wroteAny { emit([0x20], i) }
                pendingSpace = false
                wroteAny = true
                emit(folded.bytes, i)
            case .vanish:
                break
            case .separator:
                pendingSpace = true
            }
            i = scalars.index(after: i)
        }
    }

    private enum Role { case letters, vanish, separator }

    private struct Folded {
        var role: Role
        var bytes: [UInt8]
    }

    /// For each ASCII byte: 0 separator, 1 vanishes, else the byte it folds to.
    private static let asciiRole: [UInt8] = (0..<128).map { (b: Int) -> UInt8 in
        switch b {
        case 0x41...0x5A: return UInt8(b + 0x20)
        case 0x61...0x7A, 0x30...0x39: return UInt8(b)
        case 0x27, 0x60: return 1
        default: return 0
        }
    }

    private mutating func fold(scalar value: UInt32, umlauts: Bool) -> Folded {
        if value < 0x80 {
            let role = Self.asciiRole[Int(value)]
            return role == 0 ? Folded(role: .separator, bytes: []) : role == 1 ? Folded(role: .vanish, bytes: []) : Folded(role: .letters, bytes: [role])
        }
        if umlauts, let spelled = Self.umlautSpelling[value] {
            return Folded(role: .letters, bytes: Array(spelled.utf8))
        }
        if let known = folds[value] { return known }
        let folded = Self.classify(value)
        folds[value] = folded
        return folded
    }

    private static func classify(_ value: UInt32) -> Folded {
        guard let scalar = Unicode.Scalar(value) else { return Folded(role: .separator, bytes: []) }
        if apostrophes.contains(value) { return Folded(role: .vanish, bytes: []) }
        var piece: [UInt8] = []
        for part in String(scalar).decomposedStringWithCompatibilityMapping.unicodeScalars {
            let props = part.properties
            switch props.generalCategory {
            // Marks, and the invisible characters a pasted name carries (a soft hyphen, a
            // bidi mark, a zero-width space or joiner): they change nothing a reader sees.
            case .nonspacingMark, .enclosingMark, .spacingMark, .format:
                continue
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                 .decimalNumber, .letterNumber, .otherNumber:
                if let base = baseLetters[part.value] {
                    piece.append(contentsOf: base.utf8)
                } else if part.value < 0x80 {
                    piece.append(asciiRole[Int(part.value)] > 1 ? asciiRole[Int(part.value)] : UInt8(part.value))
                } else {
                    piece.append(contentsOf: props.lowercaseMapping.utf8)
                }
            default:
                return Folded(role: piece.isEmpty ? .separator : .letters, bytes: piece)
            }
        }
        return Folded(role: piece.isEmpty ? .vanish : .letters, bytes: piece)
    }

    private static let apostrophes: Set<UInt32> = [0x2019, 0x2018, 0x02BC, 0x02BB, 0x02B9, 0x00B4, 0x02BE, 0x02BF]

    private static let umlautSpelling: [UInt32: String] = [
        0xE4: "ae", 0xF6: "oe", 0xFC: "ue", 0xC4: "ae", 0xD6: "oe", 0xDC: "ue",
    ]

    /// Letters that NFKD keeps whole but a reader sees as a Latin letter with a stroke or a ligature.
    private static let baseLetters: [UInt32: String] = [
        0xDF: "ss", 0x1E9E: "ss", 0xF8: "o", 0xD8: "o", 0xE6: "ae", 0xC6: "ae", 0x153: "oe", 0x152: "oe",
        0x111: "d", 0x110: "d", 0x142: "l", 0x141: "l", 0x131: "i", 0xFE: "th", 0xDE: "th", 0xF0: "d",
        0xD0: "d", 0x127: "h", 0x126: "h", 0x167: "t", 0x166: "t", 0x3C2: "σ",
    ]
}

extension NameFolder {
    /// Where the folded bytes `key` (a prefix of a word's fold) sit in `text`, as a range of
    /// `text`: tried at the start of `text` first, then at each later word start. Used to
    /// embolden the typed part of a suggestion; nil when the key does not occur.
    mutating func range(ofFolded key: [UInt8], in text: String, umlauts: Bool) -> Range<String.Index>? {
        guard !key.isEmpty else { return nil }
        var folded: [UInt8] = []
        var sources: [String.Index] = []
        fold(text, umlauts: umlauts) { bytes, source in
            folded.append(contentsOf: bytes)
            sources.append(contentsOf: repeatElement(source, count: bytes.count))
        }
        guard folded.count >= key.count else { return nil }
        var start = 0
        while start + key.count <= folded.count {
            if start == 0 || folded[start - 1] == 0x20,
               folded[start..<(start + key.count)].elementsEqual(key) {
                let lower = sources[start]
                let lastSource = sources[start + key.count - 1]
                var upper = text.unicodeScalars.index(after: lastSource)
                // Swallow marks after the last matched letter so the range ends on a character.
                while upper < text.endIndex, text.unicodeScalars[upper].properties.generalCategory == .nonspacingMark {
                    upper = text.unicodeScalars.index(after: upper)
                }
                return lower..<upper
            }
            start += 1
        }
        return nil
    }
}
