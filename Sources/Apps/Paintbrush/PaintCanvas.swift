import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskModels
import TouchDeskToolkit

/// The pixels of a painting, kept in step with the `PaintModel`'s history: the canvas the window
/// shows, the base under the undo history, snapshots that keep undo quick, the layer of a
/// translucent stroke under way, and the pictures opened or pasted onto it. Paintbrush owns one;
/// it knows nothing of the window, the toolbar or files.
///
/// The surfaces are `size` in points and `scale` pixels per point (the device scale the app is
/// drawn at, so strokes stay sharp on HiDPI; Cairo's device scale keeps all drawing in points).
/// They only grow, so shrinking the window and growing it again loses nothing.
final class PaintCanvas {
    private(set) var surface: ImageSurface?
    private(set) var base: ImageSurface?
    private(set) var size = (width: 0, height: 0)
    private(set) var scale = 1.0
    /// Copies of the canvas as it was after the first `count` actions of the history (the base
    /// plus `history[0..<count]`), about one every `snapshotInterval` actions: an undo starts from the
    /// nearest one and replays at most that many strokes, however long the history.
    private(set) var snapshots: [(count: Int, surface: ImageSurface)] = []
    /// Actions between snapshots (tests set it beyond the history to compare with full replays).
    var snapshotInterval = 10
    /// Pictures opened or pasted, by the id the model's actions name them with.
    var pictures: [Int: ImageSurface] = [:]
    /// The translucent stroke being drawn, at full strength, shown over the canvas at the stroke's
    /// opacity and laid onto it once when the stroke ends (see PaintCanvas+Layer.swift).
    var strokeLayer: ImageSurface?
    /// The part of `strokeLayer` the current stroke has touched.
    var strokeLayerDirty: Rect?

    /// Follows a new device scale, keeping the pixels (scaled); a stroke under way is painted
    /// again into a layer of the new scale.
    func setScale(_ newScale: Double, current: Stroke?) {
        guard abs(newScale - scale) > 0.01 else { return }
        scale = newScale
        surface = surface.map { Self.grow($0, width: size.width, height: size.height, scale: newScale) }
        base = base.map { Self.grow($0, width: size.width, height: size.height, scale: newScale) }
        resetStrokeLayer(current: current)
    }

    /// Grows the surfaces to hold `width`×`height` points and the opened picture (`documentSize`).
    func ensure(width: Int, height: Int, documentSize doc: Size?, current: Stroke?) {
        let w = max(width, size.width, Int((doc?.width ?? 0).rounded(.up)), 1)
        let h = max(height, size.height, Int((doc?.height ?? 0).rounded(.up)), 1)
        guard w != size.width || h != size.height || surface == nil else { return }
        surface = Self.grow(surface, width: w, height: h, scale: scale)
        if base != nil { base = Self.grow(base, width: w, height: h, scale: scale) }
        size = (w, h)
        resetStrokeLayer(current: current)
    }

    /// A new black surface of the given size in points, `scale` pixels per point, with `old`
    /// copied into its top-left corner.
    static func grow(_ old: ImageSurface?, width: Int, height: Int, scale: Double) -> ImageSurface {
        let size = Size(Double(width), Double(height))
        return old?.grown(to: size, scale: scale) ?? ImageSurface(size: size, scale: scale, format: .rgb)
    }

    /// Brings the pixels up to date with the model's changes (drained by the caller); true when
    /// they changed.
    func paint(_ changes: [CanvasChange], model: PaintModel) -> Bool {
        defer {
            updateSnapshots(model)
            let used = model.pictureIDsInUse
            if !pictures.isEmpty { pictures = pictures.filter { used.contains($0.key) } }
        }
        guard !changes.isEmpty else { return false }
        // An opened picture larger than the canvas so far: the surfaces grow to hold it.
        ensure(width: size.width, height: size.height, documentSize: model.documentSize, current: model.current)
        guard let surface else { return false }
        let rebuild = changes.contains(.rebuild)
        for change in changes {
            switch change {
            case .bake(let action):
                if base == nil { base = Self.grow(nil, width: size.width, height: size.height, scale: scale) }
                apply(action, to: base!)
                // The oldest action moved into the base: every snapshot is one action further in.
                snapshots = snapshots.compactMap { $0.count > 1 ? ($0.count - 1, $0.surface) : nil }
            case .dabs(let color, let radius, let opacity, let centers) where !rebuild:
                if opacity < 1 {
                    paintIntoStrokeLayer(centers, color: color, radius: radius)
                } else {
                    Self.paintDabs(centers, color: color, radius: radius, on: surface)
                }
            case .strokeEnded(let opacity) where !rebuild:
                compositeStrokeLayer(onto: surface, opacity: opacity)
            case .apply(let action) where !rebuild:
                apply(action, to: surface)
            default:
                break
            }
        }
        if rebuild {
            // Undone actions are gone from the history: snapshots past its end no longer hold.
            snapshots.removeAll { $0.count > model.history.count }
            self.rebuild(model)
        }
        return true
    }

    /// Keeps a snapshot every `snapshotInterval` actions of a settled canvas (no stroke under way);
    /// at most `undoDepth / snapshotInterval` of them, as baking shifts them toward the base.
    private func updateSnapshots(_ model: PaintModel) {
        snapshots.removeAll { $0.count > model.history.count || $0.surface.scale != scale }
        let n = model.history.count
        guard let surface, model.current == nil, n > 0, n - (snapshots.last?.count ?? 0) >= snapshotInterval,
              !snapshots.contains(where: { $0.count == n }) else { return }
        snapshots.append((n, surface.grown(to: surface.size)))
        snapshots.sort { $0.count < $1.count }
    }

    /// Paints the canvas again from the base (or the latest snapshot) and the history.
    func rebuild(_ model: PaintModel) {
        guard let surface else { return }
        let (blank, actions) = model.replay
        // The latest snapshot at or after the replay's start (a clear) saves replaying what it holds.
        let snapshot = snapshots.last { $0.count >= actions.startIndex && $0.count <= actions.endIndex }
        surface.draw { cr in
            cr.setSourceRGB(0, 0, 0)
            cr.paint()
            if let snapshot {
                cr.setSource(snapshot.surface)
                cr.paint()
            } else if !blank, let base {
                cr.setSource(base)
                cr.paint()
            }
        }
        for a in actions[(snapshot?.count ?? actions.startIndex)...] { apply(a, to: surface) }
        clearStrokeLayer()
        if let s = model.current {
            if s.opacity < 1 {
                paintIntoStrokeLayer(s.dabs, color: s.color, radius: s.radius)
            } else {
                Self.paintDabs(s.dabs, color: s.color, radius: s.radius, on: surface)
            }
        }
    }

    private func apply(_ action: PaintAction, to surface: ImageSurface) {
        switch action {
        case .stroke(let s): Self.paintDabs(s.dabs, color: s.color, radius: s.radius, opacity: s.opacity, on: surface)
        case .clear:
            surface.draw { cr in
                cr.setSourceRGB(0, 0, 0)
                cr.paint()
            }
        case .paste(let p): paintPicture(p, on: surface, replacing: false)
        case .open(let p, _, _): paintPicture(p, on: surface, replacing: true)
        }
    }

    /// Paints a pasted picture over `surface`, or an opened one in place of everything on it.
    private func paintPicture(_ p: PlacedPicture, on surface: ImageSurface, replacing: Bool) {
        let picture = pictures[p.id]
        surface.draw { cr in
            if replacing {
                cr.setSourceRGB(0, 0, 0)
                cr.paint()
            }
            guard let picture else { return }
            cr.setSource(picture, at: p.origin.x, p.origin.y)
            cr.paint()
        }
    }

    /// Fills all the dab circles as one path: one fill per batch instead of one per dab. The
    /// circles of one path unite (nonzero winding), so a whole stroke filled at `opacity` covers
    /// every pixel once, however often its dabs overlap: the same as drawing it into a layer and
    /// compositing that, which is how a live stroke is shown (`paintIntoStrokeLayer`).
    static func paintDabs(_ centers: [Point], color: RGBColor, radius: Double, opacity: Double = 1, on surface: ImageSurface) {
        guard !centers.isEmpty else { return }
        surface.draw { cr in
            Color(color.rgb).with(alpha: opacity).set(cr)
            for c in centers { cr.circle(c, radius) }
            cr.fill()
        }
    }

    /// Makes `picture` the whole canvas with no history under it (a restored picture): it becomes
    /// the base that undo rebuilds from.
    func replace(with picture: ImageSurface) {
        strokeLayer = nil
        strokeLayerDirty = nil
        snapshots = []
        size = (max(size.width, Int(picture.size.width.rounded(.up)), 1), max(size.height, Int(picture.size.height.rounded(.up)), 1))
        let fresh = Self.grow(nil, width: size.width, height: size.height, scale: scale)
        fresh.draw { cr in
            cr.setSource(picture)
            cr.paint()
        }
        base = fresh
        surface = fresh.grown(to: fresh.size)
    }

    /// Puts `picture` under the model's history (a restored canvas that arrives after a picture
    /// was opened over it) and paints the history over it again.
    func putUnder(_ picture: ImageSurface, model: PaintModel) {
        snapshots = []
        ensure(width: Int(picture.size.width.rounded(.up)), height: Int(picture.size.height.rounded(.up)),
               documentSize: model.documentSize, current: model.current)
        let fresh = Self.grow(nil, width: size.width, height: size.height, scale: scale)
        fresh.draw { cr in
            cr.setSource(picture)
            cr.paint()
        }
        base = fresh
        rebuild(model)
    }

    /// The canvas's pixel at `p` (points from its top left) as a color; nil outside it.
    func color(at p: Point) -> RGBColor? {
        guard let surface else { return nil }
        let x = Int((p.x * scale).rounded(.down)), y = Int((p.y * scale).rounded(.down))
        guard x >= 0, y >= 0, x < surface.pixelWidth, y < surface.pixelHeight else { return nil }
        let pixel = surface.withPixels { base, stride in base.load(fromByteOffset: y * stride + x * 4, as: UInt32.self) }
        return RGBColor(cairoPixel: pixel, hasAlpha: surface.format == .argb)
    }
}
