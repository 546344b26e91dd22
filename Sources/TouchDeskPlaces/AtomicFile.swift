import Foundation

/// Replaces a file whole or not at all: the bytes go to a temp file created exclusively
/// (O_EXCL, so two writers never share one) in the same folder, are fsynced, and the temp file
/// is renamed over the target; the folder is fsynced so the rename itself survives a crash.
///
/// TouchDeskViews' `DataFile.write` does the same for the user's files but is out of reach of
/// this pure target; the two belong together once a shared storage module exists.
enum AtomicFile {
    static func write(_ bytes: [UInt8], to path: String) throws(PlacesError) {
        let folder = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .unreadable("cannot create \(folder): \(error.localizedDescription)")
        }
        let base = (path as NSString).lastPathComponent
        var fd: Int32 = -1
        var temp = ""
        for _ in 0..<16 {
            temp = folder + "/." + base + "." + String(UInt64.random(in: 0...UInt64.max), radix: 36) + ".tmp"
            fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if fd >= 0 || errno != EEXIST { break }
        }
        guard fd >= 0 else { throw .unreadable("cannot create a temp file in \(folder): \(String(cString: strerror(errno)))") }
        let written = bytes.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let n = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return false }
                offset += n
            }
            return fsync(fd) == 0
        }
        let reason = String(cString: strerror(errno))
        close(fd)
        guard written else {
            unlink(temp)
            throw .unreadable("cannot write \(temp): \(reason)")
        }
        guard rename(temp, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temp)
            throw .unreadable("cannot rename \(temp) to \(path): \(reason)")
        }
        let dirFD = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dirFD >= 0 {
            fsync(dirFD)
            close(dirFD)
        }
    }
}
