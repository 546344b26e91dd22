import TouchDeskDrawing
import Foundation
import TouchDeskInterface
import TouchDeskModels

/// Adding Images: five of Stick Man's pictures, each alone in a small framed square, and below
/// them all five composited in order into one large square.
///
/// It shows what a layer is: the background alone, the body alone, the newspaper, the hat and the
/// legs alone, and how stacking them back to front makes one picture.
public final class ImagesApp: MiniApp {
    public nonisolated static let id = "images"
    public nonisolated static let title = "Adding Images"
    public nonisolated static let blurb = "Five pictures, each in its own small square, and all five stacked into one: how layers add up."

    /// The five layers, back to front.
    public static let pictures: [StickManPicture] = [.background, .baseline, .readThePaper, .hat, .legs]
    /// What shows through the transparent parts of a picture.
    static let paper = Color(hex: 0xf7f4ec)
    static let frame = Theme.accent
    static let frameWidth = 3.0

    let compositor: LayerCompositor
    /// The small squares, in order, and the large one.
    public private(set) var smallRects: [Rect] = []
    public private(set) var compositeRect = Rect.zero
    private var captionSize = 0.0
    private var size = Size(0, 0)

    public init(environment: AppEnvironment) {
        compositor = LayerCompositor(store: ImageStore(directory: environment.assetsDirectory), folder: "stickman")
    }

    // MARK: - MiniApp

    public func layout(in size: Size) {
        self.size = size
        let margin = 12.0, gap = 10.0
        let n = Double(Self.pictures.count)
        // The small squares take a fifth of the height at most; the large one what is left.
        var small = ((size.width - 2 * margin - (n - 1) * gap) / n).rounded(.down)
        small = max(0, min(small, (size.height * 0.22).rounded(.down), 140))
        captionSize = small >= 56 ? 11 : 0
        let captionH = captionSize > 0 ? 16.0 : 0
        let rowW = n * small + (n - 1) * gap
        let x0 = ((size.width - rowW) / 2).rounded(.down)
        smallRects = (0..<Self.pictures.count).map {
            Rect(x: x0 + Double($0) * (small + gap), y: margin, width: small, height: small)
        }
        let top = margin + small + captionH + gap
        let big = max(0, min(size.width - 2 * margin, size.height - top - margin)).rounded(.down)
        compositeRect = Rect(x: ((size.width - big) / 2).rounded(.down), y: top, width: big, height: big)
    }

    public func handle(_ event: InputEvent) -> Bool { false }

    public func tick() -> Bool { false }

    public func draw(_ cr: CairoContext) {
        for (i, rect) in smallRects.enumerated() where rect.width >= 4 {
            let name = Self.pictures[i].rawValue
            drawFramed(rect, cr) { compositor.store.draw("stickman/" + name, in: rect, cr) }
            if captionSize > 0 {
                let s = Text.fittingSize(name, width: rect.width + 8, size: captionSize)
                cr.text(name, x: rect.midX, y: rect.maxY + 10, size: s, color: Theme.dimText, align: .center)
            }
        }
        if compositeRect.width >= 4 {
            drawFramed(compositeRect, cr) {
                compositor.draw(Self.pictures.map(\.rawValue), in: compositeRect, cr)
            }
        }
        compositor.drawWarning(cr, y: size.height - 12, width: size.width)
    }

    /// Paper under the picture, the picture clipped to the square, then the frame over its edge.
    private func drawFramed(_ rect: Rect, _ cr: CairoContext, _ picture: () -> Void) {
        cr.fill(rect, Self.paper)
        cr.save()
        cr.rectangle(rect)
        cr.clip()
        picture()
        cr.restore()
        Self.frame.set(cr)
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
        // The composite: Stick Man's own icon, framed.
        let big = Rect(x: r.x + r.width * 0.2, y: r.y + r.height * 0.05 + small + gap * 2, width: r.width * 0.6, height: r.width * 0.6)
        cr.save()
        StickManApp.drawIcon(cr, in: big)
        cr.restore()
        frame.set(cr)
        cr.setLineWidth(1.5)
        cr.rectangle(big)
        cr.stroke()
    }
}
