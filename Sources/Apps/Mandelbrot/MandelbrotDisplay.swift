import Foundation
import MandelbrotEngine
import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskModels
import TouchDeskToolkit

/// The Mandelbrot picture on screen, and the work that keeps it up to date: its escape values
/// (`MandelbrotPicture`) at device pixels, the surface that shows them in the colours on screen,
/// the threaded render that fills in what a view change left unknown, and the recolour that fits
/// the palette to the values on a thread of its own.
///
/// A view change first reuses the old pixels, as XaoS does: a pan moves them and computes only
/// the uncovered strips, a zoom shows the old picture scaled as the preview. `tick` carries the
/// change out, copies the render's tiles in and picks finished recolours up; `draw` only shows
/// what is there. Nothing here waits for a worker but the blocking `finish…` calls of tests and
/// `--screenshot`.
final class MandelbrotDisplay {
    /// The palette and its period: what a recolour fits.
    struct Colors: Equatable {
        var kind: MandelbrotPaletteKind
        var period: Int
    }

    let renderer = MandelbrotRenderer()
    /// Device pixels per point: the picture is computed at the screen's own resolution.
    var pixelScale = 1.0
    /// The picture's values and quality, `frame.width` × `frame.height` device pixels. A view
    /// change waits for the next tick (`applyRestart`) before it reaches the picture.
    private(set) var picture: MandelbrotPicture?
    /// The picture's colours (RGB24), the same pixels.
    private var surface: ImageSurface?
    /// The colouring the surface is painted in: what the window shows.
    private(set) var coloring: MandelbrotColoring?
    private(set) var frame: MandelbrotFrame?
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
    private var recolor: Recolor?
    /// A request came while one was in flight: another starts when it ends.
    private var recolorWanted = false
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
    private(set) var recolorsStarted = 0

    /// The colours asked for last: the next recolour fits them.
    private var colors = Colors(kind: .range, period: MandelbrotModel.startPeriod)

    /// One recolour on its thread.
    private struct Recolor {
        let job: BackgroundJob<MandelbrotRecolor.Outcome>
        let stop: MandelbrotRecolor.Stop
        let pictureID: Int
        let version: Int
        let canvas: MandelbrotRecolor.Canvas
    }

    /// Why a recolour is asked for: a refinement's refit is skipped while one runs, the last
    /// one of a render waits for it, and a user's change (palette, period) stops it.
    enum RecolorReason { case refining, settled, user }

    /// Blocks until the picture is complete and copied in. Only for `--screenshot` and tests:
    /// the window never calls it.
    func finishRendering() {
        finishFlight()
        applyRestart()
        renderer.waitUntilComputed()
        finishRecoloring()
        absorbTiles()
        requestRecolor(.settled)
        finishRecoloring()
        sampleProgress()
    }

    /// Blocks until no recolour runs or waits, picking each one up. Only for `--screenshot`,
    /// tests and the benchmark.
    func finishRecoloring() {
        while let r = recolor {
            _ = r.job.wait()
            pickUpRecolor()
        }
    }

    /// Blocks until the recolour in flight has finished, without picking it up (for tests: the
    /// window keeps the old colours until its tick).
    func waitForRecolorJob() {
        _ = recolor?.job.wait()
    }

    /// True while the surface shows an older picture mapped as the preview (for tests).
    var showsOlderPicture: Bool { surfaceMapping != nil }

    /// True while a recolour runs (the window shows the previous colours meanwhile).
    var isRecoloring: Bool { recolor != nil }

    /// Asks for `frame` (the model's view at the picture's size, in `colours`). `preview`, if given, maps the old
    /// picture into the new one in device pixels (new = old·scale + offset): what it covers is
    /// reused, and only the rest (or, for a scaled preview, the refinement) is computed.
    ///
    /// The view (`frame`) changes at once, but the work — resampling, planning, recolouring — waits
    /// for the next tick (`applyRestart`, from `tick`, and the blocking `finishRendering`),
    /// so a burst of wheel clicks, pan steps or taps between two frames costs one restart, not one
    /// each: the mappings of the burst compose into one.
    func restart(_ frame: MandelbrotFrame, colors: Colors, preview: (scale: Double, offset: Point)?) {
        if let f = flight {
            // A change that is no flight (a resize, a new limit) ends it where it is.
            flight = nil
            if let shown = f.shown, shown.frame.width == self.frame?.width, shown.frame.height == self.frame?.height {
                picture = shown.picture()
                pictureID += 1
                valuesVersion += 1
            }
        }
        self.frame = frame
        self.colors = colors
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
        recolor?.stop.set()
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
        let shown = coloring ?? MandelbrotColoring(kind: colors.kind, period: colors.period,
                                                   stats: .empty(histogram: colors.kind == .histogram))
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
        requestRecolor(.user)
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
        if let r = recolor, r.pictureID == pictureID {
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
    func requestRecolor(_ reason: RecolorReason, colors: Colors) {
        self.colors = colors
        requestRecolor(reason)
    }

    private func requestRecolor(_ reason: RecolorReason) {
        refitCountdown = 12
        // A flight paints its frames in the colours it began with; it recolours when it lands.
        guard flight == nil else { return }
        guard let picture = picture, surface != nil, picture.width > 0, picture.height > 0 else { return }
        let kind = colors.kind, period = colors.period
        if recolor == nil, surfaceMapping == nil, let known = stats, known.version == valuesVersion,
           kind != .histogram || known.stats.counts != nil, let shown = coloring {
            let fitted = MandelbrotColoring(kind: kind, period: period, stats: known.stats)
            if fitted.paintsLike(shown) { coloring = fitted; return }
        }
        if let r = recolor {
            switch reason {
            case .refining: break
            case .settled: recolorWanted = true
            case .user: recolorWanted = true; r.stop.set()
            }
            return
        }
        startRecolor()
    }

    private func startRecolor() {
        guard let picture = picture, surface != nil else { return }
        let kind = colors.kind, period = colors.period
        let size = Size(Double(picture.width) / pixelScale, Double(picture.height) / pixelScale)
        let cached = stats.flatMap { $0.version == valuesVersion && (kind != .histogram || $0.stats.counts != nil) ? $0.stats : nil }
        let target: ImageSurface
        if let s = spareSurface, s.pixelWidth == picture.width, s.pixelHeight == picture.height, abs(s.scale - pixelScale) < 0.001 {
            target = s
        } else {
            target = ImageSurface(size: size, scale: pixelScale, format: .rgb)
        }
        spareSurface = nil
        let canvas = MandelbrotRecolor.Canvas(target)
        let stop = MandelbrotRecolor.Stop()
        // A surface showing an older picture must be replaced whatever the colours.
        let shown = surfaceMapping == nil ? coloring : nil
        recolorsStarted += 1
        let job = BackgroundJob(name: "mandelbrot-recolour") {
            MandelbrotRecolor.run(picture, kind: kind, period: period, stats: cached, shown: shown, into: canvas, stop: stop)
        }
        recolor = Recolor(job: job, stop: stop, pictureID: pictureID, version: valuesVersion, canvas: canvas)
    }

    /// Takes in a finished recolour: its surface becomes the one shown (if it painted), the tiles
    /// held meanwhile are applied in its colours, and a request that came meanwhile starts.
    private func pickUpRecolor() {
        guard let r = recolor, let outcome = r.job.value else { return }
        recolor = nil
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
        if recolorWanted {
            recolorWanted = false
            requestRecolor(.user)
        }
    }


    /// The app was left: the workers stop, and the tick after a return starts the render again
    /// with what was done as its preview.
    func pause() {
        guard renderer.isRendering || !heldTiles.isEmpty else { return }
        renderer.cancel()
        if pendingRestart == nil { pendingRestart = .mapped(scale: 1, offset: .zero) }
    }

    /// Takes in what the workers finished; true while a render, a flight or a recolour runs.
    func tick() -> Bool {
        if flight != nil { return flightTick() }
        applyRestart()
        let wasRendering = renderer.isRendering || !heldTiles.isEmpty
        pickUpRecolor()
        absorbTiles()
        let rendering = renderer.isRendering || !heldTiles.isEmpty
        refitCountdown -= 1
        if wasRendering && !rendering { requestRecolor(.settled) }
        else if refitCountdown <= 0 { requestRecolor(.refining) }
        sampleProgress()
        return rendering || recolor != nil
    }

    /// A view change not yet carried out, a render or held tiles.
    var isRendering: Bool { pendingRestart != nil || renderer.isRendering || !heldTiles.isEmpty || flight != nil }

    /// The picture is complete and in its final colours: what a save waits for.
    var isSettled: Bool { !isRendering && recolor == nil && !recolorWanted }

    /// The render's progress as the frame shows it: read from the workers once per tick (and
    /// when a render starts), so two draws of one frame show the same.
    private(set) var shownProgress: MandelbrotRenderer.Progress?

    private func sampleProgress() {
        shownProgress = renderer.isRendering ? renderer.progress : nil
    }

    // MARK: - Flying

    /// A flight under way: the frame shown, the next one computing, and what the label says.
    private struct Flight {
        /// Where the first frame comes from: the picture on screen when the flight began.
        let seed: (picture: MandelbrotPicture, frame: MandelbrotFrame, coloring: MandelbrotColoring)
        /// The frame on screen (nil until the first one is computed).
        var shown: MandelbrotFlightFrame?
        /// The frame computing on its thread.
        var job: BackgroundJob<MandelbrotFlightFrame>?
        /// The motion stopped: the flight lands once a frame of the final view is shown.
        var landing = false
        /// Ticks and frames shown over the last second or so, for the frame rate.
        var ticks = 0
        var frames = 0
        var status: FlightStatus?
    }
    private var flight: Flight?

    /// What a flight shows in the label.
    struct FlightStatus: Equatable {
        /// Frames shown per second (over the last second).
        var framesPerSecond: Double
        /// The share of the last frame's pixels that were computed (the rest were reused).
        var computedShare: Double
        /// Computed by perturbation (deep): slower.
        var deep: Bool
    }

    /// True while a flight's frames are shown instead of the renderer's.
    var isFlying: Bool { flight != nil }
    /// The flight's frame rate and reuse, once a second has passed.
    var flightStatus: FlightStatus? { flight?.status }
    /// The values of the frame on screen during a flight (or the picture's), for the autopilot.
    var shownValues: (values: [Float], width: Int, height: Int)? {
        if let f = flight?.shown { return (f.values, f.frame.width, f.frame.height) }
        return picture.map { ($0.values, $0.width, $0.height) }
    }

    /// Shows `frame` next in the flight (starting one if none is under way): the tick computes
    /// it from the frame on screen, on a thread of its own, reusing every row and column it can.
    func fly(_ frame: MandelbrotFrame) {
        if flight == nil {
            // The picture as it is now seeds the flight; whatever was still computing stops.
            applyRestart()
            guard let old = self.frame, let picture, picture.width == old.width, picture.height == old.height,
                  picture.width > 0, picture.height > 0 else {
                restart(frame, colors: colors, preview: nil)
                return
            }
            renderer.cancel()
            recolor?.stop.set()
            heldTiles = []
            let shown = coloring ?? picture.coloring(colors.kind, period: colors.period)
            flight = Flight(seed: (picture, old, shown))
        }
        flight?.landing = false
        self.frame = frame
    }

    /// The motion stopped: the next frames finish the flight at the current view, and the
    /// renderer then computes every pixel that is not exact.
    func land() {
        flight?.landing = true
    }

    /// A flight's tick: a finished frame goes on screen; the next starts for the current view;
    /// a landed flight hands its picture to the renderer. True while anything goes on.
    private func flightTick() -> Bool {
        guard var f = flight, let target = frame else { return false }
        f.ticks += 1
        if let job = f.job, let done = job.value {
            f.job = nil
            show(done)
            f.shown = done
            f.frames += 1
        }
        if f.ticks >= 60 {
            if let shown = f.shown {
                f.status = FlightStatus(framesPerSecond: Double(f.frames) * 60 / Double(f.ticks), computedShare: shown.computedShare, deep: shown.isDeep)
            }
            f.ticks = 0
            f.frames = 0
        }
        if f.job == nil, f.shown?.frame != target {
            let source = f.shown, seed = f.seed
            f.job = BackgroundJob(name: "mandelbrot-flight") {
                (source ?? .start(picture: seed.picture, frame: seed.frame, coloring: seed.coloring)).next(target)
            }
        }
        flight = f
        if f.landing, f.job == nil, let last = f.shown, last.frame == target { touchDown(last) }
        sampleProgress()
        return true
    }

    /// Puts a flight's frame on screen: its colours into the surface.
    private func show(_ f: MandelbrotFlightFrame) {
        let w = f.frame.width, h = f.frame.height
        let fits = surface.map { $0.pixelWidth == w && $0.pixelHeight == h && abs($0.scale - pixelScale) < 0.001 } ?? false
        let s = fits ? surface! : ImageSurface(size: Size(Double(w) / pixelScale, Double(h) / pixelScale), scale: pixelScale, format: .rgb)
        s.withPixels { base, stride in
            f.colors.withUnsafeBytes { c in
                for y in 0..<h { memcpy(base + y * stride, c.baseAddress! + y * w * 4, w * 4) }
            }
        }
        surface = s
        if !fits { spareSurface = nil }
        surfaceMapping = nil
        coloring = f.coloring
    }

    /// The flight ends on `last`: its picture (exact where its rows and columns are) becomes the
    /// display's, and the renderer computes the rest.
    private func touchDown(_ last: MandelbrotFlightFrame) {
        flight = nil
        let next = last.picture()
        picture = next
        pictureID += 1
        valuesVersion += 1
        renderer.start(last.frame, tasks: next.plan())
        sampleProgress()
        requestRecolor(.user)
    }

    /// Lands a flight under way and waits for it. Only for tests and `--screenshot`.
    func finishFlight() {
        guard flight != nil else { return }
        guard frame != nil else { flight = nil; return }
        land()
        while let f = flight {
            _ = f.job?.wait()
            _ = flightTick()
        }
    }

    isolated deinit {
        recolor?.stop.set()
        renderer.cancel()
    }

    // MARK: - Drawing

    /// The progress bar along the bottom of the picture, in points.
    static let progressHeight = 6.0

    /// Draws the picture into `rect`, moved by `drag` (a drag in progress), and the progress bar.
    /// A view change not yet carried out (it waits for the tick): a fresh one shows nothing known
    /// yet; a pan or zoom shows the picture moved or scaled as it will be.
    func draw(_ cr: CairoContext, in rect: Rect, drag: Point) {
        // What no pixel covers yet (during a drag) shows as "not computed", never the set's black.
        cr.fill(rect, Color(hex: MandelbrotPalette.unknown & 0xff_ffff))
        if let surface, !restartsFresh {
            cr.save()
            cr.rectangle(rect)
            cr.clip()
            if let m = shownMapping {
                // An older picture as the preview: its device pixels mapped onto the new ones.
                cr.translate(rect.x + drag.x + m.offset.x / pixelScale, rect.y + drag.y + m.offset.y / pixelScale)
                let k = m.scale * surface.scale / pixelScale
                cr.scale(k, k)
                cr.setSource(surface, at: 0, 0, filter: .nearest)
            } else {
                cr.setSource(surface, at: rect.x + drag.x, rect.y + drag.y, filter: .nearest)
            }
            cr.paint()
            cr.restore()
        }
        drawProgress(cr, in: rect)
    }

    /// The bar along the bottom of the picture while a render runs: amber while parts are still
    /// previews, the accent colour while only refinement is left; gone when every pixel is final.
    private func drawProgress(_ cr: CairoContext, in rect: Rect) {
        guard let p = shownProgress, rect.height > Self.progressHeight else { return }
        let track = Rect(x: rect.x, y: rect.maxY - Self.progressHeight, width: rect.width, height: Self.progressHeight)
        cr.fill(track, Color(0, 0, 0, 0.55))
        let done = Rect(x: track.x, y: track.y, width: track.width * max(0.02, p.fraction), height: track.height)
        cr.fill(done, p.previewComplete ? Theme.accent : Color(hex: 0xf0a030))
    }
}
