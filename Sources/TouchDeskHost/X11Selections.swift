import CX11
import Foundation
import TouchDeskInterface

/// Copy and paste with X selections (ICCCM): owns CLIPBOARD or PRIMARY with the app's text and
/// answers requests for TARGETS, UTF8_STRING and STRING (or, for a picture, TARGETS and image/png); asks the owner for a paste and turns the
/// answer into `InputEvent.paste`. Large pastes arrive in pieces (the INCR protocol: the owner
/// sends a chunk each time we delete the property) and are joined here, up to `maxPasteBytes`.
///
/// Pictures both ways: a picture paste first asks for TARGETS, then for `image/png` when offered
/// (else it tells the app what the clipboard holds instead), and takes a large picture in INCR
/// pieces up to `maxPictureBytes`; a picture we own larger than `incrChunk` is sent in INCR
/// pieces too, one each time the requestor deletes the property.
final class X11Selections {
    private let dpy: OpaquePointer
    private let window: Window
    private let clipboardAtom, primaryAtom, targets, utf8, string, incr, property, png: Atom
    private let pictureProperty: Atom
    /// A picture paste in progress (INCR): the bytes so far, and whether it grew too large.
    private var incomingPicture: (bytes: [UInt8], tooLarge: Bool)?
    /// Pictures being sent in INCR pieces, one per requestor and property.
    private struct Outgoing {
        var requestor: Window
        var property: Atom
        var bytes: [UInt8]
        var offset = 0
        var started = ContinuousClock.now
    }
    private var outgoing: [Outgoing] = []
    /// The most a pasted picture may bring.
    static let maxPictureBytes = 64 << 20
    /// Pictures larger than this go in INCR pieces of this size: small enough for any server, and
    /// a requestor that reads slowly holds up nothing else.
    static let incrChunk = 1 << 20
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
        png = a("image/png"); pictureProperty = a("TOUCHDESK_PICTURE")
    }

    /// The most one property change may carry: with BIG-REQUESTS (which every server today has)
    /// many megabytes, else 256 kB.
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
                owned[sel] = .png(bytes)
                XSetSelectionOwner(dpy, sel, window, time)
                if XGetSelectionOwner(dpy, sel) != window { owned[sel] = nil }
            case .paste(let kind):
                XConvertSelection(dpy, atom(kind), utf8, property, window, time)
            case .pastePicture(let kind):
                incomingPicture = nil
                XConvertSelection(dpy, atom(kind), targets, pictureProperty, window, time)
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
                if bytes.count > min(Self.incrChunk, maxPropertyBytes) {
                    startSending(bytes, to: req.requestor, property: prop)
                } else {
                    XChangeProperty(dpy, req.requestor, prop, png, 8, PropModeReplace, bytes, Int32(bytes.count))
                }
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

    /// The owner answered our paste request: the text or picture, or nil (nothing there yet).
    func received(_ e: XSelectionEvent) -> InputEvent? {
        if e.target == targets || e.target == png { return receivedPicture(e) }
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
        return .paste(Self.text(Array(UnsafeBufferPointer(start: data, count: Int(count))), type: type == string ? string : utf8, string: string))
    }

    /// A property changed: the next piece of a picture we send (the requestor deleted the last),
    /// or a piece of a paste arriving.
    func propertyChanged(_ e: XPropertyEvent) -> InputEvent? {
        if e.state == PropertyDelete {
            sendNextPiece(e)
            return nil
        }
        if e.atom == pictureProperty { return receivedPicturePiece(e) }
        return receivedPiece(e).map { .paste($0) }
    }

    /// A piece of an INCR transfer arrived (PropertyNotify, new value): appends it and deletes the
    /// property for the next; an empty piece ends the transfer and gives the whole text.
    private func receivedPiece(_ e: XPropertyEvent) -> String? {
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

// MARK: - Pictures

extension X11Selections {
    /// Reads our property `prop` whole and deletes it: its type, format and bytes.
    private func take(_ prop: Atom, maxBytes: Int) -> (type: Atom, format: Int32, bytes: [UInt8])? {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(dpy, window, prop, 0, max(1, maxBytes / 4), 1, 0, &type, &format, &count, &after, &data) == Success else {
            return nil
        }
        defer { if let data { XFree(data) } }
        guard let data, count > 0 else { return (type, format, []) }
        let unit = format == 32 ? MemoryLayout<UInt>.size : Int(format) / 8
        return (type, format, Array(UnsafeBufferPointer(start: data, count: Int(count) * max(1, unit))))
    }

    /// The answer to a picture paste: the owner's TARGETS (then we ask for image/png, or say what
    /// is there instead), or the picture itself.
    fileprivate func receivedPicture(_ e: XSelectionEvent) -> InputEvent? {
        if e.target == targets {
            guard e.property != 0, let got = take(e.property, maxBytes: 64 << 10), got.format == 32 else {
                if XGetSelectionOwner(dpy, e.selection) == 0 { return .pastedPicture(.unavailable("the clipboard is empty")) }
                // An owner that does not list its targets may still hand over a picture: ask.
                XConvertSelection(dpy, e.selection, png, pictureProperty, window, e.time)
                return nil
            }
            let offered: [Atom] = got.bytes.withUnsafeBytes { raw in raw.bindMemory(to: UInt.self).map { Atom($0) } }
            if offered.contains(png) {
                XConvertSelection(dpy, e.selection, png, pictureProperty, window, e.time)
                return nil
            }
            return .pastedPicture(.unavailable(describe(offered)))
        }
        guard e.property != 0, let got = take(e.property, maxBytes: Self.maxPictureBytes) else {
            return .pastedPicture(.unavailable("the clipboard's owner did not hand over its picture"))
        }
        if got.type == incr {
            // Deleting the property (done by `take`) asks the owner for the first piece.
            incomingPicture = ([], false)
            return nil
        }
        guard got.format == 8, !got.bytes.isEmpty else { return .pastedPicture(.unavailable("the clipboard's picture came empty")) }
        return .pastedPicture(.png(got.bytes))
    }

    /// What the clipboard holds when it offers no PNG, in words.
    private func describe(_ offered: [Atom]) -> String {
        let names = offered.compactMap { a -> String? in
            guard a != 0, let p = XGetAtomName(dpy, a) else { return nil }
            defer { XFree(p) }
            return String(cString: p)
        }
        if let image = names.first(where: { $0.hasPrefix("image/") }) {
            return "the clipboard holds a picture as \(image), not PNG"
        }
        if offered.contains(utf8) || offered.contains(string) || names.contains(where: { $0.hasPrefix("text/") || $0 == "TEXT" }) {
            return "the clipboard holds only text, not a picture"
        }
        return "the clipboard holds no picture"
    }

    fileprivate func receivedPicturePiece(_ e: XPropertyEvent) -> InputEvent? {
        guard var transfer = incomingPicture, e.window == window, e.state == PropertyNewValue else { return nil }
        guard let got = take(pictureProperty, maxBytes: Self.incrChunk * 16) else {
            incomingPicture = nil
            return .pastedPicture(.unavailable("the picture stopped arriving"))
        }
        if got.bytes.isEmpty {
            incomingPicture = nil
            if transfer.tooLarge { return .pastedPicture(.unavailable("the clipboard's picture is larger than \(Self.maxPictureBytes >> 20) MB")) }
            return .pastedPicture(.png(transfer.bytes))
        }
        // Pieces keep coming until the empty one, even past the limit: the owner must be let finish.
        if transfer.bytes.count + got.bytes.count <= Self.maxPictureBytes {
            transfer.bytes.append(contentsOf: got.bytes)
        } else {
            transfer.tooLarge = true
            transfer.bytes = []
        }
        incomingPicture = transfer
        return nil
    }

    /// Answers a request for a large picture with INCR: the property says how large, and the
    /// pieces follow as the requestor deletes it (ICCCM §2.7.2).
    fileprivate func startSending(_ bytes: [UInt8], to requestor: Window, property prop: Atom) {
        // A transfer the requestor abandoned (it quit mid-way) is dropped after a minute.
        outgoing.removeAll { ContinuousClock.now - $0.started > .seconds(60) || ($0.requestor == requestor && $0.property == prop) }
        // Our own window (a paste from ourselves) already reports property changes.
        if requestor != window { XSelectInput(dpy, requestor, PropertyChangeMask) }
        let size: [UInt] = [UInt(bytes.count)]
        size.withUnsafeBytes { raw in
            _ = XChangeProperty(dpy, requestor, prop, incr, 32, PropModeReplace, raw.baseAddress!.assumingMemoryBound(to: UInt8.self), 1)
        }
        outgoing.append(Outgoing(requestor: requestor, property: prop, bytes: bytes))
    }

    /// The requestor deleted the property: the next piece, or the empty one that ends the transfer.
    fileprivate func sendNextPiece(_ e: XPropertyEvent) {
        guard let i = outgoing.firstIndex(where: { $0.requestor == e.window && $0.property == e.atom }) else { return }
        let t = outgoing[i]
        let n = min(Self.incrChunk, t.bytes.count - t.offset)
        t.bytes.withUnsafeBufferPointer { buf in
            _ = XChangeProperty(dpy, t.requestor, t.property, png, 8, PropModeReplace, buf.baseAddress! + t.offset, Int32(n))
        }
        if n == 0 {
            outgoing.remove(at: i)
            if e.window != window, !outgoing.contains(where: { $0.requestor == e.window }) { XSelectInput(dpy, e.window, NoEventMask) }
        } else {
            outgoing[i].offset += n
        }
    }
}
