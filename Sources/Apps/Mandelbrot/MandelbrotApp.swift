import TouchDeskDrawing
import Foundation
import TouchDeskInterface
import MandelbrotEngine
import TouchDeskModels
import TouchDeskToolkit

/// Mandelbrot: explore the Mandelbrot set by tapping quadrants, as the seed did, or by wheel
/// and drag; deep zoom far past where doubles give out.
///
/// The picture is kept as escape values (`MandelbrotPicture`) at device pixels and coloured into
/// a persistent image surface. A view change first reuses the old pixels, as XaoS does: a pan
/// moves them and computes only the uncovered strips, a zoom shows the old picture scaled as the
/// preview. A threaded render (`MandelbrotRenderer`) then fills in what is missing, coarse first;
/// the tick copies its tiles in. Fitting the palette to the counts on screen and repainting every
/// pixel (palette keys, refits as the render refines, a zoom's new picture) run on a recolour
/// thread (`MandelbrotRecolour`) into a second surface that the tick swaps in; until then the
/// window shows the previous colours. Tick, draw and key handlers never wait for a worker, and
/// saving runs on a thread of its own. The press on the picture and flying are `MandelbrotPilot`'s,
/// the big save `MandelbrotBigSave`'s.
public final class MandelbrotApp: MiniApp {
    public nonisolated static let id = "mandelbrot"
    public nonisolated static let title = "Mandelbrot"
    public nonisolated static let blurb = "Tap a quadrant to zoom into the Mandelbrot set; wheel, drag, deep zoom, palettes, save big PNGs."

    /// The toolbar's controls, and the actions only keys reach (the period: , and .).
    nonisolated enum Control: ControlID {
        case reset, out, fewer, more, smooth, palette, save, saveBig
        case shorterPeriod, longerPeriod, copyView, copyJourney, zoomIn, quadrant(Int)
        case flyIn, flyOut, autopilot, julia
        case pan(dx: Int, dy: Int)

        var name: String {
            switch self {
            case .quadrant(let q): "quadrant.\(q)"
            case .pan(let dx, let dy): "pan.\(dx).\(dy)"
            default: "\(self)"
            }
        }
    }

    public private(set) var model = MandelbrotModel()
    let environment: AppEnvironment
    let controls = Controls<Control>()
    /// The picture on screen, its render and its recolour.
    let display = MandelbrotDisplay()
    /// Where the picture is drawn, in the app's coordinates (points).
    public private(set) var imageRect = Rect.zero
    private(set) var size = Size(0, 0)
    /// Device pixels per point: the picture is computed at the screen's own resolution.
    public var pixelScale: Double { display.pixelScale }
    /// The picture's values and quality, `frame.width` × `frame.height` device pixels.
    public var picture: MandelbrotPicture? { display.picture }
    /// The colouring the picture is shown in.
    public var coloring: MandelbrotColoring? { display.coloring }
    /// The view the picture shows, at its size in device pixels.
    public var frame: MandelbrotFrame? { display.frame }
    private var toast = Toast()
    /// Announced to screen readers by the shell (`MiniApp.appToast`).
    public var appToast: Toast? { toast }
    /// The press on the picture and the flight it, a held key or the autopilot starts.
    private var pilot = MandelbrotPilot()
    /// Where the pointer was last seen over the app (J takes the point under it).
    private var pointer: Point?
    /// J is held down: the Julia set's c follows the pointer.
    private var juliaKeyDown = false

    // Saving: through the shared writer, one save at a time, off the UI thread.
    /// Ctrl+S was pressed: the save starts once the render is complete.
    private var pendingSave = false
    /// The save on the writer's thread, until its outcome is shown.
    private var saveTicket: BackgroundWriter.Ticket?
    /// The big picture (Shift+Ctrl+S): its size panel and file dialog, its render and its progress.
    let bigSave: MandelbrotBigSave

    static let labelHeight = 30.0
    /// One wheel notch scales the span by this (or its inverse).
    static let wheelFactor = 0.8
    /// The largest picture Shift+Ctrl+S renders (8K UHD).
    public static var maxSaveSize: (width: Int, height: Int) { MandelbrotBigSave.maxSize }

    public init(environment: AppEnvironment) {
        self.environment = environment
        bigSave = MandelbrotBigSave(environment: environment)
        controls.add(.reset, "Reset", key: .key("r"), also: [.key("Home")], help: "Back to the start view")
        controls.add(.out, "Out", key: .key("BackSpace"), also: [.key("minus", "KP_Subtract")], help: "One step out; while flying, − is slower")
        controls.add(.fewer, "Iter −", key: .key("bracketleft"), help: "Halve the iteration limit")
        controls.add(.more, "Iter +", key: .key("bracketright"), help: "Double the iteration limit")
        controls.add(.smooth, "Smooth", key: .key("s"), kind: .toggle)
        controls.add(.palette, "Palette", key: .key("p"))
        controls.add(.save, "Save", key: .control("s"))
        controls.add(.saveBig, "Save as…", key: .control("s", shift: true, shown: "Shift+Ctrl+S"))
        controls.addKeys(.shorterPeriod, .key("comma", "less"), help: "Halve the cyclic palette's period")
        controls.addKeys(.longerPeriod, .key("period", "greater"), help: "Double the cyclic palette's period")
        controls.addKeys(.copyView, .control("c"), help: "Copy the view as --center and --width")
        controls.addKeys(.copyJourney, .control("c", shift: true, shown: "Shift+Ctrl+C"), help: "Copy the whole journey")
        controls.addKeys(.zoomIn, .key("plus", "equal", "KP_Add", shown: "+"), help: "Zoom in about the centre; while flying, faster")
        controls.addKeys(.flyIn, .key("Prior", "KP_Prior", shown: "Page Up"), help: "Hold to fly in about the centre")
        controls.addKeys(.flyOut, .key("Next", "KP_Next", shown: "Page Down"), help: "Hold to fly out about the centre")
        controls.addKeys(.julia, .key("j"), help: "Julia set of the point under the pointer (hold J and move to change it; J again: back)")
        // Keys only, like the period's: a toolbar button would take a second row at 800 points.
        controls.addKeys(.autopilot, .key("a"), help: "Autopilot: fly by itself toward the edge of the set, until a key is pressed")
        for q in 1...4 { controls.addKeys(.quadrant(q), .key("\(q)", "KP_\(q)"), help: "Zoom into that quadrant") }
        for (name, dx, dy) in [("Left", -1, 0), ("Right", 1, 0), ("Up", 0, -1), ("Down", 0, 1)] {
            controls.addKeys(.pan(dx: dx, dy: dy), .key(name), help: "Pan")
        }
        syncControls()
    }

    // MARK: - Journeys (command line)

    /// Opens at the end of a journey (`--journey`), in the same colours (smoothing, palette,
    /// period: `MandelbrotModel.keepColouring`); throws, changing nothing, if it is malformed.
    public func go(journey text: String) throws {
        let steps = try MandelbrotJourney.parse(text)
        var m = try MandelbrotModel(journey: steps)
        m.keepColoring(of: model)
        model = m
        restart(preview: nil)
    }

    /// Shows `m` (a view kept across restarts) and renders it.
    public func show(_ m: MandelbrotModel) {
        model = m
        restart(preview: nil)
    }

    /// Blocks until every save asked for has been written. Only for tests.
    func finishSaving() {
        while isSaving {
            bigSave.waitForRender()
            if display.renderer.isRendering { finishRendering() }
            _ = tick()
            environment.writer.waitUntilIdle()
            _ = tick()
        }
    }

    /// True while a save is asked for, rendering or being written.
    var isSaving: Bool { pendingSave || saveTicket != nil || bigSave.isRendering }

    public var isRendering: Bool { display.isRendering }

    /// Blocks until the picture is complete and copied in. Only for `--screenshot` and tests:
    /// the window never calls it.
    public func finishRendering() {
        display.finishRendering()
        bigSave.sampleProgress()
    }

    /// Blocks until no recolour runs or waits. Only for `--screenshot`, tests and the benchmark.
    public func finishRecoloring() { display.finishRecoloring() }

    /// True while a recolour runs (the window shows the previous colours meanwhile).
    public var isRecoloring: Bool { display.isRecoloring }

    // MARK: - MiniApp

    public func layout(in size: Size, scale: Double) {
        self.size = size
        // The picture is computed at the screen's own device pixels (sharp on a HiDPI screen).
        display.pixelScale = scale
        let barH = controls.layoutToolbar(atBottomOf: size)
        imageRect = Rect(x: 0, y: Self.labelHeight, width: size.width, height: max(0, size.height - barH - Self.labelHeight))
        bigSave.layout(window: size, image: imageRect)
        let (w, h) = pixelSize
        if frame?.width != w || frame?.height != h {
            // The old picture, scaled about its centre to the new size's fit, as the preview.
            restart(preview: frame.map { o in
                let k = ExtendedDouble.ratio(o.window.extendedSpan, model.window.extendedSpan)
                    * Double(max(1, min(w, h))) / Double(max(1, min(o.width, o.height)))
                return (k, Point(Double(w) / 2 - Double(o.width) / 2 * k, Double(h) / 2 - Double(o.height) / 2 * k))
            })
        }
    }

    /// The picture's size in device pixels.
    private var pixelSize: (Int, Int) {
        (max(0, Int((imageRect.width * pixelScale).rounded(.down))), max(0, Int((imageRect.height * pixelScale).rounded(.down))))
    }

    public func handle(_ event: InputEvent) -> Bool {
        if bigSave.handle(event, asker) { return true }
        if let f = model.flight, f.autopilot, case .key(let k) = event, !k.name.hasPrefix("Control_"), !k.name.hasPrefix("Shift_") {
            // Any key stops the autopilot (and does nothing else).
            land()
            syncControls()
            return true
        }
        let flightKey = { [controls] (k: Key) -> MandelbrotFlight.Direction? in
            controls.isKey(k, of: .flyIn) ? .inward : controls.isKey(k, of: .flyOut) ? .outward : nil
        }
        switch pilot.handle(event, model: &model, area: area, flightKey: flightKey) {
        case .ignored: break
        case .handled: return true
        case .landed: landed(); return true
        case .speed(let step): changeFlightSpeed(step); return true
        }
        if let handled = handleJulia(event) { return handled }
        switch controls.handle(event) {
        case .activated(let id): activate(id); return true
        case .consumed: return true
        case .changed, .stepped, .ignored: break
        }
        switch event {
        case .touchBegan(let p):
            guard imageRect.contains(p) else { return false }
            pilot.press(at: p)
        case .touchMoved(let p):
            return pilot.move(to: p)
        case .touchEnded(let p):
            switch pilot.release(at: p) {
            case .tap(let p): zoomIntoQuadrant(quadrant(at: p))
            case .drag(let d): pan(by: d)
            case nil: return false
            }
        case .scroll(let p, let dy):
            guard imageRect.contains(p) else { return false }
            zoom(by: dy < 0 ? Self.wheelFactor : 1 / Self.wheelFactor, about: p)
        default:
            return false
        }
        return true
    }

    private func activate(_ c: Control) {
        if model.flight != nil, ![Control.zoomIn, .out, .flyIn, .flyOut, .autopilot].contains(c) {
            // Anything else stops a flight first, then happens where it stopped.
            land()
        }
        switch c {
        case .flyIn, .flyOut:
            let d: MandelbrotFlight.Direction = c == .flyIn ? .inward : .outward
            // Pressed otherwise than by its held key (an accessibility action): starts or stops.
            if model.flight?.direction == d && model.flight?.autopilot == false { land() } else { model.startFlight(d, aboutWidths: 0, 0) }
        case .autopilot:
            if model.flight?.autopilot == true { land() } else { pilot.startAutopilot(&model) }
        case .julia: toggleJulia()
        case .zoomIn where model.flight != nil, .out where model.flight != nil:
            changeFlightSpeed(c == .zoomIn ? 1 : -1)
        case .reset:
            model.reset()
            restart(preview: nil)
        case .out: zoomOut()
        case .fewer, .more:
            if model.changeLimit(by: c == .more ? 1 : -1) { restart(preview: nil) }
            else { toast.show(tr("The iteration limit stays within {0}–{1}", NumberStyle.current.integer(MandelbrotModel.limitRange.lowerBound), NumberStyle.current.integer(MandelbrotModel.limitRange.upperBound)), isError: true) }
        case .smooth:
            model.smooth.toggle()
            restart(preview: nil)
        case .palette:
            model.cyclePalette()
            display.requestRecolor(.user, colors: colors)
        case .shorterPeriod, .longerPeriod:
            if model.palette != .cyclic {
                toast.show("The period is for the cyclic palette: press P to choose it", isError: true)
            } else if model.changePeriod(by: c == .longerPeriod ? 1 : -1) {
                display.requestRecolor(.user, colors: colors)
            } else {
                toast.show(tr("The period stays within {0}–{1} iterations", NumberStyle.current.integer(MandelbrotModel.periodRange.lowerBound), NumberStyle.current.integer(MandelbrotModel.periodRange.upperBound)), isError: true)
            }
        case .copyView: copyView()
        case .copyJourney: copyJourney()
        case .zoomIn: zoom(by: 0.5, about: imageRect.center)
        case .quadrant(let q): zoomIntoQuadrant(q)
        case .pan(let dx, let dy): panStep(Double(dx), Double(dy))
        case .save:
            pendingSave = true
            startSaveIfReady()
        case .saveBig: bigSave.ask(asker)
        }
        syncControls()
    }

    private func syncControls() {
        controls.setOn(.smooth, model.smooth)
    }

    /// The toolbar; while "Save as…" asks for a size or a file, its panel's or dialog's controls instead.
    public var widgets: [any WidgetGroup] { bigSave.widgets ?? [controls] }
    public var takesEscape: Bool { bigSave.isOpen }
    public var extraKeys: [KeyHelp] {
        [KeyHelp("Click", "Zoom into that quadrant"), KeyHelp("Wheel", "Zoom about the pointer"), KeyHelp("Drag", "Pan"),
         KeyHelp("Hold click", "Fly in toward the pointer; move it to steer"), KeyHelp("Hold right button", "Fly out"),
         KeyHelp("Wheel while flying", "Change the flight's speed")]
    }

    /// For a screen reader: the picture, described by where it looks and how deep, and the
    /// app's message, announced.
    public var accessibleContent: [AccessibleNode] {
        let w = model.window
        let re = w.center.x.double, im = w.center.y.double
        let centre = String(format: "%.6g %@ %.6gi", re, im < 0 ? "−" : "+", abs(im))
        let description = tr("The Mandelbrot set around {0}, zoom {1}, iteration limit {2}, {3}; journey: {4}. Keys 1 to 4 zoom into a quarter.",
                             centre, w.zoomText, String(model.limit), tr(model.palette.title), model.journeyText)
        // The limit as a slider a client can set: Iter − and Iter + ([ and ]) halve and double it.
        let keys = [Control.fewer, .more].map { controls[$0]?.keys.first.map { [InputEvent.key($0.keyPress)] } ?? [] }
        let range = Double(MandelbrotModel.limitRange.lowerBound)...Double(MandelbrotModel.limitRange.upperBound)
        let limit = AccessibleNode(id: "limit", role: .slider, name: tr("Iteration limit"), description: tr("Iter − halves it, Iter + doubles it"),
                                   states: [.enabled, .showing], frame: imageRect,
                                   value: AccessibleNode.ValueState(Double(model.limit), range: range,
                                                                    adjusters: [.init(down: keys[0], up: keys[1])]))
        // The keys-only actions (Julia set, autopilot, quadrants, pans…) on the picture; flying by
        // Page Up/Down means holding the key, so a screen reader's user flies by the autopilot.
        var picture = AccessibleNode(id: "picture", role: .canvas, name: tr("Mandelbrot set"), description: description, frame: imageRect)
        picture.actions = controls.keyActions(except: [.flyIn, .flyOut])
        return [picture, limit]
    }

    /// Copies the whole journey (the label may show it shortened) as a --journey option.
    private func copyJourney() {
        guard let j = model.journey else {
            toast.show("No journey to copy: the view was panned or zoomed freely", isError: true)
            return
        }
        environment.clipboard.copy("--journey " + (j.isEmpty ? "\"\"" : MandelbrotJourney.format(j)))
        toast.show(trn("Copied the journey ({0} step)", "Copied the journey ({0} steps)", j.count, String(j.count)), isError: false)
    }

    /// Opens at a window given exactly (`--center RE,IM --width W`), in the same colours.
    public func go(window: MandelbrotWindow) {
        var m = MandelbrotModel(window: window)
        m.keepColoring(of: model)
        model = m
        restart(preview: nil)
    }

    /// Copies the view as `--center RE,IM --width W` (every digit of the centre), which
    /// `touchdesk mandelbrot` accepts back.
    private func copyView() {
        guard model.julia == nil else {
            toast.show("Only Mandelbrot views can be copied: J goes back to it", isError: true)
            return
        }
        let text = model.window.optionsText
        environment.clipboard.copy(text, to: .clipboard)
        toast.show(tr("Copied the view: {0}", text.count > 80 ? String(text.prefix(77)) + "..." : text), isError: false)
    }

    // MARK: - Flying

    /// The flight stops where it is; the picture refines to exact.
    private func land() {
        pilot.land(&model)
        landed()
    }

    /// The flight landed: the display makes the picture exact.
    private func landed() {
        display.land()
        syncControls()
    }

    /// + and − (and the wheel) while flying.
    private func changeFlightSpeed(_ step: Int) {
        if !model.changeFlightSpeed(by: step) {
            toast.show(tr("The flight's speed stays within {0} and {1}", String(format: "%.3g×/s", pow(2, MandelbrotModel.flightSpeedRange.lowerBound)),
                          String(format: "%.3g×/s", pow(2, MandelbrotModel.flightSpeedRange.upperBound))), isError: true)
        }
    }

    /// One tick of flying (`MandelbrotPilot.tick`), and the display asked for its frame. True
    /// while a flight is under way or a press held still may take off.
    private func flightTick() -> Bool {
        switch pilot.tick(&model, area: area, shown: { [display] in display.shownValues }) {
        case .resting: return false
        case .holding: return true
        case .flying:
            let (w, h) = pixelSize
            display.fly(viewFrame(width: w, height: h))
            return true
        case .failed(let error):
            toast.show(String(describing: error), isError: true)
            landed()
            return true
        }
    }

    /// The label's flight part: which way, how fast, how many frames per second and how much
    /// of each frame was computed.
    private func flightText(_ f: MandelbrotFlight) -> String {
        let way = f.autopilot ? tr("autopilot") : f.direction == .inward ? tr("flying in") : tr("flying out")
        var text = way + " " + model.flightSpeedText
        if let s = display.flightStatus {
            text += " · " + tr("{0} fps, {1} % computed", String(Int(s.framesPerSecond.rounded())),
                               String(format: "%.1f", s.computedShare * 100))
            if s.deep { text += " · " + tr("deep: perturbation, slower") }
        }
        return text
    }

    // MARK: - Julia sets

    // `MandelbrotModel+Julia`: J shows the Julia set of the point under the pointer in place of the
    // Mandelbrot set; while J is held, c follows the pointer over the Mandelbrot view J was pressed
    // on, and the picture with it. J again goes back.

    /// The events Julia sets take (nil: not theirs): the pointer's place, and J held or let go.
    private func handleJulia(_ event: InputEvent) -> Bool? {
        switch event {
        case .hover(let p), .touchMoved(let p):
            pointer = p
            guard juliaKeyDown, model.julia != nil, model.flight == nil, imageRect.contains(p) else { return nil }
            showJulia(under: p)
            return true
        case .key(let k) where controls.isKey(k, of: .julia):
            // Held, the key repeats: only its first press toggles.
            if juliaKeyDown { return true }
            juliaKeyDown = true
            return nil
        case .keyUp(let k) where controls.isKey(k, of: .julia):
            juliaKeyDown = false
            return true
        default:
            return nil
        }
    }

    /// J: the Julia set of the point under the pointer (or of the centre), or back to the Mandelbrot set.
    private func toggleJulia() {
        if model.julia != nil {
            model.hideJulia()
            restart(preview: nil)
        } else if let p = pointer, imageRect.contains(p) {
            showJulia(under: p)
        } else {
            model.showJulia(model.window.center)
            restart(preview: nil)
        }
    }

    /// The Julia set of the Mandelbrot view's point under `p`.
    private func showJulia(under p: Point) {
        let (fx, fy) = area.widths(at: area.devicePoint(p))
        model.showJulia(model.mandelbrotPoint(atWidths: fx, fy))
        restart(preview: nil)
    }

    // MARK: - Navigation

    /// Where the picture lies, in points and in device pixels.
    var area: MandelbrotArea {
        MandelbrotArea(rect: imageRect, scale: pixelScale, width: frame?.width ?? 0, height: frame?.height ?? 0)
    }

    /// A plane distance in pixels of the current view.
    private func pixels(_ d: DecimalNumber) -> Double {
        ExtendedDouble.ratio(d.extended, model.window.extendedSpan) * area.side
    }

    /// The quadrant (1–4) under `p`: the cross-hair is at the centre of the picture.
    public func quadrant(at p: Point) -> Int {
        let left = p.x < imageRect.midX, top = p.y < imageRect.midY
        return top ? (left ? 1 : 2) : (left ? 3 : 4)
    }

    private func zoomIntoQuadrant(_ q: Int) {
        do {
            try model.tapQuadrant(q)
        } catch {
            toast.show(String(describing: error), isError: true)
            return
        }
        // The quadrant's centre, a quarter of the fitted square from the picture's centre, doubles about the new centre.
        let w = Double(frame?.width ?? 0), h = Double(frame?.height ?? 0)
        let quarter = min(w, h) / 4
        let qc = Point(w / 2 + (q == 1 || q == 3 ? -quarter : quarter), h / 2 + (q == 1 || q == 2 ? -quarter : quarter))
        restart(preview: (2, Point(w / 2 - 2 * qc.x, h / 2 - 2 * qc.y)))
    }

    private func zoomOut() {
        let before = model.window
        do {
            try model.zoomOut()
        } catch {
            toast.show(String(describing: error), isError: true)
            return
        }
        // The old picture at k = old/new spacing, its centre moved to where the old centre now lies.
        let k = ExtendedDouble.ratio(before.extendedSpan, model.window.extendedSpan)
        let dx = pixels(before.center.x - model.window.center.x)
        let dy = pixels(before.center.y - model.window.center.y)
        let w = Double(frame?.width ?? 0), h = Double(frame?.height ?? 0)
        restart(preview: (k, Point(w / 2 - w / 2 * k + dx, h / 2 - h / 2 * k - dy)))
    }

    /// Zooms by `factor` (< 1 magnifies) keeping the point under `p` in place.
    private func zoom(by factor: Double, about p: Point) {
        let local = area.devicePoint(p)
        let (fx, fy) = area.widths(at: local)
        do {
            try model.zoom(by: factor, aboutWidths: fx, fy)
        } catch {
            toast.show(String(describing: error), isError: true)
            return
        }
        let k = 1 / factor
        restart(preview: (k, Point(local.x - local.x * k, local.y - local.y * k)))
    }

    /// Moves the picture by `d` points (the plane follows the pointer), rounded to whole device
    /// pixels so every pixel that stays on screen keeps its point and its value.
    private func pan(by d: Point) {
        let px = (d.x * pixelScale).rounded(), py = (d.y * pixelScale).rounded()
        guard px != 0 || py != 0 else { return }
        let side = area.side
        model.pan(widths: -px / side, py / side)
        restart(preview: (1, Point(px, py)))
    }

    private func panStep(_ x: Double, _ y: Double) {
        pan(by: Point(-x * imageRect.width / 8, -y * imageRect.height / 8))
    }

    public func tick() -> Bool {
        let flying = flightTick()
        let rendering = display.tick()
        startSaveIfReady()
        let saving = pollSave { toast.show($0.message, isError: $0.isError) }
        let toastShowing = toast.tick()
        let bigSaving = bigSave.tick()
        return flying || rendering || saving || toastShowing || bigSaving
    }

    // MARK: - Rendering

    /// The palette and period the model asks for.
    private var colors: MandelbrotDisplay.Colors { .init(kind: model.palette, period: model.period) }

    /// Asks the display for the model's view at the picture's size (`MandelbrotDisplay.restart`).
    private func restart(preview: (scale: Double, offset: Point)?) {
        let (w, h) = pixelSize
        display.restart(viewFrame(width: w, height: h), colors: colors, preview: preview)
    }

    /// The model's view at this size in device pixels (the Julia set's, when one is shown).
    private func viewFrame(width w: Int, height h: Int) -> MandelbrotFrame {
        MandelbrotFrame(window: model.window, width: w, height: h, limit: model.limit, smooth: model.smooth, julia: model.julia)
    }

    /// What the big save needs of the app: the view at a size, in its colours, and its messages.
    var asker: MandelbrotBigSave.Asker {
        MandelbrotBigSave.Asker(frame: { [unowned self] in viewFrame(width: $0, height: $1) }, palette: model.palette, period: model.period,
                                say: { [unowned self] in toast.show($0, isError: $1) })
    }

    // MARK: - Drawing

    public func draw(_ cr: CairoContext) {
        display.draw(cr, in: imageRect, drag: pilot.dragOffset ?? .zero)
        drawCrossHair(cr)
        drawLabels(cr)
        controls.draw(cr)
        bigSave.draw(cr, image: imageRect)
        toast.draw(cr, in: imageRect)
    }

    private func drawCrossHair(_ cr: CairoContext) {
        guard imageRect.width > 0, imageRect.height > 0 else { return }
        // White 1-point lines on pixel centres, dividing the picture into the four quadrants.
        let x = imageRect.x + (imageRect.width / 2).rounded(.down) + 0.5
        let y = imageRect.y + (imageRect.height / 2).rounded(.down) + 0.5
        cr.setLineWidth(1)
        Color(1, 1, 1).set(cr)
        cr.moveTo(x, imageRect.minY); cr.lineTo(x, imageRect.maxY)
        cr.moveTo(imageRect.minX, y); cr.lineTo(imageRect.maxX, y)
        cr.stroke()
        let pad = 12.0
        for q in 1...4 {
            let qx = q == 1 || q == 3 ? imageRect.minX + pad : imageRect.maxX - pad
            let qy = q <= 2 ? imageRect.minY + pad : imageRect.maxY - pad
            cr.text("\(q)", x: qx, y: qy, size: Theme.TextSize.caption, color: Color(1, 1, 1, 0.75), weight: .bold, align: .center)
        }
    }

    /// The journey, shortened in the middle when it does not fit (Shift+Ctrl+C copies all of it).
    var journeyLayout: TextLayout {
        Text.layout(tr("Journey: {0}", model.journeyText), font: Font(size: Theme.TextSize.status, weight: .bold), width: max(40, size.width * 0.55 - 20),
                    ellipsis: .middle)
    }

    private func drawLabels(_ cr: CairoContext) {
        let y = Self.labelHeight / 2
        let journey = journeyLayout
        cr.draw(journey, x: 10, y: y - journey.height / 2, color: Theme.text)
        let n = NumberStyle.current
        var info = tr("zoom {0} · limit {1}", n.localize(model.window.zoomText), n.integer(model.limit)) + " · " + tr(model.palette.title)
        // The period has keys but no buttons, to keep the toolbar short: the label names them.
        if model.palette == .cyclic { info += " \(model.period) (, .)" }
        if let f = model.flight {
            // Flying: the zoom and the flight, which change every frame (the rest cannot change meanwhile).
            info = tr("zoom {0}", n.localize(model.window.zoomText)) + " · " + flightText(f)
        } else if let p = display.shownProgress {
            info += " · " + (p.previewComplete ? tr("refining {0} %", String(Int(p.fraction * 100))) : tr("preview {0} %", String(Int(p.fraction * 100))))
        }
        if let saving = bigSave.progressText { info += " · " + saving }
        let l = Text.layout(info, font: Font(size: Theme.TextSize.caption), width: max(40, size.width * 0.45 - 10), ellipsis: .end)
        cr.draw(l, x: size.width - 10 - l.width, y: y - l.height / 2, color: Theme.dimText)
        if bigSave.isRendering {
            // The big picture's progress: a thin bar under the labels.
            cr.fill(Rect(x: 0, y: Self.labelHeight - 3, width: size.width * bigSave.shownProgress, height: 3), Theme.success)
        }
    }

    static func zoomText(_ z: Double) -> String {
        NumberStyle.current.localize(z < 1e6 ? String(format: "%g×", (z * 100).rounded() / 100) : String(format: "%.2e×", z))
    }

    public static func drawIcon(_ cr: CairoContext, in r: Rect) {
        // A render of the start view at the icon's pixel size (sharp on any tile and screen),
        // computed with the same kernel and colours.
        let n = max(16, min(512, Int((r.width * cr.deviceScale).rounded(.up))))
        let s = ImageSurface(size: Size(Double(n), Double(n)), format: .rgb)
        s.withPixels { data, stride in
            let f = MandelbrotFrame(window: .start, width: n, height: n, limit: 60)
            for j in 0..<n {
                let row = (data + j * stride).assumingMemoryBound(to: UInt32.self)
                for i in 0..<n {
                    let c = MandelbrotKernel.iterations(cx: f.window.center.x.double + f.dx(i), cy: f.dy(j), limit: f.limit)
                    row[i] = MandelbrotPalette.argb(MandelbrotPalette.color(count: c, limit: f.limit))
                }
            }
        }
        cr.saved {
            cr.roundedRect(r, radius: r.width * 0.12)
            cr.clip()
            cr.draw(s, in: r)
        }
    }

    // MARK: - Saving

    /// Ctrl+S: once the render is complete, hands the picture to the writer, which colours,
    /// encodes and writes it at device resolution. Presses while a save waits to start replace it
    /// (the writer keeps one pending job per key), so a burst of Ctrl+S writes one or two files.
    private func startSaveIfReady() {
        // The picture complete and in its final colours.
        guard pendingSave, display.isSettled else { return }
        pendingSave = false
        guard let picture, let coloring, picture.width > 0, picture.height > 0 else {
            toast.show("Nothing to save: the window is too small", isError: true)
            return
        }
        let job = MandelbrotSaving.job(picture, coloring, scale: pixelScale, folders: environment.pictureDirectoriesToTry,
                                       stem: "touchdesk-mandelbrot", recent: environment)
        saveTicket = environment.writer.submit(key: "mandelbrot-save", job)
        toast.show("Saving…", isError: false)
    }

    // MARK: - Leaving

    /// Leaving stops the render of the view (its workers' time is for what is on screen; a return
    /// restarts it from what it had), unless a save waits for it. A big save goes on.
    public func didLeave() {
        if model.flight != nil { land() }
        if !pendingSave { display.pause() }
    }

    /// A save asked for goes on while the app is not shown: the home screen's bar shows it.
    public var workGoingOn: [WorkGoingOn] {
        var work: [WorkGoingOn] = []
        if let big = bigSave.workGoingOn { work.append(big) }
        if pendingSave || saveTicket != nil { work.append(WorkGoingOn(tr("Saving Mandelbrot"), progress: nil)) }
        return work
    }

    public func tickWhileAway() -> [WorkGoingOn.Ended] {
        if pendingSave {
            _ = display.tick()
            startSaveIfReady()
        }
        var ended: [WorkGoingOn.Ended] = []
        _ = pollSave { ended.append($0) }
        bigSave.sampleProgress()
        return ended
    }

    /// Hands a finished big render to the writer and says how finished saves went (`tell`);
    /// true while a save is under way.
    private func pollSave(tell: (WorkGoingOn.Ended) -> Void) -> Bool {
        if let finished = bigSave.takeFinished() {
            if let big = finished.picture {
                let size = finished.size
                let job = MandelbrotSaving.job(big.picture, big.coloring, scale: 1,
                                               folders: environment.pictureDirectoriesToTry,
                                               stem: "touchdesk-mandelbrot-\(size.width)x\(size.height)", target: finished.target,
                                               recent: environment)
                saveTicket = environment.writer.submit(key: "mandelbrot-save-big", job)
            } else {
                tell(WorkGoingOn.Ended(tr("The big picture was cancelled"), isError: true))
            }
        }
        if let ticket = saveTicket, let outcome = ticket.outcome {
            saveTicket = nil
            let saved = environment.savedPicture(outcome)
            tell(saved.ended)
            lastSaved = saved
        }
        return isSaving
    }

    /// What the last save came to (for tests).
    private(set) var lastSaved: SavedPicture?

    /// Saves the picture now, waiting for it: for tests and the command line.
    @discardableResult
    func saveNow() -> String? {
        activate(.save)
        finishSaving()
        return lastSaved?.path
    }

    /// The message showing at the bottom, if any (for tests).
    var toastMessage: String? { toast.isVisible ? toast.message : nil }
}
