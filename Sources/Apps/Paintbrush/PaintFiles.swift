import Foundation
import Glibc
import TouchDeskDrawing
import TouchDeskFiles
import TouchDeskInterface
import TouchDeskModels
import TouchDeskToolkit

/// Paintbrush's files and pictures: Save (Ctrl+S), Save As (Ctrl+Shift+S), Open (Ctrl+O, or
/// `touchdesk paint FILE.png`), copying the picture to the clipboard (Ctrl+C) and pasting one from
/// it (Ctrl+V).
///
/// - Ctrl+S writes to the file of the last Save As or Open, else under a new name in the pictures
///   folder (or home), off the UI thread; a save goes on when the app is left.
/// - Save As and Open use the file dialog (`FileDialog`), in the folder of the picture being
///   edited, else the pictures folder. Save As: a name without `.png` gets it, and an existing
///   file is replaced only after asking. From then on
///   Ctrl+S writes to that file, whose name shows at the top right of the canvas. Writes go
///   through the background writer and `AtomicFile`, so a failed write leaves the old file whole.
/// - Open reads a PNG off the UI thread (`PictureReader`): it replaces the canvas, which takes the
///   picture's size; it shows centred at 100 % with its edge drawn, grey beyond it, and a larger
///   one from its top-left corner, to scroll or zoom (`PaintViewer`). Open is one undoable step (Ctrl+Z brings the
///   painting before it back, with its size and file); with unsaved changes it asks first.
/// - Pictures opened and saved are added to the desktop's recent files (`RecentFiles`).
/// - Paste asks the clipboard's owner for `image/png` and puts the picture at the top-left corner
///   of the canvas as one undoable step; a clipboard holding only text says so.
///
/// It owns the dialogs, the work they start (reads, decodes, writes, the copy's encoding) and the
/// canvas's revisions, which say whether the painting has changes no file holds. The app hands
/// it what it needs of the painting (`Painting`) and takes in the pictures that arrive.
final class PaintFiles {
    enum DialogKind { case saveAs, open }
    nonisolated enum Encoded: Sendable { case png([UInt8]), failed(String) }

    /// Finished work the canvas takes in.
    enum Arrived {
        /// A picture opened from `path`: it replaces the canvas, as one undoable step.
        case opened(ImageSurface, path: String)
        /// A picture from the clipboard, decoded: it goes at the top-left corner.
        case pasted(ImageSurface)
        /// Save As wrote `path`: Ctrl+S writes to it from now on.
        case savedAs(String)
    }

    /// What the file work needs of the app: the picture a save or a copy takes, the file Ctrl+S
    /// writes to, the canvas's pixels per point, the message line, and where arriving work goes.
    struct Painting {
        var picture: () -> DetachedImage?
        var file: String?
        var scale: Double
        var tell: (_ message: String, _ isError: Bool, _ seconds: Double) -> Void
        var arrived: (Arrived) -> Void

        /// Shows `message` at the bottom of the canvas.
        func say(_ message: String, isError: Bool, seconds: Double = 4) { tell(message, isError, seconds) }
    }

    private let environment: AppEnvironment
    private(set) var dialog: (kind: DialogKind, view: FileDialog)?
    /// The size the app was laid out in, for the dialog.
    private var area = Size(0, 0)
    private var opening: (job: BackgroundJob<Result<LoadedPicture, PictureReader.Failure>>, path: String)?
    private var pasting: BackgroundJob<Result<LoadedPicture, PictureReader.Failure>>?
    private var waitingForPaste = false
    private var savingAs: (ticket: BackgroundWriter.Ticket, revision: Int, path: String)?
    /// Why the last open failed (for the command line).
    private var openProblem: String?
    /// The Ctrl+S save under way on the writer thread, and the canvas revision it holds.
    private var pendingSave: (ticket: BackgroundWriter.Ticket, revision: Int)?
    /// The canvas being encoded for the clipboard, off the UI thread, and its size in pixels.
    private var copying: (job: BackgroundJob<Encoded>, width: Int, height: Int)?
    /// Counts every change to the pixels: a save of an unchanged canvas need not copy it again.
    private(set) var canvasRevision = 0
    /// The revision last written to a picture file the user asked for (Ctrl+S, Save As, Open).
    private var savedRevision = 0
    /// The revision when the canvas came back from the state folder: not new work.
    private var restoredRevision = 0

    init(environment: AppEnvironment) { self.environment = environment }

    // MARK: - Revisions

    /// The canvas's pixels changed.
    func canvasChanged() { canvasRevision += 1 }

    /// The canvas came back from the state folder: what it shows now is no new work.
    func canvasRestored() { restoredRevision = canvasRevision }

    /// The canvas as it is now is a file's (a picture just opened).
    func canvasIsSaved() { savedRevision = canvasRevision }

    /// The painting has changes that no file and no kept state holds.
    var hasUnsavedWork: Bool { canvasRevision != max(savedRevision, restoredRevision) }

    // MARK: - Events and layout

    func layout(in size: Size) {
        area = size
        dialog?.view.layout(in: size)
    }

    /// The file dialog, while one shows: the keys overlay lists its keys then.
    var dialogView: FileDialog? { dialog?.view }

    /// The dialog goes away, whatever it was doing.
    func closeDialog() { dialog = nil }

    /// The dialog takes every event while it shows; a picture from the clipboard is taken here.
    /// nil: not a file event.
    func handle(_ event: InputEvent, _ painting: Painting) -> Bool? {
        if let (kind, view) = dialog {
            switch view.handle(event) {
            case .none: break
            case .cancelled: dialog = nil
            case .submitted(let text):
                switch kind {
                case .saveAs: submitSaveAs(text, view, painting)
                case .open: submitOpen(text, view, painting)
                }
            case .confirmed(let path):
                switch kind {
                case .saveAs: startSaveAs(path, view, painting)
                case .open: open(path, painting)
                }
            }
            return true
        }
        if case .pastedPicture(let picture) = event {
            receivePaste(picture, painting)
            return true
        }
        return nil
    }

    func draw(_ cr: CairoContext) {
        dialog?.view.draw(cr, in: Rect(x: 0, y: 0, width: area.width, height: area.height))
    }

    // MARK: - Paths

    /// Where names without a folder go, and are looked for.
    private var defaultFolder: String { environment.picturesDirectory }

    /// A path as the user reads it: the home folder as ~.
    private func shown(_ path: String) -> String { Paths.abbreviatingHome(path, home: environment.homeDirectory) }

    /// What a typed name means: ~ is the home folder, a name without a folder is in the default folder.
    private func resolve(_ typed: String) -> String {
        let t = typed.trimmingCharacters(in: .whitespacesAndNewlines)
        if t == "~" { return environment.homeDirectory }
        if t.hasPrefix("~/") { return environment.homeDirectory + t.dropFirst(1) }
        if t.hasPrefix("/") { return t }
        return defaultFolder + "/" + t
    }

    /// The file dialog's places and folder, showing PNG pictures, from `folder` (home when it is missing).
    private func chooser(startingIn folder: String) -> FileChooser {
        var st = stat()
        let start = Paths.withSystemPath(folder, { stat($0, &st) }) == 0 ? folder : environment.homeDirectory
        return FileChooser(home: environment.homeDirectory, places: environment.fileDialogPlaces,
                           filter: FileChooser.Filter(tr("PNG pictures"), extensions: ["png"]), start: start)
    }

    // MARK: - Save

    /// Saves the picture as PNG, off the UI thread: to the file of the last Save As or Open, else
    /// under a new name in the pictures folder (or home); the message at the bottom says where, or
    /// why not, when it is done. Ctrl+S again while a save of the same canvas is under way does
    /// nothing more.
    func save(_ painting: Painting) -> BackgroundWriter.Ticket? {
        if let pending = pendingSave, !pending.ticket.isDone, pending.revision == canvasRevision { return pending.ticket }
        guard let image = painting.picture() else {
            painting.say(tr("Nothing to save: the window is too small"), isError: true)
            return nil
        }
        let ticket = painting.file.map { writePicture(image, to: $0) }
            ?? environment.savePictureInBackground(image, stem: "touchdesk-painting", key: "paint-save")
        pendingSave = (ticket, canvasRevision)
        painting.say(tr("Saving…"), isError: false)
        return ticket
    }

    /// Shows the outcome of a finished save (or hands it to `tell`); true while one is still under way.
    private func collectSave(_ painting: Painting?, tell: ((WorkGoingOn.Ended) -> Void)? = nil) -> Bool {
        guard let pending = pendingSave else { return false }
        guard let outcome = pending.ticket.outcome else { return true }
        pendingSave = nil
        let picture = environment.savedPicture(outcome)
        if picture.path != nil { savedRevision = max(savedRevision, pending.revision) }
        if let tell { tell(picture.ended) } else { painting?.say(picture.ended.message, isError: picture.ended.isError) }
        return false
    }

    /// True while a Ctrl+S save has not reached the disk yet.
    var isSaving: Bool { pendingSave != nil }

    /// A save under way goes on when the app is left; the home screen's bar shows it.
    var workGoingOn: [WorkGoingOn] { pendingSave == nil ? [] : [WorkGoingOn(tr("Saving painting"), progress: nil)] }

    /// A save finished while the app was not shown: how it went.
    func tickWhileAway() -> [WorkGoingOn.Ended] {
        var ended: [WorkGoingOn.Ended] = []
        _ = collectSave(nil) { ended.append($0) }
        return ended
    }

    /// Waits for a save under way and shows its outcome.
    func finishSaving(_ painting: Painting) {
        environment.writer.waitUntilIdle()
        _ = collectSave(painting)
    }

    // MARK: - Save As

    func showSaveAs(_ painting: Painting) {
        let suggested = painting.file.map { Paths.name(of: $0) } ?? "painting.png"
        let folder = painting.file.map { Paths.folder(of: $0) } ?? defaultFolder
        let view = FileDialog(mode: .save, title: tr("Save As"), accept: tr("Save"), yes: (tr("Replace"), "R"), chooser: chooser(startingIn: folder),
                              name: suggested, recentList: environment.recentFilesPath, clipboard: environment.clipboard)
        view.layout(in: area)
        dialog = (.saveAs, view)
    }

    private func checkSaveTarget(_ path: String) -> SaveTarget {
        SaveTarget.check(path, creatableFolder: defaultFolder, home: environment.homeDirectory)
    }

    /// The path a typed Save As name stands for: `.png` added when the name has no extension.
    private func saveAsPath(_ typed: String) -> Result<String, PictureReader.Failure> {
        let t = typed.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !t.isEmpty else { return .failure(.init(tr("Type a file name, like painting.png"))) }
        var path = resolve(t)
        let ext = (Paths.name(of: path) as NSString).pathExtension.lowercased()
        if ["jpg", "jpeg", "gif", "bmp", "webp", "tif", "tiff", "svg"].contains(ext) {
            return .failure(.init(tr("Paintbrush saves PNG pictures: end the name with .png")))
        }
        if ext != "png" && !path.hasSuffix("/") { path += ".png" }
        return .success(path)
    }

    private func submitSaveAs(_ typed: String, _ view: FileDialog, _ painting: Painting) {
        let path: String
        switch saveAsPath(typed) {
        case .failure(let why): view.show(why.description, isError: true); return
        case .success(let p): path = p
        }
        switch checkSaveTarget(path) {
        case .refused(let why): view.show(why, isError: true)
        case .replaces: view.ask(tr("{0} already exists. Replace it with this painting?", shown(path)), about: path)
        case .fresh: startSaveAs(path, view, painting)
        }
    }

    private func startSaveAs(_ path: String, _ view: FileDialog, _ painting: Painting) {
        guard let image = painting.picture() else {
            view.show(tr("Nothing to save: the window is too small"), isError: true)
            return
        }
        view.busy = tr("Saving {0}…", Paths.shown(Paths.name(of: path)))
        savingAs = (writePicture(image, to: path), canvasRevision, path)
    }

    /// Writes `image` to `path` on the writer thread, replacing the file only once the new one is
    /// whole. The folder must exist (a mistyped folder is not created), except the pictures folder.
    private func writePicture(_ image: DetachedImage, to path: String) -> BackgroundWriter.Ticket {
        let makeFolder: mode_t? = Paths.folder(of: path) == defaultFolder ? 0o755 : nil
        let environment = environment
        return environment.writer.submit(key: "paint-save") {
            try AtomicFile.write(try image.pngData(), to: path, createFolder: makeFolder)
            environment.noteRecentFile(path)
            return path
        }
    }

    private func collectSaveAs(wait: Bool, _ painting: Painting) -> Bool {
        guard let pending = savingAs else { return false }
        if wait { environment.writer.waitUntilIdle() }
        guard let outcome = pending.ticket.outcome else { return true }
        savingAs = nil
        switch outcome {
        case .written(let path):
            painting.arrived(.savedAs(path))
            savedRevision = max(savedRevision, pending.revision)
            if dialog?.kind == .saveAs { dialog = nil }
            painting.say(tr("Saved {0}; Ctrl+S now saves to it", shown(path)), isError: false, seconds: 5)
        case .failed(let why):
            if let (kind, view) = dialog, kind == .saveAs {
                view.show(tr("Not saved: {0}", "\(why)"), isError: true)
            } else {
                painting.say(tr("Not saved: {0}", "\(why)"), isError: true, seconds: 8)
            }
        }
        return false
    }

    /// Waits for a Save As being written and shows its outcome.
    func finishSavingAs(_ painting: Painting) { _ = collectSaveAs(wait: true, painting) }

    // MARK: - Open

    func showOpen(_ painting: Painting) {
        let view = FileDialog(mode: .open, title: tr("Open a PNG picture"), accept: tr("Open"), yes: (tr("Open"), "O"),
                              chooser: chooser(startingIn: painting.file.map { Paths.folder(of: $0) } ?? defaultFolder),
                              recentList: environment.recentFilesPath, clipboard: environment.clipboard)
        view.layout(in: area)
        dialog = (.open, view)
    }

    private func submitOpen(_ typed: String, _ view: FileDialog, _ painting: Painting) {
        guard !typed.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            view.show(tr("Type the path of a PNG picture, like ~/Pictures/photo.png"), isError: true)
            return
        }
        let path = resolve(typed)
        if hasUnsavedWork {
            view.ask(tr("The painting has changes that are not saved to a file. Open {0} anyway? Ctrl+Z undoes the open and brings the painting back.", Paths.shown(Paths.name(of: path))), about: path)
        } else {
            open(path, painting)
        }
    }

    /// A picture handed in from outside (a second launch, a drop): opened as Open does, asking
    /// first when the painting has unsaved changes.
    func offer(path: String, _ painting: Painting) {
        guard hasUnsavedWork else { open(path, painting); return }
        showOpen(painting)
        if let view = dialog?.view { submitOpen(path, view, painting) }
    }

    /// Reads the PNG at `path` (absolute) off the UI thread; it arrives on a tick (`Arrived.opened`).
    func open(_ path: String, _ painting: Painting) {
        dialog?.view.busy = tr("Opening {0}…", Paths.shown(Paths.name(of: path)))
        let scale = painting.scale
        opening = (BackgroundJob(name: "touchdesk-paint-open") {
            PictureReader.read(path, scale: scale)
        }, path)
        if dialog == nil { painting.say(tr("Opening {0}…", Paths.name(of: path)), isError: false) }
    }

    private func collectOpen(wait: Bool, _ painting: Painting) -> Bool {
        guard let (job, path) = opening else { return false }
        guard let result = wait ? job.wait() : job.value else { return true }
        opening = nil
        switch result {
        case .success(let picture):
            environment.noteRecentFileInBackground(path)
            if dialog?.kind == .open { dialog = nil }
            painting.arrived(.opened(picture.surface, path: path))
        case .failure(let why):
            if let (kind, view) = dialog, kind == .open {
                view.show(why.description, isError: true)
            } else {
                painting.say(why.description, isError: true, seconds: 8)
            }
            openProblem = why.description
        }
        return false
    }

    /// Waits for an open under way. Returns why it failed, if it did.
    func finishOpening(_ painting: Painting) -> String? {
        openProblem = nil
        _ = collectOpen(wait: true, painting)
        return openProblem
    }

    // MARK: - Copy and paste

    /// Ctrl+C: offers the picture on the X clipboard as `image/png`, once encoded.
    func copy(_ painting: Painting) {
        guard let image = painting.picture() else { return }
        copying = (BackgroundJob(name: "touchdesk-paint-copy") {
            do { return .png([UInt8](try image.pngData())) } catch { return .failed("\(error)") }
        }, image.pixelWidth, image.pixelHeight)
        painting.say(tr("Copying…"), isError: false)
    }

    /// Hands a finished copy to the clipboard; true while one is still being encoded.
    private func collectCopy(wait: Bool, _ painting: Painting) -> Bool {
        guard let (job, width, height) = copying else { return false }
        guard let result = wait ? job.wait() : job.value else { return true }
        copying = nil
        switch result {
        case .png(let png):
            environment.clipboard.copyPNG(png)
            painting.say(tr("Copied the picture ({0}×{1}): paste it into any program", String(width), String(height)), isError: false)
        case .failed(let why):
            painting.say(tr("Could not copy: {0}", "\(why)"), isError: true)
        }
        return false
    }

    /// Waits for a copy under way.
    func finishCopying(_ painting: Painting) { _ = collectCopy(wait: true, painting) }

    /// Ctrl+V: asks the clipboard for a PNG picture; it arrives as `InputEvent.pastedPicture`.
    func askForPaste(_ painting: Painting) {
        environment.clipboard.requestPicturePaste(from: .clipboard)
        waitingForPaste = true
        painting.say(tr("Pasting…"), isError: false)
    }

    private func receivePaste(_ pasted: PastedPicture, _ painting: Painting) {
        guard waitingForPaste else { return }
        waitingForPaste = false
        switch pasted {
        case .png(let bytes):
            let scale = painting.scale
            pasting = BackgroundJob(name: "touchdesk-paint-paste") {
                do throws(PictureReader.Failure) {
                    let png = Data(bytes)
                    return .success(LoadedPicture(surface: try PictureReader.decode(png, scale: scale)))
                } catch {
                    return .failure(error)
                }
            }
        case .unavailable(let why):
            painting.say(tr("Nothing pasted: {0}", "\(why)"), isError: true, seconds: 5)
        }
    }

    private func collectPaste(wait: Bool, _ painting: Painting) -> Bool {
        guard let job = pasting else { return false }
        guard let result = wait ? job.wait() : job.value else { return true }
        pasting = nil
        switch result {
        case .success(let picture): painting.arrived(.pasted(picture.surface))
        case .failure(let why): painting.say(tr("Nothing pasted: the clipboard's picture is {0}", "\(why)"), isError: true, seconds: 6)
        }
        return false
    }

    /// Waits for a pasted picture being decoded.
    func finishPasting(_ painting: Painting) { _ = collectPaste(wait: true, painting) }

    // MARK: - Ticking

    /// Picks up finished saves, copies, opens, pastes and Save As writes; true while one is under way.
    func tick(_ painting: Painting) -> Bool {
        let saving = collectSave(painting)
        let copying = collectCopy(wait: false, painting)
        let blink = dialog?.view.tick() ?? false
        let opening = collectOpen(wait: false, painting)
        let pasting = collectPaste(wait: false, painting)
        let savingAs = collectSaveAs(wait: false, painting)
        return saving || copying || blink || opening || pasting || savingAs
    }
}
