import Foundation

/// Places bucketed into 1°×1° cells, for the nearest place to a point by great-circle distance.
///
/// A search first widens square rings of cells until it meets any place, which bounds the
/// answer's distance; it then checks every cell of the box that radius can reach (wider in
/// longitude towards the poles, all the way round near them), so the answer is exact.
struct NearestPlaceGrid: Sendable {
    private static let rows = 180, columns = 360
    /// Cell `c` holds `members[cellStarts[c]..<cellStarts[c + 1]]`.
    private let cellStarts: [UInt32]
    private let members: [UInt32]
    private let latitudes: [Double]
    private let longitudes: [Double]

    init(latitudes: [Double], longitudes: [Double], count: Int) {
        var counts = [UInt32](repeating: 0, count: Self.rows * Self.columns + 1)
        var cells = [Int](repeating: 0, count: count)
        for i in 0..<count {
            let c = Self.cell(row: Self.row(latitudes[i]), column: Self.column(longitudes[i]))
            cells[i] = c
            counts[c + 1] += 1
        }
        for c in 1..<counts.count { counts[c] += counts[c - 1] }
        var fill = counts
        var members = [UInt32](repeating: 0, count: count)
        for i in 0..<count {
            members[Int(fill[cells[i]])] = UInt32(i)
            fill[cells[i]] += 1
        }
        self.cellStarts = counts
        self.members = members
        self.latitudes = latitudes
        self.longitudes = longitudes
    }

    private static func row(_ latitude: Double) -> Int {
        min(rows - 1, max(0, Int((latitude + 90).rounded(.down))))
    }

    private static func column(_ longitude: Double) -> Int {
        let wrapped = (longitude + 180).truncatingRemainder(dividingBy: 360)
        return min(columns - 1, max(0, Int((wrapped < 0 ? wrapped + 360 : wrapped).rounded(.down))))
    }

    private static func cell(row: Int, column: Int) -> Int {
        row * columns + ((column % columns) + columns) % columns
    }

    func nearest(to point: GeoCoordinate) -> (id: Int, kilometres: Double)? {
        guard !members.isEmpty, point.latitude.isFinite, point.longitude.isFinite else { return nil }
        let row0 = Self.row(point.latitude), column0 = Self.column(point.longitude)
        var best: (id: Int, kilometres: Double)?

        func visit(row: Int, column: Int) {
            guard row >= 0 && row < Self.rows else { return }
            let c = Self.cell(row: row, column: column)
            for m in cellStarts[c]..<cellStarts[c + 1] {
                let id = Int(members[Int(m)])
                let d = point.distance(to: GeoCoordinate(latitude: latitudes[id], longitude: longitudes[id]))
                if best == nil || d < best!.kilometres || (d == best!.kilometres && id < best!.id) { best = (id, d) }
            }
        }

        // Rings until anything is found.
        var ring = 0
        while best == nil && ring <= Self.columns / 2 {
            if ring == 0 {
                visit(row: row0, column: column0)
            } else {
                for dc in -ring...ring {
                    visit(row: row0 - ring, column: column0 + dc)
                    visit(row: row0 + ring, column: column0 + dc)
                }
                for dr in (-ring + 1)..<ring {
                    visit(row: row0 + dr, column: column0 - ring)
                    visit(row: row0 + dr, column: column0 + ring)
                }
            }
            ring += 1
        }
        guard let found = best else { return nil }

        // Every cell the found distance can reach.
        let radians = found.kilometres / GeoCoordinate.earthRadiusKilometres
        let dLat = radians * 180 / .pi
        let south = point.latitude - dLat, north = point.latitude + dLat
        let rowLo = Self.row(south) , rowHi = Self.row(north)
        var allColumns = south <= -90 || north >= 90
        var dLon = 180.0
        if !allColumns {
            let s = sin(radians) / cos(point.latitude * .pi / 180)
            if s >= 1 { allColumns = true } else { dLon = asin(s) * 180 / .pi }
        }
        let columnSpan = allColumns ? Self.columns : Int(dLon.rounded(.up)) + 1
        for row in rowLo...rowHi {
            if columnSpan * 2 + 1 >= Self.columns {
                for column in 0..<Self.columns { visit(row: row, column: column) }
            } else {
                for dc in -columnSpan...columnSpan { visit(row: row, column: column0 + dc) }
            }
        }
        return best
    }
}
