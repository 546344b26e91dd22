import Foundation

/// Which data sets went into a globe, besides ETOPO5 (always there).
public struct ReliefSources: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Heights from ETOPO1 at 0.1° (PyPI pybacktrack), ETOPO5 kept only on the ice sheets.
    public static let etopo1 = ReliefSources(rawValue: 1)
    /// Today's land and water from the 30″ mask (PyPI global-land-mask).
    public static let landMask = ReliefSources(rawValue: 2)
    /// Lakes from Natural Earth (Debian marble-qt-data).
    public static let lakes = ReliefSources(rawValue: 4)

    /// ETOPO1 kept at its own 0.1° as well, for places' heights (not the 5′ display grid).
    public static let placeHeights = ReliefSources(rawValue: 8)

    public static let all: ReliefSources = [.etopo1, .landMask, .lakes, .placeHeights]

    /// How far (metres, either way) a height can be trusted: ETOPO1 is built from SRTM30 and
    /// GLOBE on land, good to about 10 m where the ground is flat (Amante & Eakins 2009); ETOPO5's
    /// land heights sit on 50-foot steps, so a level within 15 m of a cell's height cannot be told.
    public var verticalAccuracy: Int { contains(.etopo1) ? 10 : 15 }
}

/// Where the data sets are; `nil` leaves one out.
public struct ReliefPaths: Sendable, Equatable {
    public var etopo5: String
    public var etopo1: String?
    public var landMask: String?
    public var lakes: String?

    public init(etopo5: String = ETOPO5.defaultPath(), etopo1: String? = ETOPO1.defaultPath(),
                landMask: String? = LandMask.defaultPath(), lakes: String? = LakeMask.defaultPath()) {
        self.etopo5 = etopo5; self.etopo1 = etopo1; self.landMask = landMask; self.lakes = lakes
    }

    /// ETOPO5 alone, as before the other sets were added.
    public static func etopo5Only(_ path: String = ETOPO5.defaultPath()) -> ReliefPaths {
        ReliefPaths(etopo5: path, etopo1: nil, landMask: nil, lakes: nil)
    }

    /// A fingerprint of the files' sizes, so installing or removing one rebuilds the cache.
    func fingerprint() -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for path in [etopo5, etopo1 ?? "", landMask ?? "", lakes ?? ""] {
            var st = stat()
            let size: UInt64 = !path.isEmpty && stat(path, &st) == 0 ? UInt64(st.st_size) : 0
            hash = (hash ^ size) &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}

/// The globe's relief, land and water once the data sets are combined, ready for the flood.
public struct MergedRelief: Sendable {
    /// Heights in metres (ETOPO1 where it is read, ETOPO5 on the ice sheets and where it is not).
    public var grid: ElevationGrid
    /// 1 for today's ocean: where the flood starts.
    public var ocean: [UInt8]
    /// 1 for lakes: water today, but not the ocean and not land.
    public var lake: [UInt8]
    /// Each cell's share of today's land, 0…255 (nil: decided by the flood, as with ETOPO5 alone).
    public var landShare: [UInt8]?
    public var sources: ReliefSources
    /// One line per data set that could not be used, naming the package to install.
    public var notes: [String]
    /// ETOPO1 at its own 0.1° (3600 × 1801), for places' heights; nil without it.
    public var fine: ElevationGrid? = nil

    /// Combines what is there. ETOPO5 is required; the rest falls back with a note.
    ///
    /// - Heights: ETOPO1 is bedrock, so on the ice sheets (beyond 59° where ETOPO5's surface is
    ///   over 100 m higher) ETOPO5's ice surface is kept.
    /// - Land and water: a cell is today's land when most of its 30″ points are land in the mask
    ///   and it is not in a lake; the others are today's ocean, their heights held at −1 m or
    ///   lower, as 9 km of averaging raises coastal sea cells above 0. Land below 0 (polders, the
    ///   Dead Sea shore) stays land today, and the flood decides when the sea reaches it.
    /// - Coastal land at or below 0 m: see `liftCoastalLand`.
    ///
    /// The grids are taken: the heights are merged into ETOPO1's grid and the land shares edited
    /// in place, and ETOPO5 is let go once merged (copies of them added 28 MB to a first run's peak).
    public static func merge(etopo5: consuming ElevationGrid, etopo1: consuming ElevationGrid?, landShare: consuming [UInt8]?,
                             lakes: [UInt8]?, fine: consuming ElevationGrid? = nil, notes: [String] = []) -> MergedRelief {
        let w = etopo5.width, h = etopo5.height, n = w * h
        var sources: ReliefSources = []
        var grid: ElevationGrid
        if var bed = etopo1.take(), bed.width == w, bed.height == h {
            sources.insert(.etopo1)
            for r in 0..<h where abs(etopo5.latitude(ofRow: r)) >= 59 {
                for c in 0..<w {
                    let i = r * w + c
                    let top = etopo5.elevations[i]
                    if top > 0 && Int(top) > Int(bed.elevations[i]) + 100 { bed.elevations[i] = top }
                }
            }
            grid = bed
            _ = consume etopo5
        } else {
            grid = etopo5
        }
        var lake = [UInt8](repeating: 0, count: n)
        var ocean: [UInt8]
        var share: [UInt8]?
        if let taken = landShare.take(), taken.count == n {
            sources.insert(.landMask)
            share = consume taken
            ocean = [UInt8](repeating: 0, count: n)
            if let lakes, lakes.count == n { sources.insert(.lakes) }
            for i in 0..<n {
                let land = share![i] >= 128
                if land, let lakes, lakes.count == n, lakes[i] != 0 {
                    lake[i] = 1
                    share![i] = 0
                } else if !land {
                    ocean[i] = 1
                    grid.elevations[i] = min(grid.elevations[i], -1)
                }
            }
            if sources.contains(.etopo1) {
                liftCoastalLand(&grid, isLand: { share![$0] >= 128 && lake[$0] == 0 }, ocean: ocean)
            }
        } else {
            ocean = PriorityFlood.oceanMask(grid)
            if let lakes, lakes.count == n {
                sources.insert(.lakes)
                for i in 0..<n where lakes[i] != 0 && ocean[i] == 0 { lake[i] = 1 }
            }
        }
        let keptFine = sources.contains(.etopo1) ? fine : nil
        if keptFine != nil { sources.insert(.placeHeights) }
        return MergedRelief(grid: grid, ocean: ocean, lake: lake, landShare: share, sources: sources, notes: notes, fine: keptFine)
    }

    /// How many rings of neighbours a coastal cell's height may come from.
    static let liftPasses = 4

    /// Land-mask land on the coast that the relief puts at or below 0 m: a 0.1° cell is the mean
    /// of 9 km of ground and sea floor, so a city on a 20 m bluff can read −5 m and flood at the
    /// first metre. Such a cell (land, touching today's ocean, at or below 0 m) takes the
    /// height of the lowest land above the sea beside it that is not such a cell (a coast lies at
    /// the land's low edge), ring by ring inland (up to `liftPasses`). Where that land is all
    /// at or below 0 m (polders, the Caspian's shore
    /// is no ocean coast at all) the cell keeps its height and floods when the sea reaches it.
    /// Returns how many cells were raised.
    @discardableResult
    static func liftCoastalLand(_ grid: inout ElevationGrid, isLand: (Int) -> Bool, ocean: [UInt8]) -> Int {
        let w = grid.width, h = grid.height
        var pending: [Int] = []
        var isPending = [Bool](repeating: false, count: w * h)
        for i in 0..<(w * h) where isLand(i) && grid.elevations[i] <= 0 {
            var coastal = false
            PriorityFlood.forEachNeighbour(i / w, i % w, w, h) { j in if ocean[j] != 0 { coastal = true } }
            if coastal { pending.append(i); isPending[i] = true }
        }
        var raised = 0
        for _ in 0..<liftPasses where !pending.isEmpty {
            var settled: [(Int, Int16?)] = []
            var still: [Int] = []
            for i in pending {
                var known = false
                var lowest = Int16.max
                PriorityFlood.forEachNeighbour(i / w, i % w, w, h) { j in
                    guard !isPending[j] && isLand(j) else { return }
                    known = true
                    if grid.elevations[j] > 0 { lowest = min(lowest, grid.elevations[j]) }
                }
                if !known { still.append(i); continue }
                // All the land beside it at or below 0 m: a polder coast, kept.
                settled.append((i, lowest < Int16.max ? lowest : nil))
            }
            // Settled cells count as known land only from the next ring on.
            for (i, height) in settled {
                isPending[i] = false
                if let height { grid.elevations[i] = height; raised += 1 }
            }
            pending = still
        }
        return raised
    }

    /// Reads the data sets at `paths` and merges them; `progress` hears `.reading`. Throws only
    /// when ETOPO5 cannot be read.
    public static func load(_ paths: ReliefPaths) throws -> MergedRelief {
        let etopo5 = try ETOPO5.read(path: paths.etopo5)
        let w = etopo5.width, h = etopo5.height
        var notes: [String] = []
        func optional<T>(_ path: String?, _ read: (String) throws -> T) -> T? {
            guard let path else { return nil }
            do { return try read(path) } catch { notes.append("\(error)"); return nil }
        }
        var etopo1 = optional(paths.etopo1) { try ETOPO1.readWithFine(path: $0, width: w, height: h) }
        let mask = optional(paths.landMask) { try LandMask.landShares(path: $0, width: w, height: h) }
        let lakes = optional(paths.lakes) { try LakeMask.read(path: $0, width: w, height: h) }
        // Handed over, not shared, so that merging edits them in place.
        let resampled = etopo1?.resampled, fine = etopo1?.fine
        etopo1 = nil
        return merge(etopo5: consume etopo5, etopo1: consume resampled, landShare: consume mask, lakes: lakes,
                     fine: consume fine, notes: notes)
    }
}
