import Foundation
import Synchronization
import TouchDeskFiles

/// Loads the world map and the place index on a thread of its own, so Map Search opens at once
/// and stays responsive; the UI takes each finished piece with `take()` on its tick.
///
/// The map comes first (milliseconds), then the index (milliseconds from the cache, about a
/// second the first time, when it is built from the JSON).
public final class PlacesLoader: Sendable {
    /// Every city of `index`, most populous first, as map labels need them.
    public static func labelCandidates(_ index: PlaceIndex) -> [LabelCandidate] {
        index.citiesByPopulation(limit: index.count).map { id in
            let p = index.place(id)
            return LabelCandidate(id: id, name: p.name, coordinate: p.coordinate, population: p.population,
                                  nameLength: p.name.count)
        }
    }

    /// Every named feature of `index` (seas and continents first, then the largest), as map labels need them.
    public static func featureLabels(_ index: PlaceIndex) -> [FeatureLabel] {
        let labels = index.featurePlaces.map { p in
            let extent = p.kind.isArea ? p.bounds.map { max($0.north - $0.south, $0.east - $0.west) } ?? 0 : 0
            return (label: FeatureLabel(name: p.name, kind: p.kind, coordinate: p.coordinate, extent: extent, nameLength: p.name.count),
                    height: p.kind == .peak ? p.population : 0)
        }
        // Seas and continents, then the largest areas, then the highest peaks: the first to get room.
        return labels.sorted { a, b in
            let ab = a.label.kind == .sea || a.label.kind == .continent, bb = b.label.kind == .sea || b.label.kind == .continent
            if ab != bb { return ab }
            if a.label.extent != b.label.extent { return a.label.extent > b.label.extent }
            return a.height != b.height ? a.height > b.height : a.label.name < b.label.name
        }.map(\.label)
    }

    /// What a map label needs of a named feature.
    public struct FeatureLabel: Sendable {
        public var name: String
        public var kind: PlaceKind
        public var coordinate: GeoCoordinate
        /// The larger side of its box in degrees; 0 for a point (a peak, a landmark).
        public var extent: Double
        public var nameLength: Int

        public init(name: String, kind: PlaceKind, coordinate: GeoCoordinate, extent: Double, nameLength: Int) {
            self.name = name
            self.kind = kind
            self.coordinate = coordinate
            self.extent = extent
            self.nameLength = nameLength
        }
    }

    /// What has arrived since the last `take()`.
    public struct Arrivals: Sendable {
        public var map: Result<WorldMap, PlacesError>?
        /// The map's levels of detail, with the map.
        public var detail: MapDetail?
        /// GSHHG's coastlines for city zoom, with the map (its `problem` says when not installed).
        public var coast: CoastDetail?
        public var places: Result<LoadedPlaces, PlacesError>?
        /// The loader was stopped (`stop()`) before the places arrived: what is missing needs a new loader.
        public var stopped = false
        public var isEmpty: Bool { map == nil && places == nil && !stopped }
    }

    /// The index with what the map needs from it, worked out on the loading thread.
    public struct LoadedPlaces: Sendable {
        public var loaded: PlaceIndexCache.Loaded
        /// Every city, most populous first: the candidates for map labels.
        public var labelCandidates: [LabelCandidate]
        /// Named peaks, lakes, islands, seas, continents and landmarks, for labels of their own.
        public var featureLabels: [FeatureLabel] = []
        /// ISO country code → feature index of the countries layer (empty without a map).
        public var countryFeatures: [String: Int]
        public var index: PlaceIndex { loaded.index }
    }

    /// What a map label needs of a city, without the strings it does not.
    public struct LabelCandidate: Sendable {
        public var id: Int
        public var name: String
        public var coordinate: GeoCoordinate
        public var population: Int
        /// Characters in `name`, counted once here: frames use it for a cheap lower bound of its width.
        public var nameLength: Int
    }

    private let inbox = Mutex(Arrivals())
    private let done = DispatchSemaphore(value: 0)
    private let finished = Atomic<Bool>(false)
    private let stopFlag = StopFlag()

    /// Starts loading at once. `mapFolder` and `environment` as for `WorldMap.load` and
    /// `PlaceIndexCache.load`. Given the `map` a stopped loader brought, only the places follow (the
    /// map is not loaded a second time). `count`, if given, counts it while it runs.
    public init(mapFolder: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment,
                map known: WorldMap? = nil, count: LoadCount? = nil) {
        count?.began()
        let thread = Thread {
            self.load(mapFolder: mapFolder, environment: environment, known: known)
            // Counted out before it says it ended, so a loader started on seeing that is never counted beside it.
            count?.ended()
            self.finished.store(true, ordering: .releasing)
            self.done.signal()
        }
        thread.name = "touchdesk places loader"
        thread.start()
    }

    /// Whether the load has ended (everything in, or stopped): a new loader may start.
    public var isDone: Bool { finished.load(ordering: .acquiring) }

    private func load(mapFolder: String?, environment: [String: String], known: WorldMap?) {
        // Each step looks at the flag first: leaving Map Search stops the load between steps.
        func stopping() -> Bool {
            guard stopFlag.isSet else { return false }
            inbox.withLock { $0.stopped = true }
            return true
        }
        if stopping() { return }
        var map: Result<WorldMap, PlacesError>? = known.map { .success($0) }
        if known == nil {
            let loaded = Result { () throws(PlacesError) -> WorldMap in
                try WorldMap.load(folder: mapFolder ?? WorldMap.folder(environment: environment))
            }
            map = loaded
            // The levels of detail take tens of milliseconds; built here, no frame waits for them.
            if stopping() { return }
            let detail = (try? loaded.get()).map { MapDetail(map: $0) }
            if stopping() { return }
            let coast = CoastDetail(environment: environment)
            inbox.withLock {
                $0.map = loaded
                $0.detail = detail
                $0.coast = coast
            }
        }
        if stopping() { return }
        let places: Result<LoadedPlaces, PlacesError>
        do throws(PlacesError) {
            // The index (read, or a first run's build) finishes once even when Map Search is left: it
            // is kept for the process, so the next visit (or Sea Level) has it at once; stopped, a
            // first run's build would start again from nothing at every short visit.
            guard let loaded = try PlaceIndexCache.loadShared(environment: environment, stop: StopFlag()), !stopping() else { return }
            let index = loaded.index
            let cities = Self.labelCandidates(index)
            if stopping() { return }
            let features = (try? map?.get()).map { $0.countryFeatures(using: index) } ?? [:]
            if stopping() { return }
            places = .success(LoadedPlaces(loaded: loaded, labelCandidates: cities, featureLabels: Self.featureLabels(index),
                                           countryFeatures: features))
        } catch {
            places = .failure(error)
        }
        inbox.withLock { $0.places = places }
    }

    /// Stops the load at its next step (the user left Map Search): `take()` then says `stopped`
    /// unless everything had arrived. What arrived stays good; a new loader fetches the rest.
    public func stop() { stopFlag.set() }

    /// What has arrived since the last call (possibly nothing). Never blocks for long.
    public func take() -> Arrivals {
        inbox.withLock { a in
            defer { a = Arrivals() }
            return a
        }
    }

    /// Blocks until everything has arrived or the load stopped (for `--screenshot` and tests; the window never calls it).
    public func waitUntilLoaded() {
        done.wait()
        done.signal()
    }
}
