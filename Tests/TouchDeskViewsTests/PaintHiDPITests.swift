import TouchDeskDrawing
import Foundation
import Testing
import TouchDeskInterface
import TouchDeskModels
import TouchDeskTestSupport
@testable import AppPaintbrush
@testable import TouchDeskToolkit

/// Paintbrush on a HiDPI screen (drawn at 2 pixels per point): the canvas has the screen's own
/// resolution, so a dab's edge is as sharp as on a normal screen, and a saved painting keeps it.
@Suite("Paintbrush at 2x")
struct PaintHiDPITests {
    let sandbox = Sandbox()
    static let size = Size(400, 360)

    @Test func strokesAreSharpAtTwicePixels() throws {
        let app = PaintApp(environment: sandbox.environment)
        app.layout(in: Self.size, scale: 2)
        let canvas = try #require(app.canvasSurface)
        #expect(canvas.pixelWidth == Int(2 * Self.size.width))

        let c = Point(100, 100)
        _ = app.handle(.touchBegan(c))
        _ = app.handle(.touchEnded(c))
        _ = app.handle(.leave)
        let shot = ImageSurface.render(size: Self.size, scale: 2) { app.draw($0) }
        let img = PixelImage(surface: shot)
        // Half a point inside the dab's edge (one pixel at 2x) is pure white; an upscaled 1x
        // canvas would blur it to grey there.
        let r = PaintModel.defaultRadius
        for angle in stride(from: 0.0, to: 2 * Double.pi, by: Double.pi / 8) {
            let p = (2 * (c.x + (r - 0.5) * cos(angle)), 2 * (c.y + (r - 0.5) * sin(angle)))
            #expect(img.at(p.0, p.1).isClose(to: .white, tolerance: 8), "at \(p): \(img.at(p.0, p.1))")
        }
        // And a point away from it is black.
        #expect(img.at(2 * (c.x + r + 3), 2 * c.y) == .black)

        let path = try #require(app.saveAndWait())
        let saved = try #require(PixelImage(pngPath: path))
        #expect(saved.width == Int(2 * app.canvasRect.width))
        #expect(saved.at(2 * c.x, 2 * c.y).isClose(to: .white, tolerance: 8))
    }
}
