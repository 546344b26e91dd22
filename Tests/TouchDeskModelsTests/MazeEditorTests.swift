import Testing
import TouchDeskInterface
import TouchDeskModels

/// Building a maze as an editor: drags that paint or erase, undo and redo of every edit, random
/// perfect mazes, and best times bounded to the recent layouts.
@Suite("Maze editor")
struct MazeEditorTests {
    typealias Cell = MazeModel.Cell
    static let box = Size(360, 360)

    @Test func aDragFromAnEmptyCellPaintsARowAndOneUndoTakesItAllBack() {
        var m = MazeModel(size: Self.box)
        #expect(m.beginStroke(at: Cell(row: 4, column: 1)) == .placed)
        for c in 2...8 { m.extendStroke(to: Cell(row: 4, column: c)) }
        m.endStroke()
        #expect(m.blocks == Set((1...8).map { Cell(row: 4, column: $0) }))
        #expect(m.undoStack.count == 1)
        m.undo()
        #expect(m.blocks.isEmpty)
        m.redo()
        #expect(m.blocks.count == 8)
    }

    @Test func aDragFromABlockErasesAndLeavesEmptyCellsEmpty() {
        var m = MazeModel(size: Self.box)
        for c in 0..<6 { _ = m.toggle(Cell(row: 2, column: c + 1)) }
        #expect(m.beginStroke(at: Cell(row: 2, column: 3)) == .removed)
        for c in [4, 5, 6, 7, 8] { m.extendStroke(to: Cell(row: 2, column: c)) }
        m.endStroke()
        #expect(m.blocks == [Cell(row: 2, column: 1), Cell(row: 2, column: 2)], "erased 3…6 and painted nothing at 7, 8")
        m.undo()
        #expect(m.blocks.count == 6)
    }

    @Test func aDragOverTheStartOrGoalSkipsThem() {
        var m = MazeModel(size: Self.box)
        _ = m.beginStroke(at: Cell(row: 0, column: 3))
        for c in stride(from: 2, through: 0, by: -1) { m.extendStroke(to: Cell(row: 0, column: c)) }
        m.endStroke()
        #expect(m.blocks == [Cell(row: 0, column: 3), Cell(row: 0, column: 2), Cell(row: 0, column: 1)])
    }

    @Test func clearMovesAndTogglesAreEachOneUndoStepAndANewEditEmptiesRedo() {
        var m = MazeModel(size: Self.box)
        _ = m.toggle(Cell(row: 5, column: 5))
        _ = m.move(.goal, to: Cell(row: 6, column: 6))
        m.clear()
        #expect(m.blocks.isEmpty && m.undoStack.count == 3)
        m.undo()
        #expect(m.blocks == [Cell(row: 5, column: 5)])
        m.undo()
        #expect(m.goal == MazeModel.goalCell)
        #expect(m.canRedo)
        _ = m.toggle(Cell(row: 1, column: 1))
        #expect(!m.canRedo)
    }

    @Test func aRefusedEditLeavesNoUndoStep() {
        var m = MazeModel(size: Self.box)
        #expect(m.toggle(MazeModel.startCell) == .refused("The start cell stays open."))
        #expect(!m.canUndo)
        m.clear()
        #expect(!m.canUndo, "clearing an empty maze changes nothing")
    }

    @Test(arguments: [UInt64(1), 2, 3, 42, 0xdead_beef, 977, 12345, 99_999])
    func generateMakesAPerfectMazeWithAPathFromStartToGoal(seed: UInt64) {
        var m = MazeModel(size: Self.box)
        m.generate(seed: seed)
        #expect(m.goalIsReachable)
        #expect(m.blocks.count > 40, "a maze, not an open floor: \(m.blocks.count) blocks")
        #expect(!m.blocks.contains(m.start) && !m.blocks.contains(m.goal))
        // Perfect: the open cells and their four-way links form a tree (links = cells − 1).
        let open = (0..<MazeModel.cells).flatMap { r in (0..<MazeModel.cells).map { Cell(row: r, column: $0) } }
            .filter { !m.blocks.contains($0) }
        let openSet = Set(open)
        let links = open.reduce(0) { n, c in
            n + (openSet.contains(Cell(row: c.row, column: c.column + 1)) ? 1 : 0) + (openSet.contains(Cell(row: c.row + 1, column: c.column)) ? 1 : 0)
        }
        #expect(links <= open.count, "at most one loop from joining the goal: \(links) links for \(open.count) cells")
        var again = MazeModel(size: Self.box)
        again.generate(seed: seed)
        #expect(again.blocks == m.blocks, "a seed gives the same maze")
        m.undo()
        #expect(m.blocks.isEmpty, "and it is one undo step")
    }

    @Test func generateWorksWithMovedEnds() {
        var m = MazeModel(size: Self.box)
        _ = m.move(.start, to: Cell(row: 6, column: 3))
        _ = m.move(.goal, to: Cell(row: 0, column: 11))
        for seed in UInt64(0)..<30 {
            m.generate(seed: seed)
            #expect(m.goalIsReachable, "seed \(seed)")
        }
    }

    // MARK: - Best times

    @Test func bestTimesKeepOnlyTheMostRecentLayouts() {
        var b = MazeBestTimes()
        for i in 0..<(MazeBestTimes.limit + 50) { b.record("k\(i)", ticks: 100 + i) }
        #expect(b.count == MazeBestTimes.limit)
        #expect(b.best(for: "k0") == nil && b.best(for: "k49") == nil)
        #expect(b.best(for: "k50") == 150 && b.best(for: "k249") == 349)
        // Playing an old layout again makes it recent.
        b.record("k50", ticks: 500)
        b.record("new", ticks: 10)
        #expect(b.best(for: "k50") == 150, "a slower run keeps the best")
        #expect(b.best(for: "k51") == nil, "the least recent went")
        let faster = b.record("new", ticks: 5), slower = b.record("new", ticks: 6)
        #expect(faster && !slower)
    }

    @Test func anOldFileWithAMillionTimesIsCutToTheLimitKeepingTheLayoutOnScreen() {
        var ticks: [String: Int] = [:]
        for i in 0..<100_000 { ticks["layout\(i)"] = 60 + i % 900 }
        ticks["bad"] = 0
        let b = MazeBestTimes(ticks: ticks, recent: nil, keep: "layout77")
        #expect(b.count == MazeBestTimes.limit)
        #expect(b.best(for: "layout77") == 60 + 77)
        #expect(b.best(for: "bad") == nil)
        let ordered = MazeBestTimes(ticks: ["a": 1, "b": 2, "c": 3], recent: ["c", "a", "b"])
        #expect(ordered.order == ["c", "a", "b"])
    }
}
