import Testing
import TouchDeskTestSupport
import TouchDeskInterface
import TouchDeskModels

@Suite("Postal codes: US ZIP")
struct PostalUSTests {
    @Test("the seed's ZIP codes are valid", arguments: ["77335", "06226", "29631"])
    func seedExamples(_ s: String) {
        #expect(PostalCode.validate(s) == .usZIP(s))
    }

    @Test func zipPlusFourIsValid() {
        #expect(PostalCode.validate("12345-6789") == .usZIP("12345-6789"))
    }

    @Test func surroundingSpacesAreIgnored() {
        #expect(PostalCode.validate("  77335 ") == .usZIP("77335"))
    }

    @Test("too many digits say how many", arguments: [("123456", "6"), ("1234567", "7")])
    func wrongDigitCount(_ s: String, _ n: String) {
        guard case .invalid(let why) = PostalCode.validate(s) else { Issue.record("\(s) accepted"); return }
        #expect(why.contains("5 digits") && why.contains(n), "\(why)")
    }

    @Test func nineDigitsWithoutHyphenAskForTheHyphen() {
        guard case .invalid(let why) = PostalCode.validate("123456789") else { Issue.record("accepted"); return }
        #expect(why.contains("hyphen"))
    }

    @Test("a bad +4 part is refused", arguments: ["12345-67890", "12345-678901"])
    func badPlusFour(_ s: String) {
        guard case .invalid(let why) = PostalCode.validate(s) else { Issue.record("\(s) accepted"); return }
        #expect(why.contains("4 digits"), "\(why)")
    }

    @Test("letters or other characters in a ZIP are refused", arguments: ["1234a", "12 345", "12345-67a9", "1234.5"])
    func nonDigits(_ s: String) {
        guard case .invalid(let why) = PostalCode.validate(s) else { Issue.record("\(s) accepted"); return }
        #expect(why.contains("only digits"), "\(why)")
    }

    @Test func twoHyphensAreRefused() {
        guard case .invalid(let why) = PostalCode.validate("12345-67-89") else { Issue.record("accepted"); return }
        #expect(why.contains("one hyphen"))
    }

    @Test func nonASCIIDigitsAreNotDigits() {
        // Arabic-Indic digits look like digits to Character.isNumber, but no ZIP has them.
        #expect(!PostalCode.validate("\u{0661}\u{0662}\u{0663}\u{0664}\u{0665}").isValid)
        #expect(!PostalCode.validate("7733\u{0665}").isValid)
    }
}

@Suite("Postal codes: Canada")
struct PostalCanadaTests {
    @Test("the seed's Canadian codes are valid", arguments: ["A2K 4L8", "K7G 5T9", "M2N 6P8"])
    func seedExamples(_ s: String) {
        #expect(PostalCode.validate(s) == .canadian(s))
    }

    @Test("case and the optional space do not matter", arguments: ["k7g 5t9", "K7G5T9", "k7G5t9", " K7G 5T9  "])
    func caseAndSpace(_ s: String) {
        #expect(PostalCode.validate(s) == .canadian("K7G 5T9"))
    }

    @Test("each forbidden letter is refused wherever it is", arguments: ["D", "F", "I", "O", "Q", "U"])
    func forbiddenLetters(_ letter: String) {
        for code in ["\(letter)2K 4L8", "A2\(letter) 4L8", "A2K 4\(letter)8"] {
            guard case .invalid(let why) = PostalCode.validate(code) else { Issue.record("\(code) accepted"); continue }
            #expect(why.contains("letter \(letter)"), "\(code): \(why)")
            guard case .invalid = PostalCode.validate(code.lowercased()) else { Issue.record("\(code.lowercased()) accepted"); continue }
        }
    }

    @Test("W and Z may not come first but may come later", arguments: ["W", "Z"])
    func firstLetter(_ letter: String) {
        guard case .invalid(let why) = PostalCode.validate("\(letter)2K 4L8") else { Issue.record("accepted"); return }
        #expect(why.contains("starts with \(letter)"), "\(why)")
        #expect(PostalCode.validate("A2\(letter) 4\(letter)8").isValid)
    }

    @Test("the letter-digit pattern is checked position by position")
    func pattern() {
        let cases: [(String, String)] = [
            ("22K 4L8", "Character 1 must be a letter"), // starts with a digit: read as a ZIP instead
            ("AAK 4L8", "Character 2 must be a digit"),
            ("A22 4L8", "Character 3 must be a letter"),
            ("A2K LL8", "Character 4 must be a digit"),
            ("A2K 448", "Character 5 must be a letter"),
            ("A2K 4LL", "Character 6 must be a digit"),
        ]
        for (code, expected) in cases.dropFirst() {
            guard case .invalid(let why) = PostalCode.validate(code) else { Issue.record("\(code) accepted"); continue }
            #expect(why.contains(expected), "\(code): \(why)")
        }
        #expect(!PostalCode.validate(cases[0].0).isValid)
    }

    @Test("valid beginnings are so far so good, saying what is still to come", arguments: [
        ("1", "4 more digits"), ("1234", "1 more digit for"), ("12345-", "4 more digits for ZIP+4"), ("12345-678", "1 more digit for ZIP+4"),
        ("K", "5 more characters"), ("k7g", "3 more characters"), ("K7G ", "3 more characters"), ("K7G 5T", "1 more character"),
    ])
    func validBeginnings(_ s: String, _ expected: String) {
        guard case .incomplete(let why) = PostalCode.validate(s) else { Issue.record("\(s): \(PostalCode.validate(s))"); return }
        #expect(why.hasPrefix("So far so good") && why.contains(expected), "\(s): \(why)")
        #expect(!PostalCode.validate(s).isValid)
    }

    @Test("a beginning that cannot become a code is refused at once")
    func badBeginnings() {
        for bad in ["KK", "D7", "W", "K7G 5TT", "1a"] {
            guard case .invalid = PostalCode.validate(bad) else { Issue.record("\(bad): \(PostalCode.validate(bad))"); continue }
        }
        #expect(PostalCode.validate("K7") == .incomplete("So far so good: 4 more characters (pattern A1A 1A1)"))
    }

    @Test("a forbidden letter is named once: the list names the others")
    func forbiddenLetterNamedOnce() {
        guard case .invalid(let why) = PostalCode.validate("K7D 5T9") else { Issue.record("accepted"); return }
        #expect(why == "Canadian codes never use the letter D (nor F, I, O, Q, U)", "\(why)")
    }

    @Test("wrong lengths say how many characters there are", arguments: ["A2K4L8X", "A2K 4L89"])
    func lengths(_ s: String) {
        guard case .invalid(let why) = PostalCode.validate(s) else { Issue.record("\(s) accepted"); return }
        #expect(why.contains("6 characters"), "\(why)")
    }

    @Test("only one space, and only in the middle", arguments: ["A2K  4L8", "A 2K4L8", "A2K4 L8", "A2 K 4L8"])
    func spaces(_ s: String) {
        guard case .invalid(let why) = PostalCode.validate(s) else { Issue.record("\(s) accepted"); return }
        #expect(why.contains("space"), "\(why)")
    }

    @Test func emptyAndStrangeStarts() {
        #expect(PostalCode.validate("") == .empty)
        #expect(PostalCode.validate("   ") == .empty)
        guard case .invalid(let why) = PostalCode.validate("#12345") else { Issue.record("accepted"); return }
        #expect(why.contains("#"))
        #expect(!PostalCode.validate("É2K 4L8").isValid)
    }

    @Test("property: every code built from allowed letters and digits is valid, any forbidden letter makes it invalid")
    func randomCodes() {
        var rng = SplitMix64(seed: 0x9057a1)
        let allowed = Array("ABCEGHJKLMNPRSTVWXYZ")
        let firstAllowed = allowed.filter { $0 != "W" && $0 != "Z" }
        let digits = Array("0123456789")
        for _ in 0..<500 {
            var c: [Character] = [firstAllowed.randomElement(using: &rng)!, digits.randomElement(using: &rng)!, allowed.randomElement(using: &rng)!,
                                  digits.randomElement(using: &rng)!, allowed.randomElement(using: &rng)!, digits.randomElement(using: &rng)!]
            let code = String(c[0..<3]) + " " + String(c[3..<6])
            #expect(PostalCode.validate(code) == .canadian(code), "\(code)")
            let letterSlot = [0, 2, 4].randomElement(using: &rng)!
            c[letterSlot] = PostalCode.forbiddenLetters.randomElement(using: &rng)!
            #expect(!PostalCode.validate(String(c)).isValid, "\(String(c))")
        }
    }
}
