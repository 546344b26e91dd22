import TouchDeskInterface

/// How Paintbrush shows its picture, as an image editor does: at a zoom (view points per picture
/// point), scrolled when the zoomed picture is larger than the view, centred on an axis where it is
/// smaller. Pure geometry: the view turns pointer positions into picture points with `toPicture`,
/// draws the picture at `origin` scaled by `zoom`, and the scrollbars from `verticalThumb` and
/// `horizontalThumb`.
///
/// The scroll position is the picture point at the view's top-left corner, kept in picture points,
/// so a view that changes its size or zoom keeps showing the same part as far as the picture allows.
public struct PaintViewport: Equatable, Sendable {
    /// The zoom levels Ctrl++ and Ctrl+− step through, as GNOME's image viewers and KolourPaint
    /// have them: whole pixels from 100 % up, simple fractions below.
    public static let zoomSteps: [Double] = [1.0 / 16, 1.0 / 8, 1.0 / 4, 1.0 / 3, 1.0 / 2, 2.0 / 3, 1, 2, 3, 4, 6, 8, 12, 16, 24, 32]
    public static var zoomRange: ClosedRange<Double> { zoomSteps.first!...zoomSteps.last! }
    /// Scrollbar thickness in points; the bars lie over the view's right and bottom edges.
    public static let barWidth = 10.0
    /// The shortest a scrollbar thumb gets, so it can still be grabbed.
    public static let minimumThumb = 24.0

    /// View points per picture point.
    public private(set) var zoom = 1.0
    /// The picture point at the view's top-left corner, on an axis where the picture is larger than
    /// the view (0 where it is centred).
    public private(set) var scroll = Point.zero
    /// The view's size in points.
    public private(set) var viewSize = Size(0, 0)
    /// The picture's size in picture points.
    public private(set) var contentSize = Size(0, 0)

    public init() {}

    /// Sets the view's and the picture's size, keeping the zoom and (clamped) the scroll position.
    public mutating func layout(view: Size, content: Size) {
        viewSize = view
        contentSize = content
        clampScroll()
    }

    // MARK: - Mapping

    /// The zoomed picture's size in view points.
    public var zoomedSize: Size { Size(contentSize.width * zoom, contentSize.height * zoom) }

    /// Where the picture's top-left corner is in the view: centred on an axis where the zoomed
    /// picture is smaller than the view, else scrolled; always on a whole point, so the pixels of a
    /// 100 % view fall on the screen's pixels.
    public var origin: Point {
        func axis(_ view: Double, _ zoomed: Double, _ scroll: Double) -> Double {
            zoomed <= view ? ((view - zoomed) / 2).rounded(.down) : (-scroll * zoom).rounded()
        }
        return Point(axis(viewSize.width, zoomedSize.width, scroll.x), axis(viewSize.height, zoomedSize.height, scroll.y))
    }

    /// The picture point under a point of the view.
    public func toPicture(_ p: Point) -> Point {
        let o = origin
        return Point((p.x - o.x) / zoom, (p.y - o.y) / zoom)
    }

    /// The view point over a picture point.
    public func toView(_ p: Point) -> Point {
        let o = origin
        return Point(o.x + p.x * zoom, o.y + p.y * zoom)
    }

    /// The picture's rectangle in the view (it may reach past the view's edges).
    public var pictureRect: Rect {
        let o = origin
        return Rect(x: o.x, y: o.y, width: zoomedSize.width, height: zoomedSize.height)
    }

    /// The part of the picture the view shows, in picture points.
    public var visiblePicture: Rect {
        let a = toPicture(.zero), b = toPicture(Point(viewSize.width, viewSize.height))
        let x0 = max(0, a.x), y0 = max(0, a.y)
        return Rect(x: x0, y: y0, width: max(0, min(contentSize.width, b.x) - x0), height: max(0, min(contentSize.height, b.y) - y0))
    }

    // MARK: - Scrolling

    /// The furthest the view can scroll, in picture points (0 on an axis the picture fits in).
    public var maxScroll: Point {
        Point(max(0, contentSize.width - viewSize.width / zoom), max(0, contentSize.height - viewSize.height / zoom))
    }

    /// Scrolls to a picture position, clamped to the picture.
    public mutating func scroll(to p: Point) {
        scroll = Point(p.x.isFinite ? p.x : 0, p.y.isFinite ? p.y : 0)
        clampScroll()
    }

    /// Scrolls by a distance in view points (a wheel notch, a drag).
    public mutating func scroll(byPoints dx: Double, _ dy: Double) {
        scroll(to: Point(scroll.x + dx / zoom, scroll.y + dy / zoom))
    }

    private mutating func clampScroll() {
        let limit = maxScroll
        scroll = Point(min(max(0, scroll.x), limit.x), min(max(0, scroll.y), limit.y))
    }

    /// Scrolls as little as needed for a picture point to show, `margin` view points from the edges.
    public mutating func reveal(_ p: Point, margin: Double = 24) {
        let m = min(margin, viewSize.width / 4, viewSize.height / 4) / zoom
        let visible = Size(viewSize.width / zoom, viewSize.height / zoom)
        var s = scroll
        if p.x - m < s.x { s.x = p.x - m } else if p.x + m > s.x + visible.width { s.x = p.x + m - visible.width }
        if p.y - m < s.y { s.y = p.y - m } else if p.y + m > s.y + visible.height { s.y = p.y + m - visible.height }
        scroll(to: s)
    }

    // MARK: - Zooming

    /// Zooms to `z` (clamped to `zoomRange`) keeping the picture point under the view point `anchor`
    /// where it is, as far as the scroll limits allow (an axis that fits is centred instead).
    public mutating func zoom(to z: Double, about anchor: Point) {
        guard z.isFinite else { return }
        let fixed = toPicture(anchor)
        zoom = min(max(z, Self.zoomRange.lowerBound), Self.zoomRange.upperBound)
        scroll = Point(fixed.x - anchor.x / zoom, fixed.y - anchor.y / zoom)
        clampScroll()
    }

    /// The next zoom step up (`steps` > 0) or down from the current zoom.
    public func steppedZoom(_ steps: Int) -> Double {
        guard steps != 0 else { return zoom }
        let list = Self.zoomSteps
        if steps > 0 {
            let i = list.firstIndex { $0 > zoom * 1.0001 } ?? list.count - 1
            return list[min(list.count - 1, i + steps - 1)]
        }
        let i = list.lastIndex { $0 < zoom / 1.0001 } ?? 0
        return list[max(0, i + steps + 1)]
    }

    /// One step in (`steps` > 0) or out about a view point (the pointer, or the view's centre).
    public mutating func zoom(steps: Int, about anchor: Point) { zoom(to: steppedZoom(steps), about: anchor) }

    /// The view's centre, for keys that zoom.
    public var center: Point { Point(viewSize.width / 2, viewSize.height / 2) }

    /// The largest zoom at which the whole picture shows (at most 100 % unless `enlarge`: a small
    /// picture stays at its own size, as image viewers do).
    public func fittingZoom(enlarge: Bool = false) -> Double {
        guard contentSize.width > 0, contentSize.height > 0, viewSize.width > 0, viewSize.height > 0 else { return 1 }
        let z = min(viewSize.width / contentSize.width, viewSize.height / contentSize.height)
        return min(max(enlarge ? z : min(z, 1), Self.zoomRange.lowerBound), Self.zoomRange.upperBound)
    }

    /// Zooms so the whole picture shows, centred.
    public mutating func fit() {
        zoom = fittingZoom()
        scroll = .zero
        clampScroll()
    }

    /// Back to 100 %, keeping the view's centre where it is.
    public mutating func actualSize() { zoom(to: 1, about: center) }

    /// Shows a new picture: 100 %, its top-left corner at the view's (centred where it fits).
    public mutating func reset() {
        zoom = 1
        scroll = .zero
    }

    /// The zoom as people read it: "100 %", "800 %", "33 %".
    public var percentText: String {
        let p = zoom * 100
        return p >= 10 ? "\(Int(p.rounded())) %" : "\((p * 10).rounded() / 10) %"
    }

    // MARK: - Scrollbars

    /// The vertical scrollbar's track, over the view's right edge, or nil when the whole height shows.
    public var verticalTrack: Rect? {
        guard maxScroll.y > 0 else { return nil }
        return Rect(x: viewSize.width - Self.barWidth, y: 0, width: Self.barWidth,
                    height: viewSize.height - (maxScroll.x > 0 ? Self.barWidth : 0))
    }

    /// The horizontal scrollbar's track, over the view's bottom edge, or nil when the whole width shows.
    public var horizontalTrack: Rect? {
        guard maxScroll.x > 0 else { return nil }
        return Rect(x: 0, y: viewSize.height - Self.barWidth, width: viewSize.width - (maxScroll.y > 0 ? Self.barWidth : 0),
                    height: Self.barWidth)
    }

    public var verticalThumb: Rect? {
        guard let t = verticalTrack, let (offset, length) = thumb(track: t.height, visible: viewSize.height / zoom,
                                                                   content: contentSize.height, scroll: scroll.y, limit: maxScroll.y)
        else { return nil }
        return Rect(x: t.x + 2, y: t.y + offset, width: t.width - 4, height: length)
    }

    public var horizontalThumb: Rect? {
        guard let t = horizontalTrack, let (offset, length) = thumb(track: t.width, visible: viewSize.width / zoom,
                                                                     content: contentSize.width, scroll: scroll.x, limit: maxScroll.x)
        else { return nil }
        return Rect(x: t.x + offset, y: t.y + 2, width: length, height: t.height - 4)
    }

    private func thumb(track: Double, visible: Double, content: Double, scroll: Double, limit: Double)
        -> (offset: Double, length: Double)? {
        ScrollThumb.place(track: track, visible: visible, content: content, scroll: scroll, limit: limit, minimum: Self.minimumThumb)
    }

    /// Picture points the view scrolls for one point of thumb movement along an axis.
    public func picturePointsPerThumbPoint(vertical: Bool) -> Double {
        let thumb = vertical ? verticalThumb?.height : horizontalThumb?.width
        let track = vertical ? verticalTrack?.height : horizontalTrack?.width
        guard let thumb, let track, track - thumb > 0 else { return 0 }
        return (vertical ? maxScroll.y : maxScroll.x) / (track - thumb)
    }
}
