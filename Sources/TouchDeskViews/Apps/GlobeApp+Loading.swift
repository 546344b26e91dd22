import TouchDeskFiles
import TouchDeskGlobe
import TouchDeskPlaces

/// What Sea Level loads on opening: the relief (the mapped cache, or a first run's build), the
/// place index, and the sampling of every city's flood level, each on a thread of its own.
/// Leaving the app stops whichever is still going (`stopLoads`); coming back starts what is
/// missing again (`restartStoppedLoads`), so nothing runs on for an app no longer shown.
extension GlobeApp {
    static func placesJob(cacheFolder: String) -> BackgroundJob<Result<PlaceIndex, PlacesError>?> {
        BackgroundJob(name: "place index loader", stoppable: { stop in
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
        restartStoppedLoads()
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
        if case .stopped = loader.state { return true }
        return placesJob.isStopped || floodJob?.isStopped == true
    }

    /// Leaving: every load still under way is asked to end at its next step.
    func stopLoads() {
        if globe == nil { loader.stop() }
        if places == nil { placesJob.stop() }
        if flooded == nil { floodJob?.stop() }
    }

    /// Coming back (laid out again): what a stopped load had not brought is loaded anew.
    func restartStoppedLoads() {
        guard hasStoppedLoads else { return }
        absorbLoads()
        if globe == nil && globeError == nil {
            loader.stop()
            loader = GlobeLoader(source: reliefPath, directory: environment.cacheDirectory)
        }
        if places == nil && placesError == nil {
            placesJob.stop()
            placesJob = Self.placesJob(cacheFolder: environment.cacheDirectory)
        }
        if flooded == nil, let job = floodJob, job.isStopped { floodJob = nil }
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
            floodJob = BackgroundJob(name: "flooded places", stoppable: { stop in FloodedPlaces(index: places, globe: globe, stop: stop) })
        }
        if flooded == nil, let f = floodJob?.value, let f {
            flooded = f
            updateReadout()
        }
    }
}
