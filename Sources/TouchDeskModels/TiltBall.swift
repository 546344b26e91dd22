import TouchDeskInterface

/// What the tilt games' balls share: a ball of some radius on a table of some size, moving with
/// velocity (ux, uy) where y grows downwards but uy points up, as in the seed.
public enum TiltBall {
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
