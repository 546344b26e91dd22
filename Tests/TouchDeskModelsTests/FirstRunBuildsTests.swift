import Dispatch
import Foundation
import Synchronization
import Testing
import TouchDeskFiles

/// A first run's builds (the place index, the relief globe) never run side by side: their peaks
/// added up (docs/testing.md, "Memory over an afternoon").
@Suite("Files: first-run builds one at a time")
struct FirstRunBuildsTests {
    /// How long a wait may take before it counts as never: the builds are one at a time in the
    /// whole test process, so another suite's (the place index's, a debug build's minute) may
    /// come first.
    static let patience: Double = 600

    /// A build can run now, once any under way (another test's, the place index's) has ended:
    /// the last build let go. Stopped after `patience` rather than waiting for ever.
    static func nextBuildRuns() -> Bool {
        let stop = StopFlag()
        DispatchQueue.global().asyncAfter(deadline: .now() + patience) { stop.set() }
        return FirstRunBuilds.oneAtATime(stop: stop) { true } == true
    }

    /// What the builds of one test saw, from their threads.
    final class Builds: Sendable {
        let counts = Mutex((running: 0, most: 0, done: 0, gave: [Int?]()))

        func build() -> Int {
            counts.withLock { $0.running += 1; $0.most = max($0.most, $0.running) }
            usleep(5_000)
            counts.withLock { $0.running -= 1; $0.done += 1 }
            return 7
        }
    }

    @Test func buildsStartedTogetherRunOneAfterTheOther() {
        let seen = Builds()
        let holding = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let waiting = DispatchSemaphore(value: 0), ended = DispatchSemaphore(value: 0)
        // One build holds on until the five others have said they wait.
        Thread.detachNewThread {
            let value = FirstRunBuilds.oneAtATime { () -> Int in
                holding.signal()
                _ = release.wait(timeout: .now() + Self.patience)
                return seen.build()
            }
            seen.counts.withLock { $0.gave.append(value) }
            ended.signal()
        }
        #expect(holding.wait(timeout: .now() + Self.patience) == .success)
        for _ in 0..<5 {
            Thread.detachNewThread {
                let value = FirstRunBuilds.oneAtATime(waiting: { waiting.signal() }) { seen.build() }
                seen.counts.withLock { $0.gave.append(value) }
                ended.signal()
            }
        }
        let told = (0..<5).filter { _ in waiting.wait(timeout: .now() + Self.patience) == .success }.count
        #expect(told == 5, "\(told) of the 5 builds were told they wait")
        release.signal()
        let done = (0..<6).filter { _ in ended.wait(timeout: .now() + Self.patience) == .success }.count
        let c = seen.counts.withLock { $0 }
        #expect(done == 6 && c.done == 6 && c.gave == [Int?](repeating: 7, count: 6), "\(done) ended, \(c.done) built, gave \(c.gave)")
        #expect(c.most == 1, "\(c.most) builds ran at once")
        #expect(Self.nextBuildRuns())
    }

    @Test func aBuildStoppedWhileItWaitsNeverRuns() {
        let holding = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let waiting = DispatchSemaphore(value: 0), ended = DispatchSemaphore(value: 0)
        /// What the threads saw: whether the stopped build ran, and what it gave.
        final class Seen: Sendable {
            let ran = Mutex(false)
            let result = Mutex<Int??>(nil)
        }
        let seen = Seen()
        Thread.detachNewThread {
            _ = FirstRunBuilds.oneAtATime { () -> Bool in
                holding.signal()
                _ = release.wait(timeout: .now() + Self.patience)
                return true
            }
            ended.signal()
        }
        #expect(holding.wait(timeout: .now() + Self.patience) == .success)
        let stop = StopFlag()
        Thread.detachNewThread {
            let value = FirstRunBuilds.oneAtATime(stop: stop, waiting: { waiting.signal() }) { () -> Int in
                seen.ran.withLock { $0 = true }
                return 1
            }
            seen.result.withLock { $0 = .some(value) }
            ended.signal()
        }
        #expect(waiting.wait(timeout: .now() + Self.patience) == .success, "the second build was not told it waits")
        stop.set()
        // It ends without the first build ending.
        #expect(ended.wait(timeout: .now() + Self.patience) == .success)
        #expect(seen.result.withLock { $0 } == .some(nil), "a stopped build gave a value")
        #expect(!seen.ran.withLock { $0 })
        #expect(FirstRunBuilds.isBuilding, "the first build still runs")
        release.signal()
        #expect(ended.wait(timeout: .now() + Self.patience) == .success)
        #expect(Self.nextBuildRuns())
    }

    @Test func anErrorEndsTheBuildAndLetsTheNextOneRun() {
        struct Broken: Error {}
        #expect(throws: Broken.self) {
            _ = try FirstRunBuilds.oneAtATime { () throws(Broken) -> Int in throw Broken() }
        }
        #expect(Self.nextBuildRuns())
    }
}
