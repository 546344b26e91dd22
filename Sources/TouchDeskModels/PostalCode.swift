import TouchDeskInterface
/// Postal Codes: is this a valid US ZIP code or Canadian postal code, and if not, why not.
///
/// A pure function over the typed text, so every rule can be tested on its own. US: five digits,
/// or ZIP+4 (`12345-6789`). Canada: letter-digit-letter, an optional single space,
/// digit-letter-digit, any case; D, F, I, O, Q and U appear nowhere, and W and Z never first.

public enum PostalCode {
    /// What the text is, or why it is not a postal code.
    public enum Verdict: Equatable, Sendable {
        /// Nothing typed yet.
        case empty
        /// A valid US ZIP code (five digits, or ZIP+4), as typed without surrounding spaces.
        case usZIP(String)
        /// A valid Canadian postal code, normalised to upper case with one space: "K7G 5T9".
        case canadian(String)
        /// A valid beginning of a code, not yet whole: "so far so good", and what is still to come.
        case incomplete(String)
        /// Not valid, with the reason in words a person can act on.
        case invalid(String)

        public var isValid: Bool {
            switch self {
            case .usZIP, .canadian: return true
            case .empty, .incomplete, .invalid: return false
            }
        }
    }

    /// Letters Canada Post never uses, because they are easily mistaken for digits or each other.
    public static let forbiddenLetters: Set<Character> = ["D", "F", "I", "O", "Q", "U"]
    /// Letters never used as the first letter (they name no postal district).
    public static let forbiddenFirstLetters: Set<Character> = ["W", "Z"]

    /// Judges `text`; surrounding spaces are ignored.
    public static func validate(_ text: String) -> Verdict {
        let t = text.trimmingSpaces()
        guard let first = t.first else { return .empty }
        if first.isASCIIDigit { return validateUS(t) }
        if first.isASCIILetter { return validateCanadian(t) }
        return .invalid(tr("Starts with “{0}”: a ZIP code starts with a digit, a Canadian code with a letter", String(first)))
    }

    static func validateUS(_ t: String) -> Verdict {
        let parts = t.split(separator: "-", omittingEmptySubsequences: false)
        if parts.count > 2 { return .invalid(tr("Only one hyphen, as in 12345-6789")) }
        if let bad = t.first(where: { !$0.isASCIIDigit && $0 != "-" }) {
            return .invalid(tr("A ZIP code has only digits (and one hyphen for ZIP+4), not “{0}”", String(bad)))
        }
        let zip = parts[0]
        if parts.count == 1 && zip.count < 5 {
            let more = 5 - zip.count
            return .incomplete(trn("So far so good: {0} more digit for a ZIP code", "So far so good: {0} more digits for a ZIP code", more, String(more)))
        }
        if parts.count == 2 && zip.count == 5 && parts[1].count < 4 {
            let more = 4 - parts[1].count
            return .incomplete(trn("So far so good: {0} more digit for ZIP+4", "So far so good: {0} more digits for ZIP+4", more, String(more)))
        }
        if zip.count != 5 {
            if parts.count == 1 && zip.count == 9 { return .invalid(tr("ZIP+4 needs a hyphen after the fifth digit: 12345-6789")) }
            return .invalid(tr("A ZIP code has 5 digits; this has {0}", String(zip.count)))
        }
        if parts.count == 2 && parts[1].count != 4 {
            return .invalid(tr("The +4 part of ZIP+4 has 4 digits; this has {0}", String(parts[1].count)))
        }
        return .usZIP(t)
    }

    static func validateCanadian(_ t: String) -> Verdict {
        let upper = t.uppercased()
        var chars = Array(upper)
        let spaces = chars.indices.filter { chars[$0] == " " }
        if spaces.count > 1 { return .invalid(tr("Only one space, between the two halves: K7G 5T9")) }
        if let s = spaces.first {
            guard s == 3 else { return .invalid(tr("The space goes after the third character: K7G 5T9")) }
            chars.remove(at: s)
        }
        if chars.count < 6 {
            if let why = patternProblem(chars) { return .invalid(why) }
            let more = 6 - chars.count
            return .incomplete(trn("So far so good: {0} more character (pattern A1A 1A1)", "So far so good: {0} more characters (pattern A1A 1A1)", more, String(more)))
        }
        if chars.count != 6 {
            return .invalid(tr("A Canadian postal code has 6 characters (letter-digit-letter digit-letter-digit); this has {0}", String(chars.count)))
        }
        if let why = patternProblem(chars) { return .invalid(why) }
        return .canadian(String(chars[0..<3]) + " " + String(chars[3..<6]))
    }

    /// What is wrong with the characters of a Canadian code typed so far (upper case, no space),
    /// or nil when they can still begin a valid code.
    static func patternProblem(_ chars: [Character]) -> String? {
        for (i, c) in chars.enumerated() {
            let wantsLetter = i % 2 == 0
            if wantsLetter && !c.isASCIILetter {
                return tr("Character {0} must be a letter, not “{1}” (pattern A1A 1A1)", String(i + 1), String(c))
            }
            if !wantsLetter && !c.isASCIIDigit {
                return tr("Character {0} must be a digit, not “{1}” (pattern A1A 1A1)", String(i + 1), String(c))
            }
        }
        if let bad = chars.first(where: { forbiddenLetters.contains($0) }) {
            let others = ["D", "F", "I", "O", "Q", "U"].filter { $0 != String(bad) }.joined(separator: ", ")
            return tr("Canadian codes never use the letter {0} (nor {1})", String(bad), others)
        }
        if let first = chars.first, forbiddenFirstLetters.contains(first) {
            return tr("No Canadian code starts with {0} (W and Z are not used first)", String(first))
        }
        return nil
    }
}

extension Character {
    /// One scalar, 0-9: a digit with a combining mark, or an Arabic-Indic digit, is not a digit here.
    var isASCIIDigit: Bool { unicodeScalars.count == 1 && (48...57).contains(unicodeScalars.first!.value) }
    var isASCIILetter: Bool {
        guard unicodeScalars.count == 1, let v = unicodeScalars.first?.value else { return false }
        return (65...90).contains(v) || (97...122).contains(v)
    }
}

extension String {
    /// Without leading and trailing spaces, tabs and newlines (no Foundation needed).
    func trimmingSpaces() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{00A0}" }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[start...end])
    }
}
