import Foundation

/// Which part of the globe a window shows: an orientation and a zoom, plus the projection between
/// window pixels and places (orthographic: the view of the sphere from infinitely far away).
///
/// Pixel coordinates have (0, 0) at the top-left corner of the window; pixel (i, j) covers
/// i…i+1, j…j+1, so its centre is (i + 0.5, j + 0.5). At zoom 1 the globe's diameter is 90 % of
/// the window's shorter side, leaving room for the limb's glow.
public struct GlobeView: Equatable, Sendable {
    public static let minimumZoom = 1.0
    /// Where one 5′ cell spans about 20 pixels in a 640-pixel-high window.
    public static let maximumZoom = 48.0
    public static let start = GlobeView(lookingAt: GeoPoint(latitude: 30, longitude: 10))

    /// World to view.
    public var orientation: Rotation
    public var zoom: Double {
        didSet { zoom = min(Self.maximumZoom, max(Self.minimumZoom, zoom)) }
    }
    /// Degrees from looking straight down (0, orthographic) towards the horizon (`tiltRange`,
    /// a perspective camera: `GlobeCamera`), tilting about the window's horizontal axis.
    public var tilt: Double {
        didSet { tilt = Self.clampedTilt(tilt) }
    }
    public static let tiltRange = 0.0...80.0

    public init(orientation: Rotation, zoom: Double = 1, tilt: Double = 0) {
        self.orientation = orientation
        self.zoom = min(Self.maximumZoom, max(Self.minimumZoom, zoom))
        self.tilt = Self.clampedTilt(tilt)
    }

    /// Looking straight down at `point`, north up.
    public init(lookingAt point: GeoPoint, zoom: Double = 1, tilt: Double = 0) {
        self.init(orientation: Rotation(lookingAt: point), zoom: zoom, tilt: tilt)
    }

    static func clampedTilt(_ t: Double) -> Double {
        t.isFinite ? min(tiltRange.upperBound, max(tiltRange.lowerBound, t)) : 0
    }

    /// Whether the view is tilted (drawn by `TiltedRenderer` through `camera`), not straight down.
    public var isTilted: Bool { tilt > 0 }

    /// The perspective camera of a tilted view in a window of this size.
    public func camera(width: Int, height: Int) -> GlobeCamera {
        GlobeCamera(orientation: orientation, zoom: zoom, tilt: tilt, width: width, height: height)
    }

    /// The place at the centre of the window.
    public var centre: GeoPoint { Rotation.point(orientation.applyInverse(SIMD3(0, 0, 1))) }

    /// The globe's radius in pixels for a window of this size.
    public func radius(width: Int, height: Int) -> Double {
        zoom * 0.45 * Double(min(width, height))
    }

    /// The view-axes unit vector under window point (x, y), or nil off the globe.
    public func viewVector(x: Double, y: Double, width: Int, height: Int) -> SIMD3<Double>? {
        let r = radius(width: width, height: height)
        let vx = (x - Double(width) / 2) / r, vy = (Double(height) / 2 - y) / r
        let q = vx * vx + vy * vy
        guard q < 1 else { return nil }
        return SIMD3(vx, vy, (1 - q).squareRoot())
    }

    /// The place under window point (x, y), or nil off the globe (tilted: where the pixel's ray
    /// meets the sphere at sea level, or nil in the sky).
    public func pick(x: Double, y: Double, width: Int, height: Int) -> GeoPoint? {
        if isTilted { return camera(width: width, height: height).hit(x: x, y: y).map(Rotation.point) }
        return viewVector(x: x, y: y, width: width, height: height).map { Rotation.point(orientation.applyInverse($0)) }
    }

    /// Where `point` is in the window, or nil when it is on the far side of the globe (tilted:
    /// beyond the horizon or behind the camera).
    public func windowPoint(of point: GeoPoint, width: Int, height: Int) -> (x: Double, y: Double)? {
        if isTilted { return camera(width: width, height: height).windowPoint(of: Rotation.unitVector(point)) }
        let v = orientation.apply(Rotation.unitVector(point))
        guard v.z >= 0 else { return nil }
        let r = radius(width: width, height: height)
        return (Double(width) / 2 + v.x * r, Double(height) / 2 - v.y * r)
    }

    // MARK: - Moving

    /// Turns the globe like a trackball so that the place under window point `from` moves under
    /// `to`. A point off the globe counts as the nearest point of its rim.
    public mutating func drag(from a: (x: Double, y: Double), to b: (x: Double, y: Double), width: Int, height: Int) {
        let turn = Rotation(from: rimVector(a, width, height), to: rimVector(b, width, height))
        orientation = turn.composed(after: orientation).orthonormalized()
    }

    /// The turn (in view axes) a drag from `a` to `b` makes, for a flick's inertia: apply it again
    /// with `spin(by:)`, scaled down each tick.
    public func dragTurn(from a: (x: Double, y: Double), to b: (x: Double, y: Double), width: Int, height: Int) -> (axis: SIMD3<Double>, angle: Double) {
        let u = rimVector(a, width, height), v = rimVector(b, width, height)
        let axis = SIMD3(u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x)
        return (axis, atan2((axis * axis).sum().squareRoot(), (u * v).sum()))
    }

    /// Turns the globe by `angle` radians about `axis` given in view axes.
    public mutating func spin(axis: SIMD3<Double>, angle: Double) {
        orientation = Rotation(axis: axis, angle: angle).composed(after: orientation).orthonormalized()
    }

    /// Multiplies the zoom by `factor`, keeping the place under window point `about` where it is
    /// (when it is on the globe before and after).
    /// Tilted, the zoom is about the window's centre (the place looked at stays put).
    public mutating func zoom(by factor: Double, about p: (x: Double, y: Double), width: Int, height: Int) {
        if isTilted { zoom *= factor; return }
        let place = pick(x: p.x, y: p.y, width: width, height: height)
        zoom *= factor
        guard let place, let target = viewVector(x: p.x, y: p.y, width: width, height: height) else { return }
        let now = orientation.apply(Rotation.unitVector(place))
        orientation = Rotation(from: now, to: target).composed(after: orientation).orthonormalized()
    }

    /// Looks straight down at `point`, north up, keeping the zoom.
    public mutating func centre(on point: GeoPoint) {
        orientation = Rotation(lookingAt: point)
    }

    private func rimVector(_ p: (x: Double, y: Double), _ width: Int, _ height: Int) -> SIMD3<Double> {
        if let v = viewVector(x: p.x, y: p.y, width: width, height: height) { return v }
        let r = radius(width: width, height: height)
        let vx = (p.x - Double(width) / 2) / r, vy = (Double(height) / 2 - p.y) / r
        let len = max((vx * vx + vy * vy).squareRoot(), 1e-12)
        return SIMD3(vx / len, vy / len, 0)
    }
}
