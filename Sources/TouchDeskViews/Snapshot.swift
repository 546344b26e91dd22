import CX11Cairo
import TouchDeskModels

/// Drawing without a window: into image surfaces, for `--screenshot`, tests and icons.
public enum Snapshot {
    /// Draws `draw` into a new ARGB image surface of `size` points at `scale` pixels per point.
    /// The caller destroys the surface.
    public static func render(size: Size, scale: Double = 1, _ draw: (CairoContext) -> Void) -> OpaquePointer {
        let w = Int32(max(1, (size.width * scale).rounded())), h = Int32(max(1, (size.height * scale).rounded()))
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h)!
        let cr = cairo_create(surface)!
        if scale != 1 { cairo_scale(cr, scale, scale) }
        draw(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        return surface
    }

    /// The pixels of an ARGB32 image surface as 0xAARRGGBB, row by row.
    public static func argbPixels(_ surface: OpaquePointer) -> [UInt32] {
        cairo_surface_flush(surface)
        let w = Int(cairo_image_surface_get_width(surface)), h = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else { return [] }
        var out = [UInt32](repeating: 0, count: w * h)
        for y in 0..<h {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<w { out[y * w + x] = row[x] }
        }
        return out
    }
}

/// TouchDesk's own icon: a rounded tile with four small app tiles.
public enum AppIcon {
    public static func draw(_ cr: CairoContext, in r: Rect) {
        Theme.controlOn.set(cr)
        Draw.roundedRect(cr, r, radius: r.width * 0.2)
        cairo_fill(cr)
        let colors = [Color(hex: 0xffd23f), Color(hex: 0x3d7bf2), Color(hex: 0xf2f3f7), Color(hex: 0xd9485b)]
        let pad = r.width * 0.17, gap = r.width * 0.08
        let side = (r.width - 2 * pad - gap) / 2
        for (i, c) in colors.enumerated() {
            c.set(cr)
            let cell = Rect(x: r.x + pad + Double(i % 2) * (side + gap), y: r.y + pad + Double(i / 2) * (side + gap), width: side, height: side)
            Draw.roundedRect(cr, cell, radius: side * 0.25)
            cairo_fill(cr)
        }
    }

    /// The icon at `side` pixels, as ARGB words for _NET_WM_ICON.
    public static func argb(side: Int) -> [UInt32] {
        let s = Snapshot.render(size: Size(Double(side), Double(side))) { draw($0, in: Rect(x: 0, y: 0, width: Double(side), height: Double(side))) }
        defer { cairo_surface_destroy(s) }
        return Snapshot.argbPixels(s)
    }
}
