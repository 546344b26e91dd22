import Foundation
import Testing
import TouchDeskInterface
import TouchDeskTestSupport
@testable import AppWebPages
import TouchDeskWeb
@testable import TouchDeskToolkit

/// The pointer shape a page asks for (CSS `cursor`), as WebKit reports it through the helper.
// Its limit guards against a hang, not a slow machine: beside a busy run and two busy loops the
// seventeen shapes, each a round trip to the web process, took past two minutes.
@Suite("Web Pages: the page's pointer shapes", .serialized, .timeLimit(.minutes(5)))
struct WebPointerTests {
    let sandbox = Sandbox()

    static let shapes: [(css: String, shape: PointerShape)] = [
        ("pointer", .hand), ("wait", .wait), ("progress", .wait), ("move", .move), ("crosshair", .crosshair),
        ("not-allowed", .notAllowed), ("col-resize", .resizeColumn), ("row-resize", .resizeRow), ("grab", .grab),
        ("help", .help), ("nwse-resize", .resizeDiagonalDown), ("nesw-resize", .resizeDiagonalUp), ("default", .arrow),
        ("text", .text),
    ]

    @Test("each CSS cursor under the pointer becomes the window's pointer shape; a link's is the hand, a field's the I-beam")
    func cursors() throws {
        let blocks = Self.shapes.enumerated().map { i, s in
            "<div style='position:absolute;left:\(10 + (i % 4) * 60)px;top:\(10 + (i / 4) * 60)px;width:50px;height:50px;background:#ccc;cursor:\(s.css)'></div>"
        }.joined()
        let page = """
            <html><head><title>Cursors</title></head><body style="margin:0;width:300px">\(blocks)
            <a href="#x" style="position:absolute;left:10px;top:250px;width:50px;height:30px;display:block;background:#0f0">link</a>
            <input style="position:absolute;left:80px;top:250px;width:100px;height:30px"></body></html>
            """
        let file = sandbox.dir.appending("cursors.html")
        try page.write(toFile: file, atomically: true, encoding: .utf8)
        let app = WebApp(environment: sandbox.environment)
        app.layout(in: Size(800, 640), scale: 1)
        app.open(WebURL(filePath: file))
        app.finishLoading()
        let asIs = app.pageRect(.asIs)
        func hover(_ x: Double, _ y: Double, wanting shape: PointerShape) -> PointerShape {
            _ = app.handle(.hover(Point(asIs.x + x, asIs.y + y)))
            wait(until: {
                guard app.cursor != shape else { return true }
                _ = app.tick()
                return false
            }, timeout: 10, interval: 0.01)
            return app.cursor
        }
        for (i, s) in Self.shapes.enumerated() {
            let x = Double(35 + (i % 4) * 60), y = Double(35 + (i / 4) * 60)
            #expect(hover(x, y, wanting: s.shape) == s.shape, "cursor: \(s.css)")
        }
        #expect(hover(35, 265, wanting: .hand) == .hand, "a link")
        #expect(hover(130, 265, wanting: .text) == .text, "a text field")
    }

    @Test("CSS cursor names map to the host's shapes; unknown ones to the arrow")
    func names() {
        #expect(PointerShape(cssName: "ew-resize") == .resizeColumn)
        #expect(PointerShape(cssName: "ns-resize") == .resizeRow)
        #expect(PointerShape(cssName: "grabbing") == .grab)
        #expect(PointerShape(cssName: "no-drop") == .notAllowed)
        #expect(PointerShape(cssName: "all-scroll") == .move)
        #expect(PointerShape(cssName: "zoom-in") == .arrow)
        #expect(PointerShape(cssName: "") == .arrow)
    }
}
