import Foundation

public enum TestSupport {
    /// Checks `condition` every 50 ms until it holds or `timeout` seconds pass; true when it held.
    @discardableResult
    public static func waitUntil(timeout: TimeInterval, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            if Date() >= deadline { return false }
            usleep(50_000)
        }
        return true
    }
}
