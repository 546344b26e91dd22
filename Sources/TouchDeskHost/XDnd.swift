import CX11
import Foundation
import TouchDeskFiles
import TouchDeskInterface

/// What was dropped on the window.
public enum Dropped: Equatable, Sendable {
    /// A `text/uri-list`: file manager files (`file://` URIs) or links, in order.
    case uriList(String)
    /// Plain text (UTF-8).
    case text(String)
}

/// Drops from other programs: XDND version 5 as the target (freedesktop XDND spec).
///
/// The window advertises `XdndAware` = 5. A source sends XdndEnter (its types), XdndPosition as
/// the pointer moves (answered by XdndStatus: we take the drop, copying), then XdndDrop, or
/// XdndLeave. On XdndDrop we ask the source for the data through the `XdndSelection` selection
/// and, when SelectionNotify brings it, send XdndFinished. Every step is an event in the loop:
/// nothing waits, so a source that vanishes mid-drop (its selection then has no owner, and the
/// server answers the conversion with no data) only ends the drop with a failure.
@MainActor
final class XDndTarget {
    static let version = 5
    /// A drop larger than this is refused: 10,000 file names are about 1 MB.
    static let maxBytes = 8 << 20

    private let dpy: OpaquePointer
    private let window: Window
    private let aware, enter, position, status, leave, drop, finished, selection, typeList, actionCopy, incr: Atom
    private let uriList, textUTF8, utf8String, textPlain, dropProperty: Atom

    /// The drag over the window now: its source, the protocol version it speaks, the type we take.
    private var source: Window = 0
    private var sourceVersion = 0
    private var chosenType: Atom = 0
    /// Waiting for the data of a drop from `source`.
    private var awaitingData = false

    init(dpy: OpaquePointer, window: Window) {
        self.dpy = dpy
        self.window = window
        func a(_ s: String) -> Atom { XInternAtom(dpy, s, 0) }
        aware = a("XdndAware"); enter = a("XdndEnter"); position = a("XdndPosition"); status = a("XdndStatus")
        leave = a("XdndLeave"); drop = a("XdndDrop"); finished = a("XdndFinished"); selection = a("XdndSelection")
        typeList = a("XdndTypeList"); actionCopy = a("XdndActionCopy"); incr = a("INCR")
        uriList = a("text/uri-list"); textUTF8 = a("text/plain;charset=utf-8"); utf8String = a("UTF8_STRING")
        textPlain = a("text/plain"); dropProperty = a("_TOUCHDESK_DROP")
        var v = [UInt(Self.version)]
        v.withUnsafeBytes { raw in
            _ = XChangeProperty(dpy, window, aware, Atom(XA_ATOM), 32, PropModeReplace,
                                raw.baseAddress!.assumingMemoryBound(to: UInt8.self), 1)
        }
    }

    /// What a drag event means for the window.
    enum Outcome {
        case notOurs
        /// Handled; nothing for the content.
        case handled
        /// A drag came over the window (true) or left it (false): show or hide the drop highlight.
        case hovering(Bool)
        /// The data arrived (nil: the drop failed, e.g. the source went away); the drag is over.
        case dropped(Dropped?)
    }

    func handle(_ ev: XEvent) -> Outcome {
        if ev.type == SelectionNotify && ev.xselection.selection == selection && ev.xselection.requestor == window {
            return receive(ev.xselection)
        }
        if ev.type == DestroyNotify && source != 0 && ev.xdestroywindow.window == source {
            // The source went away mid-drag, without XdndLeave.
            reset()
            return .hovering(false)
        }
        guard ev.type == ClientMessage, ev.xclient.window == window else { return .notOurs }
        let m = ev.xclient.message_type
        let l = ev.xclient.data.l
        switch m {
        case enter:
            source = Window(bitPattern: l.0)
            // Its DestroyNotify ends a drag whose source dies without a word.
            XSelectInput(dpy, source, StructureNotifyMask)
            sourceVersion = Int((UInt(bitPattern: l.1) >> 24) & 0xff)
            awaitingData = false
            var types = [Atom(bitPattern: l.2), Atom(bitPattern: l.3), Atom(bitPattern: l.4)].filter { $0 != 0 }
            if l.1 & 1 != 0 { types = sourceTypes() }
            chosenType = [uriList, textUTF8, utf8String, textPlain].first { types.contains($0) } ?? 0
            return .hovering(chosenType != 0)
        case position:
            guard Window(bitPattern: l.0) == source else { return .handled }
            sendStatus(accept: chosenType != 0 && !awaitingData)
            return .handled
        case leave:
            guard Window(bitPattern: l.0) == source else { return .handled }
            reset()
            return .hovering(false)
        case drop:
            guard Window(bitPattern: l.0) == source, chosenType != 0 else {
                sendFinished(to: Window(bitPattern: l.0), success: false)
                reset()
                return .hovering(false)
            }
            awaitingData = true
            // Versions 1 and up give the drop's time; the selection is asked at that time.
            let time = sourceVersion >= 1 ? Time(UInt(bitPattern: l.2)) : Time(CurrentTime)
            XDeleteProperty(dpy, window, dropProperty)
            XConvertSelection(dpy, selection, chosenType, dropProperty, window, time)
            return .handled
        default:
            return .notOurs
        }
    }

    /// The source's full type list (XdndTypeList, at most 100 types).
    private func sourceTypes() -> [Atom] {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(dpy, source, typeList, 0, 100, 0, Atom(XA_ATOM), &type, &format, &count, &after, &data) == Success,
              let data else { return [] }
        defer { XFree(data) }
        guard format == 32 else { return [] }
        // Format-32 data is C longs.
        return data.withMemoryRebound(to: UInt.self, capacity: Int(count)) { Array(UnsafeBufferPointer(start: $0, count: Int(count))) }
    }

    private func receive(_ e: XSelectionEvent) -> Outcome {
        guard awaitingData else { return .handled }
        let from = source
        reset()
        var result: Dropped?
        if e.property != 0, let (type, bytes) = readProperty() {
            let text = String(decoding: bytes, as: UTF8.self)
            if type == uriList { result = .uriList(text) } else if type != incr { result = .text(text) }
            if type == incr {
                warn(tr("a drop larger than the source sends at once (INCR) is not taken"))
            }
        } else {
            warn(tr("the drop's data did not come (the program it came from went away?)"))
        }
        sendFinished(to: from, success: result != nil)
        return .dropped(result)
    }

    private func readProperty() -> (Atom, [UInt8])? {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(dpy, window, dropProperty, 0, Self.maxBytes / 4, 1, Atom(AnyPropertyType),
                                 &type, &format, &count, &after, &data) == Success, let data else { return nil }
        defer { XFree(data) }
        if after > 0 {
            XDeleteProperty(dpy, window, dropProperty)
            warn(tr("a drop larger than {0} MB is not taken", "\(Self.maxBytes >> 20)"))
            return nil
        }
        guard format == 8 || type == incr else { return nil }
        return (type, format == 8 ? Array(UnsafeBufferPointer(start: data, count: Int(count))) : [])
    }

    private func sendStatus(accept: Bool) {
        var ev = message(to: source, type: status)
        ev.xclient.data.l.1 = accept ? 0b11 : 0b10
        ev.xclient.data.l.4 = accept ? Int(bitPattern: actionCopy) : 0
        XSendEvent(dpy, source, 0, NoEventMask, &ev)
    }

    private func sendFinished(to target: Window, success: Bool) {
        guard target != 0 else { return }
        var ev = message(to: target, type: finished)
        ev.xclient.data.l.1 = success ? 1 : 0
        ev.xclient.data.l.2 = success ? Int(bitPattern: actionCopy) : 0
        XSendEvent(dpy, target, 0, NoEventMask, &ev)
    }

    private func message(to target: Window, type: Atom) -> XEvent {
        var ev = XEvent()
        ev.xclient.type = ClientMessage
        ev.xclient.window = target
        ev.xclient.message_type = type
        ev.xclient.format = 32
        ev.xclient.data.l.0 = Int(bitPattern: window)
        return ev
    }

    private func reset() {
        source = 0
        sourceVersion = 0
        chosenType = 0
        awaitingData = false
    }
}
