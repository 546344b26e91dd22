import Dispatch
import Foundation
import Synchronization
import TouchDeskFiles

/// The one place the UI writes files from: a serial worker thread, so a slow disk, a large PNG or
/// a burst of saves never blocks a frame.
///
/// How to use it (every app reaches it as `environment.writer`):
/// - `write(data, to: path)` writes bytes through `AtomicFile.write` (0600 in a 0700 folder, as
///   state files are).
/// - `submit(key:) { … }` runs any job that writes a file and returns the path it wrote (encode a
///   PNG there, pick a fresh name there); it may throw, and the error's text reaches the user.
/// - Both return a `Ticket`. The UI never waits: it keeps the ticket, looks at `outcome` from its
///   `tick()` (returning true from `tick` while `outcome` is nil, because DispatchQueue.main never
///   runs here), then shows a message.
///
/// Jobs run one at a time, in the order submitted. A job that has not started yet is replaced by
/// a newer one with the same key (the path, for `write`): 300 saves in a row cost one or two
/// writes, and every ticket of the replaced job gets the newer job's outcome. `waitUntilIdle()`
/// blocks until everything submitted is on disk: for quitting, screenshots and tests only.
nonisolated public final class BackgroundWriter: Sendable {
    /// What became of a job.
    public enum Outcome: Sendable, Equatable {
        /// The file at this path was written.
        case written(String)
        /// Nothing was written, for this reason (a sentence for the user).
        case failed(String)
    }

    /// A claim on a job's outcome, safe to read from the main actor at any time.
    public final class Ticket: Sendable {
        private let result = Mutex<Outcome?>(nil)
        /// nil until the job (or the newer job that replaced it) has finished.
        public var outcome: Outcome? { result.withLock { $0 } }
        public var isDone: Bool { outcome != nil }
        fileprivate func finish(_ o: Outcome) { result.withLock { $0 = o } }
        /// A ticket that is already done: for callers that decide without writing.
        public init(done outcome: Outcome? = nil) { if let outcome { result.withLock { $0 = outcome } } }
    }

    private struct Job {
        public var key: String
        public var work: @Sendable () throws -> String
        var tickets: [Ticket]
    }

    private struct State {
        public var queue: [Job] = []
        var workerRunning = false
        public var written = 0
    }

    private let state = Mutex(State())
    private let busy = DispatchGroup()
    private let name: String

    public init(name: String = "touchdesk-writer") { self.name = name }

    /// Writes `data` to `path` atomically, replacing a pending write to the same path.
    @discardableResult
    public func write(_ data: Data, to path: String, fileMode: mode_t = 0o600, createFolder: mode_t = 0o700) -> Ticket {
        submit(key: path) {
            try AtomicFile.write(data, to: path, fileMode: fileMode, createFolder: createFolder)
            return path
        }
    }

    /// Runs `work` on the writer thread after the jobs before it; a pending job with the same
    /// `key` is replaced by this one.
    @discardableResult
    public func submit(key: String, _ work: @escaping @Sendable () throws -> String) -> Ticket {
        let ticket = Ticket()
        let startWorker = state.withLock { s -> Bool in
            if let i = s.queue.firstIndex(where: { $0.key == key }) {
                s.queue[i].work = work
                s.queue[i].tickets.append(ticket)
            } else {
                busy.enter()
                s.queue.append(Job(key: key, work: work, tickets: [ticket]))
            }
            guard !s.workerRunning else { return false }
            s.workerRunning = true
            return true
        }
        if startWorker {
            // The thread ends when the queue is empty, so an idle writer holds no thread.
            let thread = Thread { [self] in drain() }
            thread.name = name
            thread.start()
        }
        return ticket
    }

    private func drain() {
        var next = state.withLock { s -> Job? in
            if s.queue.isEmpty { s.workerRunning = false; return nil }
            return s.queue.removeFirst()
        }
        while let job = next {
            let outcome: Outcome
            do { outcome = .written(try job.work()) } catch { outcome = .failed("\(error)") }
            if case .failed(let why) = outcome {
                warn("\(why)")
            }
            // The next job is taken (or the worker marked gone) before this one counts as done, so
            // that `isIdle` is true once `waitUntilIdle` returns.
            next = state.withLock { s -> Job? in
                s.written += 1
                if s.queue.isEmpty { s.workerRunning = false; return nil }
                return s.queue.removeFirst()
            }
            for t in job.tickets { t.finish(outcome) }
            busy.leave()
        }
    }

    /// True when nothing is queued or being written.
    var isIdle: Bool { state.withLock { $0.queue.isEmpty && !$0.workerRunning } }

    /// How many jobs have run (replaced jobs do not count): for tests and the benchmark.
    var jobsRun: Int { state.withLock { $0.written } }

    /// Blocks until every job submitted so far has finished: only when quitting, for screenshots
    /// and in tests.
    public func waitUntilIdle() { busy.wait() }
}
