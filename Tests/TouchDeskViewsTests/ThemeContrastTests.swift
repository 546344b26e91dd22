import Testing
import TouchDeskDrawing
@testable import TouchDeskToolkit

/// Every text colour of each look against each surface it is drawn on: at least WCAG's 4.5:1.
@Suite struct ThemeContrastTests {
    typealias Palette = Theme.Palette

    /// (what, text, surface) as the widgets and apps draw them.
    static func pairs(_ p: Palette) -> [(String, Color, Color)] {
        var out: [(String, Color, Color)] = []
        for (s, surface) in [("background", p.background), ("well", p.well), ("bar", p.bar)] {
            out.append(("text on \(s)", p.text, surface))
            out.append(("dimText on \(s)", p.dimText, surface))
            out.append(("accent on \(s)", p.accent, surface))
        }
        out += [("text on control", p.text, p.control), ("text on controlHover", p.text, p.controlHover),
                ("dimText on control", p.dimText, p.control),
                ("error on background", p.error, p.background), ("error on well", p.error, p.well),
                ("success on background", p.success, p.background),
                ("onAccent on controlOn", p.onAccent, p.controlOn), ("onAccent on controlPressed", p.onAccent, p.controlPressed),
                ("onAccent on errorFill", p.onAccent, p.errorFill), ("onAccent on successFill", p.onAccent, p.successFill)]
        return out
    }

    @Test("4.5:1 or more for every text in both looks", arguments: [Palette.dark, Palette.light])
    func contrast(_ p: Palette) {
        for (what, text, surface) in Self.pairs(p) {
            let ratio = text.contrast(with: surface)
            #expect(ratio >= 4.5, "\(p.isDark ? "dark" : "light"): \(what) is \(ratio):1")
        }
    }

    @Test("The contrast formula gives WCAG's reference values")
    func formula() {
        #expect(abs(Color(0, 0, 0).contrast(with: Color(1, 1, 1)) - 21) < 0.001)
        #expect(Color(hex: 0x777777).contrast(with: Color(1, 1, 1)) > 4.47 && Color(hex: 0x777777).contrast(with: Color(1, 1, 1)) < 4.49)
    }

    @Test("The light look is light and the dark one dark")
    func lightAndDark() {
        #expect(Palette.light.background.luminance > 0.8 && Palette.dark.background.luminance < 0.05)
        #expect(!Palette.light.isDark && Palette.dark.isDark)
    }
}
