import CX11Cairo
import Foundation
import TouchDeskTestSupport

/// Reads text back from a screenshot the way a person checks it: the expected words, drawn here
/// in the app's font (DejaVu Sans through Cairo), are looked for in a region of the picture.
/// Both are reduced to ink/no-ink by brightness, and a place matches when few pixels differ.
enum TextReading {
    struct Match { var x: Int, y: Int, score: Double }

    /// The ink mask of `text` at `size`: width, height, and true for ink.
    static func mask(_ text: String, size: Double, bold: Bool) -> (w: Int, h: Int, ink: [Bool]) {
        let probe = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1)!
        let pc = cairo_create(probe)!
        cairo_select_font_face(pc, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(pc, size)
        var ext = cairo_text_extents_t()
        cairo_text_extents(pc, text, &ext)
        cairo_destroy(pc); cairo_surface_destroy(probe)
        let w = Int(ext.width.rounded(.up)) + 2, h = Int(ext.height.rounded(.up)) + 2
        let s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(w), Int32(h))!
        let cr = cairo_create(s)!
        cairo_set_source_rgb(cr, 0, 0, 0); cairo_paint(cr)
        cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, size)
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_move_to(cr, 1 - ext.x_bearing, 1 - ext.y_bearing)
        cairo_show_text(cr, text)
        cairo_destroy(cr)
        cairo_surface_flush(s)
        let stride = Int(cairo_image_surface_get_stride(s))
        let data = cairo_image_surface_get_data(s)!
        var ink = [Bool](repeating: false, count: w * h)
        for y in 0..<h {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<w { ink[y * w + x] = (row[x] >> 8) & 0xff > 110 }
        }
        cairo_surface_destroy(s)
        return (w, h, ink)
    }

    /// Ink in a screenshot: a pixel clearly brighter than the dark theme's backgrounds.
    static func isInk(_ c: PixelColor) -> Bool { (c.r + c.g + c.b) / 3 > 110 }

    /// The best place for `text` in `region`: the fraction of differing pixels (0 is perfect).
    static func find(_ text: String, size: Double, bold: Bool = false, in img: PixelImage,
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
