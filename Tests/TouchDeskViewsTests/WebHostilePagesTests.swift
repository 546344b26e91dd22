import Foundation
import Testing
import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskTestSupport
@testable import AppWebPages
import TouchDeskWeb
@testable import TouchDeskToolkit

/// A regression corpus of hostile pages, each made here by the test (none copied from anywhere):
/// for every one the window keeps answering (no tick takes long), each web process stays under
/// the memory limit or is ended at it with a message, and Stop and a new address always bring a
/// plain page back.
@Suite("Web Pages: hostile pages", .serialized, .timeLimit(.minutes(3)))
struct WebHostilePagesTests {
    let sandbox = Sandbox()
    /// A lower limit than the app's own, so the allocating page reaches it in a moment.
    static let limitMB = 400

    /// A PNG whose header claims 65535 × 65535 pixels (16 GB decoded), with a tiny broken body.
    static func claimingPNG() -> Data {
        func crc(_ bytes: [UInt8]) -> UInt32 {
            var c: UInt32 = 0xffff_ffff
            for b in bytes {
                c ^= UInt32(b)
                for _ in 0..<8 { c = c & 1 != 0 ? 0xedb8_8320 ^ (c >> 1) : c >> 1 }
            }
            return ~c
        }
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xff), UInt8(v >> 8 & 0xff), UInt8(v & 0xff)] }
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let t = Array(type.utf8)
            return be(UInt32(body.count)) + t + body + be(crc(t + body))
        }
        let header = be(65535) + be(65535) + [8, 2, 0, 0, 0]
        let bytes: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] + chunk("IHDR", header)
            + chunk("IDAT", [0x78, 0x9c, 0x63, 0x60, 0x00, 0x00]) + chunk("IEND", [])
        return Data(bytes)
    }

    /// The corpus: name, page. Pictures and the like are written beside it by `write`.
    static let pages: [(name: String, html: String)] = [
        ("deep nesting", "<html><head><title>deep</title></head><body>" + String(repeating: "<div>", count: 100_000) + "bottom</body></html>"),
        ("huge table", "<html><head><title>table</title></head><body><table border=1>"
            + (0..<20_000).map { "<tr><td>\($0)</td><td>a</td><td>b</td><td>c</td><td>d</td></tr>" }.joined() + "</table></body></html>"),
        ("5 MB of text", "<html><head><title>text</title></head><body><p>" + String(repeating: "word ", count: 1_000_000) + "</p></body></html>"),
        ("many big pictures", "<html><head><title>pictures</title></head><body>"
            + (1...40).map { "<img src='big\($0).png' width=300 height=300>" }.joined() + "<img src='claims.png'></body></html>"),
        ("a script that never returns", "<html><head><title>spin</title></head><body><p>spinning</p><script>for (;;) {}</script></body></html>"),
        ("a script that allocates without bound", """
            <html><head><title>alloc</title></head><body><script>
            const keep = []; for (;;) keep.push(new Array(1 << 20).fill(Math.random()));
            </script></body></html>
            """),
        ("mangled table rows", """
            <html><head><title>rows</title><style>html { display: table-row } td { display: table-row }</style></head><body>
            <table><tr><td rowspan=0>a</td><td rowspan=999>b</td></tr><tr><td colspan=2147483647>c</td></tr>
            \(String(repeating: "<tr><td rowspan=0><table><tr><td colspan=1000>", count: 200))x</table></body></html>
            """),
    ]

    func write() throws -> String {
        let dir = sandbox.dir.appending("hostile")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        // 3000 × 3000 pixels each, 36 MB decoded: forty of them would be 1.4 GB if all were kept.
        let big = ImageSurface.render(size: Size(3000, 3000), format: .rgb) { $0.fill(Rect(x: 0, y: 0, width: 3000, height: 3000), Color(0.2, 0.5, 0.8)) }
        let png = try big.pngData()
        for i in 1...40 { _ = FileManager.default.createFile(atPath: dir + "/big\(i).png", contents: png) }
        _ = FileManager.default.createFile(atPath: dir + "/claims.png", contents: Self.claimingPNG())
        for (i, p) in Self.pages.enumerated() { try p.html.write(toFile: dir + "/\(i).html", atomically: true, encoding: .utf8) }
        try "<html><head><title>OK</title></head><body>fine</body></html>".write(toFile: dir + "/ok.html", atomically: true, encoding: .utf8)
        return dir
    }

    /// Resident memory in MB of each process under `pid` (the helper's web and network processes).
    static func residentMB(under pid: pid_t) -> [Double] {
        var children: [pid_t: [pid_t]] = [:]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let p = pid_t(entry), let stat = try? String(contentsOfFile: "/proc/\(p)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
            if fields.count > 1, let parent = pid_t(fields[1]) { children[parent, default: []].append(p) }
        }
        var out: [Double] = [], queue = children[pid] ?? []
        while let p = queue.popLast() {
            queue += children[p] ?? []
            let status = (try? String(contentsOfFile: "/proc/\(p)/status", encoding: .utf8)) ?? ""
            if let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
               let kb = Double(line.split(separator: " ").dropFirst().first ?? "") { out.append(kb / 1024) }
        }
        return out
    }

    @Test("each hostile page: the window answers, memory stays under the limit or the page is ended at it, Stop and a new address work")
    func hostile() throws {
        let dir = try write()
        let app = WebApp(environment: sandbox.environment)
        app.memoryLimitMB = Self.limitMB
        app.layout(in: Size(1000, 700), scale: 1)
        app.open(WebURL(filePath: dir + "/ok.html"))
        app.finishLoading()
        #expect(app.pageTitle == "OK")
        for (i, page) in Self.pages.enumerated() {
            let helper = try #require(app.enginePID)
            app.open(WebURL(filePath: dir + "/\(i).html"))
            // Three seconds of the window's own loop (the allocating page until it is ended): every
            // tick returns at once, whatever the page does.
            let allocates = page.name.contains("allocates")
            var slowest = 0.0, biggest = 0.0
            let end = WebEngine.now() + (allocates ? 15 : 3)
            while WebEngine.now() < end, !allocates || app.stoppedReason == nil {
                let t = WebEngine.now()
                _ = app.tick()
                slowest = max(slowest, WebEngine.now() - t)
                biggest = max(biggest, Self.residentMB(under: helper).max() ?? 0)
                usleep(20_000)
            }
            #expect(slowest < blockedTick, "\(page.name): the slowest tick took \(Int(slowest * 1000)) ms")
            // A page that only lays out or decodes settles under twice the limit. One whose script
            // allocates without end is ended at the look that finds it past one and a half times
            // the limit (WebKit's own, every half second, and the engine's, ten a second): how far
            // it gets by then is what it allocates between two looks, more the faster the machine
            // and the later a look comes on a busy one (626 MB once on an idle machine, 927 MB beside
            // two busy loops, limit 400). So of that page the test asks that it was ended for its
            // memory, not a figure.
            if !allocates { #expect(biggest < Double(Self.limitMB) * 2, "\(page.name): a web process reached \(Int(biggest)) MB") }
            if allocates {
                #expect(app.stoppedReason == "The page used more than \(Self.limitMB) MB and was stopped.", "\(String(describing: app.stoppedReason))")
            } else if let why = app.stoppedReason {
                #expect(why.contains("crashed") || why.contains("more than \(Self.limitMB) MB"), "\(page.name): \(why)")
            }
            print("hostile page \(page.name): slowest tick \(Int(slowest * 1000)) ms, largest web process \(Int(biggest)) MB, \(app.stoppedReason ?? "still running")")
            // Stop, then a plain page: it loads.
            app.stop()
            app.open(WebURL(filePath: dir + "/ok.html"))
            app.finishLoading(timeout: 60)
            if app.stoppedReason != nil {
                // The old page's process reached the limit after the new address was asked for
                // (pictures decode on after Stop): Reload, as the view says, brings the page.
                app.reload()
                app.finishLoading(timeout: 60)
            }
            #expect(app.pageTitle == "OK", "\(page.name): after Stop a new address loads (\(app.page.statusText))")
            #expect(app.stoppedReason == nil)
        }
    }
}
