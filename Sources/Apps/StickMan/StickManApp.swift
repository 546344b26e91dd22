import TouchDeskDrawing
import Foundation
import TouchDeskInterface
import TouchDeskModels
import TouchDeskToolkit

/// Stick Man: a friendly stick figure made of picture layers; six buttons change his mood, put a
/// hat on, and start small animations (reading the paper, flying, swinging a pendulum).
///
/// The pictures are the project's own drawings (`StickManArt`, which make-assets also writes to
/// assets/stickman for Adding Images), drawn at the size and device scale they are shown at; the
/// layers are composited by a `LayerCompositor`, and the model says which picture each layer
/// shows at each tick.
public final class StickManApp: MiniApp {
    public nonisolated static let id = "stickman"
    public nonisolated static let title = "Stick Man"
    public nonisolated static let blurb = "A stick man made of picture layers: make him happy or sad, give him a hat, a newspaper, wings or a pendulum."

    public private(set) var model = StickManModel()
    let controls = Controls<StickManAction>()
    let compositor: LayerCompositor
    /// Where the picture is drawn (a square) and where the speech bubble is.
    private(set) var pictureRect = Rect.zero
    private(set) var bubbleRect = Rect.zero
    private var size = Size(0, 0)
    private var scale = 1.0

    public init(environment: AppEnvironment) {
        compositor = LayerCompositor { name, rect, cr in
            guard let picture = StickManPicture(rawValue: name) else { return }
            let side = min(rect.width, rect.height)
            cr.save()
            cr.translate(rect.midX - side / 2, rect.midY - side / 2)
            cr.scale(side / Double(StickManPicture.side), side / Double(StickManPicture.side))
            StickManArt.draw(picture, in: cr)
            cr.restore()
        }
        for a in StickManAction.allCases {
            // Each shows whether it is on: the hat, and the pose showing now.
            controls.add(a, a.title, key: .key("\(a.rawValue)", "KP_\(a.rawValue)"), kind: .toggle)
        }
    }

    // MARK: - MiniApp

    public func layout(in size: Size, scale: Double) {
        self.size = size
        self.scale = scale
        defer { preparePicture() }
        let barH = controls.layoutToolbar(atBottomOf: size)
        let bubbleH = 40.0
        bubbleRect = Rect(x: 12, y: 8, width: max(0, size.width - 24), height: bubbleH)
        let top = bubbleRect.maxY + 10
        let side = max(0, min(size.width - 16, size.height - barH - top - 4)).rounded(.down)
        pictureRect = Rect(x: ((size.width - side) / 2).rounded(.down), y: top, width: side, height: side)
    }

    public func handle(_ event: InputEvent) -> Bool {
        switch controls.handle(event) {
        case .activated(let a): perform(a); return true
        case .consumed: return true
        case .changed, .stepped, .ignored: return false
        }
    }

    public func perform(_ action: StickManAction) {
        defer { preparePicture() }
        model.perform(action)
        for a in StickManAction.allCases {
            controls.setOn(a, a == .hat ? model.hasHat : model.mode == a)
        }
    }

    public func tick() -> Bool {
        defer { preparePicture() }
        return model.tick()
    }

    /// Makes the composite of the pictures showing now ready for `draw`.
    private func preparePicture() {
        if pictureRect.width >= 1 { compositor.prepare(model.visiblePictures.map(\.rawValue), in: pictureRect, scale: scale) }
    }

    public func draw(_ cr: CairoContext) {
        if pictureRect.width >= 1 {
            compositor.draw(in: pictureRect, cr)
            if model.hasWings { drawWings(cr) }
        }
        drawBubble(cr)
        compositor.drawWarning(cr, y: pictureRect.maxY - 14, width: size.width)
        controls.draw(cr)
    }

    /// A rounded speech bubble with a tail pointing down at Stick Man's head.
    private func drawBubble(_ cr: CairoContext) {
        let b = bubbleRect
        guard b.width > 40 else { return }
        let label = tr(model.label)
        let textSize = Text.fittingSize(label, width: b.width - 28, size: Theme.TextSize.headline, weight: .bold)
        let w = min(b.width, Text.width(label, size: textSize, weight: .bold) + 32)
        let box = Rect(x: (b.midX - w / 2).rounded(), y: b.y, width: w, height: b.height)
        // The head is at (200, 120) of the 400-pixel artwork.
        let headX = pictureRect.x + pictureRect.width * 0.5
        let tipY = pictureRect.y + pictureRect.height * 0.06
        let tailX = min(max(headX + 18, box.x + 16), box.maxX - 30)
        Self.bubbleFill.set(cr)
        cr.roundedRect(box, radius: 14)
        cr.fill()
        cr.moveTo(tailX, box.maxY - 1)
        cr.lineTo(tailX + 16, box.maxY - 1)
        cr.lineTo(headX + 8, max(tipY, box.maxY + 4))
        cr.closePath()
        cr.fill()
        cr.text(label, x: box.midX, y: box.midY, size: textSize, color: Self.bubbleText, weight: .bold, align: .center)
    }

    static let wingFill = Color(hex: 0xf4f7ff, alpha: 0.85)
    static let wingEdge = Color(hex: 0x6c7a9c)

    /// Two feathered wings at his shoulders, up or down with his arms.
    private func drawWings(_ cr: CairoContext) {
        let r = pictureRect, u = r.width / 400
        // The shoulders are at about (200, 190) of the 400-pixel artwork.
        let sx = r.x + 200 * u, sy = r.y + 190 * u
        let up = model.picture(in: .leftHand) != .leftHandDown
        let tipY = sy + (up ? -95 : 45) * u
        cr.saved {
            cr.setLineWidth(max(1, 2 * u))
            cr.setLineJoin(.round)
            for side in [-1.0, 1.0] {
                cr.moveTo(sx + side * 12 * u, sy)
                cr.curveTo(sx + side * 60 * u, tipY - 10 * u, sx + side * 130 * u, tipY, sx + side * 150 * u, tipY + 10 * u)
                // Three scallops of feathers back to the shoulder.
                for k in 1...3 {
                    let t = Double(k) / 3
                    let x = sx + side * (150 - 120 * t) * u, y = tipY + 10 * u + (sy + 30 * u - tipY - 10 * u) * t
                    cr.curveTo(x + side * 10 * u, y + 22 * u, x - side * 10 * u, y + 22 * u, x, y)
                }
                cr.closePath()
                Self.wingFill.set(cr)
                cr.fillPreserve()
                Self.wingEdge.set(cr)
                cr.stroke()
            }
        }
    }

    static let bubbleFill = Color(hex: 0xfdfbf3)
    static let bubbleText = Color(hex: 0x2b2b3a)

    public static func drawIcon(_ cr: CairoContext, in r: Rect) { StickManArt.icon(cr, in: r) }
}

extension StickManApp {
    public var widgets: [any WidgetGroup] { [controls] }
}

/// Each action is a toolbar toggle of its own.
extension StickManAction: ControlID {
    public var name: String { "action.\(rawValue)" }
}
