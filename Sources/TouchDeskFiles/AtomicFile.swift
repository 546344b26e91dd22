import Foundation
import Glibc

/// The one way TouchDesk writes a file (pictures, state, screenshots, caches): a temporary file
/// created exclusively (`mkstemp`) in the target's own folder, written, `fsync`ed, then renamed
/// over the target, so a crash or a full disk never leaves half a file, and no one can make the
/// program write through a link they planted under a predictable temporary name.
///
/// What may be replaced: nothing (a new file), or a regular file. A folder, device, FIFO or socket
/// at the target is refused. A symbolic link at the target is followed only when it points at a
/// regular file and both the link and that file are this user's (the link is kept and its target
/// replaced); any other link is refused.
public enum AtomicFile {
    /// Writes `data` to `path`, creating its folder (with `folderMode`) when it is missing.
    public static func write(_ data: Data, to path: String, fileMode: mode_t = 0o644,
                             createFolder folderMode: mode_t? = 0o755) throws(FileError) {
        var failure: FileError?
        data.withUnsafeBytes { bytes in
            do throws(FileError) { try write(bytes, to: path, fileMode: fileMode, createFolder: folderMode) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Writes `bytes` (a large block in memory, written without a copy) to `path` the same way.
    public static func write(_ bytes: UnsafeRawBufferPointer, to path: String, fileMode: mode_t = 0o644,
                             createFolder folderMode: mode_t? = 0o755) throws(FileError) {
        guard !path.isEmpty, !path.hasSuffix("/") else { throw FileError(path, "cannot write \(path.isEmpty ? "an empty path" : path): that names a folder, not a file") }
        let target = try resolveTarget(path)
        let folder = Paths.folder(of: target)
        if let folderMode { try makeFolder(folder, mode: folderMode, for: path) }
        var template = Array((folder + "/." + Paths.name(of: target) + ".XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw FileError.system("write", path, errno) }
        let tmp = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var failure: Int32 = 0
        var off = 0
        while off < bytes.count {
            let n = Glibc.write(fd, bytes.baseAddress! + off, bytes.count - off)
            if n < 0 { if errno == EINTR { continue }; failure = errno; break }
            off += n
        }
        if failure == 0 && fchmod(fd, fileMode) != 0 { failure = errno }
        if failure == 0 && fsync(fd) != 0 { failure = errno }
        if close(fd) != 0 && failure == 0 { failure = errno }
        if failure == 0 && rename(tmp, target) != 0 { failure = errno }
        guard failure == 0 else {
            unlink(tmp)
            throw FileError.system("write", path, failure)
        }
        // The rename itself reaches the disk with the folder.
        let dfd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dfd >= 0 { fsync(dfd); close(dfd) }
    }

    /// The path to replace: `path` itself, or the regular file a link at `path` points to.
    static func resolveTarget(_ path: String) throws(FileError) -> String {
        var st = stat()
        guard lstat(path, &st) == 0 else {
            if errno == ENOENT { return path }
            throw FileError.system("write", path, errno)
        }
        if st.st_mode & S_IFMT == S_IFLNK {
            var pointed = stat()
            // Both the link and what it points at must be this user's: a link someone else planted
            // (in a shared folder, say) is never followed.
            guard st.st_uid == geteuid(), stat(path, &pointed) == 0, pointed.st_mode & S_IFMT == S_IFREG, pointed.st_uid == geteuid(),
                  let real = realpath(path, nil) else {
                throw FileError(path, "refused to write \(path): it is a symbolic link, and not to a regular file of yours")
            }
            defer { free(real) }
            return String(decoding: UnsafeRawBufferPointer(start: real, count: strlen(real)), as: UTF8.self)
        }
        if let kind = SafeFile.nonRegularKind(st) {
            throw FileError(path, "refused to write \(path): it is \(kind), not a regular file")
        }
        return path
    }

    static func makeFolder(_ folder: String, mode: mode_t, for path: String) throws(FileError) {
        var st = stat()
        if stat(folder, &st) == 0 {
            guard st.st_mode & S_IFMT == S_IFDIR else { throw FileError(path, "cannot write \(path): \(folder) is not a folder") }
            return
        }
        guard folder != "/" && folder != "." else { throw FileError.system("write", path, errno) }
        try makeFolder(Paths.folder(of: folder), mode: mode, for: path)
        if mkdir(folder, mode) != 0 && errno != EEXIST { throw FileError.system("create folder \(folder) for", path, errno) }
    }

    /// Moves a damaged file out of the way without deleting anything: `name.corrupt`, or
    /// `name.corrupt.2`, `.3` … when that is taken. Returns the new path, or the reason it failed.
    public static func setAside(_ path: String) -> Result<String, FileError> {
        var n = 1
        while n < 10_000 {
            let candidate = path + ".corrupt" + (n == 1 ? "" : ".\(n)")
            // link() refuses an existing name atomically, so an older copy is never replaced.
            if link(path, candidate) == 0 {
                unlink(path)
                return .success(candidate)
            }
            if errno != EEXIST { return .failure(FileError.system("set aside", path, errno)) }
            n += 1
        }
        return .failure(FileError(path, "cannot set aside \(path): too many damaged copies already"))
    }
}
