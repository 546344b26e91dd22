import Foundation
import Glibc
import TouchDeskDrawing
import TouchDeskFiles
import TouchDeskInterface
import TouchDeskModels
import TouchDeskToolkit

/// Paintbrush's files and pictures: Save As (Ctrl+Shift+S), Open (Ctrl+O, or `touchdesk paint
/// FILE.png`), and pasting a picture from the clipboard (Ctrl+V).
///
/// - Save As and Open use the file dialog (`FileDialog`), in the folder of the picture being
///   edited, else the pictures folder. Save As: a name without `.png` gets it, and an existing
///   file is replaced only after asking. From then on
///   Ctrl+S writes to that file, whose name shows at the top right of the canvas. Writes go
///   through the background writer and `AtomicFile`, so a failed write leaves the old file whole.
/// - Open reads a PNG off the UI thread (`PictureReader`): it replaces the canvas, which takes the
///   picture's size; it shows centred at 100 % with its edge drawn, grey beyond it, and a larger
///   one from its top-left corner, to scroll or zoom (PaintApp+View.swift). Open is one undoable step (Ctrl+Z brings the
///   painting before it back, with its size and file); with unsaved changes it asks first.
/// - Pictures opened and saved are added to the desktop's recent files (`RecentFiles`).
/// - Paste asks the clipboard's owner for `image/png` and puts the picture at the top-left corner
///   of the canvas as one undoable step; a clipboard holding only text says so.
struct PaintFiles {
    enum DialogKind { case saveAs, open }
    var dialog: (kind: DialogKind, view: FileDialog)?
    /// The size the app was laid out in, for the dialog.
    var area = Size(0, 0)
    var opening: (job: BackgroundJob<Result<LoadedPicture, PictureReader.Failure>>, path: String)?
    var pasting: BackgroundJob<Result<LoadedPicture, PictureReader.Failure>>?
    var waitingForPaste = false
    var savingAs: (ticket: BackgroundWriter.Ticket, revision: Int, path: String)?
    /// Why the last open failed (for the command line).
    var openProblem: String?
}

extension PaintApp {
    // MARK: - Events and keys

    /// The dialog takes every event while it shows; a picture from the clipboard is taken here.
    /// nil: not a file event.
    func handleFileEvent(_ event: InputEvent) -> Bool? {
        if let (kind, view) = files.dialog {
            switch view.handle(event) {
            case .none: break
            case .cancelled: files.dialog = nil
            case .submitted(let text):
                switch kind {
                case .saveAs: submitSaveAs(text, view)
                case .open: submitOpen(text, view)
                }
            case .confirmed(let path):
                switch kind {
                case .saveAs: startSaveAs(path, view)
                case .open: startOpen(path)
                }
            }
            return true
        }
        if case .pastedPicture(let picture) = event {
            receivePaste(picture)
            return true
        }
        return nil
    }

    /// Save As, Open and Paste, in the toolbar after Copy (behind More when they do not fit; the
    /// keys work either way, and the keys overlay lists them).
    func addFileControls() {
        controls.add(.saveAs, "Save As…", key: .control("s", shift: true))
        controls.add(.open, "Open…", key: .control("o"), help: "Open a PNG picture to paint on")
        controls.add(.paste, "Paste", key: .control("v"), help: "Paste a picture from the clipboard")
    }

    func layoutFiles(in size: Size) {
        files.area = size
        files.dialog?.view.layout(in: size)
    }

    /// True while a file dialog shows: the keys overlay lists its keys then.
    var fileDialog: FileDialog? { files.dialog?.view }

    // MARK: - Paths

    /// Where names without a folder go, and are looked for.
    var defaultFolder: String { environment.picturesDirectory }

    /// A path as the user reads it: the home folder as ~.
    func shown(_ path: String) -> String { Paths.abbreviatingHome(path, home: environment.homeDirectory) }

    /// What a typed name means: ~ is the home folder, a name without a folder is in the default folder.
    func resolve(_ typed: String) -> String {
        let t = typed.trimmingCharacters(in: .whitespacesAndNewlines)
        if t == "~" { return environment.homeDirectory }
        if t.hasPrefix("~/") { return environment.homeDirectory + t.dropFirst(1) }
        if t.hasPrefix("/") { return t }
        return defaultFolder + "/" + t
    }

    /// The file dialog's places and folder, showing PNG pictures, from `folder` (home when it is missing).
    func chooser(startingIn folder: String) -> FileChooser {
        var st = stat()
        let start = Paths.withSystemPath(folder, { stat($0, &st) }) == 0 ? folder : environment.homeDirectory
        return FileChooser(home: environment.homeDirectory, places: environment.fileDialogPlaces,
                           filter: FileChooser.Filter(tr("PNG pictures"), extensions: ["png"]), start: start)
    }

    // MARK: - Save As

    func showSaveAs() {
        guard canvas.surface != nil else { return }
        let suggested = model.file.map { Paths.name(of: $0) } ?? "painting.png"
        let folder = model.file.map { Paths.folder(of: $0) } ?? defaultFolder
        let view = FileDialog(mode: .save, title: tr("Save As"), accept: tr("Save"), yes: (tr("Replace"), "R"), chooser: chooser(startingIn: folder),
                              name: suggested, recentList: environment.recentFilesPath, clipboard: environment.clipboard)
        view.layout(in: files.area)
        files.dialog = (.saveAs, view)
    }

    func checkSaveTarget(_ path: String) -> SaveTarget {
        SaveTarget.check(path, creatableFolder: defaultFolder, home: environment.homeDirectory)
    }

    /// The path a typed Save As name stands for: `.png` added when the name has no extension.
    func saveAsPath(_ typed: String) -> Result<String, PictureReader.Failure> {
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

    func submitSaveAs(_ typed: String, _ view: FileDialog) {
        let path: String
        switch saveAsPath(typed) {
        case .failure(let why): view.show(why.description, isError: true); return
        case .success(let p): path = p
        }
        switch checkSaveTarget(path) {
        case .refused(let why): view.show(why, isError: true)
        case .replaces: view.ask(tr("{0} already exists. Replace it with this painting?", shown(path)), about: path)
        case .fresh: startSaveAs(path, view)
        }
    }

    func startSaveAs(_ path: String, _ view: FileDialog) {
        guard let image = pictureToExport() else {
            view.show(tr("Nothing to save: the window is too small"), isError: true)
            return
        }
        view.busy = tr("Saving {0}…", Paths.shown(Paths.name(of: path)))
        files.savingAs = (writePicture(image, to: path), canvasRevision, path)
    }

    /// Writes `image` to `path` on the writer thread, replacing the file only once the new one is
    /// whole. The folder must exist (a mistyped folder is not created), except the pictures folder.
    func writePicture(_ image: DetachedImage, to path: String) -> BackgroundWriter.Ticket {
        let makeFolder: mode_t? = Paths.folder(of: path) == defaultFolder ? 0o755 : nil
        let environment = environment
        return environment.writer.submit(key: "paint-save") {
            try AtomicFile.write(try image.pngData(), to: path, createFolder: makeFolder)
            environment.noteRecentFile(path)
            return path
        }
    }

    /// The picture a save or a copy takes: the opened picture's size, else the visible canvas, at
    /// the canvas's own resolution (a HiDPI painting keeps every pixel).
    func pictureToExport() -> DetachedImage? {
        guard let canvas = canvas.surface else { return nil }
        let px = exportPixelSize
        guard px.width >= 1, px.height >= 1 else { return nil }
        return DetachedImage(copying: canvas, size: Size(Double(px.width) / pixelScale, Double(px.height) / pixelScale), format: .rgb)
    }

    var exportPixelSize: (width: Int, height: Int) {
        let size = model.documentSize ?? canvasRect.size
        return (Int((size.width * pixelScale).rounded(.down)), Int((size.height * pixelScale).rounded(.down)))
    }

    // MARK: - Open

    func showOpen() {
        let view = FileDialog(mode: .open, title: tr("Open a PNG picture"), accept: tr("Open"), yes: (tr("Open"), "O"),
                              chooser: chooser(startingIn: model.file.map { Paths.folder(of: $0) } ?? defaultFolder),
                              recentList: environment.recentFilesPath, clipboard: environment.clipboard)
        view.layout(in: files.area)
        files.dialog = (.open, view)
    }

    func submitOpen(_ typed: String, _ view: FileDialog) {
        guard !typed.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            view.show(tr("Type the path of a PNG picture, like ~/Pictures/photo.png"), isError: true)
            return
        }
        let path = resolve(typed)
        if hasUnsavedWork {
            view.ask(tr("The painting has changes that are not saved to a file. Open {0} anyway? Ctrl+Z undoes the open and brings the painting back.", Paths.shown(Paths.name(of: path))), about: path)
        } else {
            startOpen(path)
        }
    }

    /// Opens the PNG at `path` (absolute) over the canvas, reading it off the UI thread; the
    /// command line's `touchdesk paint FILE.png` comes here.
    public func open(path: String) { startOpen(path) }

    /// A picture handed in from outside (a second launch, a drop): opened as Open does, asking
    /// first when the painting has unsaved changes.
    public func offer(path: String) {
        guard hasUnsavedWork else { startOpen(path); return }
        showOpen()
        if let view = files.dialog?.view { submitOpen(path, view) }
    }

    func startOpen(_ path: String) {
        files.dialog?.view.busy = tr("Opening {0}…", Paths.shown(Paths.name(of: path)))
        let scale = pixelScale
        files.opening = (BackgroundJob(name: "touchdesk-paint-open") {
            PictureReader.read(path, scale: scale)
        }, path)
        if files.dialog == nil { toast.show(tr("Opening {0}…", Paths.name(of: path)), isError: false) }
    }

    private func collectOpen(wait: Bool) -> Bool {
        guard let (job, path) = files.opening else { return false }
        guard let result = wait ? job.wait() : job.value else { return true }
        files.opening = nil
        switch result {
        case .success(let picture):
            let id = model.open(size: picture.surface.size, file: path)
            environment.noteRecentFileInBackground(path)
            canvas.pictures[id] = picture.surface
            viewport.reset()
            paintChanges()
            savedRevision = canvasRevision
            syncControls()
            if files.dialog?.kind == .open { files.dialog = nil }
            let px = (picture.surface.pixelWidth, picture.surface.pixelHeight)
            let cut = picture.surface.size.width > canvasRect.width + 0.5 || picture.surface.size.height > canvasRect.height + 0.5
            toast.show(cut ? tr("Opened {0} ({1}×{2}); F shows it whole, the wheel and Space+drag scroll", Paths.name(of: path), String(px.0), String(px.1))
                       : tr("Opened {0} ({1}×{2})", Paths.name(of: path), String(px.0), String(px.1)), isError: false, seconds: 5)
        case .failure(let why):
            if let (kind, view) = files.dialog, kind == .open {
                view.show(why.description, isError: true)
            } else {
                toast.show(why.description, isError: true, seconds: 8)
            }
            files.openProblem = why.description
        }
        return false
    }

    /// Waits for an open under way: for the command line's screenshots and for tests. Returns
    /// why it failed, if it did.
    @discardableResult
    public func finishOpening() -> String? {
        files.openProblem = nil
        _ = collectOpen(wait: true)
        return files.openProblem
    }

    // MARK: - Paste

    /// Ctrl+V: asks the clipboard for a PNG picture; it arrives as `InputEvent.pastedPicture`.
    func pastePicture() {
        environment.clipboard.requestPicturePaste(from: .clipboard)
        files.waitingForPaste = true
        toast.show("Pasting…", isError: false)
    }

    func receivePaste(_ pasted: PastedPicture) {
        guard files.waitingForPaste else { return }
        files.waitingForPaste = false
        switch pasted {
        case .png(let bytes):
            let scale = pixelScale
            files.pasting = BackgroundJob(name: "touchdesk-paint-paste") {
                do throws(PictureReader.Failure) {
                    let png = Data(bytes)
                    return .success(LoadedPicture(surface: try PictureReader.decode(png, scale: scale)))
                } catch {
                    return .failure(error)
                }
            }
        case .unavailable(let why):
            toast.show(tr("Nothing pasted: {0}", "\(why)"), isError: true, seconds: 5)
        }
    }

    /// Pastes a picture the clipboard sent, once decoded: for tests, which hand one straight in.
    func paste(_ picture: ImageSurface) {
        let id = model.paste(size: picture.size, at: .zero)
        canvas.pictures[id] = picture
        paintChanges()
        syncControls()
        let cut = picture.size.width > (model.documentSize ?? canvasRect.size).width + 0.5
            || picture.size.height > (model.documentSize ?? canvasRect.size).height + 0.5
        toast.show(cut ? tr("Pasted a {0}×{1} picture at the top left, cut to the canvas; Ctrl+Z undoes it", String(picture.pixelWidth), String(picture.pixelHeight))
                       : tr("Pasted a {0}×{1} picture at the top left; Ctrl+Z undoes it", String(picture.pixelWidth), String(picture.pixelHeight)),
                   isError: false, seconds: 5)
    }

    private func collectPaste(wait: Bool) -> Bool {
        guard let job = files.pasting else { return false }
        guard let result = wait ? job.wait() : job.value else { return true }
        files.pasting = nil
        switch result {
        case .success(let picture): paste(picture.surface)
        case .failure(let why): toast.show(tr("Nothing pasted: the clipboard's picture is {0}", "\(why)"), isError: true, seconds: 6)
        }
        return false
    }

    /// Waits for a pasted picture being decoded: for tests.
    public func finishPasting() { _ = collectPaste(wait: true) }

    // MARK: - Ticking

    /// Picks up finished opens, pastes and Save As writes; true while one is under way.
    func tickFiles() -> Bool {
        let blink = files.dialog?.view.tick() ?? false
        let opening = collectOpen(wait: false)
        let pasting = collectPaste(wait: false)
        let saving = collectSaveAs(wait: false)
        return blink || opening || pasting || saving
    }

    private func collectSaveAs(wait: Bool) -> Bool {
        guard let pending = files.savingAs else { return false }
        if wait { environment.writer.waitUntilIdle() }
        guard let outcome = pending.ticket.outcome else { return true }
        files.savingAs = nil
        switch outcome {
        case .written(let path):
            model.setFile(path)
            savedRevision = max(savedRevision, pending.revision)
            if files.dialog?.kind == .saveAs { files.dialog = nil }
            toast.show(tr("Saved {0}; Ctrl+S now saves to it", shown(path)), isError: false, seconds: 5)
        case .failed(let why):
            if let (kind, view) = files.dialog, kind == .saveAs {
                view.show(tr("Not saved: {0}", "\(why)"), isError: true)
            } else {
                toast.show(tr("Not saved: {0}", "\(why)"), isError: true, seconds: 8)
            }
        }
        return false
    }

    /// Waits for a Save As being written and shows its outcome: for tests.
    public func finishSavingAs() { _ = collectSaveAs(wait: true) }

    // MARK: - Pictures on the canvas

    /// A restored canvas that arrives after a picture was opened over it (from the command line):
    /// it becomes the base under the history.
    func putUnderHistory(_ picture: ImageSurface, documentSize: Size?) {
        model.setBase(documentSize: documentSize)
        canvas.putUnder(picture, model: model)
        canvasRevision += 1
    }

    // MARK: - Drawing

    /// The name of the file Ctrl+S writes to, at the top right (the field round the picture and its
    /// edge: `drawViewFrame`).
    func drawDocumentEdges(_ cr: CairoContext) {
        guard let file = model.file, canvasRect.width > 60 else { return }
        let label = Paths.shown(Paths.name(of: file)) + (hasUnsavedWork ? " (changed)" : "")
        let l = Text.layout(label, font: Font(size: Theme.TextSize.caption), width: min(canvasRect.width * 0.6, 360), ellipsis: .middle)
        let box = Rect(x: canvasRect.maxX - l.width - 20, y: 6, width: l.width + 12, height: l.height + 6)
        Theme.bar.with(alpha: 0.85).set(cr)
        cr.roundedRect(box, radius: 5)
        cr.fill()
        cr.draw(l, x: box.x + 6, y: box.y + 3, color: Theme.text)
    }

    func drawFileDialog(_ cr: CairoContext) {
        files.dialog?.view.draw(cr, in: Rect(x: 0, y: 0, width: files.area.width, height: files.area.height))
    }
}
