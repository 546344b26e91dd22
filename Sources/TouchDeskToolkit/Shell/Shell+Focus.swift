import TouchDeskInterface

/// The keyboard's focus ring over an open app, the same in every app: Tab and Shift+Tab move
/// through the app's controls and fields and then the bar's Home; Space or Enter press the focused
/// control as a click would; the arrows step a focused slider and move within a group (the
/// swatches, the presets). Keys the focus has no use for go to the app as before.
extension Shell {
    /// The chain over the open app's widgets and the bar (an open dialog's alone).
    func focusChain(_ app: MiniApp) -> FocusChain {
        FocusChain(app.widgets + [bar])
    }

    /// Handles a key meant for the focus; false to hand it to the app.
    func handleFocusKey(_ k: Key, _ app: MiniApp) -> Bool {
        guard !app.holdsKeyboard, !k.control, !k.alt else { return false }
        let chain = focusChain(app)
        if k.is("Tab", shift: false) || k.is("ISO_Left_Tab") || k.is("Tab", shift: true) {
            let moved = chain.move(backward: k.shift || k.is("ISO_Left_Tab"))
            focusFromKeys = moved
            return moved
        }
        guard let (g, item) = chain.current else { return false }
        if app.holdsCursorKeys, ["Left", "Right", "Up", "Down", "KP_Left", "KP_Right", "KP_Up", "KP_Down", "space", "Return", "KP_Enter"]
            .contains(where: { k.is($0) }) { return false }
        switch item.role {
        case .field, .list:
            return false
        case .button:
            if k.is("space") || k.is("Return") || k.is("KP_Enter") {
                press(item, inBar: chain.groups[g] === bar, app)
                return true
            }
        case .slider(let down, let up):
            guard focusFromKeys else { return false }
            let step: Focusable.Step?
            if k.is("Left") || k.is("KP_Left") || k.is("Down") || k.is("KP_Down") { step = down }
            else if k.is("Right") || k.is("KP_Right") || k.is("Up") || k.is("KP_Up") { step = up }
            else { return false }
            switch step {
            case .key(let chord)?: _ = app.handle(FocusChain.event(for: chord))
            case .click(let p)?: _ = app.handle(.touchBegan(p)); _ = app.handle(.touchEnded(p))
            case nil: break
            }
            return true
        }
        // The arrows move within a group only when the keyboard put the focus there: after a
        // click on a preset, the arrows still do what the app gives them.
        guard focusFromKeys, item.group != nil else { return false }
        if k.is("Left") || k.is("KP_Left") || k.is("Up") || k.is("KP_Up") { return chain.moveInGroup(forward: false) }
        if k.is("Right") || k.is("KP_Right") || k.is("Down") || k.is("KP_Down") { return chain.moveInGroup(forward: true) }
        return false
    }

    /// The focused item asked the ring to move on (a web page Tabbed past its last link, which
    /// its engine tells a moment later): it moves as that Tab would have moved it.
    func passFocusOnIfAsked(_ app: MiniApp) -> Bool {
        guard focusChain(app).moveOnIfAsked() else { return false }
        focusFromKeys = true
        return true
    }

    /// Presses the focused control as a click on its middle would: the app answers it exactly as
    /// it answers the mouse.
    private func press(_ item: Focusable, inBar: Bool, _ app: MiniApp) {
        if inBar { goHome(); return }
        let c = Point(item.frame.midX, item.frame.midY)
        _ = app.handle(.touchBegan(c))
        _ = app.handle(.touchEnded(c))
    }

    /// A touch in the app: the focus is the pointer's now; a touch on no control takes the ring
    /// from the control that had it.
    func focusTouch(at p: Point, _ app: MiniApp) {
        focusFromKeys = false
        let chain = FocusChain(app.widgets)
        if !chain.items.contains(where: { $0.item.frame.contains(p) }) { chain.clearControls() }
    }
}
