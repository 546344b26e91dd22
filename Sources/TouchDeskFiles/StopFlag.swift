import Synchronization

/// Set (from any thread, usually the UI's) when work running on another thread is no longer
/// wanted: the user left the app that started it. The work looks at it between its steps and
/// ends early, so leaving an app leaves nothing running.
public final class StopFlag: Sendable {
    private let flag = Atomic<Bool>(false)

    public init() {}

    public func set() { flag.store(true, ordering: .relaxed) }

    public var isSet: Bool { flag.load(ordering: .relaxed) }
}

/// Thrown by work that saw its `StopFlag` set: not a failure to show, the work is simply not wanted.
public struct Stopped: Error, CustomStringConvertible {
    public init() {}
    public var description: String { "stopped" }
}

/// How many loads of one kind run now, and the most that ever ran at once. A load started again
/// beside one still running (leaving an app during its load and coming straight back) shows as a
/// peak of 2: the tests look at `peak`, which must stay 1.
public final class LoadCount: Sendable {
    private let counts = Mutex<(now: Int, peak: Int)>((0, 0))

    public init() {}

    /// A load of this kind began (on its own thread).
    public func began() { counts.withLock { $0.now += 1; $0.peak = max($0.peak, $0.now) } }

    /// It ended, whatever it came to.
    public func ended() { counts.withLock { $0.now -= 1 } }

    /// Loads of this kind running now.
    public var now: Int { counts.withLock { $0.now } }

    /// The most that ran at once since the start (or `resetPeak`).
    public var peak: Int { counts.withLock { $0.peak } }

    public func resetPeak() { counts.withLock { $0.peak = $0.now } }
}
