/// A point on the Earth in degrees: latitude −90…90 (north positive), longitude east positive.
public struct GeoPoint: Equatable, Sendable, CustomStringConvertible {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude; self.longitude = longitude
    }

    /// The same point with the longitude in −180 ..< 180.
    public var normalized: GeoPoint {
        var lon = longitude.truncatingRemainder(dividingBy: 360)
        if lon >= 180 { lon -= 360 } else if lon < -180 { lon += 360 }
        return GeoPoint(latitude: min(90, max(-90, latitude)), longitude: lon)
    }

    public var description: String {
        let p = normalized
        return "\(abs(p.latitude))°\(p.latitude >= 0 ? "N" : "S") \(abs(p.longitude))°\(p.longitude >= 0 ? "E" : "W")"
    }
}

/// A global latitude–longitude grid of elevations in metres, laid out as ETOPO5 is: row 0 is the
/// south pole, the last row the north pole (both rows included), column 0 is longitude 0 and the
/// columns go east around the whole circle without repeating the first one.
public struct ElevationGrid: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// Row-major, `width * height` values.
    public var elevations: [Int16]

    public init(width: Int, height: Int, elevations: [Int16]) {
        precondition(width >= 2 && height >= 2 && elevations.count == width * height, "grid size")
        self.width = width; self.height = height; self.elevations = elevations
    }

    /// Degrees between neighbouring columns (and rows, for a grid like ETOPO5's).
    public var columnSpacing: Double { 360 / Double(width) }
    public var rowSpacing: Double { 180 / Double(height - 1) }

    public subscript(row: Int, column: Int) -> Int16 {
        get { elevations[row * width + column] }
        set { elevations[row * width + column] = newValue }
    }

    public func latitude(ofRow row: Int) -> Double { -90 + Double(row) * rowSpacing }
    public func longitude(ofColumn column: Int) -> Double { Double(column) * columnSpacing }

    /// The cell nearest to `point`.
    public func cell(nearest point: GeoPoint) -> (row: Int, column: Int) {
        let p = point.normalized
        let row = Int(((p.latitude + 90) / rowSpacing).rounded())
        var column = Int((p.longitude / columnSpacing).rounded()) % width
        if column < 0 { column += width }
        return (min(max(row, 0), height - 1), column)
    }
}
