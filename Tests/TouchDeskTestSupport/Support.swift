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

/// The `async` form of `wait(until:timeout:interval:)`, for `async` tests: it suspends between
/// checks (`Task.sleep`), so the thread runs other tests meanwhile. It gives up (false) when the
/// test's task is cancelled (its time limit passed).
@discardableResult
public func wait(until condition: () async throws -> Bool, timeout: Double, interval: Double = 0.05) async rethrows -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
    while true {
        if try await condition() { return true }
        if ContinuousClock.now >= deadline || Task.isCancelled { return false }
        try? await Task.sleep(for: .milliseconds(Int(interval * 1000)))
    }
}

/// The `async` form for a condition that does not itself await (a file read, a log line): in an
/// `async` test Swift picks this over the blocking form above, so the poll suspends too.
@discardableResult
public func wait(until condition: () throws -> Bool, timeout: Double, interval: Double = 0.05) async rethrows -> Bool {
    try await wait(until: { () async throws -> Bool in try condition() }, timeout: timeout, interval: interval)
}

/// Suspends for `seconds`: for a duration that is itself the input (a key held down, a device
/// that keeps reporting a tilt), never to wait for a result (use `wait(until:)`).
public func hold(for seconds: Double) async {
    try? await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
}
