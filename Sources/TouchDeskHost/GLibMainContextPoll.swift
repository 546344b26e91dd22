import CAccessibility
import Glibc

/// GLib's main context driven from the host's poll(): `prepare` adds GLib's descriptors to the
/// poll set (and lowers the timeout to GLib's own), `dispatch` hands the poll's results back so
/// GLib runs what is ready. The accessibility bridge and the appearance portal both run their
/// D-Bus traffic on that one context; the host drives it through whichever of them is running.
struct GLibMainContextPoll {
    /// Where GLib's descriptors sit in the host's poll set this turn.
    private var range = 0..<0

    /// Adds GLib's descriptors to `fds` and lowers `timeout` (ms, -1 for none) to its own.
    mutating func prepare(_ fds: inout [pollfd], timeout: inout Int32) {
        var room = [pollfd](repeating: pollfd(), count: 16)
        var t = timeout
        let n = Int(td_a11y_prepare(&room, Int32(room.count), &t))
        timeout = t
        let start = fds.count
        fds += room.prefix(min(n, room.count))
        range = start..<fds.count
    }

    /// Hands the poll's results to GLib, which dispatches what is ready.
    func dispatch(_ fds: [pollfd]) {
        var mine = Array(fds[range])
        td_a11y_dispatch(&mine, Int32(mine.count))
    }
}
