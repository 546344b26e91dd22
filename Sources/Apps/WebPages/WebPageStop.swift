import TouchDeskInterface
import TouchDeskToolkit

/// The page as one stop of the keyboard's ring, after the address field, as in a browser: Tab
/// from the address field (Shift+Tab from what follows the page) gives the page the keys and
/// focuses its first link or field (its last); further Tabs walk the page's own focus order with
/// WebKit's; a Tab past its last link (Shift+Tab before its first), which the engine tells a
/// moment later, moves the ring on (`handsFocusOn`). The stop is there whenever an engine shows
/// a page, loading or not: the ring does not change with a load's timing. The app draws it: the
/// view that has the keys is outlined thick; the page's own tree comes from the engine (the plug).
final class WebPageStop: @MainActor WidgetGroup {
    /// Where the view that takes the keys lies.
    var rect: () -> Rect = { .zero }
    /// Whether an engine shows a page the keys can go to.
    var isAvailable: () -> Bool = { false }
    /// Whether the page holds the keyboard: the ring is on the page exactly then.
    var holds: () -> Bool = { false }
    /// The ring reached the page: it takes the keys, at its first link or field (`backward`: its last).
    var enter: (_ backward: Bool) -> Void = { _ in }
    /// The ring moved off the page: the keys are TouchDesk's again.
    var leave: () -> Void = {}
    private var walkedOff: Bool?

    /// The engine said a Tab went past the page's last link (`backward`: Shift+Tab before its first).
    func pageEnded(backward: Bool) { walkedOff = backward }

    var handsFocusOn: Bool? { holds() ? walkedOff : nil }

    var focusables: [Focusable] {
        let r = rect()
        guard isAvailable(), r.width > 0, r.height > 0 else { return [] }
        return [Focusable(name: "page", frame: r, role: .list)]
    }

    func isFocused(_ item: Focusable) -> Bool { holds() }

    func setKeyboardFocus(_ item: Focusable?) { setKeyboardFocus(item, backward: false) }

    func setKeyboardFocus(_ item: Focusable?, backward: Bool) {
        walkedOff = nil
        if item != nil { enter(backward) } else if holds() { leave() }
    }

    // Nothing of its own to lay out or list in F1 (the app's keys say it); the page's accessible
    // tree is the engine's, joined where the view shows (`WebApp.accessibleContent`).
    var controlRects: [ControlRect] { [] }
    var keyHelp: [KeyHelp] { [] }
    var accessibleNodes: [AccessibleNode] { [] }
}
