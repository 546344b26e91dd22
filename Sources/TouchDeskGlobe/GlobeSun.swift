import Foundation
import TouchDeskInterface

/// Where the globe's light comes from: a direction on the screen, so it turns with the view and the
/// relief reads from whichever side it is seen (a light fixed to the map, from the north-west, left
/// a range seen from the south one dark band when tilted).
///
/// Seen straight down the sun stands to the upper left (the north-west with north up, as on printed
/// maps); tilted, to the lower left, on the camera's side, so the slopes facing the viewer are lit
/// and their left flanks brighter than their right. The S key turns it an eighth clockwise
/// (`GlobeStyle.sunTurn`). At every point it shines from that screen direction laid onto the
/// ground there, 45° above the horizon, so flat ground keeps its brightness everywhere on the globe
/// (the light is for reading the relief, not a day and a night side).
public enum GlobeSun {
    /// Eighths of a turn the S key steps through.
    public static let turns = 8

    /// The direction on the screen the light comes from, degrees counter-clockwise from the right.
    public static func screenAngle(tilted: Bool, turn: Int) -> Double {
        (tilted ? 225.0 : 135.0) - 45 * Double(((turn % turns) + turns) % turns)
    }

    /// Where on the screen the light comes from ("from the upper left"), for the hint.
    public static func name(tilted: Bool, turn: Int) -> String {
        let a = screenAngle(tilted: tilted, turn: turn)
        let k = ((Int((a / 45).rounded()) % 8) + 8) % 8
        return [translatable("from the right"), translatable("from the upper right"), translatable("from the top"),
                translatable("from the upper left"), translatable("from the left"), translatable("from the lower left"),
                translatable("from the bottom"), translatable("from the lower right")][k]
    }

    /// The light's direction in world axes, from the view's orientation rows (`GlobeView.orientation`:
    /// row 0 the screen's right, row 1 its up, straight down; tilted, row 1 is the ground's "away
    /// from the camera", so one rule serves both renderers).
    static func direction(orientation m: Rotation, tilted: Bool, turn: Int) -> SIMD3<Float> {
        let a = screenAngle(tilted: tilted, turn: turn) * .pi / 180
        let d = m.m[0] * cos(a) + m.m[1] * sin(a)
        return SIMD3(Float(d.x), Float(d.y), Float(d.z))
    }

    /// The brightness factor (1 on flat ground) of a cell with unit normal east `nx`, north `ny`
    /// (upward the rest) at world point (`x`, `y`, `z`), lit from `sun`: Lambert's law with the sun
    /// 45° above the horizon, over the same on flat ground.
    @inline(__always)
    static func light(nx: Float, ny: Float, x: Float, y: Float, z: Float, sun: SIMD3<Float>) -> Float {
        // The sun's direction along the ground here: its east and north parts, both × the
        // distance from the axis (which the normalisation drops).
        let east = sun.y * x - sun.x * y
        let north = sun.z * (x * x + y * y) - z * (sun.x * x + sun.y * y)
        let inv = 1 / max(1e-12, east * east + north * north).squareRoot()
        let nz = max(0, 1 - nx * nx - ny * ny).squareRoot()
        return max(0, min(2, (nx * east + ny * north) * inv + nz))
    }
}
