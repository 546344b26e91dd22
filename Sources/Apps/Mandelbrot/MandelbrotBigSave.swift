import Glibc
import MandelbrotEngine
import TouchDeskDrawing
import TouchDeskFiles
import TouchDeskInterface
import TouchDeskModels
import TouchDeskToolkit

/// Mandelbrot's big save (Shift+Ctrl+S): a panel asks for the size; then the file dialog asks where
/// the picture goes, suggesting `touchdesk-mandelbrot-WxH.png` in the pictures folder. A name
/// without `.png` gets it; an existing file is replaced only after asking; a folder that is
/// missing or not writable, or a FIFO or device in the way, is refused in the dialog (`SaveTarget`).
/// Only then does the render start, on a thread of its own; it goes on when the app is left, and
/// the app hands the finished picture to the writer (`takeFinished`).
///
/// It owns the panel, the dialog, the render and its progress; the app says what view to render
/// and shows its messages.
final class MandelbrotBigSave {
    /// The size panel's buttons.
    enum SizeControl: String, ControlID { case go, cancel }

    /// What the panel and the render need of the app: the view at a size, in its colours, and a
    /// way to say things (the app's message line).
    struct Asker {
        var frame: (_ width: Int, _ height: Int) -> MandelbrotFrame
        var palette: MandelbrotPaletteKind
        var period: Int
        var say: (_ message: String, _ isError: Bool) -> Void
    }

    /// The largest picture it renders (8K UHD).
    static let maxSize = (width: 7680, height: 4320)

    private let environment: AppEnvironment
    let sizeForm = Form<SizeControl>()
    let sizeField: TextField
    /// The panel asking for the size is open.
    private(set) var isAskingForSize = false
    private var panel = Rect.zero
    /// After the size, the file dialog that asks where the picture goes.
    private(set) var dialog: (dialog: FileDialog, size: (width: Int, height: Int))?
    /// The picture rendering (the palette is fitted to it on that thread too: at 8K the fit alone
    /// reads 33 million values), its size, and where it goes.
    private var render: BackgroundJob<(picture: MandelbrotPicture, coloring: MandelbrotColoring)?>?
    private(set) var size: (width: Int, height: Int)?
    private var target: String?
    let renderer = MandelbrotRenderer()
    /// The render's progress as the frame shows it, read once per tick.
    private(set) var shownProgress = 0.0
    /// The renderer's generation before this save's render: until the render job has started its
    /// own, the renderer's progress is of no render (an idle renderer says 1) and the save is at 0.
    private var generationBefore: Int?
    private var window = Size(0, 0)

    init(environment: AppEnvironment) {
        self.environment = environment
        sizeField = TextField("size", text: "3840×2160", placeholder: "width×height", maxLength: 16, clipboard: environment.clipboard)
        sizeForm.add(sizeField)
        sizeForm.addButton(.go, "Save", key: .key("Return", "KP_Enter"))
        sizeForm.addButton(.cancel, "Cancel", key: .key("Escape"))
    }

    isolated deinit {
        renderer.cancel()
    }

    /// The panel or the dialog is open: it takes every event and Esc.
    var isOpen: Bool { isAskingForSize || dialog != nil }
    /// A picture is rendering.
    var isRendering: Bool { render != nil }

    /// The widgets the keyboard and F1 see while it is open.
    var widgets: [any WidgetGroup]? {
        if isAskingForSize { return [sizeForm] }
        return dialog.map { [$0.dialog] }
    }

    /// Shift+Ctrl+S: the panel opens with the last size selected, unless a picture still renders.
    func ask(_ asker: Asker) {
        guard render == nil else {
            asker.say(tr("A picture is still being saved: wait for it to finish"), true)
            return
        }
        isAskingForSize = true
        sizeForm.setFocus(.field("size"))
        sizeField.selectAll()
    }

    func layout(window size: Size, image: Rect) {
        window = size
        let w = min(image.width - 16, 440.0), h = 150.0
        // Centred on the picture; at the smallest sizes the picture is just the panel's height.
        panel = Rect(x: image.midX - w / 2, y: image.y + max(0, (image.height - h) / 2), width: w, height: h)
        sizeField.frame = Rect(x: panel.x + 16, y: panel.y + 44, width: w - 32, height: TextField.height)
        let c = sizeForm.controls
        let gw = c[.go].map { c.preferredWidth($0) } ?? 80, cw = c[.cancel].map { c.preferredWidth($0) } ?? 80
        c.place(.cancel, at: Rect(x: panel.maxX - 16 - cw, y: panel.maxY - 46, width: cw, height: ControlSizes.rowHeight))
        c.place(.go, at: Rect(x: panel.maxX - 16 - cw - 8 - gw, y: panel.maxY - 46, width: gw, height: ControlSizes.rowHeight))
        dialog?.dialog.layout(in: size)
    }

    /// An event while open (the panel and the dialog are modal: nothing reaches the picture
    /// behind them); false when closed.
    func handle(_ event: InputEvent, _ asker: Asker) -> Bool {
        if isAskingForSize { handleSizePanel(event, asker); return true }
        if dialog != nil { handleDialog(event, asker); return true }
        return false
    }

    private func handleSizePanel(_ event: InputEvent, _ asker: Asker) {
        if case .key(let k) = event, k.is("Escape") {
            isAskingForSize = false
            return
        }
        switch sizeForm.handle(event) {
        case .activated(.go), .submitted: takeSize(asker)
        case .activated(.cancel): isAskingForSize = false
        case .edited: sizeField.isInvalid = false
        case .stepped, .consumed, .ignored: break
        }
    }

    /// Parses "W×H" (or WxH, W H) within 16…7680 × 16…4320.
    static func parseSize(_ text: String) -> Result<(width: Int, height: Int), MandelbrotSaving.Failure> {
        let parts = text.lowercased().split(whereSeparator: { "x×* ,".contains($0) }).map(String.init)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else {
            return .failure(.init(description: tr("Type a size like 3840×2160")))
        }
        let max = maxSize
        guard (16...max.width).contains(w), (16...max.height).contains(h) else {
            return .failure(.init(description: tr("Sizes go from 16×16 up to {0}×{1}", String(max.width), String(max.height))))
        }
        return .success((w, h))
    }

    private func takeSize(_ asker: Asker) {
        switch Self.parseSize(sizeField.text) {
        case .failure(let f):
            sizeField.isInvalid = true
            asker.say(f.description, true)
        case .success(let s):
            isAskingForSize = false
            askWhereToSave(s)
        }
    }

    private func askWhereToSave(_ picture: (width: Int, height: Int)) {
        let pictures = environment.picturesDirectory
        var st = stat()
        let start = Paths.withSystemPath(pictures, { stat($0, &st) }) == 0 ? pictures : environment.homeDirectory
        let chooser = FileChooser(home: environment.homeDirectory, places: environment.fileDialogPlaces,
                                  filter: FileChooser.Filter(tr("PNG pictures"), extensions: ["png"]), start: start)
        let d = FileDialog(mode: .save, title: tr("Save the {0}×{1} picture as", String(picture.width), String(picture.height)), accept: tr("Save"), yes: (tr("Replace"), "R"),
                           chooser: chooser, name: "touchdesk-mandelbrot-\(picture.width)x\(picture.height).png",
                           recentList: environment.recentFilesPath, clipboard: environment.clipboard)
        d.layout(in: window)
        dialog = (d, picture)
    }

    private func handleDialog(_ event: InputEvent, _ asker: Asker) {
        guard let (d, size) = dialog else { return }
        switch d.handle(event) {
        case .none: break
        case .cancelled: dialog = nil
        case .confirmed(let path):
            dialog = nil
            start(size, to: path, asker)
        case .submitted(let typed):
            var path = typed
            guard !Paths.name(of: path).trimmingCharacters(in: .whitespaces).isEmpty else {
                d.show(tr("Type a file name, like mandelbrot.png"), isError: true)
                break
            }
            if !path.lowercased().hasSuffix(".png") { path += ".png" }
            switch SaveTarget.check(path, creatableFolder: environment.picturesDirectory, home: environment.homeDirectory) {
            case .refused(let why): d.show(why, isError: true)
            case .replaces: d.ask(tr("{0} already exists. Replace it?", Paths.abbreviatingHome(path, home: environment.homeDirectory)), about: path)
            case .fresh:
                dialog = nil
                start(size, to: path, asker)
            }
        }
    }

    /// Renders the picture of size `s` off the UI thread, to be written to `path`.
    func start(_ s: (width: Int, height: Int), to path: String, _ asker: Asker) {
        target = path
        let f = asker.frame(s.width, s.height)
        let renderer = renderer
        let kind = asker.palette, period = asker.period
        size = s
        generationBefore = renderer.currentGeneration
        shownProgress = 0
        asker.say(tr("Rendering {0}×{1} in the background…", String(s.width), String(s.height)), false)
        render = BackgroundJob(name: "mandelbrot-big-picture") {
            MandelbrotSaving.render(f, on: renderer).map { ($0, $0.coloring(kind, period: period)) }
        }
    }

    /// One tick: the caret blinks, the dialog's thumbnails arrive; the progress is read.
    func tick() -> Bool {
        sampleProgress()
        let caret = isAskingForSize && sizeForm.tick()
        let d = dialog?.dialog.tick() ?? false
        return caret || d
    }

    /// Reads the render's progress (while the app is away too).
    func sampleProgress() {
        shownProgress = renderer.currentGeneration == generationBefore ? 0 : renderer.progress.fraction
    }

    /// Blocks until the render has ended. Only for tests.
    func waitForRender() {
        if let job = render { _ = job.wait() }
    }

    /// The render, once it has ended: the picture in its colours (nil when cancelled), its size,
    /// and where it goes (nil: the pictures folder).
    func takeFinished() -> (picture: (picture: MandelbrotPicture, coloring: MandelbrotColoring)?, size: (width: Int, height: Int), target: String?)? {
        guard let job = render, let result = job.value, let size else { return nil }
        render = nil
        self.size = nil
        return (result, size, target)
    }

    /// "saving 3840×2160: 42 %", while a picture renders.
    var progressText: String? {
        guard let size, render != nil else { return nil }
        return tr("saving {0}×{1}: {2} %", String(size.width), String(size.height), String(Int(shownProgress * 100)))
    }

    /// The render, for the other screens' bar while the app is away.
    var workGoingOn: WorkGoingOn? {
        guard let size, render != nil else { return nil }
        return WorkGoingOn(tr("Mandelbrot {0}×{1}", String(size.width), String(size.height)), progress: shownProgress)
    }

    func draw(_ cr: CairoContext, image: Rect) {
        if isAskingForSize { drawSizePanel(cr, image: image) }
        dialog?.dialog.draw(cr, in: Rect(x: 0, y: 0, width: window.width, height: window.height))
    }

    private func drawSizePanel(_ cr: CairoContext, image: Rect) {
        cr.fill(image, Color(0, 0, 0, 0.45))
        Theme.bar.set(cr)
        cr.roundedRect(panel, radius: 10)
        cr.fill()
        let l = Text.layout(tr("Save the view as a PNG of this size"), font: Font(size: Theme.TextSize.body, weight: .bold), width: panel.width - 32, ellipsis: .end)
        cr.draw(l, x: panel.x + 16, y: panel.y + 14, color: Theme.text)
        let hint = Text.layout(tr("width×height, up to {0}×{1}", String(Self.maxSize.width), String(Self.maxSize.height)), font: Font(size: Theme.TextSize.caption),
                               width: max(20, panel.width - 32 - 200), ellipsis: .end)
        cr.draw(hint, x: panel.x + 16, y: panel.maxY - 28 - hint.height / 2, color: Theme.dimText)
        sizeForm.draw(cr)
    }
}
