import TouchDeskInterface
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
        try write(to: path, fileMode: fileMode, createFolder: folderMode) { $0.write(bytes) }
    }

    /// Where a file made of many pieces is written, piece by piece, each without a copy: the
    /// whole never sits in memory at once (the place index's 67 MB of arrays).
    public struct Sink: ~Copyable {
        fileprivate let fd: Int32
        /// The first error (errno); once set, later pieces are not written.
        fileprivate var failure: Int32 = 0

        public mutating func write(_ bytes: UnsafeRawBufferPointer) {
            var off = 0
            while failure == 0 && off < bytes.count {
                let n = Glibc.write(fd, bytes.baseAddress! + off, bytes.count - off)
                if n < 0 { if errno != EINTR { failure = errno }; continue }
                off += n
            }
        }
    }

    /// Writes what `produce` hands its sink to `path` the same way (one temporary file, renamed
    /// over the target once whole).
    public static func write(to path: String, fileMode: mode_t = 0o644, createFolder folderMode: mode_t? = 0o755,
                             producing produce: (inout Sink) -> Void) throws(FileError) {
        guard !path.isEmpty, !path.hasSuffix("/") else { throw FileError(path, tr("cannot write {0}: that names a folder, not a file", path.isEmpty ? tr("an empty path") : path)) }
        let target = try resolveTarget(path)
        let folder = Paths.folder(of: target)
        if let folderMode { try makeFolder(folder, mode: folderMode, for: path) }
        let tmp = try writeTemporary(for: target, fileMode: fileMode, reportedAs: path, producing: produce)
        let failure = Paths.withSystemPath(tmp) { t in Paths.withSystemPath(target) { rename(t, $0) } } == 0 ? 0 : errno
        guard failure == 0 else {
            Paths.withSystemPath(tmp) { _ = unlink($0) }
            throw FileError.system(.write, path, failure)
        }
        syncFolder(folder)
    }

    /// Writes `data` to `path` only if nothing is there yet: false, with nothing written, when the
    /// name is taken, even by another process writing at the same instant (the file appears whole
    /// under its name through `link`, which never replaces anything).
    public static func writeNew(_ data: Data, to path: String, fileMode: mode_t = 0o644,
                                createFolder folderMode: mode_t? = 0o755) throws(FileError) -> Bool {
        guard !path.isEmpty, !path.hasSuffix("/") else { throw FileError(path, tr("cannot write {0}: that names a folder, not a file", path.isEmpty ? tr("an empty path") : path)) }
        let folder = Paths.folder(of: path)
        if let folderMode { try makeFolder(folder, mode: folderMode, for: path) }
        if Paths.withSystemPath(path, { var st = stat(); return lstat($0, &st) }) == 0 { return false }
        var failure: FileError?
        var tmp = ""
        data.withUnsafeBytes { bytes in
            do throws(FileError) { tmp = try writeTemporary(for: path, fileMode: fileMode, reportedAs: path) { $0.write(bytes) } } catch { failure = error }
        }
        if let failure { throw failure }
        defer { Paths.withSystemPath(tmp) { _ = unlink($0) } }
        var code: Int32 = Paths.withSystemPath(tmp) { t in Paths.withSystemPath(path) { link(t, $0) } } == 0 ? 0 : errno
        if code == EEXIST { return false }
        if [EPERM, EOPNOTSUPP, EMLINK, EXDEV].contains(code) {
            // A file system without hard links (FAT, some network ones): claim the name with an
            // exclusive create, then put the whole file over the claim.
            let fd = Paths.withSystemPath(path) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, fileMode) }
            if fd < 0 { if errno == EEXIST { return false }; code = errno } else {
                close(fd)
                code = Paths.withSystemPath(tmp) { t in Paths.withSystemPath(path) { rename(t, $0) } } == 0 ? 0 : errno
            }
        }
        guard code == 0 else { throw FileError.system(.write, path, code) }
        syncFolder(folder)
        return true
    }

    /// The part of a temporary file's name after the target's: the writer's process id, so a
    /// later start can tell a file left by a killed writer (`StaleFiles`) from one being written.
    static let temporaryMarker = ".touchdesk-"

    /// Creates `.NAME.touchdesk-PID.XXXXXX` next to `target` exclusively, writes what `produce`
    /// gives, `fchmod`s and `fsync`s it; returns its path. On failure nothing is left behind.
    static func writeTemporary(for target: String, fileMode: mode_t, reportedAs path: String,
                               producing produce: (inout Sink) -> Void) throws(FileError) -> String {
        // Keep the temporary name within the 255 bytes a name may have.
        let name = Paths.systemBytes(Paths.name(of: target)).prefix(200)
        var template = Paths.systemBytes(Paths.folder(of: target)) + Array("/.".utf8) + name
            + Array("\(temporaryMarker)\(getpid()).XXXXXX".utf8) + [0]
        let fd = template.withUnsafeMutableBufferPointer { buf in
            buf.withMemoryRebound(to: CChar.self) { mkstemp($0.baseAddress!) }
        }
        guard fd >= 0 else { throw FileError.system(.write, path, errno) }
        let tmp = Paths.string(fromSystem: template.dropLast())
        var sink = Sink(fd: fd)
        produce(&sink)
        var failure = sink.failure
        if failure == 0 && fchmod(fd, fileMode) != 0 { failure = errno }
        if failure == 0 && fsync(fd) != 0 { failure = errno }
        if close(fd) != 0 && failure == 0 { failure = errno }
        guard failure == 0 else {
            Paths.withSystemPath(tmp) { _ = unlink($0) }
            throw FileError.system(.write, path, failure)
        }
        return tmp
    }

    /// The rename or link itself reaches the disk with the folder.
    static func syncFolder(_ folder: String) {
        let dfd = Paths.withSystemPath(folder) { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        if dfd >= 0 { fsync(dfd); close(dfd) }
    }

    /// The path to replace: `path` itself, or the regular file a link at `path` points to.
    static func resolveTarget(_ path: String) throws(FileError) -> String {
        var st = stat()
        guard Paths.withSystemPath(path, { lstat($0, &st) }) == 0 else {
            if errno == ENOENT { return path }
            throw FileError.system(.write, path, errno)
        }
        if st.st_mode & S_IFMT == S_IFLNK {
            var pointed = stat()
            // Both the link and what it points at must be this user's: a link someone else planted
            // (in a shared folder, say) is never followed.
            guard st.st_uid == geteuid(), Paths.withSystemPath(path, { stat($0, &pointed) }) == 0, pointed.st_mode & S_IFMT == S_IFREG,
                  pointed.st_uid == geteuid(), let real = Paths.withSystemPath(path, { realpath($0, nil) }) else {
                throw FileError(path, tr("refused to write {0}: it is a symbolic link, and not to a regular file of yours", path))
            }
            defer { free(real) }
            return Paths.string(fromSystem: UnsafeRawBufferPointer(start: real, count: strlen(real)))
        }
        if let kind = SafeFile.nonRegularKind(st) {
            throw FileError(path, tr("refused to write {0}: it is {1}, not a regular file", path, kind))
        }
        return path
    }

    static func makeFolder(_ folder: String, mode: mode_t, for path: String) throws(FileError) {
        var st = stat()
        if Paths.withSystemPath(folder, { stat($0, &st) }) == 0 {
            guard st.st_mode & S_IFMT == S_IFDIR else { throw FileError(path, tr("cannot write {0}: {1} is not a folder", path, folder)) }
            return
        }
        guard folder != "/" && folder != "." else { throw FileError.system(.write, path, errno) }
        try makeFolder(Paths.folder(of: folder), mode: mode, for: path)
        if Paths.withSystemPath(folder, { mkdir($0, mode) }) != 0 && errno != EEXIST { throw FileError.system(.makeFolder(folder), path, errno) }
    }

    /// Moves a damaged file out of the way without deleting anything: `name.corrupt`, or
    /// `name.corrupt.2`, `.3` … when that is taken. Returns the new path, or the reason it failed.
    public static func setAside(_ path: String) -> Result<String, FileError> {
        var n = 1
        while n < 10_000 {
            let candidate = path + ".corrupt" + (n == 1 ? "" : ".\(n)")
            // link() refuses an existing name atomically, so an older copy is never replaced.
            if Paths.withSystemPath(path, { p in Paths.withSystemPath(candidate) { link(p, $0) } }) == 0 {
                Paths.withSystemPath(path) { _ = unlink($0) }
                return .success(candidate)
            }
            if errno != EEXIST { return .failure(FileError.system(.setAside, path, errno)) }
            n += 1
        }
        return .failure(FileError(path, tr("cannot set aside {0}: too many damaged copies already", path)))
    }
}
