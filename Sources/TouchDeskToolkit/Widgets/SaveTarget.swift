import Glibc
import TouchDeskFiles
import TouchDeskInterface

/// Whether a picture may be saved at a path the user chose: a new file, one to replace (after
/// asking), or refused with the reason (a folder that is missing or not writable, a FIFO or
/// device in the way, a link to nothing or a loop of links, a name too long). Paintbrush's Save As
/// and Mandelbrot's big save ask it before writing.
public enum SaveTarget: Equatable {
    case fresh, replaces, refused(String)

    /// What is wrong with saving to `path`, or whether a file is there to replace. The folder
    /// must exist, except `creatableFolder` (the pictures folder, made on first use).
    public static func check(_ path: String, creatableFolder defaultFolder: String, home: String) -> SaveTarget {
        func shown(_ p: String) -> String { Paths.abbreviatingHome(p, home: home) }
        let name = Paths.name(of: path)
        if path.hasSuffix("/") || name.isEmpty || name == "." || name == ".." {
            return .refused(tr("{0} names a folder: add a file name, like painting.png", shown(path)))
        }
        if name.utf8.count > 255 { return .refused(tr("The name is longer than the 255 bytes a file name may have")) }
        if path.contains("\0") { return .refused(tr("A file name cannot hold a NUL character")) }
        let folder = Paths.folder(of: path)
        var st = stat()
        // Through Paths.withSystemPath: a name that is not UTF-8 is asked about like any other.
        if Paths.withSystemPath(folder, { stat($0, &st) }) != 0 {
            // The pictures folder itself is made on first use, as Ctrl+S does.
            if errno == ENOENT && folder == defaultFolder { return .fresh }
            return .refused(errno == ENOENT ? tr("The folder {0} does not exist", shown(folder)) : tr("Cannot use the folder {0}: {1}", shown(folder), FileError.reason(errno)))
        }
        guard st.st_mode & S_IFMT == S_IFDIR else { return .refused(tr("{0} is not a folder", shown(folder))) }
        guard Paths.withSystemPath(folder, { access($0, W_OK | X_OK) }) == 0 else {
            return .refused(tr("Cannot write in {0}: {1}", shown(folder), FileError.reason(errno)))
        }
        var lst = stat()
        guard Paths.withSystemPath(path, { lstat($0, &lst) }) == 0 else { return .fresh }
        if Paths.withSystemPath(path, { stat($0, &st) }) != 0 {
            return .refused(errno == ELOOP ? tr("{0} is a loop of symbolic links", shown(path)) : tr("{0} is a symbolic link to nothing", shown(path)))
        }
        if let kind = SafeFile.nonRegularKind(st) { return .refused(tr("{0} is {1}, not a file that can be replaced", shown(path), kind)) }
        return .replaces
    }
}
