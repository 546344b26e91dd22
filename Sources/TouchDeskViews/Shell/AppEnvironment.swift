import Foundation
import TouchDeskFiles
import TouchDeskInterface

/// Where an app may read and write files, resolved once from the environment (XDG rules).
nonisolated public struct AppEnvironment: Sendable {
    /// Where saved pictures go: $XDG_PICTURES_DIR, else ~/Pictures, else the home folder.
    public var picturesDirectory: String
    /// Per-user data: $XDG_DATA_HOME/touchdesk, default ~/.local/share/touchdesk.
    public var dataDirectory: String
    /// The user's home folder, the last resort for saving.
    public var homeDirectory: String
    /// The project's pictures (see `Assets.locate`); nil when none was found.
    public var assetsDirectory: String?
    /// What the program remembers between runs (the window size): $XDG_STATE_HOME/touchdesk,
    /// default ~/.local/state/touchdesk.
    public var stateDirectory: String
    /// Derived data that can be rebuilt (the globe, the place index): $XDG_CACHE_HOME/touchdesk,
    /// default ~/.cache/touchdesk.
    public var cacheDirectory: String
    /// Where apps ask for copy and paste; the host carries the requests out (see `Clipboard`).
    public var clipboard = Clipboard()
    /// Where apps write files without blocking the window (see `BackgroundWriter`): one serial
    /// writer, shared by every copy of this environment.
    public var writer = BackgroundWriter()
    /// Set when another process keeps the saved state (see `StateLock`): the sentence saying so.
    /// Apps and the shell then write no state or scores, so neither process replaces the other's.
    public var stateNotice: String?
    /// True when this process writes the saved state.
    public var keepsState: Bool { stateNotice == nil }
    /// Where an app asks to open another at something (see `AppLinks`); the shell carries it out.
    public var links = AppLinks()

    public init(picturesDirectory: String, dataDirectory: String, homeDirectory: String, assetsDirectory: String? = nil,
                stateDirectory: String? = nil, cacheDirectory: String? = nil) {
        self.picturesDirectory = picturesDirectory
        self.dataDirectory = dataDirectory
        self.homeDirectory = homeDirectory
        self.assetsDirectory = assetsDirectory
        self.stateDirectory = stateDirectory ?? homeDirectory + "/.local/state/touchdesk"
        self.cacheDirectory = cacheDirectory ?? homeDirectory + "/.cache/touchdesk"
    }

    /// Resolves the folders from `env` (the process environment by default). Relative or empty
    /// XDG values are ignored, as the XDG Base Directory spec says.
    public static func fromEnvironment(_ env: [String: String] = ProcessInfo.processInfo.environment) -> AppEnvironment {
        let home = absolute(env["HOME"]) ?? NSHomeDirectory()
        let dataHome = absolute(env["XDG_DATA_HOME"]) ?? home + "/.local/share"
        let configHome = absolute(env["XDG_CONFIG_HOME"]) ?? home + "/.config"
        let stateHome = absolute(env["XDG_STATE_HOME"]) ?? home + "/.local/state"
        let cacheHome = absolute(env["XDG_CACHE_HOME"]) ?? home + "/.cache"
        let pictures = absolute(env["XDG_PICTURES_DIR"])
            ?? userDirsPictures(configHome: configHome, home: home)
            ?? home + "/Pictures"
        return AppEnvironment(picturesDirectory: pictures, dataDirectory: dataHome + "/touchdesk", homeDirectory: home,
                              assetsDirectory: Assets.locate(env), stateDirectory: stateHome + "/touchdesk",
                              cacheDirectory: cacheHome + "/touchdesk")
    }

    private static func absolute(_ s: String?) -> String? {
        guard let s, s.hasPrefix("/") else { return nil }
        return s
    }

    /// Reads XDG_PICTURES_DIR from user-dirs.dirs (lines like `XDG_PICTURES_DIR="$HOME/Pictures"`).
    static func userDirsPictures(configHome: String, home: String) -> String? {
        // A FIFO or a huge file in its place must not hang or flood the start: read it safely.
        let path = configHome + "/user-dirs.dirs"
        guard access(path, F_OK) == 0 else { return nil }
        let text: String
        do {
            text = String(decoding: try SafeFile.read(path, maxBytes: 64 << 10), as: UTF8.self)
        } catch {
            warn("\(error); pictures go to ~/Pictures")
            return nil
        }
        return picturesDirectory(fromUserDirs: text, home: home)
    }

    /// The XDG_PICTURES_DIR line of a `user-dirs.dirs` text, `$HOME` replaced by `home`; nil when
    /// there is none, or it is not an absolute path the system can take (a NUL byte would cut it).
    static func picturesDirectory(fromUserDirs text: String, home: String) -> String? {
        for line in text.split(separator: "\n") where line.hasPrefix("XDG_PICTURES_DIR=") {
            var value = String(line.dropFirst("XDG_PICTURES_DIR=".count))
            if value.hasPrefix("\"") && value.hasSuffix("\"") && value.count >= 2 { value = String(value.dropFirst().dropLast()) }
            value = value.replacingOccurrences(of: "$HOME", with: home)
            // A NUL byte would cut the path short at the system call: a folder nobody named.
            guard !value.utf8.contains(0) else { return nil }
            return absolute(value)
        }
        return nil
    }

    /// Folders to try for saving pictures, best first: the pictures folder, then home.
    public var pictureDirectoriesToTry: [String] {
        picturesDirectory == homeDirectory ? [homeDirectory] : [picturesDirectory, homeDirectory]
    }
}
