import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskModels
import TouchDeskToolkit

/// Looking at the picture as an image editor shows it (`PaintViewport`): zoom with Ctrl++ (or
/// Ctrl+=), Ctrl+−, Ctrl+0 for 100 %, F to fit the window, and Ctrl+wheel about the pointer;
/// scroll with the wheel (Shift+wheel sideways), the scrollbars, and Space+drag. The picture is
/// centred where it is smaller than the view, its edge drawn, its pixels sharp squares when zoomed in.
///
/// It owns the canvas's area in the app, the zoom and scroll position, the zoom buttons in the
/// canvas's corner, and a scrollbar or Space+drag under way; it turns points of the app into points
/// of the picture and back. The app paints; this only says where.
struct PaintViewer {
    enum Drag {
        /// Space+drag: the picture follows the pointer.
        case pan(last: Point)
        /// A scrollbar's thumb, grabbed at `start` with the view scrolled to `scroll`.
        case thumb(vertical: Bool, start: Point, scroll: Point)
    }

    /// What an event came to, for the app to follow.
    enum Answer {
        /// Not the view's.
        case ignored
        case handled
        /// Taken by a zoom button, or the view zoomed: the brush outline goes until the pointer moves.
        case unhovered
        /// Space+drag begins: a dab Space put down before it is taken back.
        case panBegins
    }

    /// View points a wheel notch scrolls.
    static let wheelStep = 48.0

    /// The zoom buttons in the canvas's bottom-left corner, as image viewers have them: −, the zoom
    /// itself (a click or Ctrl+0: 100 %), +, Fit. Their own group, so the toolbar keeps one row.
    let controls = Controls<PaintApp.Control>()
    /// Where the canvas lies in the app.
    private(set) var canvasRect = Rect.zero
    /// The zoom and scroll position the picture is shown at.
    private(set) var viewport = PaintViewport()
    /// A scrollbar or Space+drag under way.
    private(set) var drag: Drag?
    /// Space is held: a drag pans instead of painting.
    private(set) var spaceHeld = false
    /// Ctrl is held: the wheel zooms about the pointer (the wheel's event carries no modifiers;
    /// Sea Level follows Ctrl the same way).
    private var controlHeld = false

    init() {
        controls.isCompact = true
        controls.add(.zoomOut, "Zoom out", short: "−", key: KeyChord(["minus", "KP_Subtract"], control: true, shift: nil, shown: "Ctrl+−"))
        controls.add(.actualSize, "100 %", key: KeyChord(["0", "KP_0"], control: true, shift: false, shown: "Ctrl+0"),
                     help: "Zoom to 100 %: a picture pixel to each screen pixel")
        controls.add(.zoomIn, "Zoom in", short: "+", key: KeyChord(["plus", "equal", "KP_Add"], control: true, shift: nil, shown: "Ctrl++"))
        controls.add(.fit, "Fit", key: .key("f"), help: "Zoom to show the whole picture")
    }

    /// A scrollbar or Space+drag is under way, or Space is held for one: no brush outline shows.
    var isScrolling: Bool { drag != nil || spaceHeld }

    /// The hand while Space+drag pans.
    func cursor(hovering: Bool) -> PointerShape {
        if case .pan? = drag { return .move }
        return spaceHeld && hovering ? .move : .arrow
    }

    // MARK: - Layout and points

    /// Keeps the viewport in step with the canvas area `rect` and the picture's size.
    mutating func layout(in rect: Rect, picture: Size) {
        canvasRect = rect
        viewport.layout(view: rect.size, content: picture)
        layoutControls()
    }

    /// The picture's size may have changed (an open, or its undo): laid out again only if it did. A
    /// stroke calls this at every step, and laying the zoom buttons out measures their labels.
    mutating func follow(picture: Size) {
        guard picture != viewport.contentSize else { return }
        layout(in: canvasRect, picture: picture)
    }

    /// The zoom buttons along the canvas's bottom-left corner, above a horizontal scrollbar; the
    /// middle one says the zoom.
    private func layoutControls() {
        controls.setLabel(.actualSize, viewport.percentText)
        let bar = viewport.horizontalTrack == nil ? 0 : PaintViewport.barWidth
        let h = controls.height
        let area = Rect(x: canvasRect.x + 8, y: canvasRect.maxY - bar - h - 8, width: max(0, canvasRect.width - 16), height: h)
        controls.layoutRows(in: area)
        // Rows that wrapped in a narrow window grow upwards, not over the toolbar.
        if let lowest = controls.items.map(\.frame.maxY).max(), lowest > area.maxY {
            let lift = lowest - area.maxY
            for c in controls.items { controls.place(c.id, at: Rect(x: c.frame.x, y: c.frame.y - lift, width: c.frame.width, height: c.frame.height)) }
        }
        controls.setEnabled(.zoomIn, viewport.zoom < PaintViewport.zoomRange.upperBound)
        controls.setEnabled(.zoomOut, viewport.zoom > PaintViewport.zoomRange.lowerBound)
    }

    /// The picture point under a point of the app (canvas coordinates are picture points).
    func picturePoint(_ p: Point) -> Point {
        viewport.toPicture(Point(p.x - canvasRect.x, p.y - canvasRect.y))
    }

    /// The app point over a picture point.
    func appPoint(_ p: Point) -> Point {
        let v = viewport.toView(p)
        return Point(v.x + canvasRect.x, v.y + canvasRect.y)
    }

    /// The picture's rectangle in the app's coordinates.
    var pictureFrame: Rect {
        let r = viewport.pictureRect
        return Rect(x: r.x + canvasRect.x, y: r.y + canvasRect.y, width: r.width, height: r.height)
    }

    // MARK: - Zoom and scroll

    /// A newly opened picture shows at 100 %, from its top-left corner.
    mutating func reset() { viewport.reset() }

    /// A zoom button, or its key.
    mutating func activate(_ id: PaintApp.Control) {
        let center = viewport.center
        switch id {
        case .zoomIn: viewport.zoom(steps: 1, about: center)
        case .zoomOut: viewport.zoom(steps: -1, about: center)
        case .actualSize: viewport.actualSize()
        case .fit: viewport.fit()
        default: return
        }
        layoutControls()
    }

    /// The keyboard brush's cursor at picture point `p` keeps in view when it moves past the edge.
    mutating func reveal(_ p: Point, radius: Double) {
        viewport.reveal(p, margin: radius * viewport.zoom + 8)
    }

    /// The zoom buttons (unless the More panel, `panelOpen`, lies over them), the wheel, the
    /// scrollbars and Space+drag.
    mutating func handle(_ event: InputEvent, panelOpen: Bool) -> Answer {
        switch panelOpen ? .ignored : controls.handle(event) {
        case .activated(let id): activate(id); return .unhovered
        case .consumed: return .unhovered
        case .changed, .stepped, .ignored: break
        }
        switch event {
        case .scroll(let p, let dy):
            guard canvasRect.contains(p) else { return .ignored }
            if controlHeld {
                // Ctrl+wheel: one zoom step about the pointer.
                viewport.zoom(steps: dy < 0 ? 1 : -1, about: Point(p.x - canvasRect.x, p.y - canvasRect.y))
                layoutControls()
            } else {
                viewport.scroll(byPoints: 0, dy * Self.wheelStep)
            }
            return .handled
        case .scrollSideways(let p, let dx):
            guard canvasRect.contains(p) else { return .ignored }
            viewport.scroll(byPoints: dx * Self.wheelStep, 0)
            return .handled
        case .key(let k):
            if k.name.hasPrefix("Control_") { controlHeld = true }
            if k.is("space", shift: nil) { spaceHeld = true }
            return .ignored
        case .keyUp(let k):
            if k.name.hasPrefix("Control_") { controlHeld = false }
            if k.name == "space" { spaceHeld = false }
            return .ignored
        case .leave:
            // Keys let go outside the window are not seen: start afresh when the pointer comes back.
            controlHeld = false
            spaceHeld = false
            return .ignored
        case .touchBegan(let p):
            guard canvasRect.contains(p) else { return .ignored }
            let local = Point(p.x - canvasRect.x, p.y - canvasRect.y)
            for (vertical, thumb, track) in [(true, viewport.verticalThumb, viewport.verticalTrack),
                                             (false, viewport.horizontalThumb, viewport.horizontalTrack)] {
                guard let track, track.contains(local) else { continue }
                if let thumb, !thumb.contains(local) {
                    // A click on the track pages towards it, as GTK's scrollbars do.
                    let before = vertical ? local.y < thumb.y : local.x < thumb.x
                    let page = (vertical ? viewport.viewSize.height : viewport.viewSize.width) * 0.9 * (before ? -1 : 1)
                    viewport.scroll(byPoints: vertical ? 0 : page, vertical ? page : 0)
                }
                drag = .thumb(vertical: vertical, start: p, scroll: viewport.scroll)
                return .handled
            }
            guard spaceHeld else { return .ignored }
            drag = .pan(last: p)
            return .panBegins
        case .touchMoved(let p), .touchEnded(let p):
            guard let drag else { return .ignored }
            switch drag {
            case .pan(let last):
                viewport.scroll(byPoints: last.x - p.x, last.y - p.y)
                self.drag = .pan(last: p)
            case .thumb(let vertical, let start, let scroll):
                let per = viewport.picturePointsPerThumbPoint(vertical: vertical)
                viewport.scroll(to: vertical ? Point(scroll.x, scroll.y + (p.y - start.y) * per)
                                             : Point(scroll.x + (p.x - start.x) * per, scroll.y))
            }
            if case .touchEnded = event { self.drag = nil }
            return .handled
        default:
            return .ignored
        }
    }

    // MARK: - Drawing

    /// The grey field round the picture, its edge, the scrollbars and the zoom in the corner
    /// (hidden under the More panel, `panelOpen`).
    func draw(_ cr: CairoContext, panelOpen: Bool) {
        let pic = pictureFrame
        cr.save()
        cr.clip(to: canvasRect)
        // The field beyond the picture's edges.
        let field = Theme.background
        if pic.y > canvasRect.y { cr.fill(Rect(x: canvasRect.x, y: canvasRect.y, width: canvasRect.width, height: pic.y - canvasRect.y), field) }
        if pic.maxY < canvasRect.maxY { cr.fill(Rect(x: canvasRect.x, y: pic.maxY, width: canvasRect.width, height: canvasRect.maxY - pic.maxY), field) }
        let band = Rect(x: canvasRect.x, y: max(pic.y, canvasRect.y), width: canvasRect.width,
                        height: min(pic.maxY, canvasRect.maxY) - max(pic.y, canvasRect.y))
        if band.height > 0 {
            if pic.x > band.x { cr.fill(Rect(x: band.x, y: band.y, width: pic.x - band.x, height: band.height), field) }
            if pic.maxX < band.maxX { cr.fill(Rect(x: pic.maxX, y: band.y, width: band.maxX - pic.maxX, height: band.height), field) }
        }
        // The edge: one line just outside the picture, where the field meets it.
        if pic.x > canvasRect.x || pic.y > canvasRect.y || pic.maxX < canvasRect.maxX || pic.maxY < canvasRect.maxY {
            cr.setLineWidth(1)
            Theme.dimText.set(cr)
            cr.rectangle(Rect(x: pic.x - 0.5, y: pic.y - 0.5, width: pic.width + 1, height: pic.height + 1))
            cr.stroke()
        }
        drawScrollbars(cr)
        cr.restore()
        if !panelOpen { controls.draw(cr) }
    }

    private func drawScrollbars(_ cr: CairoContext) {
        let o = Point(canvasRect.x, canvasRect.y)
        for (track, thumb) in [(viewport.verticalTrack, viewport.verticalThumb), (viewport.horizontalTrack, viewport.horizontalThumb)] {
            guard let track, let thumb else { continue }
            cr.fill(track.offsetBy(o), Theme.bar.with(alpha: 0.7))
            Theme.dimText.set(cr)
            cr.roundedRect(thumb.offsetBy(o), radius: min(thumb.width, thumb.height) / 2)
            cr.fill()
        }
    }
}

extension Rect {
    func offsetBy(_ p: Point) -> Rect { Rect(x: x + p.x, y: y + p.y, width: width, height: height) }
}
