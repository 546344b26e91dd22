import CCairo
import TouchDeskInterface

public enum LineCap: Sendable { case butt, round, square }
public enum LineJoin: Sendable { case miter, round, bevel }
/// How a picture is sampled when it is scaled.
public enum Filter: Sendable { case fast, good, best, nearest, bilinear }

/// A Cairo drawing context (`cairo_t`) with the operations TouchDesk's views use, in points.
///
/// A context is borrowed, never owned: it comes from `ImageSurface.draw`, `Snapshot`, or the
/// window's `DrawingTarget`, which create and destroy the `cairo_t` around the closure. So no
/// view ever creates or destroys one, and the device scale (pixels per point) is set once, by the
/// surface, before any view draws.
public struct CairoContext {
    /// The `cairo_t`, for engines that draw through C (the web page container). Views never use it.
    public let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) { self.pointer = pointer }

    /// Draws into the window's back buffer: `target.surface` is the `cairo_surface_t` the host
    /// made; its device scale is set here, the one place a window's scale is applied.
    public static func withTarget(_ target: DrawingTarget, _ body: (CairoContext) -> Void) {
        let surface = target.surface
        cairo_surface_set_device_scale(surface, target.scale, target.scale)
        guard let cr = cairo_create(surface) else { return }
        body(CairoContext(cr))
        cairo_destroy(cr)
        cairo_surface_flush(surface)
    }

    /// Cairo's error, if drawing went wrong (a context in error draws nothing more); nil when fine.
    public var errorMessage: String? {
        let status = cairo_status(pointer)
        return status == CAIRO_STATUS_SUCCESS ? nil : String(cString: cairo_status_to_string(status))
    }

    // MARK: - State

    public func save() { cairo_save(pointer) }
    public func restore() { cairo_restore(pointer) }
    /// Runs `body` between save and restore.
    public func saved(_ body: () -> Void) { cairo_save(pointer); body(); cairo_restore(pointer) }
    public func translate(_ x: Double, _ y: Double) { cairo_translate(pointer, x, y) }
    public func scale(_ x: Double, _ y: Double) { cairo_scale(pointer, x, y) }
    public func rotate(_ angle: Double) { cairo_rotate(pointer, angle) }
    public func clip() { cairo_clip(pointer) }
    /// Clips to `r` (in addition to any clip already set).
    public func clip(to r: Rect) { rectangle(r); cairo_clip(pointer) }

    /// Pixels per point of what this context draws into (2 on a 192 dpi window), clamped to 1…4.
    public var deviceScale: Double {
        // The transformation matrix, times the surface's own device scale (which Cairo keeps apart).
        var dx = 1.0, dy = 0.0
        cairo_user_to_device_distance(pointer, &dx, &dy)
        var sx = 1.0, sy = 1.0
        cairo_surface_get_device_scale(cairo_get_target(pointer), &sx, &sy)
        return min(max((dx * dx + dy * dy).squareRoot() * sx, 1), 4)
    }

    // MARK: - Paths

    public func newPath() { cairo_new_path(pointer) }
    public func closePath() { cairo_close_path(pointer) }
    public func moveTo(_ x: Double, _ y: Double) { cairo_move_to(pointer, x, y) }
    public func lineTo(_ x: Double, _ y: Double) { cairo_line_to(pointer, x, y) }
    public func moveTo(_ p: Point) { cairo_move_to(pointer, p.x, p.y) }
    public func lineTo(_ p: Point) { cairo_line_to(pointer, p.x, p.y) }
    public func curveTo(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x3: Double, _ y3: Double) {
        cairo_curve_to(pointer, x1, y1, x2, y2, x3, y3)
    }
    public func arc(_ x: Double, _ y: Double, _ radius: Double, _ from: Double, _ to: Double) {
        cairo_arc(pointer, x, y, radius, from, to)
    }
    public func rectangle(_ x: Double, _ y: Double, _ w: Double, _ h: Double) { cairo_rectangle(pointer, x, y, w, h) }
    public func rectangle(_ r: Rect) { cairo_rectangle(pointer, r.x, r.y, r.width, r.height) }

    /// Adds a rounded rectangle path.
    public func roundedRect(_ r: Rect, radius: Double) {
        let rad = max(0, min(radius, r.width / 2, r.height / 2))
        cairo_new_sub_path(pointer)
        cairo_arc(pointer, r.maxX - rad, r.minY + rad, rad, -.pi / 2, 0)
        cairo_arc(pointer, r.maxX - rad, r.maxY - rad, rad, 0, .pi / 2)
        cairo_arc(pointer, r.minX + rad, r.maxY - rad, rad, .pi / 2, .pi)
        cairo_arc(pointer, r.minX + rad, r.minY + rad, rad, .pi, 1.5 * .pi)
        cairo_close_path(pointer)
    }

    /// Adds a circle path.
    public func circle(_ c: Point, _ radius: Double) {
        cairo_new_sub_path(pointer)
        cairo_arc(pointer, c.x, c.y, radius, 0, 2 * .pi)
    }

    // MARK: - Painting

    public func fill() { cairo_fill(pointer) }
    public func fillPreserve() { cairo_fill_preserve(pointer) }
    public func stroke() { cairo_stroke(pointer) }
    public func paint() { cairo_paint(pointer) }
    public func paint(alpha: Double) { cairo_paint_with_alpha(pointer, alpha) }

    /// Fills `r` with `color`.
    public func fill(_ r: Rect, _ color: Color) {
        setSource(color)
        rectangle(r)
        cairo_fill(pointer)
    }

    // MARK: - Sources and strokes

    public func setSource(_ c: Color) { cairo_set_source_rgba(pointer, c.r, c.g, c.b, c.a) }
    public func setSourceRGB(_ r: Double, _ g: Double, _ b: Double) { cairo_set_source_rgb(pointer, r, g, b) }
    /// Makes `surface` the source, its top-left corner at (x, y) in points, sampled with `filter`.
    public func setSource(_ surface: ImageSurface, at x: Double = 0, _ y: Double = 0, filter: Filter = .good) {
        cairo_set_source_surface(pointer, surface.pointer, x, y)
        cairo_pattern_set_filter(cairo_get_source(pointer), filter.cairo)
    }
    /// A vertical or diagonal linear gradient from `p0` to `p1` through the colour stops.
    public func setLinearGradient(from p0: Point, to p1: Point, stops: [(Double, Color)]) {
        guard let pattern = cairo_pattern_create_linear(p0.x, p0.y, p1.x, p1.y) else { return }
        for (offset, c) in stops { cairo_pattern_add_color_stop_rgba(pattern, offset, c.r, c.g, c.b, c.a) }
        cairo_set_source(pointer, pattern)
        cairo_pattern_destroy(pattern)
    }
    /// Paints `surface` scaled into `rect` (its whole picture), clipped to `rect`.
    public func draw(_ surface: ImageSurface, in rect: Rect, filter: Filter = .good, alpha: Double = 1) {
        guard surface.size.width > 0, surface.size.height > 0, rect.width > 0, rect.height > 0 else { return }
        saved {
            rectangle(rect)
            clip()
            translate(rect.x, rect.y)
            scale(rect.width / surface.size.width, rect.height / surface.size.height)
            setSource(surface, filter: filter)
            if alpha < 1 { paint(alpha: alpha) } else { paint() }
        }
    }

    public func setLineWidth(_ w: Double) { cairo_set_line_width(pointer, w) }
    public func setLineCap(_ cap: LineCap) {
        switch cap {
        case .butt: cairo_set_line_cap(pointer, CAIRO_LINE_CAP_BUTT)
        case .round: cairo_set_line_cap(pointer, CAIRO_LINE_CAP_ROUND)
        case .square: cairo_set_line_cap(pointer, CAIRO_LINE_CAP_SQUARE)
        }
    }
    public func setLineJoin(_ join: LineJoin) {
        switch join {
        case .miter: cairo_set_line_join(pointer, CAIRO_LINE_JOIN_MITER)
        case .round: cairo_set_line_join(pointer, CAIRO_LINE_JOIN_ROUND)
        case .bevel: cairo_set_line_join(pointer, CAIRO_LINE_JOIN_BEVEL)
        }
    }
    /// Dashes for strokes; an empty array draws solid lines.
    /// How overlapping sub-paths fill: `.evenOdd` leaves holes where rings nest (a lake in a
    /// country, an enclave cut out of its neighbour); `.winding` is Cairo's default.
    public func setFillRule(_ rule: FillRule) {
        cairo_set_fill_rule(pointer, rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
    }
    public enum FillRule: Sendable { case winding, evenOdd }

    public func setDash(_ dashes: [Double], offset: Double = 0) {
        dashes.withUnsafeBufferPointer { cairo_set_dash(pointer, $0.baseAddress, Int32($0.count), offset) }
    }
    /// Drawing with `clear` erases to transparent; `over` is the default.
    public func setOperator(_ op: Operator) {
        switch op {
        case .over: cairo_set_operator(pointer, CAIRO_OPERATOR_OVER)
        case .source: cairo_set_operator(pointer, CAIRO_OPERATOR_SOURCE)
        case .clear: cairo_set_operator(pointer, CAIRO_OPERATOR_CLEAR)
        }
    }
    public enum Operator: Sendable { case over, source, clear }
}

extension Filter {
    var cairo: cairo_filter_t {
        switch self {
        case .fast: CAIRO_FILTER_FAST
        case .good: CAIRO_FILTER_GOOD
        case .best: CAIRO_FILTER_BEST
        case .nearest: CAIRO_FILTER_NEAREST
        case .bilinear: CAIRO_FILTER_BILINEAR
        }
    }
}
