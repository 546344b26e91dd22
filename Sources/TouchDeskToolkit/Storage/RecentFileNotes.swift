import TouchDeskFiles

extension AppEnvironment {
    /// How TouchDesk names itself in the desktop's recent files list, and the command that opens a file.
    nonisolated static let recentApplication = (name: "touchdesk", exec: "touchdesk %u")

    /// Adds `path` to the desktop's recent files list now (on the caller's thread: the writer's,
    /// or a save's). A list that cannot be kept up (too big, not a file, damaged and set aside)
    /// is said on stderr; the file itself was saved or opened either way.
    nonisolated public func noteRecentFile(_ path: String, mimeType: String = "image/png") {
        do {
            try RecentFiles.add(path, mimeType: mimeType, application: Self.recentApplication.name,
                                exec: Self.recentApplication.exec, to: recentFilesPath)
        } catch {
            warn("\(error)")
        }
    }

    /// Adds `path` to the recent files list on the writer's thread (after a file was opened).
    public func noteRecentFileInBackground(_ path: String, mimeType: String = "image/png") {
        let environment = self
        _ = writer.submit(key: "recent-files:" + path) {
            environment.noteRecentFile(path, mimeType: mimeType)
            return path
        }
    }

    /// The file dialog's places for this user: Home, Desktop, Pictures, Downloads, Recent, then
    /// GTK's bookmarks and the mounted drives.
    public var fileDialogPlaces: [FileChooser.Place] {
        var dirs = userDirectories
        if dirs["PICTURES"] == nil { dirs["PICTURES"] = picturesDirectory }
        let standard = FileChooser.standardPlaces(home: homeDirectory, userDirs: dirs)
        let extra = FileChooser.extraPlaces(configHome: configDirectory ?? homeDirectory + "/.config", mounts: mountsFile)
        return standard + extra.filter { p in !standard.contains { $0.location == p.location } }
    }
}
