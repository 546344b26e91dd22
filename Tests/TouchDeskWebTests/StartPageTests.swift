import CCairo
import Foundation
import Testing
@testable import TouchDeskWeb

/// The offline start page, saved whole by the real engine (`--save-page`'s path), and its picture.
@Suite("Offline start page", .timeLimit(.minutes(2)))
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

    @Test("The whole start page is saved at 970 px: its header, body text, and the picture floated right")
    func savesWholePage() throws {
        let site = try Self.siteWithPicture()
        defer { try? FileManager.default.removeItem(at: site) }
        let png = site.appendingPathComponent("saved.png").path
        let size = try WebEngine.savePage(WebURL(filePath: site.appendingPathComponent("index.html").path), to: png, width: 970)
        #expect(size.width == 970)
        #expect(size.height > 800, "the page's whole length, not one screen: \(size)")
        let surface = try #require(cairo_image_surface_create_from_png(png))
        defer { cairo_surface_destroy(surface) }
        #expect(Int(cairo_image_surface_get_width(surface)) == size.width)
        let data = try #require(cairo_image_surface_get_data(surface))
        let rowBytes = Int(cairo_image_surface_get_stride(surface))
        func pixel(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
            let v = data.advanced(by: y * rowBytes + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
            return (Int((v >> 16) & 0xff), Int((v >> 8) & 0xff), Int(v & 0xff))
        }
        // The header's colour (#2f4858) at both ends of the 940 px column.
        let header = pixel(40, 20)
        #expect(abs(header.r - 0x2f) < 4 && abs(header.g - 0x48) < 4 && abs(header.b - 0x58) < 4, "\(header)")
        // Somewhere in the picture on the right, the picture's dark window (not the white page).
        var dark = 0
        for y in stride(from: 150, to: 380, by: 4) { for x in stride(from: 660, to: 950, by: 4) where pixel(x, y).r < 80 { dark += 1 } }
        #expect(dark > 200, "the picture floats right: \(dark) dark samples")
    }

    @Test("A page that cannot be reached gives a clear message, not a picture")
    func unreachable() throws {
        let png = FileManager.default.temporaryDirectory.appendingPathComponent("touchdesk-nowhere-\(UUID().uuidString).png").path
        #expect(throws: WebEngine.StartError.self) {
            _ = try WebEngine.savePage(WebURL(filePath: "/nonexistent/touchdesk/page.html"), to: png, width: 800)
        }
        #expect(!FileManager.default.fileExists(atPath: png))
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
}
