import CWebEngineProtocol
import Testing
@testable import TouchDeskWeb

/// The helper's line protocol as WebEngineProtocol.h writes it, against TouchDesk's side of it:
/// every piece of news in the table is understood, in the form the table gives.
@Suite("Web engine protocol")
struct WebEngineProtocolTests {
    static func words(_ count: Int32, _ entry: (Int32) -> UnsafePointer<TDWMessage>?) -> [(word: String, fewest: Int, example: String)] {
        (0..<count).map { i in
            let m = entry(i)!.pointee
            return (String(cString: m.word), Int(m.fewest), String(cString: m.example))
        }
    }

    static let orders = words(tdw_order_count(), tdw_order)
    static let news = words(tdw_news_count(), tdw_news)

    @Test("each name once per direction, each found by its name, and the examples give the fewest arguments")
    func table() {
        for (table, named) in [(Self.orders, tdw_order_named), (Self.news, tdw_news_named)] {
            #expect(Set(table.map(\.word)).count == table.count, "a name twice: \(table.map(\.word))")
            for (i, m) in table.enumerated() {
                #expect(Int(named(m.word, Int32(m.word.utf8.count))) == i, "\(m.word)")
                let given = m.example.isEmpty ? 0 : m.example.split(separator: " ").count
                #expect(given >= m.fewest, "\(m.word)'s example has \(given) arguments, fewer than \(m.fewest)")
            }
        }
        #expect(tdw_order_named("op", 2) == -1 && tdw_news_named("frames", 6) == -1)
        #expect(tdw_order(tdw_order_count()) == nil && tdw_news(-1) == nil)
    }

    @Test("every piece of news in the table is understood from its example; a short or unknown line is not")
    func everyNews() {
        for m in Self.news {
            let line = m.example.isEmpty ? m.word : m.word + " " + m.example
            #expect(WebEngine.hear(line) != nil, "\(line)")
            if m.fewest > 0 { #expect(WebEngine.hear(m.word) == nil, "\(m.word) without its arguments") }
        }
        #expect(WebEngine.hear("hello 2") == .hello(version: 2))
        #expect(WebEngine.hear("frame 1 640 480 2560 2") == .frame(view: 1, width: 640, height: 480, stride: 2560, scale: 2))
        #expect(WebEngine.hear("failed \t@noanswer 30") == .event(.failed(url: "", message: "The server did not answer within 30 seconds.")))
        #expect(WebEngine.hear("menu 0 10 20 0\t") == .event(.menu(view: 0, x: 10, y: 20, selected: false, link: nil)))
        #expect(WebEngine.hear("hover") == .event(.hover(nil)))
        #expect(WebEngine.hear("badorder zoom 9") == .badOrder("zoom 9"))
        #expect(WebEngine.hear("framed 0 1 1 4 1") == nil)
        #expect(WebEngine.hear("") == nil)
    }

    @Test("the protocol's version is the one the helper says first")
    func version() {
        #expect(WebEngine.protocolVersion == Int(TOUCHDESK_WEB_PROTOCOL_VERSION))
        #expect(Self.news.first?.word == "hello")
    }
}
