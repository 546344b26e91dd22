import Foundation

/// For every cell of a global grid, the lowest sea level at which it joins the ocean.
///
/// The method is Barnes, Lehman and Mulla's Priority-Flood (Computers & Geosciences 62, 2014):
/// start from the ocean's cells, whose spill level is their own elevation, and grow outwards,
/// always taking next the cell with the lowest spill level found so far. A neighbour reached
/// from a cell with spill level s gets max(its own elevation, s): water at level L reaches it
/// exactly when L ≥ that value, because every path to it from the ocean crosses some cell at
/// least that high and the path the flood took crosses none higher. Then "is this cell under
/// water at level L" is one comparison per cell, for any L.
///
/// Elevations are whole metres, so the priority queue is a bucket queue with one FIFO per metre
/// (Barnes et al.'s "improved" variant replaces the heap with a plain queue for cells in pits;
/// with integer levels buckets do the same for every cell): O(n) for the 9.3 million cells of
/// ETOPO5 instead of O(n log n).
///
/// Neighbours are the 8 around a cell; columns wrap across the date line (column 0 touches the
/// last column). Each pole is one row of cells that all sit on the same point; they are joined
/// to each other through the row, and since they share one elevation that costs nothing, so the
/// flood passes over the pole without a special case.
public enum PriorityFlood {
    /// Which cells are "the ocean" the flood starts from.
    ///
    /// Not simply "below 0 m": the Dead Sea (−400 m) and the Caspian depression (−28 m) are below
    /// sea level but not part of the ocean. The ocean is the 8-connected region of below-zero cells
    /// that contains the grid's deepest cell (the Mariana trench), plus any other below-zero region
    /// that is both large and deep: at 5′ the Bosporus (0.7 km wide) is narrower than a cell, so
    /// the Black Sea (−2,200 m, 436,000 km²) would otherwise count as a lake. The Caspian (only
    /// −279 m deep in ETOPO5) and every smaller basin fail the depth test.
    public struct OceanRule: Sendable, Equatable {
        /// A separate basin counts as ocean only if it reaches this deep …
        public var minimumDepth: Int
        /// … and covers at least this share of the sphere (cos-latitude weighted).
        public var minimumAreaShare: Double

        public init(minimumDepth: Int = -1000, minimumAreaShare: Double = 0.0005) {
            self.minimumDepth = minimumDepth; self.minimumAreaShare = minimumAreaShare
        }
    }

    /// The ocean's cells by `rule`: a mask, 1 for ocean.
    public static func oceanMask(_ grid: ElevationGrid, rule: OceanRule = OceanRule()) -> [UInt8] {
        let w = grid.width, h = grid.height, n = w * h
        var label = [Int32](repeating: 0, count: n)
        var mask = [UInt8](repeating: 0, count: n)
        let weights = rowAreaWeights(height: h)
        let totalArea = weights.reduce(0, +) * Double(w)
        var deepest = 0
        grid.elevations.withUnsafeBufferPointer { e in
            for i in 1..<n where e[i] < e[deepest] { deepest = i }
            var stack: [Int32] = []
            var next: Int32 = 0
            for start in 0..<n where label[start] == 0 && e[start] < 0 {
                next += 1
                label[start] = next
                stack.append(Int32(start))
                var members: [Int32] = []
                var area = 0.0
                var lowest = Int(e[start])
                while let k = stack.popLast() {
                    let i = Int(k)
                    members.append(k)
                    let r = i / w, c = i % w
                    area += weights[r]
                    lowest = min(lowest, Int(e[i]))
                    forEachNeighbour(r, c, w, h) { j in
                        if label[j] == 0 && e[j] < 0 { label[j] = next; stack.append(Int32(j)) }
                    }
                }
                let isOcean = label[deepest] == next
                    || (lowest <= rule.minimumDepth && area / totalArea >= rule.minimumAreaShare)
                if isOcean { for k in members { mask[Int(k)] = 1 } }
            }
        }
        return mask
    }

    /// The spill level of every cell: the lowest sea level (metres) at which it is under water and
    /// connected to the ocean. Ocean cells get their own elevation.
    ///
    /// The buckets hold only the flood's edge: the ocean's cells beside a cell that is not ocean
    /// (the others have nothing left to reach), and the cells reached and not yet taken. Each
    /// bucket is let go once emptied, and a cell not reached yet is marked in `spill` itself. A
    /// list through every cell and a flag per cell (46 MB for ETOPO5) were held before. Which cell
    /// of a bucket is taken first does not matter: a cell's level is the lowest of its neighbours'
    /// that reach it, and every cell of a lower bucket is taken before.
    public static func spillLevels(_ grid: ElevationGrid, ocean: [UInt8]) -> [Int16] {
        let w = grid.width, h = grid.height, n = w * h
        precondition(ocean.count == n)
        // A grid with no ocean at all never floods: spill levels above any level.
        if !ocean.contains(1) { return [Int16](repeating: Int16.max, count: n) }
        let lowest = Int(grid.elevations.min() ?? 0), highest = Int(grid.elevations.max() ?? 0)
        // Below any level a cell can get (heights are whole metres within ±32,000).
        let unreached = Int16.min
        var spill = [Int16](repeating: unreached, count: n)
        var buckets = [[Int32]](repeating: [], count: highest - lowest + 1)
        grid.elevations.withUnsafeBufferPointer { e in
            spill.withUnsafeMutableBufferPointer { spill in
                for i in 0..<n where ocean[i] != 0 { spill[i] = e[i] }
                for i in 0..<n where ocean[i] != 0 {
                    var edge = false
                    forEachNeighbour(i / w, i % w, w, h) { j in if ocean[j] == 0 { edge = true } }
                    if edge { buckets[Int(e[i]) - lowest].append(Int32(i)) }
                }
                for b in buckets.indices {
                    while let k = buckets[b].popLast() {
                        let i = Int(k)
                        let s = spill[i]
                        forEachNeighbour(i / w, i % w, w, h) { j in
                            guard spill[j] == unreached else { return }
                            let level = max(e[j], s)
                            spill[j] = level
                            buckets[Int(level) - lowest].append(Int32(j))
                        }
                    }
                    buckets[b] = []
                }
                // Every cell is reached on a whole globe; a cell that were not would stay at 0.
                for i in 0..<n where spill[i] == unreached { spill[i] = 0 }
            }
        }
        return spill
    }

    /// Spill levels with the ocean found by `rule`.
    public static func spillLevels(_ grid: ElevationGrid, rule: OceanRule = OceanRule()) -> [Int16] {
        spillLevels(grid, ocean: oceanMask(grid, rule: rule))
    }

    /// The area of one cell in each row, as a share of a band around the unit sphere: rows are
    /// centred on their latitude, the pole rows are half-height caps.
    static func rowAreaWeights(height: Int) -> [Double] {
        let step = Double.pi / Double(height - 1)
        return (0..<height).map { r in
            let lat = -Double.pi / 2 + Double(r) * step
            let top = min(Double.pi / 2, lat + step / 2), bottom = max(-Double.pi / 2, lat - step / 2)
            return sin(top) - sin(bottom)
        }
    }

    @inline(__always)
    static func forEachNeighbour(_ r: Int, _ c: Int, _ w: Int, _ h: Int, _ body: (Int) -> Void) {
        let left = c == 0 ? w - 1 : c - 1, right = c == w - 1 ? 0 : c + 1
        for rr in max(0, r - 1)...min(h - 1, r + 1) {
            let base = rr * w
            body(base + left)
            if rr != r { body(base + c) }
            body(base + right)
        }
    }
}
