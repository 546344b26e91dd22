import Foundation

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
public final class Clipboard: @unchecked Sendable {
    public enum Request: Equatable, Sendable {
        /// Own this selection with this text.
        case copy(String, to: SelectionKind)
        /// Ask the owner of this selection for its text.
        case paste(from: SelectionKind)
    }

    // Requests may be posted from layout/draw code running on any thread in tests.
    private let lock = NSLock()
    private var requests: [Request] = []
    private var copied: [SelectionKind: String] = [:]

    public init() {}

    public func copy(_ text: String, to selection: SelectionKind = .clipboard) {
        lock.lock(); defer { lock.unlock() }
        // Selecting the same text again need not take the selection again.
        if selection == .primary && copied[.primary] == text { return }
        copied[selection] = text
        requests.append(.copy(text, to: selection))
    }

    public func requestPaste(from selection: SelectionKind = .clipboard) {
        lock.lock(); defer { lock.unlock() }
        requests.append(.paste(from: selection))
    }

    /// Another program took `selection`: selecting the same text again must take it back, so the
    /// "already copied" shortcut in `copy` no longer applies.
    public func lost(_ selection: SelectionKind) {
        lock.lock(); defer { lock.unlock() }
        copied[selection] = nil
    }

    /// The requests posted since the last call, oldest first.
    public func takeRequests() -> [Request] {
        lock.lock(); defer { lock.unlock() }
        defer { requests = [] }
        return requests
    }

    /// What this process last copied to `selection`.
    public func lastCopied(_ selection: SelectionKind) -> String? {
        lock.lock(); defer { lock.unlock() }
        return copied[selection]
    }
}
