import CX11
import Foundation
import Glibc

/// One TouchDesk window per display: the running window owns the X selection
/// `_TOUCHDESK_INSTANCE`, and a second launch hands its request to it instead of opening a
/// second window on the same state files.
///
/// The hand-over: the second launch appends its request (one line of UTF-8, ended by a newline)
/// to the `_TOUCHDESK_REQUESTS` property of the owner's window (`PropModeAppend`, so launches at
/// the same moment queue up rather than overwrite), and waits for the owner to read the property
/// with delete, which is the receipt. A stale owner is no hazard: the X server drops a selection
/// when its owner's connection closes, so a crashed TouchDesk owns nothing; an owner that is
/// alive but frozen (stopped, hung) never deletes the property, and the second launch gives up
/// after `timeout` and opens its own window.
public enum SingleInstance {
    static let selectionName = "_TOUCHDESK_INSTANCE"
    static let propertyName = "_TOUCHDESK_REQUESTS"

    public enum HandOver: Equatable, Sendable {
        /// The running window took the request.
        case delivered
        /// No TouchDesk runs on this display.
        case noInstance
        /// A TouchDesk owns the selection but did not take the request in time.
        case noAnswer
        /// The display could not be opened.
        case noDisplay
    }

    /// Gives `request` (one line; newlines are replaced by spaces) to the TouchDesk already
    /// running on the display, if there is one.
    public static func handOver(displayName: String?, request: String, timeout: Double = 3) -> HandOver {
        guard let dpy = XOpenDisplay(displayName) else { return .noDisplay }
        defer { XCloseDisplay(dpy) }
        let selection = XInternAtom(dpy, selectionName, 0)
        let property = XInternAtom(dpy, propertyName, 0)
        let utf8 = XInternAtom(dpy, "UTF8_STRING", 0)
        // Errors about an owner that goes away mid-way are expected: note them, never exit.
        let previous = XSetErrorHandler { _, _ in 0 }
        defer { XSetErrorHandler(previous) }

        XGrabServer(dpy)
        let owner = XGetSelectionOwner(dpy, selection)
        if owner != 0 {
            XSelectInput(dpy, owner, PropertyChangeMask | StructureNotifyMask)
            let bytes = Array((request.replacingOccurrences(of: "\n", with: " ") + "\n").utf8)
            XChangeProperty(dpy, owner, property, utf8, 8, PropModeAppend, bytes, Int32(bytes.count))
        }
        XUngrabServer(dpy)
        XSync(dpy, 0)
        guard owner != 0 else { return .noInstance }

        let fd = XConnectionNumber(dpy)
        let deadline = X11Host.now() + timeout
        while X11Host.now() < deadline {
            while XPending(dpy) > 0 {
                var ev = XEvent()
                XNextEvent(dpy, &ev)
                if ev.type == PropertyNotify && ev.xproperty.atom == property && ev.xproperty.state == PropertyDelete {
                    return .delivered
                }
                if ev.type == DestroyNotify && ev.xdestroywindow.window == owner { return .noAnswer }
            }
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            _ = poll(&pfd, 1, Int32(max(1, (deadline - X11Host.now()) * 1000)))
        }
        // Taken back, so a window that wakes up later does not open it as well.
        XDeleteProperty(dpy, owner, property)
        XSync(dpy, 0)
        return .noAnswer
    }
}

/// The running window's side: owns the selection and reads the requests.
@MainActor
final class SingleInstanceOwner {
    private let dpy: OpaquePointer
    private let window: Window
    private let selection, property: Atom

    init(dpy: OpaquePointer, window: Window) {
        self.dpy = dpy
        self.window = window
        selection = XInternAtom(dpy, SingleInstance.selectionName, 0)
        property = XInternAtom(dpy, SingleInstance.propertyName, 0)
    }

    /// Takes the selection (from a frozen owner too: the newest window is the one that answers).
    func claim(time: Time) {
        XSetSelectionOwner(dpy, selection, window, time)
    }

    /// True when the event was about the instance selection or its requests; `requests` gets
    /// every complete line read (and the property is deleted, the sender's receipt).
    func handle(_ ev: XEvent, requests: inout [String]) -> Bool {
        switch ev.type {
        case PropertyNotify where ev.xproperty.window == window && ev.xproperty.atom == property:
            guard ev.xproperty.state == PropertyNewValue else { return true }
            requests += read()
            return true
        case SelectionClear where ev.xselectionclear.selection == selection:
            // Another TouchDesk (started with --new-window, or after we froze) took over: it
            // answers second launches from now on; this window goes on as it is.
            return true
        case SelectionRequest where ev.xselectionrequest.selection == selection:
            // Nothing to convert: the selection only marks the running window. Refuse politely.
            var reply = XEvent()
            reply.xselection.type = SelectionNotify
            reply.xselection.requestor = ev.xselectionrequest.requestor
            reply.xselection.selection = ev.xselectionrequest.selection
            reply.xselection.target = ev.xselectionrequest.target
            reply.xselection.property = 0
            reply.xselection.time = ev.xselectionrequest.time
            XSendEvent(dpy, ev.xselectionrequest.requestor, 0, 0, &reply)
            return true
        default:
            return false
        }
    }

    /// Brings the window to the front, as the user asked by launching again: `_NET_ACTIVE_WINDOW`
    /// to the window manager (source 2, "on the user's behalf", which focus-stealing prevention
    /// lets through), and a plain raise when there is none.
    func raise() {
        let root = XDefaultRootWindow(dpy)
        var ev = XEvent()
        ev.xclient.type = ClientMessage
        ev.xclient.window = window
        ev.xclient.message_type = XInternAtom(dpy, "_NET_ACTIVE_WINDOW", 0)
        ev.xclient.format = 32
        ev.xclient.data.l.0 = 2
        ev.xclient.data.l.1 = 0
        XSendEvent(dpy, root, 0, SubstructureNotifyMask | SubstructureRedirectMask, &ev)
        XMapRaised(dpy, window)
    }

    /// The queued requests, at most 1 MB of them; the property is deleted as it is read.
    private func read() -> [String] {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(dpy, window, property, 0, 1 << 18, 1, Atom(AnyPropertyType), &type, &format, &count, &after, &data) == Success,
              let data else { return [] }
        defer { XFree(data) }
        if after > 0 { XDeleteProperty(dpy, window, property) }
        guard format == 8 else { return [] }
        let text = String(decoding: UnsafeBufferPointer(start: data, count: Int(count)), as: UTF8.self)
        return text.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }
}
