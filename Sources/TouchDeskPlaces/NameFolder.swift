import Foundation

/// Turns a place name or a typed query into the key the index compares: case and accents
/// dropped, punctuation reduced to single spaces, any script kept.
///
/// The steps, per Unicode scalar: German umlauts spelled out when asked (ü → ue, so
/// "Muenchen" finds München), compatibility decomposition (NFKD) with the marks stripped
/// (é → e, が → か, Hangul syllables → jamo, which suits typing as you go), letters NFKD leaves
/// whole spelled as their base (ø → o, ł → l, æ → ae, ß → ss), then lower case. Apostrophes
/// vanish ("Xi'an" → "xian"); any other run of non-letters, non-digits becomes one space.
///
/// A folder keeps a cache of decompositions, so one folder serves a whole index build.
public struct NameFolder {
    private var decompositions: [UInt32: [Unicode.Scalar]] = [:]

    public init() {}

    /// The folded key of `text` as UTF-8. With `umlauts`, ä ö ü become ae oe ue.
    public mutating func fold(_ text: String, umlauts: Bool = false) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        fold(text, umlauts: umlauts) { bytes, _ in out.append(contentsOf: bytes) }
        return out
    }

    /// The folded key of `text` as a string.
    public mutating func foldedString(_ text: String, umlauts: Bool = false) -> String {
        String(decoding: fold(text, umlauts: umlauts), as: UTF8.self)
    }

    /// Whether folding with `umlauts` can give a different key than without.
    public static func hasUmlaut(_ text: String) -> Bool {
        text.unicodeScalars.contains { umlautSpelling[$0.value] != nil }
    }

    /// Folds `text`, handing each piece of output to `emit` with the index of the scalar in
    /// `text` it came from (a separator space comes from the scalar that ended the word).
    mutating func fold(
        _ text: String, umlauts: Bool, emit: (_ bytes: [UInt8], _ source: String.Index) -> Void
    ) {
        var pendingSpace = false
        var wroteAny = false
        let scalars = text.unicodeScalars
        var i = scalars.startIndex
        var piece: [UInt8] = []
        while i < scalars.endIndex {
            let scalar = scalars[i]
            piece.removeAll(keepingCapacity: true)
            switch classify(scalar, umlauts: umlauts, into: &piece) {
            case .letters:
                if !piece.isEmpty {
                    if pendingSpace && wroteAny { emit([0x20], i) }
                    pendingSpace = false
                    wroteAny = true
                    emit(piece, i)
                }
            case .vanish:
                break
            case .separator:
                pendingSpace = true
            }
            i = scalars.index(after: i)
        }
    }

    private enum Role { case letters, vanish, separator }

    private mutating func classify(_ scalar: Unicode.Scalar, umlauts: Bool, into piece: inout [UInt8]) -> Role {
        let v = scalar.value
        if v < 0x80 {
            switch v {
            case 0x41...0x5A: piece.append(UInt8(v + 0x20)); return .letters
            case 0x61...0x7A, 0x30...0x39: piece.append(UInt8(v)); return .letters
            case 0x27, 0x60: return .vanish
            default: return .separator
            }
        }
        if Self.apostrophes.contains(v) { return .vanish }
        if umlauts, let spelled = Self.umlautSpelling[v] {
            piece.append(contentsOf: spelled.utf8)
            return .letters
        }
        for part in decompose(scalar) {
            let props = part.properties
            switch props.generalCategory {
            case .nonspacingMark, .enclosingMark, .spacingMark:
                continue
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                 .decimalNumber, .letterNumber, .otherNumber:
                if let base = Self.baseLetters[part.value] {
                    piece.append(contentsOf: base.utf8)
                } else if part.value < 0x80 {
                    piece.append(UInt8(part.value < 0x5B && part.value >= 0x41 ? part.value + 0x20 : part.value))
                } else {
                    piece.append(contentsOf: props.lowercaseMapping.utf8)
                }
            default:
                return piece.isEmpty ? .separator : .letters
            }
        }
        return piece.isEmpty ? .vanish : .letters
    }

    private mutating func decompose(_ scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        if let known = decompositions[scalar.value] { return known }
        let parts = Array(String(scalar).decomposedStringWithCompatibilityMapping.unicodeScalars)
        decompositions[scalar.value] = parts
        return parts
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
