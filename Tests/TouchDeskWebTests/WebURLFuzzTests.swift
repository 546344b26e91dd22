import Foundation
import Testing
import TouchDeskTestSupport
@testable import TouchDeskWeb

/// Random and mutated addresses: every string splits into a reference that composes back to
/// itself, loading accepts only http(s) with a host and file with a path, and resolution leaves
/// no dot segments.
@Suite("Fuzz: web addresses")
struct WebURLFuzzTests {
    static let seeds = ["http://example.org/a/b?q=1#top", "https://[::1]:8443/x", "file:///tmp/a%20b.html", "localhost:8000",
                        "example.org", "../up/./here", "//host/p", "mailto:a@b", "HTTP://EXAMPLE.org:80", "?only#frag"]

    static func address(_ f: inout Fuzz) -> String {
        switch f.int(0...2) {
        case 0: f.pick(seeds)
        case 1: f.mutate(f.pick(seeds), edits: 3)
        default: f.string(maxPieces: 10)
        }
    }

    @Test func referencesComposeBackToThemselvesAndLoadOnlyWhatCanBeLoaded() {
        var f = Fuzz("web-url")
        var loadable = 0
        for _ in 0..<Fuzz.rounds(5000) {
            let text = Self.address(&f)
            let u = WebURL(reference: text)
            #expect(WebURL(reference: u.description) == u, "seed \(f.seed): \(text.debugDescription) → \(u) does not read back")
            #expect(!u.description.utf8.contains { $0 <= 0x20 || $0 >= 0x7f }, "seed \(f.seed): \(u.description.debugDescription) is not encoded")
            do {
                let v = try u.validatedForLoading()
                loadable += 1
                switch v.scheme {
                case "http", "https":
                    #expect(!(v.host ?? "").isEmpty && (1...65535).contains(v.port ?? 0), "seed \(f.seed): \(v)")
                    #expect(v.path.hasPrefix("/"), "seed \(f.seed): \(v)")
                case "file": #expect(v.path.hasPrefix("/"), "seed \(f.seed): \(v)")
                default: Issue.record("seed \(f.seed): \(v) accepted for loading")
                }
                #expect(try v.validatedForLoading() == v, "seed \(f.seed): validating twice changes \(v)")
            } catch {
                #expect(!error.description.isEmpty)
            }
        }
        #expect(loadable > 200, "seed \(f.seed): \(loadable) loadable")
    }

    @Test func resolvedReferencesAreAbsoluteWithoutDotSegments() {
        var f = Fuzz("web-resolve")
        let base = WebURL(reference: "http://example.org/a/b/c;p?q")
        for _ in 0..<Fuzz.rounds(5000) {
            let r = base.resolving(Self.address(&f))
            #expect(r.scheme != nil, "seed \(f.seed): \(r)")
            let segments = r.path.split(separator: "/", omittingEmptySubsequences: false)
            #expect(!segments.contains(".") && !segments.contains(".."), "seed \(f.seed): \(r) keeps dot segments")
        }
    }

    @Test func filePathsRoundTripThroughFileURLs() {
        var f = Fuzz("web-file-path")
        for _ in 0..<Fuzz.rounds(3000) {
            var segments: [String] = []
            for _ in 0..<f.int(1...5) {
                let s = f.string(maxPieces: 3).replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "\0", with: "")
                if !s.isEmpty && s != "." && s != ".." { segments.append(s) }
            }
            let path = "/" + segments.joined(separator: "/")
            let u = WebURL(filePath: path)
            #expect(u.filePath == path, "seed \(f.seed): \(path.debugDescription) → \(u) → \(String(describing: u.filePath))")
            #expect((try? u.validatedForLoading()) == u, "seed \(f.seed): \(u)")
        }
    }

    @Test func whatAPersonTypesIsALoadableAddressOrAReason() {
        var f = Fuzz("web-user-input")
        let dir = TemporaryDirectory(prefix: "touchdesk-fuzz-web")
        for _ in 0..<Fuzz.rounds(3000) {
            let text = Self.address(&f)
            do {
                let u = try WebURL.fromUserInput(text, currentDirectory: dir.path)
                #expect(u.isHTTP || u.isFile, "seed \(f.seed): \(text.debugDescription) → \(u)")
                #expect((try? u.validatedForLoading()) != nil, "seed \(f.seed): \(text.debugDescription) → \(u) cannot be loaded")
            } catch {
                #expect(!error.description.isEmpty, "seed \(f.seed)")
            }
        }
    }
}
