import Foundation
import Testing
import TouchDeskTestSupport
@testable import TouchDeskWeb

@Suite("Page loader: http through libcurl, files, limits and error pages")
struct PageLoaderTests {
    static let page = """
        <html><head><title>Local page</title><link rel="stylesheet" href="css/site.css"></head>
        <body><div id="red"></div><img src="pics/dot.png"><a href="other.html#end">other</a></body></html>
        """
    static let css = "body { margin: 0 } #red { width: 40px; height: 40px; background-color: #ff0000 }"

    static func site() throws -> LocalServer {
        try LocalServer(files: [
            "page.html": Array(page.utf8),
            "css/site.css": Array(css.utf8),
            "pics/dot.png": TestPictures.png(width: 20, height: 10, red: 0, green: 0, blue: 1),
            "notes.txt": Array("Plain <text> & more".utf8),
            "huge.png": TestPictures.png(width: 4097, height: 2, red: 0, green: 1, blue: 0),
        ])
    }

    @Test("A page over http arrives with its stylesheet and picture, laid out and painted")
    func httpPage() throws {
        let server = try Self.site()
        let progressCount = Box(0)
        let page = PageLoader().load(try WebURL(string: server.url("/page.html")), layoutWidth: 300) { _ in
            progressCount.value += 1
        }
        #expect(page.kind == .html)
        #expect(page.title == "Local page")
        #expect(page.skippedResources.isEmpty)
        #expect(page.document.stylesheetReferences == ["css/site.css"])
        #expect(page.document.imageRequests.first?.url.description == server.url("/pics/dot.png"))
        #expect(progressCount.value > 0)
        let canvas = PixelSurface(width: 300, height: 60)
        page.document.draw(into: canvas.context, x: 0, y: 0, clip: WebRect(x: 0, y: 0, width: 300, height: 60))
        #expect(canvas.pixel(20, 20) == .red)
        #expect(canvas.pixel(5, 45) == .blue, "the 20×10 picture below the red block")
    }

    @Test("Loading on a worker thread reports through the completion")
    func workerThread() async throws {
        let server = try Self.site()
        let url = try WebURL(string: server.url("/page.html"))
        let page: LoadedPage = await withCheckedContinuation { continuation in
            PageLoader().start(url, layoutWidth: 400) { page in continuation.resume(returning: page) }
        }
        #expect(page.kind == .html)
        #expect(page.size?.width == 400)
    }

    @Test("A 404 shows an error page naming the status")
    func notFound() throws {
        let server = try Self.site()
        let page = PageLoader().load(try WebURL(string: server.url("/nothing-here.html")), layoutWidth: 600)
        #expect(page.kind == .error(.httpStatus(404, "Not Found")))
        #expect(page.source.contains("404 Not Found"))
        #expect(page.title == "404 Not Found")
        #expect((page.size?.height ?? 0) > 50)
    }

    @Test("A refused port shows an error page saying so")
    func refused() throws {
        let port = LocalServer.refusedPort()
        let page = PageLoader().load(try WebURL(string: "http://127.0.0.1:\(port)/"))
        #expect(page.kind == .error(.connectionRefused(host: "127.0.0.1", port: port)))
        #expect(page.source.contains("refused the connection on port \(port)"))
    }

    @Test("An unknown host shows an error page")
    func unknownHost() throws {
        let page = PageLoader(limits: LoadLimits(timeout: 5)).load(try WebURL(string: "http://no-such-host.invalid/"))
        guard case .error(let error) = page.kind else {
            Issue.record("expected an error page")
            return
        }
        #expect(error == .unreachableHost("no-such-host.invalid") || error == .timeout(seconds: 5))
    }

    @Test("More than 10 redirects stop; 10 are followed")
    func redirects() throws {
        let server = try Self.site()
        let loop = PageLoader().load(try WebURL(string: server.url("/loop")))
        #expect(loop.kind == .error(.tooManyRedirects(limit: 10)))
        #expect(loop.source.contains("more than 10 times"))
        let ten = PageLoader().load(try WebURL(string: server.url("/hops/10")))
        #expect(ten.kind == .html)
        #expect(ten.url.description == server.url("/hops/0"))
        let eleven = PageLoader().load(try WebURL(string: server.url("/hops/11")))
        #expect(eleven.kind == .error(.tooManyRedirects(limit: 10)))
    }

    @Test("A body over 20 MB is refused, with and without Content-Length")
    func tooLarge() throws {
        let server = try Self.site()
        for path in ["/big", "/big-stream"] {
            let page = PageLoader().load(try WebURL(string: server.url(path)))
            #expect(page.kind == .error(.tooLarge(limit: 20 * 1024 * 1024)), "\(path)")
            #expect(page.source.contains("20 MB"))
        }
    }

    @Test("A slow server runs into the timeout")
    func timeout() throws {
        let server = try Self.site()
        let started = ContinuousClock.now
        let page = PageLoader(limits: LoadLimits(timeout: 0.5)).load(try WebURL(string: server.url("/slow")))
        #expect(page.kind == .error(.timeout(seconds: 0.5)))
        #expect(page.source.contains("timeout"))
        #expect(ContinuousClock.now - started < .seconds(2.5))
    }

    @Test("Stop cancels a load in flight")
    func stop() async throws {
        let server = try Self.site()
        let url = try WebURL(string: server.url("/slow"))
        // /slow answers after 3 s with a page: only a cancelled load gives the cancelled page.
        let page: LoadedPage = await withCheckedContinuation { continuation in
            let task = PageLoader().start(url) { page in continuation.resume(returning: page) }
            Thread.sleep(forTimeInterval: 0.3)
            task.cancel()
        }
        #expect(page.kind == .error(.cancelled))
    }

    @Test("The response's charset decodes the page")
    func charset() throws {
        let server = try Self.site()
        let page = PageLoader().load(try WebURL(string: server.url("/latin1")))
        #expect(page.charset == "windows-1252")
        #expect(page.source.contains("café"))
    }

    @Test("Plain text shows as text, a picture as a picture, an oversized picture is refused")
    func nonHTML() throws {
        let server = try Self.site()
        let text = PageLoader().load(try WebURL(string: server.url("/notes.txt")))
        #expect(text.kind == .text)
        #expect(text.source.contains("Plain &lt;text&gt; &amp; more"))
        let picture = PageLoader().load(try WebURL(string: server.url("/pics/dot.png")), layoutWidth: 100)
        #expect(picture.kind == .picture)
        let canvas = PixelSurface(width: 100, height: 20)
        picture.document.draw(into: canvas.context, x: 0, y: 0, clip: WebRect(x: 0, y: 0, width: 100, height: 20))
        #expect(canvas.pixel(10, 5) == .blue)
        let huge = PageLoader().load(try WebURL(string: server.url("/huge.png")))
        #expect(huge.kind == .error(.picture(.tooLarge(width: 4097, height: 2, limit: 4096))))
    }

    @Test("A page from http may not load file:// resources, nor redirect to them")
    func noFilesFromWeb() throws {
        let html = """
            <html><head><link rel="stylesheet" href="file:///etc/hostname"></head>
            <body><img src="file:///usr/share/pixmaps/debian-logo.png"></body></html>
            """
        let server = try LocalServer(files: ["evil.html": Array(html.utf8)])
        let page = PageLoader().load(try WebURL(string: server.url("/evil.html")))
        #expect(page.kind == .html)
        #expect(page.skippedResources.count == 2)
        #expect(page.skippedResources.allSatisfy { $0.contains("may not load the local file") })
        let redirected = PageLoader().load(try WebURL(string: server.url("/to-file")))
        #expect(redirected.kind == .error(.unsupportedScheme("file")))
    }

    @Test("Files load by path, a missing file shows an error page, a malformed URL too")
    func files() throws {
        let server = try Self.site()
        let file = WebURL(filePath: server.root.appendingPathComponent("page.html").path)
        let page = PageLoader().load(file, layoutWidth: 300)
        #expect(page.kind == .html)
        #expect(page.skippedResources.isEmpty)
        let missing = PageLoader().load(WebURL(filePath: "/no/such/file.html"))
        #expect(missing.kind == .error(.missingFile("/no/such/file.html")))
        #expect(missing.source.contains("There is no file at /no/such/file.html"))
        let malformed = PageLoader().load(WebURL(reference: "http://exa mple.com/"))
        guard case .error(.malformedURL) = malformed.kind else {
            Issue.record("expected a malformed-URL error page, got \(malformed.kind)")
            return
        }
        let mailto = PageLoader().load(WebURL(reference: "mailto:someone@example.com"))
        #expect(mailto.kind == .error(.unsupportedScheme("mailto")))
    }
}
