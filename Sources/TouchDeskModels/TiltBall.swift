import TouchDeskInterface

/// What the tilt games' balls share: a ball of some radius on a table of some size, moving with
/// velocity (ux, uy) where y grows downwards but uy points up, as in the seed.
public enum TiltBall {
    /// Below this tilt (in g, across the table) the table counts as level.
    public static let levelTilt = 0.05
    /// Rolling resistance on a level table, per tick: speed × `rollingDamping` − `rollingLoss`.
    /// A ball at speed v stops within log(v / 0.4) / log(1 / 0.95) + 20 ticks: about 1.5 s from
    /// a fast roll, where the seed's ball rolled for ever.
    public static let rollingDamping = 0.95, rollingLoss = 0.02

    /// Whether `a` leaves the table level, so the ball rolls to a stop.
    public static func isLevel(_ a: Vector3) -> Bool {
        let x = a.x.isFinite ? a.x : 0, y = a.y.isFinite ? a.y : 0
        return (x * x + y * y).squareRoot() < levelTilt
    }

    /// One tick of rolling resistance: the speed shrinks, never changing direction, to zero.
    public static func rollToRest(_ ux: inout Double, _ uy: inout Double) {
        let v = (ux * ux + uy * uy).squareRoot()
        guard v > 0 else { return }
        let slower = max(0, v * rollingDamping - rollingLoss)
        ux *= slower / v
        uy *= slower / v
    }

    /// Keeps the ball on the table: at an edge it stops there and its velocity across that edge
    /// turns back, scaled by `restitution`.
    public static func bounceOffEdges(_ ball: inout Point, _ ux: inout Double, _ uy: inout Double, radius r: Double, in size: Size,
                                      restitution: Double) {
        if ball.x < r { ball.x = r; ux = abs(ux) * restitution }
        if ball.x > size.width - r { ball.x = size.width - r; ux = -abs(ux) * restitution }
        // The top edge sends uy down (negative), the bottom one up.
        if ball.y < r { ball.y = r; uy = -abs(uy) * restitution }
        if ball.y > size.height - r { ball.y = size.height - r; uy = abs(uy) * restitution }
    }
}
