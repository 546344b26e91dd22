import TouchDeskDrawing
import Foundation
import TouchDeskInterface
import TouchDeskModels
import TouchDeskToolkit

/// Maze: build a maze of blocks on a 12 × 12 grid, then tilt the ball from the green start cell
/// to the gold goal cell against the clock; the best time of each layout is kept.
///
/// Building: a drag that starts on an empty cell paints blocks, one that starts on a block erases
/// them; Ctrl+Z and Ctrl+Shift+Z undo and redo every edit; G makes a random perfect maze (G again
/// for another); B turns on keyboard building (arrows move a cell cursor, Space toggles the cell).
/// Start (1) or Goal (2), then a click, moves the start or the goal cell.
///
/// The layout and the best times of the 200 most recently played layouts live in maze.json in the
/// data folder. The file is read on a background thread and written through the environment's
/// writer, so neither a large old file nor a slow disk ever freezes the window.
public final class MazeApp: MiniApp {
    public nonisolated static let id = "maze"
    public nonisolated static let title = "Maze"
    public nonisolated static let blurb = "Build a maze by clicking cells, then tilt the ball from start to goal against the clock."

    static let floor = Color(hex: 0xe9e4d4)
    static let block = Color(hex: 0x5b3a29)
    static let ballColor = Color(hex: 0xd62839)
    static let startColor = Color(hex: 0x7fd18b)
    static let goalColor = Color(hex: 0xf2c14e)
    static let cursorColor = Color(hex: 0x1d6fd6)
    static let stripHeight = 30.0
    nonisolated static let fileName = "maze.json"
    /// maze.json files from before best times were bounded could hold a million of them.
    nonisolated static let maxFileBytes = 256 << 20

    nonisolated struct Saved: Codable, Sendable {
        var blocks: [MazeModel.Cell]
        /// Absent in files written before start and goal could move.
        var start: MazeModel.Cell?
        var goal: MazeModel.Cell?
        /// Best time in ticks, by layout key.
        var bestTicks: [String: Int]
        /// The layout keys of `bestTicks`, least recently played first (absent in older files).
        var recent: [String]?
        /// Whether the first-open hint was read (absent in older files: a maze file means no).
        var hintSeen: Bool?
    }

    public private(set) var model = MazeModel(size: Size(360, 360))
    public private(set) var tilt = TiltInput()
    let environment: AppEnvironment
    enum Control: String, ControlID { case run, undo, redo, clear, generate, build, start, goal, cursorMove, cursorPut, tilt, level }
    let controls = Controls<Control>()
    /// The maze on screen (square, centred), in app coordinates.
    private(set) var mazeRect = Rect.zero
    private var size = Size(0, 0)
    private var toast = Toast()
    /// Announced to screen readers by the shell (`MiniApp.appToast`).
    public var appToast: Toast? { toast }
    private(set) var bestTimes = MazeBestTimes()
    /// maze.json: the layout and best times; edits wait until it is read.
    private let file: KeptFile<Saved>
    /// Keyboard building: the cell cursor, while on.
    public private(set) var cursor: MazeModel.Cell? {
        // The arrows, Space and Enter are the cursor's while it is on, the tilt's otherwise.
        didSet {
            for id in [Control.cursorMove, .cursorPut] { controls.setEnabled(id, cursor != nil) }
            for id in [Control.tilt, .level] { controls.setEnabled(id, cursor == nil) }
        }
    }
    /// The keys that move the cell cursor, and the step each takes.
    static let cursorSteps: [(name: String, columns: Int, rows: Int)] = [("Left", -1, 0), ("Right", 1, 0), ("Up", 0, -1), ("Down", 0, 1)]
    /// The cell cursor's arrows, Space and Enter are its own, whichever button holds the Tab ring.
    public var holdsCursorKeys: Bool { cursor != nil }
    /// Shown until the first edit, on a maze that has never been built.
    private(set) var showsHint = false
    private var seed: UInt64 = 0x6d617a65

    public init(environment: AppEnvironment) {
        self.environment = environment
        controls.add(.run, "New run", key: .key("n"))
        controls.add(.undo, "Undo", key: .control("z"))
        controls.add(.redo, "Redo", key: .control("z", shift: true), also: [.control("y")])
        controls.add(.clear, "Clear", key: .key("c"))
        controls.add(.generate, "Generate", key: .key("g"))
        controls.add(.build, "Build", key: .key("b"), kind: .toggle)
        controls.add(.start, "Start", key: .key("1"), kind: .toggle)
        controls.add(.goal, "Goal", key: .key("2"), kind: .toggle)
        controls.addKeys(.cursorMove, KeyChord(Self.cursorSteps.map(\.name)), shown: tr("Arrows (cursor on)"),
                         help: "Move the cell cursor (B builds; 1, 2 place start, goal)")
        controls.addKeys(.cursorPut, KeyChord(["space", "Return"]), shown: tr("Space, Enter (cursor on)"), help: "Toggle its block, or put the start or goal there")
        controls.addTiltKeys(tilt: .tilt, level: .level, help: "Level at once and brake the ball")
        controls.setEnabled(.cursorMove, false)
        controls.setEnabled(.cursorPut, false)
        // A file of today's size (a few kilobytes) is read at once; a large old one off the UI thread.
        file = KeptFile(name: Self.fileName, environment: environment, maxBytes: Self.maxFileBytes)
        // The seed of G differs from run to run, and each G moves it on.
        seed ^= UInt64(UInt32(truncatingIfNeeded: getpid())) << 17 ^ UInt64(time(nil))
        _ = collectLoad()
        syncControls()
    }

    /// Takes in maze.json once the background read is done; true while it is still being read.
    private func collectLoad(wait: Bool = false) -> Bool {
        guard let loaded = file.take(wait: wait) else { return file.isLoading }
        switch loaded {
        case .loaded(let s):
            model = MazeModel(size: model.size, blocks: Set(s.blocks), start: s.start ?? MazeModel.startCell,
                              goal: s.goal ?? MazeModel.goalCell)
            bestTimes = MazeBestTimes(ticks: s.bestTicks, recent: s.recent, keep: model.layoutKey)
            showsHint = s.hintSeen == false
            if s.bestTicks.count > bestTimes.count {
                // An old file with more best times than are kept: write the bounded one now.
                save()
            }
        case .setAside(let message):
            toast.show(message, isError: true, seconds: 6)
            showsHint = true
        case .missing:
            showsHint = true
        }
        model.resize(to: mazeRect.size)
        syncControls()
        return false
    }

    /// Waits for maze.json: for screenshots and tests.
    public func finishLoading() { _ = collectLoad(wait: true) }
    var isLoading: Bool { file.isLoading }

    /// The best time of the current layout, in ticks.
    public var best: Int? { bestTimes.best(for: model.layoutKey) }

    // MARK: - MiniApp

    public func layout(in size: Size, scale: Double) {
        self.size = size
        let top = Self.stripHeight
        let barH = controls.layoutToolbar(atBottomOf: size)
        let below = max(0, min(size.width - 16, size.height - barH - top - 4))
        // A column of buttons beside the maze when that leaves the maze larger (a landscape
        // window): compact when the full-size column would not fit the height.
        let n = Double(controls.shownItems.count), gap = 4.0, free = size.height - top - 8
        controls.isCompact = n * ControlSizes.rowHeight + (n - 1) * gap > free
        let columnW = controls.shownItems.map(controls.preferredWidth).max() ?? 0
        let columnH = n * controls.height + (n - 1) * gap
        let beside = max(0, min(size.width - columnW - 24, free))
        if columnH <= free && beside > below * 1.05 {
            let left = ((size.width - beside - 8 - columnW) / 2).rounded()
            mazeRect = Rect(x: left, y: top, width: beside, height: beside)
            controls.layoutColumns(in: Rect(x: mazeRect.maxX + 8, y: top, width: columnW, height: columnH), columns: 1, gap: gap)
        } else {
            _ = controls.layoutToolbar(atBottomOf: size)
            mazeRect = Rect(x: (size.width - below) / 2, y: top, width: below, height: below)
        }
        model.resize(to: mazeRect.size)
    }

    public func handle(_ event: InputEvent) -> Bool {
        if collectLoad() {
            // Nothing to edit yet: a click would be lost when the file arrives.
            if case .key(let k) = event, k.is("Escape") { return false }
            return true
        }
        // While the cell cursor is on (Build, or Start or Goal being placed), the arrows, Space and
        // Enter are its (`holdsCursorKeys`: whichever button holds the Tab ring); otherwise the tilt's.
        switch controls.handle(event) {
        case .activated(.cursorMove): if case .key(let k) = event { moveCursor(k) }; return true
        case .activated(.cursorPut): putAtCursor(); return true
        case .activated(.level): model.brake()
        case .activated(.tilt): break
        case .activated(let id): activate(id); return true
        case .changed, .stepped, .consumed: return true
        case .ignored: break
        }
        if cursor == nil, tilt.handle(event, center: mazeRect.center, radius: mazeRect.width / 2) { return true }
        switch event {
        case .touchBegan(let p):
            guard let c = cell(at: p) else { return false }
            if let which = placing {
                report(model.move(which, to: c), edited: true)
                endPlacing()
            } else {
                report(model.beginStroke(at: c), edited: false)
            }
            syncControls()
            return true
        case .touchMoved(let p):
            guard model.stroke != nil else { return false }
            if let c = cell(at: p) { model.extendStroke(to: c) }
            return true
        case .touchEnded(let p):
            guard model.stroke != nil else { return false }
            if let c = cell(at: p) { model.extendStroke(to: c) }
            let changed = model.stroke.map { $0.before != model.layout } ?? false
            model.endStroke()
            if changed { edited() }
            syncControls()
            return true
        default:
            return false
        }
    }

    private func cell(at p: Point) -> MazeModel.Cell? { model.cell(at: Point(p.x - mazeRect.x, p.y - mazeRect.y)) }

    /// A click's outcome: a refusal says why (a drag passing over the start says nothing).
    private func report(_ result: MazeModel.ToggleResult, edited isEdit: Bool) {
        switch result {
        case .refused(let why): toast.show(why, isError: true, seconds: 2.5)
        case .placed, .removed: if isEdit { edited() }
        }
    }

    /// While building with the keyboard: an arrow moves the cell cursor one cell.
    private func moveCursor(_ k: Key) {
        guard var c = cursor, let step = Self.cursorSteps.first(where: { $0.name == k.name }) else { return }
        c.column = min(max(0, c.column + step.columns), MazeModel.cells - 1)
        c.row = min(max(0, c.row + step.rows), MazeModel.cells - 1)
        cursor = c
        syncControls()
    }

    /// Space or Enter on the cell cursor: toggles its block or, with Start or Goal on, puts the
    /// start or goal there.
    private func putAtCursor() {
        guard let c = cursor else { return }
        if let which = placing {
            report(model.move(which, to: c), edited: true)
            endPlacing()
        } else {
            report(model.toggle(c), edited: true)
        }
        syncControls()
    }

    private func activate(_ id: Control) {
        switch id {
        // The cursor's and the tilt's keys: taken in `handle`.
        case .cursorMove, .cursorPut, .tilt, .level: return
        case .run: model.resetRun()
        case .clear:
            if model.blocks.isEmpty { break }
            model.clear(); edited()
            toast.show("Cleared: Ctrl+Z brings the blocks back", isError: false, seconds: 3)
        case .undo: if model.canUndo { model.undo(); edited() }
        case .redo: if model.canRedo { model.redo(); edited() }
        case .generate:
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            model.generate(seed: seed)
            edited()
        case .build:
            if cursorForPlacing {
                // The cursor Start or Goal brought stays, as Build's.
                cursorForPlacing = false
            } else {
                cursor = cursor == nil ? (model.cell(at: model.ball) ?? model.start) : nil
                if cursor != nil { tilt.releaseAll(); model.resetRun() }
            }
        case .start, .goal:
            let which: MazeModel.Endpoint = id == .start ? .start : .goal
            if placing == which { endPlacing(); break }
            placing = which
            if cursor == nil {
                // The cell cursor, on the start or goal, for the arrows and Enter to place it.
                cursor = which == .start ? model.start : model.goal
                cursorForPlacing = true
                tilt.releaseAll()
                model.resetRun()
            }
        }
        syncControls()
    }

    /// Start or Goal is done with (placed, or turned off): the cursor it brought goes with it.
    private func endPlacing() {
        placing = nil
        if cursorForPlacing { cursor = nil; cursorForPlacing = false }
    }

    /// The layout changed: the hint has done its job, and the file is brought up to date.
    private func edited() {
        showsHint = false
        save()
    }

    /// Which end the next click on the maze (or Enter on the cell cursor) moves, if any.
    private(set) var placing: MazeModel.Endpoint?
    /// The cell cursor is on only for placing the start or goal (Build is off).
    private var cursorForPlacing = false

    private func syncControls() {
        controls.setOn(.start, placing == .start)
        controls.setOn(.goal, placing == .goal)
        controls.setOn(.build, cursor != nil && !cursorForPlacing)
        controls.setEnabled(.undo, model.canUndo)
        controls.setEnabled(.redo, model.canRedo)
    }

    public func tick() -> Bool {
        if collectLoad() { _ = toast.tick(); return true }
        if let why = file.takeWriteFailure() { toast.show(tr("Maze not saved: {0}", "\(why)"), isError: true) }
        guard cursor == nil else { return toast.tick() || file.isWriting }
        tilt.step()
        let wasFinished: Bool
        if case .finished = model.state { wasFinished = true } else { wasFinished = false }
        model.step(tilt: tilt.vector)
        if !wasFinished, case .finished(let t) = model.state {
            let previous = best
            if bestTimes.record(model.layoutKey, ticks: t) {
                toast.show(tr("Goal! {0} s: a new best for this maze", NumberStyle.current.decimal(Double(t) / 60, decimals: 2)), isError: false)
            } else if let b = previous {
                toast.show(tr("Goal! {0} s (best {1} s)", NumberStyle.current.decimal(Double(t) / 60, decimals: 2), NumberStyle.current.decimal(Double(b) / 60, decimals: 2)), isError: false)
            }
            save()
        }
        _ = toast.tick()
        return true
    }

    /// Writes maze.json through the writer thread: the encoding (a few kilobytes, now that best
    /// times are bounded) happens here, the disk work there.
    private func save() {
        let saved = Saved(blocks: model.blocks.sorted { ($0.row, $0.column) < ($1.row, $1.column) },
                          start: model.start, goal: model.goal, bestTicks: bestTimes.ticks, recent: bestTimes.order,
                          hintSeen: !showsHint)
        if let why = file.write(saved) { toast.show(tr("Maze not saved: {0}", "\(why)"), isError: true) }
    }

    /// Waits until maze.json is written: for tests.
    func finishSaving() {
        environment.writer.waitUntilIdle()
        _ = tick()
    }

    public func draw(_ cr: CairoContext) {
        let time: Double
        switch model.state {
        case .ready: time = 0
        case .running: time = Double(model.ticks) / 60
        case .finished(let t): time = Double(t) / 60
        }
        let n = NumberStyle.current
        var status = tr("Time {0} s", n.decimal(time, decimals: 1))
        if let b = best { status += "   " + tr("Best {0} s", n.decimal(Double(b) / 60, decimals: 2)) }
        if case .finished = model.state { status += "   " + tr("N: again") }
        if let which = placing {
            status = which == .start ? tr("The start: arrows and Enter, or click a cell") : tr("The goal: arrows and Enter, or click a cell")
        }
        else if file.isLoading { status = tr("Loading the maze…") }
        else if cursor != nil { status = tr("Building: arrows move, Space toggles, B to play") }
        else if showsHint { status = tr("Drag to draw walls, G for a maze; arrows tilt the ball") }
        cr.text(status, x: 10, y: Self.stripHeight / 2,
                  size: Text.fittingSize(status, width: size.width - 120, size: Theme.TextSize.status, weight: .bold), weight: .bold)
        TiltIndicator.draw(cr, tilt.source, right: size.width - 8, y: Self.stripHeight / 2)
        if mazeRect.width > 0 {
            cr.save()
            cr.translate(mazeRect.x, mazeRect.y)
            Self.drawMaze(cr, model)
            if let c = cursor {
                Self.cursorColor.set(cr)
                cr.setLineWidth(3)
                cr.rectangle(model.frame(of: c).insetBy(2))
                cr.stroke()
            }
            cr.restore()
        }
        controls.draw(cr)
        toast.draw(cr, in: Rect(x: 0, y: 0, width: size.width, height: mazeRect.maxY))
    }

    static func drawMaze(_ cr: CairoContext, _ m: MazeModel) {
        cr.fill(Rect(x: 0, y: 0, width: m.size.width, height: m.size.height), floor)
        cr.fill(m.frame(of: m.start), startColor)
        cr.fill(m.frame(of: m.goal), goalColor)
        Color(0, 0, 0, 0.08).set(cr)
        cr.setLineWidth(1)
        for i in 1..<MazeModel.cells {
            let x = (Double(i) * m.cellWidth).rounded() + 0.5, y = (Double(i) * m.cellHeight).rounded() + 0.5
            cr.moveTo(x, 0); cr.lineTo(x, m.size.height)
            cr.moveTo(0, y); cr.lineTo(m.size.width, y)
        }
        cr.stroke()
        block.set(cr)
        for c in m.blocks { cr.rectangle(m.frame(of: c)) }
        cr.fill()
        ballColor.set(cr)
        cr.circle(m.ball, m.radius)
        cr.fill()
        Color(0, 0, 0).set(cr)
        cr.setLineWidth(2)
        cr.rectangle(Rect(x: 1, y: 1, width: m.size.width - 2, height: m.size.height - 2))
        cr.stroke()
    }

    public static func drawIcon(_ cr: CairoContext, in r: Rect) {
        var m = MazeModel(size: r.size)
        for c in [(0, 3), (1, 3), (2, 3), (3, 3), (3, 4), (3, 5), (3, 6), (6, 0), (6, 1), (6, 2), (6, 3), (6, 8), (7, 8), (8, 8), (9, 8), (9, 5), (9, 6), (9, 7)] {
            _ = m.toggle(MazeModel.Cell(row: c.0, column: c.1))
        }
        cr.save()
        cr.translate(r.x, r.y)
        drawMaze(cr, m)
        cr.restore()
    }
}
