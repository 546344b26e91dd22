import Foundation
import Testing
import TouchDeskInterface
import TouchDeskModels

/// Tilt games you can control: on a level table the ball rolls to a stop in bounded time, and
/// Space (brake) stops it at once; under tilt the seed's physics are untouched.
@Suite("Tilt balls: friction and brake")
struct TiltBallTests {
    static let level = restingTilt(x: 0, y: 0)

    /// The ticks a speed-v ball needs to stop on a level table, by the bound TiltBall states.
    static func bound(_ v: Double) -> Int {
        Int((log(max(v, 0.4) / 0.4) / log(1 / TiltBall.rollingDamping)).rounded(.up)) + Int((0.4 / TiltBall.rollingLoss).rounded(.up)) + 1
    }

    /// Ticks of `step` (one tick on a level table) until `moving` is false; at most 600.
    static func ticksToStop(_ moving: () -> Bool, _ step: () -> Void) -> Int {
        var ticks = 0
        while moving() && ticks <= 600 {
            step()
            ticks += 1
        }
        return ticks
    }

    @Test(arguments: [0.3, 2.0, 6.0, 20.0])
    func rollingResistanceStopsAnySpeedWithinTheBound(v: Double) {
        var ux = v * 0.6, uy = -v * 0.8
        var ticks = 0
        while ux != 0 || uy != 0 {
            let before = (ux * ux + uy * uy).squareRoot()
            TiltBall.rollToRest(&ux, &uy)
            #expect((ux * ux + uy * uy).squareRoot() < before, "the speed only falls")
            #expect(ux <= 0 ? true : ux > 0, "no reversal")
            ticks += 1
            if ticks > 10_000 { break }
        }
        #expect(ticks <= Self.bound(v), "\(v): stopped after \(ticks) ticks, bound \(Self.bound(v))")
    }

    @Test func aLevelHolesTableStopsTheBallWithinTwoSeconds() {
        var m = HolesModel(size: Size(400, 300))
        // Rolling left along the bottom, clear of the holes' pull, then the device is laid flat.
        m.place(ball: Point(200, 285), ux: -3, uy: 0)
        let ticks = Self.ticksToStop({ m.ux != 0 || m.uy != 0 }, { m.step(tilt: Self.level) })
        #expect(ticks <= 120, "still rolling after \(ticks) ticks")
        let rest = m.ball
        for _ in 0..<60 { m.step(tilt: Self.level) }
        #expect(m.ball == rest, "a ball at rest on a level table stays put")
    }

    @Test func spaceBrakesTheBallAtOnce() {
        var holes = HolesModel(size: Size(400, 300))
        holes.place(ball: Point(200, 285), ux: 5, uy: 2)
        holes.brake()
        #expect(holes.ux == 0 && holes.uy == 0)
        var maze = MazeModel(size: Size(480, 360))
        for _ in 0..<30 { maze.step(tilt: Vector3(1, 0, 0)) }
        #expect(maze.ux > 0)
        maze.brake()
        let p = maze.ball
        maze.step(tilt: Self.level)
        #expect(maze.ux == 0 && maze.uy == 0 && maze.ball == p, "braked, level: it stays")
    }

    @Test func aLevelMazeStopsTheBallToo() {
        var m = MazeModel(size: Size(480, 360))
        for _ in 0..<20 { m.step(tilt: Vector3(0.7, -0.7, 0)) }
        #expect(m.ux != 0)
        let ticks = Self.ticksToStop({ m.ux != 0 || m.uy != 0 }, { m.step(tilt: Self.level) })
        #expect(ticks <= 150, "still rolling after \(ticks) ticks")
    }

    @Test func aSmallTiltStillRollsTheBallAsTheSeedDid() {
        // 0.1 g is past the level threshold: no friction, the seed's u += 0.2·a.
        var m = HolesModel(size: Size(400, 300))
        m.place(ball: Point(200, 285))
        m.step(tilt: restingTilt(x: 0.1, y: 0))
        #expect(abs(m.ux - 0.02) < 1e-12)
    }
}
