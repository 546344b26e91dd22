import TouchDeskInterface

/// One view onto a laid-out web page: where it sits, how much it shrinks the page, and how far
/// it is scrolled. Scroll positions are kept in page pixels, so a view that changes its scale or
/// size keeps showing the same part of the page, as far as the page allows.
public struct WebViewport: Equatable, Sendable {
    /// Scrollbar thickness in points.
    public static let barWidth = 12.0
    /// The shortest a scrollbar thumb gets, so it can still be grabbed.
    public static let minimumThumb = 24.0

    /// Where the page shows, in the app's coordinates (scrollbars lie outside it).
    public internal(set) var frame = Rect.zero
    /// Points per page pixel: 1 as the page is, less when scaled to fit.
    public internal(set) var scale = 1.0
    /// The laid-out page's size in page pixels.
    public internal(set) var contentSize = Size(0, 0)
    /// The page pixel at the view's top-left corner.
    public private(set) var scroll = Point.zero
    /// Whether the view scrolls sideways too (as the page is) or only up and down (scaled to fit).
    public let scrollsSideways: Bool

    public init(scrollsSideways: Bool) { self.scrollsSideways = scrollsSideways }

    /// How much of the page the view shows, in page pixels.
    public var visibleSize: Size { Size(frame.width / scale, frame.height / scale) }

    /// The furthest the view can scroll (0 on an axis the page fits in).
    public var maxScroll: Point {
        Point(scrollsSideways ? max(0, (contentSize.width - visibleSize.width).rounded(.up)) : 0,
              max(0, (contentSize.height - visibleSize.height).rounded(.up)))
    }

    /// Scrolls to a page position, clamped to the page.
    public mutating func scroll(to p: Point) {
        let limit = maxScroll
        scroll = Point(min(max(0, p.x.isFinite ? p.x : 0), limit.x), min(max(0, p.y.isFinite ? p.y : 0), limit.y))
    }

    /// Scrolls by a distance in the view's points (a drag, a wheel notch).
    public mutating func scroll(byPoints dx: Double, _ dy: Double) {
        scroll(to: Point(scroll.x + dx / scale, scroll.y + dy / scale))
    }

    /// The page pixel under a point of the view, or nil outside the page area.
    public func pagePoint(at p: Point) -> Point? {
        guard frame.contains(p) else { return nil }
        return Point((p.x - frame.x) / scale + scroll.x, (p.y - frame.y) / scale + scroll.y)
    }

    // MARK: - Scrollbars

    /// The vertical scrollbar's track, right of the page area.
    public var verticalTrack: Rect {
        Rect(x: frame.maxX, y: frame.y, width: Self.barWidth, height: frame.height)
    }

    /// The horizontal scrollbar's track, below the page area (views that scroll sideways only).
    public var horizontalTrack: Rect? {
        scrollsSideways ? Rect(x: frame.x, y: frame.maxY, width: frame.width, height: Self.barWidth) : nil
    }

    /// The vertical thumb, or nil when the whole height shows.
    public var verticalThumb: Rect? {
        let t = verticalTrack
        guard let (offset, length) = thumb(track: t.height, visible: visibleSize.height, content: contentSize.height,
                                           scroll: scroll.y, limit: maxScroll.y) else { return nil }
        return Rect(x: t.x + 2, y: t.y + offset, width: t.width - 4, height: length)
    }

    /// The horizontal thumb, or nil when the whole width shows.
    public var horizontalThumb: Rect? {
        guard let t = horizontalTrack,
              let (offset, length) = thumb(track: t.width, visible: visibleSize.width, content: contentSize.width,
                                           scroll: scroll.x, limit: maxScroll.x) else { return nil }
        return Rect(x: t.x + offset, y: t.y + 2, width: length, height: t.height - 4)
    }

    private func thumb(track: Double, visible: Double, content: Double, scroll: Double, limit: Double)
        -> (offset: Double, length: Double)? {
        ScrollThumb.place(track: track, visible: visible, content: content, scroll: scroll, limit: limit, minimum: Self.minimumThumb)
    }

    /// Page pixels the page moves for one point of thumb movement along an axis.
    public func pagePixelsPerThumbPoint(vertical: Bool) -> Double {
        let thumb = vertical ? verticalThumb?.height : horizontalThumb?.width
        let track = vertical ? verticalTrack.height : (horizontalTrack?.width ?? 0)
        let limit = vertical ? maxScroll.y : maxScroll.x
        guard let thumb, track - thumb > 0 else { return 0 }
        return limit / (track - thumb)
    }
}

/// The two views of one page side by side (or stacked), as the seed had them: "as the page is"
/// and "scaled to fit". Pure geometry and scrolling; the page itself lives with the app.
public struct WebPagesModel: Equatable, Sendable {
    public enum Arrangement: Equatable, Sendable { case sideBySide, stacked }
    public enum Pane: Equatable, Sendable, CaseIterable { case asIs, fit }

    public static let gap = 8.0
    public static let labelHeight = 22.0

    public private(set) var arrangement = Arrangement.sideBySide
    public private(set) var asIs = WebViewport(scrollsSideways: true)
    public private(set) var fit = WebViewport(scrollsSideways: false)
    /// Where each view's label goes, above it.
    public private(set) var asIsLabel = Rect.zero
    public private(set) var fitLabel = Rect.zero

    public init() {}

    public subscript(pane: Pane) -> WebViewport {
        switch pane {
        case .asIs: asIs
        case .fit: fit
        }
    }

    /// The width to lay the page out at, in page pixels: the as-is view's, so a page that sizes
    /// itself to its window fills it, and a page whose CSS asks for 970 px comes out wider.
    public var layoutWidth: Int { max(1, Int(asIs.frame.width.rounded(.down))) }
    public var layoutHeight: Int { max(1, Int(asIs.frame.height.rounded(.down))) }

    /// Places both views in `area`: side by side when it is wider than tall, else one above the
    /// other. Scroll positions are kept (clamped to what the new size allows).
    public mutating func layout(in area: Rect) {
        let g = Self.gap, bar = WebViewport.barWidth, label = Self.labelHeight
        arrangement = area.width >= area.height ? .sideBySide : .stacked
        let first: Rect, second: Rect
        switch arrangement {
        case .sideBySide:
            let w = ((area.width - 3 * g) / 2).rounded(.down)
            first = Rect(x: area.x + g, y: area.y, width: w, height: area.height)
            second = Rect(x: area.x + 2 * g + w, y: area.y, width: w, height: area.height)
        case .stacked:
            let h = ((area.height - g) / 2).rounded(.down)
            first = Rect(x: area.x + g, y: area.y, width: area.width - 2 * g, height: h)
            second = Rect(x: area.x + g, y: area.y + h + g, width: area.width - 2 * g, height: h)
        }
        // Both page areas get the same width: a vertical scrollbar each, the as-is view a horizontal one too.
        asIsLabel = Rect(x: first.x, y: first.y, width: first.width, height: label)
        fitLabel = Rect(x: second.x, y: second.y, width: second.width, height: label)
        asIs.frame = Rect(x: first.x, y: first.y + label, width: max(1, first.width - bar),
                          height: max(1, first.height - label - bar))
        fit.frame = Rect(x: second.x, y: second.y + label, width: max(1, second.width - bar),
                         height: max(1, second.height - label))
        updateFitScale()
        asIs.scroll(to: asIs.scroll)
        fit.scroll(to: fit.scroll)
    }

    /// A new layout of the page: its size in page pixels. Scroll positions are clamped.
    public mutating func setContentSize(_ size: Size) {
        asIs.contentSize = size
        fit.contentSize = size
        updateFitScale()
        asIs.scroll(to: asIs.scroll)
        fit.scroll(to: fit.scroll)
    }

    /// The fit view shrinks the page's whole width into itself; it never enlarges a narrow page.
    private mutating func updateFitScale() {
        let w = fit.contentSize.width
        fit.scale = w > 0 ? min(1, fit.frame.width / w) : 1
    }

    public mutating func scroll(_ pane: Pane, to p: Point) {
        switch pane {
        case .asIs: asIs.scroll(to: p)
        case .fit: fit.scroll(to: p)
        }
    }

    public mutating func scroll(_ pane: Pane, byPoints dx: Double, _ dy: Double) {
        switch pane {
        case .asIs: asIs.scroll(byPoints: dx, dy)
        case .fit: fit.scroll(byPoints: dx, dy)
        }
    }

    /// Both views to the same page position (a new page, an anchor, Back).
    public mutating func scrollBoth(to p: Point) {
        asIs.scroll(to: p)
        fit.scroll(to: Point(0, p.y))
    }

    /// Which view (page area, label or scrollbars) a point is in.
    public func pane(at p: Point) -> Pane? {
        func area(_ v: WebViewport, _ label: Rect) -> Rect {
            Rect(x: label.x, y: label.y, width: label.width,
                 height: v.frame.maxY + (v.scrollsSideways ? WebViewport.barWidth : 0) - label.y)
        }
        if area(asIs, asIsLabel).contains(p) { return .asIs }
        if area(fit, fitLabel).contains(p) { return .fit }
        return nil
    }
}
