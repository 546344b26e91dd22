import CX11
import Foundation
import TouchDeskInterface
import TouchDeskModels

/// Copy and paste with X selections (ICCCM): owns CLIPBOARD or PRIMARY with the app's text and
/// answers requests for TARGETS, UTF8_STRING and STRING (or, for a picture, TARGETS and image/png); asks the owner for a paste and turns the
/// answer into `InputEvent.paste`. Large pastes arrive in pieces (the INCR protocol: the owner
/// sends a chunk each time we delete the property) and are joined here, up to `maxPasteBytes`.
final class X11Selections {
    private let dpy: OpaquePointer
    private let window: Window
    private let clipboardAtom, primaryAtom, targets, utf8, string, incr, property, png: Atom
    /// What we offer on each selection we own.
    private enum Owned { case text(String), png([UInt8]) }
    private var owned: [Atom: Owned] = [:]
    /// An INCR transfer in progress: its type (UTF8_STRING or STRING) and the bytes so far.
    private var incoming: (type: Atom, bytes: [UInt8])?
    /// The most a paste may bring: far beyond any field, small enough to hold.
    static let maxPasteBytes = 16 << 20

    init(dpy: OpaquePointer, window: Window) {
        self.dpy = dpy
        self.window = window
        func a(_ s: String) -> Atom { XInternAtom(dpy, s, 0) }
        clipboardAtom = a("CLIPBOARD"); primaryAtom = Atom(XA_PRIMARY); targets = a("TARGETS")
        utf8 = a("UTF8_STRING"); string = Atom(XA_STRING); incr = a("INCR"); property = a("TOUCHDESK_PASTE")
        png = a("image/png")
    }

    /// The most one property change may carry: with BIG-REQUESTS (which every server today has)
    /// many megabytes, else 256 kB; a picture larger than this is refused with a message rather
    /// than sent in INCR pieces.
    private var maxPropertyBytes: Int {
        let words = max(Int(XExtendedMaxRequestSize(dpy)), Int(XMaxRequestSize(dpy)))
        return words * 4 - 1024
    }

    private func atom(_ s: SelectionKind) -> Atom { s == .clipboard ? clipboardAtom : primaryAtom }

    /// Carries out the app's requests; `time` is the last event's server time (ICCCM: never CurrentTime).
    func perform(_ requests: [Clipboard.Request], time: Time) {
        for r in requests {
            switch r {
            case .copy(let text, let kind):
                let sel = atom(kind)
                owned[sel] = .text(text)
                XSetSelectionOwner(dpy, sel, window, time)
                if XGetSelectionOwner(dpy, sel) != window { owned[sel] = nil }
            case .copyPNG(let bytes, let kind):
                let sel = atom(kind)
                guard bytes.count <= maxPropertyBytes else {
                    FileHandle.standardError.write(Data("touchdesk: the picture (\(bytes.count) bytes) is too large for this X server's clipboard\n".utf8))
                    continue
                }
                owned[sel] = .png(bytes)
                XSetSelectionOwner(dpy, sel, window, time)
                if XGetSelectionOwner(dpy, sel) != window { owned[sel] = nil }
            case .paste(let kind):
                XConvertSelection(dpy, atom(kind), utf8, property, window, time)
            }
        }
    }

    /// Another client asks for our text.
    func answer(_ req: XSelectionRequestEvent) {
        var reply = XSelectionEvent()
        reply.type = SelectionNotify
        reply.display = req.display
        reply.requestor = req.requestor
        reply.selection = req.selection
        reply.target = req.target
        reply.time = req.time
        reply.property = 0
        // Old clients leave the property None: use the target's name then.
        let prop = req.property != 0 ? req.property : req.target
        if case .png(let bytes)? = owned[req.selection] {
            if req.target == targets {
                let list: [UInt] = [UInt(targets), UInt(png)]
                list.withUnsafeBytes { raw in
                    _ = XChangeProperty(dpy, req.requestor, prop, Atom(XA_ATOM), 32, PropModeReplace,
                                        raw.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(list.count))
                }
                reply.property = prop
            } else if req.target == png {
                XChangeProperty(dpy, req.requestor, prop, png, 8, PropModeReplace, bytes, Int32(bytes.count))
                reply.property = prop
            }
        } else if case .text(let text)? = owned[req.selection] {
            if req.target == targets {
                let list: [UInt] = [UInt(targets), UInt(utf8), UInt(string)]
                list.withUnsafeBytes { raw in
                    _ = XChangeProperty(dpy, req.requestor, prop, Atom(XA_ATOM), 32, PropModeReplace,
                                        raw.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(list.count))
                }
                reply.property = prop
            } else if req.target == utf8 || req.target == string {
                // STRING is Latin-1: characters it cannot hold become "?".
                let bytes: [UInt8] = req.target == utf8 ? Array(text.utf8)
                    : text.unicodeScalars.map { $0.value < 0x100 ? UInt8($0.value) : 0x3f }
                XChangeProperty(dpy, req.requestor, prop, req.target, 8, PropModeReplace, bytes, Int32(bytes.count))
                reply.property = prop
            }
        }
        var ev = XEvent()
        ev.xselection = reply
        XSendEvent(dpy, req.requestor, 0, 0, &ev)
    }

    /// Another client took a selection: which one, or nil when the notice is stale (we took it
    /// back since, and still own it).
    func lost(_ e: XSelectionClearEvent) -> SelectionKind? {
        guard XGetSelectionOwner(dpy, e.selection) != window else { return nil }
        owned[e.selection] = nil
        return e.selection == clipboardAtom ? .clipboard : e.selection == primaryAtom ? .primary : nil
    }

    /// The owner answered our paste request: the text, or nil (nothing there, or too large).
    func received(_ e: XSelectionEvent) -> String? {
        if e.property == 0 {
            // No UTF8_STRING: try Latin-1 STRING once.
            if e.target == utf8 { XConvertSelection(dpy, e.selection, string, property, window, e.time) }
            return nil
        }
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(dpy, window, e.property, 0, 1 << 20, 1, 0, &type, &format, &count, &after, &data) == Success,
              let data else { return nil }
        defer { XFree(data) }
        if type == incr {
            // Deleting the property (done by the read above) tells the owner to send the first piece.
            incoming = (0, [])
            return nil
        }
        guard format == 8 else { return nil }
        return Self.text(Array(UnsafeBufferPointer(start: data, count: Int(count))), type: type == string ? string : utf8, string: string)
    }

    /// A piece of an INCR transfer arrived (PropertyNotify, new value): appends it and deletes the
    /// property for the next; an empty piece ends the transfer and gives the whole text.
    func receivedPiece(_ e: XPropertyEvent) -> String? {
        guard var transfer = incoming, e.window == window, e.atom == property, e.state == PropertyNewValue else { return nil }
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(dpy, window, property, 0, 1 << 24, 1, 0, &type, &format, &count, &after, &data) == Success else {
            incoming = nil
            return nil
        }
        defer { if let data { XFree(data) } }
        if count == 0 {
            incoming = nil
            return Self.text(transfer.bytes, type: transfer.type, string: string)
        }
        if let data, format == 8 {
            if transfer.type == 0 { transfer.type = type }
            if transfer.bytes.count + Int(count) <= Self.maxPasteBytes {
                transfer.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(count)))
            }
        }
        incoming = transfer
        return nil
    }

    private static func text(_ bytes: [UInt8], type: Atom, string: Atom) -> String {
        if type == string { return String(bytes.map { Character(Unicode.Scalar($0)) }) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
