import TouchDeskInterface
import Foundation

/// Polygon: a regular polygon of 3–12 sides that the user turns by dragging.
///
/// The drag keeps the point under the pointer at its angle about the centre: each motion adds the
/// atan2 difference between the previous and current pointer angle, wrapped into (−π, π], so the
/// angle is smooth across ±180° and counts whole turns.
public struct PolygonModel: Equatable, Sendable {
    public static let minSides = 3
    public static let maxSides = 12
    /// Motion closer than this to the centre is ignored: the angle is undefined there.
    public static let deadZone = 6.0

    public private(set) var sides: Int
    /// The rotation in radians, accumulated over every drag (not reduced modulo a turn).
    public private(set) var angle: Double = 0
    public var dashed: Bool = false

    private var dragCenter: Point?
    private var lastPointerAngle: Double?

    public init(sides: Int = 5) {
        self.sides = min(max(sides, Self.minSides), Self.maxSides)
    }

    // MARK: - Sides

    public mutating func setSides(_ n: Int) { sides = min(max(n, Self.minSides), Self.maxSides) }
    public mutating func addSide() { setSides(sides + 1) }
    public mutating func removeSide() { setSides(sides - 1) }

    public var name: String { Self.name(forSides: sides) }

    public static func name(forSides n: Int) -> String {
        switch n {
        case 3: tr("Triangle")
        case 4: tr("Square")
        case 5: tr("Pentagon")
        case 6: tr("Hexagon")
        case 7: tr("Heptagon")
        case 8: tr("Octagon")
        case 9: tr("Nonagon")
        case 10: tr("Decagon")
        case 11: tr("Hendecagon")
        case 12: tr("Dodecagon")
        default: "\(n)-gon"
        }
    }

    // MARK: - Rotation

    /// The angle in degrees, as shown to the user.
    public var degrees: Double { angle * 180 / .pi }

    public mutating func reset() { angle = 0; lastPointerAngle = nil }

    /// Starts a drag about `center` with the pointer at `point`.
    public mutating func beginDrag(at point: Point, center: Point) {
        dragCenter = center
        lastPointerAngle = Self.pointerAngle(point, center)
    }

    /// Continues the drag: the polygon turns by the change in the pointer's angle.
    public mutating func drag(to point: Point) {
        guard let center = dragCenter else { return }
        guard let current = Self.pointerAngle(point, center) else { return }
        if let last = lastPointerAngle {
            angle += Self.wrap(current - last)
        }
        lastPointerAngle = current
    }

    public mutating func endDrag() { dragCenter = nil; lastPointerAngle = nil }
    public var isDragging: Bool { dragCenter != nil }

    /// The pointer's angle about the centre in screen coordinates (y down, so positive is clockwise),
    /// or nil inside the dead zone.
    static func pointerAngle(_ p: Point, _ c: Point) -> Double? {
        let dx = p.x - c.x, dy = p.y - c.y
        guard dx * dx + dy * dy >= deadZone * deadZone else { return nil }
        return atan2(dy, dx)
    }

    /// Wraps an angle difference into (−π, π].
    static func wrap(_ a: Double) -> Double {
        var r = a.truncatingRemainder(dividingBy: 2 * .pi)
        if r > .pi { r -= 2 * .pi }
        if r <= -.pi { r += 2 * .pi }
        return r
    }

    // MARK: - Geometry

    /// The vertices about `center` at `radius`, first vertex straight up at angle 0, turning clockwise
    /// on screen as the angle grows.
    public func vertices(center: Point, radius: Double) -> [Point] {
        (0..<sides).map { i in
            let a = angle - .pi / 2 + 2 * .pi * Double(i) / Double(sides)
            return Point(center.x + radius * cos(a), center.y + radius * sin(a))
        }
    }
}

extension PolygonModel {
    /// Turns by a fixed step (the arrow keys).
    public mutating func rotate(byDegrees d: Double) { angle += d * .pi / 180 }
}
