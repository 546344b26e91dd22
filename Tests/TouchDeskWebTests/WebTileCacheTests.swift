import Testing
import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskTestSupport
@testable import TouchDeskWeb

@Suite("Web tiles: pieces of a page painted off the main thread")
struct WebTileCacheTests {
    /// 970 px wide, 9000 tall: a red band at the top, a blue one 2000 px down.
    static let page = """
        <html><body style="margin:0"><div style="width:970px;height:100px;background:#ff0000"></div>
        <div style="height:1900px"></div><div style="width:970px;height:100px;background:#0000ff"></div>
        <div style="height:6900px"></div></body></html>
        """

    func document() -> (WebDocument, Size) {
        let d = WebDocument(html: Self.page, url: WebURL(reference: "file:///tiles.html"))
        let s = d.layout(width: 970, height: 600)
        return (d, Size(Double(s.width), Double(s.height)))
    }

    func draw(_ cache: WebTileCache, origin: Point, scale: Double = 1) -> PixelImage {
        PixelImage(surface: ImageSurface.render(size: Size(400, 300), format: .rgb) { cr in
            cr.fill(Rect(x: 0, y: 0, width: 400, height: 300), Color(0, 1, 0))
            cache.draw(cr, frame: Rect(x: 0, y: 0, width: 400, height: 300), scale: scale, origin: origin, deviceScale: 1)
        })
    }

    @Test("asked-for tiles arrive from the worker and draw the page where it is scrolled to")
    func tilesArrive() {
        let (doc, size) = document()
        let cache = WebTileCache()
        cache.show(doc, contentSize: size)
        // Nothing asked for yet: the view's own background shows.
        #expect(draw(cache, origin: .zero).at(10, 10).isClose(to: .green))
        cache.request([.init(scale: 1, origin: .zero, size: Size(400, 300))], deviceScale: 1)
        cache.waitUntilIdle()
        #expect(!cache.isBusy)
        #expect(draw(cache, origin: .zero).at(10, 10).isClose(to: .red))
        #expect(draw(cache, origin: .zero).at(10, 150).isClose(to: .white))
        // Scrolled 2000 px down: the blue band at the top of the view.
        let far = Point(0, 2000)
        cache.request([.init(scale: 1, origin: far, size: Size(400, 300))], deviceScale: 1)
        cache.waitUntilIdle()
        #expect(draw(cache, origin: far).at(10, 50).isClose(to: .blue))
        // Tiles far from the view are let go.
        let farther = Point(0, 7000)
        cache.request([.init(scale: 1, origin: farther, size: Size(400, 300))], deviceScale: 1)
        cache.waitUntilIdle()
        #expect(cache.tileCount <= 2 + 2 * 3)
        #expect(draw(cache, origin: .zero).at(10, 10).isClose(to: .green))
        #expect(draw(cache, origin: farther).at(10, 10).isClose(to: .white))
    }

    @Test("a scaled view gets its own tiles; a relayout shows the old ones stretched until new ones come, a new page none")
    func scaleAndGenerations() {
        let (doc, size) = document()
        let cache = WebTileCache()
        cache.show(doc, contentSize: size)
        let half = 0.5
        cache.request([.init(scale: half, origin: .zero, size: Size(400, 300))], deviceScale: 1)
        cache.waitUntilIdle()
        let image = draw(cache, origin: .zero, scale: half)
        #expect(image.at(10, 40).isClose(to: .red))
        #expect(image.at(10, 60).isClose(to: .white))
        #expect(image.at(480 / 2, 10).isClose(to: .red))
        // A relayout of the same page: until the new tiles come, the old ones stand in, stretched.
        cache.show(doc, contentSize: size)
        #expect(cache.tileCount == 0)
        let standIn = draw(cache, origin: .zero, scale: 0.6)
        #expect(standIn.at(10, 55).isClose(to: .red), "the old half-scale tiles stretched to 0.6")
        cache.request([.init(scale: 0.6, origin: .zero, size: Size(400, 300))], deviceScale: 1)
        cache.waitUntilIdle()
        #expect(draw(cache, origin: .zero, scale: 0.6).at(10, 55).isClose(to: .red))
        // Another page: nothing of the old one shows.
        let other = WebDocument(html: "<p>x</p>", url: WebURL(reference: "file:///other.html"))
        cache.show(other, contentSize: size)
        #expect(draw(cache, origin: .zero, scale: 0.6).at(10, 10).isClose(to: .green))
    }
}
