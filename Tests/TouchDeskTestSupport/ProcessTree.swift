import Foundation

/// Every process under `root` (children, grandchildren …), by walking /proc's parent links: the
/// web engine's helper and the web and network processes it starts, for the tests that check they
/// all end.
public func descendantProcesses(of root: Int32) -> [Int32] {
    var parent: [Int32: Int32] = [:]
    for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
        guard let pid = Int32(name), let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
              let close = stat.range(of: ")", options: .backwards) else { continue }
        let fields = stat[close.upperBound...].split(separator: " ")
        if fields.count > 1, let ppid = Int32(fields[1]) { parent[pid] = ppid }
    }
    return parent.keys.filter { pid in
        var p = parent[pid]
        for _ in 0..<10 { guard let q = p else { return false }; if q == root { return true }; p = parent[q] }
        return false
    }
}

/// Whether a process (or its zombie) is still there.
public func processExists(_ pid: Int32) -> Bool { FileManager.default.fileExists(atPath: "/proc/\(pid)") }
