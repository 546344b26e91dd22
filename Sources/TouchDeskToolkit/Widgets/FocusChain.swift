import TouchDeskInterface

/// The keyboard's way through a screen's widget groups: Tab and Shift+Tab visit every focusable
/// item of every group in order, wrapping around; the arrows move within a group of neighbours
/// (the swatches, the presets). The focus itself stays where each group keeps it, so the group
/// draws the ring and whoever reads the focus (the accessibility tree) reads one truth.
///
/// A group that holds the focus (an open dialog, picker or panel) is the whole chain while it does.
public struct FocusChain {
    public let groups: [any Focusing]

    public init(_ groups: [any Focusing]) {
        if let modal = groups.last(where: \.holdsFocus) { self.groups = [modal] } else { self.groups = groups }
    }

    /// Every item Tab reaches, in order, with the index of its group.
    public var items: [(group: Int, item: Focusable)] {
        groups.indices.flatMap { g in groups[g].focusables.map { (g, $0) } }
    }

    /// The item with the focus, if Tab can reach it.
    public var current: (group: Int, item: Focusable)? {
        for (g, group) in groups.enumerated() {
            if let f = group.focusables.first(where: { group.isFocused($0) }) { return (g, f) }
        }
        return nil
    }

    /// Moves the focus to the next (or previous) item; false when there is nothing to focus.
    ///
    /// After the last item comes the app's own content (no ring: the canvas, the game and the view
    /// take the keys again), then the first item; unless a dialog holds the focus, which has no
    /// content around it.
    @discardableResult
    public func move(backward: Bool = false) -> Bool {
        let all = items
        guard !all.isEmpty else { return false }
        let stops = isHeld ? all.count : all.count + 1
        let i = current.flatMap { c in all.firstIndex { $0.group == c.group && $0.item == c.item } } ?? all.count
        let next = i >= stops ? (backward ? stops - 1 : 0) : (i + (backward ? stops - 1 : 1)) % stops
        if next == all.count {
            for group in groups { group.setKeyboardFocus(nil) }
        } else {
            focus(all[next], backward: backward)
        }
        return true
    }

    /// Moves the ring on when the focused item asked to (`Focusing.handsFocusOn`); true if it did.
    @discardableResult
    public func moveOnIfAsked() -> Bool {
        guard let backward = groups.lazy.compactMap(\.handsFocusOn).first else { return false }
        return move(backward: backward)
    }

    /// A dialog, picker or panel holds the focus.
    public var isHeld: Bool { groups.count == 1 && groups[0].holdsFocus }

    /// Moves the focus to the neighbour in its group (the arrows); false when the focused item is
    /// in no group, so the arrows are the app's.
    @discardableResult
    public func moveInGroup(forward: Bool) -> Bool {
        guard let c = current, let g = c.item.group else { return false }
        let members = groups[c.group].focusables.filter { $0.group == g }
        guard let i = members.firstIndex(of: c.item) else { return false }
        let j = min(max(0, i + (forward ? 1 : -1)), members.count - 1)
        focus((c.group, members[j]))
        return true
    }

    /// Takes the focus from every control (a field keeps it: a click elsewhere does not end typing).
    public func clearControls() {
        for group in groups where group.focusables.contains(where: { group.isFocused($0) && $0.role != .field }) {
            group.setKeyboardFocus(nil)
        }
    }

    private func focus(_ target: (group: Int, item: Focusable), backward: Bool = false) {
        for (g, group) in groups.enumerated() where g != target.group { group.setKeyboardFocus(nil) }
        groups[target.group].setKeyboardFocus(target.item, backward: backward)
    }

    /// The key event a chord stands for: what pressing it on a keyboard would send.
    public static func event(for chord: KeyChord) -> InputEvent {
        let name = chord.names.first ?? ""
        let text = name.count == 1 && !chord.control && !chord.alt ? name : ""
        return .key(Key(name, text: text, control: chord.control, shift: chord.shift ?? false, alt: chord.alt))
    }
}
