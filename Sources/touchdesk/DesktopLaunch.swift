import Foundation
import TouchDeskModels
import TouchDeskViews

/// The positional words read as the desktop passes them (`Exec=touchdesk %U`): see `LaunchRequest`.
extension TouchDesk {
    var launch: LaunchRequest {
        MainActor.assumeIsolated { LaunchRequest.parse(words, appIDs: Set(Registry.tiles.map(\.entry.id))) }
    }

    /// The app named, or the one a document alone picks.
    var app: String? { launch.app }

    /// The file or URL for the app.
    var address: String? { launch.address }

    /// A file manager may pass several files; one window opens the first.
    func warnAboutIgnoredWords() {
        let ignored = launch.ignored
        guard !ignored.isEmpty else { return }
        let shown = ignored.prefix(3).joined(separator: ", ") + (ignored.count > 3 ? ", …" : "")
        FileHandle.standardError.write(Data("touchdesk: opens one file at a time; not opening \(shown)\n".utf8))
    }
}
