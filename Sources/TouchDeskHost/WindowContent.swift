import TouchDeskModels

/// What the host runs in its window: the shell, in practice. The host calls these from its one
/// thread, in the order events arrive.
public protocol WindowContent: AnyObject {
    /// The window title (WM_NAME and _NET_WM_NAME), read after every batch of events.
    var title: String { get }
    /// Set when the content wants the window closed (Ctrl+Q).
    var wantsQuit: Bool { get }
    func layout(in size: Size)
    func handle(_ event: InputEvent)
    /// One fixed 1/60 s step; false when nothing animates and the loop may sleep.
    func tick() -> Bool
    func draw(_ cr: OpaquePointer)
}

/// Why the window could not be shown.
public enum HostError: Error, CustomStringConvertible {
    case noDisplay(String)
    case cannotCreateWindow(String)

    public var description: String {
        switch self {
        case .noDisplay(let name):
            "cannot open X display \"\(name)\": set DISPLAY, or use --screenshot for headless rendering"
        case .cannotCreateWindow(let why):
            "cannot create the window: \(why)"
        }
    }
}
