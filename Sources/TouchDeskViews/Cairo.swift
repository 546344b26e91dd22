import CX11Cairo
import Foundation
import TouchDeskModels

/// Thin helpers over the Cairo calls our views use; `cr` is always a `cairo_t *`.
public typealias CairoContext = OpaquePointer

/// An RGBA colour with components in 0…1.
public struct Color: Equatable, Sendable {
    public var r, g, b, a: Double
    public init(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) { self.r = r; self.g = g; self.b = b; self.a = a }
    /// From 0xRRGGBB.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(Double((hex >> 16) & 0xff) / 255, Double((hex >> 8) & 0xff) / 255, Double(hex & 0xff) / 255, alpha)
    }
    public init(_ rgb: (Double, Double, Double)) { self.init(rgb.0, rgb.1, rgb.2) }
    public func with(alpha: Double) -> Color { Color(r, g, b, alpha) }
}

/// The one palette every screen draws with.
public enum Theme {
    public static let background = Color(hex: 0x1b1d23)
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
    public static let fontFamily = "DejaVu Sans"
}

public enum FontWeight { case regular, bold }
public enum TextAlign { case left, center, right }

extension Color {
    public func set(_ cr: CairoContext) { cairo_set_source_rgba(cr, r, g, b, a) }
}

public enum Draw {
    public static func rect(_ cr: CairoContext, _ r: Rect) {
        cairo_rectangle(cr, r.x, r.y, r.width, r.height)
    }

    public static func fill(_ cr: CairoContext, _ r: Rect, _ color: Color) {
        color.set(cr)
        rect(cr, r)
        cairo_fill(cr)
    }

    /// Adds a rounded rectangle path.
    public static func roundedRect(_ cr: CairoContext, _ r: Rect, radius: Double) {
        let rad = min(radius, r.width / 2, r.height / 2)
        cairo_new_sub_path(cr)
        cairo_arc(cr, r.maxX - rad, r.minY + rad, rad, -.pi / 2, 0)
        cairo_arc(cr, r.maxX - rad, r.maxY - rad, rad, 0, .pi / 2)
        cairo_arc(cr, r.minX + rad, r.maxY - rad, rad, .pi / 2, .pi)
        cairo_arc(cr, r.minX + rad, r.minY + rad, rad, .pi, 1.5 * .pi)
        cairo_close_path(cr)
    }

    public static func circle(_ cr: CairoContext, _ c: Point, _ radius: Double) {
        cairo_new_sub_path(cr)
        cairo_arc(cr, c.x, c.y, radius, 0, 2 * .pi)
    }

    private static func selectFont(_ cr: CairoContext, size: Double, weight: FontWeight) {
        cairo_select_font_face(cr, Theme.fontFamily, CAIRO_FONT_SLANT_NORMAL,
                               weight == .bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, size)
    }

    /// Draws one line of text, vertically centred on `y`, aligned about `x`.
    public static func text(_ cr: CairoContext, _ s: String, x: Double, y: Double, size: Double,
                            color: Color = Theme.text, weight: FontWeight = .regular, align: TextAlign = .left) {
        selectFont(cr, size: size, weight: weight)
        var ext = cairo_text_extents_t()
        cairo_text_extents(cr, s, &ext)
        var fe = cairo_font_extents_t()
        cairo_font_extents(cr, &fe)
        let width = ext.x_advance
        let left: Double
        switch align {
        case .left: left = x
        case .center: left = x - width / 2
        case .right: left = x - width
        }
        color.set(cr)
        cairo_move_to(cr, left, y + (fe.ascent - fe.descent) / 2)
        cairo_show_text(cr, s)
        cairo_new_path(cr)
    }

    /// Pixels per point of what `cr` draws into (2 on a 192 dpi window), clamped to 1…4.
    public static func deviceScale(_ cr: CairoContext) -> Double {
        var dx = 1.0, dy = 0.0
        cairo_user_to_device_distance(cr, &dx, &dy)
        return min(max((dx * dx + dy * dy).squareRoot(), 1), 4)
    }

    /// The advance width of `s` at `size`.
    public static func textWidth(_ s: String, size: Double, weight: FontWeight = .regular) -> Double {
        TextMeasure.width(s, size: size, weight: weight)
    }

    /// The largest size ≤ `size` at which `s` fits in `width`.
    public static func fittingSize(_ s: String, width: Double, size: Double, weight: FontWeight = .regular) -> Double {
        let w = textWidth(s, size: size, weight: weight)
        return w <= width || w == 0 ? size : max(6, size * width / w)
    }

    static func selectFontForMeasure(_ cr: CairoContext, size: Double, weight: FontWeight) {
        selectFont(cr, size: size, weight: weight)
    }
}

/// Measures text without a drawing target, for layout (which runs before any draw).
enum TextMeasure {
    private final class Context: @unchecked Sendable {
        let surface: OpaquePointer
        let cr: OpaquePointer
        /// Layout may run on any thread (tests lay apps out in parallel, renders can run off the
        /// main thread), and one cairo_t must never be used by two threads at once.
        let lock = NSLock()
        init() {
            surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)
            cr = cairo_create(surface)
        }
    }
    // A measuring device, not app state; every use holds its lock.
    private static let context = Context()

    static func width(_ s: String, size: Double, weight: FontWeight) -> Double {
        context.lock.lock()
        defer { context.lock.unlock() }
        let cr = context.cr
        Draw.selectFontForMeasure(cr, size: size, weight: weight)
        var ext = cairo_text_extents_t()
        cairo_text_extents(cr, s, &ext)
        return ext.x_advance
    }
}
