import TouchDeskInterface
import Foundation

/// Maze: a 12 × 12 grid of cells, each empty or a solid block, and a ball tilted from the start
/// cell (top-left unless moved) to the goal cell (bottom-right unless moved) against the clock.
///
/// The ball follows the seed: restitution 0.5, x += 0.5·ux, y −= 0.5·uy, u += 0.2·a, and off a block
/// it reverses the velocity component along the larger offset between ball and block centres.
/// The seed's faults are fixed: both centre coordinates use their own cell size (it used dx for y),
/// the ball moves in sub-steps no longer than a third of its radius so it cannot tunnel through a
/// block, a position that would still overlap a block after the bounce is never taken, and a block
/// is never placed on the ball (nor on the start or goal cell). Times are counted in ticks.
public struct MazeModel: Equatable, Sendable {
    public static let cells = 12
    public static let restitution = 0.5
    /// Ball radius as a fraction of the smaller cell side: it fits through a one-cell corridor.
    public static let ballFraction = 0.3

    public struct Cell: Hashable, Sendable, Codable {
        public var row: Int
        public var column: Int
        public init(row: Int, column: Int) { self.row = row; self.column = column }
    }

    /// Where start and goal are until moved.
    public static let startCell = Cell(row: 0, column: 0)
    public static let goalCell = Cell(row: cells - 1, column: cells - 1)

    public enum RunState: Equatable, Sendable {
        /// The ball waits in the start cell; the clock starts when it leaves.
        case ready
        case running
        /// The ball reached the goal after this many ticks.
        case finished(Int)
    }

    public enum ToggleResult: Equatable, Sendable {
        case placed, removed
        case refused(String)
    }

    public private(set) var size: Size
    public private(set) var blocks: Set<Cell> = []
    public private(set) var start = MazeModel.startCell
    public private(set) var goal = MazeModel.goalCell
    public private(set) var ball: Point = .zero
    public private(set) var ux = 0.0
    public private(set) var uy = 0.0
    public private(set) var state = RunState.ready
    public private(set) var ticks = 0

    /// A maze of `blocks`; a start or goal that is invalid, blocked or shared falls back to the corners.
    public init(size: Size, blocks: Set<Cell> = [], start: Cell = MazeModel.startCell, goal: Cell = MazeModel.goalCell) {
        self.size = Size(max(size.width, Double(Self.cells)), max(size.height, Double(Self.cells)))
        if Self.isValid(start), Self.isValid(goal), start != goal { self.start = start; self.goal = goal }
        self.blocks = blocks.filter { Self.isValid($0) && $0 != self.start && $0 != self.goal }
        ball = center(of: self.start)
    }

    static func isValid(_ c: Cell) -> Bool { (0..<cells).contains(c.row) && (0..<cells).contains(c.column) }

    // MARK: - Geometry

    public var cellWidth: Double { size.width / Double(Self.cells) }
    public var cellHeight: Double { size.height / Double(Self.cells) }
    public var radius: Double { min(cellWidth, cellHeight) * Self.ballFraction }

    public func frame(of c: Cell) -> Rect {
        Rect(x: Double(c.column) * cellWidth, y: Double(c.row) * cellHeight, width: cellWidth, height: cellHeight)
    }

    public func center(of c: Cell) -> Point { frame(of: c).center }

    public func cell(at p: Point) -> Cell? {
        guard p.x >= 0, p.y >= 0, p.x < size.width, p.y < size.height else { return nil }
        return Cell(row: min(Self.cells - 1, Int(p.y / cellHeight)), column: min(Self.cells - 1, Int(p.x / cellWidth)))
    }

    /// True when a circle at `p` with the ball's radius overlaps block `c` (touching is not overlap).
    func overlaps(_ p: Point, _ c: Cell, slack: Double = 0) -> Bool {
        let f = frame(of: c)
        let nx = min(max(p.x, f.minX), f.maxX), ny = min(max(p.y, f.minY), f.maxY)
        let dx = p.x - nx, dy = p.y - ny
        let r = radius - slack
        return dx * dx + dy * dy < r * r
    }

    /// The blocks a ball at `p` overlaps.
    func blocksHit(at p: Point, slack: Double = 0) -> [Cell] {
        let r = radius
        guard let lo = cell(at: Point(max(0, p.x - r), max(0, p.y - r))),
              let hi = cell(at: Point(min(size.width - 1e-9, p.x + r), min(size.height - 1e-9, p.y + r))) else { return [] }
        var hits: [Cell] = []
        for row in lo.row...hi.row {
            for col in lo.column...hi.column {
                let c = Cell(row: row, column: col)
                if blocks.contains(c) && overlaps(p, c, slack: slack) { hits.append(c) }
            }
        }
        return hits
    }

    /// True when the ball is wholly inside the box and touches no block (within `slack` points).
    public func ballIsFree(slack: Double = 1e-9) -> Bool {
        let r = radius
        guard ball.x.isFinite, ball.y.isFinite else { return false }
        guard ball.x >= r - slack, ball.y >= r - slack, ball.x <= size.width - r + slack, ball.y <= size.height - r + slack else { return false }
        return blocksHit(at: ball, slack: slack).isEmpty
    }

    /// A key naming this layout (which cells are blocks, where start and goal are), for best times
    /// per layout.
    public var layoutKey: String {
        var bits = [UInt8](repeating: 0, count: (Self.cells * Self.cells + 7) / 8)
        for c in blocks { let i = c.row * Self.cells + c.column; bits[i / 8] |= 1 << UInt8(i % 8) }
        let ends = start == Self.startCell && goal == Self.goalCell ? "" : "-\(start.row).\(start.column)-\(goal.row).\(goal.column)"
        return bits.map { String(format: "%02x", $0) }.joined() + ends
    }

    // MARK: - Editing

    /// What an edit changes and undo restores: the blocks, the start and the goal.
    public struct Layout: Equatable, Sendable {
        public var blocks: Set<Cell>
        public var start: Cell
        public var goal: Cell
    }

    public var layout: Layout { Layout(blocks: blocks, start: start, goal: goal) }
    /// Layouts before each edit, newest last; at most `undoDepth`.
    public private(set) var undoStack: [Layout] = []
    public private(set) var redoStack: [Layout] = []
    public static let undoDepth = 200
    public var canUndo: Bool { !undoStack.isEmpty }
    public var canRedo: Bool { !redoStack.isEmpty }
    /// The drag under way: whether it paints blocks (it began on an empty cell) or erases them, and
    /// the layout before it (one undo step for the whole drag).
    public private(set) var stroke: Stroke?
    public struct Stroke: Equatable, Sendable {
        public var paints: Bool
        public var before: Layout
    }

    /// Clicking a cell: places or removes a block. A block is never put on the ball or on the
    /// start or goal cell. Any change of layout sends the ball back to the start.
    public mutating func toggle(_ c: Cell) -> ToggleResult {
        let before = layout
        let result = setBlock(c, !blocks.contains(c))
        if case .refused = result {} else { pushUndo(before) }
        return result
    }

    /// Makes `c` a block (`on`) or open floor, with the same refusals as `toggle`; no undo step.
    mutating func setBlock(_ c: Cell, _ on: Bool) -> ToggleResult {
        guard Self.isValid(c) else { return .refused(translatable("That is outside the maze.")) }
        if !on {
            guard blocks.contains(c) else { return .refused(translatable("That cell is already open.")) }
            blocks.remove(c)
            resetRun()
            return .removed
        }
        if blocks.contains(c) { return .refused(translatable("That cell is already a block.")) }
        if c == start { return .refused(translatable("The start cell stays open.")) }
        if c == goal { return .refused(translatable("The goal cell stays open.")) }
        if overlaps(ball, c) && state != .ready { return .refused(translatable("The ball is in that cell: roll it away first.")) }
        blocks.insert(c)
        resetRun()
        return .placed
    }

    /// A drag begins on `c`: on an empty cell it paints blocks, on a block it erases them. The
    /// first cell changes at once (or says why not).
    public mutating func beginStroke(at c: Cell) -> ToggleResult {
        if stroke != nil { endStroke() }
        stroke = Stroke(paints: !blocks.contains(c), before: layout)
        return setBlock(c, stroke!.paints)
    }

    /// The drag reached `c`: it gets the stroke's state; cells that refuse (start, goal) are skipped.
    public mutating func extendStroke(to c: Cell) {
        guard let s = stroke, blocks.contains(c) != s.paints else { return }
        _ = setBlock(c, s.paints)
    }

    /// The drag ends: one undo step if it changed anything.
    public mutating func endStroke() {
        guard let s = stroke else { return }
        stroke = nil
        if s.before != layout { pushUndo(s.before) }
    }

    /// Moves the start (or the goal) to `c`, which must be open and not the other one.
    public mutating func move(_ which: Endpoint, to c: Cell) -> ToggleResult {
        guard Self.isValid(c) else { return .refused(translatable("That is outside the maze.")) }
        if blocks.contains(c) { return .refused(translatable("That cell is a block: clear it first.")) }
        let before = layout
        switch which {
        case .start:
            if c == goal { return .refused(translatable("The start cannot be on the goal.")) }
            start = c
        case .goal:
            if c == start { return .refused(translatable("The goal cannot be on the start.")) }
            goal = c
        }
        if before != layout { pushUndo(before) }
        resetRun()
        return .placed
    }

    public enum Endpoint: Sendable { case start, goal }

    /// Removes every block (one undo step).
    public mutating func clear() {
        guard !blocks.isEmpty else { return }
        pushUndo(layout)
        blocks.removeAll()
        resetRun()
    }

    public mutating func undo() {
        if stroke != nil { endStroke() }
        guard let previous = undoStack.popLast() else { return }
        redoStack.append(layout)
        apply(previous)
    }

    public mutating func redo() {
        guard stroke == nil, let next = redoStack.popLast() else { return }
        undoStack.append(layout)
        apply(next)
    }

    private mutating func pushUndo(_ before: Layout) {
        undoStack.append(before)
        if undoStack.count > Self.undoDepth { undoStack.removeFirst() }
        redoStack.removeAll()
    }

    private mutating func apply(_ l: Layout) {
        blocks = l.blocks
        start = l.start
        goal = l.goal
        resetRun()
    }

    /// Replaces the blocks with a random perfect maze from `seed` (one undo step): every open cell
    /// is reachable from the start, by exactly one path, and the goal is open and reachable.
    public mutating func generate(seed: UInt64) {
        let carved = Self.perfectMaze(seed: seed, from: start, to: goal)
        var all = Set<Cell>()
        for r in 0..<Self.cells { for c in 0..<Self.cells { all.insert(Cell(row: r, column: c)) } }
        let newBlocks = all.subtracting(carved)
        guard newBlocks != blocks else { return }
        pushUndo(layout)
        blocks = newBlocks
        resetRun()
    }

    /// Open cells carved by a randomized depth-first walk from `start`: a cell is carved only when
    /// exactly one of its four neighbours is open, so the open cells form a tree (no loops). The
    /// goal is carved when the walk reaches it, else joined by the shortest run of cells.
    static func perfectMaze(seed: UInt64, from start: Cell, to goal: Cell) -> Set<Cell> {
        var rng = SplitMix64(seed: seed)
        func random(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
        func neighbours(_ c: Cell) -> [Cell] {
            [Cell(row: c.row - 1, column: c.column), Cell(row: c.row + 1, column: c.column),
             Cell(row: c.row, column: c.column - 1), Cell(row: c.row, column: c.column + 1)].filter(isValid)
        }
        var open: Set<Cell> = [start]
        var stack = [start]
        while let top = stack.last {
            let candidates = neighbours(top).filter { n in
                !open.contains(n) && neighbours(n).filter { open.contains($0) }.count == 1
            }
            if candidates.isEmpty { stack.removeLast(); continue }
            let next = candidates[random(candidates.count)]
            open.insert(next)
            stack.append(next)
        }
        if !open.contains(goal) {
            // Breadth-first through blocks from the goal to the nearest open cell, then carve that run.
            var from: [Cell: Cell] = [:]
            var queue = [goal], seen: Set<Cell> = [goal], i = 0
            var reached: Cell?
            while i < queue.count, reached == nil {
                let c = queue[i]; i += 1
                for n in neighbours(c) where !seen.contains(n) {
                    seen.insert(n); from[n] = c
                    if open.contains(n) { reached = n; break }
                    queue.append(n)
                }
            }
            var c = reached.flatMap { from[$0] }
            while let cell = c { open.insert(cell); c = from[cell] }
        }
        return open
    }

    /// True when open cells join the start to the goal (four-way steps).
    public var goalIsReachable: Bool {
        var seen: Set<Cell> = [start], queue = [start], i = 0
        while i < queue.count {
            let c = queue[i]; i += 1
            if c == goal { return true }
            for n in [Cell(row: c.row - 1, column: c.column), Cell(row: c.row + 1, column: c.column),
                      Cell(row: c.row, column: c.column - 1), Cell(row: c.row, column: c.column + 1)]
            where Self.isValid(n) && !blocks.contains(n) && !seen.contains(n) {
                seen.insert(n); queue.append(n)
            }
        }
        return false
    }

    /// The ball back at the start, the clock at zero.
    public mutating func resetRun() {
        ball = center(of: start)
        ux = 0; uy = 0
        ticks = 0
        state = .ready
    }

    /// The box changed size: the ball keeps its place as a fraction of the box, pushed free.
    public mutating func resize(to newSize: Size) {
        let s = Size(max(newSize.width, Double(Self.cells)), max(newSize.height, Double(Self.cells)))
        guard s != size else { return }
        let fx = ball.x / size.width, fy = ball.y / size.height
        let old = cell(at: ball) ?? start
        size = s
        ball = Point(fx * s.width, fy * s.height)
        clampToBox()
        // The ball's cell was free before; if the new shape makes it overlap, put it at that cell's centre.
        if !ballIsFree() { ball = center(of: old) }
        if !ballIsFree() { ball = center(of: start) }
    }

    // MARK: - Motion

    /// Space: the ball stops where it is (the tilt is levelled by the input).
    public mutating func brake() { ux = 0; uy = 0 }

    /// One 1/60 s tick with tilt `a` (in g).
    public mutating func step(tilt a: Vector3) {
        if case .finished = state { return }
        let ax = a.x.isFinite ? a.x : 0, ay = a.y.isFinite ? a.y : 0
        ux += 0.2 * ax
        uy += 0.2 * ay
        if TiltBall.isLevel(a) { TiltBall.rollToRest(&ux, &uy) }
        // Sub-steps of at most a third of the radius: a block is at least 3.3 radii across, so the
        // ball cannot pass through one between two looks. Each sub-step moves with the velocity
        // as the last bounce left it.
        let n = max(1, Int((max(abs(0.5 * ux), abs(0.5 * uy)) / (radius / 3)).rounded(.up)))
        for _ in 0..<min(n, 1000) {
            move(by: 0.5 * ux / Double(n), -0.5 * uy / Double(n))
        }
        if state == .ready, cell(at: ball) != start { state = .running }
        if state == .running {
            ticks += 1
            if cell(at: ball) == goal { state = .finished(ticks) }
        }
    }

    private mutating func move(by dx: Double, _ dy: Double) {
        let before = ball
        ball.x += dx
        ball.y += dy
        bounceOffWalls()
        for _ in 0..<4 {
            let hits = blocksHit(at: ball)
            if hits.isEmpty { break }
            // The block most overlapped decides the bounce.
            let c = hits.min { ball.distance(to: center(of: $0)) < ball.distance(to: center(of: $1)) }!
            bounce(off: c)
        }
        // Corners where two blocks meet can leave no free spot on one axis: stay where we were.
        if !ballIsFree() {
            ball = before
            ux *= -Self.restitution
            uy *= -Self.restitution
        }
    }

    /// The seed's rule: reverse the component along the larger relative offset (measured in cell
    /// sizes, so a non-square cell does not bias it), and put the ball back against that face.
    private mutating func bounce(off c: Cell) {
        let f = frame(of: c), r = radius
        let ox = (ball.x - f.midX) / f.width, oy = (ball.y - f.midY) / f.height
        if abs(ox) >= abs(oy) {
            if ox < 0 { ball.x = f.minX - r; ux = -abs(ux) * Self.restitution }
            else { ball.x = f.maxX + r; ux = abs(ux) * Self.restitution }
        } else {
            // y down, uy up: a block below sends the ball up.
            if oy < 0 { ball.y = f.minY - r; uy = abs(uy) * Self.restitution }
            else { ball.y = f.maxY + r; uy = -abs(uy) * Self.restitution }
        }
        clampToBox()
    }

    private mutating func bounceOffWalls() {
        TiltBall.bounceOffEdges(&ball, &ux, &uy, radius: radius, in: size, restitution: Self.restitution)
    }

    private mutating func clampToBox() {
        let r = radius
        ball.x = min(max(ball.x, r), size.width - r)
        ball.y = min(max(ball.y, r), size.height - r)
    }

    public var kineticEnergy: Double { 0.5 * (ux * ux + uy * uy) }
}
