import Testing
@testable import TouchDeskWeb

@Suite("Web URLs: RFC 3986 reference resolution and what may be loaded")
struct WebURLTests {
    static let base = WebURL(reference: "http://a/b/c/d;p?q")

    /// RFC 3986 §5.4.1
    static let normalExamples: [(String, String)] = [
        ("g:h", "g:h"), ("g", "http://a/b/c/g"), ("./g", "http://a/b/c/g"), ("g/", "http://a/b/c/g/"),
        ("/g", "http://a/g"), ("//g", "http://g"), ("?y", "http://a/b/c/d;p?y"), ("g?y", "http://a/b/c/g?y"),
        ("#s", "http://a/b/c/d;p?q#s"), ("g#s", "http://a/b/c/g#s"), ("g?y#s", "http://a/b/c/g?y#s"),
        (";x", "http://a/b/c/;x"), ("g;x", "http://a/b/c/g;x"), ("g;x?y#s", "http://a/b/c/g;x?y#s"),
        ("", "http://a/b/c/d;p?q"), (".", "http://a/b/c/"), ("./", "http://a/b/c/"), ("..", "http://a/b/"),
        ("../", "http://a/b/"), ("../g", "http://a/b/g"), ("../..", "http://a/"), ("../../", "http://a/"),
        ("../../g", "http://a/g"),
    ]

    /// RFC 3986 §5.4.2
    static let abnormalExamples: [(String, String)] = [
        ("../../../g", "http://a/g"), ("../../../../g", "http://a/g"), ("/./g", "http://a/g"),
        ("/../g", "http://a/g"), ("g.", "http://a/b/c/g."), (".g", "http://a/b/c/.g"), ("g..", "http://a/b/c/g.."),
        ("..g", "http://a/b/c/..g"), ("./../g", "http://a/b/g"), ("./g/.", "http://a/b/c/g/"),
        ("g/./h", "http://a/b/c/g/h"), ("g/../h", "http://a/b/c/h"), ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
        ("g;x=1/../y", "http://a/b/c/y"), ("g?y/./x", "http://a/b/c/g?y/./x"), ("g?y/../x", "http://a/b/c/g?y/../x"),
        ("g#s/./x", "http://a/b/c/g#s/./x"), ("g#s/../x", "http://a/b/c/g#s/../x"), ("http:g", "http:g"),
    ]

    @Test("RFC 3986 §5.4.1 normal examples", arguments: normalExamples)
    func normal(reference: String, expected: String) {
        #expect(Self.base.resolving(reference).description == expected)
    }

    @Test("RFC 3986 §5.4.2 abnormal examples", arguments: abnormalExamples)
    func abnormal(reference: String, expected: String) {
        #expect(Self.base.resolving(reference).description == expected)
    }

    @Test("Splitting into components (Appendix B)")
    func components() {
        let url = WebURL(reference: "HTTP://User@Example.COM:8080/a/b.html?x=1#part")
        #expect(url.scheme == "http")
        #expect(url.authority == "User@Example.COM:8080")
        #expect(url.host == "example.com")
        #expect(url.port == 8080)
        #expect(url.path == "/a/b.html")
        #expect(url.query == "x=1")
        #expect(url.fragment == "part")
        #expect(WebURL(reference: "https://example.com").port == 443)
        #expect(WebURL(reference: "mailto:me@example.com").scheme == "mailto")
        #expect(WebURL(reference: "a b/ü.html").path == "a%20b/%C3%BC.html")
    }

    @Test("http, https and file load; other schemes are refused with a message")
    func schemes() throws {
        #expect(try WebURL(string: "https://example.com").description == "https://example.com/")
        #expect(try WebURL(string: "file:///tmp/a%20b.html").filePath == "/tmp/a b.html")
        for refused in ["mailto:a@b.c", "javascript:alert(1)", "ftp://example.com/", "data:text/html,hi"] {
            #expect(throws: WebURLError.self) { try WebURL(string: refused) }
            do {
                _ = try WebURL(string: refused)
            } catch {
                if case .unsupportedScheme(let scheme) = error {
                    #expect(error.description.contains("\(scheme):"))
                } else {
                    Issue.record("\(refused) should be an unsupported scheme, got \(error)")
                }
            }
        }
    }

    @Test("Malformed addresses are refused", arguments: [
        "", "http://", "http:///path", "http://exa mple.com/", "http://example.com:99999/", "http://example.com:12ab/",
        "file://otherhost/etc/passwd", "no-scheme-here",
    ])
    func malformed(text: String) {
        #expect(throws: WebURLError.self) { try WebURL(string: text) }
    }

    @Test("Typed addresses: paths are files, bare host names get http://")
    func userInput() throws {
        #expect(try WebURL.fromUserInput("/tmp/x y.html", currentDirectory: "/").description == "file:///tmp/x%20y.html")
        #expect(try WebURL.fromUserInput("./pages/../a.html", currentDirectory: "/home/u").description
            == "file:///home/u/a.html")
        #expect(try WebURL.fromUserInput("example.com/a", currentDirectory: "/").description == "http://example.com/a")
        #expect(try WebURL.fromUserInput("localhost:8000", currentDirectory: "/").description == "http://localhost:8000/")
        #expect(try WebURL.fromUserInput("https://example.com/#x", currentDirectory: "/").fragment == "x")
        #expect(throws: WebURLError.self) { try WebURL.fromUserInput("two words", currentDirectory: "/") }
        #expect(throws: WebURLError.unsupportedScheme("mailto")) { try WebURL.fromUserInput("mailto:a@b.c", currentDirectory: "/") }
    }
}
