import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskModels
import TouchDeskToolkit

/// Looking at the picture as an image editor shows it (`PaintViewport`): zoom with Ctrl++ (or
/// Ctrl+=), Ctrl+−, Ctrl+0 for 100 %, F to fit the window, and Ctrl+wheel about the pointer;
/// scroll with the wheel (Shift+wheel sideways), the scrollbars, and Space+drag. The picture is
/// centred where it is smaller than the view, its edge drawn, its pixels sharp squares when zoomed in.
struct PaintScrolling {
    enum Drag {
        /// Space+drag: the picture follows the pointer.
        case pan(last: Point)
        /// A scrollbar's thumb, grabbed at `start` with the view scrolled to `scroll`.
        case thumb(vertical: Bool, start: Point, scroll: Point)
    }
    var drag: Drag?
    /// Space is held: a drag pans instead of painting.
    var spaceHeld = false
    /// Ctrl is held: the wheel zooms about the pointer (the wheel's event carries no modifiers;
    /// Sea Level follows Ctrl the same way).
    var controlHeld = false
}

extension PaintApp {
    /// View points a wheel notch scrolls.
    static let wheelStep = 48.0

    /// The zoom buttons in the canvas's bottom-left corner, as image viewers have them: −, the zoom
    /// itself (a click or Ctrl+0: 100 %), +, Fit. Their own group, so the toolbar keeps one row.
    func addViewControls() {
        viewControls.isCompact = true
        viewControls.add(.zoomOut, "Zoom out", short: "−", key: KeyChord(["minus", "KP_Subtract"], control: true, shift: nil, shown: "Ctrl+−"))
        viewControls.add(.actualSize, "100 %", key: KeyChord(["0", "KP_0"], control: true, shift: false, shown: "Ctrl+0"),
                         help: "Zoom to 100 %: a picture pixel to each screen pixel")
        viewControls.add(.zoomIn, "Zoom in", short: "+", key: KeyChord(["plus", "equal", "KP_Add"], control: true, shift: nil, shown: "Ctrl++"))
        viewControls.add(.fit, "Fit", key: .key("f"), help: "Zoom to show the whole picture")
    }

    /// The zoom buttons along the canvas's bottom-left corner, above a horizontal scrollbar; the
    /// middle one says the zoom.
    func layoutViewControls() {
        viewControls.setLabel(.actualSize, viewport.percentText)
        let bar = viewport.horizontalTrack == nil ? 0 : PaintViewport.barWidth
        let h = viewControls.height
        let area = Rect(x: canvasRect.x + 8, y: canvasRect.maxY - bar - h - 8, width: max(0, canvasRect.width - 16), height: h)
        viewControls.layoutRows(in: area)
        // Rows that wrapped in a narrow window grow upwards, not over the toolbar.
        if let lowest = viewControls.items.map(\.frame.maxY).max(), lowest > area.maxY {
            let lift = lowest - area.maxY
            for c in viewControls.items { viewControls.place(c.id, at: Rect(x: c.frame.x, y: c.frame.y - lift, width: c.frame.width, height: c.frame.height)) }
        }
        viewControls.setEnabled(.zoomIn, viewport.zoom < PaintViewport.zoomRange.upperBound)
        viewControls.setEnabled(.zoomOut, viewport.zoom > PaintViewport.zoomRange.lowerBound)
    }

    /// The picture's size in points: the opened picture's, else the window's canvas.
    var pictureSize: Size { model.documentSize ?? canvasRect.size }

    /// Keeps the viewport in step with the canvas area and the picture's size.
    func layoutViewport() {
        viewport.layout(view: canvasRect.size, content: pictureSize)
        layoutViewControls()
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

    func activateView(_ id: Control) {
        let center = viewport.center
        switch id {
        case .zoomIn: viewport.zoom(steps: 1, about: center)
        case .zoomOut: viewport.zoom(steps: -1, about: center)
        case .actualSize: viewport.actualSize()
        case .fit: viewport.fit()
        default: return
        }
        hover = nil
        layoutViewControls()
    }

    /// The zoom buttons, the wheel, the scrollbars and Space+drag; nil: not an event of the view's.
    func handleViewEvent(_ event: InputEvent) -> Bool? {
        // The More panel, when open, lies over the zoom buttons.
        switch toolbar.isPanelOpen ? .ignored : viewControls.handle(event) {
        case .activated(let id): activate(id); return true
        case .consumed: hover = nil; return true
        case .changed, .stepped, .ignored: break
        }
        switch event {
        case .scroll(let p, let dy):
            guard canvasRect.contains(p) else { return nil }
            if scrolling.controlHeld {
                // Ctrl+wheel: one zoom step about the pointer.
                viewport.zoom(steps: dy < 0 ? 1 : -1, about: Point(p.x - canvasRect.x, p.y - canvasRect.y))
                layoutViewControls()
            } else {
                viewport.scroll(byPoints: 0, dy * Self.wheelStep)
            }
            return true
        case .scrollSideways(let p, let dx):
            guard canvasRect.contains(p) else { return nil }
            viewport.scroll(byPoints: dx * Self.wheelStep, 0)
            return true
        case .key(let k):
            if k.name.hasPrefix("Control_") { scrolling.controlHeld = true }
            if k.is("space", shift: nil) { scrolling.spaceHeld = true }
            return nil
        case .keyUp(let k):
            if k.name.hasPrefix("Control_") { scrolling.controlHeld = false }
            if k.name == "space" { scrolling.spaceHeld = false }
            return nil
        case .leave:
            // Keys let go outside the window are not seen: start afresh when the pointer comes back.
            scrolling.controlHeld = false
            scrolling.spaceHeld = false
            return nil
        case .touchBegan(let p):
            guard canvasRect.contains(p) else { return nil }
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
                scrolling.drag = .thumb(vertical: vertical, start: p, scroll: viewport.scroll)
                return true
            }
            guard scrolling.spaceHeld else { return nil }
            // Space put a dab down before the drag began: a pan paints nothing.
            keyBrush.cancel()
            if model.current != nil { model.cancelStroke(); paintChanges() }
            scrolling.drag = .pan(last: p)
            return true
        case .touchMoved(let p), .touchEnded(let p):
            guard let drag = scrolling.drag else { return nil }
            switch drag {
            case .pan(let last):
                viewport.scroll(byPoints: last.x - p.x, last.y - p.y)
                scrolling.drag = .pan(last: p)
            case .thumb(let vertical, let start, let scroll):
                let per = viewport.picturePointsPerThumbPoint(vertical: vertical)
                viewport.scroll(to: vertical ? Point(scroll.x, scroll.y + (p.y - start.y) * per)
                                             : Point(scroll.x + (p.x - start.x) * per, scroll.y))
            }
            if case .touchEnded = event { scrolling.drag = nil }
            return true
        default:
            return nil
        }
    }

    /// The keyboard brush's cursor keeps in view when it moves past the edge.
    func revealBrush() {
        if let p = keyBrush.position { viewport.reveal(p, margin: model.radius * viewport.zoom + 8) }
    }

    /// The hand while Space+drag pans.
    public var cursor: PointerShape {
        if case .pan? = scrolling.drag { return .move }
        return scrolling.spaceHeld && hover != nil ? .move : .arrow
    }

    // MARK: - Drawing

    /// The grey field round the picture, its edge, the scrollbars and the zoom in the corner.
    func drawViewFrame(_ cr: CairoContext) {
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
        if !toolbar.isPanelOpen { viewControls.draw(cr) }
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
