import TouchDeskDrawing
import Foundation
import TouchDeskInterface
import TouchDeskModels
import TouchDeskToolkit

/// Adding Images: five of Stick Man's pictures, each alone in a small framed square, and below
/// them all five composited in order into one large square.
///
/// It shows what a layer is, and lets you play with it: click a small square to hide or show
/// that layer in the composite, drag a square along the row to change the stacking order (left is
/// at the back), and watch the composite change. Keys 1–5 hide or show a layer, `[` and `]` move
/// the last one touched back or forward, R puts everything back.
public final class ImagesApp: MiniApp {
    public nonisolated static let id = "images"
    public nonisolated static let title = "Adding Images"
    public nonisolated static let blurb = "Five picture layers and the one picture they stack into: hide, show and reorder them."

    /// The five layers, back to front, as the app opens.
    public static let pictures: [StickManPicture] = [.background, .baseline, .readThePaper, .hat, .legs]
    /// What shows through the transparent parts of a picture.
    static let paper = Color(hex: 0xf7f4ec)
    static let frame = Theme.accent
    static let frameWidth = 3.0
    /// How far a touch moves before it is a drag rather than a click.
    static let dragThreshold = 6.0

    public private(set) var model = ImageLayers(ImagesApp.pictures)
    let compositor: LayerCompositor
    /// The small squares, in stacking order, and the large one.
    private(set) var smallRects: [Rect] = []
    private(set) var compositeRect = Rect.zero
    private var captionSize = 0.0
    /// Where the line that says the squares can be clicked and dragged goes (nil: no room for it).
    private(set) var hintY: Double?
    private var size = Size(0, 0)
    private var scale = 1.0
    /// Ticks since the window last changed size: until `settleTicks`, the pictures of the last
    /// size are scaled as they are painted (a drag-resize stays smooth), then made sharp once.
    private var ticksSinceResize = Int.max
    static let settleTicks = 12
    var isSettled: Bool { ticksSinceResize >= Self.settleTicks }
    /// The layer last touched (the one `[` and `]` move), and a touch in progress on a square.
    public private(set) var selected: Int?
    private var touch: (layer: Int, start: Point, now: Point, dragging: Bool)?

    /// The app's keys (its squares are its only buttons).
    nonisolated enum Control: ControlID {
        case toggle(Int), back, forward, reset
        var name: String {
            switch self {
            case .toggle(let i): "toggle.\(i + 1)"
            default: "\(self)"
            }
        }
    }
    let keys = Controls<Control>()

    public init(environment: AppEnvironment) {
        compositor = LayerCompositor(store: ImageStore(directory: environment.assetsDirectory), folder: "stickman")
        for i in Self.pictures.indices { keys.addKeys(.toggle(i), .key("\(i + 1)", "KP_\(i + 1)"), help: "Hide or show that layer") }
        keys.addKeys(.back, .key("bracketleft"), help: "Move the last layer touched back")
        keys.addKeys(.forward, .key("bracketright"), help: "Move the last layer touched forward")
        keys.addKeys(.reset, .key("r"), help: "Show every layer in the first order")
    }

    /// The small squares, for the keyboard: Tab reaches them, the arrows move along them, Space shows or hides one.
    lazy var layerSpots = FocusSpots { [unowned self] in
        smallRects.enumerated().map { i, rect in
            // Spoken as the caption reads: "1 Background", and whether it is hidden.
            let layer = model.layers[i]
            let label = "\(i + 1) " + tr(layer.picture.words) + (layer.isVisible ? "" : ", " + tr("Hidden"))
            return Focusable(name: "layer.\(i + 1)", label: label, frame: rect, role: .button, group: 1)
        }
    }

    public var widgets: [any WidgetGroup] { [keys, layerSpots] }
    public var extraKeys: [KeyHelp] {
        [KeyHelp("Click a small square", "Hide or show that layer"), KeyHelp("Drag a small square", "Move the layer back or forward")]
    }

    /// The squares are controls: a click toggles one.
    public var controlRects: [ControlRect] {
        smallRects.enumerated().map { ControlRect("layer.\($0.offset + 1)", $0.element) }
    }

    // MARK: - MiniApp

    public func layout(in size: Size, scale: Double) {
        if size != self.size && self.size.width > 0 { ticksSinceResize = 0 }
        self.size = size
        self.scale = scale
        defer { preparePictures() }
        let margin = 12.0, gap = 10.0
        let n = Double(Self.pictures.count)
        // The small squares take a fifth of the height at most; the large one what is left.
        var small = ((size.width - 2 * margin - (n - 1) * gap) / n).rounded(.down)
        small = max(0, min(small, (size.height * 0.2).rounded(.down), 220))
        captionSize = small >= 56 ? Theme.TextSize.caption : 0
        // A caption wider than its square wraps (a second line) rather than shrinking past reading.
        let captionsH = Self.pictures.indices.map { captionLayout($0, width: small).height }.max() ?? 0
        let captionH = captionSize > 0 ? max(18, captionsH + 4) : 0
        let rowW = n * small + (n - 1) * gap
        let x0 = ((size.width - rowW) / 2).rounded(.down)
        smallRects = (0..<Self.pictures.count).map {
            Rect(x: x0 + Double($0) * (small + gap), y: margin, width: small, height: small)
        }
        // Under the captions, what the squares do, where the window has the height for it.
        let hintH = captionSize > 0 && size.height >= 480 ? 20.0 : 0
        hintY = hintH > 0 ? margin + small + captionH + hintH / 2 + 2 : nil
        let top = margin + small + captionH + hintH + gap
        let big = max(0, min(size.width - 2 * margin, size.height - top - margin)).rounded(.down)
        compositeRect = Rect(x: ((size.width - big) / 2).rounded(.down), y: top, width: big, height: big)
    }

    public func handle(_ event: InputEvent) -> Bool {
        defer { preparePictures() }
        switch event {
        case .touchBegan(let p):
            guard let i = smallRects.firstIndex(where: { $0.contains(p) }) else { return false }
            touch = (i, p, p, false)
            selected = i
        case .touchMoved(let p):
            guard var t = touch else { return false }
            t.now = p
            if !t.dragging && abs(p.x - t.start.x) + abs(p.y - t.start.y) > Self.dragThreshold { t.dragging = true }
            if t.dragging, let slot = slot(atX: p.x), slot != t.layer {
                // The layer follows the pointer along the row: the composite changes as it goes.
                model.move(from: t.layer, to: slot)
                t.layer = slot
                selected = slot
            }
            touch = t
        case .touchEnded(let p):
            guard let t = touch else { return false }
            touch = nil
            if !t.dragging && smallRects[t.layer].contains(p) { model.toggle(t.layer) }
        case .key:
            guard case .activated(let c) = keys.handle(event) else { return false }
            switch c {
            case .toggle(let i): model.toggle(i); selected = i
            case .back: if let i = selected { model.move(from: i, to: i - 1); selected = max(0, i - 1) }
            case .forward: if let i = selected { model.move(from: i, to: i + 1); selected = min(model.layers.count - 1, i + 1) }
            case .reset: model.reset(); selected = nil
            }
        default:
            return false
        }
        return true
    }

    /// The square whose slot is nearest `x`.
    private func slot(atX x: Double) -> Int? {
        smallRects.indices.min { abs(smallRects[$0].midX - x) < abs(smallRects[$1].midX - x) }
    }

    /// Counts down to the settled size, and takes in a composite made in the background; true
    /// until both are done, so the sharp frame is drawn.
    public func tick() -> Bool {
        let composing = compositor.collect()
        defer { preparePictures() }
        guard !isSettled else { return composing }
        ticksSinceResize += 1
        return true
    }

    /// Makes every picture ready at the size and scale it is shown at, for `draw`: after a
    /// layout, an event or a tick (cache hits when nothing changed).
    private func preparePictures() {
        for (i, rect) in smallRects.enumerated() where rect.width >= 4 {
            compositor.store.prepare("stickman/" + model.layers[i].picture.rawValue, in: rect, scale: scale, quick: !isSettled)
        }
        if compositeRect.width >= 4 {
            compositor.prepare(model.visiblePictures.map(\.rawValue), in: compositeRect, scale: scale, quick: !isSettled)
        }
    }

    public func draw(_ cr: CairoContext) {
        let dragged = touch.flatMap { $0.dragging ? $0.layer : nil }
        for (i, rect) in smallRects.enumerated() where rect.width >= 4 && i != dragged {
            drawSmall(i, in: rect, cr)
        }
        if compositeRect.width >= 4 {
            drawFramed(compositeRect, cr) {
                compositor.draw(in: compositeRect, cr)
            }
        }
        // The square being dragged rides on top, under the pointer.
        if let i = dragged, let t = touch, smallRects.indices.contains(i) {
            let r = smallRects[i]
            drawSmall(i, in: Rect(x: t.now.x - r.width / 2, y: r.y + 4, width: r.width, height: r.height), cr)
        }
        if let hintY {
            let hint = tr("Click a square to hide or show its picture; drag it left or right to stack it lower or higher")
            cr.text(hint, x: size.width / 2, y: hintY, size: Text.fittingSize(hint, width: size.width - 24, size: Theme.TextSize.caption),
                    color: Theme.text, align: .center)
        }
        layerSpots.draw(cr)
        compositor.drawWarning(cr, y: size.height - 12, width: size.width)
    }

    private func drawSmall(_ i: Int, in rect: Rect, _ cr: CairoContext) {
        let layer = model.layers[i]
        let name = layer.picture.rawValue
        drawFramed(rect, cr, visible: layer.isVisible) { compositor.store.draw("stickman/" + name, in: rect, cr) }
        if !layer.isVisible {
            // Hidden: the picture faded, its frame dim, and the word on it.
            cr.fill(rect, Self.paper.with(alpha: 0.7))
            let s = Text.fittingSize(tr("Hidden"), width: rect.width - 8, size: Theme.TextSize.label, weight: .bold)
            cr.text(tr("Hidden"), x: rect.midX, y: rect.midY, size: s, color: Theme.background, weight: .bold, align: .center)
        }
        if selected == i {
            Theme.text.set(cr)
            cr.setLineWidth(1.5)
            cr.rectangle(rect.insetBy(-3))
            cr.stroke()
        }
        if captionSize > 0 {
            cr.draw(captionLayout(i, width: rect.width), x: rect.midX - (rect.width + 8) / 2, y: rect.maxY + 3,
                    color: layer.isVisible ? Theme.dimText : Theme.dimText.with(alpha: 0.5))
        }
    }

    /// The caption under square `i` ("3 Reading the paper"), wrapped by word to a little more than
    /// the square's width; a single word too long for it ("1 Background") makes the type a little
    /// smaller rather than break inside the word.
    private func captionLayout(_ i: Int, width: Double) -> TextLayout {
        let words = "\(i + 1) " + tr(model.layers[i].picture.words)
        let s = words.split(separator: " ").map { Text.fittingSize("\(i + 1) " + $0, width: width + 8, size: Theme.TextSize.caption) }.min() ?? Theme.TextSize.caption
        return Text.layout(words, font: Font(size: s), width: width + 8, wrap: true, align: .center)
    }

    /// Paper under the picture, the picture clipped to the square, then the frame over its edge.
    private func drawFramed(_ rect: Rect, _ cr: CairoContext, visible: Bool = true, _ picture: () -> Void) {
        cr.fill(rect, Self.paper)
        cr.save()
        cr.rectangle(rect)
        cr.clip()
        picture()
        cr.restore()
        (visible ? Self.frame : Theme.dimText).set(cr)
        cr.setLineWidth(Self.frameWidth)
        cr.rectangle(rect.insetBy(Self.frameWidth / 2))
        cr.stroke()
    }

    public static func drawIcon(_ cr: CairoContext, in r: Rect) {
        let colors = [Color(hex: 0xbfe6ff), Color(hex: 0xffd9a8), Color(hex: 0xefe8d4), Color(hex: 0x3b2f6b), Color(hex: 0x7cc96b)]
        let gap = r.width * 0.04
        let small = (r.width - 4 * gap) / 5
        for (i, c) in colors.enumerated() {
            let cell = Rect(x: r.x + Double(i) * (small + gap), y: r.y + r.height * 0.05, width: small, height: small)
            cr.fill(cell, c)
        }
        // The composite: Stick Man's icon, framed.
        let big = Rect(x: r.x + r.width * 0.2, y: r.y + r.height * 0.05 + small + gap * 2, width: r.width * 0.6, height: r.width * 0.6)
        cr.save()
        StickManArt.icon(cr, in: big)
        cr.restore()
        frame.set(cr)
        cr.setLineWidth(1.5)
        cr.rectangle(big)
        cr.stroke()
    }
}
