import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskToolkit

/// Web Pages' context menu: what a right-click on a page (or the Menu key, Shift+F10) offers,
/// drawn like the rest of TouchDesk. On a link: Open link and Copy link address; anywhere: Back,
/// Forward, Reload, Copy when text is selected, Save page as picture and Save page as HTML….
///
/// The pointer highlights an entry and a click chooses it; ↑ and ↓ move the highlight, Enter
/// chooses, Esc or a click elsewhere closes the menu. An entry that cannot be done now (Back with
/// no page before) shows dimmed and cannot be chosen.
final class WebContextMenu {
    enum Item: CaseIterable {
        case openLink, copyLink, back, forward, reload, copy, savePage, saveSource

        var label: String {
            switch self {
            case .openLink: tr("Open link")
            case .copyLink: tr("Copy link address")
            case .back: "Back"
            case .forward: "Forward"
            case .reload: "Reload"
            case .copy: "Copy"
            case .savePage: tr("Save page as picture")
            case .saveSource: tr("Save page as HTML…")
            }
        }
    }

    enum Outcome: Equatable {
        case ignored
        case consumed
        case chose(Item)
        case closed
    }

    static let rowHeight = 30.0
    static let width = 240.0

    private(set) var items: [Item] = []
    private(set) var enabled: Set<Item> = []
    /// The link the menu was opened on.
    private(set) var link: String?
    private(set) var frame = Rect.zero
    private(set) var highlighted: Int?
    var isOpen: Bool { !items.isEmpty }
    /// The keys that do an entry's work outside the menu, shown at its right: the app's declared
    /// chords (Back's Alt+←, Reload's F5…), given by the app, never spelt here.
    var keys: [Item: String] = [:]
    /// The keys that open the menu: pressed again, they close it (with Esc).
    var toggleKeys: [KeyChord] = []

    /// Opens the menu with its top-left corner at `point`, kept inside `bounds`.
    func open(at point: Point, in bounds: Rect, link: String?, selected: Bool, canGoBack: Bool, canGoForward: Bool) {
        self.link = link
        items = (link != nil ? [.openLink, .copyLink] : []) + [.back, .forward, .reload] + (selected ? [.copy] : []) + [.savePage, .saveSource]
        enabled = Set(items.filter { ($0 != .back || canGoBack) && ($0 != .forward || canGoForward) })
        let h = Double(items.count) * Self.rowHeight + 8
        let x = min(max(bounds.x, point.x), bounds.maxX - Self.width)
        let y = point.y + h <= bounds.maxY ? point.y : max(bounds.y, point.y - h)
        frame = Rect(x: x, y: y, width: Self.width, height: h)
        highlighted = nil
    }

    func close() {
        items = []
        link = nil
        highlighted = nil
        frame = .zero
    }

    private func row(at p: Point) -> Int? {
        guard frame.contains(p) else { return nil }
        let i = Int((p.y - frame.y - 4) / Self.rowHeight)
        return items.indices.contains(i) ? i : nil
    }

    func rowRect(_ i: Int) -> Rect {
        Rect(x: frame.x + 4, y: frame.y + 4 + Double(i) * Self.rowHeight, width: frame.width - 8, height: Self.rowHeight)
    }

    /// While open, the menu takes every event: nothing reaches the page beneath it.
    func handle(_ event: InputEvent) -> Outcome {
        guard isOpen else { return .ignored }
        switch event {
        case .hover(let p), .touchMoved(let p):
            highlighted = row(at: p).flatMap { enabled.contains(items[$0]) ? $0 : nil }
            return .consumed
        case .touchBegan(let p), .secondaryBegan(let p), .middleClick(let p):
            guard frame.contains(p) else { close(); return .closed }
            return .consumed
        case .touchEnded(let p):
            guard let i = row(at: p), enabled.contains(items[i]) else { return .consumed }
            let item = items[i]
            close()
            return .chose(item)
        case .key(let k):
            if k.is("Escape") || toggleKeys.contains(where: { $0.matches(k) }) { close(); return .closed }
            if k.is("Down") || k.is("Up") {
                let usable = items.indices.filter { enabled.contains(items[$0]) }
                guard !usable.isEmpty else { return .consumed }
                let at = highlighted.flatMap { usable.firstIndex(of: $0) }
                let next = k.is("Down") ? (at.map { ($0 + 1) % usable.count } ?? 0) : (at.map { ($0 + usable.count - 1) % usable.count } ?? usable.count - 1)
                highlighted = usable[next]
                return .consumed
            }
            if k.is("Return") || k.is("KP_Enter") || k.is("space"), let i = highlighted {
                let item = items[i]
                close()
                return .chose(item)
            }
            return .consumed
        case .leave:
            highlighted = nil
            return .consumed
        case .scroll, .scrollSideways, .secondaryMoved, .secondaryEnded, .altClick, .keyUp, .tilt, .paste, .pastedPicture:
            return .consumed
        }
    }

    func draw(_ cr: CairoContext) {
        guard isOpen else { return }
        cr.fill(Rect(x: frame.x + 2, y: frame.y + 3, width: frame.width, height: frame.height), Color(0, 0, 0, 0.35))
        Theme.bar.set(cr)
        cr.roundedRect(frame, radius: 8)
        cr.fill()
        for (i, item) in items.enumerated() {
            let r = rowRect(i)
            let on = enabled.contains(item)
            if highlighted == i {
                Theme.controlPressed.set(cr)
                cr.roundedRect(r, radius: 5)
                cr.fill()
            }
            let color = on ? Theme.text : Theme.dimText.with(alpha: 0.6)
            cr.text(item.label, x: r.x + 10, y: r.midY, size: Theme.TextSize.label, color: color)
            if let shown = keys[item], !shown.isEmpty {
                cr.text(shown, x: r.maxX - 10, y: r.midY + 1, size: Theme.TextSize.hint, color: Theme.dimText.with(alpha: on ? 1 : 0.6), align: .right)
            }
        }
    }
}
