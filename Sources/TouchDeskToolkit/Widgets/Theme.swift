import TouchDeskDrawing
import TouchDeskInterface

/// The one palette and the one type scale every screen draws with.
///
/// Two palettes, dark and light; the shell picks one from the desktop (`ThemeChoice`) and may
/// switch while running, so colours are read when drawing, never kept. Every text colour passes
/// WCAG's 4.5:1 against the surfaces it is drawn on in both (ThemeContrastTests).
public enum Theme {
    /// The colours of one look.
    public nonisolated struct Palette: Equatable, Sendable {
        public var isDark: Bool
        public var background, well, bar, control, controlHover, controlPressed, controlOn: Color
        public var text, dimText, accent, error, success: Color
        /// Text on the accent fills: a pressed or switched-on control, a toast.
        public var onAccent: Color
        /// A toast's fill: the error and success colours deep enough for `onAccent` text.
        public var errorFill, successFill: Color
        /// A picture's backdrop where the app shows art made for a dark ground (a canvas, a
        /// fractal, the night sky): the same in both looks.
        public var stage: Color

        public static let dark = Palette(
            isDark: true,
            background: Color(hex: 0x1b1d23), well: Color(hex: 0x12141a), bar: Color(hex: 0x262932),
            control: Color(hex: 0x363a46), controlHover: Color(hex: 0x454a59), controlPressed: Color(hex: 0x5a61d6),
            controlOn: Color(hex: 0x4a51b8),
            text: Color(hex: 0xf2f3f7), dimText: Color(hex: 0xa3a8b8), accent: Color(hex: 0x7b83ff),
            error: Color(hex: 0xe5566a), success: Color(hex: 0x3aa66b),
            onAccent: Color(hex: 0xffffff), errorFill: Color(hex: 0xb3283b), successFill: Color(hex: 0x1f7a4a),
            stage: Color(hex: 0x000000))

        public static let light = Palette(
            isDark: false,
            background: Color(hex: 0xf4f5f8), well: Color(hex: 0xffffff), bar: Color(hex: 0xe4e7ee),
            control: Color(hex: 0xd6dae4), controlHover: Color(hex: 0xc7ccd9), controlPressed: Color(hex: 0x4a51c8),
            controlOn: Color(hex: 0x3d44b0),
            text: Color(hex: 0x1b1d23), dimText: Color(hex: 0x4d5364), accent: Color(hex: 0x3b43c4),
            error: Color(hex: 0xb3283b), success: Color(hex: 0x1c6e43),
            onAccent: Color(hex: 0xffffff), errorFill: Color(hex: 0xb3283b), successFill: Color(hex: 0x1f7a4a),
            stage: Color(hex: 0x000000))
    }

    /// The palette in use. Set only through `use`.
    public private(set) static var palette = Palette.dark

    /// Switches the look: the next frame draws with it.
    public static func use(_ p: Palette) {
        palette = p
        DefaultTextColor.set(p.text)
    }

    public static var isDark: Bool { palette.isDark }
    /// Text on a dark veil over a picture (the globe's hints, a place card, a game's message):
    /// light in both looks, as the veil is dark in both.
    public static let overlayText = Color(hex: 0xf2f3f7)
    public static let overlayDimText = Color(hex: 0xc9ccd6)
    public static var background: Color { palette.background }
    /// Where text is typed or a list is read: a little darker than the background.
    public static var well: Color { palette.well }
    public static var bar: Color { palette.bar }
    public static var control: Color { palette.control }
    public static var controlHover: Color { palette.controlHover }
    public static var controlPressed: Color { palette.controlPressed }
    public static var controlOn: Color { palette.controlOn }
    public static var text: Color { palette.text }
    public static var dimText: Color { palette.dimText }
    public static var accent: Color { palette.accent }
    public static var error: Color { palette.error }
    public static var success: Color { palette.success }
    public static var onAccent: Color { palette.onAccent }
    public static var errorFill: Color { palette.errorFill }
    public static var successFill: Color { palette.successFill }

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
