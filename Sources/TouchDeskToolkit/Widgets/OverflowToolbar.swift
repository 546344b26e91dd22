import TouchDeskDrawing
import TouchDeskInterface

/// A toolbar along the bottom of an app that keeps to a set number of rows: the controls that fit
/// stay in it, in the order they were added, and the rest go behind a "More" button into a panel
/// that opens above the toolbar, each still showing its shortcut. Which controls stay when not all
/// fit follows `priority`: groups of controls (the colour swatches, say) that stay or go together,
/// most important first.
///
/// The controls' shortcuts work whether a control is shown or not: only the mouse needs the panel.
public final class OverflowToolbar<ID: ControlID> {
    public let controls: Controls<ID>
    /// Groups of controls, most important first; controls not named come after, one by one.
    public var priority: [[ID]]
    /// The More button, which this toolbar adds as the last control.
    public let more: ID
    /// The controls in the panel behind More (empty when everything fits).
    public private(set) var overflow: [ID] = []
    public private(set) var isPanelOpen = false
    /// The panel behind More while it is open.
    public private(set) var panel = Rect.zero
    /// The toolbar's area at the bottom of the window.
    public private(set) var bar = Rect.zero
    private var size = Size(0, 0)
    private var maxRows = 1

    public static var padding: Double { 8 }

    public init(controls: Controls<ID>, priority: [[ID]], more: ID, key: KeyChord) {
        self.controls = controls
        self.priority = priority
        self.more = more
        controls.add(more, translatable("More"), key: key, help: "Show or hide the tools that do not fit in the toolbar")
    }

    // MARK: - Layout

    /// Lays the toolbar out along the bottom of `size` in at most `maxRows` rows and returns its
    /// height, which the content above must leave free.
    @discardableResult
    public func layout(atBottomOf size: Size, maxRows: Int) -> Double {
        self.size = size
        self.maxRows = max(1, maxRows)
        let width = max(0, size.width - 2 * Self.padding)
        let tools = controls.items.indices.filter { controls.items[$0].id != more && controls.items[$0].isShown }
        // Never compact (`Controls.isCompact`): that would hide key chords, and here every tool
        // shows its keys, in the toolbar or in the panel.
        controls.isCompact = false
        let shown = select(tools, width: width)
        overflow = tools.filter { !shown.contains($0) }.map { controls.items[$0].id }
        if overflow.isEmpty { isPanelOpen = false }
        // Its key (Tab) does nothing when every tool fits: left to whoever else wants it.
        controls.setEnabled(more, !overflow.isEmpty)
        for c in controls.items { controls.place(c.id, at: .zero) }
        let rows = wrap(shown, width: width)
        let h = Double(rows.count) * controls.height + Double(max(0, rows.count - 1)) * ControlSizes.gap
        let height = h + 2 * Self.padding
        bar = Rect(x: 0, y: size.height - height, width: size.width, height: height)
        place(rows, in: Rect(x: Self.padding, y: bar.y + Self.padding, width: width, height: h))
        layoutPanel()
        return height
    }

    /// The controls to show in the toolbar, in order: all of `tools` if they fit in `maxRows`,
    /// else the most important groups that fit, then More.
    private func select(_ tools: [Int], width: Double) -> [Int] {
        guard let more = controls.items.firstIndex(where: { $0.id == self.more }) else { return tools }
        var shown = tools
        if wrap(tools, width: width).count > self.maxRows {
            // Keep the most important groups that fit next to More; the rest go in the panel.
            let ids = controls.items.map(\.id)
            let named = Set(priority.joined())
            let groups = priority.map { $0.compactMap { ids.firstIndex(of: $0) } } + tools.filter { !named.contains(ids[$0]) }.map { [$0] }
            shown = []
            for group in groups where !group.isEmpty {
                let trial = (shown + group).sorted()
                if wrap(trial + [more], width: width).count <= self.maxRows { shown = trial }
            }
            shown.append(more)
        }
        return shown
    }

    /// The width a control takes when the rows are broken: a slider its minimum, as it stretches
    /// to share what its row leaves (so Paintbrush's tools take one row at 1920 points wide).
    private func width(_ i: Int, max limit: Double) -> Double { min(controls.minimumWidth(controls.items[i]), limit) }

    /// Greedy line breaking of the controls `indices`, in that order, into rows of `width`.
    private func wrap(_ indices: [Int], width: Double) -> [[Int]] {
        var rows: [[Int]] = [[]]
        var used = 0.0
        for i in indices {
            let w = self.width(i, max: width)
            if !rows[rows.count - 1].isEmpty && used + ControlSizes.gap + w > width {
                rows.append([])
                used = 0
            }
            used += (rows[rows.count - 1].isEmpty ? 0 : ControlSizes.gap) + w
            rows[rows.count - 1].append(i)
        }
        return rows.filter { !$0.isEmpty }
    }

    /// Places the rows top to bottom in `rect`; sliders share what is left of their row, up to
    /// `ControlSizes.maxSliderWidth` each.
    private func place(_ rows: [[Int]], in rect: Rect) {
        for (r, row) in rows.enumerated() {
            let widths = row.map { width($0, max: rect.width) }
            let natural = widths.reduce(0, +) + ControlSizes.gap * Double(max(0, row.count - 1))
            let sliders = row.filter { if case .slider = controls.items[$0].kind { true } else { false } }.count
            let extra = sliders > 0 ? max(0, rect.width - natural) / Double(sliders) : 0
            var x = rect.x
            for (k, i) in row.enumerated() {
                var w = widths[k]
                if case .slider = controls.items[i].kind { w = max(w, min(w + extra, ControlSizes.maxSliderWidth)) }
                let y = rect.y + Double(r) * (controls.height + ControlSizes.gap)
                controls.place(controls.items[i].id, at: Rect(x: x, y: y, width: w, height: controls.height))
                x += w + ControlSizes.gap
            }
        }
    }

    private func layoutPanel() {
        controls.setOn(more, isPanelOpen)
        guard isPanelOpen, !overflow.isEmpty else {
            panel = .zero
            for id in overflow { controls.place(id, at: .zero) }
            return
        }
        let pad = 10.0
        let panelW = max(0, min(size.width - 2 * Self.padding, 520))
        let inner = max(0, panelW - 2 * pad)
        let indices = overflow.compactMap { id in controls.items.firstIndex { $0.id == id } }
        let rows = wrap(indices, width: inner)
        let h = Double(rows.count) * controls.height + Double(max(0, rows.count - 1)) * ControlSizes.gap
        let panelH = h + 2 * pad
        // Right-aligned above the toolbar, where the More button is; never above the window's top.
        let y = max(0, bar.y - 6 - panelH)
        panel = Rect(x: size.width - Self.padding - panelW, y: y, width: panelW, height: panelH)
        place(rows, in: Rect(x: panel.x + pad, y: panel.y + pad, width: inner, height: h))
    }

    // MARK: - Input

    /// Opens or closes the panel behind More.
    public func togglePanel() {
        isPanelOpen = !isPanelOpen && !overflow.isEmpty
        layoutPanel()
    }

    public func closePanel() {
        guard isPanelOpen else { return }
        isPanelOpen = false
        layoutPanel()
    }

    /// Passes the event to the controls. More opens and closes the panel; a click outside the
    /// open panel closes it and goes no further; pressing a button in the panel closes it.
    public func handle(_ event: InputEvent) -> Controls<ID>.Outcome {
        let outcome = controls.handle(event)
        switch outcome {
        case .activated(let id) where id == more:
            togglePanel()
            return .consumed
        case .activated(let id):
            if overflow.contains(id) { closePanel() }
            return outcome
        case .ignored:
            if isPanelOpen, case .touchBegan(let p) = event, !panel.contains(p) {
                closePanel()
                return .consumed
            }
            if isPanelOpen, case .touchBegan = event { return .consumed }
            return outcome
        case .consumed, .changed, .stepped:
            return outcome
        }
    }

    // MARK: - Drawing

    public func draw(_ cr: CairoContext) {
        if isPanelOpen, panel.width > 0 {
            Theme.drawPopupPanel(cr, panel, radius: 10)
        }
        controls.draw(cr)
    }
}

extension OverflowToolbar: WidgetGroup {
    public var controlRects: [ControlRect] { controls.controlRects }

    /// Every control's keys, More's only while it is in the toolbar.
    public var keyHelp: [KeyHelp] {
        controls.keyHelp { $0.id != more || !overflow.isEmpty }
    }
}

extension OverflowToolbar: Focusing {
    /// While the panel is open, its tools and More (to close it); else the toolbar's.
    public var focusables: [Focusable] {
        let all = controls.focusables
        guard isPanelOpen else { return all }
        return overflow.compactMap { id in all.first { $0.name == id.name } } + all.filter { $0.name == more.name }
    }
    public func isFocused(_ item: Focusable) -> Bool { controls.isFocused(item) }
    public func setKeyboardFocus(_ item: Focusable?) { controls.setKeyboardFocus(item) }
    public var holdsFocus: Bool { isPanelOpen }
}
