import Foundation
import TouchDeskFiles
import TouchDeskInterface
import TouchDeskWeb
import TouchDeskToolkit

/// "Save page as picture": the engine draws the as-is view's whole page into a PNG in a
/// temporary file, and the app's writer thread moves it into the pictures folder under a fresh
/// name (`touchdesk-web-page-DATE.png`, never over a file that is there), so the window never
/// waits for the disk. "Save page as HTML" goes the same way to the file the person chose: the
/// engine writes the page's source to a temporary file, the writer puts it in place atomically.
final class WebPageSaver {
    private let environment: AppEnvironment
    private var ticket: BackgroundWriter.Ticket?
    private var count = 0
    /// What the last save came to.
    private(set) var lastSaved: SavedPicture?

    init(environment: AppEnvironment) { self.environment = environment }

    var isSaving: Bool { ticket != nil || sourceTarget != nil || picturing != nil }
    /// The engine is picturing the page (rows done of the whole, once a long page says), from the
    /// order until it has written the picture.
    private(set) var picturing: (rows: Int, of: Int)?
    /// How far the picture has come, 0…1, when known.
    var pictureProgress: Double? { picturing.flatMap { $0.of > 0 ? Double($0.rows) / Double($0.of) : nil } }

    /// A long page's picture has come this far.
    func engineProgress(rows: Int, of total: Int) { if picturing != nil { picturing = (rows, total) } }
    /// Where the page's source goes, from the order until the writer has put it there.
    private(set) var sourceTarget: String?
    var isSavingSource: Bool { sourceTarget != nil }

    /// Asks the engine for the picture; `engineSaved` follows when it has written it.
    func start(_ engine: WebEngine?) {
        count += 1
        lastSaved = nil
        picturing = (0, 0)
        engine?.send(.savePage, NSTemporaryDirectory() + "/touchdesk-page-\(getpid())-\(count).png")
    }

    /// Asks the engine for the page's source, for `path`; `engineSavedSource` follows.
    func startSource(_ engine: WebEngine?, to path: String) {
        count += 1
        sourceTarget = path
        engine?.send(.saveSource, NSTemporaryDirectory() + "/touchdesk-page-\(getpid())-\(count).html")
    }

    /// The engine wrote the page's source to `file`: into place with it.
    func engineSavedSource(_ file: String) {
        guard let target = sourceTarget else { unlink(file); return }
        ticket = environment.writer.submit(key: target) {
            defer { unlink(file) }
            try AtomicFile.write(try Data(contentsOf: URL(fileURLWithPath: file)), to: target, createFolder: nil)
            return target
        }
    }

    /// The engine could not get the page's source: what the status line says.
    func sourceFailed(_ why: String) -> (text: String, isError: Bool) {
        sourceTarget = nil
        return (tr("Could not save the page's HTML: {0}", "\(why)"), true)
    }

    /// The engine wrote the page's picture to `file`.
    func engineSaved(_ file: String) {
        picturing = nil
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
        if sourceTarget != nil {
            sourceTarget = nil
            switch outcome {
            case .written(let path): return (tr("Saved the page's HTML as {0}", Paths.abbreviatingHome(path, home: environment.homeDirectory)), false)
            case .failed(let why): return (tr("Could not save the page's HTML: {0}", "\(why)"), true)
            }
        }
        let saved = environment.savedPicture(outcome)
        lastSaved = saved
        switch saved {
        case .saved(_, let shown): return (tr("Saved the page as {0}", shown), false)
        case .failed(let why): return (tr("Could not save the page: {0}", why), true)
        }
    }

    /// The engine could not make the picture.
    func failed() { picturing = nil; lastSaved = .failed(tr("the engine could not picture the page")) }
}
