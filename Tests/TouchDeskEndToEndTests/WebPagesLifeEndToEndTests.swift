import Foundation
import Testing
import TouchDeskTestSupport
import Glibc

/// Web Pages by keyboard, and its engine's life, in the real window: Tab through a page's links,
/// Enter on a link, a Tab past the page's last field to the address field; leaving Web Pages ends
/// the engine and every process under it.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct WebPagesLifeEndToEndTests {
    static let blue = PixelColor(hex: 0x0000ff)
    static let green = PixelColor(hex: 0x00a000)
    static let yellow = PixelColor(hex: 0xffff00)

    static func site() throws -> LocalServer {
        let links = """
            <html><head><title>Links</title></head><body style="margin:0">
            <a id="one" href="#one" style="display:block;width:200px;height:40px;background:#0000ff;color:#0000ff">one</a>
            <a id="two" href="next.html" style="display:block;width:200px;height:40px;background:#00a000;color:#00a000">two</a>
            <input id="field" style="width:200px"></body></html>
            """
        let next = "<html><head><title>Next</title></head><body style='margin:0'><div style='width:300px;height:200px;background:#ffff00'></div></body></html>"
        return try LocalServer(files: ["links.html": Array(links.utf8), "next.html": Array(next.utf8)])
    }

    func count(_ img: PixelImage, _ color: PixelColor) -> Int {
        img.regions(where: { $0.isClose(to: color, tolerance: 24) }, minimumPixels: 2000).count
    }

    @Test("in a page: Tab to its second link, Enter follows it; Tab past the page's last field reaches the address field, its text selected")
    func keyboard() async throws {
        let server = try Self.site()
        let session = try await XSession(name: "web-keys")
        defer { session.close() }
        let app = try await session.launch(["web", server.url("/links.html"), "--size", "1000x700"])
        let links = try await app.screenshot("links", timeout: 20) { count($0, Self.green) == 2 }
        // A click on the page's empty part gives it the keys; its first link, its second; Enter.
        let blue = try #require(links.regions(where: { $0.isClose(to: Self.blue, tolerance: 24) }, minimumPixels: 2000).min { $0.x < $1.x })
        try await app.click(Double(blue.x + 350), Double(blue.y + 10))
        try await Task.sleep(for: .seconds(0.3))
        for _ in 0..<2 { try await app.key("Tab"); try await Task.sleep(for: .seconds(0.3)) }
        try await app.key("Return")
        let next = try await app.screenshot("enter on the second link", timeout: 15) { count($0, Self.yellow) == 2 }
        #expect(count(next, Self.yellow) == 2, "the linked page in both views: \(next.path)")

        // Back; the page still has the keys: its two links, its field, then past its end to the
        // address field, whose text is selected: what is typed replaces it.
        try await app.key("alt+Left")
        _ = try await app.screenshot("back", timeout: 15) { count($0, Self.green) == 2 }
        for _ in 0..<4 { try await app.key("Tab"); try await Task.sleep(for: .seconds(0.3)) }
        #expect(await session.run("xdotool", ["type", "--delay", "4", server.url("/next.html")], timeout: 20).ok)
        try await app.key("Return")
        let typed = try await app.screenshot("typed after the page's end", timeout: 15) { count($0, Self.yellow) == 2 }
        #expect(count(typed, Self.yellow) == 2, "Tab past the page's field reached the address field: \(typed.path)")
    }

    @Test("leaving Web Pages ends its engine: every web process gone (none a zombie), the page back on return")
    func sleepsWhenLeft() async throws {
        let server = try Self.site()
        let session = try await XSession(name: "web-sleep")
        defer { session.close() }
        let app = try await session.launch(["web", server.url("/links.html"), "--size", "1000x700"])
        _ = try await app.screenshot("links", timeout: 20) { count($0, Self.green) == 2 }
        let engine = descendantProcesses(of: app.pid)
        #expect(engine.count >= 3, "the helper, its web and network processes under TouchDesk: \(engine)")
        let left = Date()
        try await app.key("Escape")
        #expect(try await app.waitForTitle("TouchDesk", timeout: 5) == "TouchDesk")
        let gone = await wait(until: { engine.allSatisfy { !processExists($0) } }, timeout: 30)
        #expect(gone, "left of the engine: \(engine.filter { processExists($0) })")
        print("Web Pages left: \(engine.count) engine processes gone and reaped in \(String(format: "%.2f", Date().timeIntervalSince(left))) s")
        #expect(descendantProcesses(of: app.pid).isEmpty, "nothing runs under TouchDesk on the home screen")
        // Back: the same page, in a new engine.
        let back = Date()
        try await app.key("w")
        let again = try await app.screenshot("back in Web Pages", timeout: 20) { count($0, Self.green) == 2 }
        #expect(count(again, Self.green) == 2, "the page again: \(again.path)")
        print("Web Pages shown again: the page painted in \(String(format: "%.2f", Date().timeIntervalSince(back))) s (a cold engine)")
    }
}
