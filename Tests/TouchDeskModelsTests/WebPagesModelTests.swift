import Testing
import TouchDeskInterface
@testable import TouchDeskModels

@Suite("Web Pages: the two views' geometry and scrolling")
struct WebPagesModelTests {
    func model(_ area: Rect, content: Size) -> WebPagesModel {
        var m = WebPagesModel()
        m.layout(in: area)
        m.setContentSize(content)
        return m
    }

    @Test("wide areas put the views side by side, tall ones one above the other, with equal page widths")
    func arrangement() {
        let wide = model(Rect(x: 0, y: 60, width: 900, height: 500), content: Size(970, 3000))
        #expect(wide.arrangement == .sideBySide)
        #expect(wide.asIs.frame.width == wide.fit.frame.width)
        #expect(wide.fit.frame.minX > wide.asIs.frame.maxX)
        let tall = model(Rect(x: 0, y: 60, width: 500, height: 900), content: Size(970, 3000))
        #expect(tall.arrangement == .stacked)
        #expect(tall.fit.frame.minY > tall.asIs.frame.maxY)
        #expect(tall.asIs.frame.width == tall.fit.frame.width)
        // Nothing spills out of the area.
        for m in [wide, tall] {
            for v in [m.asIs, m.fit] {
                #expect(v.verticalTrack.maxX <= 900 && v.frame.minX >= 0)
                #expect(v.frame.maxY <= (m.arrangement == .stacked ? 960 : 560))
            }
        }
    }

    @Test("the as-is view shows the page 1:1; the fit view shrinks its whole width in, never enlarges")
    func scales() {
        var m = model(Rect(x: 0, y: 0, width: 700, height: 500), content: Size(970, 2000))
        #expect(m.asIs.scale == 1)
        #expect(abs(m.fit.scale * 970 - m.fit.frame.width) < 1e-9)
        #expect(m.layoutWidth == Int(m.asIs.frame.width))
        m.setContentSize(Size(200, 300))
        #expect(m.fit.scale == 1)
    }

    @Test("scrolling is clamped to the page on both axes; the fit view scrolls only up and down")
    func clamping() {
        var m = model(Rect(x: 0, y: 0, width: 700, height: 500), content: Size(970, 2000))
        m.scroll(.asIs, to: Point(-50, -50))
        #expect(m.asIs.scroll == .zero)
        m.scroll(.asIs, to: Point(1e9, 1e9))
        #expect(m.asIs.scroll.x == (970 - m.asIs.frame.width).rounded(.up))
        #expect(m.asIs.scroll.y == (2000 - m.asIs.frame.height).rounded(.up))
        m.scroll(.fit, byPoints: 500, 100)
        #expect(m.fit.scroll.x == 0)
        // 100 points in the fit view are 100 / scale page pixels.
        #expect(abs(m.fit.scroll.y - 100 / m.fit.scale) < 1e-9)
        m.scroll(.asIs, to: Point(.nan, .infinity))
        #expect(m.asIs.scroll.x == 0 && m.asIs.scroll.y == 0)
        // A page shorter than the view does not scroll.
        m.setContentSize(Size(100, 100))
        #expect(m.asIs.scroll == .zero && m.asIs.maxScroll == .zero)
        #expect(m.asIs.verticalThumb == nil && m.asIs.horizontalThumb == nil)
    }

    @Test("scroll positions survive a resize and a switch of arrangement, as far as the page allows")
    func resizeKeepsScroll() {
        var m = model(Rect(x: 0, y: 0, width: 900, height: 500), content: Size(970, 5000))
        m.scroll(.asIs, to: Point(100, 1200))
        m.scroll(.fit, to: Point(0, 900))
        m.layout(in: Rect(x: 0, y: 0, width: 500, height: 900))
        #expect(m.arrangement == .stacked)
        #expect(m.asIs.scroll == Point(100, 1200))
        #expect(m.fit.scroll == Point(0, 900))
        m.layout(in: Rect(x: 0, y: 0, width: 1400, height: 700))
        #expect(m.arrangement == .sideBySide)
        #expect(m.asIs.scroll.y == 1200 && m.fit.scroll.y == 900)
        // A shorter page clamps them.
        m.setContentSize(Size(970, 1000))
        #expect(m.asIs.scroll.y == m.asIs.maxScroll.y)
    }

    @Test("page points under the pointer account for scale and scroll")
    func pagePoints() {
        var m = model(Rect(x: 0, y: 0, width: 700, height: 500), content: Size(970, 2000))
        m.scroll(.asIs, to: Point(10, 20))
        let p = Point(m.asIs.frame.x + 5, m.asIs.frame.y + 7)
        #expect(m.asIs.pagePoint(at: p) == Point(15, 27))
        let f = Point(m.fit.frame.x + m.fit.frame.width / 2, m.fit.frame.y)
        #expect(abs(m.fit.pagePoint(at: f)!.x - 485) < 1e-6)
        #expect(m.asIs.pagePoint(at: Point(-1, -1)) == nil)
        #expect(m.pane(at: p) == .asIs)
        #expect(m.pane(at: f) == .fit)
        #expect(m.pane(at: m.asIs.verticalTrack.center) == .asIs)
    }

    @Test("scrollbar thumbs track the scroll position and dragging one moves the page proportionally")
    func thumbs() {
        var m = model(Rect(x: 0, y: 0, width: 700, height: 500), content: Size(970, 4000))
        let top = m.asIs.verticalThumb!
        #expect(abs(top.minY - m.asIs.verticalTrack.minY) < 1e-9)
        m.scroll(.asIs, to: Point(0, 1e9))
        let bottom = m.asIs.verticalThumb!
        #expect(abs(bottom.maxY - m.asIs.verticalTrack.maxY) < 1e-9)
        let perPoint = m.asIs.pagePixelsPerThumbPoint(vertical: true)
        #expect(abs(perPoint * (m.asIs.verticalTrack.height - top.height) - m.asIs.maxScroll.y) < 1e-6)
        #expect(m.asIs.horizontalThumb != nil)
        #expect(m.fit.horizontalThumb == nil)
    }
}
