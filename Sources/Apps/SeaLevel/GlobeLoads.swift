import TouchDeskFiles
import TouchDeskGlobe
import TouchDeskPlaces
import TouchDeskToolkit

/// What Sea Level loads on opening: the relief (the mapped cache, or a first run's build), the
/// place index, and the sampling of every city's flood level, each on a thread of its own.
/// The relief and the index are read from their caches, or built once on a first run: that
/// reading or building finishes once even when the app is left (stopped, a first run's build
/// would start again from nothing at every visit, and short visits would never see it end).
/// The sampling of places stops when the app is left (`stop`); coming back starts it again
/// (`restartStopped`) only once the stopped one has ended, so there are never two loads of one
/// thing side by side (`counts` count them).
final class GlobeLoads {
    /// What one `absorb` took in, for the app to follow (the card once the relief is there, the
    /// list once the places are sampled).
    struct Arrivals: OptionSet {
        let rawValue: Int
        static let relief = Arrivals(rawValue: 1)
        static let places = Arrivals(rawValue: 2)
        static let flooded = Arrivals(rawValue: 4)
    }

    /// How many of each load run (a test checks there is never more than one of each).
    let counts = (globe: LoadCount(), places: LoadCount(), flood: LoadCount())
    private let reliefPath: String
    private let cacheDirectory: String
    /// The relief's loader: replaced when leaving stopped one before it finished.
    private(set) var loader: GlobeLoader
    /// The index, or nil when stopped.
    private(set) var placesJob: BackgroundJob<Result<PlaceIndex, PlacesError>?>
    /// The sampled places, or nil when stopped.
    private(set) var floodJob: BackgroundJob<FloodedPlaces?>?

    private(set) var globe: GlobeData?
    private(set) var globeError: String?
    private(set) var places: PlaceIndex?
    private(set) var placesError: String?
    private(set) var flooded: FloodedPlaces?
    /// The land bridges and the level each opens at, found once the relief is there.
    private(set) var bridges: [(bridge: LandBridge, opensAt: Int)] = []

    /// Starts reading (or building) the relief at `reliefPath` and the place index.
    init(reliefPath: String, cacheDirectory: String) {
        self.reliefPath = reliefPath
        self.cacheDirectory = cacheDirectory
        loader = GlobeLoader(source: reliefPath, directory: cacheDirectory, count: counts.globe)
        placesJob = Self.placesJob(cacheFolder: cacheDirectory, count: counts.places)
    }

    static func placesJob(cacheFolder: String, count: LoadCount) -> BackgroundJob<Result<PlaceIndex, PlacesError>?> {
        BackgroundJob(name: "place index loader", count: count, stoppable: { stop in
            do throws(PlacesError) {
                return try PlaceIndexCache.loadShared(cacheFolder: cacheFolder, stop: stop).map { .success($0.index) }
            } catch {
                return .failure(error)
            }
        })
    }

    /// Whether anything is still loading (the relief, the places, or the sampling of places).
    var isLoading: Bool {
        (globe == nil && globeError == nil) || (places == nil && placesError == nil) || (floodJob != nil && flooded == nil)
    }

    /// Whether a load was stopped by leaving and not yet started again.
    var hasStopped: Bool {
        (globe == nil && globeError == nil && loader.isStopped) || (places == nil && placesError == nil && placesJob.isStopped)
            || (flooded == nil && floodJob?.isStopped == true)
    }

    /// Blocks until the relief and the places are loaded and the flooded places sampled. Only for
    /// `--screenshot` and tests: the window never waits.
    func finish() -> Arrivals {
        var arrived: Arrivals = []
        // A stopped load still ending its step is waited for, then started again.
        if hasStopped {
            loader.waitUntilDone()
            _ = placesJob.wait()
            if let job = floodJob { _ = job.wait() }
            arrived.formUnion(restartStopped())
        }
        loader.waitUntilDone()
        _ = placesJob.wait()
        arrived.formUnion(absorb())
        if let job = floodJob { _ = job.wait() }
        arrived.formUnion(absorb())
        return arrived
    }

    /// Leaving: the sampling of places, if still under way, is asked to end at its next step; the
    /// relief and the index finish once (see above).
    func stop() {
        if flooded == nil { floodJob?.stop() }
    }

    /// Shown again (laid out, or a tick): what a stopped load had not brought is loaded anew,
    /// each once its stopped load has ended (until then the tick comes back here).
    func restartStopped() -> Arrivals {
        guard hasStopped else { return [] }
        var arrived = absorb()
        if globe == nil && globeError == nil && loader.isStopped && loader.isDone {
            loader = GlobeLoader(source: reliefPath, directory: cacheDirectory, count: counts.globe)
        }
        if places == nil && placesError == nil && placesJob.isStopped && placesJob.isDone {
            placesJob = Self.placesJob(cacheFolder: cacheDirectory, count: counts.places)
        }
        if flooded == nil, let job = floodJob, job.isStopped, job.isDone { floodJob = nil }
        arrived.formUnion(absorb())
        return arrived
    }

    /// Takes in what the loads have finished; the sampling of places starts once the relief and
    /// the index are both there.
    @discardableResult
    func absorb() -> Arrivals {
        var arrived: Arrivals = []
        if globe == nil && globeError == nil {
            switch loader.state {
            case .loading, .stopped: break
            case .ready(let data, _):
                globe = data
                bridges = LandBridge.allCases.compactMap { b in data.highestLevelWithDryPath(b).map { (b, $0) } }
                arrived.insert(.relief)
            case .failed(let message): globeError = message
            }
        }
        if places == nil && placesError == nil, let result = placesJob.value {
            switch result {
            case .success(let index)?: places = index; arrived.insert(.places)
            case .failure(let error)?: placesError = error.description
            case nil: break  // stopped
            }
        }
        if floodJob == nil, let globe, let places {
            floodJob = BackgroundJob(name: "flooded places", count: counts.flood, stoppable: { stop in FloodedPlaces(index: places, globe: globe, stop: stop) })
        }
        if flooded == nil, let f = floodJob?.value, let f {
            flooded = f
            arrived.insert(.flooded)
        }
        return arrived
    }
}
