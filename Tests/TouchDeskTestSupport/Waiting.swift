import Foundation

extension TestSupport {
    /// Polls `condition` every 20 ms until it holds or `timeout` seconds pass; true when it held.
    /// For states another process reaches in its own time (a window manager's answer, a resize).
    public static func waitUntil(timeout: TimeInterval = 5, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if try condition() { return true }
            if Date() >= deadline { return false }
            usleep(20_000)
        }
    }
}
