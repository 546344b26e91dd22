import TouchDeskInterface
import Foundation
import TouchDeskFiles
import TouchDeskModels
import TouchDeskApps
import TouchDeskHost
import TouchDeskWeb
import TouchDeskToolkit

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
        warn(tr("opens one file at a time; not opening {0}", shown))
    }
}

// MARK: - One window per display

extension TouchDesk {
    /// When a TouchDesk window already runs on the display, gives it this launch's app and file
    /// (raising it) and returns true: the launch is done. Launches that render without a window,
    /// `--new-window`, and the options that set up an app's view (a journey, a place, a globe
    /// view) open a window of their own.
    @MainActor
    func handOverToRunningWindow() -> Bool {
        guard !newWindow, screenshot == nil, layoutSizes == nil, givenAppOptions.isEmpty, size == nil else { return false }
        var request = LaunchRequest(app: app)
        if let address {
            if app == LaunchRequest.paintID {
                request.address = address.hasPrefix("/") ? address : FileManager.default.currentDirectoryPath + "/" + address
            } else if let url = try? WebURL.fromUserInput(address, currentDirectory: FileManager.default.currentDirectoryPath) {
                request.address = url.description
            }
        }
        guard let json = try? JSONEncoder().encode(request) else { return false }
        switch SingleInstance.handOver(displayName: display, request: String(decoding: json, as: UTF8.self)) {
        case .delivered:
            return true
        case .noAnswer:
            warn(tr("the TouchDesk already running does not answer; opening a new window"))
            return false
        case .noInstance, .noDisplay:
            return false
        }
    }
}

/// What a later launch handed over: open its app (and its file or page) in this window. A
/// picture goes through Paintbrush's own Open, which asks first when the painting has unsaved changes.
@MainActor
func openHandedOver(_ line: String, in shell: Shell) {
    guard let request = try? JSONDecoder().decode(LaunchRequest.self, from: Data(line.utf8)) else {
        warn(tr("ignored a malformed request from another launch: {0}", echoed(line)))
        return
    }
    open(request, in: shell)
}

/// Opens a request's app, and its file or page in it.
@MainActor
func open(_ request: LaunchRequest, in shell: Shell) {
    guard let id = request.app, shell.open(id: id) else { return }
    shell.finishRestoring()
    guard let address = request.address else { return }
    _ = shell.current?.app.offer(document: address)
}

// MARK: - Drops

/// What was dropped on the window: the first file or link opens as `touchdesk FILE` would (a PNG
/// in Paintbrush, asking first about unsaved changes; an HTML file or a link in Web Pages, which
/// also loads a link dropped as text); other text is pasted into the focused text field. On Web
/// Pages, as on a browser, whatever is dropped opens in the page, a picture too (a picture
/// dragged within the page and let go there stays in Web Pages).
@MainActor
func openDropped(_ dropped: Dropped, in shell: Shell) {
    switch dropped {
    case .uriList(let list):
        let uris = LaunchRequest.uris(inURIList: list)
        guard let first = uris.first else { return }
        if uris.count > 1 {
            warn(tr("{0} items dropped; opening the first, {1}", String(uris.count), echoed(first)))
        }
        if let app = shell.current?.app, type(of: app).id == LaunchRequest.webID, app.offer(document: first) { return }
        open(LaunchRequest.parse([first], appIDs: []), in: shell)
    case .text(let text):
        if shell.current?.app.offer(droppedText: text) != true { shell.handle(.paste(text)) }
    }
}
