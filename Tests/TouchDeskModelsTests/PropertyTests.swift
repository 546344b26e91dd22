import Foundation
import Testing
import TouchDeskTestSupport
import TouchDeskInterface
import TouchDeskModels

/// Random inputs, checked against invariants computed independently of the model.
@Suite("Properties over random input")
struct PropertyTests {
    static let seeds: [UInt64] = [1, 2, 3, 42, 2024, 0xdead_beef, 0x1234_5678_9abc]

    /// The angle difference b − a wrapped into (−π, π], computed a different way from the model.
    static func wrapped(_ a: Double, _ b: Double) -> Double {
        let d = b - a
        return atan2(sin(d), cos(d))
    }

    @Test(arguments: seeds)
    func polygonAngleIsTheSumOfWrappedPointerTurns(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let center = Point(Double.random(in: 0...800, using: &rng), Double.random(in: 0...600, using: &rng))
        var m = PolygonModel(sides: Int.random(in: 3...12, using: &rng))
        var expected = 0.0
        for _ in 0..<20 {
            // Each drag: a random walk of the pointer, sometimes wandering into the dead zone and
            // sometimes jumping a long way round.
            var p = Point(center.x + Double.random(in: -300...300, using: &rng), center.y + Double.random(in: -300...300, using: &rng))
            m.beginDrag(at: p, center: center)
            var last: Double? = p.distance(to: center) >= PolygonModel.deadZone ? atan2(p.y - center.y, p.x - center.x) : nil
            for _ in 0..<Int.random(in: 1...200, using: &rng) {
                switch Int.random(in: 0..<10, using: &rng) {
                case 0: p = Point(center.x + Double.random(in: -8...8, using: &rng), center.y + Double.random(in: -8...8, using: &rng))
                case 1: p = Point(center.x + Double.random(in: -400...400, using: &rng), center.y + Double.random(in: -400...400, using: &rng))
                default: p = Point(p.x + Double.random(in: -25...25, using: &rng), p.y + Double.random(in: -25...25, using: &rng))
                }
                m.drag(to: p)
                guard p.distance(to: center) >= PolygonModel.deadZone else { continue }
                let a = atan2(p.y - center.y, p.x - center.x)
                if let l = last { expected += Self.wrapped(l, a) }
                last = a
            }
            m.endDrag()
            #expect(abs(m.angle - expected) < 1e-7, "seed \(seed): angle \(m.angle), expected \(expected)")
        }
    }

    @Test(arguments: seeds)
    func polygonVerticesFollowAnyTurn(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var m = PolygonModel(sides: Int.random(in: 3...12, using: &rng))
        let c = Point(100, 100)
        for _ in 0..<50 {
            let d = Double.random(in: -720...720, using: &rng)
            m.rotate(byDegrees: d)
            let v = m.vertices(center: c, radius: 40)
            let a0 = atan2(v[0].y - c.y, v[0].x - c.x)
            // The first vertex sits at angle − 90°, modulo whole turns.
            #expect(abs(Self.wrapped(m.angle - .pi / 2, a0)) < 1e-9, "seed \(seed)")
            #expect(v.allSatisfy { abs($0.distance(to: c) - 40) < 1e-9 })
        }
    }

    @Test(arguments: seeds)
    func randomPointerPathsPaintWithoutGaps(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var m = PaintModel()
        for strokeIndex in 0..<30 {
            m.setRadius(Double.random(in: 0...70, using: &rng))
            m.color = PaintColor.allCases.randomElement(using: &rng)!.color
            var p = Point(Double.random(in: 0...500, using: &rng), Double.random(in: 0...400, using: &rng))
            var path = [p]
            m.beginStroke(at: p)
            for _ in 0..<Int.random(in: 0...60, using: &rng) {
                // Mostly small motions, sometimes a long jump (a fast flick), sometimes none at all.
                let reach = Int.random(in: 0..<6, using: &rng) == 0 ? 300.0 : 6.0
                p = Point(p.x + Double.random(in: -reach...reach, using: &rng), p.y + Double.random(in: -reach...reach, using: &rng))
                path.append(p)
                m.extendStroke(to: p)
                // While dragging, the newest dab is never more than a spacing behind the pointer.
                let lastDab = m.current!.dabs.last!
                #expect(lastDab.distance(to: p) < m.radius / 2 + 1e-9, "seed \(seed)")
            }
            m.endStroke(at: p)
            guard case .stroke(let s)? = m.history.last else {
                Issue.record("seed \(seed): stroke \(strokeIndex) was not recorded")
                return
            }
            let spacing = s.radius / 2
            #expect(PaintModel.radiusRange.contains(s.radius))
            #expect(s.dabs.first == path.first)
            #expect(s.dabs.last == path.last, "seed \(seed): the last dab is where the button went up")
            let g = gaps(s.dabs)
            // Evenly spaced: every gap but the last is exactly the spacing, and none is larger.
            for d in g.dropLast() { #expect(abs(d - spacing) < 1e-9, "seed \(seed): gap \(d) vs \(spacing)") }
            if let tail = g.last { #expect(tail <= spacing + 1e-9 && tail > 0, "seed \(seed): last gap \(tail)") }
            // No gaps in the painted band: every point the pointer passed lies under some dab.
            for (a, b) in zip(path, path.dropFirst()) {
                for t in stride(from: 0.0, through: 1.0, by: 0.1) {
                    let q = Point(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
                    let nearest = s.dabs.map { $0.distance(to: q) }.min()!
                    #expect(nearest <= s.radius + 1e-9, "seed \(seed): \(q) is \(nearest) from any dab (radius \(s.radius))")
                }
            }
        }
        #expect(m.totalDabs == m.history.reduce(0) { n, a in if case .stroke(let s) = a { n + s.dabs.count } else { n } })
    }

    @Test(arguments: seeds)
    func randomUndoRedoNeverLosesOrInventsStrokes(seed: UInt64) {
        // Against a simple reference: a list of actions and a redo list.
        var rng = SplitMix64(seed: seed)
        var m = PaintModel()
        var done: [PaintAction] = [], undone: [PaintAction] = []
        var y = 0.0
        for _ in 0..<400 {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0..<4:
                y += 1
                m.line(y: y)
                done.append(m.history.last!)
                undone.removeAll()
            case 4..<7:
                m.undo()
                if let a = done.popLast() { undone.append(a) }
            case 7..<9:
                m.redo()
                if let a = undone.popLast() { done.append(a) }
            default:
                m.clear()
                done.append(.clear)
                undone.removeAll()
            }
            if done.count > PaintModel.undoDepth { done.removeFirst(done.count - PaintModel.undoDepth) }
            #expect(m.history == done, "seed \(seed)")
            #expect(m.redoStack == undone, "seed \(seed)")
            #expect(m.canUndo == !done.isEmpty && m.canRedo == !undone.isEmpty)
        }
    }
}
