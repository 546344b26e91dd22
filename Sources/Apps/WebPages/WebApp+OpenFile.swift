import Glibc
import TouchDeskFiles
import TouchDeskInterface
import TouchDeskWeb
import TouchDeskToolkit

/// Web Pages' Ctrl+O: the file dialog, showing HTML files, opens one in both views (as a
/// `file://` address). FIFOs, devices and links to nothing are refused in the dialog with the
/// same words as everywhere else; the page itself is read by the engine.
extension WebApp {
    func showOpenFile() {
        let home = environment.homeDirectory
        var start = home
        // The folder of the file shown, when a file is shown.
        if let address = currentAddress, let url = try? WebURL(string: address), let path = url.filePath {
            start = Paths.folder(of: path)
        }
        let chooser = FileChooser(home: home, places: environment.fileDialogPlaces,
                                  filter: FileChooser.Filter(tr("Web pages"), extensions: ["html", "htm", "xhtml"]), start: start)
        let dialog = FileDialog(mode: .open, title: tr("Open a web page file"), accept: tr("Open"), yes: (tr("Open"), "O"), chooser: chooser,
                                recentList: environment.recentFilesPath, clipboard: environment.clipboard)
        dialog.layout(in: size)
        openFileDialog = dialog
        dialogSavesSource = false
    }

    func handleOpenFileDialog(_ event: InputEvent) -> Bool {
        guard let dialog = openFileDialog else { return false }
        if dialogSavesSource { handleSaveSourceDialog(dialog, event); return true }
        switch dialog.handle(event) {
        case .none: break
        case .cancelled: closeFileDialog()
        case .submitted(let path), .confirmed(let path):
            let entry = FolderEntry.look(at: path)
            if entry.kind == .unknown {
                dialog.show(tr("cannot read {0}: no such file", Paths.shown(path)), isError: true)
            } else if let refusal = entry.refusal {
                dialog.show(refusal, isError: true)
            } else if entry.isFolder {
                dialog.go(to: path)
            } else {
                closeFileDialog()
                open(WebURL(filePath: path))
            }
        }
        return true
    }
}
