import TouchDeskInterface

/// The window as a screen reader sees it (docs/accessibility.md): the bar (the title and its
/// buttons), then the screen shown: the home screen's tiles, or the open app's controls (from
/// its typed controls, with no code of its own) and what it describes itself
/// (`MiniApp.accessibleContent`), and the shell's message line, a live region.
extension Shell {
    public var accessibleTree: [AccessibleNode] {
        var nodes = [barNode]
        if let app = current?.app ?? about {
            let appID = current.map { tiles[$0.index].entry.id } ?? "about"
            let own = app.widgets.flatMap(\.accessibleNodes) + app.accessibleContent + (app.appToast.map { [$0.accessibleNode] } ?? [])
            let screen = AccessibleNode(id: "screen", role: .panel, name: titleText, frame: appArea,
                                        children: own.map { $0.prefixed(appID + "/").moved(down: Self.barHeight) })
            nodes.append(screen)
        } else {
            nodes.append(homeNode)
        }
        nodes.append(toast.accessibleNode)
        if let dialog = quitDialog {
            nodes.append(AccessibleNode(id: "quit", role: .dialog, name: dialog.title, description: dialog.message,
                                        children: dialog.controls.accessibleNodes.map { $0.prefixed("quit/") }))
        }
        return nodes
    }

    private var barNode: AccessibleNode {
        let buttons = (shownApp != nil ? bar : homeBar).accessibleNodes.map { $0.prefixed("bar/") }
        let title = AccessibleNode(id: "bar/title", role: .label, name: titleText, text: AccessibleNode.TextState(titleText))
        return AccessibleNode(id: "bar", role: .toolBar, name: tr("Title bar"),
                              frame: Rect(x: 0, y: 0, width: size.width, height: Self.barHeight), children: [title] + buttons)
    }

    /// The tiles as push buttons whose action, "open", is a click on the tile.
    private var homeNode: AccessibleNode {
        let buttons = tiles.indices.map { i -> AccessibleNode in
            let t = tiles[i], frame = tileFrame(i)
            var states: AccessibleNode.States = [.enabled, .focusable]
            if frame.width > 0 { states.insert(.showing) }
            if i == selectedTile && quitDialog == nil && !showsKeys { states.insert(.focused) }
            return AccessibleNode(id: "home/tile." + t.entry.id, role: .pushButton, name: t.entry.title, description: t.entry.blurb,
                                  shortcut: t.key, states: states,
                                  actions: [.click("open", tr("Open {0}", t.entry.title), on: frame)], frame: frame)
        }
        return AccessibleNode(id: "home", role: .panel, name: tr("Home screen"), frame: appArea, children: buttons)
    }

    /// New text for an entry, or focus, given as a person would: a click on the entry, then
    /// Ctrl+A and the text pasted over the selection (Backspace to empty it).
    public func performAccessible(_ request: AccessibleRequest, on id: String) {
        if case .setValue(let target) = request {
            setValue(target, on: id)
            return
        }
        guard let node = accessibleTree.lazy.compactMap({ $0.find(id) }).first, node.role == .entry,
              node.frame.width > 0, node.frame.height > 0 else { return }
        let p = Point(node.frame.midX, node.frame.midY)
        var events: [InputEvent] = [.touchBegan(p), .touchEnded(p)]
        if case .setText(let text) = request {
            events.append(.key(Key("a", control: true)))
            events.append(text.isEmpty ? .key(Key("BackSpace")) : .paste(text))
        }
        for e in events { handle(e) }
    }
}

extension Shell {
    /// A slider moved to `target` as a person would move it: its step keys pressed (coarsest
    /// first: Sea Level's 100 m, then 10 m, then 1 m) while each press brings the value nearer,
    /// the value read back after each. It stops at the nearest value the steps reach (the
    /// iteration limit doubles), at the range's end, or when a step changes nothing.
    public func setValue(_ target: Double, on id: String) {
        func value() -> AccessibleNode.ValueState? { accessibleTree.lazy.compactMap { $0.find(id) }.first?.value }
        guard target.isFinite, let start = value(), !start.adjusters.isEmpty else { return }
        let goal = min(max(target, start.range.lowerBound), start.range.upperBound)
        // Bounds the work a client can ask for: the widest range here (Sea Level's 20 km in
        // 100 m steps) needs about 200 presses.
        var budget = 2000
        for a in start.adjusters.indices {
            while budget > 0, let before = value(), before.value != goal, before.adjusters.indices.contains(a) {
                let up = goal > before.value
                let step = before.adjusters[a]
                for e in up ? step.up : step.down { handle(e) }
                budget -= 1
                guard let after = value(), after.value != before.value else { break }
                if (goal > after.value) != up && after.value != goal {
                    // Past the goal: step back if that was nearer, and let a finer step go on.
                    if abs(after.value - goal) > abs(before.value - goal), let back = after.adjusters.indices.contains(a) ? after.adjusters[a] : nil {
                        for e in up ? back.down : back.up { handle(e) }
                    }
                    break
                }
            }
        }
    }
}

extension AccessibleNode {
    /// The subtree moved down by `dy` points: its frames and the clicks its actions give.
    public func moved(down dy: Double) -> AccessibleNode {
        func shifted(_ input: [InputEvent]) -> [InputEvent] {
            input.map { e in
                switch e {
                case .touchBegan(let p): .touchBegan(Point(p.x, p.y + dy))
                case .touchEnded(let p): .touchEnded(Point(p.x, p.y + dy))
                default: e
                }
            }
        }
        var n = self
        n.frame.y += dy
        n.actions = actions.map { action in
            var a = action
            a.input = shifted(action.input)
            return a
        }
        n.value?.adjusters = value?.adjusters.map { .init(down: shifted($0.down), up: shifted($0.up)) } ?? []
        n.children = children.map { $0.moved(down: dy) }
        return n
    }
}
