import Testing
import TouchDeskInterface
import TouchDeskModels

extension PaintModel {
    /// One whole drag: press at the first point, move through the rest, release at the last.
    mutating func stroke(_ points: [Point]) {
        beginStroke(at: points[0])
        for p in points.dropFirst() { extendStroke(to: p) }
        endStroke(at: points.last!)
    }

    /// A short horizontal stroke at row `y`, told apart from others by its position.
    mutating func line(y: Double) { stroke([Point(10, y), Point(60, y)]) }

    /// The stroke at the top of the undo history.
    var lastStroke: Stroke? {
        if case .stroke(let s)? = history.last { return s }
        return nil
    }
}

/// Distances between neighbouring dabs.
func gaps(_ dabs: [Point]) -> [Double] {
    zip(dabs, dabs.dropFirst()).map { $0.distance(to: $1) }
}

@Suite("Paint: dabs along a stroke")
struct PaintDabTests {
    @Test func aClickWithoutMotionLeavesExactlyOneDab() {
        var m = PaintModel()
        m.beginStroke(at: Point(40, 30))
        m.endStroke(at: Point(40, 30))
        #expect(m.history.count == 1)
        #expect(m.lastStroke?.dabs == [Point(40, 30)])
        #expect(m.totalDabs == 1)
        #expect(m.current == nil)
    }

    @Test func aFastDragIsFilledWithDabsHalfARadiusApart() {
        var m = PaintModel()
        m.setRadius(10)
        // One motion event 300 points away: the whole line must still be painted.
        m.stroke([Point(0, 0), Point(300, 0)])
        let dabs = m.lastStroke!.dabs
        #expect(dabs.first == Point(0, 0))
        #expect(dabs.last == Point(300, 0))
        #expect(dabs.count == 61)
        for g in gaps(dabs) { #expect(abs(g - 5) < 1e-9) }
    }

    @Test func theLastDabLandsExactlyOnTheRelease() {
        var m = PaintModel()
        m.setRadius(10)
        m.stroke([Point(0, 0), Point(23, 0)])
        let dabs = m.lastStroke!.dabs
        #expect(dabs == [Point(0, 0), Point(5, 0), Point(10, 0), Point(15, 0), Point(20, 0), Point(23, 0)])
    }

    @Test func aDiagonalDragIsEvenlySpacedAlongTheLine() {
        var m = PaintModel()
        m.setRadius(24)
        let a = Point(10, 20), b = Point(310, 420)  // 500 long
        m.stroke([a, b])
        let dabs = m.lastStroke!.dabs
        let g = gaps(dabs)
        #expect(g.count == dabs.count - 1)
        for d in g.dropLast() { #expect(abs(d - 12) < 1e-9) }
        #expect(g.last! <= 12 + 1e-9)
        #expect(dabs.last == b)
        // Every dab on the segment between press and release.
        for p in dabs {
            let cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
            #expect(abs(cross) / a.distance(to: b) < 1e-9)
        }
    }

    @Test func slowSmallMotionsStillPaintEvenly() {
        // Motions shorter than the spacing must accumulate rather than be lost.
        var m = PaintModel()
        m.setRadius(10)
        m.beginStroke(at: Point(0, 0))
        for x in 1...100 { m.extendStroke(to: Point(Double(x) * 0.5, 0)) }
        m.endStroke(at: Point(50, 0))
        let dabs = m.lastStroke!.dabs
        #expect(dabs.count == 11)
        for g in gaps(dabs) { #expect(abs(g - 5) < 1e-9) }
    }

    @Test(arguments: [2.0, 3, 10, 25, 60])
    func dabsAreNeverFurtherApartThanHalfTheRadius(radius: Double) {
        var m = PaintModel()
        m.setRadius(radius)
        m.stroke([Point(5, 5), Point(200, 5), Point(200, 180), Point(17, 33), Point(18, 33), Point(400, 250)])
        let s = m.lastStroke!
        #expect(s.radius == radius)
        for g in gaps(s.dabs) { #expect(g <= radius / 2 + 1e-9) }
        #expect(s.dabs.last == Point(400, 250))
    }

    @Test func strokesKeepTheColorAndSizeTheyWereStartedWith() {
        var m = PaintModel()
        m.color = .red
        m.setRadius(30)
        m.line(y: 10)
        m.color = .green
        m.setRadius(4)
        m.line(y: 20)
        guard case .stroke(let first) = m.history[0], case .stroke(let second) = m.history[1] else {
            Issue.record("history should hold two strokes: \(m.history)")
            return
        }
        #expect(first.color == .red && first.radius == 30)
        #expect(second.color == .green && second.radius == 4)
    }

    @Test func extendingWithoutAStrokePaintsNothing() {
        var m = PaintModel()
        m.extendStroke(to: Point(100, 100))
        m.endStroke(at: Point(120, 100))
        #expect(m.history.isEmpty)
        #expect(m.totalDabs == 0)
        #expect(m.drainChanges().isEmpty)
    }
}

@Suite("Paint: undo, redo, clear")
struct PaintHistoryTests {
    @Test func undoAndRedoWholeStrokesSixtyStepsDeep() {
        var m = PaintModel()
        for i in 0..<60 { m.line(y: Double(i)) }
        let full = m.history
        #expect(full.count == 60)
        for i in (0..<60).reversed() {
            #expect(m.canUndo)
            m.undo()
            #expect(m.history.count == i)
            // A whole stroke goes at a time, newest first.
            #expect(m.redoStack.last == full[i])
        }
        #expect(!m.canUndo)
        m.undo()  // nothing left: harmless
        #expect(m.history.isEmpty)
        for i in 0..<60 {
            #expect(m.canRedo)
            m.redo()
            #expect(Array(m.history) == Array(full[0...i]))
        }
        #expect(!m.canRedo)
        m.redo()
        #expect(m.history == full)
    }

    @Test func aNewStrokeClearsRedo() {
        var m = PaintModel()
        m.line(y: 1)
        m.line(y: 2)
        m.undo()
        #expect(m.canRedo)
        m.line(y: 3)
        #expect(!m.canRedo)
        m.redo()
        #expect(m.history.count == 2)
        #expect(m.lastStroke?.dabs.first == Point(10, 3))
    }

    @Test func clearIsUndoableAndRedoable() {
        var m = PaintModel()
        m.line(y: 1)
        m.line(y: 2)
        m.clear()
        #expect(m.history.last == .clear)
        #expect(m.replay.startsBlank)
        #expect(m.replay.actions.isEmpty)
        m.undo()
        #expect(!m.replay.startsBlank)
        #expect(m.replay.actions.count == 2)
        m.redo()
        #expect(m.replay.startsBlank)
        #expect(m.replay.actions.isEmpty)
        // Strokes after a clear are painted on the blank canvas.
        m.line(y: 3)
        #expect(m.replay.startsBlank)
        #expect(m.replay.actions.count == 1)
    }

    @Test func undoDuringADragTakesBackThatStroke() {
        var m = PaintModel()
        m.line(y: 1)
        m.beginStroke(at: Point(0, 50))
        m.extendStroke(to: Point(80, 50))
        m.undo()
        #expect(m.current == nil)
        #expect(m.history.count == 1)
        #expect(m.lastStroke?.dabs.first == Point(10, 1))
        // The rest of that drag paints nothing.
        m.extendStroke(to: Point(90, 90))
        m.endStroke(at: Point(90, 90))
        #expect(m.history.count == 1)
    }

    @Test func redoWaitsUntilTheDragEnds() {
        var m = PaintModel()
        m.line(y: 1)
        m.undo()
        m.beginStroke(at: Point(5, 5))
        m.redo()
        #expect(m.current != nil)
        #expect(m.history.isEmpty)
    }

    @Test func onlyTheNewestHundredActionsCanBeUndone() {
        var m = PaintModel()
        for i in 0..<130 { m.line(y: Double(i)) }
        #expect(m.history.count == PaintModel.undoDepth)
        var undone = 0
        while m.canUndo { m.undo(); undone += 1 }
        #expect(undone == 100)
        // The oldest undoable stroke is number 30.
        #expect(m.redoStack.last.flatMap { if case .stroke(let s) = $0 { s.dabs.first } else { nil } } == Point(10, 30))
    }
}

@Suite("Paint: what the view is told to paint")
struct PaintChangesTests {
    @Test func aStrokeArrivesAsItsDabsOnce() {
        var m = PaintModel()
        m.color = .blue
        m.setRadius(8)
        m.beginStroke(at: Point(0, 0))
        #expect(m.drainChanges() == [.dabs(color: .blue, radius: 8, opacity: 1, centers: [Point(0, 0)])])
        m.extendStroke(to: Point(12, 0))
        m.extendStroke(to: Point(13, 0))  // not a whole spacing further: nothing new yet
        #expect(m.drainChanges() == [.dabs(color: .blue, radius: 8, opacity: 1, centers: [Point(4, 0), Point(8, 0), Point(12, 0)])])
        m.endStroke(at: Point(13, 0))
        #expect(m.drainChanges() == [.dabs(color: .blue, radius: 8, opacity: 1, centers: [Point(13, 0)])])
        #expect(m.drainChanges().isEmpty)
    }

    @Test func undrainedDabsOfAStrokeAreMergedInOrder() {
        var m = PaintModel()
        m.stroke([Point(0, 0), Point(20, 0), Point(20, 20)])
        let changes = m.drainChanges()
        #expect(changes == [.dabs(color: .white, radius: 10, opacity: 1, centers: m.lastStroke!.dabs)])
    }

    @Test func undoClearAndRedoOfAClearAskForARebuild() {
        var m = PaintModel()
        m.line(y: 5)
        _ = m.drainChanges()
        m.undo()
        #expect(m.drainChanges() == [.rebuild])
        m.redo()
        #expect(m.drainChanges() == [.dabs(color: .white, radius: 10, opacity: 1, centers: m.lastStroke!.dabs)])
        m.clear()
        #expect(m.drainChanges() == [.rebuild])
        m.undo()
        #expect(m.drainChanges() == [.rebuild])
        m.redo()
        #expect(m.drainChanges() == [.rebuild])
    }

    @Test func actionsLeavingTheUndoWindowAreBakedOldestFirst() {
        var m = PaintModel()
        for i in 0..<PaintModel.undoDepth { m.line(y: Double(i)) }
        #expect(!m.drainChanges().contains { if case .bake = $0 { true } else { false } })
        let oldest = m.history[0], second = m.history[1]
        m.line(y: 500)
        let changes = m.drainChanges()
        #expect(changes.last == .bake(oldest))
        #expect(m.history.count == PaintModel.undoDepth)
        m.clear()
        #expect(m.drainChanges() == [.bake(second), .rebuild])
    }

    @Test func nothingChangedMeansNothingToPaint() {
        var m = PaintModel()
        #expect(m.drainChanges().isEmpty)
        m.undo()
        m.redo()
        #expect(m.drainChanges().isEmpty)
    }
}

@Suite("Paint: brush size")
struct PaintBrushTests {
    @Test func startsAtTenAndIsClampedTo2Through60() {
        var m = PaintModel()
        #expect(m.radius == 10)
        m.setRadius(1)
        #expect(m.radius == 2)
        m.setRadius(-40)
        #expect(m.radius == 2)
        m.setRadius(61)
        #expect(m.radius == 60)
        m.setRadius(1e9)
        #expect(m.radius == 60)
        m.setRadius(33)
        #expect(m.radius == 33)
        m.setRadius(12.4)
        #expect(m.radius == 12)
    }

    @Test func theSmallestBrushStillPaintsWithoutGaps() {
        var m = PaintModel()
        m.setRadius(2)
        m.stroke([Point(0, 0), Point(10, 0)])
        for g in gaps(m.lastStroke!.dabs) { #expect(g <= 1 + 1e-9) }
    }
}
