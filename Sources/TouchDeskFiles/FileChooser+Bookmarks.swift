import Glibc

/// The places after the standard ones, as GTK's chooser lists them: the user's bookmarks (GTK's
/// `$XDG_CONFIG_HOME/gtk-3.0/bookmarks`, the file Files and every GTK dialog share) and the
/// drives mounted where a desktop mounts removable and extra disks (`/media`, `/run/media`, `/mnt`).
extension FileChooser {
    /// Bookmarks from the text of a GTK bookmarks file: one `file:///path/to/folder Label` a line
    /// (the label is optional; without one the folder's name shows). Other schemes (sftp://, smb://)
    /// are left out: the dialog reads local folders.
    public static func gtkBookmarks(_ text: String) -> [Place] {
        var places: [Place] = []
        for line in text.split(whereSeparator: \.isNewline) {
            let t = line.trimmingCharacters(in: .whitespaces)
            let uri = t.prefix { $0 != " " }
            guard let path = RecentFiles.path(fromURI: String(uri)) else { continue }
            let label = t.dropFirst(uri.count).trimmingCharacters(in: .whitespaces)
            let name = label.isEmpty ? (path == "/" ? "/" : Paths.name(of: path)) : label
            if !places.contains(where: { $0.location == .folder(path) }) { places.append(Place(name, .folder(path))) }
        }
        return places
    }

    /// Drives from the text of `/proc/self/mounts`: disks (a `/dev/` device, not a tmpfs or other
    /// virtual file system) mounted under `/media/`, `/run/media/` or `/mnt/` (USB sticks, second
    /// disks), named by their folder. Mount points
    /// write a space as `\040` (and a tab, newline and backslash likewise in octal).
    public static func mountedDrives(_ mounts: String) -> [Place] {
        var places: [Place] = []
        for line in mounts.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count >= 3, fields[0].hasPrefix("/dev/") else { continue }
            let point = unescapeMountPath(String(fields[1]))
            guard ["/media/", "/run/media/", "/mnt/"].contains(where: { point.hasPrefix($0) && point.count > $0.count }) else { continue }
            if !places.contains(where: { $0.location == .folder(point) }) { places.append(Place(Paths.name(of: point), .folder(point))) }
        }
        return places
    }

    /// A mount point as the kernel writes it, with `\NNN` octal escapes undone.
    static func unescapeMountPath(_ s: String) -> String {
        var bytes: [UInt8] = []
        let u = Array(s.utf8)
        var i = 0
        while i < u.count {
            if u[i] == UInt8(ascii: "\\"), i + 4 <= u.count, let v = UInt8(String(decoding: u[(i + 1)..<(i + 4)], as: UTF8.self), radix: 8) {
                bytes.append(v)
                i += 4
            } else {
                bytes.append(u[i])
                i += 1
            }
        }
        return Paths.string(fromSystem: bytes)
    }

    /// The bookmarks and mounted drives of this user and machine, read from their files (a missing
    /// or unreadable file gives none).
    public static func extraPlaces(configHome: String, mounts: String = "/proc/self/mounts") -> [Place] {
        func text(_ path: String) -> String {
            guard let data = try? SafeFile.read(path, maxBytes: 1 << 20) else { return "" }
            return String(decoding: data, as: UTF8.self)
        }
        return gtkBookmarks(text(configHome + "/gtk-3.0/bookmarks")) + mountedDrives(text(mounts))
    }
}
