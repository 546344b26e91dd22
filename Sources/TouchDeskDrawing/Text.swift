import CCairo
import Synchronization
import TouchDeskInterface

public enum FontWeight: Sendable { case regular, bold }
public enum TextAlign: Sendable { case left, center, right }
/// Where a line too long for its width is cut, with an ellipsis.
public enum Ellipsis: Sendable { case none, start, middle, end }

/// A font: the family (with fontconfig's fallback for scripts it lacks), a size in points and a weight.
public struct Font: Hashable, Sendable {
    public static let family = "DejaVu Sans"
    public var size: Double
    public var weight: FontWeight
    public init(size: Double, weight: FontWeight = .regular) { self.size = size; self.weight = weight }
}

/// One piece of text laid out by Pango: shaped (Arabic joins, Indic clusters), in its own
/// direction (Hebrew runs right to left), with fallback fonts for any script fontconfig knows,
/// wrapped or ellipsized to a width. Made and cached by `Text.layout`; read-only after that.
///
/// Pango objects are not thread-safe, so every Pango call on a layout is made under `Text`'s
/// lock; that is what makes sharing one between threads safe.
public final class TextLayout: @unchecked Sendable {
    /// The `PangoLayout`.
    let layout: OpaquePointer
    public let text: String
    /// The font it was laid out in (fallback fonts aside).
    public let font: Font
    /// The laid-out extent in points (the logical rectangle: ascent to descent, advance widths).
    public let width: Double
    public let height: Double
    /// From the top of the layout to the first line's baseline.
    public let baseline: Double
    public let lineCount: Int

    init(layout: OpaquePointer, text: String, font: Font) {
        self.layout = layout
        self.text = text
        self.font = font
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        width = Double(logical.width) / Double(PANGO_SCALE)
        height = Double(logical.height) / Double(PANGO_SCALE)
        baseline = Double(pango_layout_get_baseline(layout)) / Double(PANGO_SCALE)
        lineCount = Int(pango_layout_get_line_count(layout))
    }

    deinit { Text.locked { g_object_unref(UnsafeMutableRawPointer(layout)) } }

    /// Glyphs Pango had no font for (drawn as boxes with the code point): 0 when every script is covered.
    public var unknownGlyphCount: Int { Text.locked { Int(pango_layout_get_unknown_glyphs_count(layout)) } }

    /// Whether the text was cut with an ellipsis to fit its width.
    public var isEllipsized: Bool { Text.locked { pango_layout_is_ellipsized(layout) != 0 } }

    /// Draws the layout with its top-left corner at (x, y).
    public func draw(_ cr: CairoContext, x: Double, y: Double, color: Color) {
        cr.setSource(color)
        cr.moveTo(x, y)
        Text.locked { pango_cairo_show_layout(cr.pointer, layout) }
        cr.newPath()
        TextLog.of(cr)?.entries.append((text, font))
    }

    // MARK: - Positions (for carets and selections)

    /// The UTF-8 byte offset of the `characterIndex`-th grapheme cluster of `text`.
    public func byteIndex(ofCharacter characterIndex: Int) -> Int {
        let i = text.index(text.startIndex, offsetBy: max(0, min(characterIndex, text.count)))
        return text.utf8.distance(from: text.startIndex, to: i)
    }

    /// The grapheme-cluster index whose start is at UTF-8 byte offset `byte` (or the one containing it).
    public func characterIndex(ofByte byte: Int) -> Int {
        var count = 0, offset = 0
        for ch in text {
            if offset >= byte { return count }
            offset += ch.utf8.count
            if offset > byte { return count }
            count += 1
        }
        return count
    }

    /// The caret's x (from the layout's left edge) before the `characterIndex`-th character, in
    /// its own direction: in right-to-left runs the caret stands at the character's right edge.
    public func caretX(beforeCharacter characterIndex: Int) -> Double {
        var strong = PangoRectangle(), weak = PangoRectangle()
        let byte = Int32(byteIndex(ofCharacter: characterIndex))
        Text.locked { pango_layout_get_cursor_pos(layout, byte, &strong, &weak) }
        return Double(strong.x) / Double(PANGO_SCALE)
    }

    /// The character boundary nearest to x (from the layout's left edge) on the first line.
    public func characterIndex(atX x: Double) -> Int {
        var index: Int32 = 0, trailing: Int32 = 0
        let px = Int32(max(-1e8, min(1e8, x * Double(PANGO_SCALE))).rounded())
        Text.locked { _ = pango_layout_xy_to_index(layout, px, 0, &index, &trailing) }
        return min(text.count, characterIndex(ofByte: Int(index)) + Int(trailing))
    }

    /// The horizontal pieces (left, right) of the first line that show characters `range`: more
    /// than one where the range crosses a change of direction.
    public func xRanges(ofCharacters range: Range<Int>) -> [(Double, Double)] {
        let a = Int32(byteIndex(ofCharacter: range.lowerBound)), b = Int32(byteIndex(ofCharacter: range.upperBound))
        var ranges: UnsafeMutablePointer<Int32>?
        var n: Int32 = 0
        Text.locked {
            guard let line = pango_layout_get_line_readonly(layout, 0) else { return }
            pango_layout_line_get_x_ranges(line, a, b, &ranges, &n)
        }
        guard let ranges else { return [] }
        defer { g_free(ranges) }
        return (0..<Int(n)).map { (Double(ranges[2 * $0]) / Double(PANGO_SCALE), Double(ranges[2 * $0 + 1]) / Double(PANGO_SCALE)) }
    }

    /// Whether the character at `characterIndex` is laid out right to left (Hebrew, Arabic).
    public func isRightToLeft(characterIndex: Int) -> Bool {
        var rect = PangoRectangle()
        let byte = Int32(byteIndex(ofCharacter: characterIndex))
        // Pango gives a character in a right-to-left run a negative width.
        Text.locked { pango_layout_index_to_pos(layout, byte, &rect) }
        return rect.width < 0
    }
}

/// Text through Pango, with laid-out strings cached so frames never lay out the same text twice.
///
/// The views draw on the main actor, but tests and tools measure text from other threads; Pango
/// objects are not thread-safe, so every Pango call goes through one lock.
public enum Text {
    struct Key: Hashable {
        let text: String
        let font: Font
        /// The width to wrap or ellipsize to, in 1/64 points; -1 for none.
        let width: Int
        let wrap: Bool
        let ellipsis: Ellipsis
        let align: TextAlign
    }

    struct State {
        /// One Pango context for all layouts, independent of any surface: metrics are unhinted,
        /// so a layout measures the same at 1× and 2× and can be drawn into any context.
        let context: OpaquePointer
        var descriptions: [Font: OpaquePointer] = [:]
        /// A two-generation cache: a layout used in this generation or the last is kept; when the
        /// current one fills, the older one is dropped. Frames reuse the same strings, so the
        /// working set stays in `current`, and a string that changes every frame cannot grow it.
        var current: [Key: TextLayout] = [:]
        var previous: [Key: TextLayout] = [:]

        init() {
            let fontMap = pango_cairo_font_map_new()
            context = pango_font_map_create_context(fontMap)!
            let options = cairo_font_options_create()
            cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
            cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
            pango_cairo_context_set_font_options(context, options)
            cairo_font_options_destroy(options)
        }

        mutating func description(_ font: Font) -> OpaquePointer {
            if let d = descriptions[font] { return d }
            let d = pango_font_description_new()!
            pango_font_description_set_family(d, Font.family)
            pango_font_description_set_weight(d, font.weight == .bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
            pango_font_description_set_absolute_size(d, max(1, font.size) * Double(PANGO_SCALE))
            descriptions[font] = d
            return d
        }
    }

    static let generationSize = 2048
    private static let state = Mutex(State())
    /// The lock for Pango calls on layouts; layouts dropped from the cache are released outside it.
    private static let pango = Mutex(())

    static func locked<R>(_ body: () -> R) -> R { pango.withLock { _ in body() } }

    /// `text` laid out in `font`; with a `width`, wrapped onto lines (`wrap`) or cut with an
    /// ellipsis (`ellipsis`), lines aligned within that width.
    public static func layout(_ text: String, font: Font, width: Double? = nil, wrap: Bool = false,
                              ellipsis: Ellipsis = .none, align: TextAlign = .left) -> TextLayout {
        let w = width.map { $0.isFinite ? Int(max(0, $0) * 64) : -1 } ?? -1
        let key = Key(text: text, font: font, width: w, wrap: wrap, ellipsis: ellipsis, align: align)
        var dropped: [Key: TextLayout] = [:]
        let result = state.withLock { s -> TextLayout in
            if let hit = s.current[key] { return hit }
            if let hit = s.previous[key] {
                s.current[key] = hit
                return hit
            }
            let made = locked { make(key, &s) }
            if s.current.count >= generationSize {
                dropped = s.previous
                s.previous = s.current
                s.current = [:]
            }
            s.current[key] = made
            return made
        }
        // Layouts that fell out of the cache are released here, outside the locks.
        withExtendedLifetime(dropped) {}
        return result
    }

    private static func make(_ key: Key, _ s: inout State) -> TextLayout {
        let layout = pango_layout_new(s.context)!
        pango_layout_set_font_description(layout, s.description(key.font))
        if key.width >= 0 {
            pango_layout_set_width(layout, Int32(min(Double(key.width) / 64 * Double(PANGO_SCALE), Double(Int32.max / 2))))
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            if !key.wrap {
                switch key.ellipsis {
                case .none: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_NONE)
                case .start: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_START)
                case .middle: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_MIDDLE)
                case .end: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
                }
                if key.ellipsis == .none { pango_layout_set_width(layout, -1) }
            }
            switch key.align {
            case .left: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
            case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
            case .right: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
            }
        }
        pango_layout_set_text(layout, key.text, -1)
        return TextLayout(layout: layout, text: key.text, font: key.font)
    }

    // MARK: - Measuring

    /// The advance width of `s` on one line.
    public static func width(_ s: String, size: Double, weight: FontWeight = .regular) -> Double {
        layout(s, font: Font(size: size, weight: weight)).width
    }

    /// The largest size ≤ `size` (and ≥ 6) at which `s` fits on one line in `width`.
    public static func fittingSize(_ s: String, width: Double, size: Double, weight: FontWeight = .regular) -> Double {
        let w = self.width(s, size: size, weight: weight)
        return w <= width || w == 0 ? size : max(6, size * width / w)
    }

    /// The lines `s` wraps onto in `width` (Pango's line breaking: by word, then by character).
    public static func lines(_ s: String, width: Double, size: Double, weight: FontWeight = .regular) -> [String] {
        let l = layout(s, font: Font(size: size, weight: weight), width: width, wrap: true)
        var spans: [(Int, Int)] = []
        locked {
            var iterLine = pango_layout_get_lines_readonly(l.layout)
            while let node = iterLine {
                if let line = node.pointee.data?.assumingMemoryBound(to: PangoLayoutLine.self) {
                    spans.append((Int(line.pointee.start_index), Int(line.pointee.length)))
                }
                iterLine = node.pointee.next
            }
        }
        let bytes = Array(s.utf8)
        return spans.map { start, length in
            let end = min(bytes.count, start + length)
            return String(decoding: bytes[min(start, end)..<end], as: UTF8.self).trimmingTrailingSpaces
        }
    }
}

private extension String {
    var trimmingTrailingSpaces: String {
        var s = Substring(self)
        while let last = s.last, last == " " || last == "\n" { s.removeLast() }
        return String(s)
    }
}

extension CairoContext {
    /// Draws one line of text vertically centred on `y`, aligned about `x`.
    /// Without a colour, the theme's text colour (`DefaultTextColor`).
    public func text(_ s: String, x: Double, y: Double, size: Double, color: Color? = nil,
                     weight: FontWeight = .regular, align: TextAlign = .left) {
        let l = Text.layout(s, font: Font(size: size, weight: weight))
        let left: Double
        switch align {
        case .left: left = x
        case .center: left = x - l.width / 2
        case .right: left = x - l.width
        }
        l.draw(self, x: left, y: y - l.height / 2, color: color ?? DefaultTextColor.current)
    }

    /// Draws a laid-out text with its top-left corner at (x, y).
    public func draw(_ layout: TextLayout, x: Double, y: Double, color: Color) {
        layout.draw(self, x: x, y: y, color: color)
    }
}

/// The texts drawn into one context and their fonts, while someone asks (`CairoContext.recordingText`):
/// how the view tests see which sizes of the type scale each app really draws with.
final class TextLog {
    var entries: [(text: String, font: Font)] = []

    /// The address Cairo files the log under on a context.
    nonisolated(unsafe) private static let key = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)

    static func of(_ cr: CairoContext) -> TextLog? {
        cairo_get_user_data(cr.pointer, key).map { Unmanaged<TextLog>.fromOpaque($0).takeUnretainedValue() }
    }

    static func attach(_ log: TextLog?, to cr: CairoContext) {
        cairo_set_user_data(cr.pointer, key, log.map { Unmanaged.passUnretained($0).toOpaque() }, nil)
    }
}

extension CairoContext {
    /// Runs `body` and returns every text it drew into this context, with its font.
    func recordingText(_ body: () -> Void) -> [(text: String, font: Font)] {
        let log = TextLog()
        TextLog.attach(log, to: self)
        withExtendedLifetime(log) { body() }
        TextLog.attach(nil, to: self)
        return log.entries
    }
}
