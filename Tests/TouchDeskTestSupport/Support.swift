import Glibc

public enum TestSupport {}

/// Checks `condition` every `interval` seconds until it holds or `timeout` seconds pass; true
/// when it held. The one wait loop of the end-to-end tests: what they wait for is a real
/// program's answer (a file written, the clipboard offered, a window resized), never a sleep.
@discardableResult
public func wait(until condition: () throws -> Bool, timeout: Double, interval: Double = 0.05) rethrows -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
    while true {
        if try condition() { return true }
        if ContinuousClock.now >= deadline { return false }
        let nanos = UInt64(interval * 1_000_000_000)
        var ts = timespec(tv_sec: Int(nanos / 1_000_000_000), tv_nsec: Int(nanos % 1_000_000_000))
        nanosleep(&ts, nil)
    }
}
