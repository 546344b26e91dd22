import Foundation
import Synchronization
import TouchDeskDrawing
import TouchDeskPlaces

/// The map's picture for the view at rest, drawn on a thread of its own: the window shows the
/// last picture (moved, or stretched as a preview) until the new one is ready, so a flight or a
/// zoom that comes to rest never holds the UI thread for the full draw (about 300 ms at
/// 1920 × 1080 with labels).
final class MapPicture {
    /// What a drawing needs, all of it safe to hand to another thread.
    struct Parts: Sendable {
        var map: WorldMap
        var detail: MapDetail
        var coast: CoastDetail?
        var relief: MapRelief?
        var features: [PlacesLoader.FeatureLabel] = []
    }

    /// The picture shown now.
    private(set) var image: MapImage?
    /// The frame being drawn, if any.
    private var drawing: MapImage.Frame?
    /// Where the drawing thread leaves a finished picture.
    private nonisolated final class Inbox: Sendable {
        let slot = Mutex<MapImage?>(nil)
    }
    private let inbox = Inbox()
    private let queue = DispatchQueue(label: "touchdesk map picture")

    var isDrawing: Bool { drawing != nil }

    /// Starts drawing `p` at `key` unless the picture, or the one being drawn, already covers it.
    func request(_ p: MapProjection, key: MapImage.Key, parts: Parts, labels: [PlacesLoader.LabelCandidate], marked: Place?) {
        if let image, image.origin(for: p, key: key) != nil { return }
        if let drawing, drawing.origin(for: p, key: key) != nil { return }
        let frame = MapImage.Frame(view: p, key: key)
        drawing = frame
        queue.async { [inbox] in
            let painter = MapPainter(map: parts.map, detail: parts.detail, coast: parts.coast, relief: parts.relief)
            painter.features = parts.features
            let made = MapImage(painter: painter, frame: frame, labels: labels, marked: marked)
            inbox.slot.withLock { $0 = made }
        }
    }

    /// Takes in a finished picture; true when one arrived.
    func take() -> Bool {
        guard let made = inbox.slot.withLock({ m -> MapImage? in
            defer { m = nil }
            return m
        }) else { return false }
        image = made
        if let drawing, drawing.projection == made.projection, drawing.key == made.key { self.drawing = nil }
        return true
    }

    /// Draws synchronously (`--screenshot`, tests, and the first frame before any tick).
    func drawNow(_ p: MapProjection, key: MapImage.Key, painter: MapPainter, labels: [PlacesLoader.LabelCandidate], marked: Place?) {
        image = MapImage(painter: painter, frame: MapImage.Frame(view: p, key: key), labels: labels, marked: marked)
    }

    /// Lets the picture go (leaving the app, a new device scale); a drawing under way still lands.
    func release() {
        image = nil
    }
}
