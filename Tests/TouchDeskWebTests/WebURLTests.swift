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

@Suite("Browsing history")
struct BrowsingHistoryTests {
    let a = WebURL(reference: "http://x/a"), b = WebURL(reference: "http://x/b")
    let c = WebURL(reference: "http://x/c"), d = WebURL(reference: "http://x/d")

    @Test("Back and Forward walk the visits")
    func backForward() {
        var history = BrowsingHistory()
        #expect(!history.canGoBack && !history.canGoForward && history.current == nil)
        history.visit(a)
        history.visit(b)
        history.visit(c)
        #expect(history.goBack()?.url == b)
        #expect(history.goBack()?.url == a)
        #expect(history.goBack() == nil)
        #expect(history.goForward()?.url == b)
        #expect(history.canGoForward)
    }

    @Test("A new visit after going back drops the forward entries")
    func newVisitDropsForward() {
        var history = BrowsingHistory()
        history.visit(a)
        history.visit(b)
        history.visit(c)
        _ = history.goBack()
        _ = history.goBack()
        history.visit(d)
        #expect(history.entries.map(\.url) == [a, d])
        #expect(!history.canGoForward)
        #expect(history.goBack()?.url == a)
    }

    @Test("Reloading the page shown adds nothing; scroll positions come back with Back")
    func reloadAndScroll() {
        var history = BrowsingHistory()
        history.visit(a)
        history.visit(a)
        #expect(history.entries.count == 1)
        history.rememberScroll(x: 0, y: 420)
        history.visit(b)
        #expect(history.goBack()?.scrollY == 420)
    }
}

@Suite("Character sets")
struct CharsetTests {
    @Test("The HTTP Content-Type wins over <meta>")
    func contentTypeFirst() {
        let body = Array("<meta charset=\"koi8-r\"><p>x".utf8)
        #expect(Charset.detect(contentType: "text/html; charset=ISO-8859-2", body: body) == "iso-8859-2")
        #expect(Charset.detect(contentType: "text/html", body: body) == "koi8-r")
        #expect(Charset.detect(contentType: nil, body: Array("<p>plain".utf8)) == "utf-8")
        #expect(Charset.fromContentType("text/html;charset=\"utf-8\"") == "utf-8")
    }

    @Test("<meta http-equiv=Content-Type> names the charset")
    func httpEquiv() {
        let body = Array("<html><head><META HTTP-EQUIV='Content-Type' CONTENT='text/html; charset=windows-1251'>".utf8)
        #expect(Charset.fromMeta(body) == "windows-1251")
    }

    @Test("Latin-1 and Windows-1252 bytes decode; named encodings go through iconv")
    func decoding() {
        let latin1: [UInt8] = Array("caf".utf8) + [0xE9, 0x20, 0x80]
        #expect(Charset.decode(latin1, contentType: "text/html; charset=iso-8859-1").text == "café €")
        // Invalid UTF-8 with no label falls back to Windows-1252.
        let fallback = Charset.decode(latin1, contentType: nil)
        #expect(fallback.text == "café €" && fallback.charset == "windows-1252")
        #expect(Charset.decode(Array("naïve ✓".utf8), contentType: nil).text == "naïve ✓")
        let cyrillic: [UInt8] = [0xEF, 0xF0, 0xE8, 0xE2, 0xE5, 0xF2]  // "привет" in windows-1251
        #expect(Charset.decode(cyrillic, contentType: "text/plain; charset=windows-1251").text == "привет")
        let withBOM: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("ok".utf8)
        #expect(Charset.decode(withBOM, contentType: "text/html; charset=iso-8859-1").text == "ok")
        let utf16: [UInt8] = [0xFF, 0xFE, 0x68, 0x00, 0x69, 0x00]
        #expect(Charset.decode(utf16, contentType: nil).text == "hi")
    }
}
