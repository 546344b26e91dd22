import Testing
import TouchDeskInterface

/// Input a message quotes back: escapes and bidi overrides written out, long values cut with "…".
@Suite struct EchoedInputTests {
    @Test("Control and format characters are written as U+XXXX; text, emoji and CJK are kept")
    func controlsAreWrittenOut() {
        #expect(echoed("\u{1B}[31mred") == "U+001B[31mred")
        #expect(echoed("a\nb\tc\u{7F}\u{85}") == "aU+000AbU+0009cU+007FU+0085")
        #expect(echoed("abc\u{202E}fed") == "abcU+202Efed")
        #expect(echoed("\r\n") == "U+000DU+000A")
        #expect(echoed("Zürich 東京 👨‍👩‍👧") == "Zürich 東京 👨‍👩‍👧")
    }

    @Test("A long value is cut to the limit with an ellipsis; a value at the limit is whole")
    func longValuesAreCut() {
        let big = String(repeating: "x", count: 100_000)
        let shown = echoed(big)
        #expect(shown.count == EchoedInput.limit && shown.hasSuffix("…") && shown.hasPrefix("xxxx"))
        let exact = String(repeating: "y", count: EchoedInput.limit)
        #expect(echoed(exact) == exact)
        #expect(echoed("abcdef", limit: 4) == "abc…")
        #expect(echoed(String(repeating: "\u{1B}", count: 10), limit: 13) == "U+001BU+001B…")
        #expect(echoed("\u{1B}[2J", limit: 9) == "U+001B[2J" && echoed("\u{1B}[2J", limit: 8) == "U+001B[…")
    }

    @Test("A whole message keeps its lines, each made safe and cut")
    func messagesKeepTheirLines() {
        let message = "Error: The value '\u{1B}[2J" + String(repeating: "z", count: 5000) + "' is invalid\nUsage: touchdesk"
        let safe = EchoedInput.safeMessage(message)
        let lines = safe.split(separator: "\n")
        #expect(lines.count == 2 && lines[1] == "Usage: touchdesk")
        #expect(!safe.unicodeScalars.contains("\u{1B}") && lines[0].count <= 400 && lines[0].hasSuffix("…"))
    }
}
