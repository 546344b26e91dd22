import Foundation
import Testing
import TouchDeskTestSupport

/// Every message that quotes what was passed on the command line shows it safely: a terminal
/// escape written as U+001B (never sent to the terminal), a 100 kB value cut with "…".
@Suite(.serialized, .timeLimit(.minutes(3)))
struct EchoedInputEndToEndTests {
    @Test("Refused arguments with terminal escapes or 100 kB of text: exit 2, the escape written out, one short line")
    func messagesQuoteInputSafely() async throws {
        let session = try await XSession(name: "echoed-input")
        defer { session.close() }
        try DataCaches.install(into: session.home.appendingPathComponent(".cache/touchdesk").path)
        // 100 kB: one argument may hold at most 128 kB.
        let big = String(repeating: "q", count: 100_000)
        let shot = session.root.appendingPathComponent("never.png").path
        let cases: [([String], String)] = [
            (["map", "--place", "\u{1b}[31mred", "--screenshot", shot], "no place matches \"U+001B[31mred\""),
            (["map", "--place", "q" + big, "--screenshot", shot], "no place matches \"qqq"),
            (["\u{1b}]0;title\u{7}"], "unknown app \"U+001B]0;titleU+0007\""),
            (["globe", "--tilt", "\u{202e}" + big], "--tilt takes degrees"),
            (["web", "--page-width", "\u{1b}[2J"], "U+001B[2J"),
            (["--size", "\u{1b}[2J" + big], "rror"),
        ]
        for (args, why) in cases {
            let r = await session.run(try XSession.binary(), args, timeout: 90)
            let shown = args.map { $0.count > 40 ? $0.prefix(20) + "…(\($0.count))" : $0 }.joined(separator: " ")
            #expect(r.exited && !r.timedOut && r.status == 2, "\(shown): \(r.status) \(r.stderr.prefix(400))")
            #expect(r.stderr.contains(why), "\(shown): \(r.stderr.prefix(400))")
            #expect(!r.stderr.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" }, "\(shown): \(r.stderr.prefix(400))")
            #expect(!r.stderr.unicodeScalars.contains("\u{202e}"), "\(shown)")
            let longest = r.stderr.split(separator: "\n").map(\.count).max() ?? 0
            #expect(longest <= 420, "\(shown): a line of \(longest) characters on stderr")
            if args.contains(where: { $0.count > 1000 }) { #expect(r.stderr.contains("…"), "\(shown): the long value is not cut with …") }
        }
    }
}
