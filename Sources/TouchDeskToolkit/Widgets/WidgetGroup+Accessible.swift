import TouchDeskInterface

// The accessible tree's part of the widgets: each typed control becomes a node from the data it
// already holds (label, keys, kind, enabled, on, value, focus, frame), so every app is described
// without code of its own. Nodes are in the group's coordinates; the shell moves them into the
// window's and puts the app's id before theirs.

extension KeyChord {
    /// The chord as a GTK accelerator ("<Control><Shift>z"), the form AT-SPI key bindings take.
    public var accelerator: String {
        (control ? "<Control>" : "") + (alt ? "<Alt>" : "") + (shift == true ? "<Shift>" : "") + (names.first ?? "")
    }

    /// The key press that gives this chord, as the host would report it.
    public var keyPress: Key {
        Key(names.first ?? "", control: control, shift: shift ?? false, alt: alt)
    }
}

extension AccessibleNode.Action {
    /// A click at the middle of `frame`: what a person pressing the control does.
    public static func click(_ name: String, _ description: String, on frame: Rect) -> AccessibleNode.Action {
        let p = Point(frame.midX, frame.midY)
        return AccessibleNode.Action(name, description, input: [.touchBegan(p), .touchEnded(p)])
    }

    /// A control's press: a click where it is shown, else (in a closed panel) its key.
    public static func press(_ description: String, frame: Rect, key: KeyChord?) -> AccessibleNode.Action? {
        if frame.width > 0 && frame.height > 0 { return click("press", description, on: frame) }
        guard let key else { return nil }
        return AccessibleNode.Action("press", description, input: [.key(key.keyPress)])
    }
}

extension Controls {
    /// A node for every control with a place on screen (keys-only ones are in the keys list, F1).
    public var accessibleNodes: [AccessibleNode] { items.filter(\.isShown).map(accessibleNode) }

    /// Keys-only controls as actions a screen reader can take, each sending its first key: what
    /// has no place on screen is still reached by name (Mandelbrot's Julia set and autopilot).
    /// Named by the control's id, described by its help; `except` leaves out keys that mean
    /// something only while held.
    public func keyActions(except: Set<ID> = []) -> [AccessibleNode.Action] {
        items.compactMap { c in
            guard !c.isShown, !except.contains(c.id), let key = c.keys.first else { return nil }
            return AccessibleNode.Action(c.id.name, c.help ?? c.label, input: [.key(key.keyPress)], keybinding: key.accelerator)
        }
    }

    /// What a screen reader says for the control: its label, or what it does when the label is
    /// a symbol ("→", "+").
    static func spokenName(_ c: Control) -> String {
        let hasWord = c.label.contains { $0.isLetter || $0.isNumber }
        return hasWord ? c.label : (c.help ?? c.label)
    }

    public func accessibleNode(_ c: Control) -> AccessibleNode {
        let name = Self.spokenName(c)
        let showing = c.frame.width > 0 && c.frame.height > 0
        var states: AccessibleNode.States = c.isTabStop ? [.focusable] : []
        if c.isEnabled { states.insert(.enabled) }
        if showing { states.insert(.showing) }
        if focused == c.id { states.insert(.focused) }
        if pressed == c.id { states.insert(.pressed) }
        var node = AccessibleNode(id: "control." + c.id.name, role: .pushButton, name: name,
                                  description: c.help.flatMap { $0 == name ? nil : $0 } ?? "",
                                  shortcut: c.keys.first?.accelerator ?? "", states: states, frame: c.frame)
        switch c.kind {
        case .button:
            node.actions = AccessibleNode.Action.press(name, frame: c.frame, key: c.keys.first).map { [$0] } ?? []
        case .toggle, .swatch:
            node.role = .toggleButton
            node.states.insert(.checkable)
            if c.isOn { node.states.insert(.checked) }
            node.actions = AccessibleNode.Action.press(name, frame: c.frame, key: c.keys.first).map { [$0] } ?? []
        case .slider(let range):
            node.role = .slider
            node.value = AccessibleNode.ValueState(c.value, range: range, adjusters: Self.adjusters(c, range))
        case .keys:
            break
        }
        return node
    }
}

extension Controls {
    /// How a slider steps: its down and up keys, or (with none) a click on the track one value
    /// below or above the knob, as the keyboard's focus ring steps it.
    public static func adjusters(_ c: Control, _ range: ClosedRange<Double>) -> [AccessibleNode.ValueState.Adjuster] {
        if c.keys.count > 1 {
            return [.init(down: [.key(c.keys[0].keyPress)], up: [.key(c.keys[1].keyPress)])]
        }
        let track = track(of: c), span = range.upperBound - range.lowerBound
        guard span > 0, track.width > 0 else { return [] }
        func click(_ v: Double) -> [InputEvent] {
            let p = Point(track.x + (min(max(v, range.lowerBound), range.upperBound) - range.lowerBound) / span * track.width, track.midY)
            return [.touchBegan(p), .touchEnded(p)]
        }
        return [.init(down: click(c.value - 1), up: click(c.value + 1))]
    }
}

extension TextField {
    /// The field as an editable entry named by its placeholder (what the empty field shows:
    /// "°F", "Search places"), with its text, caret and selection.
    public var accessibleNode: AccessibleNode {
        var states: AccessibleNode.States = [.enabled, .focusable, .editable]
        if frame.width > 0 && frame.height > 0 { states.insert(.showing) }
        if isFocused { states.insert(.focused) }
        if isInvalid { states.insert(.invalid) }
        return AccessibleNode(id: "field." + id, role: .entry, name: placeholder.isEmpty ? id : placeholder, states: states, frame: frame,
                              text: AccessibleNode.TextState(text, caret: editor.caret, selection: editor.selection))
    }
}

extension Form {
    /// Fields and buttons in focus order, then any control outside it.
    public var accessibleNodes: [AccessibleNode] {
        var nodes: [AccessibleNode] = []
        var placed = Set<String>()
        for item in order {
            switch item {
            case .field(let id):
                if let f = field(id) { nodes.append(f.accessibleNode) }
            case .control(let id):
                if let c = controls[id], c.isShown {
                    nodes.append(controls.accessibleNode(c))
                    placed.insert(id.name)
                }
            }
        }
        for f in fields where !order.contains(.field(f.id)) { nodes.append(f.accessibleNode) }
        return nodes + controls.accessibleNodes.filter { !placed.contains(String($0.id.dropFirst("control.".count))) }
    }
}

extension OverflowToolbar {
    public var accessibleNodes: [AccessibleNode] {
        let tools = controls.accessibleNodes.filter { $0.id != "control." + more.name || !overflow.isEmpty }
        return [AccessibleNode(id: "toolbar", role: .toolBar, name: tr("Tools"), frame: bar, children: tools)]
    }
}

extension FileDialog {
    /// The path field and buttons, the places and the files, or the overwrite question while it is asked.
    public var accessibleNodes: [AccessibleNode] {
        question == nil ? form.accessibleNodes + places.accessibleNodes.map { $0.prefixed("places/") } + [filesNode]
            : questionControls.accessibleNodes.map { $0.prefixed("question/") }
    }

    /// The rows on screen as a list (focused while the arrows move in it), the chosen one selected
    /// and, as it moves, the list's active descendant; a row's action is the click that chooses it.
    private var filesNode: AccessibleNode {
        let items = visibleEntries.enumerated().map { k, e -> AccessibleNode in
            let row = scrollTop + k, frame = rowRect(row)
            let name = rowLabel(e)
            var states: AccessibleNode.States = [.enabled, .showing, .selectable]
            if row == chooser.selection { states.insert(.selected) }
            return AccessibleNode(id: "files.\(row)", role: .listItem, name: name, description: e.refusal ?? e.kindNote ?? "", states: states,
                                  actions: [.click("choose", name, on: frame)], frame: frame)
        }
        var states: AccessibleNode.States = [.enabled, .showing, .focusable]
        if listHasFocus { states.insert(.focused) }
        return AccessibleNode(id: "files", role: .list, name: tr("Files"), states: states, frame: listRect, children: items)
    }
}

extension ColorPicker {
    public var accessibleNodes: [AccessibleNode] {
        guard isOpen else { return [] }
        return [AccessibleNode(id: "picker", role: .panel, name: tr("Colour"), children: buttons.accessibleNodes)]
    }
}

extension Toast {
    /// The message line as a live region: each new message is announced.
    public var accessibleNode: AccessibleNode {
        AccessibleNode(id: "message", role: .statusBar, name: tr("Message"), text: AccessibleNode.TextState(isVisible ? message : ""), isLive: true)
    }
}

extension FocusSpots {
    /// The places an app draws itself, for a screen reader as for the keyboard: a slider or a
    /// button where it lies, pressed as a click on its middle.
    public var accessibleNodes: [AccessibleNode] {
        focusables.map { f in
            var states: AccessibleNode.States = [.focusable, .enabled, .showing]
            if isFocused(f) { states.insert(.focused) }
            let role: AccessibleNode.Role = { if case .slider = f.role { return .slider } else { return .pushButton } }()
            let name = f.label ?? f.name
            return AccessibleNode(id: "spot." + f.name, role: role, name: name, states: states,
                                  actions: [.click("press", name, on: f.frame)], frame: f.frame)
        }
    }
}
