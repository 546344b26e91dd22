import Foundation
import TouchDeskInterface

/// What part of the world the map shows: a centre and a zoom, over a viewport in points.
///
/// The projection is equirectangular (plate carrée): a degree of longitude and a degree of
/// latitude are the same number of points, `scale`. Zoom 0 fits the whole world into the
/// viewport; each step of 1 doubles the scale. Longitude wraps: the map repeats east and west,
/// and a point is drawn at the copy nearest the centre.
public struct MapCamera: Sendable, Equatable {
    public var center: GeoCoordinate
    public var zoom: Double
    public var width: Double
    public var height: Double

    /// About 40 m per point on a 1000-point-wide window: past what 1:50m outlines can show.
    public static let maxZoom = 10.0
    /// How wide a city's view is, in degrees of longitude (about 300 km across at mid-latitudes:
    /// the city, its neighbours and its region, at a scale 1:50m outlines still look right at).
    public static let cityWidthDegrees = 4.0

    public init(center: GeoCoordinate = GeoCoordinate(latitude: 0, longitude: 0), zoom: Double = 0, width: Double, height: Double) {
        self.center = center
        self.zoom = zoom
        self.width = width
        self.height = height
        clamp()
    }

    /// Points per degree at zoom 0: the whole world, 360° × 180°, fits.
    public var fitScale: Double { max(1e-9, min(width / 360, height / 180)) }
    /// Points per degree.
    public var scale: Double { fitScale * pow(2, zoom) }

    /// Keeps the zoom in range, the longitude in [-180, 180) and, when the world is taller than
    /// the view, the view inside ±90° of latitude (else the world centred vertically).
    public mutating func clamp() {
        if !zoom.isFinite { zoom = 0 }
        zoom = min(max(zoom, 0), Self.maxZoom)
        center.longitude = Self.wrap(center.longitude.isFinite ? center.longitude : 0)
        let halfDegrees = height / 2 / scale
        if halfDegrees >= 90 {
            center.latitude = 0
        } else {
            let lat = center.latitude.isFinite ? center.latitude : 0
            center.latitude = min(max(lat, -90 + halfDegrees), 90 - halfDegrees)
        }
    }

    /// Wraps a longitude into [-180, 180).
    public static func wrap(_ longitude: Double) -> Double {
        let r = (longitude + 180).truncatingRemainder(dividingBy: 360)
        return (r < 0 ? r + 360 : r) - 180
    }

    // MARK: - Projection

    public var projection: MapProjection { MapProjection(center: center, scale: scale, width: width, height: height) }

    /// Where `c` lands in the viewport (origin top left), on the copy of the world nearest the centre.
    public func point(for c: GeoCoordinate) -> (x: Double, y: Double) { projection.point(for: c) }

    /// The coordinate under viewport point (x, y); longitude wrapped, latitude not clamped.
    public func coordinate(atX x: Double, y: Double) -> GeoCoordinate { projection.coordinate(atX: x, y: y) }

    // MARK: - Moving

    /// Moves the map by (dx, dy) points, as a drag does: the ground follows the pointer.
    public mutating func pan(dx: Double, dy: Double) {
        center.longitude -= dx / scale
        center.latitude += dy / scale
        clamp()
    }

    /// Zooms by `steps` (1 doubles the scale) keeping the ground under viewport point (x, y) in place.
    public mutating func zoom(by steps: Double, aboutX x: Double, y: Double) {
        let before = coordinate(atX: x, y: y)
        zoom += steps
        clamp()
        // Put `before` back under (x, y).
        center.longitude = before.longitude - (x - width / 2) / scale
        center.latitude = before.latitude + (y - height / 2) / scale
        clamp()
    }

    /// The camera that shows `bounds` whole with a margin, centred on it.
    public func fitting(_ bounds: GeoBounds, margin: Double = 0.12) -> MapCamera {
        var c = self
        let w = max(bounds.east - bounds.west, 0.05), h = max(bounds.north - bounds.south, 0.05)
        let scale = min(width / w, height / h) * (1 - margin)
        c.zoom = log2(scale / fitScale)
        c.center = GeoCoordinate(latitude: (bounds.north + bounds.south) / 2, longitude: (bounds.east + bounds.west) / 2)
        c.clamp()
        return c
    }

    /// The camera for a city: centred on it, `cityWidthDegrees` across.
    public func focused(on c: GeoCoordinate) -> MapCamera {
        var cam = self
        cam.zoom = log2(width / Self.cityWidthDegrees / fitScale)
        cam.center = c
        cam.clamp()
        return cam
    }

    /// The whole world.
    public var world: MapCamera { MapCamera(width: width, height: height) }
}

/// The equirectangular projection of one view: a centre, points per degree, and a viewport.
/// `MapCamera` makes one for the window; the map's image cache makes larger ones at the same
/// scale, with a margin to pan into.
public struct MapProjection: Sendable, Equatable {
    public var center: GeoCoordinate
    public var scale: Double
    public var width: Double
    public var height: Double

    public init(center: GeoCoordinate, scale: Double, width: Double, height: Double) {
        self.center = center
        self.scale = scale
        self.width = width
        self.height = height
    }

    /// Where `c` lands (origin top left), on the copy of the world nearest the centre.
    public func point(for c: GeoCoordinate) -> (x: Double, y: Double) {
        let dLon = MapCamera.wrap(c.longitude - center.longitude)
        return (width / 2 + dLon * scale, height / 2 - (c.latitude - center.latitude) * scale)
    }

    /// The coordinate under (x, y); longitude wrapped, latitude not clamped.
    public func coordinate(atX x: Double, y: Double) -> GeoCoordinate {
        GeoCoordinate(latitude: center.latitude - (y - height / 2) / scale,
                      longitude: MapCamera.wrap(center.longitude + (x - width / 2) / scale))
    }

    /// The view box in degrees, unwrapped: `west` may be below -180 or `east` above 180.
    public var visibleBounds: GeoBounds {
        let hw = width / 2 / scale, hh = height / 2 / scale
        return GeoBounds(south: center.latitude - hh, west: center.longitude - hw, north: center.latitude + hh, east: center.longitude + hw)
    }

    /// The same view grown by `dx`, `dy` points on each side.
    public func grown(dx: Double, dy: Double) -> MapProjection {
        MapProjection(center: center, scale: scale, width: width + 2 * dx, height: height + 2 * dy)
    }

    /// Kilometres per point along the centre's parallel.
    public var kilometresPerPoint: Double {
        GeoCoordinate.earthRadiusKilometres * .pi / 180 * cos(center.latitude * .pi / 180) / scale
    }
}

/// The eased move from one camera to another that picking a place starts: `duration` ticks of
/// 1/60 s, centre and zoom following the same ease-in-out curve, longitude the short way round.
public struct MapFlight: Sendable, Equatable {
    public var from: MapCamera
    public var to: MapCamera
    public var duration: Int
    public private(set) var elapsed = 0

    /// Half a second at 60 ticks a second.
    public static let standardTicks = 30

    public init(from: MapCamera, to: MapCamera, duration: Int = MapFlight.standardTicks) {
        self.from = from
        self.to = to
        self.duration = max(1, duration)
    }

    public var isFinished: Bool { elapsed >= duration }

    /// Cubic ease-in-out: 0 → 0, 1 → 1, slow at both ends, symmetric about (½, ½).
    public static func ease(_ t: Double) -> Double {
        let t = min(max(t, 0), 1)
        return t < 0.5 ? 4 * t * t * t : 1 - pow(-2 * t + 2, 3) / 2
    }

    /// The camera after `elapsed` ticks.
    public var camera: MapCamera {
        let e = Self.ease(Double(elapsed) / Double(duration))
        var c = to
        c.zoom = from.zoom + (to.zoom - from.zoom) * e
        let dLon = MapCamera.wrap(to.center.longitude - from.center.longitude)
        c.center = GeoCoordinate(latitude: from.center.latitude + (to.center.latitude - from.center.latitude) * e,
                                 longitude: from.center.longitude + dLon * e)
        if elapsed >= duration { c.center = to.center; c.zoom = to.zoom }
        c.clamp()
        return c
    }

    /// One tick; returns the camera to show.
    public mutating func step() -> MapCamera {
        if elapsed < duration { elapsed += 1 }
        return camera
    }
}

/// How a place is written for people: in the status line, and on the clipboard.
public enum PlaceText {
    /// "Zürich, Switzerland (47.36667, 8.55000)": what Ctrl+C copies.
    public static func clipboard(_ p: Place) -> String {
        "\(title(p)) (\(String(format: "%.5f, %.5f", p.coordinate.latitude, p.coordinate.longitude)))"
    }

    /// "Zürich, Switzerland"; a country alone is its own name.
    public static func title(_ p: Place) -> String {
        p.kind == .country || p.countryName.isEmpty ? p.name : "\(p.name), \(p.countryName)"
    }

    /// "47°22′ N, 8°33′ E": degrees and whole minutes, rounded to the nearest minute.
    public static func degreesMinutes(_ c: GeoCoordinate) -> String {
        func part(_ v: Double, _ positive: String, _ negative: String) -> String {
            let totalMinutes = Int((abs(v) * 60).rounded())
            return "\(totalMinutes / 60)°\(String(format: "%02d", totalMinutes % 60))′ \(v < 0 ? negative : positive)"
        }
        return part(c.latitude, "N", "S") + ", " + part(c.longitude, "E", "W")
    }

    /// "402,762", "402.762", "402 762": thousands grouped the user's way (`style`).
    public static func population(_ n: Int, style: NumberStyle = NumberStyle()) -> String {
        style.integer(n)
    }

    /// The status line's pieces: name, region, country (in the user's language, `LocalNames`),
    /// population, coordinates, time zone.
    public static func status(_ p: Place, style: NumberStyle = NumberStyle()) -> String {
        var parts = [p.localName()]
        if p.kind != .city { parts.append(tr(p.kind.word)) }
        if let l = p.locality, !l.isEmpty { parts.append(l) }
        if let r = p.region, !r.isEmpty, r != p.name {
            let local = p.localRegionName() ?? r
            if local != p.name { parts.append(local) }
        }
        if p.kind != .country, !p.countryName.isEmpty { parts.append(p.localCountryName()) }
        if p.population > 0 { parts.append(tr("pop. {0}", population(p.population, style: style))) }
        if let metres = p.elevation { parts.append(tr("{0} m", population(metres, style: style))) }
        parts.append(degreesMinutes(p.coordinate))
        if !p.timezone.isEmpty { parts.append(p.timezone) }
        return parts.joined(separator: " · ")
    }
}
