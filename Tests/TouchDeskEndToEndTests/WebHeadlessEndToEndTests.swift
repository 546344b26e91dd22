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

    static func runHeadless(_ args: [String], in directory: URL, extra: [String: String] = [:]) async throws -> XSession.Output {
        var env = ProcessInfo.processInfo.environment.merging(extra) { $1 }
        env["DISPLAY"] = nil
        env["WAYLAND_DISPLAY"] = nil
        env["HOME"] = directory.path
        for k in env.keys where k.hasPrefix("XDG_") { env[k] = nil }
        return await XSession.runTool(try XSession.binary(), args, environment: env, timeout: 90, directory: directory)
    }

    /// `touchdesk web URL --save-page page.png --page-width W` of `page` served on 127.0.0.1,
    /// headless: the server and folder (kept while they are used), the run, the picture's path, the seconds taken.
    static func saveHeadless(_ page: String, width: Int) async throws
        -> (server: LocalServer, dir: TemporaryDirectory, run: XSession.Output, out: String, seconds: Double) {
        let server = try LocalServer(files: ["page.html": Array(page.utf8)])
        let dir = TemporaryDirectory(prefix: "touchdesk-web-headless")
        let out = dir.path + "/page.png"
        let start = Date()
        let r = try await runHeadless(["web", server.url("/page.html"), "--save-page", out, "--page-width", String(width)], in: URL(fileURLWithPath: dir.path))
        return (server, dir, r, out, Date().timeIntervalSince(start))
    }

    @Test("--save-page without a display: the whole 3000 px page at the width asked for, a clear message for a page that cannot be had")
    func savePage() async throws {
        let (_, dir, r, out, seconds) = try await Self.saveHeadless(Self.page, width: 800)
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

    /// A plain table of 20,000 rows, 2.7 MB: five cells of numbers and words in each row.
    static let bigTable = "<html><head><title>Big table</title></head><body><table border=1>"
        + (0..<20_000).map { "<tr><td>\($0)</td><td>Row number \($0) of the plain table</td><td>\($0 * 7 % 1000)</td>"
            + "<td>some plain text here, nothing more</td><td>\($0 * 13 % 977)</td></tr>\n" }.joined() + "</table></body></html>"

    @Test("--screenshot of a 20,000-row table under the 1,024 MB limit of an 8 GB machine: it shows, held once (before: stopped at the limit)")
    func bigTable() async throws {
        let server = try LocalServer(files: ["table.html": Array(Self.bigTable.utf8)])
        let dir = TemporaryDirectory(prefix: "touchdesk-web-headless")
        let out = dir.path + "/table.png"
        let start = Date()
        let r = try await Self.runHeadless(["web", server.url("/table.html"), "--size", "1000x700", "--screenshot", out], in: URL(fileURLWithPath: dir.path),
                                           extra: ["TOUCHDESK_WEB_MEMORY_MB": "1024", "TOUCHDESK_WEB_TIMEOUT": "60"])
        #expect(r.ok, "\(r)")
        #expect(!r.stderr.contains("more than"), "\(r.stderr)")
        let img = try #require(PixelImage(pngPath: out), "no picture at \(out): \(r)")
        // The as-is view shows the table: its text and borders, dark on white, in the left half.
        var dark = 0
        for y in stride(from: 150.0, to: 600, by: 2) { for x in stride(from: 20.0, to: 450, by: 2) where img.at(x, y).isClose(to: PixelColor(hex: 0x000000), tolerance: 90) { dark += 1 } }
        #expect(dark > 500, "dark pixels in the as-is view: \(dark)")
        // Its web process passed half the limit: the fit view let its copy go and says why (no white page there).
        func white(_ xs: StrideTo<Double>) -> Double {
            var n = 0, all = 0
            for y in stride(from: 150.0, to: 600, by: 4) { for x in xs { all += 1; if img.at(x, y).isClose(to: PixelColor(hex: 0xffffff), tolerance: 8) { n += 1 } } }
            return Double(n) / Double(all)
        }
        let asIs = white(stride(from: 20.0, to: 450, by: 4)), fit = white(stride(from: 530.0, to: 960, by: 4))
        #expect(asIs > 0.5 && fit < 0.05, "white: as is \(asIs), fit \(fit)")
        print("web --screenshot of a 20,000-row table at 1024 MB: shown in \(String(format: "%.1f", Date().timeIntervalSince(start))) s, \(dark) dark pixels in the as-is view, white \(asIs) as is, \(fit) fit")
    }

    @Test("a page turned down or never finished: --screenshot and --save-page say so, exit non-zero and write nothing")
    func refusedAndUnfinished() async throws {
        // A page whose picture comes a byte every two seconds: its load never finishes.
        let stuck = "<html><head><title>Stuck</title></head><body><p>waiting</p><img src='/dribble-body'></body></html>"
        let server = try LocalServer(files: ["stuck.html": Array(stuck.utf8)])
        let dir = TemporaryDirectory(prefix: "touchdesk-web-headless")
        let here = URL(fileURLWithPath: dir.path)
        let quick = ["TOUCHDESK_WEB_TIMEOUT": "3"]
        for mode in ["--screenshot", "--save-page"] {
            let start = Date()
            let refused = try await Self.runHeadless(["web", server.url("/to-file"), mode, dir.path + "/refused.png"], in: here, extra: quick)
            let refusedSeconds = Date().timeIntervalSince(start)
            #expect(refused.exited && refused.status != 0, "\(mode) of a redirect to a file: \(refused)")
            #expect(refused.stderr.contains("A page from the network may not open local files"), "\(mode): \(refused.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dir.path + "/refused.png"))
            let unfinished = try await Self.runHeadless(["web", server.url("/stuck.html"), mode, dir.path + "/stuck.png"], in: here, extra: quick)
            #expect(unfinished.exited && unfinished.status != 0, "\(mode) of a page that never finishes: \(unfinished)")
            #expect(unfinished.stderr.contains("did not finish loading"), "\(mode): \(unfinished.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dir.path + "/stuck.png"))
            print("web \(mode) headless: a redirect to a file refused and the program ended in \(String(format: "%.1f", refusedSeconds)) s")
        }
    }

    /// Reads a PNG with Python's zlib (not our writer's code, nor cairo, which stops at 32,767 px):
    /// checks every chunk's CRC, and prints the size and, for each row, which colour is at x = 10.
    static let pngReader = #"""
    import struct, sys, zlib
    data = open(sys.argv[1], "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat = 8, []
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        assert zlib.crc32(kind + body) & 0xffffffff == struct.unpack(">I", data[pos + 8 + n:pos + 12 + n])[0], "bad CRC"
        if kind == b"IHDR":
            w, h, depth, ctype = struct.unpack(">IIBB", body[:10])
        elif kind == b"IDAT":
            idat.append(body)
        pos += 12 + n
    raw = zlib.decompress(b"".join(idat))
    bpp = {2: 3, 6: 4}[ctype]
    stride = w * bpp
    assert len(raw) == h * (stride + 1), "wrong amount of pixel data"
    prev = bytearray(stride)
    names = []
    for y in range(h):
        f = raw[y * (stride + 1)]
        row = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        if f == 1:
            for i in range(bpp, stride): row[i] = (row[i] + row[i - bpp]) & 255
        elif f == 2:
            for i in range(stride): row[i] = (row[i] + prev[i]) & 255
        elif f != 0:
            raise SystemExit("filter %d not read here" % f)
        r, g, b = row[30], row[31], row[32]
        names.append("r" if r > 200 and g < 60 and b < 60 else "g" if g > 120 and r < 60 and b < 60 else "b" if b > 200 and r < 60 and g < 60 else "?")
        prev = row
    print(w, h)
    print("".join(names))
    """#

    @Test("--save-page of a page 200,000 px long: one PNG, stitched from tiles row for row, with progress on stderr")
    func longPage() async throws {
        // 200 bands of 1,000 px, red and green by turns, the last 100 px blue.
        let bands = (0..<200).map { "<div style='height:1000px;background:\($0 % 2 == 0 ? "#ff0000" : "#00a000")'></div>" }.joined()
        let page = "<html><head><title>Long</title></head><body style='margin:0'>\(bands)<div style='height:100px;background:#0000ff'></div></body></html>"
        let (_, dir, r, out, seconds) = try await Self.saveHeadless(page, width: 200)
        #expect(r.ok, "\(r)")
        #expect(r.stderr.contains("saving the page:"), "progress on stderr: \(r.stderr)")
        let script = dir.path + "/read-png.py"
        try Self.pngReader.write(toFile: script, atomically: true, encoding: .utf8)
        let read = await XSession.runTool("/usr/bin/python3", [script, out], environment: nil, timeout: 120)
        #expect(read.ok, "\(read)")
        let lines = read.stdout.split(separator: "\n")
        try #require(lines.count == 2, "\(read)")
        #expect(lines[0] == "200 200100", "the picture's size: \(lines[0])")
        let expected = (0..<200).map { String(repeating: $0 % 2 == 0 ? "r" : "g", count: 1000) }.joined() + String(repeating: "b", count: 100)
        let got = Array(lines[1]), want = Array(expected)
        let wrong = zip(got, want).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        #expect(got.count == want.count && wrong.isEmpty, "\(wrong.count) rows wrong, the first at \(wrong.prefix(5))")
        let size = (try? FileManager.default.attributesOfItem(atPath: out)[.size] as? Int) ?? 0
        print("web --save-page headless: 200 × 200,100 px in \(String(format: "%.1f", seconds)) s, \(size / 1024) KB")
    }
}
