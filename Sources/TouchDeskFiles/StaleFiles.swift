import Foundation
import Glibc

/// Removes the temporary files a killed writer left behind. `AtomicFile` names each one
/// `.NAME.touchdesk-PID.XXXXXX`; such a file is stale when no process PID runs any more, or when the
/// process now called PID started after the file was last written (the number was reused). A file
/// a live writer is still filling is never touched. Files of the older `.NAME.XXXXXX` form (written
/// before the process id was part of the name) are removed when they are an hour old and their
/// name says they are ours.
public enum StaleFiles {
    /// Removes the stale temporary files in `folder` (and its subfolders, `depth` levels down);
    /// returns the paths removed. `olderFormPrefix`: remove `.NAME.XXXXXX` files whose NAME starts
    /// with it (nil: leave that form alone, as in a folder shared with other programs).
    @discardableResult
    public static func remove(in folder: String, olderFormPrefix: String? = nil, depth: Int = 0,
                              now: time_t = time(nil)) -> [String] {
        guard let dir = Paths.withSystemPath(folder, { opendir($0) }) else { return [] }
        defer { closedir(dir) }
        var removed: [String] = []
        var subfolders: [String] = []
        while let entry = readdir(dir) {
            let nameBytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            if nameBytes == Array(".".utf8) || nameBytes == Array("..".utf8) { continue }
            let path = folder + "/" + Paths.string(fromSystem: nameBytes)
            var st = stat()
            guard Paths.withSystemPath(path, { lstat($0, &st) }) == 0 else { continue }
            if st.st_mode & S_IFMT == S_IFDIR { subfolders.append(path); continue }
            guard st.st_mode & S_IFMT == S_IFREG, st.st_uid == geteuid() else { continue }
            if isStale(nameBytes, modified: st.st_mtim.tv_sec, olderFormPrefix: olderFormPrefix, now: now),
               Paths.withSystemPath(path, { unlink($0) }) == 0 {
                removed.append(path)
            }
        }
        if depth > 0 {
            for sub in subfolders { removed += remove(in: sub, olderFormPrefix: olderFormPrefix, depth: depth - 1, now: now) }
        }
        return removed
    }

    /// What a temporary file's name says: the writer's pid (nil for the older form), or nil when
    /// the name is not one of ours at all.
    static func writer(of name: [UInt8]) -> (isTemporary: Bool, pid: pid_t?, target: [UInt8]) {
        // ".", the target's name, ".", six letters or digits from mkstemp.
        guard name.count > 8, name[0] == UInt8(ascii: "."), name[name.count - 7] == UInt8(ascii: "."),
              name.suffix(6).allSatisfy({ isalnum(Int32($0)) != 0 }) else { return (false, nil, []) }
        let head = Array(name[1..<(name.count - 7)])
        let marker = Array(AtomicFile.temporaryMarker.utf8)
        // The last ".touchdesk-" in the head, followed by digits only.
        if head.count > marker.count {
            for start in stride(from: head.count - marker.count - 1, through: 1, by: -1) where Array(head[start..<start + marker.count]) == marker {
                let digits = head[(start + marker.count)...]
                if !digits.isEmpty, digits.count <= 10, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                   let pid = pid_t(String(decoding: digits, as: UTF8.self)) {
                    return (true, pid, Array(head[..<start]))
                }
                break
            }
        }
        return (true, nil, head)
    }

    static func isStale(_ name: [UInt8], modified: time_t, olderFormPrefix: String?, now: time_t) -> Bool {
        let (isTemporary, pid, target) = writer(of: name)
        guard isTemporary, !target.isEmpty else { return false }
        guard let pid else {
            guard let prefix = olderFormPrefix, target.starts(with: Array(prefix.utf8)) else { return false }
            return now - modified > 3600
        }
        if pid == getpid() { return false }
        guard let started = startTime(of: pid) else { return true }
        // The number now names a process that started after the file was last written: not its writer.
        return started > modified + 1
    }

    /// When process `pid` started, in seconds since 1970; nil when there is no such process.
    static func startTime(of pid: pid_t) -> time_t? {
        guard kill(pid, 0) == 0 || errno == EPERM else { return nil }
        // Files in /proc say their size is 0: read them to the end.
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let boot = try? String(contentsOfFile: "/proc/stat", encoding: .utf8) else { return 0 }
        // Field 22, counted after the command name's closing parenthesis (the name may hold spaces).
        guard let close = text.lastIndex(of: ")") else { return 0 }
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let ticks = Int(fields[19]) else { return 0 }
        let btime = boot.split(separator: "\n")
            .first { $0.hasPrefix("btime ") }.flatMap { Int($0.dropFirst(6)) } ?? 0
        return time_t(btime + ticks / max(1, sysconf(Int32(_SC_CLK_TCK))))
    }
}
