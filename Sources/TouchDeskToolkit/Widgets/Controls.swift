import TouchDeskDrawing
import TouchDeskFiles
import TouchDeskInterface
import TouchDeskModels

/// The sizes every control shares (a generic class holds no static constants).
public enum ControlSizes {
    public static let rowHeight = 36.0
    public static let gap = 6.0
    public static let labelSize = Theme.TextSize.label
    public static let hintSize = Theme.TextSize.hint
    /// The longest a slider grows: past this a drag moves the value too little per point, and a
    /// slider across a whole large window reads as a divider, not a control.
    public static let maxSliderWidth = 420.0

    /// The row height of a compact toolbar or column: still a comfortable target for a pointer.
    public static let compactRowHeight = 30.0
}

/// The small widget set: push buttons, toggles, colour swatches and sliders, laid out in rows,
/// and keys that are no button at all (arrows that pan), each named by the app's own `ID` enum.
///
/// A control is declared once, with its label and its keys (`add(.undo, "Undo", key: .control("z"))`):
/// the button shows the first key, `handle` answers `.activated(.undo)` for the click and for the
/// key alike, and the keys overlay (F1) lists every key. A touch that begins on a control belongs
/// to that control until it ends (so a drag that starts on a slider moves the slider, never the
/// canvas beneath); `handle` says what happened.
public final class Controls<ID: ControlID> {
    public enum Kind: Equatable {
        case button
        /// A button that shows an on/off state.
        case toggle
        /// A round colour swatch.
        case swatch(Color)
        case slider(ClosedRange<Double>)
        /// Keys only, with no place on screen (arrows to pan, digits for quadrants): listed by the
        /// keys overlay like the rest.
        case keys
    }

    public struct Control: Equatable {
        public var id: ID
        public var label: String
        /// The keys that press it, the first shown on it. A slider's are its down and up keys.
        public var keys: [KeyChord]
        public var kind: Kind
        public var frame: Rect = .zero
        public var isEnabled = true
        public var isOn = false
        public var value = 0.0
        /// What the control does, for the keys overlay when the label alone does not say ("−").
        public var help: String?
        /// The label in a compact toolbar ("+" for "Zoom in"), if shorter than `label`.
        public var shortLabel: String?
        /// Whether Tab reaches it. False for a button that comes and goes with work under way
        /// (Web Pages' Stop, enabled only while a page loads): the ring stays the same whatever
        /// the timing, and its key (shown in F1) works throughout.
        public var isTabStop = true

        /// The key hint the control shows: its first key; a slider's down and up keys.
        public var shortcut: String {
            if case .slider = kind { return keys.map(\.shown).joined(separator: " ") }
            return keys.first?.shown ?? ""
        }
        /// Whether it has a place on screen.
        var isShown: Bool { kind != .keys }
    }

    public enum Outcome: Equatable {
        /// The event was not on any control.
        case ignored
        /// A control took the event (hover, press, a drag in progress) without a result yet.
        case consumed
        /// A button or toggle was clicked, or one of its keys pressed.
        case activated(ID)
        /// A slider moved to a new value.
        case changed(ID, Double)
        /// A slider's down (-1) or up (+1) key was pressed: the app takes its own step.
        case stepped(ID, Int)
    }

    public private(set) var items: [Control] = []
    /// Whether buttons show their short labels, and keep their key hint only if it is a single
    /// key: a small window's toolbar then takes fewer rows. The keys overlay (F1) lists every
    /// control's full name and key either way.
    public var isCompact = false
    public private(set) var hovered: ID?
    public private(set) var pressed: ID?
    /// The control with keyboard focus (see `Form`): drawn with a focus ring.
    public var focused: ID?

    public init() {}

    // MARK: - Building

    /// Declares a control: its label, the keys that press it (the first shown on it), its kind.
    public func add(_ id: ID, _ label: String, short: String? = nil, key: KeyChord? = nil, also: [KeyChord] = [], kind: Kind = .button,
                    value: Double = 0, help: String? = nil) {
        // Labels and help enter the window here: translated once, in the user's language.
        items.append(Control(id: id, label: tr(label), keys: (key.map { [$0] } ?? []) + also, kind: kind, value: value, help: help.map { tr($0) },
                             shortLabel: short.map { tr($0) }))
    }

    /// Declares a slider with the keys that step it down and up.
    public func addSlider(_ id: ID, _ label: String, range: ClosedRange<Double>, down: KeyChord? = nil, up: KeyChord? = nil,
                          value: Double = 0, help: String? = nil) {
        items.append(Control(id: id, label: tr(label), keys: [down, up].compactMap { $0 }, kind: .slider(range), value: value, help: help.map { tr($0) }))
    }

    /// Declares keys that are no button (arrows that pan): answered and listed like a button's.
    public func addKeys(_ id: ID, _ keys: KeyChord..., shown: String? = nil, help: String) {
        var chords = keys
        if let shown, !chords.isEmpty { chords[0].shown = shown }
        items.append(Control(id: id, label: tr(help), keys: chords, kind: .keys, help: tr(help)))
    }

    public subscript(id: ID) -> Control? { items.first { $0.id == id } }

    /// The controls with a place on screen (not the keys-only ones).
    public var shownItems: [Control] { items.filter(\.isShown) }

    public func setEnabled(_ id: ID, _ on: Bool) { update(id) { $0.isEnabled = on } }
    public func setTabStop(_ id: ID, _ on: Bool) { update(id) { $0.isTabStop = on } }
    public func setOn(_ id: ID, _ on: Bool) { update(id) { $0.isOn = on } }
    public func setValue(_ id: ID, _ v: Double) { update(id) { $0.value = v } }
    /// Changes what a control says (a button that shows the zoom); lay the controls out again after.
    public func setLabel(_ id: ID, _ label: String) { update(id) { $0.label = label } }

    private func update(_ id: ID, _ f: (inout Control) -> Void) {
        if let i = items.firstIndex(where: { $0.id == id }) { f(&items[i]) }
    }

    /// The label a control shows now: its short one in a compact toolbar.
    public func shownLabel(_ c: Control) -> String { isCompact ? c.shortLabel ?? c.label : c.label }

    /// Whether a compact toolbar makes room for the control's key hint: a single key ("N", "+")
    /// yes, a chord ("Ctrl+Shift+Z") only where it fits (the keys overlay lists it anyway).
    private func plansHint(_ c: Control) -> Bool {
        !c.shortcut.isEmpty && !showsKeyAsLabel(c) && !(isCompact && c.shortcut.count > 1 && c.shortcut.contains("+"))
    }

    /// A button labelled with its own key ("+"): the label is the hint.
    private func showsKeyAsLabel(_ c: Control) -> Bool { shownLabel(c) == c.shortcut }

    /// The width a control would like.
    public func preferredWidth(_ c: Control) -> Double {
        switch c.kind {
        case .keys: return 0
        case .swatch: return height
        case .slider: return 200
        case .button, .toggle:
            let hint = plansHint(c) ? Text.width(c.shortcut, size: ControlSizes.hintSize) + 8 : 0
            return max(height, Text.width(shownLabel(c), size: ControlSizes.labelSize, weight: .bold) + hint + 22)
        }
    }

    /// The height of a row of controls now.
    public var height: Double { isCompact ? ControlSizes.compactRowHeight : ControlSizes.rowHeight }

    /// Lays every control out left to right in `rect`, wrapping to new rows, and returns the height
    /// used. Sliders stretch to share what is left of their row.
    @discardableResult
    public func layoutRows(in rect: Rect, centered: Bool = false) -> Double {
        let h = height, g = ControlSizes.gap
        var rows: [[Int]] = [[]]
        var used = 0.0
        for i in items.indices where items[i].isShown {
            let w = min(preferredWidth(items[i]), rect.width)
            if !rows[rows.count - 1].isEmpty && used + g + w > rect.width {
                rows.append([]); used = 0
            }
            used += (rows[rows.count - 1].isEmpty ? 0 : g) + w
            rows[rows.count - 1].append(i)
        }
        for (r, row) in rows.enumerated() {
            let widths = row.map { min(preferredWidth(items[$0]), rect.width) }
            let natural = widths.reduce(0, +) + g * Double(max(0, row.count - 1))
            let sliders = row.filter { if case .slider = items[$0].kind { return true } else { return false } }.count
            let extra = sliders > 0 ? max(0, rect.width - natural) / Double(sliders) : 0
            let finalWidths = row.enumerated().map { k, i -> Double in
                if case .slider = items[i].kind { return max(widths[k], min(widths[k] + extra, ControlSizes.maxSliderWidth)) }
                return widths[k]
            }
            let used = finalWidths.reduce(0, +) + g * Double(max(0, row.count - 1))
            var x = centered ? rect.x + max(0, (rect.width - used) / 2).rounded() : rect.x
            for (k, i) in row.enumerated() {
                let w = finalWidths[k]
                items[i].frame = Rect(x: x, y: rect.y + Double(r) * (h + g), width: w, height: h)
                x += w + g
            }
        }
        return Double(rows.count) * h + Double(rows.count - 1) * g
    }

    /// Lays the controls out in rows along the bottom of `size`, `padding` from the edges, and
    /// returns the toolbar's whole height, which the content above must leave free. The toolbar
    /// goes compact (short labels, lower rows) when that saves a row.
    public func layoutToolbar(atBottomOf size: Size, padding: Double = 8, centered: Bool = false) -> Double {
        let area = Rect(x: padding, y: 0, width: max(0, size.width - 2 * padding), height: 0)
        isCompact = false
        var rows = layoutRows(in: area, centered: centered)
        if rows > ControlSizes.rowHeight {
            isCompact = true
            let compact = layoutRows(in: area, centered: centered)
            if Self.rowCount(compact, rowHeight: ControlSizes.compactRowHeight) < Self.rowCount(rows, rowHeight: ControlSizes.rowHeight) {
                rows = compact
            } else {
                isCompact = false
                rows = layoutRows(in: area, centered: centered)
            }
        }
        let height = rows + 2 * padding
        for i in items.indices { items[i].frame.y += size.height - height + padding }
        return height
    }

    private static func rowCount(_ height: Double, rowHeight: Double) -> Int { Int(((height + ControlSizes.gap) / (rowHeight + ControlSizes.gap)).rounded()) }

    /// Lays the controls out in `columns` columns of equal width filling `rect.width`, from
    /// `rect`'s top: down each column in turn, or (`rowFirst`) across each row in turn. Returns
    /// the height used.
    @discardableResult
    public func layoutColumns(in rect: Rect, columns: Int, gap: Double = ControlSizes.gap, rowFirst: Bool = false) -> Double {
        let n = max(1, columns), g = gap, h = height
        let w = max(0, (rect.width - g * Double(n - 1)) / Double(n))
        let shown = items.indices.filter { items[$0].isShown }
        let perColumn = (shown.count + n - 1) / n
        for (k, i) in shown.enumerated() {
            let column = rowFirst ? k % n : k / max(1, perColumn), row = rowFirst ? k / n : k % max(1, perColumn)
            items[i].frame = Rect(x: rect.x + Double(column) * (w + g), y: rect.y + Double(row) * (h + g), width: w, height: h)
        }
        return Double(perColumn) * h + Double(max(0, perColumn - 1)) * g
    }

    /// Places one control at an explicit frame.
    public func place(_ id: ID, at frame: Rect) { update(id) { $0.frame = frame } }

    // MARK: - Input

    public func handle(_ event: InputEvent) -> Outcome {
        switch event {
        case .key(let k):
            return key(k)
        case .hover(let p):
            let id = hit(p)?.id
            if id != hovered { hovered = id; return id == nil ? .ignored : .consumed }
            return id == nil ? .ignored : .consumed
        case .leave:
            hovered = nil
            return .ignored
        case .touchBegan(let p):
            guard let c = hit(p) else { return .ignored }
            hovered = c.id
            guard c.isEnabled else { return .consumed }
            pressed = c.id
            if case .slider(let range) = c.kind { return slide(c, range, to: p) }
            return .consumed
        case .touchMoved(let p):
            guard let id = pressed, let c = self[id] else { return .ignored }
            hovered = c.frame.contains(p) ? id : nil
            if case .slider(let range) = c.kind { return slide(c, range, to: p) }
            return .consumed
        case .touchEnded(let p):
            guard let id = pressed, let c = self[id] else { return .ignored }
            pressed = nil
            hovered = hit(p)?.id
            switch c.kind {
            case .slider(let range): return slide(c, range, to: p)
            default: return c.frame.contains(p) ? .activated(id) : .consumed
            }
        default:
            return .ignored
        }
    }

    private func hit(_ p: Point) -> Control? { items.first { $0.isShown && $0.frame.contains(p) } }

    /// Whether `k` is one of the keys declared for `id`: for an app that must see a control's key
    /// before a focused field or page does (Ctrl+L over a text field), so the chord is still
    /// written only where the control is declared.
    public func isKey(_ k: Key, of id: ID) -> Bool { self[id]?.keys.contains { $0.matches(k) } ?? false }

    /// The enabled control one of whose keys this is: pressed, or (a slider) stepped.
    private func key(_ k: Key) -> Outcome {
        for c in items where c.isEnabled {
            guard let i = c.keys.firstIndex(where: { $0.matches(k) }) else { continue }
            if case .slider = c.kind { return .stepped(c.id, i == 0 && c.keys.count > 1 ? -1 : 1) }
            return .activated(c.id)
        }
        return .ignored
    }

    private func slide(_ c: Control, _ range: ClosedRange<Double>, to p: Point) -> Outcome {
        let track = Self.track(of: c)
        let t = track.width > 0 ? min(max((p.x - track.x) / track.width, 0), 1) : 0
        let v = (range.lowerBound + t * (range.upperBound - range.lowerBound)).rounded()
        if v == c.value { return .consumed }
        setValue(c.id, v)
        return .changed(c.id, v)
    }

    /// The slider's track: right of its label, left of its value and key hint.
    public static func track(of c: Control) -> Rect {
        let (labelW, hintW) = sliderMargins(c)
        let x = c.frame.x + labelW
        return Rect(x: x, y: c.frame.midY - 2, width: max(10, c.frame.width - labelW - hintW), height: 4)
    }

    /// A slider's room left of its track (the label) and right of it (the value and the keys).
    private static func sliderMargins(_ c: Control) -> (label: Double, hint: Double) {
        let labelW = Text.width(c.label, size: ControlSizes.labelSize, weight: .bold) + 16
        // Room for the widest value the slider can show ("100" as well as "60").
        var valueW = 0.0
        if case .slider(let range) = c.kind { valueW = Text.width(String(Int(range.upperBound)), size: ControlSizes.labelSize, weight: .bold) }
        return (labelW, Text.width(c.shortcut, size: ControlSizes.hintSize) + max(44, valueW + 24))
    }

    /// The narrowest a control may be: a slider keeps a short track beside its label, value and
    /// keys (it grows into what its row leaves); any other control its preferred width.
    public func minimumWidth(_ c: Control) -> Double {
        guard case .slider = c.kind else { return preferredWidth(c) }
        let (labelW, hintW) = Self.sliderMargins(c)
        return min(preferredWidth(c), labelW + hintW + 40)
    }

    // MARK: - Drawing

    public func draw(_ cr: CairoContext) {
        for c in items where c.isShown && c.frame.width > 0 { draw(c, cr) }
    }

    private func draw(_ c: Control, _ cr: CairoContext) {
        drawFace(c, cr)
        // The keyboard's focus (Tab): a ring around any kind of control.
        if focused == c.id {
            Theme.accent.set(cr)
            cr.setLineWidth(2)
            cr.roundedRect(c.frame.insetBy(1), radius: 6)
            cr.stroke()
        }
    }

    private func drawFace(_ c: Control, _ cr: CairoContext) {
        let isPressed = pressed == c.id && hovered == c.id
        let isHover = hovered == c.id
        let alpha = c.isEnabled ? 1.0 : 0.4
        switch c.kind {
        case .keys:
            break
        case .button, .toggle:
            let fill = isPressed ? Theme.controlPressed : (c.isOn ? Theme.controlOn : (isHover && c.isEnabled ? Theme.controlHover : Theme.control))
            fill.with(alpha: alpha).set(cr)
            cr.roundedRect(c.frame, radius: 7)
            cr.fill()
            // The label keeps its role's size: a hint that leaves it too little room is left to
            // the keys overlay, and only a label too long alone shrinks.
            let label = shownLabel(c)
            let fullW = Text.width(label, size: ControlSizes.labelSize, weight: .bold)
            var hintW = c.shortcut.isEmpty || showsKeyAsLabel(c) ? 0 : Text.width(c.shortcut, size: ControlSizes.hintSize) + 8
            if fullW + hintW > c.frame.width - 12 { hintW = 0 }
            let labelSize = Text.fittingSize(label, width: c.frame.width - hintW - 12, size: ControlSizes.labelSize, weight: .bold)
            let labelW = Text.width(label, size: labelSize, weight: .bold)
            let left = c.frame.midX - (labelW + hintW) / 2
            // On the accent fills (pressed, on) the label is white in either look.
            let onAccent = isPressed || c.isOn
            cr.text(label, x: left, y: c.frame.midY, size: labelSize, color: (onAccent ? Theme.onAccent : Theme.text).with(alpha: alpha), weight: .bold)
            if hintW > 0 {
                cr.text(c.shortcut, x: left + labelW + 8, y: c.frame.midY + 1, size: ControlSizes.hintSize,
                        color: onAccent ? Theme.onAccent.with(alpha: 0.85 * alpha) : Theme.dimText.with(alpha: alpha))
            }
        case .swatch(let color):
            let r = min(c.frame.height, c.frame.width) / 2 - 5
            let center = Point(c.frame.x + c.frame.height / 2, c.frame.midY)
            if c.isOn || isHover {
                (c.isOn ? Theme.accent : Theme.controlHover).set(cr)
                cr.circle(center, r + 4)
                cr.fill()
            }
            Theme.background.set(cr)
            cr.circle(center, r + 1.5)
            cr.fill()
            color.set(cr)
            cr.circle(center, r)
            cr.fill()
            // The key inside the swatch, dark on a light colour and light on a dark one.
            let light = 0.299 * color.r + 0.587 * color.g + 0.114 * color.b > 0.5
            cr.text(c.shortcut, x: center.x, y: center.y, size: ControlSizes.hintSize,
                    color: light ? Color(0, 0, 0, 0.75) : Color(1, 1, 1, 0.8), weight: .bold, align: .center)
        case .slider(let range):
            cr.text(c.label, x: c.frame.x + 4, y: c.frame.midY, size: ControlSizes.labelSize, weight: .bold)
            let track = Self.track(of: c)
            Theme.control.set(cr)
            cr.roundedRect(track, radius: 2)
            cr.fill()
            let t = range.upperBound > range.lowerBound ? (c.value - range.lowerBound) / (range.upperBound - range.lowerBound) : 0
            let knobX = track.x + t * track.width
            Theme.accent.set(cr)
            cr.roundedRect(Rect(x: track.x, y: track.y, width: knobX - track.x, height: track.height), radius: 2)
            cr.fill()
            (isPressed || isHover ? Theme.text : Theme.dimText).set(cr)
            cr.circle(Point(knobX, track.midY), isPressed ? 9 : 8)
            cr.fill()
            cr.text(String(Int(c.value)), x: track.maxX + 12, y: c.frame.midY, size: ControlSizes.labelSize, weight: .bold)
            cr.text(c.shortcut, x: c.frame.maxX - 4, y: c.frame.midY, size: ControlSizes.hintSize, color: Theme.dimText, align: .right)
        }
    }
}

/// A short message over the bottom of an app, fading after a few seconds.
public struct Toast {
    public var message = ""
    public var isError = false
    /// Ticks left before it disappears.
    public private(set) var ticksLeft = 0

    public init() {}

    public mutating func show(_ message: String, isError: Bool, seconds: Double = 4) {
        // A path in the message may hold bytes that are not UTF-8: shown as U+FFFD.
        // Fixed messages are translated here; composed ones arrive translated (`tr` with arguments).
        self.message = Paths.shown(tr(message)); self.isError = isError; ticksLeft = Int(seconds * 60)
    }

    public var isVisible: Bool { ticksLeft > 0 }

    /// Counts one tick down; true while still showing.
    public mutating func tick() -> Bool {
        if ticksLeft > 0 { ticksLeft -= 1 }
        return ticksLeft > 0
    }

    public func draw(_ cr: CairoContext, in area: Rect) {
        guard isVisible else { return }
        let size = Text.fittingSize(message, width: area.width - 40, size: Theme.TextSize.label)
        let w = min(area.width - 16, Text.width(message, size: size) + 28)
        let box = Rect(x: area.midX - w / 2, y: area.maxY - 52, width: w, height: 36)
        let alpha = min(1, Double(ticksLeft) / 30)
        (isError ? Theme.errorFill : Theme.successFill).with(alpha: 0.95 * alpha).set(cr)
        cr.roundedRect(box, radius: 8)
        cr.fill()
        cr.text(message, x: box.midX, y: box.midY, size: size, color: Theme.onAccent.with(alpha: alpha), align: .center)
    }
}
