/// Path arithmetic that never traps: Foundation's `deletingLastPathComponent` crashed on names
/// like "a", "-" and "." in the past, so the few operations TouchDesk needs are written out here.
public enum Paths {
    /// `path` as the user reads it: under `home`, written with "~" ("~/Pictures/a.png").
    public static func abbreviatingHome(_ path: String, home: String) -> String {
        guard !home.isEmpty, home != "/", path.hasPrefix(home + "/") else { return path }
        return "~" + path.dropFirst(home.count)
    }

    /// The folder part of `path`: "." for a bare name, "/" for a name at the root.
    public static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let head = String(path[..<slash])
        return head.isEmpty ? "/" : head
    }

    /// The last component of `path` ("" when the path ends with a slash).
    public static func name(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// `path` joined to `folder` unless it is already absolute.
    public static func absolute(_ path: String, from folder: String) -> String {
        path.hasPrefix("/") ? path : (folder.hasSuffix("/") ? folder + path : folder + "/" + path)
    }
}
