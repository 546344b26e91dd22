import Foundation
import TouchDeskGlobe
import TouchDeskToolkit

// The view kept across restarts (StatefulApp): every key optional, so a file from an older or
// newer version restores what it can.
extension GlobeApp: @MainActor StatefulApp {
    public nonisolated static let stateFileName = "sealevel.json"

    nonisolated struct KeptView: Codable, Hashable, Sendable {
        var latitude: Double?
        var longitude: Double?
        var zoom: Double?
        /// Metres above today's sea (to the centimetre).
        var seaLevel: Double?
        /// Degrees from straight down, and the relief's vertical exaggeration.
        var tilt: Double?
        var exaggeration: Double?
    }

    public func saveState() -> AppState? {
        let c = model.view.centre
        return AppState(json: KeptView(latitude: c.latitude, longitude: c.longitude, zoom: model.view.zoom, seaLevel: model.level,
                                       tilt: model.view.tilt, exaggeration: model.style.exaggeration))
    }

    public func restore(_ data: Data) throws {
        let kept = try decodeState(KeptView.self, from: data)
        var o = GlobeApp.StartOptions()
        if let lat = kept.latitude, let lon = kept.longitude {
            guard lat.isFinite, lon.isFinite, abs(lat) <= 90, abs(lon) <= 180 else { throw StateError("the view (\(lat), \(lon)) is not on the globe") }
            o.lookAt = GeoPoint(latitude: lat, longitude: lon)
        }
        if let z = kept.zoom {
            guard z.isFinite else { throw StateError("the zoom is not a number") }
            o.zoom = min(max(z, GlobeView.minimumZoom), GlobeView.maximumZoom)
        }
        if let m = kept.seaLevel {
            guard m.isFinite, SeaLevel.metresRange.contains(m) else { throw StateError("the sea level \(m) m is outside \(SeaLevel.lowest)…\(SeaLevel.highest)") }
            o.seaLevel = m
        }
        if let t = kept.tilt {
            guard t.isFinite, GlobeView.tiltRange.contains(t) else {
                throw StateError("the tilt \(t)° is outside \(Int(GlobeView.tiltRange.lowerBound))…\(Int(GlobeView.tiltRange.upperBound))°")
            }
            o.tilt = t
        }
        if let e = kept.exaggeration {
            guard e.isFinite, GlobeStyle.exaggerationRange.contains(e) else {
                throw StateError("the relief's exaggeration \(e)× is outside 1…50×")
            }
            o.exaggeration = e
        }
        start(o)
    }
}

// What it keeps between visits and frees when left (see `MiniApp.visitMemory`).
extension GlobeApp {
    public nonisolated static var visitMemory: VisitMemory {
        VisitMemory(shared: ["the place index (one per process, shared with Map Search)"],
                    kept: ["the relief (the mapped 47 MB cache: file pages the system may drop)", "the flooded places (kilobytes)", "the view, level and pin"],
                    freed: ["the globe picture (8 MB at 1920 × 1080)", "the renderer's per-pixel geometry", "a tilted picture being traced"],
                    leavingDuringLoad: .stopsThenResumesOnceEnded)
    }

    public nonisolated static var buildsOnOpening: Set<FirstStartCache> { [.globe] }
}
