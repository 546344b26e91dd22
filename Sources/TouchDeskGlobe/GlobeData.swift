import Foundation

/// Everything the globe needs per cell, preprocessed from a relief grid: elevation and spill level
/// (see `PriorityFlood`) packed in one 32-bit word, the hill-shade, and today's land area by spill
/// level for the "share under water" readout.
///
/// The cells sit in rows of `width + 1`: the extra column repeats column 0, so bilinear lookups
/// across the date line need no wrap. The block has the layout of the cache file (`GlobeCache`)
/// and is either that file memory-mapped or a heap copy of it.
public final class GlobeData: @unchecked Sendable {  // immutable after init; the block is freed only in deinit
    public let width: Int
    public let height: Int
    let stride: Int
    /// `stride × height` words: elevation in the low 16 bits, spill level in the high 16 bits.
    let cells: UnsafePointer<UInt32>
    /// `stride × height` shades (128 = flat).
    let shade: UnsafePointer<UInt8>
    /// `landAreaBySpill[m]` for m in 0…SeaLevel.highest: area of today's land whose spill level is
    /// at most m, as a share of today's land (so the last entry is 1).
    let landShareBySpill: UnsafePointer<Double>
    private let block: GlobeCache.Block
    var blockForWriting: GlobeCache.Block { block }

    init(block: GlobeCache.Block, width: Int, height: Int) {
        self.block = block
        self.width = width; self.height = height; stride = width + 1
        let layout = GlobeCache.Layout(width: width, height: height)
        let base = UnsafeRawPointer(block.base)
        cells = (base + layout.cellsOffset).assumingMemoryBound(to: UInt32.self)
        shade = (base + layout.shadeOffset).assumingMemoryBound(to: UInt8.self)
        landShareBySpill = (base + layout.landOffset).assumingMemoryBound(to: Double.self)
    }

    /// Preprocesses `grid` in memory (the priority-flood, shading and the land table).
    public static func build(from grid: ElevationGrid, rule: PriorityFlood.OceanRule = .init(), sourceSize: UInt64 = 0,
                             progress: (GlobeCache.Step) -> Void = { _ in }) -> GlobeData {
        let layout = GlobeCache.Layout(width: grid.width, height: grid.height)
        let block = GlobeCache.Block(heapBytes: layout.fileSize)
        let base = block.base
        progress(.flooding)
        let spill = PriorityFlood.spillLevels(grid, rule: rule)
        progress(.shading)
        let w = grid.width, stride = w + 1
        let cells = (base + layout.cellsOffset).bindMemory(to: UInt32.self, capacity: stride * grid.height)
        for r in 0..<grid.height {
            for c in 0..<stride {
                let i = r * w + (c == w ? 0 : c)
                cells[r * stride + c] = UInt32(UInt16(bitPattern: grid.elevations[i])) | UInt32(UInt16(bitPattern: spill[i])) << 16
            }
        }
        HillShade.compute(grid, into: (base + layout.shadeOffset).bindMemory(to: UInt8.self, capacity: stride * grid.height), stride: stride)
        let land = (base + layout.landOffset).bindMemory(to: Double.self, capacity: layout.landCount)
        for m in 0..<layout.landCount { land[m] = 0 }
        let weights = PriorityFlood.rowAreaWeights(height: grid.height)
        var total = 0.0
        for r in 0..<grid.height {
            for c in 0..<w {
                let s = Int(spill[r * w + c])
                guard s > 0 else { continue }
                total += weights[r]
                if s < layout.landCount { land[s] += weights[r] }
            }
        }
        var sum = 0.0
        for m in 0..<layout.landCount {
            sum += land[m]
            land[m] = total > 0 ? min(1, sum / total) : 0
        }
        GlobeCache.writeHeader(into: base, layout: layout, sourceSize: sourceSize)
        return GlobeData(block: block, width: grid.width, height: grid.height)
    }

    // MARK: - Cells

    @inline(__always) func elevation(row: Int, column: Int) -> Int16 {
        Int16(truncatingIfNeeded: cells[row * stride + column])
    }

    @inline(__always) func spillLevel(row: Int, column: Int) -> Int16 {
        Int16(truncatingIfNeeded: cells[row * stride + column] >> 16)
    }

    /// Grid coordinates of `point`: column (0 ..< width, fractional) and row (0 … height − 1).
    @inline(__always) func gridCoordinates(_ point: GeoPoint) -> (x: Double, y: Double) {
        let p = point.normalized
        var x = p.longitude / 360 * Double(width)
        if x < 0 { x += Double(width) }
        if x >= Double(width) { x -= Double(width) }
        let y = (p.latitude + 90) / 180 * Double(height - 1)
        return (x, y)
    }

    /// The four cells around grid coordinates and the weights of the far ones.
    @inline(__always) func corners(_ x: Double, _ y: Double) -> (index: Int, fx: Double, fy: Double) {
        let x0 = min(Int(x), width - 1), y0 = min(Int(y), height - 2)
        return (y0 * stride + x0, x - Double(x0), y - Double(y0))
    }

    // MARK: - Queries

    /// Elevation in metres at `point`, bilinear between the four nearest cells.
    public func elevation(at point: GeoPoint) -> Double {
        let g = gridCoordinates(point)
        let (i, fx, fy) = corners(g.x, g.y)
        func e(_ k: Int) -> Double { Double(Int16(truncatingIfNeeded: cells[k])) }
        return Self.bilinear(e(i), e(i + 1), e(i + stride), e(i + stride + 1), fx, fy)
    }

    /// Height of the surface above the water at `level` (metres; ≤ 0 under water: minus the
    /// depth), bilinear so coastlines are smooth between cells. The renderer colours by the same
    /// field, so this answers exactly what the picture shows.
    public func heightAboveWater(at point: GeoPoint, level: Int) -> Double {
        let g = gridCoordinates(point)
        let (i, fx, fy) = corners(g.x, g.y)
        func h(_ k: Int) -> Double { Double(Self.heightAboveWater(cells[k], level: Int32(level))) }
        return Self.bilinear(h(i), h(i + 1), h(i + stride), h(i + stride + 1), fx, fy)
    }

    /// Whether `point` is under water at sea level `level` (connected to the ocean, not merely low).
    public func isUnderWater(_ point: GeoPoint, level: Int) -> Bool {
        heightAboveWater(at: point, level: level) <= 0
    }

    /// The lowest sea level (whole metres) at which `point` is under water, or nil when it stays
    /// dry even at `SeaLevel.highest`. Being under water only grows with the level (every corner's
    /// height above the water falls as the level rises), so a binary search finds it.
    public func floodLevel(at point: GeoPoint) -> Int? {
        guard isUnderWater(point, level: SeaLevel.highest) else { return nil }
        var lo = SeaLevel.lowest, hi = SeaLevel.highest  // under water at hi; find the lowest such
        if isUnderWater(point, level: lo) { return lo }
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if isUnderWater(point, level: mid) { hi = mid } else { lo = mid }
        }
        return hi
    }

    /// The share (0…1) of today's land, by area, that is under water at `level`.
    public func landShareUnderWater(level: Int) -> Double {
        level <= 0 ? 0 : landShareBySpill[min(level, SeaLevel.highest)]
    }

    /// One cell's height above the water at `level`: elevation − level where the cell is flooded
    /// (≤ 0), else at least 1 m, so a dry depression below the level (the Dead Sea at +1 m) stays
    /// land and bilinear interpolation only crosses 0 between a wet and a dry cell.
    @inline(__always) static func heightAboveWater(_ cell: UInt32, level: Int32) -> Int32 {
        let e = Int32(Int16(truncatingIfNeeded: cell)), s = Int32(Int16(truncatingIfNeeded: cell >> 16))
        return s <= level ? e - level : max(e - level, 1)
    }

    @inline(__always) static func bilinear(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ fx: Double, _ fy: Double) -> Double {
        let top = a + (b - a) * fx, bottom = c + (d - c) * fx
        return top + (bottom - top) * fy
    }
}
