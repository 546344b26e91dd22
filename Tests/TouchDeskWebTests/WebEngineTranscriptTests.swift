import CWebEngineProtocol
import Foundation
import Testing
import TouchDeskTestSupport
@testable import TouchDeskWeb

/// The real helper against its protocol: a recorded exchange replayed (Transcripts/README.md),
/// every order of the table taken, and a helper of another version refused at once.
@Suite("Web engine transcript", .serialized, .timeLimit(.minutes(2)))
struct WebEngineTranscriptTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Transcripts")

    /// One step of a transcript: an order to send, or news to hear (words, "*" any one).
    enum Step {
        case order(WebEngine.Order, [String])
        case news([String])
    }

    static func steps(_ text: String, server: String) throws -> [Step] {
        try text.split(separator: "\n").compactMap { raw -> Step? in
            let line = raw.replacingOccurrences(of: "{SERVER}", with: server)
            guard line.hasPrefix("> ") || line.hasPrefix("< ") else { return nil }
            let words = line.dropFirst(2).split(separator: " ", omittingEmptySubsequences: false).map(String.init)
            if line.hasPrefix("< ") { return .news(words) }
            let index = tdw_order_named(words[0], Int32(words[0].utf8.count))
            let order = try #require(index >= 0 ? WebEngine.Order(rawValue: numericCast(index)) : nil, "no order \(words[0])")
            return .order(order, Array(words.dropFirst()))
        }
    }

    static func matches(_ heard: String, _ expected: [String]) -> Bool {
        let words = heard.split(separator: " ", omittingEmptySubsequences: false)
        return words.count == expected.count && zip(words, expected).allSatisfy { $1 == "*" || $0 == $1 }
    }

    /// Sends an order with the words as its arguments (`send` is variadic; lines here have at most six).
    static func send(_ engine: WebEngine, _ order: WebEngine.Order, _ a: [String]) {
        let w = a + Array(repeating: "", count: max(0, 6 - a.count))
        switch a.count {
        case 0: engine.send(order)
        case 1: engine.send(order, w[0])
        case 2: engine.send(order, w[0], w[1])
        case 3: engine.send(order, w[0], w[1], w[2])
        case 4: engine.send(order, w[0], w[1], w[2], w[3])
        case 5: engine.send(order, w[0], w[1], w[2], w[3], w[4])
        default: engine.send(order, w[0], w[1], w[2], w[3], w[4], w[5])
        }
    }

    /// Reads what the engine says until `done` holds over the lines heard since `from`.
    static func hear(_ engine: WebEngine, from: Int, timeout: Double = 30, until done: ([String]) -> Bool) async -> Bool {
        await wait(until: {
            _ = engine.receive()
            return done(Array((engine.heard ?? []).dropFirst(from)))
        }, timeout: timeout)
    }

    /// Replays `text` against a new engine, `server` standing for {SERVER}: the orders in turn,
    /// and after each run of them every line of news that follows, heard in any order.
    static func replay(_ text: String, server: LocalServer) async throws {
        let steps = try Self.steps(text, server: server.url(""))
        let engine = try WebEngine()
        defer { engine.terminate() }
        engine.heard = []
        var since = 0
        var i = 0
        while i < steps.count {
            switch steps[i] {
            case .order(let order, let arguments):
                since = engine.heard?.count ?? 0
                Self.send(engine, order, arguments)
                i += 1
            case .news:
                var expected: [[String]] = []
                while i < steps.count, case .news(let words) = steps[i] { expected.append(words); i += 1 }
                var missing = expected
                let heard = await Self.hear(engine, from: since) { lines in
                    missing = expected.filter { e in !lines.contains { Self.matches($0, e) } }
                    return missing.isEmpty
                }
                #expect(heard, "not heard: \(missing.map { $0.joined(separator: " ") }); heard: \(engine.heard?.dropFirst(since) ?? [])")
                if !heard { return }
            }
        }
        #expect(engine.isRunning)
        let all = engine.heard ?? []
        #expect(all.allSatisfy { WebEngine.hear($0) != nil }, "lines TouchDesk does not understand: \(all.filter { WebEngine.hear($0) == nil })")
        #expect(engine.badOrders.isEmpty, "\(engine.badOrders)")
    }

    /// Replays `steps` after the helper's greeting and views of 400 × 300, `files` served.
    static func replay(serving files: [String: String], _ steps: String) async throws {
        let server = try LocalServer(files: files.mapValues { Array($0.utf8) })
        try await replay("< hello 3\n> size 0 400 300\n> size 1 400 300\n" + steps, server: server)
    }

    @Test("browse.transcript, recorded from Web Pages, replayed: the helper says what it said then, and TouchDesk understands every line")
    func browse() async throws {
        var files: [String: [UInt8]] = [:]
        for name in ["page.html", "next.html"] {
            files[name] = Array(try Data(contentsOf: Self.folder.appendingPathComponent("site/" + name)))
        }
        let text = try String(contentsOf: Self.folder.appendingPathComponent("browse.transcript"), encoding: .utf8)
        try await Self.replay(text, server: try LocalServer(files: files))
    }

    @Test("an address opened while the fit view still loads the page before has a \"loading 1\" of its own (else Web Pages shows it loading for ever)")
    func loadWhileLoading() async throws {
        // The first page's picture and the second page take 3 s each (the server's /slow): the
        // fit view still loads the first page when the as-is view starts the second, and neither
        // view finishes in between.
        let first = "<html><head><title>First</title></head><body><img src='/slow' width='10' height='10'></body></html>"
        try await Self.replay(serving: ["first.html": first], """
            > open {SERVER}/first.html
            < uri {SERVER}/first.html
            < title First
            > open {SERVER}/slow
            < loading 1
            < uri {SERVER}/slow
            < loading 0
            """)
    }

    @Test("row spans past their row group are cut to it before the first layout (30 cells of rowspan=65534 took WebKit 14 s, now about 1)")
    func rowSpansCut() async throws {
        // The reduced case of the fuzzer's table pages that stayed at 10 %: the page reads its
        // first cell's span once loaded (the cut is the one change a page's script can see).
        let rows = String(repeating: "<tr><td rowspan=65534>a</td></tr>", count: 30)
        let page = """
            <html><head><title>Spans</title></head><body><table border=1>\(rows)</table>
            <script>addEventListener('load', () => { document.title = 'span ' + document.querySelector('td').rowSpan })</script></body></html>
            """
        try await Self.replay(serving: ["spans.html": page], """
            > open {SERVER}/spans.html
            < uri {SERVER}/spans.html
            < title span 30
            < loading 0
            """)
    }

    @Test("every order of the table, with its example, is taken; a view that is none or a zoom past 5 comes back as badorder")
    func everyOrder() async throws {
        let engine = try WebEngine()
        defer { engine.terminate() }
        engine.heard = []
        for i in 0..<tdw_order_count() {
            let m = tdw_order(i)!.pointee
            let example = String(cString: m.example)
            let order = try #require(WebEngine.Order(rawValue: numericCast(i)))
            Self.send(engine, order, example.isEmpty ? [] : example.split(separator: " ", omittingEmptySubsequences: false).map(String.init))
        }
        engine.send(.ping, "7001")
        #expect(await Self.hear(engine, from: 0) { $0.contains("pong 7001") }, "the helper answered after every order: \(engine.heard ?? [])")
        #expect(engine.badOrders.isEmpty, "orders the helper did not take: \(engine.badOrders)")
        engine.send(.size, "7", "100", "100")
        engine.send(.zoom, "9")
        engine.send(.ping, "7002")
        #expect(await Self.hear(engine, from: 0) { $0.contains("pong 7002") })
        #expect(engine.badOrders == ["size 7 100 100", "zoom 9"])
        #expect(engine.isRunning)
    }

    /// A stand-in helper: a shell script whose first line on the socket is `first`, then silence.
    static func standIn(saying first: String) throws -> (path: String, folder: TemporaryDirectory) {
        let folder = TemporaryDirectory(prefix: "touchdesk-standin")
        let path = folder.path + "/touchdesk-web-engine"
        try Data("#!/bin/sh\necho '\(first)' >&3\nexec sleep 120\n".utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o755)
        return (path, folder)
    }

    @Test("a helper of another version, or one that names none, is ended at once with a message that says so")
    func otherVersion() async throws {
        for (first, words) in [("hello 1", ["version 1", "version \(WebEngine.protocolVersion)"]), ("ready", ["does not say which version", "version \(WebEngine.protocolVersion)"])] {
            let (path, folder) = try Self.standIn(saying: first)
            let engine = try WebEngine(helper: path)
            var reason: String?
            let ended = await wait(until: {
                for case .stopped(let why) in engine.receive() { reason = why }
                return reason != nil
            }, timeout: 20)
            #expect(ended, "\(first): no refusal")
            let message = reason ?? ""
            #expect(words.allSatisfy { message.contains($0) } && message.contains(path), "\(first): \(message)")
            // Refused for its version, not found silent by the pings (which would take 10 s).
            #expect(!message.contains("answering"), "\(first): \(message)")
            #expect(!engine.isRunning)
            #expect(await wait(until: { kill(engine.pid, 0) != 0 }, timeout: 10), "the stand-in is ended and reaped")
            _ = folder
        }
    }
}
