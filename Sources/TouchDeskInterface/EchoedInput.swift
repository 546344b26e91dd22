/// What a person typed or passed, as a message quotes it back: at most `limit` characters shown (cut
/// with "…", so a 100 kB argument gives a one-line message), and every control or format character
/// (a terminal escape, a line break, a bidi override) written as U+XXXX, so an argument like
/// `$'\e[31mred'` can neither colour, move nor reorder the terminal. The one way every message
/// echoes input: `tr("no place matches \"{0}\"", echoed(place))`.
public func echoed(_ input: some StringProtocol, limit: Int = EchoedInput.limit) -> String {
    // Each character as shown (a hidden one as U+XXXX); at most `limit` of them can show.
    var pieces: [String] = []
    var shownCount = 0
    for character in input.prefix(limit + 1) {
        var piece = ""
        for scalar in character.unicodeScalars {
            if EchoedInput.isHidden(scalar) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                piece += "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            } else {
                piece.unicodeScalars.append(scalar)
            }
        }
        pieces.append(piece)
        shownCount += piece.count
    }
    if pieces.count <= limit && shownCount <= limit { return pieces.joined() }
    // Too long: whole pieces up to the limit, then "…" (never half a U+XXXX).
    var out = ""
    var count = 0
    for piece in pieces {
        if count + piece.count > limit - 1 { break }
        out += piece
        count += piece.count
    }
    return out + "…"
}

public enum EchoedInput {
    /// Characters of input a message quotes: a place name or a path fits; a page of text does not.
    public static let limit = 80

    /// Scalars a terminal or a text view would act on or hide rather than show. The joiners that
    /// build emoji and ligatures (U+200C, U+200D) show as part of their character.
    static func isHidden(_ s: Unicode.Scalar) -> Bool {
        if s.value == 0x200C || s.value == 0x200D { return false }
        switch s.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned: return true
        default: return false
        }
    }

    /// A whole message, some of it from outside (a parser's message quoting an argument), made safe
    /// to print: its lines kept, each echoed (at most `lineLimit` characters).
    public static func safeMessage(_ message: String, lineLimit: Int = 400) -> String {
        message.split(separator: "\n", omittingEmptySubsequences: false)
            .map { echoed($0, limit: lineLimit) }
            .joined(separator: "\n")
    }
}
