import TouchDeskInterface

/// The page as one stop of the keyboard's ring (Tab, Shift+Tab), before the address field: the
/// ring reaches it from the app's content (Tab) or from the address field (Shift+Tab), and the
/// page then holds the keyboard; the next Tab walks the page's own links and fields with WebKit's
/// focus, and a Tab past its last one (Shift+Tab before its first) hands the ring back
/// (`WebApp.pageEnded`). The app draws the ring: the view that holds the keys is outlined thick.
final class WebPageStop: WidgetGroup {
    /// Where the view that takes the keys lies.
    var rect: () -> Rect = { .zero }
    var frame: Rect { rect() }
    /// Whether the page holds the keyboard: the ring is on the page exactly then.
    var holds: () -> Bool = { false }
    /// The ring reached the page: it takes the keyboard.
    var enter: () -> Void = {}
    /// The ring moved off the page (a click elsewhere): it lets go.
    var leave: () -> Void = {}

    var focusables: [Focusable] {
        frame.width > 0 && frame.height > 0 ? [Focusable(name: "page", label: tr("The page"), frame: frame, role: .list)] : []
    }

    func isFocused(_ item: Focusable) -> Bool { holds() }

    func setKeyboardFocus(_ item: Focusable?) {
        if item != nil, !holds() { enter() }
        if item == nil, holds() { leave() }
    }

    // Nothing of its own to lay out, list in F1 (the app's keys say it) or describe (the page's
    // accessible tree is offered by the engine).
    var controlRects: [ControlRect] { [] }
    var keyHelp: [KeyHelp] { [] }
    var accessibleNodes: [AccessibleNode] { [] }
}
