@testable import TouchDeskDrawing
import Foundation
import Testing
import TouchDeskInterface
import TouchDeskModels
import TouchDeskTestSupport
@testable import AppAddingImages
@testable import TouchDeskToolkit

/// Adding Images: five small framed squares, each one layer, and the five stacked below; and the
/// compositor underneath, which stacks pictures back to front.
@Suite("Adding Images view and the layer compositor")
struct ImagesAppTests {
    static let size = Size(800, 556)
    static let frameColor = PixelColor(ImagesApp.frame)
    static let paper = PixelColor(ImagesApp.paper)
    static let skin = PixelColor(hex: 0xffd9a8)
    static let hatCrown = PixelColor(hex: 0x3b2f6b)
    static let newspaper = PixelColor(hex: 0xefe8d4)

    func makeApp(size: Size = ImagesAppTests.size) -> ImagesApp {
        let app = ImagesApp(environment: ViewAssets.environment)
        app.layout(in: size)
        return app
    }

    /// A point of the 400-pixel artwork inside `square`.
    func art(_ square: Rect, _ x: Double, _ y: Double) -> (Double, Double) {
        (square.x + x * square.width / 400, square.y + y * square.height / 400)
    }

    /// The newcomer had not known the squares can be clicked and dragged (issue 40): a line
    /// between the squares and the composite says so, whole, at 9 points or more.
    @Test(arguments: [Size(800, 556), Size(1920, 1036)])
    func aLineUnderTheSquaresSaysTheyCanBeClickedAndDragged(size: Size) throws {
        let app = makeApp(size: size)
        var drawn: [(text: String, font: Font)] = []
        _ = render(size) { cr in drawn = cr.recordingText { app.draw(cr) } }
        let hint = try #require(drawn.first { $0.text.hasPrefix("Click a square") && $0.text.contains("drag") }, "\(drawn.map(\.text))")
        #expect(hint.font.size >= 9)
        let y = try #require(app.hintY)
        #expect(y > (app.smallRects.map(\.maxY).max() ?? 0) && y < app.compositeRect.minY, "the line at \(y)")
        #expect(Text.width(hint.text, size: hint.font.size) <= size.width - 24)
    }

    @Test(arguments: [Size(800, 556), Size(400, 316), Size(1400, 400), Size(400, 900)])
    func fiveSmallSquaresInARowAndALargeOneBelow(size: Size) {
        let app = makeApp(size: size)
        let whole = Rect(x: 0, y: 0, width: size.width, height: size.height)
        #expect(app.smallRects.count == 5)
        for (i, r) in app.smallRects.enumerated() {
            #expect(r.width == r.height && r.width >= 50, "square \(i) is \(r) at \(size)")
            #expect(whole.contains(r))
            if i > 0 {
                #expect(r.y == app.smallRects[0].y && r.x > app.smallRects[i - 1].maxX, "not in a row at \(size)")
            }
        }
        let big = app.compositeRect
        #expect(big.width == big.height && big.width > app.smallRects[0].width * 1.5, "large square \(big) at \(size)")
        #expect(big.y > app.smallRects[0].maxY && whole.contains(big))
    }

    @Test func eachSmallSquareShowsItsOwnLayerAndTheLargeOneAllFive() {
        let app = makeApp()
        let img = frame(of: app, size: Self.size)
        let s = app.smallRects
        // Framed, with paper showing through the transparent layers.
        for r in s {
            #expect(img.at(r.x + 1, r.midY) == Self.frameColor && img.at(r.maxX - 1, r.midY) == Self.frameColor)
        }
        #expect(img.at(art(s[0], 200, 40).0, art(s[0], 200, 40).1).b > 240, "background: sky")
        #expect(img.at(art(s[1], 200, 120).0, art(s[1], 200, 120).1).isClose(to: Self.skin, tolerance: 8), "baseline: the head")
        #expect(img.at(art(s[1], 300, 300).0, art(s[1], 300, 300).1) == Self.paper, "baseline alone has no background")
        #expect(img.at(art(s[2], 240, 284).0, art(s[2], 240, 284).1).isClose(to: Self.newspaper, tolerance: 10), "the newspaper")
        #expect(img.at(art(s[3], 200, 40).0, art(s[3], 200, 40).1).isClose(to: Self.hatCrown, tolerance: 10), "the hat")
        #expect(img.at(art(s[3], 200, 120).0, art(s[3], 200, 120).1) == Self.paper, "the hat alone: no head under it")
        #expect(img.at(art(s[4], 200, 120).0, art(s[4], 200, 120).1) == Self.paper, "the legs alone")
        // The composite: hat on the head, the paper in front of the body, sky behind, in that order.
        let b = app.compositeRect
        #expect(img.at(art(b, 200, 40).0, art(b, 200, 40).1).isClose(to: Self.hatCrown, tolerance: 10))
        #expect(img.at(art(b, 200, 120).0, art(b, 200, 120).1).isClose(to: Self.skin, tolerance: 8))
        #expect(img.at(art(b, 240, 284).0, art(b, 240, 284).1).isClose(to: Self.newspaper, tolerance: 10))
        let sky = img.at(art(b, 60, 200).0, art(b, 60, 200).1)
        #expect(sky.b > 240 && sky.r < 230, "sky: \(sky)")
        // The legs are drawn over the newspaper's lower edge (they come after it).
        let knee = img.at(art(b, 188, 292).0, art(b, 188, 292).1)
        #expect(knee.r < 90 && knee.g < 90, "legs over the paper: \(knee)")
    }

    @Test func theCompositorStacksBackToFront() throws {
        let dir = TemporaryDirectory(prefix: "touchdesk-layers")
        // "red": the whole square; "dot": a blue disc in the middle, transparent around it.
        let red = ImageSurface.render(size: Size(40, 40)) { $0.fill(Rect(x: 0, y: 0, width: 40, height: 40), Color(1, 0, 0)) }
        try ImageFile.writePNG(red, to: dir.appending("set/red.png"))
        let dot = ImageSurface.render(size: Size(40, 40)) { cr in
            Color(0, 0, 1).set(cr)
            cr.circle(Point(20, 20), 8)
            cr.fill()
        }
        try ImageFile.writePNG(dot, to: dir.appending("set/dot.png"))
        let c = LayerCompositor(store: ImageStore(directory: dir.path, warn: { _ in }), folder: "set")
        let rect = Rect(x: 0, y: 0, width: 200, height: 200)
        c.prepare(["red", "dot"], in: rect, scale: 1)
        var img = render(Size(200, 200)) { c.draw(in: rect, $0) }.image
        #expect(img.at(100, 100) == PixelColor(r: 0, g: 0, b: 255), "the dot in front")
        #expect(img.at(20, 20) == PixelColor(r: 255, g: 0, b: 0), "red shows around it")
        c.prepare(["dot", "red"], in: rect, scale: 1)
        img = render(Size(200, 200)) { c.draw(in: rect, $0) }.image
        #expect(img.at(100, 100) == PixelColor(r: 255, g: 0, b: 0), "red in front hides the dot")
        // At twice the pixels (a HiDPI window) the composite is made at full resolution: across the
        // disc's edge it matches drawing the picture directly, pixel for pixel.
        c.prepare(["dot"], in: rect, scale: 2)
        c.store.prepare("set/dot", in: rect, scale: 2)
        let viaCompositor = ImageSurface.render(size: Size(200, 200), scale: 2) { c.draw(in: rect, $0) }
        let direct = ImageSurface.render(size: Size(200, 200), scale: 2) { c.store.draw("set/dot", in: rect, $0) }
        let a = PixelImage(surface: viaCompositor), d = PixelImage(surface: direct)
        #expect(a.width == 400)
        #expect(a.at(200, 200) == PixelColor(r: 0, g: 0, b: 255) && a.at(200, 110).a == 0)
        let edge = (100..<140).map { Double($0) }
        let differ = edge.filter { !a.at(200, $0).isClose(to: d.at(200, $0), tolerance: 3) }
        #expect(differ.isEmpty, "rows \(differ) differ")
        #expect(Set(edge.map { a.at(200, $0).a }).count > 4, "the edge is smooth, not blocky")
    }
}

/// A resize of a large Adding Images window never stalls: while the size changes the last
/// composite stands in, scaled as it is painted; once it has settled the sharp composite is made
/// on a thread of its own and shown when ready.
@Suite("Adding Images after a resize")
struct ImagesResizeTests {
    @Test func aLargeCompositeIsMadeInTheBackgroundOnceTheSizeSettles() {
        let app = ImagesApp(environment: ViewAssets.environment)
        let first = Size(1600, 1400), second = Size(1900, 1700)
        app.layout(in: first)
        _ = frame(of: app, size: first)
        let firstPixels = app.compositor.pixelSize
        #expect(firstPixels.width == Int(app.compositeRect.width.rounded(.up)), "the first frame is made at once")
        app.layout(in: second)
        // While the size is still changing: the old composite, nothing new made.
        _ = frame(of: app, size: second)
        #expect(app.compositor.pixelSize == firstPixels)
        var ticks = 0
        while !app.isSettled && ticks < 100 { _ = app.tick(); ticks += 1 }
        #expect(app.isSettled && ticks == ImagesApp.settleTicks)
        // The first settled frame starts the work and still shows the old picture; the app keeps
        // ticking until the new one is in.
        _ = frame(of: app, size: second)
        #expect(app.tick(), "waiting for the composite")
        app.compositor.finishBackgroundWork()
        let img = frame(of: app, size: second)
        #expect(app.compositor.pixelSize.width == Int(app.compositeRect.width.rounded(.up)))
        #expect(app.compositor.cachedCount == 1)
        // The new composite is the five layers: the hat's crown and the newspaper are in it.
        let c = app.compositeRect
        #expect(img.count(of: ImagesAppTests.hatCrown, tolerance: 10, x: Int(c.x), y: Int(c.y), width: Int(c.width), height: Int(c.height)) > 1000)
        #expect(img.count(of: ImagesAppTests.newspaper, tolerance: 6, x: Int(c.x), y: Int(c.y), width: Int(c.width), height: Int(c.height)) > 1000)
        // A click that hides the hat at this size is shown too, once its composite is in.
        app.press("4")
        _ = frame(of: app, size: second)
        app.compositor.finishBackgroundWork()
        let hidden = frame(of: app, size: second)
        #expect(hidden.count(of: ImagesAppTests.hatCrown, tolerance: 10, x: Int(c.x), y: Int(c.y), width: Int(c.width), height: Int(c.height)) == 0)
    }
}
