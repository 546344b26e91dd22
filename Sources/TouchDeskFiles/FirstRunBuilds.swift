import Foundation

/// A first run's builds of derived data (the place index from GeoNames, the relief globe from
/// ETOPO) run one at a time in a process. Each holds a few hundred megabytes of scratch while it
/// runs and gives them back when it ends; side by side the two peaks added up (545 MB for a
/// headless `globe --screenshot` on an empty cache folder, 434 MB in the second round of the cold
/// soak, docs/testing.md). One after the other, the process never holds more than the larger.
/// Reading a cache is not a build: it never waits here.
public enum FirstRunBuilds {
    private static let condition = NSCondition()
    /// Whether a build runs now; read and written under `condition`.
    nonisolated(unsafe) private static var running = false

    /// Runs `build` once no other build runs in this process, and lets the next one start when
    /// it ends, however it ends. `waiting` is called (once, on this thread) when another build is
    /// running, before waiting for it. Nil, without building, when `stop` is set while it waits.
    public static func oneAtATime<T, E: Error>(stop: StopFlag? = nil, waiting: () -> Void = {},
                                                _ build: () throws(E) -> T) throws(E) -> T? {
        condition.lock()
        let busy = running
        condition.unlock()
        if busy { waiting() }
        condition.lock()
        while running {
            if stop?.isSet == true {
                condition.unlock()
                return nil
            }
            // Woken when the build ends; a stop is seen within a tenth of a second.
            _ = condition.wait(until: Date(timeIntervalSinceNow: 0.1))
        }
        running = true
        condition.unlock()
        defer {
            condition.lock()
            running = false
            condition.broadcast()
            condition.unlock()
        }
        // Its big blocks given back the moment they are freed, while it runs.
        return try FreedMemory.mappingLargeBlocksApart(build)
    }

    /// Whether a build runs now (for tests).
    public static var isBuilding: Bool {
        condition.lock()
        defer { condition.unlock() }
        return running
    }
}
