import Foundation
import Synchronization
import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskPlaces
import TouchDeskToolkit

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
    /// The picture before it, kept while the view moves: a flight's first frames stretch the
    /// picture it left from while the one it goes to is drawn (requested as the flight starts).
    private var previous: MapImage?
    /// What the frames copy while the picture for a still view is drawn.
    private let standIn = MapStandIn()
    /// The frame being drawn, if any.
    private var drawing: MapImage.Frame?
    /// The whole world at the window's world zoom, drawn once off the UI thread: stretched up to
    /// `MapImage.maxMovingStretch` times, it stands in for any frame of a flight or zoom out at
    /// continental scale, where outlines of half the world would cost the UI thread 30–50 ms.
    private var world: MapImage?
    /// The world view asked for (a resize or a new device scale asks again).
    private var worldAsked: MapImage.Frame?
    /// Where the drawing thread leaves a finished picture.
    private nonisolated final class Inbox: Sendable {
        let slot = Mutex<MapImage?>(nil)
        let world = Mutex<MapImage?>(nil)
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
        paint(frame, parts, labels: labels, marked: marked, world: false)
    }

    /// Has the world picture drawn for `p` (the world view at the window's size) unless it is
    /// there or asked for already; no highlight, marker or city-zoom detail: it only stands in
    /// while moving.
    func requestWorld(_ p: MapProjection, key: MapImage.Key, parts: Parts, labels: [PlacesLoader.LabelCandidate]) {
        var key = key
        (key.highlight, key.chosen, key.detail) = (nil, nil, 0)
        if let worldAsked, worldAsked.projection == MapImage.Frame(view: p, key: key).projection, worldAsked.key == key { return }
        let frame = MapImage.Frame(view: p, key: key)
        worldAsked = frame
        paint(frame, parts, labels: labels, marked: nil, world: true)
    }

    /// Draws `frame` on the drawing thread and leaves the picture in the inbox: in `world` for
    /// the world picture, else in `slot`.
    private func paint(_ frame: MapImage.Frame, _ parts: Parts, labels: [PlacesLoader.LabelCandidate], marked: Place?, world: Bool) {
        queue.async { [inbox] in
            let painter = MapPainter(map: parts.map, detail: parts.detail, coast: parts.coast, relief: parts.relief)
            painter.features = parts.features
            let made = MapImage(painter: painter, frame: frame, labels: labels, marked: marked)
            if world { inbox.world.withLock { $0 = made } } else { inbox.slot.withLock { $0 = made } }
        }
    }

    /// Takes in a finished picture; true when one arrived.
    func take() -> Bool {
        if let w = inbox.world.withLock({ m -> MapImage? in
            defer { m = nil }
            return m
        }) {
            world = w
        }
        guard let made = inbox.slot.withLock({ m -> MapImage? in
            defer { m = nil }
            return m
        }) else { return false }
        if image != nil { previous = image }
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
        previous = nil
        world = nil
        worldAsked = nil
        standIn.release()
    }

    /// The view is at rest: the picture before is no longer needed for previews.
    func forgetPrevious() { previous = nil }

    /// Draws the map for view `p` at (0, 0): the stand-in made for it, else the picture moved, or
    /// stretched as a preview near its scale (a zoom in motion, or at rest while the sharp
    /// picture is drawn: a copy), else `outlines`. While `moving`, a preview may be stretched
    /// further (a frame of a flight is gone in 16 ms; outlines of half the world cost 50), and the
    /// picture before the last one is tried too.
    func draw(_ cr: CairoContext, _ p: MapProjection, key: MapImage.Key, moving: Bool, outlines: (CairoContext) -> Void) {
        if let made = standIn.surface(for: p, deviceScale: key.deviceScale) {
            cr.setSource(made, at: 0, 0, filter: .nearest)
            cr.paint()
        } else {
            drawWithoutStandIn(cr, p, key: key, moving: moving, outlines: outlines)
        }
    }

    private func drawWithoutStandIn(_ cr: CairoContext, _ p: MapProjection, key: MapImage.Key, moving: Bool,
                                    outlines: (CairoContext) -> Void) {
        if let image, let o = image.origin(for: p, key: key) {
            cr.setSource(image.surface, at: -o.x, -o.y, filter: .nearest)
            cr.paint()
            return
        }
        let maxRatio = moving ? MapImage.maxMovingStretch : MapImage.maxStretch
        for candidate in [image, moving ? previous : nil, moving ? world : nil].compactMap({ $0 }) {
            guard let placed = candidate.placement(for: p, deviceScale: key.deviceScale, maxRatio: maxRatio) else { continue }
            cr.saved {
                if placed.ratio == 1 {
                    // The same scale (the key changed, or a pan): whole device pixels, a plain copy.
                    let s = key.deviceScale
                    cr.setSource(candidate.surface, at: (placed.x * s).rounded() / s, (placed.y * s).rounded() / s, filter: .nearest)
                } else {
                    cr.translate(placed.x, placed.y)
                    cr.scale(placed.ratio, placed.ratio)
                    cr.setSource(candidate.surface, at: 0, 0, filter: .bilinear)
                }
                cr.paint()
            }
            return
        }
        outlines(cr)
    }

    /// While a picture is drawn for view `p` and the view stands still (`wanted`), makes the
    /// stand-in once (what a frame would draw meanwhile); otherwise, or once the picture covers
    /// the view, lets it go.
    func updateStandIn(_ p: MapProjection, key: MapImage.Key, wanted: Bool, outlines: (CairoContext) -> Void) {
        guard wanted, isDrawing, image?.origin(for: p, key: key) == nil else {
            standIn.release()
            return
        }
        // Shown only until the picture lands: stretched as far as a moving frame may be.
        standIn.make(p, deviceScale: key.deviceScale) { cr in drawWithoutStandIn(cr, p, key: key, moving: true, outlines: outlines) }
    }
}
