import Foundation
import Testing
import TouchDeskTestSupport
import TouchDeskInterface
import TouchDeskModels

@Suite("Holes model")
struct HolesModelTests {
    static let table = Size(400, 300)
    static let level = restingTilt(x: 0, y: 0)

    @Test func startsWithThreeBallsAtTheLowerRightCorner() {
        let m = HolesModel(size: Self.table)
        #expect(m.ball == Point(385, 285))
        #expect(m.ballsLeft == 3 && m.score == 0)
    }

    @Test func aBallWaitingAtTheStartStaysThereWhenTheTableResizes() {
        var m = HolesModel(size: Size(400, 300))
        m.resize(to: Size(900, 514))
        #expect(m.ball == m.start, "ball at \(m.ball), start \(m.start)")
        m.resize(to: Size(400, 232))
        #expect(m.ball == m.start)
        // A ball on its way keeps its place as a fraction of the table.
        m.place(ball: Point(200, 116))
        m.resize(to: Size(800, 464))
        #expect(m.ball == Point(400, 232))
    }

    @Test func holesSitAtFifthsAndTurnByDThetaPerTick() {
        var m = HolesModel(size: Self.table)
        #expect(m.holes[0] == Point(80, 60) && m.holes[2] == Point(200, 150) && m.holes[4] == Point(320, 240))
        m.step(tilt: Self.level)
        #expect(abs(m.angle - 1 / (1000 * Double.pi)) < 1e-15)
        let h = m.holes[1], a = m.angle
        // (0.8, 0.2) is (120, −90) from the centre; turned by a about it.
        #expect(abs(h.x - (200 + 120 * cos(a) + 90 * sin(a))) < 1e-9 && abs(h.y - (150 + 120 * sin(a) - 90 * cos(a))) < 1e-9)
    }

    @Test func kinematicsAndDynamicsFollowTheSeed() {
        var m = HolesModel(size: Self.table)
        m.step(tilt: Vector3(-1, 0, 0))
        #expect(abs(m.ux - (-0.2)) < 1e-12)
        #expect(abs(m.ball.x - (385 - 0.1)) < 1e-12, "x += 0.5·ux")
        m.step(tilt: Vector3(0, 1, 0))
        #expect(abs(m.uy - 0.2) < 1e-12)
        #expect(abs(m.ball.y - (285 - 0.1)) < 1e-12, "y −= 0.5·uy: up is up")
    }

    @Test func wallsBounceWithRestitution045() {
        var m = HolesModel(size: Self.table)
        // Full right tilt against the right wall: each tick's 0.2 comes back as −0.45·0.2.
        m.step(tilt: Vector3(1, 0, 0))
        #expect(abs(m.ux - (-0.09)) < 1e-12)
        #expect(m.ball.x == 385)
    }

    @Test func aHoleCapturesTheBallCostingOneAndPausesASecond() {
        var m = HolesModel(size: Self.table)
        // Roll straight up-left into the middle hole's pull (it is on the diagonal to the start).
        var event: HolesModel.Event?
        var ticks = 0
        while event == nil && ticks < 2000 {
            let h = m.holes[2]
            let dx = h.x - m.ball.x, dy = -(h.y - m.ball.y), d = max(1e-9, hypot(dx, dy))
            event = m.step(tilt: Vector3(dx / d, dy / d, 0))
            ticks += 1
        }
        #expect(event == .captured)
        #expect(m.ballsLeft == 2)
        #expect(m.pause == 60)
        let held = m.ball
        for _ in 0..<59 { m.step(tilt: Vector3(1, 1, 0)) }
        #expect(m.ball == held, "nothing moves during the pause")
        m.step(tilt: Self.level)
        #expect(m.ball == m.start, "then a new ball at the start")
    }

    @Test func inAHoleThePullIsHalfOverDSquaredAndSpeedIsDamped() {
        var m = HolesModel(size: Self.table)
        // Half a hole radius right of the middle hole (which the turning does not move), moving right.
        m.place(ball: Point(212.5, 150), ux: 1, uy: 0)
        m.step(tilt: Self.level)
        // u = (1 + 0.2·(0 − 0.5/0.5²))·0.8 = 0.48, then x += 0.5·u.
        #expect(abs(m.ux - 0.48) < 1e-12, "ux \(m.ux)")
        #expect(abs(m.uy) < 1e-12)
        #expect(abs(m.ball.x - (212.5 + 0.24)) < 1e-12)
    }

    @Test func closerThanATenthOfTheRadiusIsCaptured() {
        var m = HolesModel(size: Self.table)
        m.place(ball: Point(202, 150))
        let e = m.step(tilt: Self.level)
        #expect(e == .captured)
        var n = HolesModel(size: Self.table)
        n.place(ball: Point(203, 150))
        let f = n.step(tilt: Self.level)
        #expect(f == nil && n.ballsLeft == 3, "at 0.12 R it is only pulled")
    }

    @Test func reachingTheFlagScoresSpeedsTheTurnAndRestarts() {
        var m = HolesModel(size: Size(1000, 1000))
        var event: HolesModel.Event?
        // Hug the bottom edge, then the left edge: no hole lies on the border path.
        for _ in 0..<5000 where event == nil {
            let tilt = m.ball.x > m.ballRadius + 5 ? Vector3(-1, -0.2, 0) : Vector3(-0.2, 1, 0)
            event = m.step(tilt: tilt)
        }
        #expect(event == .scored)
        #expect(m.score == 1 && m.best == 1)
        #expect(abs(m.spin - 2 / (1000 * Double.pi)) < 1e-15)
        for _ in 0..<60 { m.step(tilt: Self.level) }
        #expect(m.ball == m.start)
    }

    @Test func threeCapturesEndTheGameAndRestartBringsThemBack() {
        var m = HolesModel(size: Self.table, best: 7)
        for _ in 0..<20000 where !m.isGameOver {
            let h = m.holes[2]
            let dx = h.x - m.ball.x, dy = -(h.y - m.ball.y), d = max(1e-9, hypot(dx, dy))
            m.step(tilt: Vector3(dx / d, dy / d, 0))
        }
        #expect(m.isGameOver && m.ballsLeft == 0 && m.lastEvent == .gameOver)
        let after = m.step(tilt: Self.level)
        #expect(after == nil, "nothing happens after game over")
        m.restart()
        #expect(m.ballsLeft == 3 && m.score == 0 && m.best == 7 && m.ball == m.start)
    }

    @Test(arguments: [UInt64(1), 2, 3, 99, 2024])
    func randomTiltsNeverNaNNeverOffTheTable(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let size = Size(Double.random(in: 100...900, using: &rng), Double.random(in: 100...700, using: &rng))
        var m = HolesModel(size: size)
        var tilt = Vector3(0, 0, -1)
        for i in 0..<20000 {
            if i % 30 == 0 { tilt = restingTilt(x: Double.random(in: -1...1, using: &rng), y: Double.random(in: -1...1, using: &rng)) }
            m.step(tilt: tilt)
            if m.isGameOver { m.restart() }
            let r = m.ballRadius
            guard m.ball.x.isFinite, m.ball.y.isFinite, m.ux.isFinite, m.uy.isFinite,
                  m.ball.x >= r - 1e-9, m.ball.x <= size.width - r + 1e-9, m.ball.y >= r - 1e-9, m.ball.y <= size.height - r + 1e-9 else {
                Issue.record("seed \(seed) tick \(i): ball \(m.ball) u (\(m.ux), \(m.uy)) on \(size)")
                return
            }
        }
    }

    @Test("the table's contents scale with it: a larger table plays the same game")
    func contentsScaleWithTheTable() {
        var small = HolesModel(size: Self.table)
        var large = HolesModel(size: Size(1600, 1200))
        #expect(large.unit == 4 && large.ballRadius == 60 && large.holeRadius == 100)
        #expect(large.start == Point(1540, 1140))
        // The same tilts for the same ticks put both balls at the same place relative to their tables.
        for i in 0..<400 {
            let tilt = i < 200 ? Vector3(-0.5, 0.3, 0) : Vector3(0.2, -0.4, 0)
            let a = small.step(tilt: tilt), b = large.step(tilt: tilt)
            #expect(a == b, "tick \(i)")
        }
        #expect(abs(large.ball.x / 4 - small.ball.x) < 1e-6 && abs(large.ball.y / 4 - small.ball.y) < 1e-6,
                "\(small.ball) vs \(large.ball)")
    }

    @Test func eachFlagIsALevel() {
        var m = HolesModel(size: Size(1000, 1000))
        #expect(m.level == 1)
        for _ in 0..<5000 where m.score == 0 {
            m.step(tilt: m.ball.x > m.ballRadius + 5 ? Vector3(-1, -0.2, 0) : Vector3(-0.2, 1, 0))
        }
        #expect(m.level == 2 && abs(m.spin - 2 * HolesModel.dTheta) < 1e-15)
    }

    @Test func withoutTiltEnergyNeverGrowsAndTheBallComesToRest() {
        var m = HolesModel(size: Size(2000, 2000))
        for _ in 0..<20 { m.step(tilt: Vector3(-1, 0, 0)) }
        var e = m.kineticEnergy
        // Long enough to cross the table and bounce, short enough that the turning holes (which
        // grow with the table) never reach the ball's path along the bottom edge.
        for _ in 0..<180 {
            m.step(tilt: Vector3(0, 0, -1))
            #expect(m.kineticEnergy <= e + 1e-12)
            e = m.kineticEnergy
        }
        // A level table's rolling resistance (TiltBall) stops it: the seed's ball rolled for ever.
        #expect(m.ux == 0 && m.uy == 0, "still rolling: \(m.ux), \(m.uy)")
    }
}
