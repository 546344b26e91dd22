import Foundation

/// The ground along a great-circle line between two points: evenly spaced samples of the relief
/// (bilinear between the grid's cells, as the globe draws it), the line's length, and its lowest
/// and highest points. "A hike down the Mariana trench."
public struct ElevationProfile: Equatable, Sendable {
    public struct Sample: Equatable, Sendable {
        /// From the start along the line, km.
        public let distanceKm: Double
        public let point: GeoPoint
        /// Metres above today's sea level (negative: the sea floor).
        public let elevation: Double
    }

    public let from: GeoPoint
    public let to: GeoPoint
    public let lengthKm: Double
    public let samples: [Sample]
    public let lowest: Sample
    public let highest: Sample
    /// What the line is, when it is a ready-made one ("Challenger Deep").
    public let name: String?

    /// `count` samples (at least 2) from `from` to `to` along the shorter great circle.
    public init(from: GeoPoint, to: GeoPoint, on data: GlobeData, count: Int = 400, name: String? = nil) {
        self.from = from.normalized; self.to = to.normalized; self.name = name
        let a = Rotation.unitVector(from), b = Rotation.unitVector(to)
        let angle = atan2(Self.cross(a, b).length, (a * b).sum())
        lengthKm = angle * GlobeData.earthRadiusKm
        let n = max(2, count)
        samples = (0..<n).map { i in
            let f = Double(i) / Double(n - 1)
            // Spherical interpolation; a line of (almost) no length is its start repeated.
            let p: SIMD3<Double>
            if angle < 1e-12 { p = a } else {
                let s = sin(angle)
                p = a * (sin((1 - f) * angle) / s) + b * (sin(f * angle) / s)
            }
            let point = Rotation.point(p)
            return Sample(distanceKm: f * angle * GlobeData.earthRadiusKm, point: point, elevation: data.elevation(at: point))
        }
        lowest = samples.min { $0.elevation < $1.elevation }!
        highest = samples.max { $0.elevation < $1.elevation }!
    }

    /// Ready-made lines: across the Mariana trench through the Challenger Deep (11.37° N,
    /// 142.59° E; about −10,935 m, Greenaway et al. 2021), and across the Himalaya through Mount
    /// Everest (27.99° N, 86.93° E; 8,849 m, the 2020 Chinese–Nepalese survey).
    public enum Preset: String, CaseIterable, Sendable {
        case challengerDeep = "Challenger Deep"
        case everest = "Mount Everest"

        public var line: (from: GeoPoint, to: GeoPoint) {
            switch self {
            case .challengerDeep: (GeoPoint(latitude: 10.2, longitude: 141.4), GeoPoint(latitude: 12.5, longitude: 143.8))
            case .everest: (GeoPoint(latitude: 26.6, longitude: 86.2), GeoPoint(latitude: 29.4, longitude: 87.6))
            }
        }

        /// The deepest or highest point, as surveyed.
        public var surveyed: (point: GeoPoint, metres: Double) {
            switch self {
            case .challengerDeep: (GeoPoint(latitude: 11.373, longitude: 142.591), -10_935)
            case .everest: (GeoPoint(latitude: 27.988, longitude: 86.925), 8_849)
            }
        }
    }

    public init(_ preset: Preset, on data: GlobeData) {
        let line = preset.line
        self.init(from: line.from, to: line.to, on: data, name: preset.rawValue)
    }

    static func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
    }
}

extension SIMD3 where Scalar == Double {
    var length: Double { (self * self).sum().squareRoot() }
}
