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
