import Synchronization

/// The X selections an app can copy to or paste from.
public enum SelectionKind: String, Sendable {
    /// Ctrl+C / Ctrl+V.
    case clipboard
    /// The selected text, pasted with the middle button.
    case primary
}

/// The typed channel between apps and the host for copy and paste: apps post requests, the host
/// takes them after each batch of events and carries them out with X selections. A paste comes
/// back later as `InputEvent.paste`, because the owner of the selection answers asynchronously.
///
/// Without a host (screenshots, tests) the requests simply wait; `lastCopied` still tells what
/// was copied.
public final class Clipboard: Sendable {
    public enum Request: Equatable, Sendable {
        /// Own this selection with this text.
        case copy(String, to: SelectionKind)
        /// Own this selection with a picture: these PNG bytes, offered as `image/png`.
        case copyPNG([UInt8], to: SelectionKind)
        /// Ask the owner of this selection for its text.
        case paste(from: SelectionKind)
        /// Ask the owner of this selection for a PNG picture.
        case pastePicture(from: SelectionKind)
    }

    private struct State {
        var requests: [Request] = []
        var copied: [SelectionKind: String] = [:]
        var copiedPNG: [SelectionKind: [UInt8]] = [:]
    }
    // Requests may come from any thread (tests run apps in parallel), so the state sits in a Mutex.
    private let state = Mutex(State())

    public init() {}

    public func copy(_ text: String, to selection: SelectionKind = .clipboard) {
        state.withLock { s in
            // Selecting the same text again need not take the selection again.
            if selection == .primary && s.copied[.primary] == text { return }
            s.copied[selection] = text
            s.copiedPNG[selection] = nil
            s.requests.append(.copy(text, to: selection))
        }
    }

    /// Offers a picture (PNG bytes) on `selection`, as `image/png`, so it pastes into GIMP,
    /// LibreOffice or a browser.
    public func copyPNG(_ png: [UInt8], to selection: SelectionKind = .clipboard) {
        state.withLock { s in
            s.copied[selection] = nil
            s.copiedPNG[selection] = png
            s.requests.append(.copyPNG(png, to: selection))
        }
    }

    /// The PNG this process last copied to `selection`.
    public func lastCopiedPNG(_ selection: SelectionKind) -> [UInt8]? {
        state.withLock { $0.copiedPNG[selection] }
    }

    public func requestPaste(from selection: SelectionKind = .clipboard) {
        state.withLock { $0.requests.append(.paste(from: selection)) }
    }

    /// Asks for the picture on `selection`; it comes back as `InputEvent.pastedPicture`.
    public func requestPicturePaste(from selection: SelectionKind = .clipboard) {
        state.withLock { $0.requests.append(.pastePicture(from: selection)) }
    }

    /// Another program took `selection`: selecting the same text again must take it back, so the
    /// "already copied" shortcut in `copy` no longer applies.
    public func lost(_ selection: SelectionKind) {
        state.withLock { $0.copied[selection] = nil; $0.copiedPNG[selection] = nil }
    }

    /// The requests posted since the last call, oldest first.
    public func takeRequests() -> [Request] {
        state.withLock { s in
            defer { s.requests = [] }
            return s.requests
        }
    }

    /// What this process last copied to `selection`.
    public func lastCopied(_ selection: SelectionKind) -> String? {
        state.withLock { $0.copied[selection] }
    }
}
