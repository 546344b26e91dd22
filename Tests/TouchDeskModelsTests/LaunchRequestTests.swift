import Testing
import TouchDeskModels

/// The words of `touchdesk …` as a person types them and as the desktop entry's `%U` passes them.
@Suite("Launch words: apps, files and URLs")
struct LaunchRequestTests {
    let ids: Set<String> = ["paint", "web", "mandelbrot", "temperature"]

    @Test func nothingOpensTheHomeScreen() {
        #expect(LaunchRequest.parse([], appIDs: ids) == LaunchRequest())
    }

    @Test func anAppNameKeepsItsMeaning() {
        #expect(LaunchRequest.parse(["temperature"], appIDs: ids) == LaunchRequest(app: "temperature"))
        #expect(LaunchRequest.parse(["web", "https://example.org/"], appIDs: ids)
                == LaunchRequest(app: "web", address: "https://example.org/"))
        #expect(LaunchRequest.parse(["paint", "photo.png"], appIDs: ids) == LaunchRequest(app: "paint", address: "photo.png"))
    }

    @Test("a PNG alone opens Paintbrush, as a path or a file URI", arguments: [
        ("photo.png", "photo.png"), ("/home/a/Photo.PNG", "/home/a/Photo.PNG"),
        ("file:///home/a/my%20photo.png", "/home/a/my photo.png"),
        ("file://localhost/tmp/b.png", "/tmp/b.png"),
        ("file:///tmp/caf%C3%A9.png", "/tmp/café.png"),
    ])
    func pngOpensPaint(_ word: String, _ path: String) {
        #expect(LaunchRequest.parse([word], appIDs: ids) == LaunchRequest(app: "paint", address: path))
    }

    @Test("an HTML file or a URL alone opens Web Pages", arguments: [
        "page.html", "/srv/www/index.htm", "file:///tmp/page.html", "https://example.org/a.png?x=1", "example.org",
    ])
    func othersOpenWeb(_ word: String) {
        #expect(LaunchRequest.parse([word], appIDs: ids) == LaunchRequest(app: "web", address: word))
    }

    @Test func paintTakesFileURIsAsPaths() {
        #expect(LaunchRequest.parse(["paint", "file:///tmp/a%2Bb.png"], appIDs: ids) == LaunchRequest(app: "paint", address: "/tmp/a+b.png"))
    }

    @Test func severalFilesOpenTheFirstAndNameTheRest() {
        let r = LaunchRequest.parse(["a.png", "b.png", "c.html"], appIDs: ids)
        #expect(r == LaunchRequest(app: "paint", address: "a.png", ignored: ["b.png", "c.html"]))
    }

    @Test("an unknown plain word stays an app name, to be refused with the list", arguments: ["pain", "Paint", ".png", "x."])
    func unknownWordsStayAppNames(_ word: String) {
        #expect(LaunchRequest.parse([word], appIDs: ids).app == word)
    }

    @Test("broken file URIs are not turned into paths", arguments: [
        "file:///tmp/a%2.png", "file:///tmp/a%00.png", "file:///tmp/%FF.png", "file://otherhost/a.png", "file://",
    ])
    func brokenFileURIs(_ word: String) {
        #expect(LaunchRequest.filePath(word) == nil)
    }
}

/// The `text/uri-list` an XDND drop carries (RFC 2483 §5).
@Suite("Dropped URI lists")
struct URIListTests {
    @Test func crlfLinesCommentsAndBlanks() {
        let list = "# from the file manager\r\nfile:///home/a/b%20c.png\r\n\r\nhttps://example.org/\r\n"
        #expect(LaunchRequest.uris(inURIList: list) == ["file:///home/a/b%20c.png", "https://example.org/"])
    }

    @Test func bareNewlinesAndNoFinalBreak() {
        #expect(LaunchRequest.uris(inURIList: "file:///a.png\nfile:///b.png") == ["file:///a.png", "file:///b.png"])
    }

    @Test func emptyOrOnlyCommentsIsNothing() {
        #expect(LaunchRequest.uris(inURIList: "").isEmpty)
        #expect(LaunchRequest.uris(inURIList: "#x\r\n\r\n").isEmpty)
    }

    @Test func tenThousandFilesAreReadInOrder() {
        let list = (0..<10_000).map { "file:///n/\($0)" }.joined(separator: "\r\n")
        let uris = LaunchRequest.uris(inURIList: list)
        #expect(uris.count == 10_000)
        #expect(uris.first == "file:///n/0" && uris.last == "file:///n/9999")
        #expect(LaunchRequest.parse([uris[0]], appIDs: []) == LaunchRequest(app: "web", address: "file:///n/0"))
    }
}
