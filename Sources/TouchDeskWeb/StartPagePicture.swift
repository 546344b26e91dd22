import CCairo

/// The picture on the offline start page (`assets/web/touchdesk.png`): a TouchDesk window
/// with its home screen of tiles. The asset generator writes it; see `writePNG(to:)`.
public enum StartPagePicture {
    public static let width = 280
    public static let height = 200

    /// The home-screen keys, in home-screen order (DESIGN.md).
    static let keys = ["P", "O", "M", "A", "H", "Z", "B", "S", "I", "T", "D", "C", "W", "L", "E"]

    /// Draws the picture at 1:1 into a cairo context (`cairo_t`), top-left at the origin.
    public static func draw(into cr: OpaquePointer) {
        cairo_save(cr)
        // Desk and window.
        cairo_set_source_rgb(cr, 0.914, 0.894, 0.855)
        cairo_paint(cr)
        roundedRectangle(cr, x: 10, y: 10, width: 260, height: 180, radius: 10)
        cairo_set_source_rgb(cr, 0.184, 0.282, 0.345)
        cairo_fill(cr)
        roundedRectangle(cr, x: 16, y: 34, width: 248, height: 150, radius: 6)
        cairo_set_source_rgb(cr, 0.98, 0.97, 0.95)
        cairo_fill(cr)
        for (index, color) in [(0.93, 0.42, 0.37), (0.96, 0.76, 0.32), (0.45, 0.75, 0.45)].enumerated() {
            cairo_arc(cr, 26 + Double(index) * 14, 22, 4.5, 0, 2 * .pi)
            cairo_set_source_rgb(cr, color.0, color.1, color.2)
            cairo_fill(cr)
        }
        // Fifteen tiles, five by three, each with its key.
        let layout = pango_cairo_create_layout(cr)!
        let font = pango_font_description_from_string("DejaVu Sans Bold 13px")
        pango_layout_set_font_description(layout, font)
        for (index, key) in keys.enumerated() {
            let column = Double(index % 5), row = Double(index / 5)
            let x = 26 + column * 46, y = 44 + row * 46
            let hue = Double(index) / Double(keys.count)
            roundedRectangle(cr, x: x, y: y, width: 38, height: 38, radius: 7)
            cairo_set_source_rgb(cr, 0.35 + 0.4 * hue, 0.55 - 0.2 * hue, 0.75 - 0.35 * hue)
            cairo_fill(cr)
            pango_layout_set_text(layout, key, -1)
            var inkRect = PangoRectangle()
            var logicalRect = PangoRectangle()
            pango_layout_get_pixel_extents(layout, &inkRect, &logicalRect)
            cairo_move_to(cr, x + (38 - Double(logicalRect.width)) / 2, y + (38 - Double(logicalRect.height)) / 2)
            cairo_set_source_rgb(cr, 1, 1, 1)
            pango_cairo_show_layout(cr, layout)
        }
        pango_font_description_free(font)
        g_object_unref(UnsafeMutableRawPointer(layout))
        cairo_restore(cr)
    }

    /// Writes the picture as a PNG file; false when it could not be written.
    @discardableResult
    public static func writePNG(to path: String) -> Bool {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height))!
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        draw(into: cr)
        cairo_destroy(cr)
        return cairo_surface_write_to_png(surface, path) == CAIRO_STATUS_SUCCESS
    }

    private static func roundedRectangle(_ cr: OpaquePointer, x: Double, y: Double, width: Double, height: Double,
                                         radius: Double) {
        cairo_new_sub_path(cr)
        cairo_arc(cr, x + width - radius, y + radius, radius, -.pi / 2, 0)
        cairo_arc(cr, x + width - radius, y + height - radius, radius, 0, .pi / 2)
        cairo_arc(cr, x + radius, y + height - radius, radius, .pi / 2, .pi)
        cairo_arc(cr, x + radius, y + radius, radius, .pi, 3 * .pi / 2)
        cairo_close_path(cr)
    }
}
