import Foundation
import Testing
import TouchDeskInterface
import TouchDeskModels

/// A point at `radius` from `center` at `degrees` on screen (y down, so growing angles go clockwise).
func onCircle(_ center: Point, radius: Double, degrees: Double) -> Point {
    let a = degrees * .pi / 180
    return Point(center.x + radius * cos(a), center.y + radius * sin(a))
}

/// Drags from `fromDegrees` to `toDegrees` about `center` in steps of at most `step` degrees.
func dragAround(_ m: inout PolygonModel, center: Point, radius: Double = 100,
                fromDegrees: Double, toDegrees: Double, step: Double = 5) {
    m.beginDrag(at: onCircle(center, radius: radius, degrees: fromDegrees), center: center)
    let n = max(1, Int((abs(toDegrees - fromDegrees) / step).rounded(.up)))
    for i in 1...n {
        let d = fromDegrees + (toDegrees - fromDegrees) * Double(i) / Double(n)
        m.drag(to: onCircle(center, radius: radius, degrees: d))
    }
    m.endDrag()
}

@Suite("Polygon: sides and names")
struct PolygonSidesTests {
    @Test func startsAsAPentagon() {
        let m = PolygonModel()
        #expect(m.sides == 5)
        #expect(m.name == "Pentagon")
        #expect(m.angle == 0)
        #expect(!m.dashed)
    }

    @Test(arguments: [
        (3, "Triangle"), (4, "Square"), (5, "Pentagon"), (6, "Hexagon"), (7, "Heptagon"),
        (8, "Octagon"), (9, "Nonagon"), (10, "Decagon"), (11, "Hendecagon"), (12, "Dodecagon"),
    ])
    func namesEverySideCount(sides: Int, name: String) {
        var m = PolygonModel()
        m.setSides(sides)
        #expect(m.sides == sides)
        #expect(m.name == name)
        #expect(PolygonModel(sides: sides).name == name)
    }

    @Test func sideCountIsClampedTo3Through12() {
        #expect(PolygonModel(sides: 2).sides == 3)
        #expect(PolygonModel(sides: -7).sides == 3)
        #expect(PolygonModel(sides: 13).sides == 12)
        #expect(PolygonModel(sides: 1000).sides == 12)

        var m = PolygonModel(sides: 3)
        m.removeSide()
        #expect(m.sides == 3)
        #expect(m.name == "Triangle")
        m.setSides(0)
        #expect(m.sides == 3)

        m.setSides(12)
        m.addSide()
        #expect(m.sides == 12)
        #expect(m.name == "Dodecagon")
        m.setSides(99)
        #expect(m.sides == 12)
    }

    @Test func plusAndMinusStepThroughEveryShape() {
        var m = PolygonModel(sides: 3)
        var seen = [m.sides]
        for _ in 0..<15 { m.addSide(); seen.append(m.sides) }
        #expect(seen == [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 12, 12, 12, 12, 12, 12])
        for _ in 0..<9 { m.removeSide() }
        #expect(m.sides == 3)
    }
}

@Suite("Polygon: vertex positions")
struct PolygonVertexTests {
    let center = Point(200, 150)
    let radius = 80.0

    @Test(arguments: 3...12)
    func verticesLieOnTheCircleEvenlySpaced(sides: Int) {
        let v = PolygonModel(sides: sides).vertices(center: center, radius: radius)
        #expect(v.count == sides)
        for p in v {
            #expect(abs(p.distance(to: center) - radius) < 1e-9)
        }
        // Every edge as long as the others: a regular polygon.
        let edge = 2 * radius * sin(.pi / Double(sides))
        for i in v.indices {
            #expect(abs(v[i].distance(to: v[(i + 1) % sides]) - edge) < 1e-9)
        }
        // Centred on the centre.
        let cx = v.map(\.x).reduce(0, +) / Double(sides), cy = v.map(\.y).reduce(0, +) / Double(sides)
        #expect(abs(cx - center.x) < 1e-9 && abs(cy - center.y) < 1e-9)
        // The first vertex points straight up when the shape is not turned.
        #expect(abs(v[0].x - center.x) < 1e-9)
        #expect(abs(v[0].y - (center.y - radius)) < 1e-9)
    }

    @Test(arguments: 3...12)
    func verticesGoClockwiseOnScreen(sides: Int) {
        let v = PolygonModel(sides: sides).vertices(center: center, radius: radius)
        // Screen y points down, so a clockwise turn has a positive cross product.
        for i in v.indices {
            let a = v[i] - center, b = v[(i + 1) % sides] - center
            #expect(a.x * b.y - a.y * b.x > 0)
        }
    }

    @Test func squareIsADiamondTopRightBottomLeft() {
        let v = PolygonModel(sides: 4).vertices(center: center, radius: radius)
        let expected = [Point(200, 70), Point(280, 150), Point(200, 230), Point(120, 150)]
        for (p, e) in zip(v, expected) { #expect(p.distance(to: e) < 1e-9, "\(p) should be \(e)") }
    }

    @Test func triangleHasItsApexUpAndBaseBelow() {
        let v = PolygonModel(sides: 3).vertices(center: center, radius: radius)
        #expect(v[0].distance(to: Point(200, 70)) < 1e-9)
        // Bottom right, then bottom left, on a horizontal base half a radius below the centre.
        #expect(abs(v[1].y - 190) < 1e-9 && abs(v[2].y - 190) < 1e-9)
        #expect(abs(v[1].x - (200 + 80 * sin(Double.pi / 3))) < 1e-9)
        #expect(abs(v[2].x - (200 - 80 * sin(Double.pi / 3))) < 1e-9)
    }

    @Test func turningMovesTheVertices() {
        var m = PolygonModel(sides: 6)
        m.rotate(byDegrees: 90)
        let v = m.vertices(center: center, radius: radius)
        // A quarter turn clockwise takes the top vertex to the right.
        #expect(v[0].distance(to: Point(280, 150)) < 1e-9)
        m.rotate(byDegrees: -180)
        #expect(m.vertices(center: center, radius: radius)[0].distance(to: Point(120, 150)) < 1e-9)
    }
}

@Suite("Polygon: turning by dragging")
struct PolygonDragTests {
    let c = Point(300, 200)

    @Test func dragThroughAllFourQuadrantsAddsUpEveryStep() {
        var m = PolygonModel()
        m.beginDrag(at: onCircle(c, radius: 90, degrees: 0), center: c)
        #expect(m.isDragging)
        // Right → below → left → above → right again, 10° at a time.
        for k in 1...36 {
            m.drag(to: onCircle(c, radius: 90, degrees: Double(k) * 10))
            #expect(abs(m.degrees - Double(k) * 10) < 1e-9, "after \(k * 10)°: \(m.degrees)")
        }
        m.endDrag()
        #expect(!m.isDragging)
        #expect(abs(m.angle - 2 * .pi) < 1e-9)
    }

    @Test func dragAgainstTheClockTurnsNegative() {
        var m = PolygonModel()
        dragAround(&m, center: c, fromDegrees: 45, toDegrees: -135, step: 7)
        #expect(abs(m.degrees - -180) < 1e-9)
    }

    @Test func crossingThe180DegreeLineIsSmooth() {
        // atan2 jumps from +180° to −180° on the left of the centre; the polygon must not.
        var m = PolygonModel()
        m.beginDrag(at: onCircle(c, radius: 100, degrees: 170), center: c)
        m.drag(to: onCircle(c, radius: 100, degrees: 190))
        #expect(abs(m.degrees - 20) < 1e-9)
        m.drag(to: onCircle(c, radius: 100, degrees: 165))
        #expect(abs(m.degrees - -5) < 1e-9)
        m.drag(to: onCircle(c, radius: 100, degrees: 179.5))
        m.drag(to: onCircle(c, radius: 100, degrees: 180.5))
        #expect(abs(m.degrees - 10.5) < 1e-9)
        m.endDrag()
    }

    @Test func threeTurnsClockwiseCountWholeTurns() {
        var m = PolygonModel()
        dragAround(&m, center: c, radius: 120, fromDegrees: -90, toDegrees: -90 + 3 * 360, step: 3)
        #expect(abs(m.angle - 6 * .pi) < 1e-9)
        #expect(abs(m.degrees - 1080) < 1e-7)
    }

    @Test func threeTurnsBackUnwindAndGoNegative() {
        var m = PolygonModel()
        dragAround(&m, center: c, fromDegrees: 30, toDegrees: 30 + 2 * 360, step: 4)
        #expect(abs(m.angle - 4 * .pi) < 1e-9)
        dragAround(&m, center: c, fromDegrees: 30, toDegrees: 30 - 5 * 360, step: 4)
        #expect(abs(m.angle - -6 * .pi) < 1e-9)
    }

    @Test func theDraggedPointStaysUnderThePointer() {
        // Grab the top vertex and drag it round: it follows the pointer's direction exactly.
        var m = PolygonModel(sides: 7)
        let r = 80.0
        m.beginDrag(at: onCircle(c, radius: r, degrees: -90), center: c)
        for deg in stride(from: -85.0, through: 400, by: 5) {
            let p = onCircle(c, radius: r, degrees: deg)
            m.drag(to: p)
            #expect(m.vertices(center: c, radius: r)[0].distance(to: p) < 1e-6, "at \(deg)°")
        }
    }

    @Test func grabbingFarOrNearTheCentreTurnsByTheSameAngle() {
        var near = PolygonModel(), far = PolygonModel()
        dragAround(&near, center: c, radius: 10, fromDegrees: 0, toDegrees: 75)
        dragAround(&far, center: c, radius: 1000, fromDegrees: 0, toDegrees: 75)
        #expect(abs(near.degrees - 75) < 1e-9)
        #expect(abs(far.degrees - 75) < 1e-9)
    }

    @Test func motionInsideTheDeadZoneIsIgnored() {
        var m = PolygonModel()
        m.beginDrag(at: Point(c.x + 50, c.y), center: c)
        m.drag(to: Point(c.x + 50, c.y + 50))
        #expect(abs(m.degrees - 45) < 1e-9)
        // Within 6 points of the centre the angle is meaningless: nothing turns.
        for p in [Point(c.x + 3, c.y + 4), Point(c.x - 4, c.y + 2), Point(c.x, c.y - 5.9), c] {
            m.drag(to: p)
            #expect(abs(m.degrees - 45) < 1e-9, "moved to \(p)")
        }
        // Leaving it again turns by the change since the last point outside it.
        m.drag(to: Point(c.x, c.y + 70))
        #expect(abs(m.degrees - 90) < 1e-9)
    }

    @Test func aDragThatStartsAtTheCentreTurnsOnlyOnceOutside() {
        var m = PolygonModel()
        m.beginDrag(at: Point(c.x + 1, c.y + 1), center: c)
        m.drag(to: Point(c.x + 40, c.y + 40))
        #expect(m.angle == 0)
        m.drag(to: Point(c.x, c.y + 40))
        #expect(abs(m.degrees - 45) < 1e-9)
    }

    @Test func motionWithoutADragDoesNothing() {
        var m = PolygonModel()
        m.drag(to: Point(10, 10))
        m.drag(to: Point(500, 300))
        #expect(m.angle == 0)
        dragAround(&m, center: c, fromDegrees: 0, toDegrees: 30)
        // After the drag ends further motion is not a drag.
        m.drag(to: onCircle(c, radius: 100, degrees: 120))
        #expect(abs(m.degrees - 30) < 1e-9)
    }

    @Test func aNewDragStartsFromTheCurrentAngle() {
        var m = PolygonModel()
        dragAround(&m, center: c, fromDegrees: 0, toDegrees: 40)
        // Grabbing somewhere else must not snap the shape to the new pointer angle.
        m.beginDrag(at: onCircle(c, radius: 100, degrees: 200), center: c)
        #expect(abs(m.degrees - 40) < 1e-9)
        m.drag(to: onCircle(c, radius: 100, degrees: 210))
        #expect(abs(m.degrees - 50) < 1e-9)
    }

    @Test func arrowKeyStepsTurnByTheirDegrees() {
        var m = PolygonModel()
        m.rotate(byDegrees: 5)
        m.rotate(byDegrees: 5)
        m.rotate(byDegrees: -15)
        #expect(abs(m.degrees - -5) < 1e-9)
    }

    @Test func resetReturnsToZeroAfterManyTurns() {
        var m = PolygonModel(sides: 8)
        let before = m.vertices(center: c, radius: 50)
        dragAround(&m, center: c, fromDegrees: 0, toDegrees: 777)
        #expect(abs(m.degrees - 777) < 1e-9)
        m.reset()
        #expect(m.angle == 0)
        #expect(m.degrees == 0)
        #expect(m.sides == 8)
        let after = m.vertices(center: c, radius: 50)
        for (a, b) in zip(before, after) { #expect(a.distance(to: b) < 1e-9) }
    }

    @Test func resetDuringADragDoesNotJumpBack() {
        var m = PolygonModel()
        m.beginDrag(at: onCircle(c, radius: 100, degrees: 0), center: c)
        m.drag(to: onCircle(c, radius: 100, degrees: 45))
        m.reset()
        #expect(m.angle == 0)
        m.drag(to: onCircle(c, radius: 100, degrees: 50))
        m.drag(to: onCircle(c, radius: 100, degrees: 60))
        // Only motion after the reset turns the shape (at most the 15° since the reset).
        #expect(m.degrees >= 10 - 1e-9 && m.degrees <= 15 + 1e-9, "\(m.degrees)")
    }
}
