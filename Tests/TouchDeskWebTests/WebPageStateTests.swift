import Testing
import TouchDeskWeb

@Suite("Web page state")
struct WebPageStateTests {
    @Test("a late end of the page before does not end the load just asked for")
    func lateEnd() {
        var s = WebPageState()
        s.willLoad("http://127.0.0.1/a.html")
        s.apply(.loading(false))
        #expect(s.isLoading, "the old page's end")
        s.apply(.loading(true))
        s.apply(.progress(0.5))
        #expect(s.statusText == "Loading http://127.0.0.1/a.html… 50 %")
        s.apply(.title("A"))
        s.apply(.loading(false))
        #expect(!s.isLoading && s.statusText == "A")
    }

    @Test("the status line: a hovered link first, then why the page stopped, then a notice")
    func statusLine() {
        var s = WebPageState()
        s.apply(.title("Page"))
        s.apply(.status(code: 404, phrase: "Not Found"))
        #expect(s.statusText == "404 Not Found" && s.statusIsError)
        s.apply(.hover("http://x/"))
        #expect(s.statusText == "→ http://x/" && !s.statusIsError)
        s.apply(.hover(nil))
        s.memoryLimitMB = 300
        s.apply(.crashed(view: 0, memory: true))
        #expect(s.stoppedReason == "The page used more than 300 MB and was stopped.")
        #expect(s.statusText == s.stoppedReason)
        s.apply(.stopped("it stopped answering for 8 seconds"))
        #expect(s.stoppedReason == "The web engine stopped: it stopped answering for 8 seconds.")
    }

    @Test("a refused navigation ends the load it would have been; a new page forgets its size and zoom")
    func refusedAndNewPage() {
        var s = WebPageState()
        s.willLoad("http://127.0.0.1/net.html")
        s.apply(.refused(url: "file:///etc/passwd", why: "a page from the network may not open local files"))
        #expect(!s.isLoading && !s.awaitingLoad && s.statusIsError)
        s.apply(.contentSize(width: 970, height: 3000))
        s.apply(.fitted)
        s.apply(.loading(true))
        #expect(s.contentSize == nil && !s.fitted)
    }

    @Test("news of the page still shown, heard after a new address was asked for, neither ends that load nor takes the status line")
    func lateNewsOfTheShownPage() {
        var s = WebPageState()
        s.willLoad("file:///tmp/spin.html")
        s.apply(.loading(true))
        s.apply(.address("file:///tmp/spin.html"))
        s.willLoad("file:///tmp/ok.html")
        s.apply(.refused(url: "file:///tmp/spin.html", why: "the page is not responding: Stop ends it"))
        #expect(s.isLoading && s.awaitingLoad && s.notice == nil, "the stuck page's news ended the new load: \(s.statusText)")
        // Refused itself, the new address ends its load and says why.
        s.apply(.refused(url: "file:///tmp/ok.html", why: "not allowed"))
        #expect(!s.isLoading && !s.awaitingLoad && s.statusText == "Not opened: file:///tmp/ok.html: not allowed")
        // With no new load asked for, the shown page's news is the status line's.
        s.apply(.refused(url: "file:///tmp/spin.html", why: "the page is not responding: Stop ends it"))
        #expect(s.statusText == "Not opened: file:///tmp/spin.html: the page is not responding: Stop ends it")
    }
}
