import Foundation

/// A point on the Earth in degrees: latitude north positive, longitude east positive.
public struct GeoCoordinate: Sendable, Hashable, CustomStringConvertible {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The mean Earth radius (IUGG), which the haversine formula assumes for a sphere.
    public static let earthRadiusKilometres = 6371.0088

    /// Great-circle distance in kilometres (haversine: well-conditioned for the short distances
    /// a click-to-name needs as well as for antipodes).
    public func distance(to other: GeoCoordinate) -> Double {
        let φ1 = latitude * .pi / 180, φ2 = other.latitude * .pi / 180
        let dφ = φ2 - φ1
        let dλ = (other.longitude - longitude) * .pi / 180
        let a = sin(dφ / 2) * sin(dφ / 2) + cos(φ1) * cos(φ2) * sin(dλ / 2) * sin(dλ / 2)
        return 2 * Self.earthRadiusKilometres * asin(min(1, a.squareRoot()))
    }

    public var description: String {
        String(format: "%.5f, %.5f", latitude, longitude)
    }
}

/// A latitude/longitude box. `west > east` never happens: boxes here do not cross the date line.
public struct GeoBounds: Sendable, Hashable {
    public var south: Double
    public var west: Double
    public var north: Double
    public var east: Double

    public init(south: Double, west: Double, north: Double, east: Double) {
        self.south = south
        self.west = west
        self.north = north
        self.east = east
    }

    /// The box around one point.
    public init(_ point: GeoCoordinate) {
        self.init(south: point.latitude, west: point.longitude, north: point.latitude, east: point.longitude)
    }

    public mutating func include(_ point: GeoCoordinate) {
        south = min(south, point.latitude)
        north = max(north, point.latitude)
        west = min(west, point.longitude)
        east = max(east, point.longitude)
    }

    public mutating func include(_ other: GeoBounds) {
        south = min(south, other.south)
        north = max(north, other.north)
        west = min(west, other.west)
        east = max(east, other.east)
    }

    public func contains(_ point: GeoCoordinate) -> Bool {
        point.latitude >= south && point.latitude <= north && point.longitude >= west && point.longitude <= east
    }
}
