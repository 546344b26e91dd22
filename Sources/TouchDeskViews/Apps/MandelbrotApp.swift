import TouchDeskDrawing
import Foundation
import TouchDeskInterface
import MandelbrotEngine
import TouchDeskModels

/// Mandelbrot: explore the Mandelbrot set by tapping quadrants, as the seed did, or by wheel
/// and drag; deep zoom far past where doubles give out.
///
/// The picture is a persistent image surface. A view change first moves the old pixels to where
/// they belong in the new view (an instant, blurry preview), then starts a threaded render
/// (`MandelbrotRenderer`) whose coarse and then final bands the tick copies in as they arrive;
/// tick and draw never wait for a worker.
public final class MandelbrotApp: MiniApp {
    public nonisolated static let id = "mandelbrot"
    public nonisolated static let title = "Mandelbrot"
    public nonisolated static let blurb = "Tap a quadrant to zoom into the Mandelbrot set; wheel, drag, deep zoom, smooth colours, save as PNG."

    public private(set) var model = MandelbrotModel()
    let environment: AppEnvironment
    let controls = Controls()
    let renderer = MandelbrotRenderer()
    /// Where the picture is drawn, in the app's coordinates.
    public private(set) var imageRect = Rect.zero
    private var size = Size(0, 0)
    /// The picture, `frame.width` × `frame.height` pixels (RGB24).
    private var surface: ImageSurface?
    public private(set) var frame: MandelbrotFrame?
    private var toast = Toast()
    private var pendingSave = false
    /// A touch in the picture: where it began, and how far it has been dragged.
    private var touchStart: Point?
    private var dragOffset: Point?

    static let labelHeight = 30.0
    /// A touch that moves less than this is a tap (a quadrant), not a drag.
    static let dragThreshold = 4.0
    /// One wheel notch scales the span by this (or its inverse).
    static let wheelFactor = 0.8

    public init(environment: AppEnvironment) {
        self.environment = environment
        controls.add("reset", "Reset", shortcut: "R")
        controls.add("out", "Out", shortcut: "⌫")
        controls.add("fewer", "Iter −", shortcut: "[")
        controls.add("more", "Iter +", shortcut: "]")
        controls.add("smooth", "Smooth", shortcut: "S", kind: .toggle)
        controls.add("save", "Save", shortcut: "Ctrl+S")
        syncControls()
    }

    isolated deinit {
        renderer.cancel()
    }

    // MARK: - Journeys (command line)

    /// Opens at the end of a journey (`--journey`); throws, changing nothing, if it is malformed.
    public func go(journey text: String) throws {
        let steps = try MandelbrotJourney.parse(text)
        var m = try MandelbrotModel(journey: steps)
        m.smooth = model.smooth
        model = m
        restart(preview: nil)
    }

    /// Blocks until the picture is complete and copied in. Only for `--screenshot` and tests:
    /// the window never calls it.
    public func finishRendering() {
        renderer.waitUntilComputed()
        absorbTiles()
    }

    public var isRendering: Bool { renderer.isRendering }

    // MARK: - MiniApp

    public func layout(in size: Size) {
        self.size = size
        let barH = controls.layoutToolbar(atBottomOf: size)
        imageRect = Rect(x: 0, y: Self.labelHeight, width: size.width, height: max(0, size.height - barH - Self.labelHeight))
        let w = Int(imageRect.width.rounded(.down)), h = Int(imageRect.height.rounded(.down))
        if frame?.width != w || frame?.height != h {
            let old = frame
            // The old picture, scaled about its centre to the new size's fit, as the preview.
            let k = old.map { o in ExtendedDouble.ratio(o.window.extendedSpan, model.window.extendedSpan)
                * Double(max(1, min(w, h))) / Double(max(1, min(o.width, o.height))) } ?? 1
            restart(preview: old.map { o in (k, Point(Double(w) / 2 - Double(o.width) / 2 * k, Double(h) / 2 - Double(o.height) / 2 * k)) })
        }
    }

    public func handle(_ event: InputEvent) -> Bool {
        switch controls.handle(event) {
        case .activated(let id): activate(id); return true
        case .consumed: return true
        case .changed, .ignored: break
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
        case .key(let k):
            return handleKey(k)
        default:
            return false
        }
        return true
    }

    private func handleKey(_ k: Key) -> Bool {
        if k.is("s", control: true) { activate("save") }
        else if k.is("c", control: true) { copyView() }
        else if k.is("r") || k.is("Home") { activate("reset") }
        else if k.is("BackSpace") || k.is("minus") || k.is("KP_Subtract") { activate("out") }
        else if k.is("bracketleft") { activate("fewer") }
        else if k.is("bracketright") { activate("more") }
        else if k.is("s") { activate("smooth") }
        else if let q = Int(k.name), (1...4).contains(q), !k.control { zoomIntoQuadrant(q) }
        else if k.is("plus") || k.is("equal") || k.is("KP_Add") { zoom(by: 0.5, about: imageRect.center) }
        else if k.is("Left") { panStep(-1, 0) }
        else if k.is("Right") { panStep(1, 0) }
        else if k.is("Up") { panStep(0, -1) }
        else if k.is("Down") { panStep(0, 1) }
        else { return false }
        return true
    }

    private func activate(_ id: String) {
        switch id {
        case "reset":
            model.reset()
            restart(preview: nil)
        case "out": zoomOut()
        case "fewer", "more":
            if model.changeLimit(by: id == "more" ? 1 : -1) { restart(preview: nil) }
            else { toast.show("The iteration limit stays within \(MandelbrotModel.limitRange.lowerBound)–\(MandelbrotModel.limitRange.upperBound)", isError: true) }
        case "smooth":
            model.smooth.toggle()
            restart(preview: nil)
        case "save":
            pendingSave = true
            if !renderer.isRendering { saveNow() }
        default: break
        }
        syncControls()
    }

    private func syncControls() {
        controls.setOn("smooth", model.smooth)
    }

    /// Opens at a window given exactly (`--center RE,IM --width W`).
    public func go(window: MandelbrotWindow) {
        var m = MandelbrotModel(window: window)
        m.smooth = model.smooth
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

    /// The picture's shorter side in pixels: the view's width spans it.
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
        let quarter = Double(min(frame?.width ?? 0, frame?.height ?? 0)) / 4
        let qc = Point((frame.map { Double($0.width) / 2 } ?? 0) + (q == 1 || q == 3 ? -quarter : quarter),
                       (frame.map { Double($0.height) / 2 } ?? 0) + (q == 1 || q == 2 ? -quarter : quarter))
        let c = Point(Double(frame?.width ?? 0) / 2, Double(frame?.height ?? 0) / 2)
        restart(preview: (2, Point(c.x - 2 * qc.x, c.y - 2 * qc.y)))
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
        let t = Point(w / 2 - w / 2 * k + dx, h / 2 - h / 2 * k - dy)
        restart(preview: (k, t))
    }

    /// Zooms by `factor` (< 1 magnifies) keeping the point under `p` in place.
    private func zoom(by factor: Double, about p: Point) {
        let local = Point(p.x - imageRect.x, p.y - imageRect.y)
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

    /// Moves the picture by `d` points (the plane follows the pointer).
    private func pan(by d: Point) {
        model.pan(widths: -d.x / side, d.y / side)
        restart(preview: (1, d))
    }

    private func panStep(_ x: Double, _ y: Double) {
        pan(by: Point(-x * imageRect.width / 8, -y * imageRect.height / 8))
    }

    // MARK: - Rendering

    /// Starts rendering the model's view at the picture's size. `preview`, if given, maps the old
    /// picture into the new one (new = old·scale + offset) until the render covers it.
    private func restart(preview: (scale: Double, offset: Point)?) {
        let w = Int(imageRect.width.rounded(.down)), h = Int(imageRect.height.rounded(.down))
        let f = MandelbrotFrame(window: model.window, width: max(0, w), height: max(0, h), limit: model.limit, smooth: model.smooth)
        guard w > 0, h > 0 else {
            renderer.cancel()
            frame = f
            return
        }
        let fresh = ImageSurface(size: Size(Double(w), Double(h)), format: .rgb)
        if let old = surface, let preview {
            fresh.draw { cr in
                cr.translate(preview.offset.x, preview.offset.y)
                cr.scale(preview.scale, preview.scale)
                cr.setSource(old, filter: .fast)
                cr.paint()
            }
        }
        surface = fresh
        frame = f
        renderer.start(f)
    }

    /// Copies the finished bands into the picture.
    private func absorbTiles() {
        let tiles = renderer.drain()
        guard let surface, let f = frame, !tiles.isEmpty else { return }
        surface.withPixels { data, stride in
            for t in tiles where t.width == f.width && t.y + t.height <= f.height {
                t.pixels.withUnsafeBufferPointer { src in
                    for r in 0..<t.height {
                        let row = (data + (t.y + r) * stride).assumingMemoryBound(to: UInt32.self)
                        row.update(from: src.baseAddress! + r * t.width, count: t.width)
                    }
                }
            }
        }
    }

    public func tick() -> Bool {
        absorbTiles()
        let rendering = renderer.isRendering
        if pendingSave && !rendering { saveNow() }
        let toastShowing = toast.tick()
        return rendering || toastShowing
    }

    // MARK: - Drawing

    public func draw(_ cr: CairoContext) {
        cr.fill(imageRect, Color(0, 0, 0))
        if let surface {
            cr.save()
            cr.rectangle(imageRect)
            cr.clip()
            let d = dragOffset ?? .zero
            cr.setSource(surface, at: imageRect.x + d.x, imageRect.y + d.y)
            cr.paint()
            cr.restore()
        }
        drawCrossHair(cr)
        drawLabels(cr)
        controls.draw(cr)
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
            cr.text("\(q)", x: qx, y: qy, size: 12, color: Color(1, 1, 1, 0.75), weight: .bold, align: .center)
        }
    }

    private func drawLabels(_ cr: CairoContext) {
        let y = Self.labelHeight / 2
        let journey = "Journey: " + model.journeyText
        cr.text(journey, x: 10, y: y, size: Text.fittingSize(journey, width: size.width * 0.55, size: 15, weight: .bold), weight: .bold)
        var info = "zoom " + model.window.zoomText + " · limit \(model.limit)"
        if let f = frame, renderer.isRendering {
            info += String(format: " · %d%%", Int(renderer.progress(of: f) * 100))
        }
        cr.text(info, x: size.width - 10, y: y, size: Text.fittingSize(info, width: size.width * 0.42, size: 13),
                  color: Theme.dimText, align: .right)
    }

    static func zoomText(_ z: Double) -> String {
        z < 1e6 ? String(format: "%g×", (z * 100).rounded() / 100) : String(format: "%.2e×", z)
    }

    public static func drawIcon(_ cr: CairoContext, in r: Rect) {
        // A tiny render of the start view, computed with the same kernel and colours.
        let n = 48
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

    /// Saves the picture as PNG in the pictures folder (or home); says where, or why not.
    @discardableResult
    public func saveNow() -> String? {
        pendingSave = false
        guard let surface, let f = frame, f.width > 0, f.height > 0 else {
            toast.show("Nothing to save: the window is too small", isError: true)
            return nil
        }
        let outcome = environment.savePicture(surface, stem: "touchdesk-mandelbrot")
        toast.show(outcome)
        return outcome.path
    }

    /// The message showing at the bottom, if any (for tests).
    public var toastMessage: String? { toast.isVisible ? toast.message : nil }
}
