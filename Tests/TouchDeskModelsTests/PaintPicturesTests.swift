import Testing
import TouchDeskInterface
import TouchDeskModels

@Suite("Paint: opened and pasted pictures, and their undo")
struct PaintPicturesTests {
    @Test func aPasteIsOneUndoableStepPaintedOnTop() {
        var m = PaintModel()
        m.line(y: 10)
        _ = m.drainChanges()
        let id = m.paste(size: Size(30, 20), at: Point(5, 6))
        #expect(m.history.count == 2)
        #expect(m.history.last == .paste(PlacedPicture(id: id, origin: Point(5, 6), size: Size(30, 20))))
        // Painted over what is there, without a rebuild.
        #expect(m.drainChanges() == [.apply(.paste(PlacedPicture(id: id, origin: Point(5, 6), size: Size(30, 20))))])
        #expect(m.pictureIDsInUse == [id])

        m.undo()
        #expect(m.history.count == 1)
        #expect(m.drainChanges() == [.rebuild])
        #expect(m.replay.actions.count == 1)
        // Still named by the redo stack, so the view keeps its pixels.
        #expect(m.pictureIDsInUse == [id])
        m.redo()
        #expect(m.drainChanges() == [.apply(m.history.last!)])
        #expect(m.history.count == 2)
    }

    @Test func aNewEditAfterUndoingAPasteLetsItsPictureGo() {
        var m = PaintModel()
        m.paste(size: Size(10, 10))
        m.undo()
        m.line(y: 40)
        #expect(m.pictureIDsInUse.isEmpty)
    }

    @Test func openingReplacesTheCanvasTakesTheSizeAndFileAndUndoBringsBothBack() {
        var m = PaintModel()
        m.setFile("/home/u/Pictures/first.png")
        m.line(y: 10)
        #expect(m.documentSize == nil)
        let id = m.open(size: Size(300, 200), file: "/tmp/photo.png")
        #expect(m.documentSize == Size(300, 200))
        #expect(m.file == "/tmp/photo.png")
        // A rebuild starts from the opened picture, not from the strokes under it.
        m.line(y: 20)
        let replay = m.replay
        #expect(replay.startsBlank)
        #expect(replay.actions.count == 2)
        if case .open(let p, _, _)? = replay.actions.first { #expect(p.id == id) } else { Issue.record("the replay does not start at the open") }

        m.undo() // the stroke on the picture
        m.undo() // the open
        #expect(m.documentSize == nil)
        #expect(m.file == "/home/u/Pictures/first.png")
        #expect(!m.replay.startsBlank)
        #expect(m.replay.actions.count == 1)

        m.redo()
        #expect(m.documentSize == Size(300, 200))
        #expect(m.file == "/tmp/photo.png")
    }

    @Test func aClearAfterAnOpenKeepsThePictureSize() {
        var m = PaintModel()
        m.open(size: Size(64, 48), file: "/tmp/a.png")
        m.clear()
        #expect(m.documentSize == Size(64, 48))
        #expect(m.replay.startsBlank)
        #expect(m.replay.actions.isEmpty)
    }

    @Test func anOpenThatLeavesTheUndoWindowSizesTheBase() {
        var m = PaintModel()
        m.open(size: Size(120, 90), file: "/tmp/a.png")
        _ = m.drainChanges()
        for i in 0..<PaintModel.undoDepth { m.line(y: Double(i)) }
        let changes = m.drainChanges()
        #expect(changes.contains { if case .bake(.open) = $0 { true } else { false } })
        #expect(m.baseDocumentSize == Size(120, 90))
        #expect(m.documentSize == Size(120, 90))
        #expect(m.pictureIDsInUse.isEmpty)
        // Undo all the way down never forgets the size: the picture is in the base now.
        while m.canUndo { m.undo() }
        #expect(m.documentSize == Size(120, 90))
    }

    @Test func openingWhileDraggingEndsTheStrokeFirst() {
        var m = PaintModel()
        m.beginStroke(at: Point(1, 1))
        m.extendStroke(to: Point(40, 1))
        m.open(size: Size(10, 10), file: "/tmp/b.png")
        #expect(m.current == nil)
        #expect(m.history.count == 2)
        m.undo()
        #expect(m.lastStroke != nil)
    }

    @Test func picturesGetDistinctIDs() {
        var m = PaintModel()
        let a = m.paste(size: Size(1, 1))
        let b = m.paste(size: Size(1, 1))
        let c = m.open(size: Size(1, 1), file: "/tmp/c.png")
        #expect(Set([a, b, c]).count == 3)
    }

    @Test func restartingKeepsTheBrushAndDropsTheHistory() {
        var m = PaintModel()
        m.color = PaintColor.red.color
        m.setRadius(20)
        m.line(y: 1)
        m.paste(size: Size(5, 5))
        m.restart(documentSize: Size(50, 40), file: "/tmp/kept.png")
        #expect(!m.canUndo && !m.canRedo)
        #expect(m.color == PaintColor.red.color && m.radius == 20)
        #expect(m.documentSize == Size(50, 40))
        #expect(m.file == "/tmp/kept.png")
        #expect(m.drainChanges().isEmpty)
    }
}
