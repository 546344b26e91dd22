import TouchDeskDrawing
import TouchDeskInterface

/// TouchDesk's own icon: a rounded tile with four small app tiles.
public enum AppIcon {
    public static func draw(_ cr: CairoContext, in r: Rect) {
        Theme.controlOn.set(cr)
        cr.roundedRect(r, radius: r.width * 0.2)
        cr.fill()
        let colors = [Color(hex: 0xffd23f), Color(hex: 0x3d7bf2), Color(hex: 0xf2f3f7), Color(hex: 0xd9485b)]
        let pad = r.width * 0.17, gap = r.width * 0.08
        let side = (r.width - 2 * pad - gap) / 2
        for (i, c) in colors.enumerated() {
            c.set(cr)
            let cell = Rect(x: r.x + pad + Double(i % 2) * (side + gap), y: r.y + pad + Double(i / 2) * (side + gap), width: side, height: side)
            cr.roundedRect(cell, radius: side * 0.25)
            cr.fill()
        }
    }

    /// The icon at `side` pixels, as ARGB words for _NET_WM_ICON.
    public static func argb(side: Int) -> [UInt32] {
        let d = Double(side)
        return ImageSurface.render(size: Size(d, d)) { draw($0, in: Rect(x: 0, y: 0, width: d, height: d)) }.argbPixels()
    }
}
