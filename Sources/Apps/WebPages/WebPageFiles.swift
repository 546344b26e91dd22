import Foundation
import Glibc
import TouchDeskDrawing
import TouchDeskFiles
import TouchDeskInterface
import TouchDeskWeb
import TouchDeskToolkit

/// Web Pages' file dialog, for its two uses:
///
/// - Ctrl+O: the dialog, showing HTML files, opens one in both views (as a `file://` address).
///   FIFOs, devices and links to nothing are refused in the dialog with the same words as
///   everywhere else; the page itself is read by the engine.
/// - "Save page as HTML…" (the page's menu, Ctrl+S): the dialog asks where, suggesting the page's
///   own file name (or its title) with `.html` in Downloads, else the home folder. A name without
///   `.html`/`.htm` gets `.html`; an existing file is replaced only after asking; a folder that is
///   missing or not writable, or a FIFO or device in the way, is refused in the dialog
///   (`SaveTarget`). The engine then writes the page's main resource, the bytes the server sent,
///   to a temporary file, and the writer thread puts it in place atomically (`WebPageSaver`).
///
/// It owns the dialog while it shows and what it is for; the app opens or saves what was chosen.
final class WebPageFiles {
    /// What the dialog is for.
    enum Use { case open, saveSource }

    /// What the person chose in the dialog, which then closes.
    enum Chosen {
        /// A file to show in both views.
        case open(WebURL)
        /// Where the page's HTML goes.
        case saveSource(String)
    }

    private let environment: AppEnvironment
    /// The dialog, while it shows.
    private(set) var dialog: FileDialog?
    private var use = Use.open

    init(environment: AppEnvironment) { self.environment = environment }

    /// Ctrl+O: the dialog opens in the folder of the file shown (`address`), else the home folder.
    func showOpen(address: String?, in size: Size) {
        let home = environment.homeDirectory
        var start = home
        // The folder of the file shown, when a file is shown.
        if let address, let url = try? WebURL(string: address), let path = url.filePath {
            start = Paths.folder(of: path)
        }
        let chooser = FileChooser(home: home, places: environment.fileDialogPlaces,
                                  filter: FileChooser.Filter(tr("Web pages"), extensions: ["html", "htm", "xhtml"]), start: start)
        show(FileDialog(mode: .open, title: tr("Open a web page file"), accept: tr("Open"), yes: (tr("Open"), "O"), chooser: chooser,
                        recentList: environment.recentFilesPath, clipboard: environment.clipboard), for: .open, in: size)
    }

    /// Save page as HTML: the dialog asks where the page at `address` (titled `title`) goes.
    func showSaveSource(address: String, title: String, in size: Size) {
        let home = environment.homeDirectory
        var st = stat()
        let downloads = environment.userDirectories["DOWNLOAD"] ?? home + "/Downloads"
        let start = Paths.withSystemPath(downloads, { stat($0, &st) }) == 0 && st.st_mode & S_IFMT == S_IFDIR ? downloads : home
        let chooser = FileChooser(home: home, places: environment.fileDialogPlaces,
                                  filter: FileChooser.Filter(tr("Web pages"), extensions: ["html", "htm"]), start: start)
        show(FileDialog(mode: .save, title: tr("Save the page as HTML"), accept: tr("Save"), yes: (tr("Replace"), "R"), chooser: chooser,
                        name: Self.suggestedName(address: address, title: title), recentList: environment.recentFilesPath,
                        clipboard: environment.clipboard), for: .saveSource, in: size)
    }

    private func show(_ dialog: FileDialog, for use: Use, in size: Size) {
        dialog.layout(in: size)
        self.dialog = dialog
        self.use = use
    }

    /// The page's own file name when it has one, else its title, else "page"; always `.html`/`.htm`.
    nonisolated static func suggestedName(address: String, title: String) -> String {
        let last = address.split(separator: "?").first.map { String($0.split(separator: "/").last ?? "") } ?? ""
        let decoded = last.removingPercentEncoding ?? last
        if [".html", ".htm"].contains(where: { decoded.lowercased().hasSuffix($0) }), !decoded.hasPrefix(".") {
            return decoded
        }
        let kept = title.unicodeScalars.map { c -> Character in
            CharacterSet.alphanumerics.contains(c) || c == "-" || c == "_" ? Character(c) : " "
        }
        let words = String(kept).split(separator: " ").prefix(8).joined(separator: "-")
        return (words.isEmpty ? "page" : String(words.prefix(80))) + ".html"
    }

    func layout(in size: Size) { dialog?.layout(in: size) }

    /// True while the cursor blinks in the dialog's field.
    func tick() -> Bool { dialog?.tick() == true }

    func draw(_ cr: CairoContext, in size: Size) {
        dialog?.draw(cr, in: Rect(x: 0, y: 0, width: size.width, height: size.height))
    }

    /// An event while the dialog shows (it takes them all); what was chosen, if anything.
    func handle(_ event: InputEvent) -> Chosen? {
        guard let dialog else { return nil }
        switch use {
        case .open: return handleOpen(dialog, event)
        case .saveSource: return handleSaveSource(dialog, event)
        }
    }

    private func handleOpen(_ dialog: FileDialog, _ event: InputEvent) -> Chosen? {
        switch dialog.handle(event) {
        case .none: break
        case .cancelled: self.dialog = nil
        case .submitted(let path), .confirmed(let path):
            let entry = FolderEntry.look(at: path)
            if entry.kind == .unknown {
                dialog.show(tr("cannot read {0}: no such file", Paths.shown(path)), isError: true)
            } else if let refusal = entry.refusal {
                dialog.show(refusal, isError: true)
            } else if entry.isFolder {
                dialog.go(to: path)
            } else {
                self.dialog = nil
                return .open(WebURL(filePath: path))
            }
        }
        return nil
    }

    private func handleSaveSource(_ dialog: FileDialog, _ event: InputEvent) -> Chosen? {
        switch dialog.handle(event) {
        case .none: break
        case .cancelled: self.dialog = nil
        case .confirmed(let path):
            self.dialog = nil
            return .saveSource(path)
        case .submitted(let typed):
            var path = typed
            guard !Paths.name(of: path).trimmingCharacters(in: .whitespaces).isEmpty else {
                dialog.show(tr("Type a file name, like page.html"), isError: true)
                break
            }
            if ![".html", ".htm"].contains(where: { path.lowercased().hasSuffix($0) }) { path += ".html" }
            switch SaveTarget.check(path, creatableFolder: "", home: environment.homeDirectory) {
            case .refused(let why): dialog.show(why, isError: true)
            case .replaces: dialog.ask(tr("{0} already exists. Replace it?", Paths.abbreviatingHome(path, home: environment.homeDirectory)), about: path)
            case .fresh:
                self.dialog = nil
                return .saveSource(path)
            }
        }
        return nil
    }
}
