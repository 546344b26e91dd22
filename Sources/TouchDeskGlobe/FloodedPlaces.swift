import Foundation
import TouchDeskPlaces
import TouchDeskFiles

/// Which GeoNames places go under water, and at what sea level: every city's flood level (the
/// lowest level at which the globe shows it under water) sampled once from the elevation grid,
/// largest places first, so a level change is one pass of comparisons.
///
/// A place's level is `GlobeData.placeFloodLevel`: its own height from ETOPO1 at 0.1° once the sea
/// has reached the cells around it (a town on a closed basin's shore floods when the sea enters
/// the basin); an island too small for the grid with no height known is left out.
public struct FloodedPlaces: Sendable {
    /// Place ids, most people first, with each one's flood level (metres, > 0) and people.
    public let ids: [Int32]
    public let levels: [Int16]
    public let populations: [Int32]

    /// Samples every city of `index` on `globe` (a few tens of thousands of binary searches: some
    /// tens of milliseconds, run off the UI thread). Nil when `stop` was set (the app was left).
    public init?(index: PlaceIndex, globe: GlobeData, stop: StopFlag = StopFlag()) {
        var rows: [(id: Int32, level: Int16, people: Int32)] = []
        for id in 0..<index.count {
            if id & 4095 == 0, stop.isSet { return nil }
            let place = index.place(id)
            guard place.kind == .city else { continue }
            let point = GeoPoint(latitude: place.coordinate.latitude, longitude: place.coordinate.longitude)
            guard let level = Self.floodLevel(at: point, on: globe) else { continue }
            rows.append((Int32(id), Int16(level), Int32(clamping: place.population)))
        }
        rows.sort { $0.people != $1.people ? $0.people > $1.people : $0.id < $1.id }
        ids = rows.map(\.id)
        levels = rows.map(\.level)
        populations = rows.map(\.people)
    }

    /// The engine's rule, shared with the place readout so the list and the readout agree.
    public static func floodLevel(at point: GeoPoint, on globe: GlobeData) -> Int? {
        globe.placeFloodLevel(at: point)
    }

    /// What is under water at one level.
    public struct Readout: Equatable, Sendable {
        public var level: Int
        /// The largest places under water, most people first.
        public var largest: [Int]
        /// How many places under water have over a million people.
        public var overAMillion: Int
        /// How many places are under water in all.
        public var count: Int
    }

    public static let millionPeople: Int32 = 1_000_000

    /// The places under water at `level`: the `limit` largest and the counts.
    public func readout(at level: Int, limit: Int) -> Readout {
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
