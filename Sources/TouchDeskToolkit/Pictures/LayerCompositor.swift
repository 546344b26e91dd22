import TouchDeskDrawing
import TouchDeskFiles
import TouchDeskInterface
import TouchDeskModels

/// Draws a stack of pictures (back to front) into one square, scaled to fit with their aspect
/// ratio kept: picture files from an `ImageStore`, or drawings made at the composite's own pixel
/// size (so they are sharp at any size and device scale).
///
/// The composite of each distinct list of pictures is kept at the target's pixel size, so an
/// animating app draws one image per frame instead of ten scaled PNGs; an animation only switches
/// between the few composites its frames make. A new size throws the composites away.
public final class LayerCompositor {
    public let store: ImageStore
    /// The folder under the assets folder the pictures are in, e.g. "stickman".
    public let folder: String
    /// Draws one picture by name into a rectangle, instead of loading its file.
    public typealias Painter = (_ name: String, _ rect: Rect, _ cr: CairoContext) -> Void
    private let painter: Painter?
    private var composites: [[String]: ImageSurface] = [:]
    private var order: [[String]] = []
    private(set) var pixelSize = (width: 0, height: 0)
    /// The composite made last: what stands in while another is made.
    private var lastDrawn: ImageSurface?
    /// What `draw` shows now, and the pictures last asked for.
    private var shown: ImageSurface?
    private var wanted: [String]?
    /// A composite being made in the background: for which pictures, at which pixel size.
    private var pending: (pictures: [String], width: Int, height: Int, job: BackgroundJob<Rendered>)?
    /// From this many pixels on, a composite of files is made in the background (at 1× a
    /// 1000-point square; the window's first frame is always made at once).
    static let backgroundPixels = 1_000_000
    /// How many composites are kept: enough for every frame of the longest animation.
    public static let keep = 6

    public init(store: ImageStore, folder: String) {
        self.store = store
        self.folder = folder
        painter = nil
    }

    /// A compositor of drawn pictures: no files are read.
    public init(painter: @escaping Painter) {
        store = ImageStore(directory: nil)
        folder = ""
        self.painter = painter
    }

    private func clear() {
        composites = [:]
        order = []
    }

    /// Makes the composite of `pictures`, back to front, for `rect` at `scale` pixels per point,
    /// for `draw`: called from layout and tick, never from draw. `quick` while the window is still
    /// being resized: the composite made last, scaled by Cairo as it is painted, stands in rather
    /// than a new one being made for every size the drag passes through. A large composite of
    /// picture files is made on a thread of its own (`collect` takes it in), the last one standing
    /// in meanwhile, so neither a resize nor a click ever stalls the window.
    public func prepare(_ pictures: [String], in rect: Rect, scale: Double, quick: Bool = false) {
        guard rect.width >= 1, rect.height >= 1 else { return }
        wanted = pictures
        let w = max(1, Int((rect.width * scale).rounded(.up))), h = max(1, Int((rect.height * scale).rounded(.up)))
        if w != pixelSize.width || h != pixelSize.height {
            if quick, lastDrawn != nil { shown = lastDrawn; return }
            clear()
            pixelSize = (w, h)
        }
        if let s = composites[pictures] {
            lastDrawn = s
            shown = s
            return
        }
        if painter == nil, w * h >= Self.backgroundPixels, let last = lastDrawn {
            if pending.map({ $0.pictures != pictures || $0.width != w || $0.height != h }) ?? true {
                let files = pictures.map { store.file(folder + "/" + $0, shownAt: max(w, h)) }
                let points = rect.size
                pending = (pictures, w, h, BackgroundJob(name: "touchdesk-composite") { Self.render(files, width: w, height: h, points: points) })
            }
            shown = last
            return
        }
        let surface = composite(pictures, points: rect.size)
        lastDrawn = surface
        shown = surface
    }

    /// Draws what `prepare` made ready into `rect`. Only reads.
    public func draw(in rect: Rect, _ cr: CairoContext) {
        guard let shown, rect.width >= 1, rect.height >= 1 else { return }
        cr.draw(shown, in: rect)
    }

    /// Takes in a composite made in the background; true while one is being made or has just
    /// come in (so the frame that shows it is drawn).
    public func collect() -> Bool {
        guard let p = pending else { return false }
        guard let done = p.job.value else { return true }
        pending = nil
        if let surface = done.surface, p.width == pixelSize.width, p.height == pixelSize.height {
            keep(surface, for: p.pictures)
            if p.pictures == wanted { lastDrawn = surface; shown = surface }
        }
        return true
    }

    /// Waits for a composite being made in the background, and takes it in: for tests.
    public func finishBackgroundWork() {
        _ = pending?.job.wait()
        _ = collect()
    }

    /// A composite made on another thread: only that thread touched it until it is handed over.
    nonisolated struct Rendered: @unchecked Sendable { let surface: ImageSurface? }

    /// Reads and stacks the picture files into a new surface of `width` × `height` pixels; nil
    /// (then the UI thread makes it, with its placeholders and warnings) if a file fails to load.
    nonisolated static func render(_ files: [String?], width: Int, height: Int, points: Size) -> Rendered {
        var pictures: [ImageSurface] = []
        for file in files {
            guard let file, case .success(let loaded) = PictureReader.read(file, scale: 1) else { return Rendered(surface: nil) }
            let picture = loaded.surface
            pictures.append(picture)
        }
        let s = ImageSurface(size: Size(Double(width), Double(height)))
        s.draw { cr in
            cr.scale(Double(width) / points.width, Double(height) / points.height)
            for p in pictures {
                let k = min(points.width / p.size.width, points.height / p.size.height)
                let target = Rect(x: (points.width - p.size.width * k) / 2, y: (points.height - p.size.height * k) / 2,
                                  width: p.size.width * k, height: p.size.height * k)
                cr.draw(p, in: target, filter: .good)
            }
        }
        return Rendered(surface: s)
    }

    private func composite(_ pictures: [String], points: Size) -> ImageSurface {
        let s = ImageSurface(size: Size(Double(pixelSize.width), Double(pixelSize.height)))
        s.draw { cr in
            cr.scale(Double(pixelSize.width) / points.width, Double(pixelSize.height) / points.height)
            let rect = Rect(x: 0, y: 0, width: points.width, height: points.height)
            for p in pictures {
                if let painter { painter(p, rect, cr) } else { store.drawUncached(folder + "/" + p, in: rect, cr) }
            }
        }
        keep(s, for: pictures)
        return s
    }

    private func keep(_ s: ImageSurface, for pictures: [String]) {
        if order.count >= Self.keep, let oldest = order.first {
            order.removeFirst()
            composites.removeValue(forKey: oldest)
        }
        composites[pictures] = s
        order.removeAll { $0 == pictures }
        order.append(pictures)
    }

    /// Says which picture could not be loaded, centred on `y` across `width`, on a dark strip so
    /// it reads over anything; nothing when every picture loaded.
    public func drawWarning(_ cr: CairoContext, y: Double, width: Double) {
        guard let first = store.warnings.first else { return }
        let more = store.warnings.count > 1 ? " (and \(store.warnings.count - 1) more)" : ""
        let text = first + more
        let size = Text.fittingSize(text, width: width - 20, size: Theme.TextSize.caption)
        let w = min(width - 8, Text.width(text, size: size) + 12)
        cr.fill(Rect(x: (width - w) / 2, y: y - 10, width: w, height: 20), Theme.background.with(alpha: 0.9))
        cr.text(text, x: width / 2, y: y, size: size, color: Theme.error, align: .center)
    }

    /// How many composites are cached (for tests).
    var cachedCount: Int { composites.count }
}
