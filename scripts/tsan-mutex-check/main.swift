// Does ThreadSanitizer see the standard library's Synchronization.Mutex as a lock?
// Two threads add 1 to a counter 200,000 times each, every access inside the lock, so the
// program is race-free by construction; it prints the total (400,000 when the lock excludes).
// The same program guards the counter with Synchronization.Mutex, with a pthread mutex and with
// Foundation's NSLock (argument: mutex, pthread or nslock). Built by ./run with -sanitize=thread.
import Foundation
import Synchronization

let rounds = 200_000

/// The counter behind a lock, whichever lock it is.
protocol LockedCounter: Sendable {
    func add()
    var total: Int { get }
}

final class StandardMutexCounter: LockedCounter {
    private let count = Mutex(0)
    func add() { count.withLock { $0 += 1 } }
    var total: Int { count.withLock { $0 } }
}

final class PthreadCounter: LockedCounter, @unchecked Sendable {
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var count = 0
    init() { pthread_mutex_init(lock, nil) }
    func add() { pthread_mutex_lock(lock); count += 1; pthread_mutex_unlock(lock) }
    var total: Int { pthread_mutex_lock(lock); defer { pthread_mutex_unlock(lock) }; return count }
}

final class NSLockCounter: LockedCounter, @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.lock(); count += 1; lock.unlock() }
    var total: Int { lock.withLock { count } }
}

let counter: any LockedCounter
switch CommandLine.arguments.dropFirst().first {
case "mutex": counter = StandardMutexCounter()
case "pthread": counter = PthreadCounter()
case "nslock": counter = NSLockCounter()
default:
    FileHandle.standardError.write(Data("usage: tsan-mutex-check mutex|pthread|nslock\n".utf8))
    exit(2)
}
let finished = DispatchGroup()
for _ in 0..<2 {
    finished.enter()
    Thread.detachNewThread {
        for _ in 0..<rounds { counter.add() }
        finished.leave()
    }
}
finished.wait()
print("\(CommandLine.arguments[1]): total \(counter.total) of \(2 * rounds)")
