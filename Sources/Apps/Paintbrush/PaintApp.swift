import TouchDeskDrawing
import TouchDeskFiles
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
///
/// The state and its rules are `PaintModel`. This class routes input and holds the pieces, each a
/// type that owns its state: the pixels (`PaintCanvas`), where and how the picture shows
/// (`PaintViewer`), the files and the clipboard (`PaintFiles`), the colour picker and the keyboard
/// brush (`ColorPicker`, `KeyboardBrush`).
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
    /// Where and how the picture shows: the canvas's area, zoom and scroll, the zoom buttons.
    private var viewer = PaintViewer()
    /// The zoom buttons over the canvas's bottom-left corner.
    var viewControls: Controls<Control> { viewer.controls }
    /// The tools along the bottom; those that do not fit wait behind More.
    private(set) var toolbar: OverflowToolbar<Control>!
    let picker = ColorPicker()
    /// The eyedropper is armed (I): the next click on the canvas takes its colour.
    private(set) var picksNext = false
    /// Where the canvas lies in the app.
    public var canvasRect: Rect { viewer.canvasRect }
    /// The painting's pixels: canvas, base, snapshots, stroke layer, pictures (PaintCanvas.swift).
    let canvas = PaintCanvas()
    /// Pixels per point of the canvas: the device scale the app is drawn at.
    var pixelScale: Double { canvas.scale }
    private var hover: Point?
    /// The keyboard brush: arrows, Space, Shift+arrows.
    private(set) var keyBrush = KeyboardBrush()
    let brushKeys = PaintApp.makeBrushKeys()
    /// The zoom and scroll position the picture is shown at.
    public var viewport: PaintViewport { viewer.viewport }
    private var toast = Toast()
    /// Announced to screen readers by the shell (`MiniApp.appToast`).
    public var appToast: Toast? { toast }
    /// Saving, opening, copying and pasting pictures, and whether the painting has unsaved changes.
    let files: PaintFiles

    public init(environment: AppEnvironment) {
        self.environment = environment
        files = PaintFiles(environment: environment)
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
        // Save As, Open and Paste follow Copy (behind More when they do not fit; the keys work
        // either way, and the keys overlay lists them).
        controls.add(.saveAs, "Save As…", key: .control("s", shift: true))
        controls.add(.open, "Open…", key: .control("o"), help: "Open a PNG picture to paint on")
        controls.add(.paste, "Paste", key: .control("v"), help: "Paste a picture from the clipboard")
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
        let rect = Rect(x: 0, y: 0, width: size.width, height: max(0, size.height - barH))
        picker.layout(in: rect)
        canvas.ensure(width: Int(rect.width.rounded(.up)), height: Int(rect.height.rounded(.up)),
                      documentSize: model.documentSize, current: model.current)
        viewer.layout(in: rect, picture: model.documentSize ?? rect.size)
        files.layout(in: size)
    }

    public func handle(_ event: InputEvent) -> Bool {
        if let handled = files.handle(event, painting) { return handled }
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
        switch viewer.handle(event, panelOpen: toolbar.isPanelOpen) {
        case .ignored: break
        case .handled: return true
        case .unhovered: hover = nil; return true
        case .panBegins:
            // Space put a dab down before the drag began: a pan paints nothing.
            keyBrush.cancel()
            if model.current != nil { model.cancelStroke(); paintChanges() }
            return true
        }
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

    // MARK: - The keyboard brush

    // `KeyboardBrush`: arrows move a cursor over the canvas, Space paints, Shift+arrows draw a
    // line. Its strokes go through the model as a drag's do.

    /// The brush's keys, declared once (F1, `--keys`): `handleKey` gives the keys they answer to
    /// the brush.
    enum BrushKey: String, ControlID { case move, dab, line }

    static func makeBrushKeys() -> Controls<BrushKey> {
        let keys = Controls<BrushKey>()
        let arrows = KeyboardBrush.arrows.flatMap(\.names)
        keys.addKeys(.move, KeyChord(arrows, shift: false, shown: tr("← → ↑ ↓")), help: "Move the keyboard brush")
        keys.addKeys(.dab, .key("space", shown: tr("Space")), help: "Paint a dab; hold with the arrows to paint")
        keys.addKeys(.line, KeyChord(arrows, shift: true, shown: tr("Shift+← → ↑ ↓")), help: "Draw a straight line")
        return keys
    }

    /// Takes the arrows and Space for the brush; false for any other key.
    private func handleBrushKey(_ k: Key) -> Bool {
        let size = pictureSize
        guard KeyboardBrush.uses(k), size.width > 0, size.height > 0 else { return false }
        // The brush moves over the picture, in picture points: at any zoom it paints where it shows.
        let step = max(1 / pixelScale, KeyboardBrush.step / viewport.zoom)
        apply(keyBrush.press(k, in: Rect(x: 0, y: 0, width: size.width, height: size.height), step: step))
        // The cursor keeps in view when it moves past the edge.
        if let p = keyBrush.position { viewer.reveal(p, radius: model.radius) }
        return true
    }

    /// Space or Shift let go; false if the brush had no use for it.
    private func handleBrushRelease(_ k: Key) -> Bool {
        let actions = keyBrush.release(k)
        apply(actions)
        return !actions.isEmpty
    }

    private func apply(_ actions: [KeyboardBrush.Action]) {
        guard !actions.isEmpty else { return }
        for a in actions {
            switch a {
            case .begin(let p): model.beginStroke(at: p)
            case .extend(let p): model.extendStroke(to: p)
            case .end(let p): model.endStroke(at: model.current == nil ? nil : p)
            }
        }
        paintChanges()
        syncControls()
    }

    /// The keyboard brush's cursor: the brush's size, in two tones so it shows on any colour.
    private func drawBrushCursor(_ cr: CairoContext) {
        guard let at = keyBrush.position, !picker.isOpen else { return }
        let p = appPoint(at), r = max(3, model.radius * viewport.zoom)
        guard canvasRect.contains(p) else { return }
        cr.setLineWidth(3)
        Color(0, 0, 0, 0.8).set(cr)
        cr.circle(p, r)
        cr.stroke()
        cr.setLineWidth(1.5)
        Theme.accent.set(cr)
        cr.circle(p, r)
        cr.stroke()
    }

    private func activate(_ id: Control) {
        switch id {
        case .picker: openPicker(); return
        case .eyedropper: picksNext.toggle()
        case .clear: model.clear()
        case .undo: model.undo()
        case .redo: model.redo()
        case .save: save()
        case .copy: files.copy(painting)
        case .saveAs: if canvas.surface != nil { files.showSaveAs(painting) }
        case .open: files.showOpen(painting)
        case .paste: files.askForPaste(painting)
        case .eraser: model.color = .black
        case .color(let c): model.color = c.color
        case .zoomIn, .zoomOut, .actualSize, .fit:
            viewer.activate(id)
            hover = nil
            return
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

    public var widgets: [any WidgetGroup] { fileDialog.map { [$0] } ?? (picker.isOpen ? [toolbar, picker] : toolbar.isPanelOpen ? [toolbar] : [toolbar, viewControls, brushKeys]) }
    public var takesEscape: Bool { fileDialog != nil || picker.isOpen || toolbar.isPanelOpen || picksNext }
    public var extraKeys: [KeyHelp] {
        [KeyHelp("Drag", "Paint"), KeyHelp("Alt+click", "Take the colour under the pointer (eyedropper)"),
         KeyHelp("Ctrl+wheel", "Zoom about the pointer"), KeyHelp("Wheel, Shift+wheel", "Scroll up and down, across"),
         KeyHelp("Space+drag", "Scroll by dragging the picture")]
    }

    public func tick() -> Bool {
        let filing = files.tick(painting)
        return toast.tick() || filing
    }

    public func draw(_ cr: CairoContext) {
        cr.fill(canvasRect, Color(0, 0, 0))
        canvas.draw(cr, in: canvasRect, picture: pictureFrame, zoom: viewport.zoom, stroke: model.current)
        viewer.draw(cr, panelOpen: toolbar.isPanelOpen)
        if let hover, canvasRect.contains(hover), !picker.isOpen, !picksNext, !viewer.isScrolling {
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
        files.draw(cr)
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

    // MARK: - Colour tools

    // The colour picker (C), the eyedropper (I, or Alt+click on the canvas), brush opacity ({ and
    // }), and the More panel (M) for tools that do not fit the toolbar.

    /// The opacity slider's range, in percent.
    static let opacityPercent = 5.0...100.0
    /// Opacity keys step by this much.
    static let opacityStep = 0.05
    /// From this app height up (every window from the 400 × 360 minimum) the toolbar may take
    /// two rows; below it, one.
    static let twoRowHeight = 250.0
    /// Which tools stay in the toolbar when not all fit, most important first: the seed's
    /// swatches (together), then the picker and undo; the rest wait behind More.
    static let toolPriority: [[Control]] = [PaintColor.allCases.map { .color($0) }, [.picker], [.undo], [.eraser], [.size], [.opacity],
                                            [.eyedropper], [.redo], [.save], [.copy], [.clear]]

    private func addColorControls() {
        // The leading spaces leave room for the pill of the current colour (`drawColorTools`).
        controls.add(.picker, "  Colour…", key: .key("c"), help: "Colour picker: any hue, saturation and value")
        controls.add(.eyedropper, "Pick", key: .key("i"), kind: .toggle, help: "Eyedropper: the next click takes the canvas's colour")
    }

    /// Esc while the eyedropper is armed or the More panel open: both close; false for other keys.
    private func handleColorKey(_ k: Key) -> Bool {
        guard k.is("Escape") && (picksNext || toolbar.isPanelOpen) else { return false }
        picksNext = false
        toolbar.closePanel()
        return true
    }

    private func openPicker() {
        picksNext = false
        toolbar.closePanel()
        if model.current != nil { model.endStroke(at: nil); paintChanges() }
        picker.open(with: model.color)
        picker.layout(in: canvasRect)
        hover = nil
        syncControls()
    }

    /// Input while the picker is open, and Alt+clicks: the picker is modal (a click outside it
    /// cancels it); an Alt+click on the canvas takes the colour under the pointer.
    private func handleColorEvent(_ event: InputEvent) -> Bool {
        if case .altClick(let p) = event {
            guard !picker.isOpen, canvasRect.contains(p) else { return picker.isOpen }
            pickColor(at: p)
            syncControls()
            return true
        }
        switch picker.handle(event) {
        case .accepted(let c):
            model.color = c
        case .cancelled, .consumed:
            break
        case .ignored:
            return false
        }
        syncControls()
        return true
    }

    /// The eyedropper: the canvas's colour at `p` (in the app's coordinates) becomes the brush's.
    private func pickColor(at p: Point) {
        picksNext = false
        guard let c = colorOnCanvas(at: p) else { return }
        model.pick(c)
        toast.show(tr("Colour {0} taken from the canvas", c.hex), isError: false)
    }

    /// The colour the canvas shows at `p`, in the app's coordinates; nil off the canvas.
    private func colorOnCanvas(at p: Point) -> RGBColor? {
        guard canvasRect.contains(p), pictureFrame.contains(p) else { return nil }
        return canvas.color(at: picturePoint(p))
    }

    /// The current colour on the picker button, and the eyedropper's hint and cross-hair.
    private func drawColorTools(_ cr: CairoContext) {
        if let f = controls[.picker]?.frame, f.width > 0 {
            // A pill of the brush colour in the button's left margin, outlined so black shows.
            let pill = Rect(x: f.x + 4, y: f.y + 7, width: 6, height: f.height - 14)
            Color(model.color.rgb).set(cr)
            cr.roundedRect(pill, radius: 3)
            cr.fill()
            Theme.dimText.set(cr)
            cr.setLineWidth(1)
            cr.roundedRect(Rect(x: pill.x - 0.5, y: pill.y - 0.5, width: pill.width + 1, height: pill.height + 1), radius: 3.5)
            cr.stroke()
        }
        guard picksNext, canvasRect.height > 40 else { return }
        let hint = tr("Eyedropper: click the canvas to take its colour (Alt+click works any time) · Esc cancels")
        let size = Text.fittingSize(hint, width: canvasRect.width - 40, size: Theme.TextSize.caption)
        let w = min(canvasRect.width - 16, Text.width(hint, size: size) + 24)
        let box = Rect(x: canvasRect.midX - w / 2, y: canvasRect.y + 8, width: w, height: 26)
        Theme.bar.with(alpha: 0.92).set(cr)
        cr.roundedRect(box, radius: 6)
        cr.fill()
        cr.text(hint, x: box.midX, y: box.midY, size: size, color: Theme.text, align: .center)
        if let hover, canvasRect.contains(hover) {
            cr.setLineWidth(1)
            for (color, d) in [(Color(0, 0, 0), 1.0), (Color(1, 1, 1), 0.0)] {
                color.set(cr)
                cr.moveTo(hover.x - 9 + d, hover.y + d); cr.lineTo(hover.x - 3 + d, hover.y + d)
                cr.moveTo(hover.x + 3 + d, hover.y + d); cr.lineTo(hover.x + 9 + d, hover.y + d)
                cr.moveTo(hover.x + d, hover.y - 9 + d); cr.lineTo(hover.x + d, hover.y - 3 + d)
                cr.moveTo(hover.x + d, hover.y + 3 + d); cr.lineTo(hover.x + d, hover.y + 9 + d)
                cr.stroke()
            }
        }
    }

    // MARK: - Canvas

    /// The picture's size in points: the opened picture's, else the window's canvas.
    var pictureSize: Size { model.documentSize ?? canvasRect.size }

    /// The picture point under a point of the app.
    func picturePoint(_ p: Point) -> Point { viewer.picturePoint(p) }

    /// The app point over a picture point.
    func appPoint(_ p: Point) -> Point { viewer.appPoint(p) }

    /// The picture's rectangle in the app's coordinates.
    var pictureFrame: Rect { viewer.pictureFrame }

    /// The hand while Space+drag pans.
    public var cursor: PointerShape { viewer.cursor(hovering: hover != nil) }

    /// The canvas as it is, for tests and saving: an image surface the app owns.
    public var canvasSurface: ImageSurface? { canvas.surface }

    /// Brings the canvas up to date with the model's changes.
    func paintChanges() {
        if canvas.paint(model.drainChanges(), model: model) { files.canvasChanged() }
        // An open, or its undo, changes the picture's size.
        viewer.follow(picture: pictureSize)
    }

    /// Makes `picture` the whole canvas, with no history under it (a restored picture): it becomes
    /// the base that undo rebuilds from; `documentSize` is the size of the picture being edited
    /// (nil: the window's) and `file` the one Ctrl+S writes to.
    func replaceCanvas(with picture: ImageSurface, documentSize: Size? = nil, file: String? = nil) {
        model.restart(documentSize: documentSize, file: file)
        canvas.replace(with: picture)
        files.canvasChanged()
    }

    /// A restored canvas that arrives after a picture was opened over it (from the command line):
    /// it becomes the base under the history.
    func putUnderHistory(_ picture: ImageSurface, documentSize: Size?) {
        model.setBase(documentSize: documentSize)
        canvas.putUnder(picture, model: model)
        files.canvasChanged()
    }

    // MARK: - Files and pictures

    /// What the file work (`PaintFiles`) needs of the painting.
    private var painting: PaintFiles.Painting {
        PaintFiles.Painting(picture: { [unowned self] in pictureToExport() }, file: model.file, scale: pixelScale,
                            tell: { [unowned self] in toast.show($0, isError: $1, seconds: $2) },
                            arrived: { [unowned self] in take($0) })
    }

    /// The picture a save or a copy takes: the opened picture's size, else the visible canvas, at
    /// the canvas's own resolution (a HiDPI painting keeps every pixel).
    private func pictureToExport() -> DetachedImage? {
        guard let canvas = canvas.surface else { return nil }
        let size = model.documentSize ?? canvasRect.size
        let px = (width: Int((size.width * pixelScale).rounded(.down)), height: Int((size.height * pixelScale).rounded(.down)))
        guard px.width >= 1, px.height >= 1 else { return nil }
        return DetachedImage(copying: canvas, size: Size(Double(px.width) / pixelScale, Double(px.height) / pixelScale), format: .rgb)
    }

    /// A picture opened, pasted or saved as a file comes into the painting.
    private func take(_ arrived: PaintFiles.Arrived) {
        switch arrived {
        case .opened(let picture, let path):
            let id = model.open(size: picture.size, file: path)
            canvas.pictures[id] = picture
            viewer.reset()
            paintChanges()
            files.canvasIsSaved()
            syncControls()
            let px = (picture.pixelWidth, picture.pixelHeight)
            let cut = picture.size.width > canvasRect.width + 0.5 || picture.size.height > canvasRect.height + 0.5
            toast.show(cut ? tr("Opened {0} ({1}×{2}); F shows it whole, the wheel and Space+drag scroll", Paths.name(of: path), String(px.0), String(px.1))
                       : tr("Opened {0} ({1}×{2})", Paths.name(of: path), String(px.0), String(px.1)), isError: false, seconds: 5)
        case .pasted(let picture): paste(picture)
        case .savedAs(let path): model.setFile(path)
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

    /// Saves the picture as PNG, off the UI thread (`PaintFiles.save`).
    @discardableResult
    public func save() -> BackgroundWriter.Ticket? { files.save(painting) }

    /// Opens the PNG at `path` (absolute) over the canvas, reading it off the UI thread; the
    /// command line's `touchdesk paint FILE.png` comes here.
    public func open(path: String) { files.open(path, painting) }

    /// A picture handed in from outside (a second launch, a drop): opened as Open does, asking
    /// first when the painting has unsaved changes.
    public func offer(path: String) { files.offer(path: path, painting) }

    /// True while a file dialog shows: the keys overlay lists its keys then.
    var fileDialog: FileDialog? { files.dialogView }

    /// A save under way goes on when the app is left; the home screen's bar shows it.
    public var workGoingOn: [WorkGoingOn] { files.workGoingOn }

    public func tickWhileAway() -> [WorkGoingOn.Ended] { files.tickWhileAway() }

    /// True while a Ctrl+S save has not reached the disk yet.
    public var isSaving: Bool { files.isSaving }

    /// Waits for a save under way and shows its outcome: for quitting, screenshots and tests.
    public func finishSaving() { files.finishSaving(painting) }

    /// Waits for a Save As being written and shows its outcome: for tests.
    public func finishSavingAs() { files.finishSavingAs(painting) }

    /// Waits for an open under way: for the command line's screenshots and for tests. Returns
    /// why it failed, if it did.
    @discardableResult
    public func finishOpening() -> String? { files.finishOpening(painting) }

    /// Waits for a copy under way: for tests.
    public func finishCopying() { files.finishCopying(painting) }

    /// Waits for a pasted picture being decoded: for tests.
    public func finishPasting() { files.finishPasting(painting) }

    /// The message showing at the bottom, if any (for tests).
    public var toastMessage: String? { toast.isVisible ? toast.message : nil }

    /// The name of the file Ctrl+S writes to, at the top right (the field round the picture and its
    /// edge: `PaintViewer.draw`).
    private func drawDocumentEdges(_ cr: CairoContext) {
        guard let file = model.file, canvasRect.width > 60 else { return }
        let label = Paths.shown(Paths.name(of: file)) + (hasUnsavedWork ? " (changed)" : "")
        let l = Text.layout(label, font: Font(size: Theme.TextSize.caption), width: min(canvasRect.width * 0.6, 360), ellipsis: .middle)
        let box = Rect(x: canvasRect.maxX - l.width - 20, y: 6, width: l.width + 12, height: l.height + 6)
        Theme.bar.with(alpha: 0.85).set(cr)
        cr.roundedRect(box, radius: 5)
        cr.fill()
        cr.draw(l, x: box.x + 6, y: box.y + 3, color: Theme.text)
    }
}

extension InputEvent {
    var isAltClick: Bool { if case .altClick = self { true } else { false } }
}
