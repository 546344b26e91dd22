import Foundation
import Testing
import TouchDeskTestSupport

/// `touchdesk web URL --screenshot F.png` and `--save-page F.png --page-width W` as on a fresh
/// machine: no display (the engine starts a private Xvfb), an empty home and no XDG folders, a
/// page from a real HTTP server on 127.0.0.1.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct WebHeadlessEndToEndTests {
    /// 800 px wide and 3000 tall: red and blue blocks at the top corners, green at the bottom.
    static let page = """
        <html><head><title>Tall</title><style>
        body { margin: 0; width: 800px; height: 3000px; position: relative; background: #ffffff; }
        div { position: absolute; width: 100px; height: 100px; }
        </style></head><body><div style="left:0;top:0;background:#ff0000"></div>
        <div style="right:0;top:0;background:#0000ff"></div><div style="left:0;bottom:0;background:#00ff00"></div></body></html>
        """

    static func runHeadless(_ args: [String], in directory: URL) async throws -> XSession.Output {
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = nil
        env["WAYLAND_DISPLAY"] = nil
        env["HOME"] = directory.path
        for k in env.keys where k.hasPrefix("XDG_") { env[k] = nil }
        return await XSession.runTool(try XSession.binary(), args, environment: env, timeout: 90, directory: directory)
    }

    @Test("--save-page without a display: the whole 3000 px page at the width asked for, a clear message for a page that cannot be had")
    func savePage() async throws {
        let server = try LocalServer(files: ["tall.html": Array(Self.page.utf8)])
        let dir = TemporaryDirectory(prefix: "touchdesk-web-headless")
        let out = dir.path + "/page.png"
        let start = Date()
        let r = try await Self.runHeadless(["web", server.url("/tall.html"), "--save-page", out, "--page-width", "800"], in: URL(fileURLWithPath: dir.path))
        let seconds = Date().timeIntervalSince(start)
        #expect(r.ok, "\(r)")
        let img = try #require(PixelImage(pngPath: out), "no picture at \(out): \(r)")
        #expect(img.width == 800 && img.height == 3000, "\(img.width)×\(img.height)")
        #expect(img.at(50, 50).isClose(to: PixelColor(hex: 0xff0000)))
        #expect(img.at(750, 50).isClose(to: PixelColor(hex: 0x0000ff)))
        #expect(img.at(50, 2950).isClose(to: PixelColor(hex: 0x00ff00)))
        #expect(img.at(400, 1500).isClose(to: PixelColor(hex: 0xffffff)))
        print("web --save-page headless: \(img.width)×\(img.height) in \(String(format: "%.1f", seconds)) s")

        let refused = try await Self.runHeadless(["web", "http://127.0.0.1:\(LocalServer.refusedPort())/", "--save-page", dir.path + "/no.png"],
                                           in: URL(fileURLWithPath: dir.path))
        #expect(refused.exited && refused.status != 0, "\(refused)")
        #expect(refused.stderr.lowercased().contains("refused"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/no.png"))
    }

    @Test("--screenshot without a display: the window with the page in both views")
    func screenshot() async throws {
        let server = try LocalServer(files: ["tall.html": Array(Self.page.utf8)])
        let dir = TemporaryDirectory(prefix: "touchdesk-web-headless")
        let out = dir.path + "/window.png"
        let r = try await Self.runHeadless(["web", server.url("/tall.html"), "--size", "1000x700", "--screenshot", out], in: URL(fileURLWithPath: dir.path))
        #expect(r.ok, "\(r)")
        let img = try #require(PixelImage(pngPath: out), "no picture at \(out): \(r)")
        #expect(img.width == 1000 && img.height == 700, "\(img.width)×\(img.height)")
        let reds = img.regions(where: { $0.isClose(to: PixelColor(hex: 0xff0000), tolerance: 24) }, minimumPixels: 200).sorted { $0.x < $1.x }
        let blues = img.regions(where: { $0.isClose(to: PixelColor(hex: 0x0000ff), tolerance: 24) }, minimumPixels: 200)
        // As is: the red block at 1:1 (100 px); scaled to fit: red and blue, smaller.
        #expect(reds.count == 2, "\(reds)")
        #expect(reds.first.map { abs($0.width - 100) <= 1 && abs($0.height - 100) <= 1 } == true, "\(reds)")
        #expect(blues.count == 1 && blues[0].x > (reds.last?.x ?? 0), "\(blues)")
    }
}
