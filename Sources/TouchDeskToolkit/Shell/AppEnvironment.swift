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
    /// The user's named folders (`UserDirs`: "DESKTOP", "DOWNLOAD" …): the file dialog's places.
    public var userDirectories: [String: String] = [:]
    /// `$XDG_CONFIG_HOME`, where GTK keeps the bookmarks the file dialog lists.
    public var configDirectory: String?
    /// The mount table whose drives the file dialog lists.
    public var mountsFile = "/proc/self/mounts"
    /// The desktop's list of recent files, `$XDG_DATA_HOME/recently-used.xbel` (`RecentFiles`).
    public var recentFilesPath: String

    public init(picturesDirectory: String, dataDirectory: String, homeDirectory: String, assetsDirectory: String? = nil,
                stateDirectory: String? = nil, cacheDirectory: String? = nil) {
        self.picturesDirectory = picturesDirectory
        self.dataDirectory = dataDirectory
        self.homeDirectory = homeDirectory
        self.assetsDirectory = assetsDirectory
        self.stateDirectory = stateDirectory ?? homeDirectory + "/.local/state/touchdesk"
        self.cacheDirectory = cacheDirectory ?? homeDirectory + "/.cache/touchdesk"
        recentFilesPath = Paths.folder(of: dataDirectory) + "/recently-used.xbel"
    }

    /// Resolves the folders from `env` (the process environment by default). Relative or empty
    /// XDG values are ignored, as the XDG Base Directory spec says.
    public static func fromEnvironment(_ env: [String: String] = ProcessInfo.processInfo.environment) -> AppEnvironment {
        let home = absolute(env["HOME"]) ?? NSHomeDirectory()
        let dataHome = absolute(env["XDG_DATA_HOME"]) ?? home + "/.local/share"
        let configHome = absolute(env["XDG_CONFIG_HOME"]) ?? home + "/.config"
        let stateHome = absolute(env["XDG_STATE_HOME"]) ?? home + "/.local/state"
        let cacheHome = absolute(env["XDG_CACHE_HOME"]) ?? home + "/.cache"
        let userDirs = UserDirs.read(configHome: configHome, home: home)
        let pictures = absolute(env["XDG_PICTURES_DIR"]) ?? userDirs["PICTURES"] ?? home + "/Pictures"
        var environment = AppEnvironment(picturesDirectory: pictures, dataDirectory: dataHome + "/touchdesk", homeDirectory: home,
                                         assetsDirectory: Assets.locate(env), stateDirectory: stateHome + "/touchdesk",
                                         cacheDirectory: cacheHome + "/touchdesk")
        environment.userDirectories = userDirs
        environment.configDirectory = configHome
        return environment
    }

    private static func absolute(_ s: String?) -> String? {
        guard let s, s.hasPrefix("/") else { return nil }
        return s
    }

    /// Reads XDG_PICTURES_DIR from user-dirs.dirs (lines like `XDG_PICTURES_DIR="$HOME/Pictures"`).
    static func userDirsPictures(configHome: String, home: String) -> String? {
        UserDirs.read(configHome: configHome, home: home)["PICTURES"]
    }

    /// Folders to try for saving pictures, best first: the pictures folder, then home.
    public var pictureDirectoriesToTry: [String] {
        picturesDirectory == homeDirectory ? [homeDirectory] : [picturesDirectory, homeDirectory]
    }
}
