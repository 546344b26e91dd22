import Foundation
import Testing

/// The catalogue against the code: every text the code hands to `tr`, `trn`, `translatable`, a
/// control or a toast is in the template (po/touchdesk.pot, so in every translation, which
/// `TranslationCatalogueTests` checks), and no text reaches the window past the catalogue: no
/// interpolated key (a key with `\(…)` in it can never be in a catalogue) and no bare English
/// literal handed to what draws or shows text.
@Suite struct TranslationSourcesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test("The template holds every text the code marks: scripts/po-extract finds nothing new",
          .enabled(if: python != nil, "python3 runs scripts/po-extract"))
    func templateIsCurrent() throws {
        let fresh = FileManager.default.temporaryDirectory.appendingPathComponent("touchdesk-\(getpid())-extract.pot")
        defer { try? FileManager.default.removeItem(at: fresh) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: try #require(Self.python))
        p.arguments = [Self.root.appendingPathComponent("scripts/po-extract").path, fresh.path]
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        try #require(p.terminationStatus == 0)
        let marked = Set(try Self.ids(String(contentsOf: fresh, encoding: .utf8)))
        let template = Set(try Self.ids(String(contentsOf: Self.root.appendingPathComponent("po/touchdesk.pot"), encoding: .utf8)))
        #expect(marked.count > 300)
        let missing = marked.subtracting(template).sorted()
        #expect(missing.isEmpty, "texts in the code but not in po/touchdesk.pot (run scripts/po-extract, msgmerge, translate): \(missing.prefix(20))")
    }

    /// The msgids of a .pot, joined across continuation lines.
    static func ids(_ pot: String) -> [String] {
        var out: [String] = []
        var current: String?
        for line in pot.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("msgid ") { current = String(line.dropFirst(7).dropLast()) }
            else if line.hasPrefix("\""), current != nil { current! += String(line.dropFirst().dropLast()) }
            else { if let c = current, !c.isEmpty { out.append(c) }; current = nil }
        }
        if let c = current, !c.isEmpty { out.append(c) }
        return out
    }

    /// Calls that show their text argument as it is; `tr`, `trn` and `toast.show` look theirs up.
    static let showsAsIs = [#"\bcr\.text\(\s*"#, #"\bText\.layout\(\s*"#, #"\bdrawNote\(\s*cr,\s*"#, #"\.note\(\s*cr,\s*"#,
                            #"\bnotice = \(\s*"#, #"\.refused\(\s*"#, #"\b(?:view|dialog)\.(?:show|ask)\(\s*"#, #"\bbusy = "#,
                            #"\bstoppedReason = "#, #"WorkGoingOn(?:\.Ended)?\(\s*"#, #"\bFilter\(\s*"#, #"\btitle: "#,
                            // Messages on standard error, and errors that end there.
                            #"\bwarn\(\s*"#, #"\bValidationError\(\s*"#, #"\bAppOptionError\(\s*"#, #"\bOptionError\(description:\s*"#,
                            #"\bFailure\(description:\s*"#, #"\bParseError\(description:\s*"#, #"\bFileError\(\w+,\s*"#,
                            #"\bStartError\(description:\s*"#, #"\bthrow fail\(\s*"#,
                            // What a screen reader says.
                            #"\bAccessibleNode\([^\n]*?\b(?:name|description):\s*"#, #"\bdoing = "#]
    static let looksUp = [#"\b(?:tr|trn|translatable)\(\s*"#, #"\btoast\.show\(\s*"#]
    /// Literals that are no English sentence, each with why it stays as it is.
    static let allowed: [String: String] = [
        #"cr.text("TouchDesk \(Self.version)""#: "the name and version",
        #"cr.text("DAILY BYTE""#: "the masthead drawn on Stick Man's newspaper: part of the blog's picture",
    ]

    @Test("No text reaches the window past the catalogue: no interpolated key, no bare English literal where text is shown")
    func nothingBypassesTheCatalogue() throws {
        let literal = #""((?:[^"\\\n]|\\.)*)""#
        var found: [String] = []
        for base in ["Sources/TouchDeskToolkit", "Sources/Apps", "Sources/TouchDeskApps", "Sources/TouchDeskModels", "Sources/TouchDeskWeb", "Sources/TouchDeskFiles", "Sources/TouchDeskHost", "Sources/touchdesk"] {
            let dir = Self.root.appendingPathComponent(base)
            let files = try #require(FileManager.default.enumerator(atPath: dir.path)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
            #expect(!files.isEmpty)
            for f in files {
                let text = try String(contentsOf: dir.appendingPathComponent(f), encoding: .utf8)
                for (patterns, translates) in [(Self.showsAsIs, false), (Self.looksUp, true)] {
                    for pattern in patterns {
                        let re = try Regex(pattern + literal)
                        for m in text.matches(of: re) {
                            let whole = String(text[m.range])
                            let body = String(whole.drop { $0 != "\"" })
                            // The words outside any \(…): "\(error)" alone passes a message on.
                            let words = body.replacing(/\\\([^)]*\)/, with: "")
                            let interpolated = words != body
                            guard words.contains(/[A-Za-z]{2}/), interpolated || !translates, Self.allowed[whole] == nil else { continue }
                            found.append("\(base)/\(f): \(whole.prefix(90))")
                        }
                    }
                }
            }
        }
        #expect(found.isEmpty, "texts that skip the catalogue (use tr(\"… {0}\", x)): \(found)")
    }
}
