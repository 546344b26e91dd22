import TouchDeskInterface
import Glibc

/// One name in a folder as the file dialog shows it: what it is (without opening it: a FIFO is
/// never opened, a link is followed only by `stat`), its size and date, and why it cannot be
/// opened when it cannot.
public struct FolderEntry: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case folder, file, fifo, characterDevice, blockDevice, socket
        /// A symbolic link that points at nothing, or at a loop of links.
        case brokenLink, linkLoop
        /// `stat` failed for another reason (a name in a folder that may be listed but not searched).
        case unknown
    }

    /// The full path, kept losslessly (`Paths.string(fromSystem:)`): a name that is not UTF-8 still opens.
    public let path: String
    public let kind: Kind
    /// Bytes, for files; 0 for the rest.
    public let size: Int64
    /// Last modified, in seconds since 1970.
    public let modified: Double
    /// The name is a symbolic link (to a folder or file that works).
    public let isLink: Bool

    public init(path: String, kind: Kind, size: Int64 = 0, modified: Double = 0, isLink: Bool = false) {
        self.path = path; self.kind = kind; self.size = size; self.modified = modified; self.isLink = isLink
    }

    /// The last component of the path.
    public var name: String { Paths.name(of: path) }
    /// Names starting with a dot are hidden (Ctrl+H shows them).
    public var isHidden: Bool { name.hasPrefix(".") }
    public var isFolder: Bool { kind == .folder }

    /// Why this cannot be opened as a file, in the words the rest of TouchDesk uses (`SafeFile`):
    /// nil for a folder or a regular file.
    public var refusal: String? {
        switch kind {
        case .folder, .file: nil
        case .fifo: tr("refused {0}: it is a FIFO (named pipe), not a regular file", path)
        case .characterDevice: tr("refused {0}: it is a character device, not a regular file", path)
        case .blockDevice: tr("refused {0}: it is a block device, not a regular file", path)
        case .socket: tr("refused {0}: it is a socket, not a regular file", path)
        case .brokenLink: tr("cannot read {0}: it is a symbolic link to nothing", path)
        case .linkLoop: tr("cannot read {0}: it is a loop of symbolic links", path)
        case .unknown: tr("cannot read {0}: it cannot be looked at", path)
        }
    }

    /// A word for what this is when it is not a plain file (the list's size column).
    public var kindNote: String? {
        switch kind {
        case .folder, .file: nil
        case .fifo: tr("FIFO")
        case .characterDevice, .blockDevice: tr("device")
        case .socket: tr("socket")
        case .brokenLink: tr("broken link")
        case .linkLoop: tr("link loop")
        case .unknown: tr("unreadable")
        }
    }

    /// Looks at `path` without opening it.
    public static func look(at path: String) -> FolderEntry {
        var lst = stat()
        guard Paths.withSystemPath(path, { lstat($0, &lst) }) == 0 else { return FolderEntry(path: path, kind: .unknown) }
        let isLink = lst.st_mode & S_IFMT == S_IFLNK
        var st = lst
        if isLink, Paths.withSystemPath(path, { stat($0, &st) }) != 0 {
            return FolderEntry(path: path, kind: errno == ELOOP ? .linkLoop : .brokenLink,
                               modified: seconds(lst.st_mtim), isLink: true)
        }
        let kind: Kind
        switch st.st_mode & S_IFMT {
        case S_IFDIR: kind = .folder
        case S_IFREG: kind = .file
        case S_IFIFO: kind = .fifo
        case S_IFCHR: kind = .characterDevice
        case S_IFBLK: kind = .blockDevice
        case S_IFSOCK: kind = .socket
        default: kind = .unknown
        }
        return FolderEntry(path: path, kind: kind, size: kind == .file ? Int64(st.st_size) : 0,
                           modified: seconds(st.st_mtim), isLink: isLink)
    }

    static func seconds(_ t: timespec) -> Double { Double(t.tv_sec) + Double(t.tv_nsec) / 1e9 }
}

/// The names in one folder, read once (`read`): every entry but "." and "..", each looked at
/// without being opened, at most `maxEntries` of them (a folder of a million files lists its first
/// ones and says there are more, rather than stalling the window).
public struct FolderListing: Sendable, Equatable {
    public let folder: String
    public let entries: [FolderEntry]
    /// True when the folder holds more than the entries read.
    public let isTruncated: Bool

    public init(folder: String, entries: [FolderEntry], isTruncated: Bool = false) {
        self.folder = folder; self.entries = entries; self.isTruncated = isTruncated
    }

    /// The most names read from one folder.
    public static let defaultMaxEntries = 20_000

    /// Lists `folder`, or says why it cannot be listed (not a folder, unreadable, missing).
    public static func read(_ folder: String, maxEntries: Int = defaultMaxEntries) throws(FileError) -> FolderListing {
        var st = stat()
        guard Paths.withSystemPath(folder, { stat($0, &st) }) == 0 else {
            throw FileError(folder, errno == ELOOP ? tr("cannot open the folder {0}: it is a loop of symbolic links", folder)
                                                   : tr("cannot open the folder {0}: {1}", folder, FileError.reason(errno)))
        }
        guard st.st_mode & S_IFMT == S_IFDIR else { throw FileError(folder, tr("cannot open {0}: it is not a folder", folder)) }
        guard let dir = Paths.withSystemPath(folder, { opendir($0) }) else {
            throw FileError(folder, tr("cannot open the folder {0}: {1}", folder, FileError.reason(errno)))
        }
        defer { closedir(dir) }
        var entries: [FolderEntry] = []
        var truncated = false
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        while let entry = readdir(dir) {
            let nameBytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            if nameBytes == [0x2e] || nameBytes == [0x2e, 0x2e] || nameBytes.isEmpty { continue }
            if entries.count >= maxEntries { truncated = true; break }
            entries.append(FolderEntry.look(at: prefix + Paths.string(fromSystem: nameBytes)))
        }
        return FolderListing(folder: folder, entries: entries, isTruncated: truncated)
    }
}
