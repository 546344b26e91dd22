import CX11
import CXShim
import TouchDeskInterface

/// X events into our input events: buttons and wheels, motion, keys through the input method,
/// the clipboard's answers, window-manager messages; and the events other parts of the host
/// claim first (desktop settings, the single-instance hand-over, drag and drop).
extension X11Host {
    enum Outcome { case none, redraw, destroyed }

    func process(_ ev: inout XEvent, _ content: WindowContent) -> Outcome {
        switch desktop.handle(ev) {
        case .notOurs: break
        case .unchanged: return .none
        case .changed: return desktopSettingsChanged(content)
        }
        if let instance, instance.handle(ev, requests: &handedOver) {
            guard !handedOver.isEmpty else { return .none }
            let requests = handedOver
            handedOver = []
            for r in requests { onHandOver?(r) }
            instance.raise()
            return .redraw
        }
        switch dnd?.handle(ev) ?? .notOurs {
        case .notOurs: break
        case .handled: return .none
        case .hovering(let on): onDragHover?(on); return .redraw
        case .dropped(let what):
            onDragHover?(false)
            if let what { onDrop?(what) }
            return .redraw
        }
        switch ev.type {
        case Expose:
            if let buffer {
                let e = ev.xexpose
                XCopyArea(dpy, buffer.pixmap, window, gc, e.x, e.y, UInt32(e.width), UInt32(e.height), e.x, e.y)
            }
            return .none
        case ConfigureNotify:
            let w = Int(ev.xconfigure.width), h = Int(ev.xconfigure.height)
            guard w != pixelSize.width || h != pixelSize.height else { return .none }
            resizeBuffer(width: w, height: h)
            content.layout(in: Size(Double(w) / scale, Double(h) / scale), scale: scale)
            return .redraw
        case ButtonPress:
            let b = ev.xbutton
            let p = point(b.x, b.y)
            lastEventTime = b.time
            switch b.button {
            case UInt32(Button2): content.handle(.middleClick(p))
            case UInt32(Button1) where b.state & UInt32(Mod1Mask) != 0: content.handle(.altClick(p))
            case UInt32(Button1): touchDown = true; content.handle(.touchBegan(p))
            case UInt32(Button3): secondaryDown = true; content.handle(.secondaryBegan(p))
            // Shift turns the wheel sideways, as in every X toolkit; buttons 6 and 7 are a tilt wheel.
            case UInt32(Button4), UInt32(Button5):
                let step: Double = b.button == UInt32(Button4) ? -1 : 1
                content.handle(b.state & UInt32(ShiftMask) != 0 ? .scrollSideways(p, dx: step) : .scroll(p, dy: step))
            case 6: content.handle(.scrollSideways(p, dx: -1))
            case 7: content.handle(.scrollSideways(p, dx: 1))
            default: return .none
            }
            return .redraw
        case ButtonRelease:
            let b = ev.xbutton
            if b.button == UInt32(Button1), touchDown {
                touchDown = false
                content.handle(.touchEnded(point(b.x, b.y)))
            } else if b.button == UInt32(Button3), secondaryDown {
                secondaryDown = false
                content.handle(.secondaryEnded(point(b.x, b.y)))
            } else {
                return .none
            }
            return .redraw
        case MotionNotify:
            // Every motion event is delivered: no compression, so fast strokes keep their shape.
            let m = ev.xmotion
            let p = point(m.x, m.y)
            if touchDown { content.handle(.touchMoved(p)) }
            if secondaryDown { content.handle(.secondaryMoved(p)) }
            if !touchDown && !secondaryDown { content.handle(.hover(p)) }
            return .redraw
        case LeaveNotify:
            if touchDown || secondaryDown { return .none }
            content.handle(.leave)
            return .redraw
        case KeyPress:
            lastEventTime = ev.xkey.time
            let (k, typed, keysym) = key(from: &ev.xkey, press: true)
            // A screen reader hears every key first, and a key it takes (its own command) is its alone.
            if offerToScreenReader(ev.xkey, press: true, k, typed, keysym) { return .none }
            if k.name == "F11" && !k.control && !k.alt && !k.shift { fullscreen.toggle(); return .none }
            heldKeys[ev.xkey.keycode] = Key(k.name, control: k.control, shift: k.shift, alt: k.alt)
            content.handle(.key(k))
            return .redraw
        case KeyRelease:
            let (k, typed, keysym) = key(from: &ev.xkey, press: false)
            if offerToScreenReader(ev.xkey, press: false, k, typed, keysym), heldKeys[ev.xkey.keycode] == nil { return .none }
            heldKeys[ev.xkey.keycode] = nil
            content.handle(.keyUp(k))
            return .redraw
        case FocusIn:
            if let ic { XSetICFocus(ic) }
            accessibility?.windowActivated(true)
            return .none
        case FocusOut:
            if let ic { XUnsetICFocus(ic) }
            accessibility?.windowActivated(false)
            // Keys released in another window never reach us: let go of them now, so a tilt or a
            // held game key does not stay stuck.
            let held = heldKeys.values
            heldKeys.removeAll()
            for k in held { content.handle(.keyUp(k)) }
            return held.isEmpty ? .none : .redraw
        case SelectionRequest:
            selections.answer(ev.xselectionrequest)
            return .none
        case SelectionClear:
            if let kind = selections.lost(ev.xselectionclear) { content.clipboard.lost(kind) }
            return .none
        case SelectionNotify:
            guard let event = selections.received(ev.xselection) else { return .none }
            content.handle(event)
            return .redraw
        case PropertyNotify:
            guard let event = selections.propertyChanged(ev.xproperty) else { return .none }
            content.handle(event)
            return .redraw
        case DestroyNotify:
            return ev.xdestroywindow.window == window ? .destroyed : .none
        case ClientMessage:
            guard ev.xclient.message_type == atoms.wmProtocols else { return .none }
            let what = Atom(ev.xclient.data.l.0)
            if what == atoms.wmDelete {
                // Like Ctrl+Q: the content may ask about unsaved work before it quits.
                content.requestQuit()
                return .redraw
            }
            if what == atoms.netWmPing {
                // Answer the window manager's ping by sending it back to the root window unchanged.
                let root = XRootWindow(dpy, screen)
                ev.xclient.window = root
                XSendEvent(dpy, root, 0, SubstructureNotifyMask | SubstructureRedirectMask, &ev)
            }
            return .none
        default:
            return .none
        }
    }

    /// True when the screen reader (through the accessibility bridge) consumed the key.
    private func offerToScreenReader(_ e: XKeyEvent, press: Bool, _ k: Key, _ typed: String, _ keysym: KeySym) -> Bool {
        guard let accessibility else { return false }
        return accessibility.offerKey(press: press, state: e.state, keysym: UInt32(truncatingIfNeeded: keysym), name: k.name, typed: typed,
                                      keycode: e.keycode, time: UInt32(truncatingIfNeeded: e.time))
    }

    private func point(_ x: Int32, _ y: Int32) -> Point { Point(Double(x) / scale, Double(y) / scale) }

    /// Turns a key event into our Key: the keysym's name and, for presses, the text it types
    /// through the input method (so dead keys and compose work); and that text before control
    /// characters and Ctrl chords are taken out of it (for a screen reader, which speaks it).
    private func key(from e: inout XKeyEvent, press: Bool) -> (Key, typed: String, keysym: KeySym) {
        var buf = [CChar](repeating: 0, count: 64)
        var keysym: KeySym = 0
        var text = ""
        if press, let ic {
            var status: Int32 = 0
            var n = Xutf8LookupString(ic, &e, &buf, Int32(buf.count - 1), &keysym, &status)
            if status == XBufferOverflow {
                buf = [CChar](repeating: 0, count: Int(n) + 1)
                n = Xutf8LookupString(ic, &e, &buf, n, &keysym, &status)
            }
            if status == XLookupChars || status == XLookupBoth {
                text = String(decoding: buf.prefix(Int(max(0, n))).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
        } else {
            let n = XLookupString(&e, &buf, Int32(buf.count - 1), &keysym, nil)
            text = String(decoding: buf.prefix(Int(max(0, n))).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        let typed = text
        var name = ""
        if keysym != 0, let s = XKeysymToString(keysym) { name = String(cString: s) }
        if name.isEmpty { name = text }
        let control = e.state & UInt32(ControlMask) != 0
        // Control characters and Ctrl-chords type nothing.
        if !press || control || text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7f }) { text = "" }
        return (Key(name, text: text, control: control, shift: e.state & UInt32(ShiftMask) != 0,
                    alt: e.state & UInt32(Mod1Mask) != 0), typed, keysym)
    }
}
