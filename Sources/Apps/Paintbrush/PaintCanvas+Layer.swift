import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskModels
import TouchDeskToolkit

/// The layer of a translucent stroke, as image editors do it: the stroke's dabs are painted into
/// their own surface at full strength (so dabs that overlap stay one colour), the window shows that
/// layer over the canvas at the stroke's opacity while the stroke goes on, and when it ends the
/// layer is laid onto the canvas once at that opacity. Only the part the stroke touched is
/// composited and cleared, so a short stroke on a large canvas costs little.
extension PaintCanvas {
    /// Paints dabs of the current translucent stroke into the layer.
    func paintIntoStrokeLayer(_ centers: [Point], color: RGBColor, radius: Double) {
        guard !centers.isEmpty else { return }
        if strokeLayer == nil {
            strokeLayer = ImageSurface(size: Size(Double(size.width), Double(size.height)), scale: scale)
        }
        guard let layer = strokeLayer else { return }
        Self.paintDabs(centers, color: color, radius: radius, on: layer)
        var box = strokeLayerDirty
        for c in centers {
            let r = Rect(x: c.x - radius - 2, y: c.y - radius - 2, width: 2 * radius + 4, height: 2 * radius + 4)
            box = box.map { $0.union(r) } ?? r
        }
        strokeLayerDirty = box
    }

    /// Lays the finished stroke onto the canvas at `opacity` and empties the layer.
    func compositeStrokeLayer(onto canvas: ImageSurface, opacity: Double) {
        guard let layer = strokeLayer, let dirty = strokeLayerDirty else { return }
        canvas.draw { cr in
            cr.clip(to: dirty)
            cr.setSource(layer)
            cr.paint(alpha: opacity)
        }
        clearStrokeLayer()
    }

    /// Empties the layer (an undo replaced the canvas, or the stroke was laid down).
    func clearStrokeLayer() {
        guard let layer = strokeLayer, let dirty = strokeLayerDirty else { return }
        layer.draw { cr in
            cr.clip(to: dirty)
            cr.setOperator(.clear)
            cr.paint()
        }
        strokeLayerDirty = nil
    }

    /// Drops the layer when the canvas changes size or scale; a stroke under way is painted again
    /// into a new one of the right size.
    func resetStrokeLayer(current: Stroke?) {
        strokeLayer = nil
        strokeLayerDirty = nil
        if let s = current, s.opacity < 1 { paintIntoStrokeLayer(s.dabs, color: s.color, radius: s.radius) }
    }

    /// Shows the picture's part of the canvas in `picture` (its place in the window, `zoom` points
    /// a canvas point), clipped to `canvasRect`, with the stroke under way over it. Zoomed in, each
    /// pixel is a sharp square (nearest neighbour), as image editors show them; zoomed out, smoothed.
    func draw(_ cr: CairoContext, in canvasRect: Rect, picture: Rect, zoom: Double, stroke: Stroke?) {
        guard let surface else { return }
        cr.save()
        cr.clip(to: canvasRect)
        cr.clip(to: picture)
        cr.translate(picture.x, picture.y)
        cr.scale(zoom, zoom)
        let filter: Filter = zoom >= 1 ? .nearest : .good
        cr.setSource(surface, filter: filter)
        cr.paint()
        if let layer = strokeLayer, let dirty = strokeLayerDirty, let stroke {
            cr.clip(to: dirty)
            cr.setSource(layer, filter: filter)
            cr.paint(alpha: stroke.opacity)
        }
        cr.restore()
    }
}

extension Rect {
    /// The smallest rectangle holding both.
    func union(_ o: Rect) -> Rect {
        let x0 = min(x, o.x), y0 = min(y, o.y)
        return Rect(x: x0, y: y0, width: max(maxX, o.maxX) - x0, height: max(maxY, o.maxY) - y0)
    }
}
