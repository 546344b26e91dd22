import TouchDeskDrawing
import Foundation
import TouchDeskInterface
import TouchDeskModels
import TouchDeskToolkit

/// Polygon: a regular polygon of 3 to 12 sides; drag anywhere around it to turn it.
///
/// The point under the pointer keeps its angle about the centre while dragging, however many
/// times it goes round; − and +, the slider, or the keys change the number of sides.
public final class PolygonApp: MiniApp {
    public nonisolated static let id = "polygon"
    public nonisolated static let title = "Polygon"
    public nonisolated static let blurb = "A regular polygon of 3 to 12 sides: turn it by dragging, change its sides, dash its outline."

    static let fill = Color(hex: 0x3d7bf2)
    static let outline = Color(hex: 0xffd23f)
    static let outlineWidth = 5.0

    enum Control: String, ControlID {
        case fewer, more, sides, dashed, reset, turnLeft, turnRight
    }

    public private(set) var model = PolygonModel()
    let controls = Controls<Control>()
    /// Where the polygon is drawn and dragged.
    private(set) var drawingArea = Rect.zero
    private var size = Size(0, 0)
    private var dragging = false

    public init(environment: AppEnvironment) {
        controls.add(.fewer, "−", key: .key("minus", "KP_Subtract"), help: "One side fewer")
        controls.add(.more, "+", key: .key("plus", "equal", "KP_Add", shown: "+/="), help: "One side more")
        controls.addSlider(.sides, "Sides", range: Double(PolygonModel.minSides)...Double(PolygonModel.maxSides))
        controls.add(.dashed, "Dashed", key: .key("d"), kind: .toggle)
        controls.add(.reset, "Reset", key: .key("r"), also: [.key("0")], help: "Reset the angle")
        controls.addKeys(.turnLeft, .key("Left"), help: "Turn by 5° anticlockwise")
        controls.addKeys(.turnRight, .key("Right"), help: "Turn by 5° clockwise")
        syncControls()
    }

    public var center: Point { drawingArea.center }
    public var radius: Double { max(4, min(drawingArea.width, drawingArea.height) * 0.38) }

    // MARK: - MiniApp

    public func layout(in size: Size, scale: Double) {
        self.size = size
        let barH = controls.layoutToolbar(atBottomOf: size)
        // The top 48 points hold the name and angle labels.
        drawingArea = Rect(x: 0, y: 48, width: size.width, height: max(0, size.height - barH - 48))
    }

    public func handle(_ event: InputEvent) -> Bool {
        switch controls.handle(event) {
        case .activated(let id): activate(id); return true
        case .changed(.sides, let v): model.setSides(Int(v)); syncControls(); return true
        case .consumed: return true
        case .changed, .stepped, .ignored: break
        }
        switch event {
        case .touchBegan(let p):
            // Anywhere above the controls: the whole area is the drag handle, not only the shape.
            guard p.y < drawingArea.maxY else { return false }
            dragging = true
            model.beginDrag(at: p, center: center)
        case .touchMoved(let p):
            guard dragging else { return false }
            model.drag(to: p)
        case .touchEnded(let p):
            guard dragging else { return false }
            model.drag(to: p)
            model.endDrag()
            dragging = false
        default:
            return false
        }
        return true
    }

    private func activate(_ id: Control) {
        switch id {
        case .fewer: model.removeSide()
        case .more: model.addSide()
        case .sides: break
        case .dashed: model.dashed.toggle()
        case .reset: model.reset()
        case .turnLeft: model.rotate(byDegrees: -5)
        case .turnRight: model.rotate(byDegrees: 5)
        }
        syncControls()
    }

    private func syncControls() {
        controls.setValue(.sides, Double(model.sides))
        controls.setOn(.dashed, model.dashed)
        controls.setEnabled(.fewer, model.sides > PolygonModel.minSides)
        controls.setEnabled(.more, model.sides < PolygonModel.maxSides)
    }

    public func tick() -> Bool { false }

    public func draw(_ cr: CairoContext) {
        let name = model.name + " · " + trn("{0} side", "{0} sides", model.sides, String(model.sides))
        cr.text(name, x: 14, y: 24, size: Text.fittingSize(name, width: size.width * 0.6, size: Theme.TextSize.headline, weight: .bold), weight: .bold)
        let degrees = NumberStyle.current.decimal(model.degrees, decimals: 1) + "°"
        cr.text(degrees, x: size.width - 14, y: 24, size: Theme.TextSize.headline, color: Theme.accent, weight: .bold, align: .right)
        if drawingArea.height > 20 {
            Self.drawPolygon(cr, model: model, center: center, radius: radius)
            if !dragging && model.angle == 0 {
                cr.text(tr("Drag around the shape to turn it"), x: drawingArea.midX, y: drawingArea.maxY - 12,
                          size: Theme.TextSize.caption, color: Theme.dimText, align: .center)
            }
        }
        controls.draw(cr)
    }

    static func drawPolygon(_ cr: CairoContext, model: PolygonModel, center: Point, radius: Double) {
        let v = model.vertices(center: center, radius: radius)
        guard let first = v.first else { return }
        cr.moveTo(first.x, first.y)
        for p in v.dropFirst() { cr.lineTo(p.x, p.y) }
        cr.closePath()
        fill.set(cr)
        cr.fillPreserve()
        outline.set(cr)
        cr.setLineWidth(outlineWidth)
        cr.setLineJoin(.round)
        if model.dashed { cr.setDash([14, 10]) }
        cr.stroke()
        cr.setDash([])
    }

    public static func drawIcon(_ cr: CairoContext, in r: Rect) {
        var m = PolygonModel(sides: 6)
        m.rotate(byDegrees: 15)
        drawPolygon(cr, model: m, center: r.center, radius: r.width * 0.42)
    }
}

extension PolygonApp {
    public var widgets: [any WidgetGroup] { [controls] }
    public var extraKeys: [KeyHelp] {
        [KeyHelp("Drag", "Turn the shape (the point under the pointer keeps its angle)")]
    }
}
