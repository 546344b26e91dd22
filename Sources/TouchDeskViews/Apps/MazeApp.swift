import TouchDeskDrawing
import Foundation
import TouchDeskInterface
import TouchDeskModels

/// Maze: click cells to build a maze of blocks on a 12 × 12 grid, then tilt the ball from the
/// green start cell to the gold goal cell against the clock; the best time of each layout is kept.
///
/// Start (1) or Goal (2), then a click, moves the start or the goal cell. The layout and the best
/// times live in maze.json in the data folder, so the maze is still there next time. A click the
/// maze refuses (on the ball, the start or the goal) says why.
public final class MazeApp: MiniApp {
    public nonisolated static let id = "maze"
    public nonisolated static let title = "Maze"
    public nonisolated static let blurb = "Build a maze by clicking cells, then tilt the ball from start to goal against the clock."

    static let floor = Color(hex: 0xe9e4d4)
    static let block = Color(hex: 0x5b3a29)
    static let ballColor = Color(hex: 0xd62839)
    static let startColor = Color(hex: 0x7fd18b)
    static let goalColor = Color(hex: 0xf2c14e)
    static let stripHeight = 30.0
    static let fileName = "maze.json"

    struct Saved: Codable {
        var blocks: [MazeModel.Cell]
        /// Absent in files written before start and goal could move.
        var start: MazeModel.Cell?
        var goal: MazeModel.Cell?
        /// Best time in ticks, by layout key.
        var bestTicks: [String: Int]
    }

    public private(set) var model = MazeModel(size: Size(360, 360))
    public private(set) var tilt = TiltInput()
    let environment: AppEnvironment
    let controls = Controls()
    /// The maze on screen (square, centred), in app coordinates.
    public private(set) var mazeRect = Rect.zero
    private var size = Size(0, 0)
    private var toast = Toast()
    private var bestTicks: [String: Int] = [:]

    public init(environment: AppEnvironment) {
        self.environment = environment
        controls.add("run", "New run", shortcut: "N")
        controls.add("clear", "Clear", shortcut: "C")
        controls.add("start", "Start", shortcut: "1", kind: .toggle)
        controls.add("goal", "Goal", shortcut: "2", kind: .toggle)
        switch DataFile.load(Saved.self, name: Self.fileName, in: environment.dataDirectory) {
        case .loaded(let s):
            model = MazeModel(size: Size(360, 360), blocks: Set(s.blocks), start: s.start ?? MazeModel.startCell,
                              goal: s.goal ?? MazeModel.goalCell)
            bestTicks = s.bestTicks.filter { $0.value > 0 }
        case .setAside(let message): toast.show(message, isError: true, seconds: 6)
        case .missing: break
        }
    }

    /// The best time of the current layout, in ticks.
    public var best: Int? { bestTicks[model.layoutKey] }

    // MARK: - MiniApp

    public func layout(in size: Size) {
        self.size = size
        let barH = controls.layoutToolbar(atBottomOf: size)
        let h = max(0, size.height - barH - Self.stripHeight - 4)
        let side = max(0, min(size.width - 16, h))
        mazeRect = Rect(x: (size.width - side) / 2, y: Self.stripHeight, width: side, height: side)
        model.resize(to: mazeRect.size)
    }

    public func handle(_ event: InputEvent) -> Bool {
        switch controls.handle(event) {
        case .activated(let id): activate(id); return true
        case .changed, .consumed: return true
        case .ignored: break
        }
        if tilt.handle(event, center: mazeRect.center, radius: mazeRect.width / 2) { return true }
        switch event {
        case .touchBegan(let p):
            guard let c = model.cell(at: Point(p.x - mazeRect.x, p.y - mazeRect.y)) else { return false }
            let result: MazeModel.ToggleResult
            if let which = placing {
                result = model.move(which, to: c)
                placing = nil
                syncControls()
            } else {
                result = model.toggle(c)
            }
            switch result {
            case .refused(let why): toast.show(why, isError: true, seconds: 2.5)
            case .placed, .removed: save()
            }
            return true
        case .key(let k):
            if k.is("n") { activate("run") } else if k.is("c") { activate("clear") }
            else if k.is("1") { activate("start") } else if k.is("2") { activate("goal") } else { return false }
            return true
        default:
            return false
        }
    }

    private func activate(_ id: String) {
        switch id {
        case "run": model.resetRun()
        case "clear": model.clear(); save()
        case "start": placing = placing == .start ? nil : .start
        case "goal": placing = placing == .goal ? nil : .goal
        default: break
        }
        syncControls()
    }

    /// Which end the next click on the maze moves, if any.
    public private(set) var placing: MazeModel.Endpoint?

    private func syncControls() {
        controls.setOn("start", placing == .start)
        controls.setOn("goal", placing == .goal)
    }

    public func tick() -> Bool {
        tilt.step()
        let wasFinished: Bool
        if case .finished = model.state { wasFinished = true } else { wasFinished = false }
        model.step(tilt: tilt.vector)
        if !wasFinished, case .finished(let t) = model.state {
            if let b = best, b <= t {
                toast.show(String(format: "Goal! %.2f s (best %.2f s)", Double(t) / 60, Double(b) / 60), isError: false)
            } else {
                bestTicks[model.layoutKey] = t
                toast.show(String(format: "Goal! %.2f s: a new best for this maze", Double(t) / 60), isError: false)
                save()
            }
        }
        _ = toast.tick()
        return true
    }

    private func save() {
        let saved = Saved(blocks: model.blocks.sorted { ($0.row, $0.column) < ($1.row, $1.column) },
                          start: model.start, goal: model.goal, bestTicks: bestTicks)
        do {
            try DataFile.save(saved, name: Self.fileName, in: environment.dataDirectory)
        } catch {
            toast.show("Maze not saved: \(error)", isError: true)
        }
    }

    public func draw(_ cr: CairoContext) {
        let time: Double
        switch model.state {
        case .ready: time = 0
        case .running: time = Double(model.ticks) / 60
        case .finished(let t): time = Double(t) / 60
        }
        var status = String(format: "Time %.1f s", time)
        if let b = best { status += String(format: "   Best %.2f s", Double(b) / 60) }
        if case .finished = model.state { status += "   N: again" }
        if let which = placing { status = "Click a cell for the \(which == .start ? "start" : "goal")" }
        cr.text(status, x: 10, y: Self.stripHeight / 2,
                  size: Text.fittingSize(status, width: size.width - 120, size: 15, weight: .bold), weight: .bold)
        TiltIndicator.draw(cr, tilt.source, right: size.width - 8, y: Self.stripHeight / 2)
        if mazeRect.width > 0 {
            cr.save()
            cr.translate(mazeRect.x, mazeRect.y)
            Self.drawMaze(cr, model)
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
