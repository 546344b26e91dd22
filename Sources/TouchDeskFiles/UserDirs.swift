import Foundation
import Glibc
import TouchDeskInterface

/// The user's named folders from `$XDG_CONFIG_HOME/user-dirs.dirs` (xdg-user-dirs): lines like
/// `XDG_PICTURES_DIR="$HOME/Pictures"`, keyed by the part between `XDG_` and `_DIR`
/// ("PICTURES", "DESKTOP", "DOWNLOAD"). Only absolute paths and `$HOME/…` count, as the spec says.
public enum UserDirs {
    /// Reads the file safely (a FIFO or a huge file in its place is refused, with a warning);
    /// an empty table when there is none.
    public static func read(configHome: String, home: String) -> [String: String] {
        let path = configHome + "/user-dirs.dirs"
        var st = stat()
        guard Paths.withSystemPath(path, { lstat($0, &st) }) == 0 else { return [:] }
        do {
            return parse(String(decoding: try SafeFile.read(path, maxBytes: 64 << 10), as: UTF8.self), home: home)
        } catch {
            warn(tr("{0}; the standard folder names are used", "\(error)"))
            return [:]
        }
    }

    public static func parse(_ text: String, home: String) -> [String: String] {
        var out: [String: String] = [:]
        // Lines end at any line break: Swift's "\r\n" is one Character, so splitting at "\n" alone
        // left a CRLF file's lines joined, and a folder that ran into the next line (the fuzz
        // target `userdirs` found it).
        for raw in text.split(whereSeparator: \.isNewline) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard line.hasPrefix("XDG_"), let eq = line.firstIndex(of: "=") else { continue }
            let key = line[line.index(line.startIndex, offsetBy: 4)..<eq]
            guard key.hasSuffix("_DIR") else { continue }
            var value = String(line[line.index(after: eq)...])
            if value.hasPrefix("\"") && value.hasSuffix("\"") && value.count >= 2 { value = String(value.dropFirst().dropLast()) }
            value = value.replacingOccurrences(of: "$HOME", with: home)
            // A NUL byte would cut the path short at the system call: a folder nobody named
            // (the fuzz target `userdirs` found it); other control characters make no folder a
            // person named either.
            guard value.hasPrefix("/"), !value.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7f }) else { continue }
            out[String(key.dropLast(4))] = value
        }
        return out
    }
}
