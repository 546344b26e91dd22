import TouchDeskInterface
import Foundation
import Glibc

/// Reading files from outside the program (state, settings, pictures, device attributes) so that
/// nothing can hang or flood it: the file is opened non-blocking (a FIFO never blocks `open`),
/// must be a regular file (not a FIFO, device, socket or folder), and may not exceed `maxBytes`.
public enum SafeFile {
    /// The whole file, or a `FileError` saying why not.
    public static func read(_ path: String, maxBytes: Int) throws(FileError) -> Data {
        let (fd, st) = try openRegular(path)
        defer { close(fd) }
        guard Int(st.st_size) <= maxBytes else {
            throw FileError(path, tr("cannot read {0}: it is {1} bytes, more than the {2} allowed", path, "\(st.st_size)", "\(maxBytes)"))
        }
        var data = Data(count: Int(st.st_size))
        var total = 0
        let ok = data.withUnsafeMutableBytes { buf -> Int32 in
            while total < buf.count {
                let n = Glibc.read(fd, buf.baseAddress! + total, buf.count - total)
                if n < 0 { if errno == EINTR { continue }; return errno }
                if n == 0 { break }
                total += n
            }
            return 0
        }
        guard ok == 0 else { throw FileError.system(.read, path, ok) }
        // The file shrank while we read it: what we have is all there is.
        if total < data.count { data.count = total }
        return data
    }

    /// Reads at most `maxBytes` from the start of `path` (a picture's header, a sysfs value).
    public static func readPrefix(_ path: String, maxBytes: Int) throws(FileError) -> Data {
        let (fd, _) = try openRegular(path)
        defer { close(fd) }
        var buf = [UInt8](repeating: 0, count: maxBytes)
        let n = buf.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, maxBytes) }
        guard n >= 0 else { throw FileError.system(.read, path, errno) }
        return Data(buf.prefix(n))
    }

    /// What kind of thing is at `path` when it is not a regular file: nil for a regular file.
    public static func nonRegularKind(_ st: stat) -> String? {
        switch st.st_mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: tr("a folder")
        case S_IFIFO: tr("a FIFO (named pipe)")
        case S_IFCHR: tr("a character device")
        case S_IFBLK: tr("a block device")
        case S_IFSOCK: tr("a socket")
        default: tr("not a regular file")
        }
    }

    /// Opens `path` for reading without blocking and checks it is a regular file; the caller closes it.
    static func openRegular(_ path: String) throws(FileError) -> (Int32, stat) {
        let fd = Paths.withSystemPath(path) { open($0, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC) }
        guard fd >= 0 else { throw FileError.system(.read, path, errno) }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            let code = errno
            close(fd)
            throw FileError.system(.read, path, code)
        }
        if let kind = nonRegularKind(st) {
            close(fd)
            throw FileError(path, tr("refused {0}: it is {1}, not a regular file", path, kind))
        }
        return (fd, st)
    }
}
