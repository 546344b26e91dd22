import Foundation
import Testing

/// The translations as a translator leaves them: every text of the template (po/touchdesk.pot)
/// translated in po/de.po, with the same {0} placeholders, and accepted by `msgfmt --check`.
@Suite struct TranslationCatalogueTests {
    static let po = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("po")

    struct Entry { var id: String; var plural: String?; var strings: [String] }

    /// The entries of a .po or .pot file (the header left out).
    static func entries(_ name: String) throws -> [Entry] {
        let text = try String(contentsOf: po.appendingPathComponent(name), encoding: .utf8)
        var out: [Entry] = []
        var current: Entry?
        var field = ""
        func unquote(_ s: Substring) -> String {
            var body = s.drop { $0 != "\"" }.dropFirst()
            if body.last == "\"" { body = body.dropLast() }
            return String(body).replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\n", with: "\n")
                .replacingOccurrences(of: "\\\\", with: "\\")
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("msgid ") {
                if let c = current, !c.id.isEmpty { out.append(c) }
                current = Entry(id: unquote(line), plural: nil, strings: []); field = "id"
            } else if line.hasPrefix("msgid_plural ") {
                current?.plural = unquote(line); field = "plural"
            } else if line.hasPrefix("msgstr") {
                current?.strings.append(unquote(line)); field = "str"
            } else if line.hasPrefix("\"") {
                let more = unquote(line)
                switch field {
                case "id": current?.id += more
                case "plural": current?.plural? += more
                default: if current?.strings.isEmpty == false { current!.strings[current!.strings.count - 1] += more }
                }
            }
        }
        if let c = current, !c.id.isEmpty { out.append(c) }
        return out
    }

    static func placeholders(_ s: String) -> Set<String> {
        Set(s.matches(of: /\{[0-9]\}/).map { String($0.output) })
    }

    @Test("Every text of the template has a German translation with the same placeholders")
    func germanIsComplete() throws {
        let template = try Self.entries("touchdesk.pot")
        let german = Dictionary(try Self.entries("de.po").map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        #expect(template.count > 300, "the template holds \(template.count) texts")
        for t in template {
            let d = try #require(german[t.id], "no German entry for \"\(t.id)\"")
            #expect(d.plural == t.plural, "\"\(t.id)\": plural \(d.plural ?? "none") in de.po, \(t.plural ?? "none") in the template")
            #expect(d.strings.count == (t.plural == nil ? 1 : 2), "\"\(t.id)\": German has two forms where English has a plural")
            for s in d.strings {
                #expect(!s.isEmpty, "\"\(t.id)\" is not translated")
                #expect(Self.placeholders(s) == Self.placeholders(t.id), "\"\(t.id)\" → \"\(s)\": placeholders differ")
            }
        }
        // Keys stay as they are: a translation never renames Ctrl+… or F1.
        for d in german.values {
            for key in ["Ctrl+", "F1", "Shift+Tab"] where d.id.contains(key) {
                #expect(d.strings.allSatisfy { $0.contains(key) }, "\"\(d.id)\": the key \(key) is lost in \(d.strings)")
            }
        }
    }

    static let msgfmt = ["/usr/bin/msgfmt", "/usr/local/bin/msgfmt"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test("msgfmt --check accepts every translation", .enabled(if: msgfmt != nil, "msgfmt (Debian gettext) is not installed: scripts/setup installs it"))
    func msgfmtCheck() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.po.path).filter { $0.hasSuffix(".po") }
        #expect(files.contains("de.po"))
        for f in files {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: try #require(Self.msgfmt))
            p.arguments = ["--check", "-o", "/dev/null", Self.po.appendingPathComponent(f).path]
            let err = Pipe()
            p.standardError = err
            try p.run()
            let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitUntilExit()
            #expect(p.terminationStatus == 0, "msgfmt --check \(f): \(message)")
        }
    }
}
