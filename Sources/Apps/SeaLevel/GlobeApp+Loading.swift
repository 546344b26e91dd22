import TouchDeskFiles
import TouchDeskGlobe
import TouchDeskPlaces
import TouchDeskToolkit

/// What Sea Level loads on opening: the relief (the mapped cache, or a first run's build), the
/// place index, and the sampling of every city's flood level, each on a thread of its own.
/// The relief and the index are read from their caches, or built once on a first run: that
/// reading or building finishes once even when the app is left (stopped, a first run's build
/// would start again from nothing at every visit, and short visits would never see it end).
/// The sampling of places stops when the app is left (`stopLoads`); coming back starts it again
/// (`restartStoppedLoads`) only once the stopped one has ended, so there are never two loads of
/// one thing side by side (`loadCounts` count them).
extension GlobeApp {
    static func placesJob(cacheFolder: String, count: LoadCount) -> BackgroundJob<Result<PlaceIndex, PlacesError>?> {
        BackgroundJob(name: "place index loader", count: count, stoppable: { stop in
            do throws(PlacesError) {
                return try PlaceIndexCache.loadShared(cacheFolder: cacheFolder, stop: stop).map { .success($0.index) }
            } catch {
                return .failure(error)
            }
        })
    }

    /// Blocks until the relief and the places are loaded and the flooded places sampled. Only for
    /// `--screenshot` and tests: the window never waits.
    public func finishLoading() {
        // A stopped load still ending its step is waited for, then started again.
        if hasStoppedLoads {
            loader.waitUntilDone()
            _ = placesJob.wait()
            if let job = floodJob { _ = job.wait() }
            restartStoppedLoads()
        }
        loader.waitUntilDone()
        _ = placesJob.wait()
        absorbLoads()
        if let job = floodJob { _ = job.wait() }
        absorbLoads()
        refreshPicture()
        globePicture.waitForSharpening(wanted: pictureKey(coarse: 1))
    }

    /// Whether anything is still loading (the relief, the places, or the sampling of places).
    public var isLoading: Bool {
        (globe == nil && globeError == nil) || (places == nil && placesError == nil) || (floodJob != nil && flooded == nil)
    }

    /// Whether a load was stopped by leaving and not yet started again.
    var hasStoppedLoads: Bool {
        (globe == nil && globeError == nil && loader.isStopped) || (places == nil && placesError == nil && placesJob.isStopped)
            || (flooded == nil && floodJob?.isStopped == true)
    }

    /// Leaving: the sampling of places, if still under way, is asked to end at its next step; the
    /// relief and the index finish once (see above).
    func stopLoads() {
        if flooded == nil { floodJob?.stop() }
    }

    /// Shown again (laid out, or a tick): what a stopped load had not brought is loaded anew,
    /// each once its stopped load has ended (until then the tick comes back here).
    func restartStoppedLoads() {
        guard hasStoppedLoads else { return }
        absorbLoads()
        if globe == nil && globeError == nil && loader.isStopped && loader.isDone {
            loader = GlobeLoader(source: reliefPath, directory: environment.cacheDirectory, count: loadCounts.globe)
        }
        if places == nil && placesError == nil && placesJob.isStopped && placesJob.isDone {
            placesJob = Self.placesJob(cacheFolder: environment.cacheDirectory, count: loadCounts.places)
        }
        if flooded == nil, let job = floodJob, job.isStopped, job.isDone { floodJob = nil }
        absorbLoads()
    }

    func absorbLoads() {
        if globe == nil && globeError == nil {
            switch loader.state {
            case .loading, .stopped: break
            case .ready(let data, _):
                globe = data
                bridges = LandBridge.allCases.compactMap { b in data.highestLevelWithDryPath(b).map { (b, $0) } }
                updateCard()
            case .failed(let message): globeError = message
            }
        }
        if places == nil && placesError == nil, let result = placesJob.value {
            switch result {
            case .success(let index)?: places = index
            case .failure(let error)?: placesError = error.description
            case nil: break  // stopped
            }
        }
        if floodJob == nil, let globe, let places {
            floodJob = BackgroundJob(name: "flooded places", count: loadCounts.flood, stoppable: { stop in FloodedPlaces(index: places, globe: globe, stop: stop) })
        }
        if flooded == nil, let f = floodJob?.value, let f {
            flooded = f
            updateReadout()
        }
    }
}
