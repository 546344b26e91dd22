import Foundation

/// The perspective camera of a tilted view (`GlobeView.tilt` > 0), in world axes with the
/// Earth's radius as the unit.
///
/// The camera looks at the view's centre T (on the sphere, in the middle of the window) from a
/// distance `distance`, swung from straight above T by the tilt towards the window's bottom, so it
/// looks across the land towards the window's top. Its axes: `right` is the straight-down view's x
/// (unchanged by tilting), `up` and `forward` turn with the tilt. A pixel (px, py) looks along
/// forward·f + right·(px − w/2) + up·(h/2 − py), f being the focal length in pixels.
///
/// The distance: at zoom 1, 1.44 radii, where a perspective globe's outline is the size of the
/// straight-down one (asin(1 / 2.44) seen through f = the window's shorter side spans 0.45 of it);
/// closer in proportion to the zoom, so a zoomed-in tilt is a low flight over the land.
public struct GlobeCamera: Sendable {
    public let position: SIMD3<Double>
    public let forward: SIMD3<Double>
    public let right: SIMD3<Double>
    public let up: SIMD3<Double>
    /// Focal length in pixels: the window's shorter side.
    public let focal: Double
    public let width: Int, height: Int
    /// From the camera to the view's centre, in Earth radii.
    public let distance: Double

    public static func distance(zoom: Double) -> Double { 1.44 / zoom }

    public init(orientation m: Rotation, zoom: Double, tilt degrees: Double, width: Int, height: Int) {
        let t = degrees * .pi / 180
        let east = m.m[0], north = m.m[1], out = m.m[2]
        distance = Self.distance(zoom: zoom)
        let back = out * cos(t) - north * sin(t)
        position = out + back * distance
        forward = -back
        up = out * sin(t) + north * cos(t)
        right = east
        focal = Double(max(1, min(width, height)))
        self.width = width; self.height = height
    }

    /// The unit direction of the ray through window point (x, y) (pixel (i, j)'s centre is
    /// (i + 0.5, j + 0.5)).
    public func ray(x: Double, y: Double) -> SIMD3<Double> {
        let d = forward * focal + right * (x - Double(width) / 2) + up * (Double(height) / 2 - y)
        return d / (d * d).sum().squareRoot()
    }

    /// Where the ray through (x, y) first meets the sphere of radius `radius`, or nil when it
    /// passes by.
    public func hit(x: Double, y: Double, radius: Double = 1) -> SIMD3<Double>? {
        let d = ray(x: x, y: y)
        let b = (position * d).sum(), c = (position * position).sum() - radius * radius
        let disc = b * b - c
        guard disc >= 0 else { return nil }
        let t = -b - disc.squareRoot()
        guard t > 0 else { return nil }
        return position + d * t
    }

    /// Where world point `p` on the unit sphere shows in the window, or nil when it is beyond the
    /// horizon or behind the camera.
    public func windowPoint(of p: SIMD3<Double>) -> (x: Double, y: Double)? {
        guard (p * position).sum() > 1 else { return nil }  // the tangent plane at p faces the camera
        let v = p - position
        let z = (v * forward).sum()
        guard z > 1e-9 else { return nil }
        return (Double(width) / 2 + focal * (v * right).sum() / z, Double(height) / 2 - focal * (v * up).sum() / z)
    }

    /// The window row (fractional, from the top) where the sea-level horizon crosses the middle
    /// column: the ray tangent to the sphere in the plane of forward and up, above the direction
    /// to the Earth's centre by asin(1 / |position|). Nil when it is off the window's plane
    /// (behind the camera).
    public var horizonRow: Double? {
        let r = (position * position).sum().squareRoot()
        let toCentre = -position / r
        // Angles in the camera's vertical plane, measured upwards from forward.
        let centreAngle = atan2((toCentre * up).sum(), (toCentre * forward).sum())
        let horizon = centreAngle + asin(1 / r)
        guard abs(horizon) < .pi / 2 - 1e-6 else { return nil }
        return Double(height) / 2 - focal * tan(horizon)
    }
}
