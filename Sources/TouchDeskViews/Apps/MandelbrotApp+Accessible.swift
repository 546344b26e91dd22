import Foundation
import TouchDeskInterface

extension MandelbrotApp {
    /// For a screen reader: the picture, described by where it looks and how deep, and the
    /// app's message, announced.
    public var accessibleContent: [AccessibleNode] {
        let w = model.window
        let re = w.center.x.double, im = w.center.y.double
        let centre = String(format: "%.6g %@ %.6gi", re, im < 0 ? "−" : "+", abs(im))
        let description = "The Mandelbrot set around \(centre), zoom \(w.zoomText), iteration limit \(model.limit), "
            + "\(model.palette.title) colours; journey: \(model.journeyText). Keys 1 to 4 zoom into a quarter."
        return [AccessibleNode(id: "picture", role: .canvas, name: "Mandelbrot set", description: description, frame: imageRect),
                AccessibleNode(id: "message", role: .statusBar, name: "Message", text: AccessibleNode.TextState(toastMessage ?? ""), isLive: true)]
    }
}
