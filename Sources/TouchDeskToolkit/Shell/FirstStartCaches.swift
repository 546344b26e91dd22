import Foundation
import TouchDeskFiles
import TouchDeskGlobe
import TouchDeskInterface
import TouchDeskPlaces

/// A cache built on a first start that an app builds itself once opened (`MiniApp.buildsOnOpening`).
nonisolated public enum FirstStartCache: Sendable {
    /// The globe's relief cache (`GlobeLoader`).
    case globe
}

/// A first start in a fresh home: the place index (Map Search, Sea Level, Postal Codes) and the
/// globe's cache (Sea Level) are not built yet, and the first visit to those apps would wait for
/// them (10–20 s). The shell builds them in the background from the start instead, one after the
/// other, through the same calls the apps use (`PlaceIndexCache.loadShared`, `GlobeLoader`), and
/// shows them in the bar as work going on, with the globe's share done. An app opened meanwhile
/// shares the place index being built (`loadShared` lets a second caller wait for the first);
/// opening Sea Level while the globe is still being built stops this build and leaves the
/// building to the app's own loader, so it is never built twice at once.
///
/// Nothing is started when both caches are there (every later start), or when their data is not
/// installed (the apps say what to install).
@MainActor
final class FirstStartCaches {
    private let cacheDirectory: String
    private var placesJob: BackgroundJob<Bool>?
    private var globe: GlobeLoader?
    private var globeWanted: Bool
    /// True once the globe was left to Sea Level's own loader.
    private var globeLeftToApp = false

    /// Starts building what is missing in `environment`'s cache folder; nil when nothing is.
    public init?(environment: AppEnvironment) {
        cacheDirectory = environment.cacheDirectory
        let fm = FileManager.default
        let placesWanted = !fm.fileExists(atPath: cacheDirectory + "/" + PlaceIndexCache.fileName)
            && (try? GeoNamesSource.locate()) != nil
        globeWanted = !fm.fileExists(atPath: cacheDirectory + "/" + GlobeCache.fileName)
            && fm.isReadableFile(atPath: ETOPO5.defaultPath())
        guard placesWanted || globeWanted else { return nil }
        if placesWanted {
            let folder = cacheDirectory
            placesJob = BackgroundJob(name: "first start: place index") { (try? PlaceIndexCache.loadShared(cacheFolder: folder)) != nil }
        } else {
            startGlobe()
        }
    }

    private func startGlobe() {
        guard globeWanted, globe == nil, !globeLeftToApp else { return }
        globe = GlobeLoader(source: ETOPO5.defaultPath(), directory: cacheDirectory)
    }

    /// The shell opened an app: one that builds the globe itself (Sea Level) does so from here on.
    public func opening(_ entry: AppEntry) {
        guard entry.buildsOnOpening.contains(.globe), globeWanted else { return }
        globeLeftToApp = true
        globe?.stop()
    }

    /// What is being built, for the bar; empty once all is done. Starts the globe once the places are in.
    public func tick() -> [WorkGoingOn] {
        var work: [WorkGoingOn] = []
        if let job = placesJob {
            if job.isDone {
                placesJob = nil
                startGlobe()
            } else {
                work.append(WorkGoingOn(tr("Preparing places (first start)"), progress: nil))
            }
        }
        if let loader = globe {
            if loader.isDone {
                globe = nil
                globeWanted = false
                // The built globe itself is not kept: Sea Level maps the cache file when it opens.
                FreedMemory.giveBack()
            } else if !loader.isStopped {
                let steps = Double(GlobeCache.Step.allCases.count)
                work.append(WorkGoingOn(tr("Preparing the globe (first start)"), progress: Double(loader.step.rawValue) / steps))
            }
        }
        return work
    }

    /// Whether anything is still being built.
    var isBusy: Bool { placesJob != nil || globe != nil }

    /// Blocks until what was started is built (for tests).
    public func waitUntilDone() {
        _ = placesJob?.wait()
        startGlobe()
        globe?.waitUntilDone()
    }
}
