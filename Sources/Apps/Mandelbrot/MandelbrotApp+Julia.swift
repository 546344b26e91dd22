import TouchDeskInterface
import TouchDeskModels
import TouchDeskToolkit

/// Julia sets (`MandelbrotModel+Julia`): J shows the Julia set of the point under the pointer in
/// place of the Mandelbrot set; while J is held, c follows the pointer over the Mandelbrot view
/// J was pressed on, and the picture with it. J again goes back.
extension MandelbrotApp {
    /// The events Julia sets take (nil: not theirs): the pointer's place, and J held or let go.
    func handleJulia(_ event: InputEvent) -> Bool? {
        switch event {
        case .hover(let p), .touchMoved(let p):
            pointer = p
            guard juliaKeyDown, model.julia != nil, model.flight == nil, imageRect.contains(p) else { return nil }
            showJulia(under: p)
            return true
        case .key(let k) where controls.isKey(k, of: .julia):
            // Held, the key repeats: only its first press toggles.
            if juliaKeyDown { return true }
            juliaKeyDown = true
            return nil
        case .keyUp(let k) where controls.isKey(k, of: .julia):
            juliaKeyDown = false
            return true
        default:
            return nil
        }
    }

    /// J: the Julia set of the point under the pointer (or of the centre), or back to the Mandelbrot set.
    func toggleJulia() {
        if model.julia != nil {
            model.hideJulia()
            restart(preview: nil)
        } else if let p = pointer, imageRect.contains(p) {
            showJulia(under: p)
        } else {
            model.showJulia(model.window.center)
            restart(preview: nil)
        }
    }

    /// The Julia set of the Mandelbrot view's point under `p`.
    private func showJulia(under p: Point) {
        let (fx, fy) = widths(at: devicePoint(p))
        model.showJulia(model.mandelbrotPoint(atWidths: fx, fy))
        restart(preview: nil)
    }
}
