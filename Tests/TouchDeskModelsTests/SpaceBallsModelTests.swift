import Foundation
import Testing
import TouchDeskTestSupport
import TouchDeskInterface
import TouchDeskModels

@Suite("SpaceBalls model")
struct SpaceBallsModelTests {
    typealias Ball = SpaceBallsModel.Ball

    static func relative(_ a: Double, _ b: Double) -> Double { abs(a - b) / max(abs(a), abs(b), 1e-300) }

    /// Runs two balls in a box far too big to reach a wall until they have collided and separated.
    static func collide(_ a: Ball, _ b: Ball) -> (before: SpaceBallsModel, after: SpaceBallsModel) {
        let before = SpaceBallsModel(size: Size(10_000, 10_000), balls: [a, b])
        var m = before
        for _ in 0..<400 { m.step() }
        return (before, m)
    }

    @Test func headOnEqualBallsSwapVelocities() {
        let (_, m) = Self.collide(Ball(position: Point(5000, 5000), vx: 3, vy: 0), Ball(position: Point(5100, 5000), vx: -2, vy: 0))
        #expect(abs(m.balls[0].vx - (-2)) < 1e-12 && abs(m.balls[1].vx - 3) < 1e-12)
    }

    @Test func anObliqueHitExchangesOnlyTheNormalComponents() {
        // b at rest, a hits it off-centre: they leave at right angles (equal masses).
        let (_, m) = Self.collide(Ball(position: Point(5000, 5000), vx: 3, vy: 0), Ball(position: Point(5100, 5015), vx: 0, vy: 0))
        let a = m.balls[0], b = m.balls[1]
        #expect(abs(b.vy) > 0.1, "b is knocked off the line: \(b)")
        #expect(abs(a.vx * b.vx + a.vy * b.vy) < 1e-9, "equal masses part at right angles")
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
    func energyAndMomentumAreConservedIn1e9AcrossRandomObliqueCollisions(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        for _ in 0..<50 {
            let off = Double.random(in: -29...29, using: &rng)
            let a = Ball(position: Point(5000, 5000), vx: Double.random(in: 0.5...6, using: &rng), vy: Double.random(in: -1...1, using: &rng))
            let b = Ball(position: Point(5000 + Double.random(in: 60...200, using: &rng), 5000 + off),
                         vx: Double.random(in: -6...0, using: &rng), vy: Double.random(in: -1...1, using: &rng))
            let (before, after) = Self.collide(a, b)
            #expect(Self.relative(before.kineticEnergy, after.kineticEnergy) < 1e-9)
            let p0 = before.momentum, p1 = after.momentum
            let scale = max(hypot(p0.x, p0.y), (2 * before.kineticEnergy).squareRoot())
            #expect(hypot(p0.x - p1.x, p0.y - p1.y) / scale < 1e-9)
        }
    }

    @Test func wallsArePerfectlyElastic() {
        var m = SpaceBallsModel(size: Size(200, 200), balls: [Ball(position: Point(100, 100), vx: 3.7, vy: -2.2)])
        let e = m.kineticEnergy
        for _ in 0..<1000 { m.step() }
        #expect(Self.relative(e, m.kineticEnergy) < 1e-12)
    }

    @Test(arguments: [UInt64(11), 12, 13])
    func manyBallsNeverOverlapNorLeaveTheBoxNorGainEnergy(seed: UInt64) {
        var m = SpaceBallsModel(size: Size(400, 260), count: 50, seed: seed)
        #expect(m.balls.count == 50)
        let e = m.kineticEnergy
        var worst = 0.0
        for _ in 0..<3000 {
            m.step()
            worst = max(worst, m.worstOverlap)
            for b in m.balls {
                #expect(b.position.x >= 15 && b.position.x <= 385 && b.position.y >= 15 && b.position.y <= 245)
            }
        }
        // Position correction can leave a sliver when three balls press together; never sticking.
        #expect(worst < 3, "balls overlapped by \(worst) points")
        #expect(m.kineticEnergy <= e * (1 + 1e-9), "energy grew from \(e) to \(m.kineticEnergy)")
    }

    @Test func plusAndMinusKeepOneToFifty() {
        var m = SpaceBallsModel(size: Size(600, 400))
        #expect(m.balls.count == 2)
        let removed = m.removeBall(), removedLast = m.removeBall()
        #expect(removed && !removedLast && m.balls.count == 1, "− stops at one ball")
        for _ in 0..<60 { m.addBall() }
        #expect(m.balls.count == 50)
        #expect(m.worstOverlap <= 1e-6, "a new ball is placed where it overlaps no other")
    }

    @Test func aBallAddedAtAPointStaysInsideAndPushesOthersAside() {
        var m = SpaceBallsModel(size: Size(400, 300), balls: [Ball(position: Point(100, 100), vx: 0, vy: 0)])
        let added = m.addBall(at: Point(105, 100))
        #expect(added && m.balls.count == 2 && m.worstOverlap < 1e-6)
        let inside = m.addBall(at: Point(-50, 999))
        #expect(inside)
        #expect(m.balls[2].position == Point(15, 285), "kept inside the box")
        #expect(m.ball(at: Point(20, 280)) == 2 && m.ball(at: Point(300, 50)) == nil)
        var full = SpaceBallsModel(size: Size(2000, 2000), count: 50)
        let fullAdded = full.addBall(at: Point(1000, 1000))
        #expect(!fullAdded && full.balls.count == 50)
    }

    @Test func gravityPullsDownAndTheFloorBouncesBack() {
        var m = SpaceBallsModel(size: Size(400, 300), balls: [Ball(position: Point(200, 100), vx: 0, vy: 0)])
        m.gravity = true
        for _ in 0..<10 { m.step() }
        #expect(abs(m.balls[0].vy - 10 * SpaceBallsModel.gravityPull) < 1e-9 && m.balls[0].position.y > 100)
        var lowest = 0.0, bounced = false
        for _ in 0..<400 {
            m.step()
            lowest = max(lowest, m.balls[0].position.y)
            if m.balls[0].vy < 0 { bounced = true }
        }
        #expect(bounced && lowest <= 285 + 1e-9, "it bounced off the floor, never through it")
        m.gravity = false
        let vy = m.balls[0].vy
        m.step()
        #expect(abs(m.balls[0].vy) == abs(vy), "no pull once gravity is off")
    }

    @Test func aThrowIsCappedAndAHeldBallRests() {
        var m = SpaceBallsModel(size: Size(400, 300), balls: [Ball(position: Point(200, 150), vx: 3, vy: 1)])
        m.hold(0, at: Point(50, 60))
        #expect(m.balls[0] == Ball(position: Point(50, 60), vx: 0, vy: 0))
        m.throwBall(0, vx: 300, vy: 400)
        #expect(abs(m.balls[0].vx - 18) < 1e-9 && abs(m.balls[0].vy - 24) < 1e-9, "capped at \(SpaceBallsModel.maxThrowSpeed)")
        m.throwBall(0, vx: .nan, vy: 1)
        #expect(m.balls[0].vx == 18, "a NaN throw changes nothing")
    }
}
