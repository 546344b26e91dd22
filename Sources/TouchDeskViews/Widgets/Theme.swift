import TouchDeskDrawing
import TouchDeskInterface

/// The one palette and the one type scale every screen draws with.
public enum Theme {
    public static let background = Color(hex: 0x1b1d23)
    /// Where text is typed or a list is read: a little darker than the background.
    public static let well = Color(hex: 0x12141a)
    public static let bar = Color(hex: 0x262932)
    public static let control = Color(hex: 0x363a46)
    public static let controlHover = Color(hex: 0x454a59)
    public static let controlPressed = Color(hex: 0x5a61d6)
    public static let controlOn = Color(hex: 0x4a51b8)
    public static let text = Color(hex: 0xf2f3f7)
    public static let dimText = Color(hex: 0xa3a8b8)
    public static let accent = Color(hex: 0x7b83ff)
    public static let error = Color(hex: 0xd9485b)
    public static let success = Color(hex: 0x3aa66b)

    /// Text sizes by role, in points: the same role has the same size in every tile and app.
    /// A role may shrink below its size only to fit (`Text.fittingSize`), never grow.
    nonisolated public enum TextSize {
        /// The window's title in the top bar.
        public static let title = 18.0
        /// An app's headline: a verdict, a weather message, a shape's name.
        public static let headline = 20.0
        /// Readings and status lines: "Score 3", "ax 0.25".
        public static let status = 15.0
        /// Ordinary text: explanations, prompts, lists.
        public static let body = 15.0
        /// Button and tile labels.
        public static let label = 14.0
        /// Small notes under pictures and on plots.
        public static let caption = 12.0
        /// The key a button or tile answers to.
        public static let hint = 11.0
    }
}

extension Theme {
    /// An in-window dialog's frame: `area` dimmed, then the box with an accent outline. The quit
    /// question and the file dialogs share it, so every dialog looks the same.
    static func drawDialogFrame(_ cr: CairoContext, box: Rect, dimming area: Rect) {
        cr.fill(area, Color(0, 0, 0, 0.55))
        bar.set(cr)
        cr.roundedRect(box, radius: 12)
        cr.fill()
        accent.set(cr)
        cr.setLineWidth(2)
        cr.roundedRect(box.insetBy(1), radius: 11)
        cr.stroke()
    }

    /// A panel that opens over other controls (a picker, a More panel): a soft shadow below and
    /// right, then the bar colour.
    static func drawPopupPanel(_ cr: CairoContext, _ panel: Rect, radius: Double) {
        Color(0, 0, 0, 0.35).set(cr)
        cr.roundedRect(Rect(x: panel.x + 2, y: panel.y + 4, width: panel.width, height: panel.height), radius: radius)
        cr.fill()
        bar.set(cr)
        cr.roundedRect(panel, radius: radius)
        cr.fill()
    }
}
