/// What the host runs in its window: the shell, in practice. The host calls these on the main
/// actor, in the order events arrive.
@MainActor
public protocol WindowContent: AnyObject {
    /// The window title (WM_NAME and _NET_WM_NAME), read after every batch of events.
    var title: String { get }
    /// Set when the content wants the window closed (Ctrl+Q, or a close it agreed to).
    var wantsQuit: Bool { get }
    /// The window manager's close button: the content quits (sets `wantsQuit`), or first asks the
    /// user in the window when there is unsaved work.
    func requestQuit()
    /// The copy-and-paste requests the content posts for the host to carry out.
    var clipboard: Clipboard { get }
    /// The pointer shape the content wants now (a hand over a link, say).
    var cursor: PointerShape { get }
    /// Places everything for a new size or device scale (pixels per point): called on every
    /// resize and scale change, before the next draw. The one place the content learns the scale.
    func layout(in size: Size, scale: Double)
    func handle(_ event: InputEvent)
    /// One fixed 1/60 s step; false when nothing animates and the loop may sleep.
    func tick() -> Bool
    /// Draws one whole frame into the host's back buffer.
    func draw(into target: DrawingTarget)
    /// Descriptors whose input wakes an idle loop for a tick (the web engine's socket): work in
    /// another process reaches the window without the loop polling at 60 Hz.
    var wakeDescriptors: [Int32] { get }
    /// What the desktop says of its look: its theme's name (XSETTINGS `Net/ThemeName`, nil when
    /// no settings manager names one). Called when the window opens and whenever it changes.
    func desktopThemeChanged(name: String?)
    /// The freedesktop appearance portal's colour scheme, when a portal answers; nil when none
    /// does (then the theme name speaks). Called when it first answers and whenever it changes.
    func desktopColorSchemeChanged(_ scheme: DesktopColorScheme?)
    /// What a screen reader sees of the window below the window itself: the screen shown and
    /// its controls (docs/accessibility.md). Read after input and, while animating, a few times
    /// a second; only while an accessibility bus is there.
    var accessibleTree: [AccessibleNode] { get }
    /// Carries out what an assistive client asked of node `id` (new text, focus) as the input a
    /// person would give. (A node's actions carry their input; the host feeds it to `handle`.)
    func performAccessible(_ request: AccessibleRequest, on id: String)
}

extension WindowContent {
    public var wakeDescriptors: [Int32] { [] }
    public func desktopThemeChanged(name: String?) {}
    public func desktopColorSchemeChanged(_ scheme: DesktopColorScheme?) {}
    public var accessibleTree: [AccessibleNode] { [] }
    public func performAccessible(_ request: AccessibleRequest, on id: String) {}
}

/// The shapes the pointer can take over the window.
public enum PointerShape: Sendable, Equatable {
    case arrow
    /// A pointing hand: over a link or something to click.
    case hand
    /// An I-beam: over text that can be typed into.
    case text
    /// A cross-hair: for picking a point.
    case crosshair
    /// Moving something by dragging.
    case move
    /// Busy: wait (CSS `wait`, and `progress`).
    case wait
    /// Not allowed here (CSS `not-allowed`, `no-drop`).
    case notAllowed
    /// Help is available (CSS `help`).
    case help
    /// Something that can be grabbed, or is being dragged (CSS `grab`, `grabbing`).
    case grab
    /// Resizing sideways: a column's edge (CSS `col-resize`, `ew-resize`, `e-resize`, `w-resize`).
    case resizeColumn
    /// Resizing up or down: a row's edge (CSS `row-resize`, `ns-resize`, `n-resize`, `s-resize`).
    case resizeRow
    /// Resizing from a corner: top left or bottom right (CSS `nwse-resize`, `nw-`, `se-resize`).
    case resizeDiagonalDown
    /// Resizing from a corner: top right or bottom left (CSS `nesw-resize`, `ne-`, `sw-resize`).
    case resizeDiagonalUp

    /// The shape for a CSS `cursor` name; names without an X shape of their own get the arrow.
    public init(cssName name: String) {
        switch name {
        case "pointer": self = .hand
        case "text", "vertical-text": self = .text
        case "crosshair", "cell": self = .crosshair
        case "move", "all-scroll": self = .move
        case "wait", "progress": self = .wait
        case "not-allowed", "no-drop": self = .notAllowed
        case "help": self = .help
        case "grab", "grabbing": self = .grab
        case "col-resize", "ew-resize", "e-resize", "w-resize": self = .resizeColumn
        case "row-resize", "ns-resize", "n-resize", "s-resize": self = .resizeRow
        case "nwse-resize", "nw-resize", "se-resize": self = .resizeDiagonalDown
        case "nesw-resize", "ne-resize", "sw-resize": self = .resizeDiagonalUp
        default: self = .arrow
        }
    }
}

/// The window's back buffer, as the host hands it to the content for one frame.
///
/// `surface` is the `cairo_surface_t` the host made over its pixmap with cairo-xlib. The host
/// knows no drawing API beyond making that surface; the drawing layer wraps it
/// (`CairoContext.withTarget`) and applies `scale`, pixels per point.
public struct DrawingTarget {
    public let surface: OpaquePointer
    public let scale: Double
    public init(surface: OpaquePointer, scale: Double) { self.surface = surface; self.scale = scale }
}

/// Why the window could not be shown.
public enum HostError: Error, CustomStringConvertible {
    case noDisplay(String)
    case cannotCreateWindow(String)

    public var description: String {
        switch self {
        case .noDisplay(let name):
            tr("cannot open X display \"{0}\": set DISPLAY, or use --screenshot for headless rendering", name)
        case .cannotCreateWindow(let why):
            tr("cannot create the window: {0}", why)
        }
    }
}

/// The appearance portal's `color-scheme` (org.freedesktop.appearance): what the person chose
/// in the desktop's settings.
public enum DesktopColorScheme: Int, Sendable {
    case noPreference = 0, preferDark = 1, preferLight = 2
}
