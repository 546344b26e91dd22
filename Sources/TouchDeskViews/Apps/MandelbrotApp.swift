import TouchDeskDrawing
import Foundation
import TouchDeskInterface
import MandelbrotEngine
import TouchDeskModels

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
/// saving runs on a thread of its own.
public final class MandelbrotApp: MiniApp {
    public nonisolated static let id = "mandelbrot"
    public nonisolated static let title = "Mandelbrot"
    public nonisolated static let blurb = "Tap a quadrant to zoom into the Mandelbrot set; wheel, drag, deep zoom, palettes, save big PNGs."

    /// The toolbar's controls, and the actions only keys reach (the period: , and .).
    nonisolated enum Control: ControlID {
        case reset, out, fewer, more, smooth, palette, save, saveBig
        case shorterPeriod, longerPeriod, copyView, copyJourney, zoomIn, quadrant(Int)
        case pan(dx: Int, dy: Int)

        var name: String {
            switch self {
            case .quadrant(let q): "quadrant.\(q)"
            case .pan(let dx, let dy): "pan.\(dx).\(dy)"
            default: "\(self)"
            }
        }
    }

    /// The Save-as size panel's buttons.
    enum SizeControl: String, ControlID { case go, cancel }

    public private(set) var model = MandelbrotModel()
    let environment: AppEnvironment
    let controls = Controls<Control>()
    let renderer = MandelbrotRenderer()
    /// Where the picture is drawn, in the app's coordinates (points).
    public private(set) var imageRect = Rect.zero
    private var size = Size(0, 0)
    /// Device pixels per point: the picture is computed at the screen's own resolution.
    public private(set) var pixelScale = 1.0
    /// The picture's values and quality, `frame.width` × `frame.height` device pixels.
    /// A view change waits for the next tick (`applyRestart`) before it reaches the picture.
    public private(set) var picture: MandelbrotPicture?
    /// The picture's colours (RGB24), the same pixels.
    private var surface: ImageSurface?
    /// The colouring the surface is painted in: what the window shows.
    public private(set) var coloring: MandelbrotColoring?
    public private(set) var frame: MandelbrotFrame?
    /// Ticks until the palette is refitted while tiles arrive: refitting reads every pixel.
    private var refitCountdown = 0

    // Recolouring: fitting the palette and painting every pixel take tens of milliseconds at 4K
    // and hundreds at 8K, so they run on a thread of their own (`BackgroundJob`, picked up by
    // `tick`, like the big picture) into a second surface, while the window keeps showing the
    // previous colours. One recolour runs at a time; requests meanwhile are remembered as one.
    /// Bumped by every change of the picture's values (tiles, restarts): what `stats` belong to.
    private var valuesVersion = 0
    /// Bumped by every new picture (a restart): a recolour of an older one is stale.
    private var pictureID = 0
    /// The statistics of the values at `version`, reused by palette changes and refits.
    private var stats: (version: Int, stats: MandelbrotValueStats)?
    /// The recolour in flight, if any.
    private var recolour: Recolour?
    /// A request came while one was in flight: another starts when it ends.
    private var recolourWanted = false
    /// Tiles drained while a recolour reads the current picture: applied (and painted in the new
    /// colours) when it is picked up, so the picture it reads never changes under it.
    private var heldTiles: [MandelbrotTile] = []
    /// A surface of the picture's size to paint the next recolour into (the one last shown).
    private var spareSurface: ImageSurface?
    /// While set, the surface still shows an older picture (a zoom's preview, or the picture
    /// before a resize), drawn mapped by this (device pixels: new = old·scale + offset) until a
    /// recolour has painted the current picture: restarts paint nothing on the UI thread.
    private var surfaceMapping: (scale: Double, offset: Point)?
    /// How many recolours were started (for tests).
    private(set) var recoloursStarted = 0

    /// One recolour on its thread.
    private struct Recolour {
        let job: BackgroundJob<MandelbrotRecolour.Outcome>
        let stop: MandelbrotRecolour.Stop
        let pictureID: Int
        let version: Int
        let canvas: MandelbrotRecolour.Canvas
    }

    /// Why a recolour is asked for: a refinement's refit is skipped while one runs, the last
    /// one of a render waits for it, and a user's change (palette, period) stops it.
    private enum RecolourReason { case refining, settled, user }
    private var toast = Toast()
    /// A touch in the picture: where it began, and how far it has been dragged.
    private var touchStart: Point?
    private var dragOffset: Point?

    // Saving: through the shared writer, one save at a time, off the UI thread.
    /// Ctrl+S was pressed: the save starts once the render is complete.
    private var pendingSave = false
    /// The save on the writer's thread, until its outcome is shown.
    private var saveTicket: BackgroundWriter.Ticket?
    /// The big picture (Shift+Ctrl+S) rendering on a thread of its own, and its size.
    /// (The palette is fitted to it on that thread too: at 8K the fit alone reads 33 million values.)
    private var bigRender: BackgroundJob<(picture: MandelbrotPicture, coloring: MandelbrotColoring)?>?
    public private(set) var bigSaveSize: (width: Int, height: Int)?
    private let bigRenderer = MandelbrotRenderer()
    /// The Shift+Ctrl+S panel that asks for a size: open while non-nil.
    let sizeForm = Form<SizeControl>()
    let sizeField: TextField
    public private(set) var isAskingForSize = false
    private var sizePanel = Rect.zero

    static let labelHeight = 30.0
    /// A touch that moves less than this is a tap (a quadrant), not a drag.
    static let dragThreshold = 4.0
    /// One wheel notch scales the span by this (or its inverse).
    static let wheelFactor = 0.8
    /// The progress bar along the bottom of the picture, in points.
    static let progressHeight = 6.0
    /// The largest picture Shift+Ctrl+S renders (8K UHD).
    public static let maxSaveSize = (width: 7680, height: 4320)

    public init(environment: AppEnvironment) {
        self.environment = environment
        sizeField = TextField("size", text: "3840×2160", placeholder: "width×height", maxLength: 16, clipboard: environment.clipboard)
        sizeForm.add(sizeField)
        sizeForm.addButton(.go, "Save", key: .key("Return", "KP_Enter"))
        sizeForm.addButton(.cancel, "Cancel", key: .key("Escape"))
        controls.add(.reset, "Reset", key: .key("r"), also: [.key("Home")], help: "Back to the start view")
        controls.add(.out, "Out", key: .key("BackSpace"), also: [.key("minus", "KP_Subtract")], help: "One step out")
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
        controls.addKeys(.zoomIn, .key("plus", "equal", "KP_Add", shown: "+"), help: "Zoom in about the centre")
        for q in 1...4 { controls.addKeys(.quadrant(q), .key("\(q)", "KP_\(q)"), help: "Zoom into that quadrant") }
        for (name, dx, dy) in [("Left", -1, 0), ("Right", 1, 0), ("Up", 0, -1), ("Down", 0, 1)] {
            controls.addKeys(.pan(dx: dx, dy: dy), .key(name), help: "Pan")
        }
        syncControls()
    }

    isolated deinit {
        recolour?.stop.set()
        renderer.cancel()
        bigRenderer.cancel()
    }

    // MARK: - Journeys (command line)

    /// Opens at the end of a journey (`--journey`), in the same colours (smoothing, palette,
    /// period: `MandelbrotModel.keepColouring`); throws, changing nothing, if it is malformed.
    public func go(journey text: String) throws {
        let steps = try MandelbrotJourney.parse(text)
        var m = try MandelbrotModel(journey: steps)
        m.keepColouring(of: model)
        model = m
        restart(preview: nil)
    }

    /// Shows `m` (a view kept across restarts) and renders it.
    public func show(_ m: MandelbrotModel) {
        model = m
        restart(preview: nil)
    }

    /// Blocks until the picture is complete and copied in. Only for `--screenshot` and tests:
    /// the window never calls it.
    public func finishRendering() {
        applyRestart()
        renderer.waitUntilComputed()
        finishRecolouring()
        absorbTiles()
        requestRecolour(.settled)
        finishRecolouring()
        sampleProgress()
    }

    /// Blocks until no recolour runs or waits, picking each one up. Only for `--screenshot`,
    /// tests and the benchmark.
    public func finishRecolouring() {
        while let r = recolour {
            _ = r.job.wait()
            pickUpRecolour()
        }
    }

    /// Blocks until the recolour in flight has finished, without picking it up (for tests: the
    /// window keeps the old colours until its tick).
    func waitForRecolourJob() {
        _ = recolour?.job.wait()
    }

    /// True while the surface shows an older picture mapped as the preview (for tests).
    var showsOlderPicture: Bool { surfaceMapping != nil }

    /// True while a recolour runs (the window shows the previous colours meanwhile).
    public var isRecolouring: Bool { recolour != nil }

    /// Blocks until every save asked for has been written. Only for tests.
    func finishSaving() {
        while isSaving {
            if let job = bigRender { _ = job.wait() }
            if renderer.isRendering { finishRendering() }
            _ = tick()
            environment.writer.waitUntilIdle()
            _ = tick()
        }
    }

    /// True while a save is asked for, rendering or being written.
    var isSaving: Bool { pendingSave || saveTicket != nil || bigRender != nil }

    public var isRendering: Bool { pendingRestart != nil || renderer.isRendering || !heldTiles.isEmpty }

    // MARK: - MiniApp

    public func layout(in size: Size, scale: Double) {
        self.size = size
        // The picture is computed at the screen's own device pixels (sharp on a HiDPI screen).
        pixelScale = scale
        let barH = controls.layoutToolbar(atBottomOf: size)
        imageRect = Rect(x: 0, y: Self.labelHeight, width: size.width, height: max(0, size.height - barH - Self.labelHeight))
        layoutSizePanel()
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

    private func layoutSizePanel() {
        let w = min(imageRect.width - 16, 440.0), h = 150.0
        // Centred on the picture; at the smallest sizes the picture is just the panel's height.
        sizePanel = Rect(x: imageRect.midX - w / 2, y: imageRect.y + max(0, (imageRect.height - h) / 2), width: w, height: h)
        sizeField.frame = Rect(x: sizePanel.x + 16, y: sizePanel.y + 44, width: w - 32, height: TextField.height)
        let c = sizeForm.controls
        let gw = c[.go].map { c.preferredWidth($0) } ?? 80, cw = c[.cancel].map { c.preferredWidth($0) } ?? 80
        c.place(.cancel, at: Rect(x: sizePanel.maxX - 16 - cw, y: sizePanel.maxY - 46, width: cw, height: ControlSizes.rowHeight))
        c.place(.go, at: Rect(x: sizePanel.maxX - 16 - cw - 8 - gw, y: sizePanel.maxY - 46, width: gw, height: ControlSizes.rowHeight))
    }

    public func handle(_ event: InputEvent) -> Bool {
        if isAskingForSize { return handleSizePanel(event) }
        switch controls.handle(event) {
        case .activated(let id): activate(id); return true
        case .consumed: return true
        case .changed, .stepped, .ignored: break
        }
        switch event {
        case .touchBegan(let p):
            guard imageRect.contains(p) else { return false }
            touchStart = p
            dragOffset = nil
        case .touchMoved(let p):
            guard let start = touchStart else { return false }
            let d = p - start
            if dragOffset != nil || abs(d.x) > Self.dragThreshold || abs(d.y) > Self.dragThreshold { dragOffset = d }
        case .touchEnded(let p):
            guard let start = touchStart else { return false }
            touchStart = nil
            if let _ = dragOffset {
                dragOffset = nil
                pan(by: p - start)
            } else {
                tapQuadrant(at: p)
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
        switch c {
        case .reset:
            model.reset()
            restart(preview: nil)
        case .out: zoomOut()
        case .fewer, .more:
            if model.changeLimit(by: c == .more ? 1 : -1) { restart(preview: nil) }
            else { toast.show("The iteration limit stays within \(MandelbrotModel.limitRange.lowerBound)–\(MandelbrotModel.limitRange.upperBound)", isError: true) }
        case .smooth:
            model.smooth.toggle()
            restart(preview: nil)
        case .palette:
            model.cyclePalette()
            requestRecolour(.user)
        case .shorterPeriod, .longerPeriod:
            if model.palette != .cyclic {
                toast.show("The period is for the cyclic palette: press P to choose it", isError: true)
            } else if model.changePeriod(by: c == .longerPeriod ? 1 : -1) {
                requestRecolour(.user)
            } else {
                toast.show("The period stays within \(MandelbrotModel.periodRange.lowerBound)–\(MandelbrotModel.periodRange.upperBound) iterations", isError: true)
            }
        case .copyView: copyView()
        case .copyJourney: copyJourney()
        case .zoomIn: zoom(by: 0.5, about: imageRect.center)
        case .quadrant(let q): zoomIntoQuadrant(q)
        case .pan(let dx, let dy): panStep(Double(dx), Double(dy))
        case .save:
            pendingSave = true
            startSaveIfReady()
        case .saveBig:
            if bigRender != nil {
                toast.show("A picture is still being saved: wait for it to finish", isError: true)
            } else {
                isAskingForSize = true
                sizeForm.setFocus(.field("size"))
                sizeField.selectAll()
            }
        }
        syncControls()
    }

    private func syncControls() {
        controls.setOn(.smooth, model.smooth)
    }

    /// Copies the whole journey (the label may show it shortened) as a --journey option.
    private func copyJourney() {
        guard let j = model.journey else {
            toast.show("No journey to copy: the view was panned or zoomed freely", isError: true)
            return
        }
        environment.clipboard.copy("--journey " + (j.isEmpty ? "\"\"" : MandelbrotJourney.format(j)))
        toast.show("Copied the journey (\(j.count) steps)", isError: false)
    }

    /// Opens at a window given exactly (`--center RE,IM --width W`), in the same colours.
    public func go(window: MandelbrotWindow) {
        var m = MandelbrotModel(window: window)
        m.keepColouring(of: model)
        model = m
        restart(preview: nil)
    }

    /// Copies the view as `--center RE,IM --width W` (every digit of the centre), which
    /// `touchdesk mandelbrot` accepts back.
    private func copyView() {
        let text = model.window.optionsText
        environment.clipboard.copy(text, to: .clipboard)
        toast.show("Copied the view: " + (text.count > 80 ? String(text.prefix(77)) + "..." : text), isError: false)
    }

    // MARK: - Navigation

    /// The picture's shorter side in device pixels: the view's width spans it.
    private var side: Double { Double(max(1, min(frame?.width ?? 0, frame?.height ?? 0))) }

    /// A plane distance in pixels of the current view.
    private func pixels(_ d: DecimalNumber) -> Double {
        ExtendedDouble.ratio(d.extended, model.window.extendedSpan) * side
    }

    /// The quadrant (1–4) under `p`: the cross-hair is at the centre of the picture.
    public func quadrant(at p: Point) -> Int {
        let left = p.x < imageRect.midX, top = p.y < imageRect.midY
        return top ? (left ? 1 : 2) : (left ? 3 : 4)
    }

    private func tapQuadrant(at p: Point) { zoomIntoQuadrant(quadrant(at: p)) }

    private func zoomIntoQuadrant(_ q: Int) {
        do {
            try model.tapQuadrant(q)
        } catch {
            toast.show("\(error)", isError: true)
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
            toast.show("\(error)", isError: true)
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
        let local = Point((p.x - imageRect.x) * pixelScale, (p.y - imageRect.y) * pixelScale)
        let w = Double(frame?.width ?? 0), h = Double(frame?.height ?? 0)
        let fx = (local.x - w / 2) / side, fy = (h / 2 - local.y) / side
        do {
            try model.zoom(by: factor, aboutWidths: fx, fy)
        } catch {
            toast.show("\(error)", isError: true)
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
        model.pan(widths: -px / side, py / side)
        restart(preview: (1, Point(px, py)))
    }

    private func panStep(_ x: Double, _ y: Double) {
        pan(by: Point(-x * imageRect.width / 8, -y * imageRect.height / 8))
    }

    // MARK: - Rendering

    /// Asks for the model's view at the picture's size. `preview`, if given, maps the old
    /// picture into the new one in device pixels (new = old·scale + offset): what it covers is
    /// reused, and only the rest (or, for a scaled preview, the refinement) is computed.
    ///
    /// The view (`frame`) changes at once, but the work — resampling, planning, recolouring — waits
    /// for the next tick (`applyRestart`, from `tick`, and the blocking `finishRendering`),
    /// so a burst of wheel clicks, pan steps or taps between two frames costs one restart, not one
    /// each: the mappings of the burst compose into one.
    private func restart(preview: (scale: Double, offset: Point)?) {
        let (w, h) = pixelSize
        frame = MandelbrotFrame(window: model.window, width: w, height: h, limit: model.limit, smooth: model.smooth)
        switch (pendingRestart, preview) {
        case (.mapped(let k1, let o1), let (k2, o2)?):
            // new = (old·k1 + o1)·k2 + o2
            pendingRestart = .mapped(scale: k1 * k2, offset: Point(o1.x * k2 + o2.x, o1.y * k2 + o2.y))
        case (nil, let (k, o)?): pendingRestart = .mapped(scale: k, offset: o)
        default: pendingRestart = .fresh
        }
    }

    /// Whether the restart waiting for the tick starts from nothing known.
    private var restartsFresh: Bool { if case .fresh? = pendingRestart { true } else { false } }

    /// How the surface's device pixels map onto the picture the window shows now: the preview's
    /// mapping, then the restart waiting for the tick; nil when they are the same pixels.
    private var shownMapping: (scale: Double, offset: Point)? {
        guard case .mapped(let k2, let o2)? = pendingRestart else { return surfaceMapping }
        let (k1, o1) = surfaceMapping ?? (1, .zero)
        return (k1 * k2, Point(o1.x * k2 + o2.x, o1.y * k2 + o2.y))
    }

    /// A restart asked for and not yet carried out.
    private enum PendingRestart { case fresh, mapped(scale: Double, offset: Point) }
    private var pendingRestart: PendingRestart?
    /// A restart is asked for and waits for the next frame (for tests).
    var restartPending: Bool { pendingRestart != nil }

    /// Carries out the restart asked for since the last tick, if any: the new picture (the old
    /// one moved or scaled as its preview) painted in the colours on screen, and a recolour
    /// queued to fit them to it. The tick calls it; tests call it to see that one step alone.
    func applyRestart() {
        guard let pending = pendingRestart, let f = frame else { return }
        pendingRestart = nil
        let (w, h) = (f.width, f.height)
        // A recolour of the old picture is of no use now; its held tiles belong to the old render.
        recolour?.stop.set()
        heldTiles = []
        pictureID += 1
        valuesVersion += 1
        guard w > 0, h > 0 else {
            renderer.cancel()
            picture = nil
            surface = nil
            spareSurface = nil
            surfaceMapping = nil
            return
        }
        var next = MandelbrotPicture(width: w, height: h)
        var shift: (dx: Int, dy: Int)?
        if let old = picture, case .mapped(let k, let o) = pending, old.width > 0 {
            next = old.resampled(width: w, height: h, scale: k, offsetX: o.x, offsetY: o.y)
            if k == 1, o.x == o.x.rounded(), o.y == o.y.rounded(), abs(o.x) < Double(w), abs(o.y) < Double(h),
               old.width == w, old.height == h {
                shift = (Int(o.x), Int(o.y))
            }
        }
        picture = next
        let shown = coloring ?? MandelbrotColoring(kind: model.palette, period: model.period,
                                                   stats: .empty(histogram: model.palette == .histogram))
        coloring = shown
        let fits = surface.map { $0.pixelWidth == w && $0.pixelHeight == h && abs($0.scale - pixelScale) < 0.001 } ?? false
        if case .fresh = pending {
            // Nothing is known yet: every pixel is "not computed" grey, whatever the colours.
            let s = fits ? surface! : ImageSurface(size: Size(Double(w) / pixelScale, Double(h) / pixelScale), scale: pixelScale, format: .rgb)
            s.withPixels { base, stride in Self.fillUnknown(base, stride: stride, width: w, height: h) }
            if !fits { spareSurface = nil }
            surface = s
            surfaceMapping = nil
        } else if let shift, fits, surfaceMapping == nil, let s = surface {
            // A pan by whole pixels: the pixels that stay keep their values and colours, so
            // they move; only the uncovered strips are painted.
            s.withPixels { base, stride in
                Self.shiftPixels(base, stride: stride, width: w, height: h, dx: shift.dx, dy: shift.dy)
                for r in Self.uncovered(width: w, height: h, dx: shift.dx, dy: shift.dy) {
                    next.paint(shown, rect: r, into: base, stride: stride)
                }
            }
        } else if surface != nil, case .mapped(let k, let o) = pending {
            // A zoom (or a resize): the surface shown is drawn mapped as the preview, until the
            // recolour has painted the new picture; nothing is painted here.
            if let m = surfaceMapping {
                surfaceMapping = (m.scale * k, Point(m.offset.x * k + o.x, m.offset.y * k + o.y))
            } else {
                surfaceMapping = (k, o)
            }
        } else {
            let s = ImageSurface(size: Size(Double(w) / pixelScale, Double(h) / pixelScale), scale: pixelScale, format: .rgb)
            s.withPixels { base, stride in next.paint(shown, into: base, stride: stride) }
            surface = s
            spareSurface = nil
            surfaceMapping = nil
        }
        renderer.start(f, tasks: next.plan())
        sampleProgress()
        requestRecolour(.user)
    }

    /// Moves the rows of a 32-bit image by (dx, dy) pixels in place; what is uncovered keeps
    /// stale pixels (painted next by the caller).
    private static func shiftPixels(_ base: UnsafeMutableRawPointer, stride: Int, width w: Int, height h: Int, dx: Int, dy: Int) {
        let x0 = max(0, dx), x1 = min(w, w + dx)
        guard x1 > x0, abs(dy) < h else { return }
        let rows = dy > 0 ? Array(Swift.stride(from: h - 1, through: dy, by: -1)) : Array(0..<(h + min(0, dy)))
        for y in rows {
            let dst = base + y * stride + x0 * 4, src = base + (y - dy) * stride + (x0 - dx) * 4
            memmove(dst, src, (x1 - x0) * 4)
        }
    }

    /// Fills a 32-bit image with the colour of pixels not computed yet.
    private static func fillUnknown(_ base: UnsafeMutableRawPointer, stride: Int, width w: Int, height h: Int) {
        for y in 0..<h {
            (base + y * stride).assumingMemoryBound(to: UInt32.self).update(repeating: MandelbrotPalette.unknown, count: w)
        }
    }

    /// The strips a shift by (dx, dy) uncovers.
    private static func uncovered(width w: Int, height h: Int, dx: Int, dy: Int) -> [PixelRect] {
        var out: [PixelRect] = []
        if dy > 0 { out.append(PixelRect(x: 0, y: 0, width: w, height: min(h, dy))) }
        if dy < 0 { out.append(PixelRect(x: 0, y: max(0, h + dy), width: w, height: min(h, -dy))) }
        if dx > 0 { out.append(PixelRect(x: 0, y: 0, width: min(w, dx), height: h)) }
        if dx < 0 { out.append(PixelRect(x: max(0, w + dx), y: 0, width: min(w, -dx), height: h)) }
        return out
    }

    /// Copies the finished tiles into the picture and colours them, unless a recolour reads the
    /// picture now: then they wait for it (`heldTiles`).
    private func absorbTiles() {
        let tiles = renderer.drain()
        guard picture != nil, !tiles.isEmpty else { return }
        if let r = recolour, r.pictureID == pictureID {
            heldTiles += tiles
            return
        }
        apply(tiles)
    }

    /// Applies `tiles` to the picture and paints them in the colours on screen.
    private func apply(_ tiles: [MandelbrotTile]) {
        guard picture != nil, !tiles.isEmpty else { return }
        var painted: [PixelRect] = []
        for t in tiles where picture!.apply(t) { painted.append(t.rect) }
        guard !painted.isEmpty else { return }
        valuesVersion += 1
        // A surface still showing an older picture gets the whole picture from the next recolour.
        guard surfaceMapping == nil, let surface, let picture = picture, let coloring else { return }
        surface.withPixels { base, stride in
            for r in painted { picture.paint(coloring, rect: r, into: base, stride: stride) }
        }
    }

    /// Asks for the palette to be fitted to the picture's values and, if its colours change,
    /// every pixel repainted: on the recolour thread, unless the values' statistics are known
    /// and the colours stay (then nothing is left to do).
    private func requestRecolour(_ reason: RecolourReason) {
        refitCountdown = 12
        guard let picture = picture, surface != nil, picture.width > 0, picture.height > 0 else { return }
        let kind = model.palette, period = model.period
        if recolour == nil, surfaceMapping == nil, let known = stats, known.version == valuesVersion,
           kind != .histogram || known.stats.counts != nil, let shown = coloring {
            let fitted = MandelbrotColoring(kind: kind, period: period, stats: known.stats)
            if fitted.paintsLike(shown) { coloring = fitted; return }
        }
        if let r = recolour {
            switch reason {
            case .refining: break
            case .settled: recolourWanted = true
            case .user: recolourWanted = true; r.stop.set()
            }
            return
        }
        startRecolour()
    }

    private func startRecolour() {
        guard let picture = picture, surface != nil else { return }
        let kind = model.palette, period = model.period
        let size = Size(Double(picture.width) / pixelScale, Double(picture.height) / pixelScale)
        let cached = stats.flatMap { $0.version == valuesVersion && (kind != .histogram || $0.stats.counts != nil) ? $0.stats : nil }
        let target: ImageSurface
        if let s = spareSurface, s.pixelWidth == picture.width, s.pixelHeight == picture.height, abs(s.scale - pixelScale) < 0.001 {
            target = s
        } else {
            target = ImageSurface(size: size, scale: pixelScale, format: .rgb)
        }
        spareSurface = nil
        let canvas = MandelbrotRecolour.Canvas(target)
        let stop = MandelbrotRecolour.Stop()
        // A surface showing an older picture must be replaced whatever the colours.
        let shown = surfaceMapping == nil ? coloring : nil
        recoloursStarted += 1
        let job = BackgroundJob(name: "mandelbrot-recolour") {
            MandelbrotRecolour.run(picture, kind: kind, period: period, stats: cached, shown: shown, into: canvas, stop: stop)
        }
        recolour = Recolour(job: job, stop: stop, pictureID: pictureID, version: valuesVersion, canvas: canvas)
    }

    /// Takes in a finished recolour: its surface becomes the one shown (if it painted), the tiles
    /// held meanwhile are applied in its colours, and a request that came meanwhile starts.
    private func pickUpRecolour() {
        guard let r = recolour, let outcome = r.job.value else { return }
        recolour = nil
        let current = r.pictureID == pictureID
        if current, r.version == valuesVersion, let s = outcome.stats { stats = (r.version, s) }
        if current, outcome.finished, let fitted = outcome.coloring {
            if outcome.painted {
                let old = surface
                surface = r.canvas.surface
                spareSurface = surfaceMapping == nil ? old : nil
                surfaceMapping = nil
            } else {
                spareSurface = r.canvas.surface
            }
            coloring = fitted
        } else if let p = picture, r.canvas.surface.pixelWidth == p.width, r.canvas.surface.pixelHeight == p.height {
            spareSurface = r.canvas.surface
        }
        let held = heldTiles
        heldTiles = []
        if current { apply(held) }
        if recolourWanted {
            recolourWanted = false
            requestRecolour(.user)
        }
    }

    public func tick() -> Bool {
        applyRestart()
        let wasRendering = renderer.isRendering || !heldTiles.isEmpty
        pickUpRecolour()
        absorbTiles()
        let rendering = renderer.isRendering || !heldTiles.isEmpty
        refitCountdown -= 1
        if wasRendering && !rendering { requestRecolour(.settled) }
        else if refitCountdown <= 0 { requestRecolour(.refining) }
        startSaveIfReady()
        let saving = pollSave()
        let toastShowing = toast.tick()
        let caret = isAskingForSize && sizeForm.tick()
        sampleProgress()
        return rendering || recolour != nil || saving || toastShowing || caret
    }

    // MARK: - Drawing

    public func draw(_ cr: CairoContext) {
        // What no pixel covers yet (during a drag) shows as "not computed", never the set's black.
        cr.fill(imageRect, Color(hex: MandelbrotPalette.unknown & 0xff_ffff))
        // A view change not yet carried out (it waits for the tick): a fresh one shows nothing
        // known yet; a pan or zoom shows the picture moved or scaled as it will be.
        if let surface, !restartsFresh {
            cr.save()
            cr.rectangle(imageRect)
            cr.clip()
            let d = dragOffset ?? .zero
            if let m = shownMapping {
                // An older picture as the preview: its device pixels mapped onto the new ones.
                cr.translate(imageRect.x + d.x + m.offset.x / pixelScale, imageRect.y + d.y + m.offset.y / pixelScale)
                let k = m.scale * surface.scale / pixelScale
                cr.scale(k, k)
                cr.setSource(surface, at: 0, 0, filter: .nearest)
            } else {
                cr.setSource(surface, at: imageRect.x + d.x, imageRect.y + d.y, filter: .nearest)
            }
            cr.paint()
            cr.restore()
        }
        drawCrossHair(cr)
        drawProgress(cr)
        drawLabels(cr)
        controls.draw(cr)
        if isAskingForSize { drawSizePanel(cr) }
        toast.draw(cr, in: imageRect)
    }

    /// The renders' progress as the frame shows it: read from the workers once per tick (and
    /// when a render starts), so two draws of one frame show the same.
    private var shownProgress: MandelbrotRenderer.Progress?
    private var shownBigProgress = 0.0

    private func sampleProgress() {
        shownProgress = renderer.isRendering ? renderer.progress : nil
        shownBigProgress = bigRenderer.progress.fraction
    }

    /// The bar along the bottom of the picture while a render runs: amber while parts are still
    /// previews, the accent colour while only refinement is left; gone when every pixel is final.
    private func drawProgress(_ cr: CairoContext) {
        guard let p = shownProgress, imageRect.height > Self.progressHeight else { return }
        let track = Rect(x: imageRect.x, y: imageRect.maxY - Self.progressHeight, width: imageRect.width, height: Self.progressHeight)
        cr.fill(track, Color(0, 0, 0, 0.55))
        let done = Rect(x: track.x, y: track.y, width: track.width * max(0.02, p.fraction), height: track.height)
        cr.fill(done, p.previewComplete ? Theme.accent : Color(hex: 0xf0a030))
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
        Text.layout("Journey: " + model.journeyText, font: Font(size: Theme.TextSize.status, weight: .bold), width: max(40, size.width * 0.55 - 20),
                    ellipsis: .middle)
    }

    private func drawLabels(_ cr: CairoContext) {
        let y = Self.labelHeight / 2
        let journey = journeyLayout
        cr.draw(journey, x: 10, y: y - journey.height / 2, color: Theme.text)
        var info = "zoom " + model.window.zoomText + " · limit \(model.limit) · " + model.palette.title
        // The period has keys but no buttons, to keep the toolbar short: the label names them.
        if model.palette == .cyclic { info += " \(model.period) (, .)" }
        if let p = shownProgress {
            info += String(format: p.previewComplete ? " · refining %d%%" : " · preview %d%%", Int(p.fraction * 100))
        }
        if let big = bigSaveSize, bigRender != nil {
            info += String(format: " · saving %d×%d: %d%%", big.width, big.height, Int(shownBigProgress * 100))
        }
        let l = Text.layout(info, font: Font(size: Theme.TextSize.caption), width: max(40, size.width * 0.45 - 10), ellipsis: .end)
        cr.draw(l, x: size.width - 10 - l.width, y: y - l.height / 2, color: Theme.dimText)
        if bigRender != nil {
            // The big picture's progress: a thin bar under the labels.
            cr.fill(Rect(x: 0, y: Self.labelHeight - 3, width: size.width * shownBigProgress, height: 3), Theme.success)
        }
    }

    private func drawSizePanel(_ cr: CairoContext) {
        cr.fill(imageRect, Color(0, 0, 0, 0.45))
        Theme.bar.set(cr)
        cr.roundedRect(sizePanel, radius: 10)
        cr.fill()
        let l = Text.layout("Save the view as a PNG of this size", font: Font(size: Theme.TextSize.body, weight: .bold), width: sizePanel.width - 32, ellipsis: .end)
        cr.draw(l, x: sizePanel.x + 16, y: sizePanel.y + 14, color: Theme.text)
        let hint = Text.layout("width×height, up to \(Self.maxSaveSize.width)×\(Self.maxSaveSize.height)", font: Font(size: Theme.TextSize.caption),
                               width: max(20, sizePanel.width - 32 - 200), ellipsis: .end)
        cr.draw(hint, x: sizePanel.x + 16, y: sizePanel.maxY - 28 - hint.height / 2, color: Theme.dimText)
        sizeForm.draw(cr)
    }

    static func zoomText(_ z: Double) -> String {
        z < 1e6 ? String(format: "%g×", (z * 100).rounded() / 100) : String(format: "%.2e×", z)
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
        guard pendingSave, !isRendering, recolour == nil, !recolourWanted else { return }
        pendingSave = false
        guard let picture, let coloring, picture.width > 0, picture.height > 0 else {
            toast.show("Nothing to save: the window is too small", isError: true)
            return
        }
        let job = MandelbrotSaving.job(picture, coloring, scale: pixelScale, folders: environment.pictureDirectoriesToTry,
                                       stem: "touchdesk-mandelbrot")
        saveTicket = environment.writer.submit(key: "mandelbrot-save", job)
        toast.show("Saving…", isError: false)
    }

    /// Hands a finished big render to the writer and shows finished saves; true while a save is
    /// under way.
    private func pollSave() -> Bool {
        if let job = bigRender, let result = job.value {
            bigRender = nil
            let size = bigSaveSize
            bigSaveSize = nil
            if let big = result, let size {
                let job = MandelbrotSaving.job(big.picture, big.coloring, scale: 1,
                                               folders: environment.pictureDirectoriesToTry,
                                               stem: "touchdesk-mandelbrot-\(size.width)x\(size.height)")
                saveTicket = environment.writer.submit(key: "mandelbrot-save-big", job)
            } else {
                toast.show("The big picture was cancelled", isError: true)
            }
        }
        if let ticket = saveTicket, let outcome = ticket.outcome {
            saveTicket = nil
            let saved = environment.savedPicture(outcome)
            toast.show(saved)
            lastSaved = saved
        }
        return isSaving
    }

    /// What the last save came to (for tests).
    private(set) var lastSaved: SavedPicture?

    /// Saves the picture now, waiting for it: for tests and the command line.
    @discardableResult
    public func saveNow() -> String? {
        activate(.save)
        finishSaving()
        return lastSaved?.path
    }

    private func handleSizePanel(_ event: InputEvent) -> Bool {
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
            return .failure(.init(description: "Type a size like 3840×2160"))
        }
        let max = maxSaveSize
        guard (16...max.width).contains(w), (16...max.height).contains(h) else {
            return .failure(.init(description: "Sizes go from 16×16 up to \(max.width)×\(max.height)"))
        }
        return .success((w, h))
    }

    private func startBigSave() {
        switch Self.parseSaveSize(sizeField.text) {
        case .failure(let f):
            sizeField.isInvalid = true
            toast.show(f.description, isError: true)
        case .success(let s):
            isAskingForSize = false
            let f = MandelbrotFrame(window: model.window, width: s.width, height: s.height, limit: model.limit, smooth: model.smooth)
            let renderer = bigRenderer
            let kind = model.palette, period = model.period
            bigSaveSize = s
            toast.show("Rendering \(s.width)×\(s.height) in the background…", isError: false)
            bigRender = BackgroundJob(name: "mandelbrot-big-picture") {
                MandelbrotSaving.render(f, on: renderer).map { ($0, $0.coloring(kind, period: period)) }
            }
        }
    }

    /// The message showing at the bottom, if any (for tests).
    public var toastMessage: String? { toast.isVisible ? toast.message : nil }
}
