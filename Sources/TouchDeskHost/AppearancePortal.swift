import CAccessibility
import CAppearancePortal
import Glibc
import TouchDeskInterface

/// The freedesktop appearance portal's colour scheme, followed while the window is open
/// (AppearancePortal.c): read once when the window opens, then live through the portal's
/// SettingChanged signal. Its D-Bus traffic runs on GLib's main context, which the host's poll()
/// drives: through the accessibility bridge when that runs, else through `prepare` and `dispatch`.
final class AppearancePortal {
    private var glib = GLibMainContextPoll()

    /// Starts listening on the session bus; nil when there is none. Waits up to `wait` seconds for
    /// a running portal's first answer, so the first frame already has the desktop's look (a portal
    /// started on demand by D-Bus takes longer; its answer then changes the look a moment later).
    static func start(wait: Double = 0.3) -> AppearancePortal? {
        guard td_portal_start() == 0 else { return nil }
        td_portal_wait(Int32(wait * 1000))
        return AppearancePortal()
    }

    /// The portal's colour scheme when it changed since the last look (`.some(nil)`: no portal
    /// answers any more); nil when nothing changed.
    func takeChange() -> DesktopColorScheme?? {
        guard td_portal_take_change() != 0 else { return nil }
        return .some(DesktopColorScheme(rawValue: Int(td_portal_color_scheme())))
    }

    /// Adds GLib's descriptors to `fds` and lowers `timeout` (ms, -1 for none) to its own.
    func prepare(_ fds: inout [pollfd], timeout: inout Int32) { glib.prepare(&fds, timeout: &timeout) }

    /// Hands the poll's results to GLib, which dispatches the portal's answers.
    func dispatch(_ fds: [pollfd]) { glib.dispatch(fds) }
}
