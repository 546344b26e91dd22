import TouchDeskDrawing
import TouchDeskInterface

extension Shell {
    /// While a file, link or text from another program is dragged over the window: the app's
    /// area tinted and outlined in the accent colour, so the user sees the window will take it.
    func drawDropHighlight(_ cr: CairoContext) {
        let area = appArea.insetBy(3)
        guard area.width > 0, area.height > 0 else { return }
        cr.fill(area, Color(Theme.accent.r, Theme.accent.g, Theme.accent.b, 0.12))
        Theme.accent.set(cr)
        cr.setLineWidth(4)
        cr.roundedRect(area, radius: 10)
        cr.stroke()
    }
}
