import TouchDeskInterface
import Glibc

/// Who keeps the saved state: one process at a time. Two windows (`--new-window`, or two logins
/// over a shared home) would otherwise each write `paint.json` and the rest on quitting, and the
/// last to quit would silently replace what the other kept. The first process takes an `flock`
/// on `STATE/lock` (the kernel lets go of it however the process ends, even by kill -9) and writes
/// its process id there; a second process that finds the lock taken reads and shows the state,
/// but writes none, and says so when it starts and when it quits.
public final class StateLock: Sendable {
    /// What a process may do with the saved state.
    public enum Ownership: Sendable, Equatable {
        /// This process keeps the state.
        case owned
        /// Another process (this id, when it wrote one) keeps it: this one writes no state.
        case heldBy(pid_t?)
    }

    public let ownership: Ownership
    private let fd: Int32

    /// Takes the lock in `folder` (created 0700 when missing). A folder where no lock can be made
    /// (read-only, full) counts as owned: no state can be written there anyway, and each write
    /// reports its own failure.
    public init(folder: String) {
        try? AtomicFile.makeFolder(folder, mode: 0o700, for: folder + "/lock")
        let path = folder + "/lock"
        let fd = Paths.withSystemPath(path) { open($0, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600) }
        self.fd = fd
        guard fd >= 0 else { ownership = .owned; return }
        if flock(fd, LOCK_EX | LOCK_NB) == 0 {
            ownership = .owned
            let text = Array("\(getpid())\n".utf8)
            _ = ftruncate(fd, 0)
            _ = text.withUnsafeBytes { pwrite(fd, $0.baseAddress!, $0.count, 0) }
        } else if errno == EWOULDBLOCK {
            var buf = [UInt8](repeating: 0, count: 32)
            let n = buf.withUnsafeMutableBytes { pread(fd, $0.baseAddress!, 31, 0) }
            let text = n > 0 ? String(decoding: buf.prefix(n), as: UTF8.self) : ""
            ownership = .heldBy(pid_t(text.split(separator: "\n").first ?? ""))
        } else {
            ownership = .owned
        }
    }

    deinit { if fd >= 0 { close(fd) } }

    /// The sentence for the user when another process keeps the state; nil when this one does.
    public var notice: String? {
        guard case .heldBy(let pid) = ownership else { return nil }
        let who = pid.map { tr("another TouchDesk (process {0})", "\($0)") } ?? tr("another TouchDesk")
        return tr("{0} keeps the saved state: this window saves pictures you ask for, but no app state", who)
    }
}
