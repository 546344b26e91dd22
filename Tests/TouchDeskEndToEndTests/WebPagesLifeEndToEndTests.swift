import Foundation
import Testing
import TouchDeskTestSupport
import Glibc

/// Web Pages by keyboard, and its engine's life, in the real window: Tab from the address field
/// into the page and through its links, Enter on a link, Shift+Tab into the page from after it
/// and out before its first link; leaving Web Pages ends the engine and every process under it.
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

    @Test("by keys alone: Tab from the address field into the page, to its second link, Enter follows it; Shift+Tab from the find bar into the page's last field and back out before its first, to the address field, its text selected")
    func keyboard() async throws {
        let server = try Self.site()
        let session = try await XSession(name: "web-keys")
        defer { session.close() }
        let app = try await session.launch(["web", server.url("/links.html"), "--size", "1000x700"])
        _ = try await app.screenshot("links", timeout: 20) { count($0, Self.green) == 2 }
        // No click: the address field, Tab into the page (its first link), Tab (its second), Enter.
        try await app.key("ctrl+l")
        for _ in 0..<2 { try await app.key("Tab"); try await Task.sleep(for: .seconds(0.3)) }
        try await app.key("Return")
        let next = try await app.screenshot("enter on the second link", timeout: 15) { count($0, Self.yellow) == 2 }
        #expect(count(next, Self.yellow) == 2, "the linked page in both views: \(next.path)")

        // Back; the find bar (after the page in the ring); Shift+Tab into the page lands on its
        // last field, then its two links, then out before the first to the address field, whose
        // text is then selected: what is typed replaces it.
        try await app.key("alt+Left")
        _ = try await app.screenshot("back", timeout: 15) { count($0, Self.green) == 2 }
        try await app.key("ctrl+f")
        try await Task.sleep(for: .seconds(0.3))
        for _ in 0..<3 { try await app.key("shift+Tab"); try await Task.sleep(for: .seconds(0.3)) }
        // The ring on the first link: the address field as it looks unfocused; the next Shift+Tab
        // walks off the page, which the engine tells a moment later.
        let address: PixelImage.Region = (560, 44 + 8, 420, 40)
        let before = try await app.screenshot("on the first link")
        try await app.key("shift+Tab")
        let selected = try await app.screenshot("address field focused", timeout: 10) { KeysOnlyEndToEndTests.Run.changed(before, $0, in: address, step: 1) > 200 }
        #expect(KeysOnlyEndToEndTests.Run.changed(before, selected, in: address, step: 1) > 200, "Shift+Tab before the page's first link did not reach the address field: \(selected.path)")
        #expect(await session.run("xdotool", ["type", "--delay", "4", server.url("/next.html")], timeout: 20).ok)
        try await app.key("Return")
        let typed = try await app.screenshot("typed after leaving the page", timeout: 15) { count($0, Self.yellow) == 2 }
        #expect(count(typed, Self.yellow) == 2, "Shift+Tab before the page's first link reached the address field: \(typed.path)")
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
