import Foundation
import TouchDeskFiles
import TouchDeskInterface
import TouchDeskWeb
import TouchDeskToolkit

/// "Save page as HTML…" (the page's menu, Ctrl+S): the file dialog asks where, suggesting the
/// page's own file name (or its title) with `.html` in Downloads, else the home folder. A name
/// without `.html`/`.htm` gets `.html`; an existing file is replaced only after asking; a folder
/// that is missing or not writable, or a FIFO or device in the way, is refused in the dialog
/// (`SaveTarget`). The engine then writes the page's main resource, the bytes the server sent,
/// to a temporary file, and the writer thread puts it in place atomically (`WebPageSaver`).
extension WebApp {
    func showSaveSource() {
        guard engine?.isRunning == true, let shown = currentAddress, page.stoppedReason == nil else {
            page.notice = (tr("No page to save."), true)
            return
        }
        let home = environment.homeDirectory
        var st = stat()
        let downloads = environment.userDirectories["DOWNLOAD"] ?? home + "/Downloads"
        let start = Paths.withSystemPath(downloads, { stat($0, &st) }) == 0 && st.st_mode & S_IFMT == S_IFDIR ? downloads : home
        let chooser = FileChooser(home: home, places: environment.fileDialogPlaces,
                                  filter: FileChooser.Filter("Web pages", extensions: ["html", "htm"]), start: start)
        let dialog = FileDialog(mode: .save, title: tr("Save the page as HTML"), accept: tr("Save"), yes: (tr("Replace"), "R"), chooser: chooser,
                                name: Self.suggestedName(address: shown, title: pageTitle), recentList: environment.recentFilesPath,
                                clipboard: environment.clipboard)
        dialog.layout(in: size)
        openFileDialog = dialog
        dialogSavesSource = true
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

    func handleSaveSourceDialog(_ dialog: FileDialog, _ event: InputEvent) {
        switch dialog.handle(event) {
        case .none: break
        case .cancelled: closeFileDialog()
        case .confirmed(let path): saveSource(to: path)
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
            case .fresh: saveSource(to: path)
            }
        }
    }

    private func saveSource(to path: String) {
        closeFileDialog()
        saver.startSource(engine, to: path)
        page.notice = (tr("Saving the page as HTML…"), false)
    }

    func closeFileDialog() {
        openFileDialog = nil
        dialogSavesSource = false
    }

    /// Saves the page's HTML to `path` now, waiting for it: for tests.
    func saveSourceNow(to path: String, timeout: Double = 20) -> String? {
        saveSource(to: path)
        let deadline = WebEngine.now() + timeout
        while saver.isSavingSource, WebEngine.now() < deadline, engine?.isRunning == true {
            absorb()
            if let n = saver.poll() { page.notice = n }
            usleep(10_000)
        }
        return page.notice?.text
    }
}
