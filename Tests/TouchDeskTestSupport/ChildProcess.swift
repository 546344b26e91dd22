import Foundation
import TouchDeskFiles
#if canImport(Glibc)
import Glibc
#endif

/// A child process started with posix_spawn, with a clean signal state.
///
/// Foundation's `Process` hands its children the signal mask of the thread that starts them, and
/// test threads block most signals: an Xvfb started that way ignores SIGTERM. Here the child starts
/// with no blocked signals and default handlers, its stdin from /dev/null and its output appended to
/// files (never a pipe that could fill up and stall it).
public final class ChildProcess {
    public enum Status: Equatable, CustomStringConvertible {
        case exited(Int32)
        case signaled(Int32)
        public var description: String {
            switch self {
            case .exited(let c): "exit status \(c)"
            case .signaled(let s): "killed by signal \(s)"
            }
        }
    }

    public let pid: pid_t
    public let executable: String
    private var finished: Status?

    /// Starts `executable` (a full path) with `arguments`, `environment`, in `directory` if given,
    /// appending its stdout and stderr to the given files.
    public init(_ executable: String, _ arguments: [String], environment: [String: String],
                directory: String? = nil, stdout: String, stderr: String) throws {
        self.executable = executable
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        if let directory {
            guard let addchdir = Self.addchdir else { throw XSession.Failure("posix_spawn_file_actions_addchdir_np is missing (glibc < 2.29)") }
            _ = addchdir(&actions, directory)
        }

        var attr = posix_spawnattr_t()
        posix_spawnattr_init(&attr)
        defer { posix_spawnattr_destroy(&attr) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attr, &none)
        var all = sigset_t()
        sigfillset(&all)
        sigdelset(&all, SIGKILL)
        sigdelset(&all, SIGSTOP)
        posix_spawnattr_setsigdefault(&attr, &all)
        posix_spawnattr_setflags(&attr, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        // Paths.withSystemPath: an argument made with Paths.string(fromSystem:) reaches the child as its exact bytes.
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { Paths.withSystemPath($0) { strdup($0) } } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, executable, &actions, &attr, argv, envp)
        guard rc == 0 else {
            throw XSession.Failure("cannot start \(executable): \(String(cString: strerror(rc)))")
        }
        self.pid = pid
    }

    /// glibc's posix_spawn_file_actions_addchdir_np, which the Glibc module does not import.
    private typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
    private static let addchdir: AddChdir? = {
        guard let sym = dlsym(nil, "posix_spawn_file_actions_addchdir_np") else { return nil }
        return unsafeBitCast(sym, to: AddChdir.self)
    }()

    /// Reaps the child if it has ended; true while it runs.
    public var isRunning: Bool {
        if finished != nil { return false }
        var status: Int32 = 0
        let r = waitpid(pid, &status, WNOHANG)
        if r == pid {
            finished = Self.decode(status)
            return false
        }
        if r < 0 && errno == ECHILD {
            // Someone else reaped it; we cannot know how it ended.
            finished = .signaled(0)
            return false
        }
        return true
    }

    /// How it ended; nil while it runs.
    public var status: Status? {
        _ = isRunning
        return finished
    }

    static func decode(_ s: Int32) -> Status {
        let sig = s & 0x7f
        return sig == 0 ? .exited((s >> 8) & 0xff) : .signaled(sig)
    }

    /// Waits at most `timeout` seconds; the status, or nil if still running.
    @discardableResult
    public func wait(timeout: TimeInterval) -> Status? {
        let deadline = Date().addingTimeInterval(timeout)
        while isRunning && Date() < deadline { usleep(5_000) }
        return status
    }

    /// SIGTERM, a bounded wait, then SIGKILL and a bounded wait.
    public func stop(grace: TimeInterval = 2) {
        guard isRunning else { return }
        kill(pid, SIGTERM)
        if wait(timeout: grace) == nil {
            kill(pid, SIGKILL)
            wait(timeout: 2)
        }
    }

    deinit {
        if isRunning { kill(pid, SIGKILL); wait(timeout: 1) }
    }
}
