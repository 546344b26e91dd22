import Foundation
import Testing

/// docs/architecture.md names every target of Package.swift and every edge between them, and
/// nothing else: the table a newcomer reads is the graph the compiler enforces.
@Suite struct ArchitectureDocTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Each target call in Package.swift (`.target(`, `.executableTarget(`, `.systemLibrary(`,
    /// `.testTarget(`): its name and the names in its `dependencies:` list, read from the text.
    static func packageGraph() throws -> [String: [String]] {
        let text = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        var graph: [String: [String]] = [:]
        let calls = try Regex(#"\.(target|executableTarget|systemLibrary|testTarget)\("#)
        for match in text.matches(of: calls) {
            // The call's arguments: up to its closing parenthesis.
            var depth = 0
            var end = match.range.upperBound
            var i = text.index(before: match.range.upperBound)
            while i < text.endIndex {
                if text[i] == "(" { depth += 1 } else if text[i] == ")" { depth -= 1; if depth == 0 { end = i; break } }
                i = text.index(after: i)
            }
            let call = text[match.range.upperBound..<end]
            guard let name = call.firstMatch(of: #/name:\s*"([^"]+)"/#)?.1 else { continue }
            var deps: [String] = []
            if let list = call.range(of: "dependencies:") {
                var d = 0
                var j = call[list.upperBound...].firstIndex(of: "[")!
                let start = j
                repeat {
                    if call[j] == "[" { d += 1 } else if call[j] == "]" { d -= 1 }
                    j = call.index(after: j)
                } while d > 0
                let body = call[start..<j]
                // A `.product(name: "X", …)` counts by its product's name; other literals are targets.
                var rest = body
                while let m = rest.firstMatch(of: #/\.product\(name:\s*"([^"]+)"[^)]*\)|"([^"]+)"/#) {
                    deps.append(String(m.1 ?? m.2!))
                    rest = rest[m.range.upperBound...]
                }
            }
            graph[String(name)] = deps
        }
        return graph
    }

    /// The table between the doc's markers: target → what it depends on.
    static func docGraph() throws -> [String: [String]] {
        let text = try String(contentsOf: root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let begin = try #require(text.range(of: "<!-- targets: begin -->"))
        let end = try #require(text.range(of: "<!-- targets: end -->"))
        var graph: [String: [String]] = [:]
        for line in text[begin.upperBound..<end.lowerBound].split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let name = cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            graph[name] = cells[2] == "—" ? [] : cells[2].split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "` ")) }
        }
        return graph
    }

    @Test("Each app is a target of its own on the toolkit: no app depends on another, the toolkit on none")
    func appsStandApart() throws {
        let package = try Self.packageGraph()
        let apps = package.keys.filter { $0.hasPrefix("App") }.sorted()
        #expect(apps.count == 15, "\(apps)")
        for app in apps {
            let deps = package[app] ?? []
            #expect(deps.contains("TouchDeskToolkit"), "\(app) is not on the toolkit: \(deps)")
            #expect(!deps.contains { $0.hasPrefix("App") }, "\(app) depends on another app: \(deps)")
        }
        let toolkit = try #require(package["TouchDeskToolkit"])
        #expect(!toolkit.contains { $0.hasPrefix("App") || $0 == "TouchDeskApps" }, "the toolkit names an app: \(toolkit)")
        // The registry lists them all; the executable reaches them only through it.
        #expect(Set(package["TouchDeskApps"] ?? []).isSuperset(of: apps))
        #expect(!(package["touchdesk"] ?? []).contains { $0.hasPrefix("App") }, "the executable names an app")
        // Each app's folder is Sources/Apps/<Name> for App<Name>, and every folder there is an app's.
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Sources/Apps").path)
        #expect(Set(folders.map { "App" + $0 }) == Set(apps))
    }

    @Test func theDocNamesEveryTargetAndEdgeAndNothingElse() throws {
        let package = try Self.packageGraph()
        let doc = try Self.docGraph()
        #expect(package.count > 30, "Package.swift read: \(package.keys.sorted())")
        #expect(Set(doc.keys) == Set(package.keys), "run scripts/architecture-table: only in Package.swift \(Set(package.keys).subtracting(doc.keys).sorted()), only in the doc \(Set(doc.keys).subtracting(package.keys).sorted())")
        for (name, deps) in package {
            #expect(Set(doc[name] ?? []) == Set(deps), "\(name): Package.swift \(deps.sorted()), docs/architecture.md \((doc[name] ?? []).sorted())")
        }
    }
}
