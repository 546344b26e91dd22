import Glibc
import TouchDeskFiles
import TouchDeskInterface

/// Mandelbrot's big save, second step: after the size (Shift+Ctrl+S), the file dialog asks where
/// the picture goes, suggesting `touchdesk-mandelbrot-WxH.png` in the pictures folder. A name
/// without `.png` gets it; an existing file is replaced only after asking; a folder that is
/// missing or not writable, or a FIFO or device in the way, is refused in the dialog (`SaveTarget`).
/// Only then does the render start.
extension MandelbrotApp {
    func askWhereToSave(_ picture: (width: Int, height: Int)) {
        let pictures = environment.picturesDirectory
        var st = stat()
        let start = Paths.withSystemPath(pictures, { stat($0, &st) }) == 0 ? pictures : environment.homeDirectory
        let chooser = FileChooser(home: environment.homeDirectory, places: environment.fileDialogPlaces,
                                  filter: FileChooser.Filter(tr("PNG pictures"), extensions: ["png"]), start: start)
        let dialog = FileDialog(mode: .save, title: tr("Save the {0}×{1} picture as", String(picture.width), String(picture.height)), accept: tr("Save"), yes: (tr("Replace"), "R"),
                                chooser: chooser, name: "touchdesk-mandelbrot-\(picture.width)x\(picture.height).png",
                                recentList: environment.recentFilesPath, clipboard: environment.clipboard)
        dialog.layout(in: size)
        bigSaveDialog = (dialog, picture)
    }

    func handleBigSaveDialog(_ event: InputEvent) -> Bool {
        guard let (dialog, size) = bigSaveDialog else { return false }
        switch dialog.handle(event) {
        case .none: break
        case .cancelled: bigSaveDialog = nil
        case .confirmed(let path):
            bigSaveDialog = nil
            startBigRender(size, to: path)
        case .submitted(let typed):
            var path = typed
            guard !Paths.name(of: path).trimmingCharacters(in: .whitespaces).isEmpty else {
                dialog.show(tr("Type a file name, like mandelbrot.png"), isError: true)
                break
            }
            if !path.lowercased().hasSuffix(".png") { path += ".png" }
            switch SaveTarget.check(path, creatableFolder: environment.picturesDirectory, home: environment.homeDirectory) {
            case .refused(let why): dialog.show(why, isError: true)
            case .replaces: dialog.ask(tr("{0} already exists. Replace it?", Paths.abbreviatingHome(path, home: environment.homeDirectory)), about: path)
            case .fresh:
                bigSaveDialog = nil
                startBigRender(size, to: path)
            }
        }
        // The dialog is modal: nothing reaches the picture behind it.
        return true
    }
}
