import TouchDeskGlobe
import TouchDeskPlaces

/// Which GeoNames places go under water, and at what sea level: every city's flood level (the
/// lowest level at which the globe shows it under water) sampled once from the elevation grid,
/// largest places first, so a level change is one pass of comparisons.
///
/// Places the 5′ grid already shows in the sea today (a harbour town whose cell is mostly water)
/// are left out: they are not newly flooded at any level.
nonisolated struct FloodedPlaces: Sendable {
    /// Place ids, most people first, with each one's flood level (metres, > 0) and people.
    let ids: [Int32]
    let levels: [Int16]
    let populations: [Int32]

    /// Samples every city of `index` on `globe` (a few tens of thousands of binary searches: some
    /// tens of milliseconds, run off the UI thread).
    init(index: PlaceIndex, globe: GlobeData) {
        var rows: [(id: Int32, level: Int16, people: Int32)] = []
        for id in 0..<index.count {
            let place = index.place(id)
            guard place.kind == .city else { continue }
            let point = GeoPoint(latitude: place.coordinate.latitude, longitude: place.coordinate.longitude)
            guard let level = globe.floodLevel(at: point), level > 0 else { continue }
            rows.append((Int32(id), Int16(level), Int32(clamping: place.population)))
        }
        rows.sort { $0.people != $1.people ? $0.people > $1.people : $0.id < $1.id }
        ids = rows.map(\.id)
        levels = rows.map(\.level)
        populations = rows.map(\.people)
    }

    /// What is under water at one level.
    struct Readout: Equatable, Sendable {
        var level: Int
        /// The largest places under water, most people first.
        var largest: [Int]
        /// How many places under water have over a million people.
        var overAMillion: Int
        /// How many places are under water in all.
        var count: Int
    }

    static let millionPeople: Int32 = 1_000_000

    /// The places under water at `level`: the `limit` largest and the counts.
    func readout(at level: Int, limit: Int) -> Readout {
        var out = Readout(level: level, largest: [], overAMillion: 0, count: 0)
        guard level > 0 else { return out }
        for i in levels.indices where Int(levels[i]) <= level {
            out.count += 1
            if populations[i] > Self.millionPeople { out.overAMillion += 1 }
            if out.largest.count < limit { out.largest.append(Int(ids[i])) }
        }
        return out
    }
}
