import Foundation
import TouchDeskInterface
import TouchDeskModels
import TouchDeskToolkit

extension MandelbrotApp {
    /// For a screen reader: the picture, described by where it looks and how deep, and the
    /// app's message, announced.
    public var accessibleContent: [AccessibleNode] {
        let w = model.window
        let re = w.center.x.double, im = w.center.y.double
        let centre = String(format: "%.6g %@ %.6gi", re, im < 0 ? "−" : "+", abs(im))
        let description = tr("The Mandelbrot set around {0}, zoom {1}, iteration limit {2}, {3}; journey: {4}. Keys 1 to 4 zoom into a quarter.",
                             centre, w.zoomText, String(model.limit), tr(model.palette.title), model.journeyText)
        // The limit as a slider a client can set: Iter − and Iter + ([ and ]) halve and double it.
        let keys = [Control.fewer, .more].map { controls[$0]?.keys.first.map { [InputEvent.key($0.keyPress)] } ?? [] }
        let range = Double(MandelbrotModel.limitRange.lowerBound)...Double(MandelbrotModel.limitRange.upperBound)
        let limit = AccessibleNode(id: "limit", role: .slider, name: tr("Iteration limit"), description: tr("Iter − halves it, Iter + doubles it"),
                                   states: [.enabled, .showing], frame: imageRect,
                                   value: AccessibleNode.ValueState(Double(model.limit), range: range,
                                                                    adjusters: [.init(down: keys[0], up: keys[1])]))
        // The keys-only actions (Julia set, autopilot, quadrants, pans…) on the picture; flying by
        // Page Up/Down means holding the key, so a screen reader's user flies by the autopilot.
        var picture = AccessibleNode(id: "picture", role: .canvas, name: tr("Mandelbrot set"), description: description, frame: imageRect)
        picture.actions = controls.keyActions(except: [.flyIn, .flyOut])
        return [picture, limit]
    }
}
