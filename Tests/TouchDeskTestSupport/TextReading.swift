import Foundation
import TouchDeskDrawing
import TouchDeskInterface

/// Reads text back from a screenshot the way a person checks it: the expected words, drawn here
/// in the app's font (DejaVu Sans through Pango), are looked for in a region of the picture.
/// Both are reduced to ink/no-ink by brightness, and a place matches when few pixels differ.
/// (Built optimised, as the rest of the test support: the end-to-end tests look for words in many
/// screenshots, and unoptimised this search was most of their CPU time.)
public enum TextReading {
    public struct Match { public var x: Int, y: Int, score: Double }

    /// The ink mask of `text` at `size`, drawn through the app's own text layer (Pango):
    /// width, height, and true for ink.
    public static func mask(_ text: String, size: Double, bold: Bool) -> (w: Int, h: Int, ink: [Bool]) {
        let layout = Text.layout(text, font: Font(size: size, weight: bold ? .bold : .regular))
        let surface = ImageSurface.render(size: Size(layout.width + 2, layout.height + 2), format: .rgb) { cr in
            cr.setSourceRGB(0, 0, 0)
            cr.paint()
            cr.draw(layout, x: 1, y: 1, color: Color(1, 1, 1))
        }
        // Crop to the ink, as a person reads only the letters, not the line's spacing.
        let w = surface.pixelWidth, h = surface.pixelHeight
        let ink = surface.argbPixels().map { ($0 >> 8) & 0xff > 110 }
        let rows = (0..<h).filter { y in (0..<w).contains { ink[y * w + $0] } }
        let cols = (0..<w).filter { x in (0..<h).contains { ink[$0 * w + x] } }
        guard let top = rows.first, let bottom = rows.last, let left = cols.first, let right = cols.last else { return (1, 1, [false]) }
        let y0 = max(0, top - 1), y1 = min(h - 1, bottom + 1), x0 = max(0, left - 1), x1 = min(w - 1, right + 1)
        let cw = x1 - x0 + 1, ch = y1 - y0 + 1
        var cropped = [Bool](repeating: false, count: cw * ch)
        for y in 0..<ch { for x in 0..<cw { cropped[y * cw + x] = ink[(y + y0) * w + x + x0] } }
        return (cw, ch, cropped)
    }

    /// Ink in a screenshot: a pixel clearly brighter than the dark theme's backgrounds.
    public static func isInk(_ c: PixelColor) -> Bool { (c.r + c.g + c.b) / 3 > 110 }

    /// The best place for `text` in `region`: the fraction of differing pixels (0 is perfect).
    public static func find(_ text: String, size: Double, bold: Bool = false, in img: PixelImage,
                     region: (x: Int, y: Int, width: Int, height: Int), ink: (PixelColor) -> Bool = isInk) -> Match {
        let m = mask(text, size: size, bold: bold)
        let inkCount = max(1, m.ink.filter { $0 }.count)
        var best = Match(x: -1, y: -1, score: 1)
        let screen = (0..<img.height).flatMap { y in (0..<img.width).map { x in ink(img.pixels[y * img.width + x]) } }
        let x1 = min(img.width - m.w, region.x + region.width - m.w), y1 = min(img.height - m.h, region.y + region.height - m.h)
        guard x1 >= region.x, y1 >= region.y else { return best }
        for oy in max(0, region.y)...y1 {
            for ox in max(0, region.x)...x1 {
                let limit = Int(best.score * Double(inkCount))
                var diff = 0
                rows: for y in 0..<m.h {
                    let base = (oy + y) * img.width + ox
                    for x in 0..<m.w where m.ink[y * m.w + x] != screen[base + x] {
                        diff += 1
                        if diff > limit { break rows }
                    }
                }
                let score = Double(diff) / Double(inkCount)
                if score < best.score { best = Match(x: ox, y: oy, score: score) }
            }
        }
        return best
    }
}
