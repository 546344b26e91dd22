import Foundation

/// A rotation of 3-space as an orthonormal matrix, used to turn the world into the view.
///
/// World axes: x through (0° N, 0° E), y through (0° N, 90° E), z through the north pole.
/// View axes: x to the right, y up the screen, z towards the viewer.
public struct Rotation: Equatable, Sendable {
    /// Rows of the matrix: `m[i]` · world = view component i.
    public var m: [SIMD3<Double>]

    public init(rows: [SIMD3<Double>]) { m = rows }

    public static let identity = Rotation(rows: [SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1)])

    /// The view looking straight down at `point` with north up.
    public init(lookingAt point: GeoPoint) {
        let lat = point.latitude * .pi / 180, lon = point.longitude * .pi / 180
        let east = SIMD3(-sin(lon), cos(lon), 0)
        let north = SIMD3(-sin(lat) * cos(lon), -sin(lat) * sin(lon), cos(lat))
        let out = SIMD3(cos(lat) * cos(lon), cos(lat) * sin(lon), sin(lat))
        m = [east, north, out]
    }

    /// The rotation by `angle` radians about `axis` (Rodrigues).
    public init(axis: SIMD3<Double>, angle: Double) {
        let len = (axis * axis).sum().squareRoot()
        guard len > 0, angle != 0 else { self = .identity; return }
        let k = axis / len, c = cos(angle), s = sin(angle), t = 1 - c
        m = [
            SIMD3(t * k.x * k.x + c, t * k.x * k.y - s * k.z, t * k.x * k.z + s * k.y),
            SIMD3(t * k.x * k.y + s * k.z, t * k.y * k.y + c, t * k.y * k.z - s * k.x),
            SIMD3(t * k.x * k.z - s * k.y, t * k.y * k.z + s * k.x, t * k.z * k.z + c),
        ]
    }

    /// The rotation that turns unit vector `a` onto unit vector `b` about their common normal.
    public init(from a: SIMD3<Double>, to b: SIMD3<Double>) {
        let axis = SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
        let angle = atan2((axis * axis).sum().squareRoot(), (a * b).sum())
        self.init(axis: axis, angle: angle)
    }

    public func apply(_ v: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3((m[0] * v).sum(), (m[1] * v).sum(), (m[2] * v).sum())
    }

    /// The inverse (the transpose) applied to `v`.
    public func applyInverse(_ v: SIMD3<Double>) -> SIMD3<Double> {
        m[0] * v.x + m[1] * v.y + m[2] * v.z
    }

    /// `self` after `other`: first `other`, then `self`.
    public func composed(after other: Rotation) -> Rotation {
        let cols = [SIMD3(other.m[0].x, other.m[1].x, other.m[2].x),
                    SIMD3(other.m[0].y, other.m[1].y, other.m[2].y),
                    SIMD3(other.m[0].z, other.m[1].z, other.m[2].z)]
        return Rotation(rows: m.map { row in SIMD3((row * cols[0]).sum(), (row * cols[1]).sum(), (row * cols[2]).sum()) })
    }

    /// Gram–Schmidt, so rounding from thousands of drag steps never shears the globe.
    public func orthonormalized() -> Rotation {
        func unit(_ v: SIMD3<Double>) -> SIMD3<Double> { v / (v * v).sum().squareRoot() }
        let x = unit(m[0])
        let y = unit(m[1] - x * (x * m[1]).sum())
        let z = SIMD3(x.y * y.z - x.z * y.y, x.z * y.x - x.x * y.z, x.x * y.y - x.y * y.x)
        return Rotation(rows: [x, y, z])
    }

    /// Unit vector of a point on the sphere, in world axes.
    public static func unitVector(_ p: GeoPoint) -> SIMD3<Double> {
        let lat = p.latitude * .pi / 180, lon = p.longitude * .pi / 180
        return SIMD3(cos(lat) * cos(lon), cos(lat) * sin(lon), sin(lat))
    }

    /// The point of a world-axes vector (need not be unit).
    public static func point(_ v: SIMD3<Double>) -> GeoPoint {
        GeoPoint(latitude: atan2(v.z, (v.x * v.x + v.y * v.y).squareRoot()) * 180 / .pi,
                 longitude: atan2(v.y, v.x) * 180 / .pi)
    }
}
