import Testing
import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskTestSupport

/// Text through Pango: every script the coming apps show (place names, web pages) is drawn with a
/// real font, shaped and in its own direction.
@Suite("Text (Pango)")
struct TextTests {
    static let zurich = "Zürich Ζυρίχη Цюрих ציריך زيورخ 苏黎世"

    @Test func sixScriptsHaveAFontForEveryGlyph() {
        let layout = Text.layout(Self.zurich, font: Font(size: 18))
        #expect(layout.unknownGlyphCount == 0)
        #expect(layout.width > 100)
        // And it draws: ink on the label's row.
        let img = PixelImage(surface: ImageSurface.render(size: Size(layout.width + 8, 40)) { cr in
            cr.fill(Rect(x: 0, y: 0, width: layout.width + 8, height: 40), Color(0, 0, 0))
            cr.draw(layout, x: 4, y: 20 - layout.height / 2, color: Color(1, 1, 1))
        })
        let ink = img.pixels.filter { $0.r > 128 }.count
        #expect(ink > 300)
    }

    @Test func theHebrewWordRunsRightToLeft() {
        let layout = Text.layout(Self.zurich, font: Font(size: 18))
        let chars = Array(Self.zurich)
        let start = chars.firstIndex(of: "צ")!
        // Every Hebrew letter is laid out right to left, and inside the word each caret stands
        // left of the one before it.
        for i in start..<(start + 5) { #expect(layout.isRightToLeft(characterIndex: i), "letter \(i - start)") }
        for i in (start + 1)..<(start + 4) {
            #expect(layout.caretX(beforeCharacter: i + 1) < layout.caretX(beforeCharacter: i), "letter \(i - start)")
        }
        // The Latin word runs left to right.
        #expect(layout.caretX(beforeCharacter: 1) > layout.caretX(beforeCharacter: 0))
        #expect(!layout.isRightToLeft(characterIndex: 0))
    }

    @Test func theArabicWordIsShaped() {
        let word = "زيورخ"
        let joined = Text.width(word, size: 24)
        let alone = word.reduce(0.0) { $0 + Text.width(String($1), size: 24) }
        // Joined letters take their connecting forms, narrower than each letter on its own.
        #expect(joined < alone * 0.95, "joined \(joined), letters alone \(alone)")
        #expect(Text.layout(word, font: Font(size: 24)).unknownGlyphCount == 0)
    }

    @Test func clickPositionsRoundTripThroughPango() {
        let layout = Text.layout("Zürich 苏黎世", font: Font(size: 18))
        for i in 0...layout.text.count {
            let x = layout.caretX(beforeCharacter: i)
            #expect(layout.characterIndex(atX: x + 0.5) == i || layout.characterIndex(atX: x - 0.5) == i, "boundary \(i)")
        }
        #expect(layout.characterIndex(atX: -50) == 0)
        #expect(layout.characterIndex(atX: layout.width + 50) == layout.text.count)
    }

    @Test func longTextWrapsByWordAndEllipsizes() {
        let text = "The quick brown fox jumps over the lazy dog and keeps running far away"
        let lines = Text.lines(text, width: 120, size: 14)
        #expect(lines.count >= 4)
        #expect(lines.joined(separator: " ") == text)
        for line in lines { #expect(Text.width(line, size: 14) <= 121, "\(line)") }
        let cut = Text.layout(text, font: Font(size: 14), width: 120, ellipsis: .end)
        #expect(cut.isEllipsized)
        #expect(cut.width <= 121)
    }

    @Test func layoutsAreCachedNotRebuilt() {
        let a = Text.layout("cached label", font: Font(size: 13, weight: .bold))
        let b = Text.layout("cached label", font: Font(size: 13, weight: .bold))
        #expect(a === b)
        #expect(Text.layout("cached label", font: Font(size: 13)) !== a)
    }
}
