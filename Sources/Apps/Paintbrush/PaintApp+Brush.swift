import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskModels
import TouchDeskToolkit

/// The keyboard brush (`KeyboardBrush`): arrows move a cursor over the canvas, Space paints,
/// Shift+arrows draw a line. Its strokes go through the model as a drag's do.
extension PaintApp {
    /// The brush's keys, declared once (F1, `--keys`): `handleKey` gives the keys they answer to
    /// the brush.
    enum BrushKey: String, ControlID { case move, dab, line }

    static func makeBrushKeys() -> Controls<BrushKey> {
        let keys = Controls<BrushKey>()
        let arrows = KeyboardBrush.arrows.flatMap(\.names)
        keys.addKeys(.move, KeyChord(arrows, shift: false, shown: tr("← → ↑ ↓")), help: "Move the keyboard brush")
        keys.addKeys(.dab, .key("space", shown: tr("Space")), help: "Paint a dab; hold with the arrows to paint")
        keys.addKeys(.line, KeyChord(arrows, shift: true, shown: tr("Shift+← → ↑ ↓")), help: "Draw a straight line")
        return keys
    }

    /// Takes the arrows and Space for the brush; false for any other key.
    func handleBrushKey(_ k: Key) -> Bool {
        let size = pictureSize
        guard KeyboardBrush.uses(k), size.width > 0, size.height > 0 else { return false }
        // The brush moves over the picture, in picture points: at any zoom it paints where it shows.
        let step = max(1 / pixelScale, KeyboardBrush.step / viewport.zoom)
        apply(keyBrush.press(k, in: Rect(x: 0, y: 0, width: size.width, height: size.height), step: step))
        revealBrush()
        return true
    }

    /// Space or Shift let go; false if the brush had no use for it.
    func handleBrushRelease(_ k: Key) -> Bool {
        let actions = keyBrush.release(k)
        apply(actions)
        return !actions.isEmpty
    }

    private func apply(_ actions: [KeyboardBrush.Action]) {
        guard !actions.isEmpty else { return }
        for a in actions {
            switch a {
            case .begin(let p): model.beginStroke(at: p)
            case .extend(let p): model.extendStroke(to: p)
            case .end(let p): model.endStroke(at: model.current == nil ? nil : p)
            }
        }
        paintChanges()
        syncControls()
    }

    /// The keyboard brush's cursor: the brush's size, in two tones so it shows on any colour.
    func drawBrushCursor(_ cr: CairoContext) {
        guard let at = keyBrush.position, !picker.isOpen else { return }
        let p = appPoint(at), r = max(3, model.radius * viewport.zoom)
        guard canvasRect.contains(p) else { return }
        cr.setLineWidth(3)
        Color(0, 0, 0, 0.8).set(cr)
        cr.circle(p, r)
        cr.stroke()
        cr.setLineWidth(1.5)
        Theme.accent.set(cr)
        cr.circle(p, r)
        cr.stroke()
    }
}
