/// The land bridges a fallen sea opens, each named, with two points of today's land it joins and
/// the box the dry path must stay in.
public enum LandBridge: String, CaseIterable, Sendable {
    /// Asia to America across the Bering Strait.
    case beringia
    /// Britain to the continent across the southern North Sea.
    case doggerland
    /// The Malay Peninsula to Borneo across the Sunda Shelf.
    case sundaland
    /// Australia to New Guinea across the Torres Strait.
    case sahul

    public var name: String {
        switch self {
        case .beringia: "Beringia"
        case .doggerland: "Doggerland"
        case .sundaland: "Sundaland"
        case .sahul: "Sahul"
        }
    }

    /// What it joins, for the panel.
    public var joins: String {
        switch self {
        case .beringia: "Asia and America"
        case .doggerland: "Britain and Europe"
        case .sundaland: "Malaya, Sumatra, Java and Borneo"
        case .sahul: "Australia and New Guinea"
        }
    }

    var ends: (GeoPoint, GeoPoint) {
        switch self {
        case .beringia: (GeoPoint(latitude: 66.0, longitude: -172.5), GeoPoint(latitude: 65.5, longitude: -164.0))
        case .doggerland: (GeoPoint(latitude: 52.6, longitude: 1.0), GeoPoint(latitude: 52.3, longitude: 6.0))
        case .sundaland: (GeoPoint(latitude: 2.5, longitude: 102.8), GeoPoint(latitude: 0.5, longitude: 114.0))
        case .sahul: (GeoPoint(latitude: -13.5, longitude: 142.8), GeoPoint(latitude: -6.5, longitude: 143.0))
        }
    }

    /// South, west, north, east in degrees (west < east, both within −180…180).
    var box: (south: Double, west: Double, north: Double, east: Double) {
        switch self {
        case .beringia: (60, -179.9, 70, -155)
        case .doggerland: (49.5, -2, 56, 8)
        case .sundaland: (-9, 98, 8, 120)
        case .sahul: (-15, 138, -5, 148)
        }
    }
}

extension GlobeData {
    /// The highest sea level at which `bridge` is dry land all the way (metres, below 0), or nil
    /// when its ends are not both land at the lowest level. The path may wander anywhere in the
    /// bridge's box: the sill of the best route, found by halving the level.
    public func highestLevelWithDryPath(_ bridge: LandBridge) -> Int? {
        let (a, b) = bridge.ends
        let box = bridge.box
        let rowsFrom = nearestCell(GeoPoint(latitude: box.south, longitude: 0)).row
        let rowsTo = nearestCell(GeoPoint(latitude: box.north, longitude: 0)).row
        let colsFrom = Int((box.west + (box.west < 0 ? 360 : 0)) / 360 * Double(width))
        var colsCount = Int((box.east - box.west) / 360 * Double(width)) + 1
        colsCount = min(colsCount, width)
        let h = rowsTo - rowsFrom + 1
        func local(_ p: GeoPoint) -> Int? {
            let (r, c) = nearestCell(p)
            var dc = c - colsFrom
            if dc < 0 { dc += width }
            guard (0..<h).contains(r - rowsFrom), dc < colsCount else { return nil }
            return (r - rowsFrom) * colsCount + dc
        }
        guard let start = local(a), let goal = local(b) else { return nil }
        var spill = [Int32](repeating: 0, count: h * colsCount)
        for r in 0..<h {
            for dc in 0..<colsCount {
                spill[r * colsCount + dc] = Int32(spillLevel(row: rowsFrom + r, column: (colsFrom + dc) % width))
            }
        }
        func connected(_ level: Int32) -> Bool {
            guard spill[start] > level, spill[goal] > level else { return false }
            var seen = [Bool](repeating: false, count: spill.count)
            var stack = [start]
            seen[start] = true
            while let i = stack.popLast() {
                if i == goal { return true }
                let r = i / colsCount, c = i % colsCount
                for dr in -1...1 {
                    for dc in -1...1 where dr != 0 || dc != 0 {
                        let rr = r + dr, cc = c + dc
                        guard rr >= 0, rr < h, cc >= 0, cc < colsCount else { continue }
                        let j = rr * colsCount + cc
                        if !seen[j] && spill[j] > level { seen[j] = true; stack.append(j) }
                    }
                }
            }
            return false
        }
        var lo = Int32(SeaLevel.lowest), hi: Int32 = 0  // connected at lo (checked), not at hi
        guard connected(lo) else { return nil }
        if connected(hi) { return 0 }
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if connected(mid) { lo = mid } else { hi = mid }
        }
        return Int(lo)
    }

    /// The bridges that are dry at `level`, with the level each opens at.
    public func landBridges(at level: Int) -> [(bridge: LandBridge, opensAt: Int)] {
        guard level < 0 else { return [] }
        return LandBridge.allCases.compactMap { b in
            guard let top = highestLevelWithDryPath(b), level <= top else { return nil }
            return (b, top)
        }
    }
}
