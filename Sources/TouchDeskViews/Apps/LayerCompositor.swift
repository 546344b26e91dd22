import TouchDeskDrawing
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
    /// How many composites are kept: enough for every frame of the longest animation.
    static let keep = 6

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

    /// Draws `pictures`, back to front, into `rect`. `quick` while the window is still being
    /// resized: the composite of the last size, scaled by Cairo as it is painted, stands in
    /// rather than a new one being made for every size the drag passes through.
    public func draw(_ pictures: [String], in rect: Rect, _ cr: CairoContext, quick: Bool = false) {
        guard rect.width >= 1, rect.height >= 1 else { return }
        let scale = cr.deviceScale
        let w = max(1, Int((rect.width * scale).rounded(.up))), h = max(1, Int((rect.height * scale).rounded(.up)))
        if w != pixelSize.width || h != pixelSize.height {
            if quick, let old = composites[pictures] {
                cr.draw(old, in: rect, filter: .good)
                return
            }
            clear()
            pixelSize = (w, h)
        }
        let surface = composite(pictures, points: rect.size)
        cr.draw(surface, in: rect)
    }

    private func composite(_ pictures: [String], points: Size) -> ImageSurface {
        if let s = composites[pictures] { return s }
        let s = ImageSurface(size: Size(Double(pixelSize.width), Double(pixelSize.height)))
        s.draw { cr in
            cr.scale(Double(pixelSize.width) / points.width, Double(pixelSize.height) / points.height)
            let rect = Rect(x: 0, y: 0, width: points.width, height: points.height)
            for p in pictures {
                if let painter { painter(p, rect, cr) } else { store.draw(folder + "/" + p, in: rect, cr, keepsCopy: false) }
            }
        }
        if order.count >= Self.keep, let oldest = order.first {
            order.removeFirst()
            composites.removeValue(forKey: oldest)
        }
        composites[pictures] = s
        order.append(pictures)
        return s
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
