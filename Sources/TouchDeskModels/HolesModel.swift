import TouchDeskInterface
import Foundation

/// Holes: tilt a ball round a turning pattern of five holes to reach the flag in the top-left corner.
///
/// The seed's numbers are kept: ball radius 15 starting at the lower-right corner, restitution 0.45
/// at the edges, kinematics x += 0.5·ux, y −= 0.5·uy (uy is "up"), dynamics u += 0.2·(a + pull).
/// Five holes of radius 25 at fifths of the table turn about its centre by dθ = 1/(1000π) rad per
/// tick, one dθ faster for every point. Inside a hole (0.1 < d/R < 1, d the distance to its centre)
/// the ball is pulled in with 0.5/(d/R)² g and its velocity damped by 0.8 per tick; nearer than
/// 0.1·R it is captured. The seed froze its main thread for a second after a capture or a point;
/// here the model pauses for 60 ticks and the window goes on drawing.
///
/// Those numbers are for a table whose shorter side is `referenceSide` points. Every length (the
/// radii, the flag's corner, each tick's move) scales with the table, so the game plays the same
/// at 400 × 360 as at 3840 × 2160: the same number of ticks to roll across, the same holes in
/// the same places. Every flag is a level: the holes turn one dθ faster each time.
public struct HolesModel: Equatable, Sendable {
    /// The radii on a table whose shorter side is `referenceSide`.
    public static let ballRadius = 15.0
    public static let holeRadius = 25.0
    public static let referenceSide = 300.0
    public static let restitution = 0.45
    public static let dTheta = 1 / (1000 * Double.pi)
    public static let startingBalls = 3
    /// Ticks the game rests after a capture or a point (1 s).
    public static let pauseTicks = 60
    /// The holes before any rotation, as fractions of the table size.
    public static let holeFractions: [(Double, Double)] = [(0.2, 0.2), (0.8, 0.2), (0.5, 0.5), (0.2, 0.8), (0.8, 0.8)]

    public enum Event: Equatable, Sendable { case captured, scored, gameOver }

    public private(set) var size: Size
    /// The ball's centre in table points (y down).
    public private(set) var ball: Point
    /// Velocity: ux to the right, uy upwards (the seed's convention), in half-points per tick.
    public private(set) var ux = 0.0
    public private(set) var uy = 0.0
    /// The pattern's rotation about the centre, radians.
    public private(set) var angle = 0.0
    /// Radians per tick: dθ, plus dθ per point scored.
    public private(set) var spin = HolesModel.dTheta
    public private(set) var score = 0
    public private(set) var ballsLeft = HolesModel.startingBalls
    public private(set) var best: Int
    /// Ticks of pause left after a capture or a point.
    public private(set) var pause = 0
    /// The last thing that happened, for the view's message.
    public private(set) var lastEvent: Event?
    public var isGameOver: Bool { ballsLeft <= 0 }
    /// The level being played: one more than the flags reached.
    public var level: Int { score + 1 }

    /// Points per reference point: how much larger than the reference this table is.
    public var unit: Double { min(size.width, size.height) / Self.referenceSide }
    /// The ball's and the holes' radii on this table.
    public var ballRadius: Double { Self.ballRadius * unit }
    public var holeRadius: Double { Self.holeRadius * unit }

    /// A best score kept from earlier games, arriving after the game began: the higher one counts.
    public mutating func adoptBest(_ kept: Int) { best = max(best, kept) }

    public init(size: Size, best: Int = 0) {
        self.size = Size(max(size.width, 2 * Self.ballRadius), max(size.height, 2 * Self.ballRadius))
        self.best = max(0, best)
        ball = .zero
        ball = start
    }

    /// The lower-right corner, where every ball starts.
    public var start: Point { Point(size.width - ballRadius, size.height - ballRadius) }

    /// The table changed size: the ball keeps its place as a fraction of the table, and a ball
    /// waiting at the start stays at the (new) start: its radius scales with the table, so a
    /// fraction alone would leave it beside the corner (and the view's how-to-play hint, shown
    /// while the ball is at the start, would never show).
    public mutating func resize(to newSize: Size) {
        let s = Size(max(newSize.width, 2 * Self.ballRadius), max(newSize.height, 2 * Self.ballRadius))
        guard s != size else { return }
        let atStart = ball == start
        ball = Point(ball.x / size.width * s.width, ball.y / size.height * s.height)
        size = s
        if atStart { ball = start }
        clampToTable()
    }

    /// The centres of the five holes now.
    public var holes: [Point] {
        let c = Point(size.width / 2, size.height / 2)
        let cosA = cos(angle), sinA = sin(angle)
        return Self.holeFractions.map { f in
            let dx = f.0 * size.width - c.x, dy = f.1 * size.height - c.y
            return Point(c.x + dx * cosA - dy * sinA, c.y + dx * sinA + dy * cosA)
        }
    }

    /// True when the ball reaches the flag in the top-left corner.
    public var atFlag: Bool { ball.x < 1.1 * ballRadius && ball.y < 1.1 * ballRadius }

    public mutating func restart() {
        score = 0
        ballsLeft = Self.startingBalls
        angle = 0
        spin = Self.dTheta
        pause = 0
        lastEvent = nil
        resetBall()
    }

    /// Puts the ball at `p` with velocity (ux, uy): for tests and demonstrations.
    public mutating func place(ball p: Point, ux: Double = 0, uy: Double = 0) {
        ball = p; self.ux = ux; self.uy = uy
        clampToTable()
    }

    /// Space: the ball stops where it is (the tilt is levelled by the input).
    public mutating func brake() { ux = 0; uy = 0 }

    private mutating func resetBall() {
        ball = start
        ux = 0; uy = 0
    }

    /// One 1/60 s tick with tilt `a` (in g); returns what happened, if anything.
    @discardableResult
    public mutating func step(tilt a: Vector3) -> Event? {
        if isGameOver { return nil }
        if pause > 0 {
            pause -= 1
            if pause == 0 { resetBall(); if lastEvent != .gameOver { lastEvent = nil } }
            return nil
        }
        let ax = a.x.isFinite ? a.x : 0, ay = a.y.isFinite ? a.y : 0
        angle += spin
        // The pull of the hole the ball is over, in the ball's (ux right, uy up) frame.
        var px = 0.0, py = 0.0
        var inHole = false
        for h in holes {
            let dx = h.x - ball.x, dy = h.y - ball.y
            let d = (dx * dx + dy * dy).squareRoot() / holeRadius
            if d < 0.1 {
                return capture()
            }
            if d < 1 {
                inHole = true
                let pull = 0.5 / (d * d)
                let len = d * holeRadius
                px += pull * dx / len
                py += pull * -dy / len
            }
        }
        ux += 0.2 * (ax + px)
        uy += 0.2 * (ay + py)
        if inHole { ux *= 0.8; uy *= 0.8 }
        else if TiltBall.isLevel(a) { TiltBall.rollToRest(&ux, &uy) }
        ball.x += 0.5 * ux * unit
        ball.y -= 0.5 * uy * unit
        bounce()
        if atFlag {
            score += 1
            best = max(best, score)
            spin += Self.dTheta
            pause = Self.pauseTicks
            lastEvent = .scored
            return .scored
        }
        return nil
    }

    private mutating func capture() -> Event {
        ballsLeft -= 1
        ux = 0; uy = 0
        if ballsLeft <= 0 {
            ballsLeft = 0
            lastEvent = .gameOver
            return .gameOver
        }
        pause = Self.pauseTicks
        lastEvent = .captured
        return .captured
    }

    /// The edges of the table bounce the ball back with restitution 0.45.
    private mutating func bounce() {
        TiltBall.bounceOffEdges(&ball, &ux, &uy, radius: ballRadius, in: size, restitution: Self.restitution)
    }

    private mutating func clampToTable() {
        let r = ballRadius
        ball.x = min(max(ball.x, r), size.width - r)
        ball.y = min(max(ball.y, r), size.height - r)
    }

    /// Kinetic energy per unit mass in the model's units, for tests.
    public var kineticEnergy: Double { 0.5 * (ux * ux + uy * uy) }
}
