import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskModels

/// What the tilt apps share on screen: the indicator of the active tilt source.
public enum TiltIndicator {
    /// Draws "Tilt: Keys" (or Mouse, Sensor) as a small pill whose right edge is at `right`,
    /// centred on `y`; returns its frame.
    @discardableResult
    public static func draw(_ cr: CairoContext, _ source: TiltSourceKind, right: Double, y: Double) -> Rect {
        let name = switch source {
        case .keyboard: tr("Keys")
        case .mouse: tr("Mouse")
        case .device: tr("Sensor")
        }
        let label = tr("Tilt: {0}", name)
        let w = Text.width(label, size: Theme.TextSize.caption, weight: .bold) + 18
        let frame = Rect(x: right - w, y: y - 11, width: w, height: 22)
        (source == .keyboard ? Theme.control : Theme.controlOn).set(cr)
        cr.roundedRect(frame, radius: 11)
        cr.fill()
        cr.text(label, x: frame.midX, y: frame.midY, size: Theme.TextSize.caption, color: Theme.text, weight: .bold, align: .center)
        return frame
    }
}

extension Controls {
    /// The keys every tilt app takes (Holes, Maze, Accelerometer), declared once here: the arrows
    /// and WASD tilt while held (`TiltInput.keys`), Space levels at once. F1, `--keys` and the
    /// accessible key bindings list them; `handle` answers a press with `.activated(tilt)` or
    /// `.activated(level)`, and the app hands that press, and the release no control takes, to its
    /// `TiltInput`.
    public func addTiltKeys(tilt: ID, level: ID, help: String) {
        addKeys(tilt, KeyChord(TiltInput.keys.flatMap(\.names)), shown: tr("Arrows, WASD"), help: "Tilt while held")
        addKeys(level, .key("space", shown: tr("Space")), help: help)
    }
}
