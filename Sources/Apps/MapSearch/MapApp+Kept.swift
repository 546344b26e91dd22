import Foundation
import TouchDeskPlaces
import TouchDeskToolkit

// The view kept across restarts (StatefulApp): every key optional, so a file from an older or
// newer version restores what it can.
extension MapApp: @MainActor StatefulApp {
    public nonisolated static let stateFileName = "map.json"

    nonisolated struct KeptView: Codable, Hashable, Sendable {
        var latitude: Double?
        var longitude: Double?
        var zoom: Double?
    }

    public func saveState() -> AppState? {
        AppState(json: KeptView(latitude: camera.center.latitude, longitude: camera.center.longitude, zoom: camera.zoom))
    }

    public func restore(_ data: Data) throws {
        let kept = try decodeState(KeptView.self, from: data)
        let lat = kept.latitude ?? 0, lon = kept.longitude ?? 0, zoom = kept.zoom ?? 0
        guard lat.isFinite, lon.isFinite, zoom.isFinite, abs(lat) <= 90, abs(lon) <= 180, (0...40).contains(zoom) else {
            throw StateError("the view (\(lat), \(lon) at zoom \(zoom)) is not on the map")
        }
        show(center: GeoCoordinate(latitude: lat, longitude: lon), zoom: zoom)
    }
}

// What it keeps between visits and frees when left (see `MiniApp.visitMemory`).
extension MapApp {
    public nonisolated static var visitMemory: VisitMemory {
        VisitMemory(shared: ["the place index (the mapped cache, one per process, shared with Sea Level)"],
                    kept: ["the world map and its levels of detail (Natural Earth)", "the search, the place chosen, the view"],
                    freed: ["the map picture and its stand-in", "GSHHG's coastline bins", "the relief's shading", "the label list"],
                    leavingDuringLoad: .stopsThenResumesOnceEnded)
    }
}
