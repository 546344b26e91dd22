import Foundation
import Testing
import TouchDeskTestSupport
import TouchDeskInterface
import TouchDeskModels

@Suite("Maze model")
struct MazeModelTests {
    typealias Cell = MazeModel.Cell
    static let box = Size(480, 360)

    @Test func clickingACellTogglesABlockAndClearRemovesAll() {
        var m = MazeModel(size: Self.box)
        let c = Cell(row: 3, column: 5)
        #expect(m.cell(at: Point(5 * 40 + 3, 3 * 30 + 3)) == c, "cells use their own width and height")
        let placed = m.toggle(c)
        #expect(placed == .placed && m.blocks.contains(c))
        let removed = m.toggle(c)
        #expect(removed == .removed && m.blocks.isEmpty)
        _ = m.toggle(Cell(row: 1, column: 1)); _ = m.toggle(Cell(row: 2, column: 2))
        m.clear()
        #expect(m.blocks.isEmpty)
    }

    @Test func startAndGoalStayOpenAndABlockIsNeverPutOnTheBall() {
        var m = MazeModel(size: Self.box)
        let onStart = m.toggle(MazeModel.startCell), onGoal = m.toggle(MazeModel.goalCell)
        #expect(onStart == .refused("The start cell stays open."))
        #expect(onGoal == .refused("The goal cell stays open."))
        // Roll the ball right into the second cell of the top row, then try to block that cell.
        for _ in 0..<200 where m.ball.x < 60 { m.step(tilt: Vector3(0.3, 0, -0.95)) }
        let under = m.cell(at: m.ball)!
        #expect(under != MazeModel.startCell)
        guard case .refused(let why) = m.toggle(under) else { Issue.record("a block was put on the ball"); return }
        #expect(why.contains("ball"))
        #expect(!m.blocks.contains(under) && m.ballIsFree())
    }

    @Test func theBallBouncesOffABlockWithHalfItsSpeedAlongTheLargerOffset() {
        var m = MazeModel(size: Self.box)
        _ = m.toggle(Cell(row: 0, column: 2))
        // Full right tilt along the top row until it meets the block at x = 80.
        var hit = false
        for _ in 0..<200 {
            let before = m.ux
            m.step(tilt: Vector3(1, 0, 0))
            if m.ux < 0 {
                #expect(abs(m.ux + 0.5 * (before + 0.2)) < 1e-9, "reversed with COR 0.5: \(before) → \(m.ux)")
                hit = true
                break
            }
        }
        #expect(hit)
        #expect(m.ball.x <= 80 - m.radius + 1e-9, "the ball stops at the block's face")
    }

    @Test func aFastBallDoesNotTunnelThroughAOneCellWall() {
        var m = MazeModel(size: Self.box)
        for r in 0..<12 { _ = m.toggle(Cell(row: r, column: 6)) }
        // The seed's ball moved up to its speed in one jump; build a huge speed and check every tick.
        for _ in 0..<2000 {
            m.step(tilt: Vector3(1, 0, 0))
            #expect(m.ball.x < 240, "through the wall at \(m.ball)")
            if m.ball.x >= 240 { return }
        }
    }

    @Test func reachingTheGoalStopsTheClockAndRecordsTheTime() {
        var m = MazeModel(size: Self.box)
        #expect(m.state == .ready)
        var t = 0
        while t < 5000 {
            if case .finished = m.state { break }
            m.step(tilt: restingTilt(x: 0.5, y: -0.5))
            t += 1
        }
        guard case .finished(let ticks) = m.state else { Issue.record("never reached the goal"); return }
        #expect(ticks > 0 && ticks <= t)
        #expect(m.cell(at: m.ball) == MazeModel.goalCell)
        let ball = m.ball
        m.step(tilt: restingTilt(x: -1, y: 0))
        #expect(m.ball == ball, "a finished run is frozen")
        m.resetRun()
        #expect(m.state == .ready && m.cell(at: m.ball) == MazeModel.startCell)
    }

    @Test func startAndGoalMoveToOpenCellsOnlyAndTheRunFollows() {
        var m = MazeModel(size: Self.box)
        _ = m.toggle(Cell(row: 6, column: 6))
        let onBlock = m.move(.goal, to: Cell(row: 6, column: 6))
        #expect(onBlock == .refused("That cell is a block: clear it first."))
        let onStart = m.move(.goal, to: m.start)
        #expect(onStart == .refused("The goal cannot be on the start."))
        let key = m.layoutKey
        let moved = m.move(.goal, to: Cell(row: 0, column: 2))
        #expect(moved == .placed && m.goal == Cell(row: 0, column: 2))
        #expect(m.layoutKey != key, "a different goal is a different layout")
        let blocked = m.toggle(Cell(row: 0, column: 2))
        #expect(blocked == .refused("The goal cell stays open."))
        // Two cells to the right: a short run that finishes in the new goal.
        for _ in 0..<600 { if case .finished = m.state { break }; m.step(tilt: restingTilt(x: 0.4, y: 0.2)) }
        guard case .finished = m.state else { Issue.record("never reached the moved goal"); return }
        #expect(m.cell(at: m.ball) == Cell(row: 0, column: 2))
        let restored = MazeModel(size: Self.box, blocks: m.blocks, start: Cell(row: 3, column: 3), goal: Cell(row: 3, column: 3))
        #expect(restored.start == MazeModel.startCell && restored.goal == MazeModel.goalCell, "a start on the goal falls back to the corners")
    }

    @Test func layoutKeysDifferPerLayout() {
        var a = MazeModel(size: Self.box), b = MazeModel(size: Self.box)
        #expect(a.layoutKey == b.layoutKey)
        _ = a.toggle(Cell(row: 4, column: 4))
        #expect(a.layoutKey != b.layoutKey)
        _ = b.toggle(Cell(row: 4, column: 4))
        #expect(a.layoutKey == b.layoutKey)
    }

    /// Ten minutes of play (36 000 ticks) per seed at random tilts on a random maze, with random
    /// clicks and resizes: the ball never ends a tick inside a block or outside the box, never NaN.
    @Test(arguments: [UInt64(1), 7, 42, 1234, 0xfeed])
    func tenMinutesOfRandomPlayNeverLeavesTheBallInABlockOrOutside(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var size = Size(Double.random(in: 200...900, using: &rng), Double.random(in: 150...700, using: &rng))
        var blocks = Set<Cell>()
        for _ in 0..<Int.random(in: 10...70, using: &rng) {
            blocks.insert(Cell(row: Int.random(in: 0..<12, using: &rng), column: Int.random(in: 0..<12, using: &rng)))
        }
        var m = MazeModel(size: size, blocks: blocks)
        var tilt = restingTilt(x: 0, y: 0)
        for i in 0..<36_000 {
            if i % 20 == 0 { tilt = restingTilt(x: Double.random(in: -1...1, using: &rng), y: Double.random(in: -1...1, using: &rng)) }
            if i % 997 == 0 { _ = m.toggle(Cell(row: Int.random(in: 0..<12, using: &rng), column: Int.random(in: 0..<12, using: &rng))) }
            if i % 9001 == 0 && i > 0 {
                size = Size(Double.random(in: 200...900, using: &rng), Double.random(in: 150...700, using: &rng))
                m.resize(to: size)
            }
            if case .finished = m.state { m.resetRun() }
            m.step(tilt: tilt)
            guard m.ballIsFree(slack: 1e-6) else {
                Issue.record("seed \(seed) tick \(i): ball \(m.ball) r \(m.radius) on \(m.size) hits \(m.blocks.filter { m.frame(of: $0).insetBy(-m.radius).contains(m.ball) })")
                return
            }
        }
    }

    @Test(arguments: [UInt64(3), 5])
    func withoutTiltEnergyNeverGrows(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var blocks = Set<Cell>()
        for _ in 0..<40 { blocks.insert(Cell(row: Int.random(in: 0..<12, using: &rng), column: Int.random(in: 0..<12, using: &rng))) }
        var m = MazeModel(size: Self.box, blocks: blocks)
        for _ in 0..<30 { m.step(tilt: restingTilt(x: 0.7, y: -0.7)) }
        var e = m.kineticEnergy
        for _ in 0..<3000 {
            m.step(tilt: Vector3(0, 0, -1))
            #expect(m.kineticEnergy <= e + 1e-9)
            e = m.kineticEnergy
        }
    }
}
