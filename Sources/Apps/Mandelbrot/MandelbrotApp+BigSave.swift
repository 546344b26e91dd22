import Glibc
import MandelbrotEngine
import TouchDeskDrawing
import TouchDeskModels
import TouchDeskFiles
import TouchDeskInterface
import TouchDeskToolkit

/// Mandelbrot's big save (Shift+Ctrl+S): a panel asks for the size; then the file dialog asks where
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

    func handleSizePanel(_ event: InputEvent) -> Bool {
        if case .key(let k) = event, k.is("Escape") {
            isAskingForSize = false
            return true
        }
        switch sizeForm.handle(event) {
        case .activated(.go), .submitted: startBigSave()
        case .activated(.cancel): isAskingForSize = false
        case .edited: sizeField.isInvalid = false
        case .stepped, .consumed, .ignored: break
        }
        // The panel is modal: nothing reaches the picture behind it.
        return true
    }

    /// Parses "W×H" (or WxH, W H) within 16…7680 × 16…4320.
    static func parseSaveSize(_ text: String) -> Result<(width: Int, height: Int), MandelbrotSaving.Failure> {
        let parts = text.lowercased().split(whereSeparator: { "x×* ,".contains($0) }).map(String.init)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else {
            return .failure(.init(description: tr("Type a size like 3840×2160")))
        }
        let max = maxSaveSize
        guard (16...max.width).contains(w), (16...max.height).contains(h) else {
            return .failure(.init(description: tr("Sizes go from 16×16 up to {0}×{1}", String(max.width), String(max.height))))
        }
        return .success((w, h))
    }

    func startBigSave() {
        switch Self.parseSaveSize(sizeField.text) {
        case .failure(let f):
            sizeField.isInvalid = true
            toast.show(f.description, isError: true)
        case .success(let s):
            isAskingForSize = false
            askWhereToSave(s)
        }
    }

    /// Renders the big picture of size `s` off the UI thread, to be written to `path`.
    func startBigRender(_ s: (width: Int, height: Int), to path: String) {
        bigSaveTarget = path
        let f = viewFrame(width: s.width, height: s.height)
        let renderer = bigRenderer
        let kind = model.palette, period = model.period
        bigSaveSize = s
        toast.show(tr("Rendering {0}×{1} in the background…", String(s.width), String(s.height)), isError: false)
        bigRender = BackgroundJob(name: "mandelbrot-big-picture") {
            MandelbrotSaving.render(f, on: renderer).map { ($0, $0.coloring(kind, period: period)) }
        }
    }

    func drawSizePanel(_ cr: CairoContext) {
        cr.fill(imageRect, Color(0, 0, 0, 0.45))
        Theme.bar.set(cr)
        cr.roundedRect(sizePanel, radius: 10)
        cr.fill()
        let l = Text.layout(tr("Save the view as a PNG of this size"), font: Font(size: Theme.TextSize.body, weight: .bold), width: sizePanel.width - 32, ellipsis: .end)
        cr.draw(l, x: sizePanel.x + 16, y: sizePanel.y + 14, color: Theme.text)
        let hint = Text.layout(tr("width×height, up to {0}×{1}", String(Self.maxSaveSize.width), String(Self.maxSaveSize.height)), font: Font(size: Theme.TextSize.caption),
                               width: max(20, sizePanel.width - 32 - 200), ellipsis: .end)
        cr.draw(hint, x: sizePanel.x + 16, y: sizePanel.maxY - 28 - hint.height / 2, color: Theme.dimText)
        sizeForm.draw(cr)
    }

}
