import Dispatch
import Foundation
import Synchronization
import TouchDeskFiles

/// Loads (or on the first run builds) the globe on a thread of its own, so the window keeps
/// answering; the view polls `state` and `step` from its tick and draws progress until it is ready.
public final class GlobeLoader: Sendable {
    public enum State: Sendable {
        case loading
        case ready(GlobeData, GlobeCache.Origin)
        /// The message says what to install or fix.
        case failed(String)
        /// `stop()` ended the load before the globe was in: a new loader starts again.
        case stopped
    }

    private let shared = Mutex<(state: State, step: GlobeCache.Step)>((.loading, .checkingCache))
    private let done = DispatchGroup()
    private let stopFlag = StopFlag()

    public convenience init(source: String, directory: String = GlobeCache.defaultDirectory(), count: LoadCount? = nil) {
        self.init(paths: ReliefPaths(etopo5: source), directory: directory, count: count)
    }

    /// Starts loading at once; `count`, if given, counts it while it runs.
    public init(paths: ReliefPaths = ReliefPaths(), directory: String = GlobeCache.defaultDirectory(), count: LoadCount? = nil) {
        done.enter()
        count?.began()
        let thread = Thread { [self] in
            let result: State
            do {
                let (data, origin) = try GlobeCache.loadOrBuild(paths: paths, directory: directory, stop: stopFlag) { step in
                    self.shared.withLock { $0.step = step }
                }
                result = .ready(data, origin)
            } catch is Stopped {
                result = .stopped
            } catch {
                result = .failed("\(error)")
            }
            // A first run's build freed the source grids and the flood's work arrays (hundreds of
            // MB); a cache that was only mapped freed nothing.
            if case .ready(_, .cache) = result {} else { FreedMemory.giveBack() }
            // Counted out before the state shows it ended, so a loader started on seeing that is never counted beside it.
            count?.ended()
            self.shared.withLock { $0.state = result }
            self.done.leave()
        }
        thread.name = "globe loader"
        thread.start()
    }

    /// Ends a first run's build at its next step (the user left Sea Level); a cache being read is read to its end.
    public func stop() { stopFlag.set() }

    /// Whether `stop()` was called.
    public var isStopped: Bool { stopFlag.isSet }

    /// Whether the load has ended, either way (its thread is done with it).
    public var isDone: Bool {
        if case .loading = state { return false }
        return true
    }

    /// What the loader has so far; never blocks for longer than a lock.
    public var state: State { shared.withLock { $0.state } }

    /// The step under way while loading.
    public var step: GlobeCache.Step { shared.withLock { $0.step } }

    /// The data once ready.
    public var data: GlobeData? {
        if case .ready(let data, _) = state { return data }
        return nil
    }

    /// Blocks until loading has finished, either way. Only for screenshots and tests: a window
    /// never waits.
    public func waitUntilDone() { done.wait() }
}
