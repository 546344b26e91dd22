import CCairo
import Foundation
import Testing
@testable import TouchDeskWeb

@Suite("Offline start page")
struct StartPageTests {
    /// assets/web in this checkout.
    static let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("assets/web")

    /// A copy of the site with the picture drawn in, as the asset generator will make it.
    static func siteWithPicture() throws -> URL {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("touchdesk-start-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: assets, to: copy)
        #expect(StartPagePicture.writePNG(to: copy.appendingPathComponent("touchdesk.png").path))
        return copy
    }

    @Test("The start page loads from files with its stylesheet and picture, 970 px wide")
    func loads() throws {
        let site = try Self.siteWithPicture()
        defer { try? FileManager.default.removeItem(at: site) }
        let page = PageLoader().load(WebURL(filePath: site.appendingPathComponent("index.html").path), layoutWidth: 320)
        #expect(page.kind == .html)
        #expect(page.title == "TouchDesk")
        #expect(page.skippedResources.isEmpty, "\(page.skippedResources)")
        #expect(page.size?.width == 970)
        #expect((page.size?.height ?? 0) > 800)
        for key in StartPagePicture.keys { #expect(page.source.contains("<span class=\"key\">\(key)</span>")) }

        let size = page.document.layout(width: 970, height: 700)
        let canvas = PixelSurface(width: 970, height: 700)
        page.document.draw(into: canvas.context, x: 0, y: 0, clip: WebRect(x: 0, y: 0, width: 970, height: 700))
        let header = PixelSurface.RGB(r: 0x2f, g: 0x48, b: 0x58)
        #expect(canvas.pixel(5, 5) == header)
        #expect(canvas.pixel(965, 5) == header)
        #expect(canvas.hasInk(x: 24, y: 150, width: 600, height: 100), "body text")
        // The picture floats right: its first tile sits at (26, 44) inside it.
        let anchor = try #require(page.document.anchorPosition("apps"))
        #expect(anchor.y > 200 && anchor.y < size.height)
        #expect(!canvas.pixel(700, 200).isClose(to: .white, tolerance: 10), "picture on the right")

        // The links lead to the other pages, which load too.
        for name in ["using.html", "engine.html"] {
            let linked = PageLoader().load(WebURL(filePath: site.appendingPathComponent(name).path), layoutWidth: 970)
            #expect(linked.kind == .html && linked.skippedResources.isEmpty, "\(name)")
            #expect(page.source.contains("href=\"\(name)\""))
        }
    }

    @Test("The picture is drawn: a window with fifteen coloured tiles")
    func picture() {
        let surface = PixelSurface(width: StartPagePicture.width, height: StartPagePicture.height)
        StartPagePicture.draw(into: surface.context)
        #expect(surface.pixel(140, 20).isClose(to: PixelSurface.RGB(r: 47, g: 72, b: 88), tolerance: 4))
        for index in 0..<15 {
            let x = 26 + (index % 5) * 46 + 3, y = 44 + (index / 5) * 46 + 3
            #expect(surface.pixel(x, y) != PixelSurface.RGB(r: 250, g: 247, b: 242), "tile \(index)")
        }
    }

    @Test("Benchmark numbers come out (timings printed, not judged)")
    func bench() throws {
        let site = try Self.siteWithPicture()
        defer { try? FileManager.default.removeItem(at: site) }
        let lines = WebBench.run(startPage: WebURL(filePath: site.appendingPathComponent("index.html").path), runs: 3)
        #expect(lines.count == 14)
        #expect(lines.contains { $0.hasPrefix("long page: parse + layout") })
        for line in lines { print(line) }
    }
}
