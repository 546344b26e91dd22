import CX11

/// F11: the window fills the screen without decorations and back (EWMH `_NET_WM_STATE_FULLSCREEN`).
///
/// Under a window manager the request is a `_NET_WM_STATE` client message to the root window
/// (EWMH §5 "_NET_WM_STATE": action 2 toggles, source 1 is an application); the manager decides
/// and sets the state. Without one (a bare X server), nobody would answer, so the window moves
/// and resizes itself to cover the screen and back.
@MainActor
final class Fullscreen {
    private let dpy: OpaquePointer
    private let window: Window
    private let root: Window
    private let screen: Int32
    private let wmState, fullscreenAtom, supportingCheck: Atom
    /// Where the window was before a fullscreen without a window manager.
    private var savedGeometry: (x: Int32, y: Int32, width: UInt32, height: UInt32)?

    init(dpy: OpaquePointer, window: Window, screen: Int32) {
        self.dpy = dpy
        self.window = window
        self.screen = screen
        root = XRootWindow(dpy, screen)
        wmState = XInternAtom(dpy, "_NET_WM_STATE", 0)
        fullscreenAtom = XInternAtom(dpy, "_NET_WM_STATE_FULLSCREEN", 0)
        supportingCheck = XInternAtom(dpy, "_NET_SUPPORTING_WM_CHECK", 0)
    }

    func toggle() {
        if windowManagerRuns() {
            var ev = XEvent()
            ev.xclient.type = ClientMessage
            ev.xclient.window = window
            ev.xclient.message_type = wmState
            ev.xclient.format = 32
            ev.xclient.data.l.0 = 2
            ev.xclient.data.l.1 = Int(fullscreenAtom)
            ev.xclient.data.l.2 = 0
            ev.xclient.data.l.3 = 1
            XSendEvent(dpy, root, 0, SubstructureNotifyMask | SubstructureRedirectMask, &ev)
        } else if let g = savedGeometry {
            savedGeometry = nil
            XMoveResizeWindow(dpy, window, g.x, g.y, g.width, g.height)
        } else {
            var rootReturn: Window = 0
            var x: Int32 = 0, y: Int32 = 0
            var w: UInt32 = 0, h: UInt32 = 0, border: UInt32 = 0, depth: UInt32 = 0
            guard XGetGeometry(dpy, window, &rootReturn, &x, &y, &w, &h, &border, &depth) != 0 else { return }
            savedGeometry = (x, y, w, h)
            XMoveResizeWindow(dpy, window, 0, 0, UInt32(XDisplayWidth(dpy, screen)), UInt32(XDisplayHeight(dpy, screen)))
        }
        XFlush(dpy)
    }

    /// An EWMH window manager announces itself with `_NET_SUPPORTING_WM_CHECK` on the root window.
    private func windowManagerRuns() -> Bool {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(dpy, root, supportingCheck, 0, 1, 0, Atom(XA_WINDOW), &type, &format, &count, &after, &data) == Success
        else { return false }
        if let data { XFree(data) }
        return type == Atom(XA_WINDOW) && count == 1
    }
}
