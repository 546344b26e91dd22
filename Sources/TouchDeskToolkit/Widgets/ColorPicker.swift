import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskModels

/// A hue/saturation/value colour picker drawn in a panel: a square of saturation (left to right)
/// and value (bottom to top) for the chosen hue, a hue strip beside it, the old and new colour side
/// by side with the new one's hex code, and Use and Cancel buttons.
///
/// Mouse: click or drag in the square or the strip. Keys: Tab moves between the square and the
/// strip, arrows adjust the one in focus (Shift for bigger steps), typing a hex code (`#`, then
/// six or three hex digits) sets the colour, Enter uses the colour, Esc cancels (or first drops a
/// half-typed code). The colour is kept as `HSVColor` while editing, so a hue survives a trip through grey.
public final class ColorPicker {
    public enum Outcome: Equatable {
        /// Not for the picker (the panel is closed, or a key it does not use).
        case ignored
        /// The picker took the event; the colour may have changed.
        case consumed
        /// Use this colour.
        case accepted(RGBColor)
        case cancelled
    }

    /// Which part arrows adjust.
    public enum Part: Equatable { case square, hue }

    public private(set) var isOpen = false
    /// The colour being edited.
    public private(set) var hsv = HSVColor(hue: 0, saturation: 0, value: 1)
    /// The colour when the picker opened: what Cancel keeps.
    public private(set) var original = RGBColor.white
    public private(set) var focus = Part.square
    public private(set) var panel = Rect.zero
    public private(set) var square = Rect.zero
    public private(set) var hueStrip = Rect.zero
    private var preview = Rect.zero
    private var dragging: Part?
    /// The hex digits of a code being typed (shown after "#" in place of the colour's own code),
    /// nil when none is.
    public private(set) var typed: String?
    public enum Control: String, ControlID {
        case use = "picker.use", cancel = "picker.cancel"
    }
    public let buttons = Controls<Control>()

    /// Steps of the arrows: 1 % of saturation or value, 1° of hue; with Shift ten times that.
    public static let step = 0.01, hueStep = 1.0, bigStep = 10.0

    public init() {
        buttons.add(.use, "Use", key: .key("Return", "KP_Enter"), help: "Use the picked colour")
        buttons.add(.cancel, "Cancel", key: .key("Escape"), help: "Close the picker, keeping the old colour")
    }

    public var color: RGBColor { hsv.rgb }

    public func open(with c: RGBColor) {
        isOpen = true
        original = c
        hsv = HSVColor(c)
        focus = .square
        dragging = nil
        typed = nil
    }

    public func close() {
        isOpen = false
        dragging = nil
        typed = nil
        panel = .zero; square = .zero; hueStrip = .zero; preview = .zero
        for b in buttons.items { buttons.place(b.id, at: .zero) }
    }

    // MARK: - Layout

    /// Centres the panel in `area` (the canvas), as large as fits up to a comfortable size.
    public func layout(in area: Rect) {
        guard isOpen else { return }
        let pad = 14.0, gap = 12.0, stripW = 28.0, columnW = 140.0, rowH = ControlSizes.rowHeight
        let columnH = 52 + 8 + 22 + 8 + rowH + ControlSizes.gap + rowH
        let fitW = area.width - 16 - 2 * pad - stripW - columnW - 2 * gap
        let fitH = area.height - 16 - 2 * pad
        let side = max(60, min(320, fitW, fitH).rounded(.down))
        let w = 2 * pad + side + gap + stripW + gap + columnW
        let h = 2 * pad + max(side, columnH)
        panel = Rect(x: (area.midX - w / 2).rounded(), y: (area.midY - h / 2).rounded(), width: w, height: h)
        square = Rect(x: panel.x + pad, y: panel.y + pad, width: side, height: side)
        hueStrip = Rect(x: square.maxX + gap, y: square.y, width: stripW, height: side)
        let cx = hueStrip.maxX + gap
        preview = Rect(x: cx, y: panel.y + pad, width: columnW, height: 52)
        let buttonsY = panel.maxY - pad - 2 * rowH - ControlSizes.gap
        buttons.place(.use, at: Rect(x: cx, y: buttonsY, width: columnW, height: rowH))
        buttons.place(.cancel, at: Rect(x: cx, y: buttonsY + rowH + ControlSizes.gap, width: columnW, height: rowH))
    }

    // MARK: - Input

    public func handle(_ event: InputEvent) -> Outcome {
        guard isOpen else { return .ignored }
        // Keys go to the picker's own handling: Enter first ends a half-typed hex code.
        if case .key(let k) = event { return handleKey(k) }
        switch buttons.handle(event) {
        case .activated(.use): return accept()
        case .activated(.cancel): return cancel()
        case .consumed, .changed, .stepped: return .consumed
        case .ignored: break
        }
        switch event {
        case .touchBegan(let p):
            typed = nil
            if square.contains(p) { dragging = .square; focus = .square }
            else if hueStrip.contains(p) { dragging = .hue; focus = .hue }
            else if !panel.contains(p) { return cancel() }
            drag(to: p)
            return .consumed
        case .touchMoved(let p):
            drag(to: p)
            return .consumed
        case .touchEnded(let p):
            drag(to: p)
            dragging = nil
            return .consumed
        case .key(let k):
            return handleKey(k)
        case .hover, .leave, .scroll, .scrollSideways, .secondaryBegan, .secondaryMoved, .secondaryEnded, .middleClick:
            return .consumed
        default:
            return .ignored
        }
    }

    private func drag(to p: Point) {
        switch dragging {
        case .square?:
            let s = (p.x - square.x) / square.width, v = 1 - (p.y - square.y) / square.height
            hsv = HSVColor(hue: hsv.hue, saturation: s, value: v)
        case .hue?:
            // The strip runs from red at the top through the spectrum back to red; the bottom
            // edge stays just short of 360 so a drag to the end does not jump to the top.
            let t = min(max((p.y - hueStrip.y) / hueStrip.height, 0), 0.9999)
            hsv = HSVColor(hue: t * 360, saturation: hsv.saturation, value: hsv.value)
        case nil:
            break
        }
    }

    private func handleKey(_ k: Key) -> Outcome {
        if let outcome = typeHex(k) { return outcome }
        if k.is("Return") || k.is("KP_Enter") { return accept() }
        if k.is("Escape") { return cancel() }
        if k.is("Tab") || k.is("ISO_Left_Tab") {
            focus = focus == .square ? .hue : .square
            buttons.focused = nil
            return .consumed
        }
        let dx: Double, dy: Double
        switch k.name {
        case "Left", "KP_Left": (dx, dy) = (-1, 0)
        case "Right", "KP_Right": (dx, dy) = (1, 0)
        case "Up", "KP_Up": (dx, dy) = (0, 1)
        case "Down", "KP_Down": (dx, dy) = (0, -1)
        default: return k.control ? .ignored : .consumed
        }
        guard !k.control else { return .ignored }
        let times = k.shift ? Self.bigStep : 1
        typed = nil
        switch focus {
        case .square:
            hsv = HSVColor(hue: hsv.hue, saturation: hsv.saturation + dx * Self.step * times, value: hsv.value + dy * Self.step * times)
        case .hue:
            // Down the strip is up the hue, as the strip is drawn; Right and Up mean "more".
            let turn = (dx != 0 ? dx : -dy) * Self.hueStep * times
            hsv = HSVColor(hue: hsv.hue + turn, saturation: hsv.saturation, value: hsv.value)
        }
        return .consumed
    }

    /// A hex code typed into the picker: `#` starts one, hex digits add to it (a digit starts one
    /// too), Backspace takes one back. Six digits set the colour at once; Enter takes three as
    /// the short form (#F80 = #FF8800) and uses the colour, or with any other count keeps the
    /// picker open; Esc drops the half-typed code. Nil for keys that are not about a code.
    private func typeHex(_ k: Key) -> Outcome? {
        guard !k.control, !k.alt else { return nil }
        if k.text == "#" { typed = ""; return .consumed }
        if k.text.count == 1, let c = k.text.first, c.isHexDigit {
            let digits = (typed ?? "") + String(c).uppercased()
            if digits.count == 6, let rgb = RGBColor(hex: digits) {
                hsv = HSVColor(rgb)
                typed = nil
            } else {
                typed = digits
            }
            return .consumed
        }
        guard let digits = typed else { return nil }
        if k.is("BackSpace") { typed = String(digits.dropLast()); return .consumed }
        if k.is("Escape") { typed = nil; return .consumed }
        if k.is("Return") || k.is("KP_Enter") {
            guard digits.isEmpty || digits.count == 3, let rgb = digits.isEmpty ? color : RGBColor(hex: digits) else { return .consumed }
            hsv = HSVColor(rgb)
            return accept()
        }
        return nil
    }

    private func accept() -> Outcome {
        let c = color
        close()
        return .accepted(c)
    }

    private func cancel() -> Outcome {
        close()
        return .cancelled
    }

    // MARK: - Drawing

    public func draw(_ cr: CairoContext) {
        guard isOpen, panel.width > 0 else { return }
        Theme.drawPopupPanel(cr, panel, radius: 12)
        drawSquare(cr)
        drawHueStrip(cr)
        drawPreview(cr)
        buttons.draw(cr)
    }

    private func drawSquare(_ cr: CairoContext) {
        cr.fill(square, Color(hsv.pureHue.rgb))
        cr.setLinearGradient(from: Point(square.x, square.y), to: Point(square.maxX, square.y),
                             stops: [(0, Color(1, 1, 1, 1)), (1, Color(1, 1, 1, 0))])
        cr.rectangle(square)
        cr.fill()
        cr.setLinearGradient(from: Point(square.x, square.y), to: Point(square.x, square.maxY),
                             stops: [(0, Color(0, 0, 0, 0)), (1, Color(0, 0, 0, 1))])
        cr.rectangle(square)
        cr.fill()
        let m = Point(square.x + hsv.saturation * square.width, square.y + (1 - hsv.value) * square.height)
        cr.setLineWidth(2)
        Color(0, 0, 0).set(cr)
        cr.circle(m, 7)
        cr.stroke()
        Color(1, 1, 1).set(cr)
        cr.circle(m, 5.5)
        cr.stroke()
        if focus == .square && buttons.focused == nil { focusRing(cr, square) }
    }

    private func drawHueStrip(_ cr: CairoContext) {
        let stops: [(Double, Color)] = (0...6).map { (i: Int) -> (Double, Color) in
            let hue: Double = Double(i % 6) * 60
            return (Double(i) / 6, Color(HSVColor(hue: hue, saturation: 1, value: 1).rgb.rgb))
        }
        cr.setLinearGradient(from: Point(hueStrip.x, hueStrip.y), to: Point(hueStrip.x, hueStrip.maxY), stops: stops)
        cr.rectangle(hueStrip)
        cr.fill()
        let y = hueStrip.y + hsv.hue / 360 * hueStrip.height
        cr.setLineWidth(2)
        Color(0, 0, 0).set(cr)
        cr.rectangle(hueStrip.x - 3, y - 3, hueStrip.width + 6, 6)
        cr.stroke()
        Color(1, 1, 1).set(cr)
        cr.rectangle(hueStrip.x - 1, y - 1, hueStrip.width + 2, 2)
        cr.stroke()
        if focus == .hue && buttons.focused == nil { focusRing(cr, hueStrip) }
    }

    private func drawPreview(_ cr: CairoContext) {
        // Old on the left, new on the right, as in most editors' colour dialogs.
        let half = preview.width / 2
        cr.fill(Rect(x: preview.x, y: preview.y, width: half, height: preview.height), Color(original.rgb))
        cr.fill(Rect(x: preview.x + half, y: preview.y, width: preview.width - half, height: preview.height), Color(color.rgb))
        Theme.control.set(cr)
        cr.setLineWidth(1)
        cr.rectangle(preview.x + 0.5, preview.y + 0.5, preview.width - 1, preview.height - 1)
        cr.stroke()
        let textY = preview.maxY + 8 + 11
        if let typed {
            cr.text("#" + typed + "▏", x: preview.x, y: textY, size: Theme.TextSize.body, color: Theme.accent, weight: .bold)
        } else {
            cr.text(color.hex, x: preview.x, y: textY, size: Theme.TextSize.body, weight: .bold)
        }
        // Hue, saturation and value under it when the panel is tall enough.
        if let use = buttons[.use], use.frame.y - (textY + 11) >= 24 {
            let hsvText = "H \(Int(hsv.hue.rounded()))°  S \(Int((hsv.saturation * 100).rounded()))%  V \(Int((hsv.value * 100).rounded()))%"
            cr.text(hsvText, x: preview.x, y: textY + 22, size: Text.fittingSize(hsvText, width: preview.width, size: Theme.TextSize.caption),
                    color: Theme.dimText)
        }
    }

    private func focusRing(_ cr: CairoContext, _ r: Rect) {
        Theme.accent.set(cr)
        cr.setLineWidth(2)
        cr.rectangle(r.x - 4, r.y - 4, r.width + 8, r.height + 8)
        cr.stroke()
    }
}

extension ColorPicker: WidgetGroup {
    public var controlRects: [ControlRect] {
        guard isOpen else { return [] }
        return [ControlRect("picker.square", square), ControlRect("picker.hue", hueStrip)] + buttons.controlRects
    }

    public var keyHelp: [KeyHelp] {
        guard isOpen else { return [] }
        return [KeyHelp("Click, drag", "Pick saturation and value, or hue"),
                KeyHelp("Arrows", "Adjust the square or the hue strip (Shift: ×10)"),
                KeyHelp("Tab", "Switch between the square and the hue strip"),
                KeyHelp("#, 0–9, A–F", "Type a hex code: #RRGGBB, or #RGB then Enter")] + buttons.keyHelp
    }
}

extension ColorPicker: Focusing {
    /// The square, the hue strip (the arrows adjust them, so to the keyboard they are fields), Use and Cancel.
    public var focusables: [Focusable] {
        guard isOpen else { return [] }
        return [Focusable(name: "picker.square", frame: square, role: .field), Focusable(name: "picker.hue", frame: hueStrip, role: .field)]
            + buttons.focusables
    }
    public func isFocused(_ item: Focusable) -> Bool {
        guard isOpen else { return false }
        if buttons.focused != nil { return buttons.isFocused(item) }
        return item.name == (focus == .square ? "picker.square" : "picker.hue")
    }
    public func setKeyboardFocus(_ item: Focusable?) {
        buttons.setKeyboardFocus(item)
        if item?.name == "picker.square" { focus = .square } else if item?.name == "picker.hue" { focus = .hue }
    }
    public var holdsFocus: Bool { isOpen }
}
