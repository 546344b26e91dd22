import TouchDeskDrawing
import TouchDeskInterface

/// Places an app draws itself (Adding Images' layer squares, the Sea Level slider and list rows)
/// that the keyboard reaches like any control: Tab focuses them, the group draws the ring, and
/// Space or Enter press one as a click on its middle would. The app says where they are now.
public final class FocusSpots: WidgetGroup {
    private let provider: () -> [Focusable]
    public private(set) var focused: String?

    /// `spots` lists the places in Tab order, as they lie now.
    public init(_ spots: @escaping () -> [Focusable]) { provider = spots }

    public var focusables: [Focusable] { provider().filter { $0.frame.width > 0 && $0.frame.height > 0 } }
    public func isFocused(_ item: Focusable) -> Bool { focused == item.name }
    public func setKeyboardFocus(_ item: Focusable?) { focused = item?.name }

    public var controlRects: [ControlRect] { focusables.map { ControlRect($0.name, $0.frame) } }
    public var keyHelp: [KeyHelp] { [] }

    /// The ring around the focused place.
    public func draw(_ cr: CairoContext) {
        guard let name = focused, let f = focusables.first(where: { $0.name == name }) else { return }
        Theme.accent.set(cr)
        cr.setLineWidth(2.5)
        cr.roundedRect(f.frame.insetBy(-3), radius: 6)
        cr.stroke()
    }
}
