import Foundation

/// Everything the globe needs per cell, preprocessed from a relief grid: elevation and spill level
/// (see `PriorityFlood`) packed in one 32-bit word, the surface normal for the hill-shade, and today's land area by spill
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
    /// `stride × height` pairs: the surface normal's east and north components × 127 (`HillShade`).
    let normal: UnsafePointer<Int8>
    /// `landAreaBySpill[m]` for m in 0…SeaLevel.highest: area of today's land whose spill level is
    /// at most m, as a share of today's land (so the last entry is 1).
    let landShareBySpill: UnsafePointer<Double>
    /// `landShareGainedByDepth[d]` for d in 0…−SeaLevel.lowest: today's sea that is dry at level −d,
    /// as a share of today's land.
    let landShareGainedByDepth: UnsafePointer<Double>
    /// ETOPO1 at 0.1° (`GlobeCache.Layout.fineStride` × `fineRows`), for places' heights.
    let fine: UnsafePointer<Int16>
    let fineStride: Int, fineRows: Int
    /// The data sets it was made from.
    public let sources: ReliefSources
    /// Today's land (lakes left out), km².
    public let todayLandKm2: Double
    static let earthRadiusKm = 6371.0088
    private let block: GlobeCache.Block
    var blockForWriting: GlobeCache.Block { block }

    init(block: GlobeCache.Block, width: Int, height: Int) {
        self.block = block
        self.width = width; self.height = height; stride = width + 1
        let layout = GlobeCache.Layout(width: width, height: height)
        let base = UnsafeRawPointer(block.base)
        cells = (base + layout.cellsOffset).assumingMemoryBound(to: UInt32.self)
        normal = (base + layout.normalOffset).assumingMemoryBound(to: Int8.self)
        landShareBySpill = (base + layout.landOffset).assumingMemoryBound(to: Double.self)
        landShareGainedByDepth = (base + layout.gainedOffset).assumingMemoryBound(to: Double.self)
        fine = (base + layout.fineOffset).assumingMemoryBound(to: Int16.self)
        fineStride = layout.fineStride; fineRows = layout.fineRows
        sources = ReliefSources(rawValue: base.load(fromByteOffset: GlobeCache.sourcesOffset, as: UInt32.self))
        todayLandKm2 = base.load(fromByteOffset: GlobeCache.landAreaOffset, as: Double.self)
    }

    /// Preprocesses `grid` alone in memory (the priority-flood, shading and the land table), with the
    /// ocean found by `rule`: ETOPO5 alone, and the tests' small worlds.
    public static func build(from grid: ElevationGrid, rule: PriorityFlood.OceanRule = .init(), sourceSize: UInt64 = 0,
                             progress: (GlobeCache.Step) -> Void = { _ in }) -> GlobeData {
        let relief = MergedRelief(grid: grid, ocean: PriorityFlood.oceanMask(grid, rule: rule),
                                  lake: [UInt8](repeating: 0, count: grid.width * grid.height),
                                  landShare: nil, sources: [], notes: [])
        return build(from: relief, sourceSize: sourceSize, progress: progress)
    }

    /// Preprocesses merged data sets in memory: the priority-flood from today's ocean, shading, and
    /// the tables of land lost and gained by level.
    /// `relief` is taken, and what of it is done with let go as the build goes on: the ocean once
    /// the flood has spread, the land shares once today's land is counted, the lakes and spill
    /// levels once packed into the cells, the 0.1° heights once copied. The file's block is made
    /// only after the flood and the counting, whose arrays are gone by then: they no longer add
    /// up at the peak.
    public static func build(from relief: consuming MergedRelief, sourceSize: UInt64 = 0,
                             progress: (GlobeCache.Step) -> Void = { _ in }) -> GlobeData {
        let grid = relief.grid
        let layout = GlobeCache.Layout(width: grid.width, height: grid.height)
        progress(.flooding)
        var spill = PriorityFlood.spillLevels(grid, ocean: relief.ocean)
        relief.ocean = []
        let w = grid.width, h = grid.height, n = w * h
        // With a land mask, today's land is dry today whatever its height: polders and the Dead
        // Sea shore are land at 0 m, and flood at the first metre the sea can reach them.
        func isLand(_ i: Int) -> Bool {
            if let share = relief.landShare { return share[i] >= 128 && relief.lake[i] == 0 }
            return spill[i] > 0 && relief.lake[i] == 0
        }
        if relief.landShare != nil {
            for i in 0..<n where isLand(i) && spill[i] < 1 { spill[i] = 1 }
        }
        progress(.shading)

        // Today's land by the level that floods it, and today's sea by the level that bares it.
        let weights = PriorityFlood.rowAreaWeights(height: h)
        var lost = [Double](repeating: 0, count: layout.landCount)
        var bared = [Double](repeating: 0, count: layout.gainedCount)
        var total = 0.0
        for r in 0..<h {
            for c in 0..<w {
                let i = r * w + c
                guard relief.lake[i] == 0 else { continue }
                let f = relief.landShare.map { Double($0[i]) / 255 } ?? (isLand(i) ? 1 : 0)
                let area = weights[r]
                total += area * f
                if isLand(i) {
                    let s = Int(spill[i])
                    if s < layout.landCount { lost[max(1, s)] += area * f }
                } else {
                    if f > 0 {
                        // A sea cell's sliver of land (a beach, a harbour's quay) lies between the
                        // sea and the land cells beside it: spread over the levels up to theirs.
                        var top = Int.max
                        PriorityFlood.forEachNeighbour(r, c, w, h) { j in
                            if isLand(j) { top = min(top, Int(spill[j])) }
                        }
                        top = top == Int.max ? 1 : min(max(top, 1), 50)
                        for m in 1...top { lost[m] += area * f / Double(top) }
                    }
                    let depth = -Int(grid.elevations[i])
                    if depth >= 1 { bared[min(depth, layout.gainedCount - 1)] += area * (1 - f) }
                }
            }
        }
        relief.landShare = nil

        let block = GlobeCache.Block(heapBytes: layout.fileSize)
        let base = block.base
        let stride = w + 1
        let cells = (base + layout.cellsOffset).bindMemory(to: UInt32.self, capacity: stride * h)
        for r in 0..<h {
            for c in 0..<stride {
                let i = r * w + (c == w ? 0 : c)
                let e = Int(grid.elevations[i]) + (relief.lake[i] != 0 ? lakeBias : 0)
                cells[r * stride + c] = UInt32(UInt16(truncatingIfNeeded: e)) | UInt32(UInt16(bitPattern: spill[i])) << 16
            }
        }
        relief.lake = []
        spill = []
        let fine = (base + layout.fineOffset).bindMemory(to: Int16.self, capacity: layout.fineStride * layout.fineRows)
        var sources = relief.sources
        if let f = relief.fine, f.width == layout.fineStride - 1, f.height == layout.fineRows, sources.contains(.placeHeights) {
            for r in 0..<f.height {
                for c in 0..<layout.fineStride { fine[r * layout.fineStride + c] = f.elevations[r * f.width + (c == f.width ? 0 : c)] }
            }
        } else {
            memset(UnsafeMutableRawPointer(mutating: fine), 0, layout.fineStride * layout.fineRows * 2)
            sources.remove(.placeHeights)
        }
        relief.fine = nil
        HillShade.computeNormals(grid, into: (base + layout.normalOffset).bindMemory(to: Int8.self, capacity: stride * h * 2), stride: stride)

        let land = (base + layout.landOffset).bindMemory(to: Double.self, capacity: layout.landCount)
        var sum = 0.0
        for m in 0..<layout.landCount {
            sum += lost[m]
            land[m] = total > 0 ? min(1, sum / total) : 0
        }
        // gained[d]: sea today that is dry at level −d (its floor above −d), as a share of today's land.
        let gained = (base + layout.gainedOffset).bindMemory(to: Double.self, capacity: layout.gainedCount)
        sum = 0
        for d in 0..<layout.gainedCount {
            gained[d] = total > 0 ? sum / total : 0
            sum += bared[d]
        }
        let km2 = total * 2 * .pi / Double(w) * GlobeData.earthRadiusKm * GlobeData.earthRadiusKm
        GlobeCache.writeHeader(into: base, layout: layout, sourceSize: sourceSize, sources: sources, landKm2: km2)
        return GlobeData(block: block, width: grid.width, height: grid.height)
    }

    /// Added to a lake cell's elevation in the packed word: real heights stay within ±11,000 m, so
    /// anything above `lakeThreshold` is a lake.
    static let lakeBias = 20_000
    static let lakeThreshold: Int32 = 12_000
    /// The depth a lake is drawn at (its floor is not shown through the water).
    static let lakeDepthShown: Int32 = 30

    /// What is missing, for the panel: nil when every data set was used; else which package would
    /// make the figures better.
    public var missingData: String? {
        var missing: [String] = []
        if !sources.contains(.etopo1) { missing.append("step-free heights (ETOPO1 from PyPI \(ETOPO1.package))") }
        if !sources.contains(.landMask) { missing.append("the land/water mask (PyPI \(LandMask.package))") }
        if !sources.contains(.lakes) { missing.append("lakes (Debian \(LakeMask.package))") }
        guard !missing.isEmpty else { return nil }
        return "Without " + missing.joined(separator: ", ") + ": run scripts/data/relief"
            + (sources.contains(.lakes) ? "" : " and apt-get install \(LakeMask.package)")
    }

    // MARK: - Cells

    @inline(__always) func elevation(row: Int, column: Int) -> Int16 {
        Int16(Self.elevation(cells[row * stride + column]))
    }

    /// Whether the cell is a lake (water today, apart from the ocean).
    @inline(__always) func isLake(row: Int, column: Int) -> Bool {
        Int32(Int16(truncatingIfNeeded: cells[row * stride + column])) >= Self.lakeThreshold
    }

    /// A packed cell's elevation in metres.
    @inline(__always) static func elevation(_ cell: UInt32) -> Int32 {
        let raw = Int32(Int16(truncatingIfNeeded: cell))
        return raw >= lakeThreshold ? raw - Int32(lakeBias) : raw
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
        func e(_ k: Int) -> Double { Double(Self.elevation(cells[k])) }
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

    /// The spill level of the cell nearest `point`: the lowest sea level at which the ocean reaches
    /// it (metres; nil if never). For a lake cell, the level at which the sea spills into the lake.
    public func spillLevel(at point: GeoPoint) -> Int? {
        let (row, column) = nearestCell(point)
        let s = Int(spillLevel(row: row, column: column))
        return s == Int(Int16.max) ? nil : s
    }

    /// Whether the cell nearest `point` is a lake.
    public func isLake(at point: GeoPoint) -> Bool {
        let (row, column) = nearestCell(point)
        return isLake(row: row, column: column)
    }

    func nearestCell(_ point: GeoPoint) -> (row: Int, column: Int) {
        let g = gridCoordinates(point)
        return (Int(g.y.rounded()).clamped(0, height - 1), Int(g.x.rounded()) % width)
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

    /// The land a fallen sea bares at `level` (below 0), as a share of today's land (0 at and above 0).
    public func landShareGained(level: Int) -> Double {
        level >= 0 ? 0 : landShareGainedByDepth[min(-level, -SeaLevel.lowest)]
    }

    /// One cell's height above the water at `level`: elevation − level where the cell is flooded
    /// (≤ 0), else at least 1 m, so a dry depression below the level (the Dead Sea at +1 m) stays
    /// land and bilinear interpolation only crosses 0 between a wet and a dry cell.
    /// A lake not yet reached by the sea is water at `lakeDepthShown`.
    @inline(__always) static func heightAboveWater(_ cell: UInt32, level: Int32) -> Int32 {
        let raw = Int32(Int16(truncatingIfNeeded: cell)), s = Int32(Int16(truncatingIfNeeded: cell >> 16))
        if raw >= lakeThreshold { return s <= level ? raw - Int32(lakeBias) - level : -lakeDepthShown }
        return s <= level ? raw - level : max(raw - level, 1)
    }

    @inline(__always) static func bilinear(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ fx: Double, _ fy: Double) -> Double {
        let top = a + (b - a) * fx, bottom = c + (d - c) * fx
        return top + (bottom - top) * fy
    }
}
