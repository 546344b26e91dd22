import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskModels
import TouchDeskToolkit

/// Paintbrush's colour tools: the colour picker (C), the eyedropper (I, or Alt+click on the
/// canvas), brush opacity ({ and }), and the More panel (M) for tools that do not fit the toolbar.
extension PaintApp {
    /// The opacity slider's range, in percent.
    static let opacityPercent = 5.0...100.0
    /// Opacity keys step by this much.
    static let opacityStep = 0.05
    /// From this app height up (every window from the 400 × 360 minimum) the toolbar may take
    /// two rows; below it, one.
    static let twoRowHeight = 250.0
    /// Which tools stay in the toolbar when not all fit, most important first: the seed's
    /// swatches (together), then the picker and undo; the rest wait behind More.
    static let toolPriority: [[Control]] = [PaintColor.allCases.map { .color($0) }, [.picker], [.undo], [.eraser], [.size], [.opacity],
                                            [.eyedropper], [.redo], [.save], [.copy], [.clear]]

    func addColorControls() {
        // The leading spaces leave room for the pill of the current colour (`drawColourTools`).
        controls.add(.picker, "  Colour…", key: .key("c"), help: "Colour picker: any hue, saturation and value")
        controls.add(.eyedropper, "Pick", key: .key("i"), kind: .toggle, help: "Eyedropper: the next click takes the canvas's colour")
    }

    /// Esc while the eyedropper is armed or the More panel open: both close; false for other keys.
    func handleColorKey(_ k: Key) -> Bool {
        guard k.is("Escape") && (picksNext || toolbar.isPanelOpen) else { return false }
        picksNext = false
        toolbar.closePanel()
        return true
    }

    func openPicker() {
        picksNext = false
        toolbar.closePanel()
        if model.current != nil { model.endStroke(at: nil); paintChanges() }
        picker.open(with: model.color)
        picker.layout(in: canvasRect)
        hover = nil
        syncControls()
    }

    /// Input while the picker is open, and Alt+clicks: the picker is modal (a click outside it
    /// cancels it); an Alt+click on the canvas takes the colour under the pointer.
    func handleColorEvent(_ event: InputEvent) -> Bool {
        if case .altClick(let p) = event {
            guard !picker.isOpen, canvasRect.contains(p) else { return picker.isOpen }
            pickColor(at: p)
            syncControls()
            return true
        }
        switch picker.handle(event) {
        case .accepted(let c):
            model.color = c
        case .cancelled, .consumed:
            break
        case .ignored:
            return false
        }
        syncControls()
        return true
    }

    /// The eyedropper: the canvas's colour at `p` (in the app's coordinates) becomes the brush's.
    func pickColor(at p: Point) {
        picksNext = false
        guard let c = colorOnCanvas(at: p) else { return }
        model.pick(c)
        toast.show(tr("Colour {0} taken from the canvas", c.hex), isError: false)
    }

    /// The colour the canvas shows at `p`, in the app's coordinates; nil off the canvas.
    func colorOnCanvas(at p: Point) -> RGBColor? {
        guard canvasRect.contains(p), pictureFrame.contains(p) else { return nil }
        return canvas.color(at: picturePoint(p))
    }

    /// The current colour on the picker button, and the eyedropper's hint and cross-hair.
    func drawColorTools(_ cr: CairoContext) {
        if let f = controls[.picker]?.frame, f.width > 0 {
            // A pill of the brush colour in the button's left margin, outlined so black shows.
            let pill = Rect(x: f.x + 4, y: f.y + 7, width: 6, height: f.height - 14)
            Color(model.color.rgb).set(cr)
            cr.roundedRect(pill, radius: 3)
            cr.fill()
            Theme.dimText.set(cr)
            cr.setLineWidth(1)
            cr.roundedRect(Rect(x: pill.x - 0.5, y: pill.y - 0.5, width: pill.width + 1, height: pill.height + 1), radius: 3.5)
            cr.stroke()
        }
        guard picksNext, canvasRect.height > 40 else { return }
        let hint = tr("Eyedropper: click the canvas to take its colour (Alt+click works any time) · Esc cancels")
        let size = Text.fittingSize(hint, width: canvasRect.width - 40, size: Theme.TextSize.caption)
        let w = min(canvasRect.width - 16, Text.width(hint, size: size) + 24)
        let box = Rect(x: canvasRect.midX - w / 2, y: canvasRect.y + 8, width: w, height: 26)
        Theme.bar.with(alpha: 0.92).set(cr)
        cr.roundedRect(box, radius: 6)
        cr.fill()
        cr.text(hint, x: box.midX, y: box.midY, size: size, color: Theme.text, align: .center)
        if let hover, canvasRect.contains(hover) {
            cr.setLineWidth(1)
            for (color, d) in [(Color(0, 0, 0), 1.0), (Color(1, 1, 1), 0.0)] {
                color.set(cr)
                cr.moveTo(hover.x - 9 + d, hover.y + d); cr.lineTo(hover.x - 3 + d, hover.y + d)
                cr.moveTo(hover.x + 3 + d, hover.y + d); cr.lineTo(hover.x + 9 + d, hover.y + d)
                cr.moveTo(hover.x + d, hover.y - 9 + d); cr.lineTo(hover.x + d, hover.y - 3 + d)
                cr.moveTo(hover.x + d, hover.y + 3 + d); cr.lineTo(hover.x + d, hover.y + 9 + d)
                cr.stroke()
            }
        }
    }
}

extension InputEvent {
    var isAltClick: Bool { if case .altClick = self { true } else { false } }
}
