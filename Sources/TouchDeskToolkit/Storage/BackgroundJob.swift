import Dispatch
import Foundation
import Synchronization
import TouchDeskFiles

/// One piece of slow work (loading a data set, a pass over it) on a thread of its own. The UI
/// polls `value` from its tick and never waits; only screenshots and tests call `wait`.
public nonisolated final class BackgroundJob<Value: Sendable>: Sendable {
    private let result = Mutex<Value?>(nil)
    private let done = DispatchGroup()
    private let stopFlag = StopFlag()

    public convenience init(name: String, _ work: @escaping @Sendable () -> Value) {
        self.init(name: name, stoppable: { _ in work() })
    }

    /// A job whose work looks at the flag `stop()` sets, between its steps, and then ends early
    /// with a value that says so (nil, say). `count`, if given, counts it while it runs.
    public init(name: String, count: LoadCount? = nil, stoppable work: @escaping @Sendable (StopFlag) -> Value) {
        done.enter()
        count?.began()
        let thread = Thread { [self] in
            let value = work(stopFlag)
            // Counted out before its value shows, so a job started on seeing it is never counted beside it.
            count?.ended()
            result.withLock { $0 = value }
            done.leave()
        }
        thread.name = name
        thread.start()
    }

    /// A job that is already done, with `value`: for work small enough to do at once.
    public init(done value: Value) {
        result.withLock { $0 = value }
    }

    /// Asks the work to end at its next step (its app was left); `wait` still returns its value.
    public func stop() { stopFlag.set() }

    /// Whether `stop()` was called.
    public var isStopped: Bool { stopFlag.isSet }

    /// Whether the work has finished (its value is in).
    public var isDone: Bool { result.withLock { $0 != nil } }

    /// The result once the work has finished; nil before.
    public var value: Value? { result.withLock { $0 } }

    /// Blocks until the work has finished and returns its result.
    public func wait() -> Value {
        done.wait()
        return result.withLock { $0! }
    }
}
