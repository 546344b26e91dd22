import Foundation
import TouchDeskFiles
import TouchDeskInterface
import TouchDeskWeb

/// "Save page as picture": the engine draws the as-is view's whole page into a PNG in a
/// temporary file, and the app's writer thread moves it into the pictures folder under a fresh
/// name (`touchdesk-web-page-DATE.png`, never over a file that is there), so the window never
/// waits for the disk.
final class WebPageSaver {
    private let environment: AppEnvironment
    private var ticket: BackgroundWriter.Ticket?
    private var count = 0
    /// What the last save came to.
    private(set) var lastSaved: SavedPicture?

    init(environment: AppEnvironment) { self.environment = environment }

    var isSaving: Bool { ticket != nil }

    /// Asks the engine for the picture; `engineSaved` follows when it has written it.
    func start(_ engine: WebEngine?) {
        count += 1
        lastSaved = nil
        engine?.send("savepage", NSTemporaryDirectory() + "/touchdesk-page-\(getpid())-\(count).png")
    }

    /// The engine wrote the page's picture to `file`.
    func engineSaved(_ file: String) {
        ticket = environment.writer.submit(key: "web-save-page", Self.moveJob(file, folders: environment.pictureDirectoriesToTry))
    }

    private nonisolated static func moveJob(_ file: String, folders: [String]) -> @Sendable () throws -> String {
        return {
            defer { unlink(file) }
            let data = try Data(contentsOf: URL(fileURLWithPath: file))
            return try ImageFile.writeFresh(data, folders: folders, stem: "touchdesk-web-page")
        }
    }

    /// A finished save, once: what the status line should say.
    func poll() -> (text: String, isError: Bool)? {
        guard let t = ticket, let outcome = t.outcome else { return nil }
        ticket = nil
        let saved = environment.savedPicture(outcome)
        lastSaved = saved
        switch saved {
        case .saved(_, let shown): return (tr("Saved the page as {0}", shown), false)
        case .failed(let why): return (tr("Could not save the page: {0}", why), true)
        }
    }

    /// The engine could not make the picture.
    func failed() { lastSaved = .failed(tr("the engine could not picture the page")) }
}
