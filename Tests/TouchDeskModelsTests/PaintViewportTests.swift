import Testing
import TouchDeskInterface
import TouchDeskModels

/// Paintbrush's view of its picture: zoom about a point, scroll limits, centring, scrollbars.
@Suite("Paint: zoom and scroll")
struct PaintViewportTests {
    func viewport(view: Size = Size(800, 500), content: Size) -> PaintViewport {
        var v = PaintViewport()
        v.layout(view: view, content: content)
        return v
    }

    func close(_ a: Point, _ b: Point, _ tolerance: Double) -> Bool { abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance }

    @Test func aSmallPictureIsCentredAtItsOwnSize() {
        let v = viewport(content: Size(160, 120))
        #expect(v.zoom == 1)
        #expect(v.pictureRect == Rect(x: 320, y: 190, width: 160, height: 120))
        #expect(v.toPicture(Point(320, 190)) == .zero)
        #expect(v.toView(Point(160, 120)) == Point(480, 310))
        #expect(v.maxScroll == .zero)
        #expect(v.verticalThumb == nil && v.horizontalThumb == nil)
    }

    @Test func aPictureTheSizeOfTheViewFillsIt() {
        let v = viewport(view: Size(900, 540), content: Size(900, 540))
        #expect(v.pictureRect == Rect(x: 0, y: 0, width: 900, height: 540))
        #expect(v.toPicture(Point(37, 412)) == Point(37, 412))
    }

    /// Property: for random pictures, views, zooms and anchors, zooming about a point keeps the
    /// picture point under it within half a view point, on every axis where the zoomed picture is
    /// larger than the view both before and after (an axis that fits is centred instead).
    @Test func zoomingAboutAPointKeepsThatPointFixed() {
        var rng = SplitMix64(seed: 40)
        var checked = 0
        for _ in 0..<2000 {
            let content = Size(Double(rng.next() % 3000 + 50), Double(rng.next() % 3000 + 50))
            let view = Size(Double(rng.next() % 1500 + 100), Double(rng.next() % 1000 + 100))
            var v = viewport(view: view, content: content)
            v.zoom(to: PaintViewport.zoomSteps[Int(rng.next() % UInt64(PaintViewport.zoomSteps.count))], about: v.center)
            v.scroll(to: Point(Double(rng.next() % 3000), Double(rng.next() % 3000)))
            let anchor = Point(Double(rng.next() % UInt64(view.width)), Double(rng.next() % UInt64(view.height)))
            let before = v.toPicture(anchor)
            let steps = Int(rng.next() % 5) - 2
            let wasLarger = (v.zoomedSize.width > view.width, v.zoomedSize.height > view.height)
            v.zoom(steps: steps == 0 ? 1 : steps, about: anchor)
            let after = v.toView(before)
            // Only where the anchor's picture point stays reachable: inside the picture, and the
            // scroll it asks for within the limits.
            let inside = before.x >= 0 && before.y >= 0 && before.x <= content.width && before.y <= content.height
            let wanted = Point(before.x - anchor.x / v.zoom, before.y - anchor.y / v.zoom)
            let reachable = (wanted.x >= 0 && wanted.x <= v.maxScroll.x, wanted.y >= 0 && wanted.y <= v.maxScroll.y)
            if inside, wasLarger.0, v.zoomedSize.width > view.width, reachable.0 {
                #expect(abs(after.x - anchor.x) <= 0.5, "x: \(anchor) went to \(after) at zoom \(v.zoom)")
                checked += 1
            }
            if inside, wasLarger.1, v.zoomedSize.height > view.height, reachable.1 {
                #expect(abs(after.y - anchor.y) <= 0.5, "y: \(anchor) went to \(after) at zoom \(v.zoom)")
                checked += 1
            }
        }
        #expect(checked > 1000, "enough cases had room to keep the point: \(checked)")
    }

    @Test func zoomingInAboutACornerOfALargePictureKeepsThatCorner() {
        var v = viewport(view: Size(400, 300), content: Size(1000, 800))
        v.scroll(to: Point(200, 100))
        let anchor = Point(100, 50)
        let p = v.toPicture(anchor)
        #expect(p == Point(300, 150))
        v.zoom(steps: 1, about: anchor)
        #expect(v.zoom == 2)
        #expect(close(v.toView(p), anchor, 0.5))
        v.zoom(steps: 3, about: anchor)
        #expect(v.zoom == 6)
        #expect(close(v.toView(p), anchor, 0.5))
    }

    @Test func scrollingStopsAtThePicturesEdges() {
        var v = viewport(view: Size(400, 300), content: Size(1000, 800))
        #expect(v.maxScroll == Point(600, 500))
        v.scroll(byPoints: -50, -50)
        #expect(v.scroll == .zero)
        v.scroll(byPoints: 10_000, 10_000)
        #expect(v.scroll == Point(600, 500))
        #expect(v.toView(Point(1000, 800)) == Point(400, 300), "the far corner rests on the view's")
        v.scroll(to: Point(.nan, .infinity))
        #expect(v.scroll.x == 0 && v.scroll.y <= 500)
        // Zoomed in twice, the limits double in view points, stay in picture points.
        v.zoom(to: 2, about: .zero)
        #expect(v.maxScroll == Point(800, 650))
        v.scroll(byPoints: 100_000, 0)
        #expect(v.toView(Point(1000, 0)).x == 400)
    }

    @Test func aPictureThatFitsDoesNotScroll() {
        var v = viewport(content: Size(160, 120))
        let before = v.pictureRect
        v.scroll(byPoints: 300, 300)
        #expect(v.pictureRect == before)
        // Zoomed to 8×: 1280×960, larger than the 800×500 view: it scrolls now.
        v.zoom(to: 8, about: v.center)
        #expect(v.maxScroll.x > 0 && v.maxScroll.y > 0)
        #expect(v.verticalThumb != nil && v.horizontalThumb != nil)
    }

    @Test func resizingTheViewKeepsTheScrollWithinTheNewLimits() {
        var v = viewport(view: Size(400, 300), content: Size(1000, 800))
        v.scroll(to: Point(600, 500))
        v.layout(view: Size(900, 700), content: Size(1000, 800))
        #expect(v.scroll == Point(100, 100))
    }

    @Test func theZoomStepsGoThroughTheListAndStopAtItsEnds() {
        var v = viewport(content: Size(100, 100))
        var seen = [v.zoom]
        for _ in 0..<20 { v.zoom(steps: 1, about: v.center); seen.append(v.zoom) }
        #expect(Array(seen.prefix(10)) == [1, 2, 3, 4, 6, 8, 12, 16, 24, 32])
        #expect(v.zoom == 32)
        for _ in 0..<30 { v.zoom(steps: -1, about: v.center) }
        #expect(v.zoom == 1.0 / 16)
        // From a zoom between steps (fit), the next step up is the next larger one.
        v.zoom(to: 0.7, about: .zero)
        #expect(v.steppedZoom(1) == 1 && v.steppedZoom(-1) == 2.0 / 3)
        #expect(v.percentText == "70 %")
    }

    @Test func fitShowsAWholeLargePictureAndLeavesASmallOneAtItsSize() {
        var v = viewport(view: Size(800, 500), content: Size(4000, 1000))
        v.zoom(to: 3, about: .zero)
        v.fit()
        #expect(v.zoom == 0.2)
        #expect(v.maxScroll == .zero)
        #expect(v.pictureRect.x >= 0 && v.pictureRect.maxX <= 800 && v.pictureRect.y >= 0 && v.pictureRect.maxY <= 500)
        var small = viewport(content: Size(160, 120))
        small.zoom(to: 4, about: small.center)
        small.fit()
        #expect(small.zoom == 1)
        small.zoom(to: 0.25, about: .zero)
        small.actualSize()
        #expect(small.zoom == 1 && small.pictureRect == Rect(x: 320, y: 190, width: 160, height: 120))
    }

    @Test func theThumbsTrackTheScrollAndDraggingOneCoversTheWholeRange() throws {
        var v = viewport(view: Size(400, 300), content: Size(1000, 800))
        let top = try #require(v.verticalThumb)
        #expect(top.y == 0)
        v.scroll(to: Point(0, 500))
        let bottom = try #require(v.verticalThumb)
        let track = try #require(v.verticalTrack)
        #expect(abs(bottom.maxY - track.maxY) < 0.001, "at the end the thumb reaches the track's end")
        let per = v.picturePointsPerThumbPoint(vertical: true)
        #expect(abs(per * (track.height - bottom.height) - 500) < 0.001)
        // The two bars leave the corner free for each other.
        let h = try #require(v.horizontalTrack)
        #expect(h.maxX <= track.x && track.maxY <= h.y)
    }

    @Test func revealScrollsJustEnoughToShowAPoint() {
        var v = viewport(view: Size(400, 300), content: Size(1000, 800))
        v.reveal(Point(200, 100), margin: 20)
        #expect(v.scroll == .zero, "already in view")
        v.reveal(Point(700, 100), margin: 20)
        #expect(v.scroll.x == 320 && v.scroll.y == 0)
        #expect(v.toView(Point(700, 100)).x == 380)
    }
}
