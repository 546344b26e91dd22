import TouchDeskDrawing
import Foundation
import TouchDeskInterface
import TouchDeskModels
import TouchDeskToolkit

/// Paintbrush: drag to paint on a black canvas in the seed's five colours or any other (a colour
/// picker, an eyedropper), at any brush size and opacity; undo, redo, clear, save as PNG, copy.
///
/// The canvas is a persistent image surface: new dabs are painted into it as they arrive and a
/// frame only blits it, so the cost of a frame does not grow with the number of dabs. Actions
/// that fall out of the undo window are baked into a second surface, the base, from which undo
/// rebuilds by replaying at most `PaintModel.undoDepth` actions.
public final class PaintApp: MiniApp {
    public nonisolated static let id = "paint"
    public nonisolated static let title = "Paintbrush"
    public nonisolated static let blurb = "Paint with the mouse on a black canvas: five colours and a colour picker, brush size and opacity, undo, save as PNG."

    public internal(set) var model = PaintModel()
    let environment: AppEnvironment
    /// Every tool, swatch and slider, and More.
    nonisolated enum Control: ControlID {
        case color(PaintColor), picker, eyedropper, eraser, clear, undo, redo, save, copy, saveAs, open, paste, size, opacity,
             zoomOut, zoomIn, actualSize, fit, more

        var name: String {
            switch self {
            case .color(let c): "color.\(c.rawValue)"
            default: "\(self)"
            }
        }
    }

    let controls = Controls<Control>()
    /// The zoom buttons over the canvas's bottom-left corner (PaintApp+View.swift).
    let viewControls = Controls<Control>()
    /// The tools along the bottom; those that do not fit wait behind More.
    private(set) var toolbar: OverflowToolbar<Control>!
    let picker = ColorPicker()
    /// The eyedropper is armed (I): the next click on the canvas takes its colour.
    var picksNext = false
    public private(set) var canvasRect = Rect.zero
    /// The painting's pixels: canvas, base, snapshots, stroke layer, pictures (PaintCanvas.swift).
    let canvas = PaintCanvas()
    /// Pixels per point of the canvas: the device scale the app is drawn at.
    var pixelScale: Double { canvas.scale }
    var hover: Point?
    /// The keyboard brush: arrows, Space, Shift+arrows (PaintApp+Brush.swift).
    var keyBrush = KeyboardBrush()
    let brushKeys = PaintApp.makeBrushKeys()
    /// The zoom and scroll position the picture is shown at (PaintApp+View.swift).
    public internal(set) var viewport = PaintViewport()
    /// A scrollbar or Space+drag under way.
    var scrolling = PaintScrolling()
    var toast = Toast()
    /// Announced to screen readers by the shell (`MiniApp.appToast`).
    public var appToast: Toast? { toast }
    /// Pictures on the canvas, the file dialogs and the work they start (PaintApp+Files.swift).
    var files = PaintFiles()
    public init(environment: AppEnvironment) {
        self.environment = environment
        for c in PaintColor.allCases {
            controls.add(.color(c), c.name, key: .key("\(c.rawValue + 1)", "KP_\(c.rawValue + 1)"), kind: .swatch(Color(c.rgb)))
        }
        addColorControls()
        controls.add(.eraser, "Eraser", key: .key("e"), kind: .toggle)
        controls.add(.clear, "Clear", key: .key("Delete"), also: [.key("BackSpace")], help: "Clear the canvas (undoable)")
        controls.add(.undo, "Undo", key: .control("z"))
        controls.add(.redo, "Redo", key: .control("z", shift: true), also: [.control("y")])
        controls.add(.save, "Save", key: .control("s"))
        controls.add(.copy, "Copy", key: .control("c"))
        addFileControls()
        addViewControls()
        controls.addSlider(.size, "Size", range: PaintModel.radiusRange, down: .key("bracketleft"), up: .key("bracketright"), value: model.radius)
        controls.addSlider(.opacity, "Opacity", range: Self.opacityPercent, down: .key("braceleft"), up: .key("braceright"), value: 100,
                           help: "Brush opacity, 5–100 %")
        toolbar = OverflowToolbar(controls: controls, priority: Self.toolPriority, more: .more, key: .key("m"))
        syncControls()
    }

    // MARK: - MiniApp

    public func layout(in size: Size, scale: Double) {
        // Shown at another scale (a HiDPI window): the surfaces follow, keeping their pixels.
        canvas.setScale(scale, current: model.current)
        // The tools sit at the bottom, under the canvas, in at most two rows.
        let barH = toolbar.layout(atBottomOf: size, maxRows: size.height >= Self.twoRowHeight ? 2 : 1)
        canvasRect = Rect(x: 0, y: 0, width: size.width, height: max(0, size.height - barH))
        picker.layout(in: canvasRect)
        canvas.ensure(width: Int(canvasRect.width.rounded(.up)), height: Int(canvasRect.height.rounded(.up)),
                      documentSize: model.documentSize, current: model.current)
        layoutViewport()
        layoutFiles(in: size)
    }

    public func handle(_ event: InputEvent) -> Bool {
        if let handled = handleFileEvent(event) { return handled }
        if picker.isOpen || event.isAltClick { return handleColorEvent(event) }
        switch toolbar.handle(event) {
        case .activated(let id): activate(id); return true
        case .changed(.size, let v): model.setRadius(v); return true
        case .changed(.opacity, let v): model.setOpacity(v / 100); return true
        case .stepped(.size, let step): model.setRadius(model.radius + 2 * Double(step)); syncControls(); return true
        case .stepped(.opacity, let step): model.setOpacity(model.opacity + Self.opacityStep * Double(step)); syncControls(); return true
        case .consumed: hover = nil; return true
        case .changed, .stepped, .ignored: break
        }
        if let handled = handleViewEvent(event) { return handled }
        switch event {
        case .touchBegan(let p):
            guard canvasRect.contains(p) else { return false }
            if picksNext { return handleColorEvent(.altClick(p)) }
            model.beginStroke(at: picturePoint(p))
        case .touchMoved(let p):
            hover = p
            model.extendStroke(to: picturePoint(p))
        case .touchEnded(let p):
            model.endStroke(at: model.current == nil ? nil : picturePoint(p))
        case .hover(let p):
            hover = canvasRect.contains(p) ? p : nil
        case .leave:
            hover = nil
        case .key(let k):
            return handleKey(k)
        case .keyUp(let k):
            return handleBrushRelease(k)
        default:
            return false
        }
        paintChanges()
        syncControls()
        return true
    }

    private func handleKey(_ k: Key) -> Bool {
        if handleColorKey(k) { syncControls(); return true }
        guard case .activated = brushKeys.handle(.key(k)) else { return false }
        return handleBrushKey(k)
    }

    func activate(_ id: Control) {
        switch id {
        case .picker: openPicker(); return
        case .eyedropper: picksNext.toggle()
        case .clear: model.clear()
        case .undo: model.undo()
        case .redo: model.redo()
        case .save: save()
        case .copy: copyToClipboard()
        case .saveAs: showSaveAs()
        case .open: showOpen()
        case .paste: pastePicture()
        case .eraser: model.color = .black
        case .color(let c): model.color = c.color
        case .zoomIn, .zoomOut, .actualSize, .fit: activateView(id); return
        case .size, .opacity, .more: break
        }
        paintChanges()
        syncControls()
    }

    func syncControls() {
        for c in PaintColor.allCases { controls.setOn(.color(c), c.color == model.color) }
        controls.setOn(.eraser, model.color == .black)
        controls.setEnabled(.undo, model.canUndo)
        controls.setEnabled(.redo, model.canRedo)
        controls.setValue(.size, model.radius)
        controls.setValue(.opacity, (model.opacity * 100).rounded())
        controls.setOn(.eyedropper, picksNext)
    }

    public func tick() -> Bool {
        let saving = collectSave()
        let copying = collectCopy()
        let filing = tickFiles()
        return toast.tick() || saving || copying || filing
    }

    // MARK: - Copy

    /// The canvas being encoded for the clipboard, off the UI thread.
    private var copyJob: BackgroundJob<Encoded>?
    nonisolated enum Encoded: Sendable { case png([UInt8]), failed(String) }

    /// Ctrl+C: offers the visible canvas on the X clipboard as `image/png`.
    func copyToClipboard() {
        guard let image = pictureToExport() else { return }
        copyJob = BackgroundJob(name: "touchdesk-paint-copy") {
            do { return .png([UInt8](try image.pngData())) } catch { return .failed("\(error)") }
        }
        toast.show("Copying…", isError: false)
    }

    /// Hands a finished copy to the clipboard; true while one is still being encoded.
    private func collectCopy(wait: Bool = false) -> Bool {
        guard let job = copyJob else { return false }
        guard let result = wait ? job.wait() : job.value else { return true }
        copyJob = nil
        switch result {
        case .png(let png):
            environment.clipboard.copyPNG(png)
            toast.show(tr("Copied the picture ({0}×{1}): paste it into any program", String(exportPixelSize.width), String(exportPixelSize.height)), isError: false)
        case .failed(let why):
            toast.show(tr("Could not copy: {0}", "\(why)"), isError: true)
        }
        return false
    }

    /// Waits for a copy under way: for tests.
    public func finishCopying() { _ = collectCopy(wait: true) }

    public func draw(_ cr: CairoContext) {
        cr.fill(canvasRect, Color(0, 0, 0))
        canvas.draw(cr, in: canvasRect, picture: pictureFrame, zoom: viewport.zoom, stroke: model.current)
        drawViewFrame(cr)
        if let hover, canvasRect.contains(hover), !picker.isOpen, !picksNext, scrolling.drag == nil, !scrolling.spaceHeld {
            // The brush outline shows where and how big the next dab will be.
            cr.setLineWidth(1)
            Color(0.5, 0.5, 0.5, 0.9).set(cr)
            cr.circle(hover, model.radius * viewport.zoom)
            cr.stroke()
        }
        drawBrushCursor(cr)
        drawDocumentEdges(cr)
        cr.fill(Rect(x: 0, y: canvasRect.maxY, width: canvasRect.width, height: 1), Theme.control)
        toolbar.draw(cr)
        drawColorTools(cr)
        picker.draw(cr)
        toast.draw(cr, in: canvasRect)
        drawFileDialog(cr)
    }

    public static func drawIcon(_ cr: CairoContext, in r: Rect) {
        cr.fill(r, Color(0, 0, 0))
        let colors = PaintColor.allCases.filter { $0 != .black }
        for (i, c) in colors.enumerated() {
            Color(c.rgb).set(cr)
            let t = Double(i) / Double(colors.count - 1)
            cr.setLineWidth(r.width * 0.09)
            cr.setLineCap(.round)
            let y = r.y + r.height * (0.2 + 0.6 * t)
            cr.moveTo(r.x + r.width * 0.18, y)
            cr.curveTo(r.x + r.width * 0.4, y - r.height * 0.15, r.x + r.width * 0.6, y + r.height * 0.15, r.x + r.width * 0.82, y)
            cr.stroke()
        }
    }

    // MARK: - Canvas

    /// The canvas as it is, for tests and saving: an image surface the app owns.
    public var canvasSurface: ImageSurface? { canvas.surface }

    /// Brings the canvas up to date with the model's changes.
    func paintChanges() {
        if canvas.paint(model.drainChanges(), model: model) { canvasRevision += 1 }
        // An open, or its undo, changes the picture's size.
        layoutViewport()
    }

    // MARK: - Saving

    /// The save under way on the writer thread, and the canvas revision it holds.
    private var pendingSave: (ticket: BackgroundWriter.Ticket, revision: Int)?
    /// Counts every change to the pixels: a save of an unchanged canvas need not copy it again.
    public internal(set) var canvasRevision = 0
    /// The revision last written to a picture file the user asked for (Ctrl+S, Save As, Open).
    public internal(set) var savedRevision = 0
    /// The revision when the canvas came back from the state folder: not new work.
    var restoredRevision = 0

    /// Makes `picture` the whole canvas, with no history under it (a restored picture): it becomes
    /// the base that undo rebuilds from; `documentSize` is the size of the picture being edited
    /// (nil: the window's) and `file` the one Ctrl+S writes to.
    func replaceCanvas(with picture: ImageSurface, documentSize: Size? = nil, file: String? = nil) {
        model.restart(documentSize: documentSize, file: file)
        canvas.replace(with: picture)
        canvasRevision += 1
    }

    /// Saves the picture as PNG, off the UI thread: to the file of the last Save As or Open, else
    /// under a new name in the pictures folder (or home); the message at the bottom says where, or
    /// why not, when it is done. Ctrl+S again while a save of the same canvas is under way does
    /// nothing more.
    @discardableResult
    public func save() -> BackgroundWriter.Ticket? {
        if let pending = pendingSave, !pending.ticket.isDone, pending.revision == canvasRevision { return pending.ticket }
        guard let image = pictureToExport() else {
            toast.show("Nothing to save: the window is too small", isError: true)
            return nil
        }
        let ticket = model.file.map { writePicture(image, to: $0) }
            ?? environment.savePictureInBackground(image, stem: "touchdesk-painting", key: "paint-save")
        pendingSave = (ticket, canvasRevision)
        toast.show("Saving…", isError: false)
        return ticket
    }

    /// Shows the outcome of a finished save (or hands it to `tell`); true while one is still under way.
    private func collectSave(tell: ((WorkGoingOn.Ended) -> Void)? = nil) -> Bool {
        guard let pending = pendingSave else { return false }
        guard let outcome = pending.ticket.outcome else { return true }
        pendingSave = nil
        let picture = environment.savedPicture(outcome)
        if picture.path != nil { savedRevision = max(savedRevision, pending.revision) }
        if let tell { tell(picture.ended) } else { toast.show(picture) }
        return false
    }

    /// A save under way goes on when the app is left; the home screen's bar shows it.
    public var workGoingOn: [WorkGoingOn] { pendingSave == nil ? [] : [WorkGoingOn(tr("Saving painting"), progress: nil)] }

    public func tickWhileAway() -> [WorkGoingOn.Ended] {
        var ended: [WorkGoingOn.Ended] = []
        _ = collectSave { ended.append($0) }
        return ended
    }

    /// True while a Ctrl+S save has not reached the disk yet.
    public var isSaving: Bool { pendingSave != nil }

    /// Waits for a save under way and shows its outcome: for quitting, screenshots and tests.
    public func finishSaving() {
        environment.writer.waitUntilIdle()
        _ = collectSave()
    }

    /// The message showing at the bottom, if any (for tests).
    public var toastMessage: String? { toast.isVisible ? toast.message : nil }
}

// MARK: - Kept across restarts, and asked about before quitting

extension PaintApp: @MainActor StatefulApp, @MainActor DocumentApp {
    public nonisolated static let stateFileName = "paint.json"
    public nonisolated static let documentName = "painting"
    nonisolated struct Kept: Codable, Sendable {
        /// The whole canvas as PNG, base64.
        var canvas: String?
        /// Pixels per point of that PNG.
        var scale: Double?
        /// The brush colour's swatch index (`PaintColor`), as files before the colour picker kept it.
        var swatch: Int?
        var radius: Double?
        /// The brush colour as `#RRGGBB`; when present it wins over `swatch`.
        var color: String?
        /// The brush opacity, 0.05…1 (files without it paint opaque).
        var opacity: Double?
        /// The size of the picture being edited, in points (nil: the window's).
        var width: Double?
        var height: Double?
        /// The file Ctrl+S writes to.
        var file: String?

        /// The file's keys stay those of earlier versions ("color" was the swatch, "colour" the hex).
        enum CodingKeys: String, CodingKey {
            case canvas, scale, swatch = "color", radius, color = "colour", opacity, width, height, file
        }
    }

    public func saveState() -> AppState? {
        guard let canvas = canvas.surface else { return nil }
        var h = Hasher()
        h.combine(canvasRevision)
        h.combine(model.color)
        h.combine(model.radius)
        h.combine(model.opacity)
        h.combine(model.file)
        let doc = model.documentSize, file = model.file
        let image = DetachedImage(copying: canvas)
        let scale = canvas.scale, radius = model.radius, opacity = model.opacity
        let color = model.color.hex, swatch = PaintColor.allCases.first { $0.color == model.color }?.rawValue
        return AppState(revision: h.finalize()) {
            let png = try image.pngData()
            return try JSONEncoder().encode(Kept(canvas: png.base64EncodedString(), scale: scale, swatch: swatch, radius: radius,
                                                 color: color, opacity: opacity, width: doc?.width, height: doc?.height, file: file))
        }
    }

    public func restore(_ data: Data) throws {
        let kept = try decodeState(Kept.self, from: data)
        if let b64 = kept.canvas {
            guard let png = Data(base64Encoded: b64) else { throw StateError("the canvas is not a PNG") }
            let picture = try Self.decodeCanvas(png, scale: kept.scale ?? 1)
            var doc: Size?
            if let w = kept.width, let h = kept.height, w.isFinite, h.isFinite, w >= 1, h >= 1 {
                doc = Size(min(w, picture.size.width), min(h, picture.size.height))
            }
            let file = kept.file.flatMap { $0.hasPrefix("/") ? $0 : nil }
            if model.history.isEmpty {
                replaceCanvas(with: picture, documentSize: doc, file: file)
            } else {
                // A picture opened from the command line got here first: the kept canvas goes under it.
                putUnderHistory(picture, documentSize: doc)
            }
        }
        if let c = kept.color.flatMap(RGBColor.init(hex:)) ?? kept.swatch.flatMap(PaintColor.init(rawValue:))?.color { model.color = c }
        if let r = kept.radius, r.isFinite { model.setRadius(r) }
        if let a = kept.opacity, a.isFinite { model.setOpacity(a) }
        restoredRevision = canvasRevision
        syncControls()
    }

    /// Decodes a PNG for the canvas, refusing one too large from its header, before decoding.
    static func decodeCanvas(_ png: Data, scale: Double) throws -> ImageSurface {
        do { return try PictureReader.decode(png, scale: scale, limits: PictureReader.canvasLimits) } catch {
            throw StateError(error.description)
        }
    }

    public var hasUnsavedWork: Bool { canvasRevision != max(savedRevision, restoredRevision) }

    public func saveDocument() -> BackgroundWriter.Ticket? { save() }
}
