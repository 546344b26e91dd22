import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskToolkit

/// Web Pages' home-screen icon: two pages of one site, the whole one and the same shrunk beside it.
enum WebIcon {
    static func draw(_ cr: CairoContext, in r: Rect) {
        // Two pages of one site: the whole one, and the same shrunk beside it.
        func page(_ frame: Rect) {
            Color(1, 1, 1).set(cr)
            cr.roundedRect(frame, radius: frame.width * 0.06)
            cr.fill()
            Color(hex: 0x2f4858).set(cr)
            cr.rectangle(Rect(x: frame.x, y: frame.y + frame.height * 0.02, width: frame.width, height: frame.height * 0.2))
            cr.fill()
            Color(hex: 0xf5a623).set(cr)
            cr.rectangle(Rect(x: frame.x + frame.width * 0.1, y: frame.y + frame.height * 0.32,
                              width: frame.width * 0.35, height: frame.height * 0.28))
            cr.fill()
            Color(hex: 0x9aa3b5).set(cr)
            for i in 0..<3 {
                cr.rectangle(Rect(x: frame.x + frame.width * 0.52, y: frame.y + frame.height * (0.34 + 0.1 * Double(i)),
                                  width: frame.width * 0.38, height: frame.height * 0.04))
            }
            for i in 0..<2 {
                cr.rectangle(Rect(x: frame.x + frame.width * 0.1, y: frame.y + frame.height * (0.7 + 0.1 * Double(i)),
                                  width: frame.width * 0.8, height: frame.height * 0.04))
            }
            cr.fill()
        }
        page(Rect(x: r.x + r.width * 0.06, y: r.y + r.height * 0.14, width: r.width * 0.5, height: r.height * 0.72))
        page(Rect(x: r.x + r.width * 0.62, y: r.y + r.height * 0.3, width: r.width * 0.32, height: r.height * 0.46))
        Theme.accent.set(cr)
        cr.setLineWidth(max(1, r.width * 0.025))
        cr.moveTo(r.x + r.width * 0.57, r.y + r.height * 0.5)
        cr.lineTo(r.x + r.width * 0.61, r.y + r.height * 0.5)
        cr.stroke()
    }
}
