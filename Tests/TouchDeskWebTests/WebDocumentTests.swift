import CCairo
import Testing
@testable import TouchDeskWeb

@Suite("Web document: layout, painting, links")
struct WebDocumentTests {
    static let edgesPage = """
        <html><head><title> Edges </title><style>
        body { margin: 0; }
        #page { width: 970px; height: 300px; }
        .block { width: 100px; height: 100px; }
        #left { float: left; background-color: #ff0000; }
        #right { float: right; background-color: #0000ff; }
        </style></head>
        <body><div id="page"><div id="left" class="block"></div><div id="right" class="block"></div></div></body></html>
        """
    let base = WebURL(reference: "http://example.test/dir/page.html")

    @Test("A 970 px page paints its red left block and blue right block where CSS puts them")
    func edgeBlocks() {
        let document = WebDocument(html: Self.edgesPage, url: base)
        #expect(document.title == "Edges")
        let size = document.layout(width: 970, height: 300)
        #expect(size.width == 970)
        #expect(size.height == 300)
        let canvas = PixelSurface(width: 970, height: 300)
        document.draw(into: canvas.context, x: 0, y: 0, clip: WebRect(x: 0, y: 0, width: 970, height: 300))
        #expect(canvas.pixel(5, 5) == .red)
        #expect(canvas.pixel(95, 95) == .red)
        #expect(canvas.pixel(875, 5) == .blue)
        #expect(canvas.pixel(965, 95) == .blue)
        #expect(canvas.pixel(485, 50) == .white)
        #expect(canvas.pixel(50, 150) == .white)
    }

    @Test("In a 320 px viewport the page keeps its own width; scaled by 320/970 both blocks show")
    func narrowViewport() {
        let document = WebDocument(html: Self.edgesPage, url: base)
        let size = document.layout(width: 320, height: 400)
        #expect(size.width == 970)
        // As the page is: 1:1, only the left part.
        let asIs = PixelSurface(width: 320, height: 200)
        document.draw(into: asIs.context, x: 0, y: 0, clip: WebRect(x: 0, y: 0, width: 320, height: 200))
        #expect(asIs.pixel(50, 50) == .red)
        #expect(asIs.pixel(315, 50) == .white)
        // Scaled to fit.
        let scale = 320.0 / Double(size.width)
        let fit = PixelSurface(width: 320, height: 200)
        document.draw(into: fit.context, x: 0, y: 0, scale: scale, clip: WebRect(x: 0, y: 0, width: 970, height: 300))
        #expect(fit.pixel(15, 15) == .red)
        #expect(fit.pixel(305, 15) == .blue)
        #expect(fit.pixel(15, 40) == .white)  // 100 px tall block is 33 px tall here
        #expect(fit.pixel(160, 15) == .white)
    }

    @Test("Drawing with an offset paints a scrolled part of the page")
    func scrolledDraw() {
        let document = WebDocument(html: Self.edgesPage, url: base)
        document.layout(width: 320)
        let view = PixelSurface(width: 320, height: 200)
        // Scrolled 700 px right: the blue block (870…970) is at 170…270 in the view.
        document.draw(into: view.context, x: -700, y: 0, clip: WebRect(x: 700, y: 0, width: 320, height: 200))
        #expect(view.pixel(200, 50) == .blue)
        #expect(view.pixel(100, 50) == .white)
    }

    @Test("Text is drawn with Pango, lists get markers, borders are drawn")
    func textListsBorders() {
        let html = """
            <body style="margin:0"><p style="font-size:40px;margin:0">Hello</p>
            <ul style="margin:0"><li>One</li></ul>
            <div style="margin-top:10px;width:100px;height:50px;border:4px solid #00ff00;border-radius:10px"></div></body>
            """
        let document = WebDocument(html: html, url: base)
        document.layout(width: 400)
        let canvas = PixelSurface(width: 400, height: 200)
        document.draw(into: canvas.context, x: 0, y: 0, clip: WebRect(x: 0, y: 0, width: 400, height: 200))
        #expect(canvas.hasInk(x: 0, y: 0, width: 120, height: 48))
        #expect(!canvas.hasInk(x: 200, y: 0, width: 200, height: 48))
        #expect(canvas.hasInk(x: 10, y: 48, width: 30, height: 18), "bullet of the list item")
        let borderTop = 48 + 18 + 10
        let green = PixelSurface.RGB(r: 0, g: 255, b: 0)
        let found = (borderTop - 4...borderTop + 30).contains { canvas.pixel(50, $0).isClose(to: green) }
        #expect(found, "the top border crosses x = 50")
        #expect(!canvas.pixel(1, borderTop + 1).isClose(to: green), "rounded corner left blank")
    }

    @Test("Links are found under the pointer, resolve against the page, and set a hand cursor")
    func links() throws {
        let html = """
            <body style="margin:0"><a href="../next.html#top" style="display:block;width:200px;height:40px">Next</a>
            <p style="margin:0;height:40px">plain</p><a href="mailto:someone@example.test" style="display:block;height:20px">mail</a></body>
            """
        let document = WebDocument(html: html, url: base)
        document.layout(width: 400)
        #expect(document.linkHref(atX: 20, y: 10) == "../next.html#top")
        #expect(document.linkHref(atX: 20, y: 60) == nil)
        let target = try document.resolveLink("../next.html#top")
        #expect(target.description == "http://example.test/next.html#top")
        #expect(throws: WebURLError.unsupportedScheme("mailto")) { try document.resolveLink("mailto:someone@example.test") }
        _ = document.pointerMoved(toX: 20, y: 10)
        #expect(document.cursor == "pointer")
        _ = document.pointerMoved(toX: 20, y: 60)
        #expect(document.cursor != "pointer")
        #expect(document.click(atX: 20, y: 10) == "../next.html#top")
        #expect(document.click(atX: 20, y: 60) == nil)
    }

    @Test("An inline link inside a paragraph is hit on its text")
    func inlineLink() {
        let html = """
            <body style="margin:0;font-size:20px"><p style="margin:0"><a href="a.html">AAAAAAAAAA</a> and more words</p></body>
            """
        let document = WebDocument(html: html, url: base)
        document.layout(width: 600)
        #expect(document.linkHref(atX: 20, y: 10) == "a.html")
        #expect(document.linkHref(atX: 590, y: 10) == nil)
    }

    @Test("Anchors are found by id and by <a name>")
    func anchors() {
        let html = """
            <body style="margin:0"><div style="height:1000px">top</div><h2 id="part two" style="margin:0">Two</h2>
            <div style="height:500px"></div><a name="old">old</a></body>
            """
        let document = WebDocument(html: html, url: base)
        document.layout(width: 500)
        #expect(document.anchorPosition("part%20two")?.y == 1000)
        let old = document.anchorPosition("old")
        #expect(old != nil && old!.y >= 1500)
        #expect(document.anchorPosition("missing") == nil)
    }

    @Test("Images are requested with their resolved URLs, and sized by the picture once handed over")
    func images() throws {
        let html = """
            <html><head><base href="http://pictures.test/a/"></head>
            <body style="margin:0"><img src="dot.png"><div style="background-image:url(bg.png)">x</div></body></html>
            """
        let document = WebDocument(html: html, url: base)
        let requests = document.imageRequests
        #expect(requests.map(\.url.description).contains("http://pictures.test/a/dot.png"))
        #expect(requests.map(\.url.description).contains("http://pictures.test/a/bg.png"))
        let image = try WebImage.decode(TestPictures.png(width: 30, height: 20, red: 0, green: 0, blue: 255))
        let dot = try #require(requests.first { $0.source == "dot.png" })
        document.setImage(image, for: dot)
        let size = document.layout(width: 300)
        #expect(size.height >= 20)
        let canvas = PixelSurface(width: 300, height: 60)
        document.draw(into: canvas.context, x: 0, y: 0, clip: WebRect(x: 0, y: 0, width: 300, height: 60))
        #expect(canvas.pixel(10, 10) == .blue)
    }

    @Test("Stylesheets are imported through the callback, relative to the page")
    func stylesheets() {
        let html = """
            <html><head><link rel="stylesheet" href="css/site.css"></head><body><div id="box"></div></body></html>
            """
        let asked = Box<[String]>([])
        let document = WebDocument(html: html, url: base) { url in
            asked.value.append(url.description)
            return ("body { margin: 0 } #box { width: 50px; height: 50px; background: #ff0000 }", url)
        }
        #expect(asked.value == ["http://example.test/dir/css/site.css"])
        document.layout(width: 200)
        let canvas = PixelSurface(width: 200, height: 100)
        document.draw(into: canvas.context, x: 0, y: 0, clip: WebRect(x: 0, y: 0, width: 200, height: 100))
        #expect(canvas.pixel(25, 25) == .red)
        #expect(canvas.pixel(75, 25) == .white)
    }
}

final class Box<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}

/// Pictures made in the test with cairo.
enum TestPictures {
    static func png(width: Int, height: Int, red: Double, green: Double, blue: Double) -> [UInt8] {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        let cr = cairo_create(surface)
        cairo_set_source_rgb(cr, red, green, blue)
        cairo_paint(cr)
        cairo_destroy(cr)
        let bytes = Box<[UInt8]>([])
        let context = Unmanaged.passUnretained(bytes).toOpaque()
        cairo_surface_write_to_png_stream(surface, { closure, data, length in
            let box = Unmanaged<Box<[UInt8]>>.fromOpaque(closure!).takeUnretainedValue()
            box.value.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            return CAIRO_STATUS_SUCCESS
        }, context)
        cairo_surface_destroy(surface)
        return bytes.value
    }
}
