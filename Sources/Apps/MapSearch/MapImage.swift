import Foundation
import TouchDeskInterface
import TouchDeskDrawing
import TouchDeskPlaces
import TouchDeskToolkit

/// The map drawn once for a projection a margin larger than the view, so a drag only moves it.
/// Drawn on `MapPicture`'s thread and never drawn into again: it may cross threads once.
nonisolated final class MapImage: @unchecked Sendable {
    struct Key: Equatable, Sendable {
        var scale: Double
        var deviceScale: Double
        var highlight: Int?
        var chosen: Int?
        var labels: Bool
        /// How many detail pieces (GSHHG bins, the relief) had arrived: new ones redraw the image.
        var detail: Int
    }

    /// Where an image for a view lies: the grown projection and the key, known before drawing.
    struct Frame: Sendable {
        let projection: MapProjection
        let key: Key
        let margin: Point

        init(view: MapProjection, key: Key) {
            // A quarter of the view on each side: a drag of that far moves the picture without a redraw.
            margin = Point((view.width * 0.25).rounded(), (view.height * 0.25).rounded())
            projection = view.grown(dx: margin.x, dy: margin.y)
            self.key = key
        }

        /// Where the view `p` starts inside the image, if the image covers it at this key.
        func origin(for p: MapProjection, key: Key) -> Point? {
            guard key == self.key, p.width + 2 * margin.x == projection.width, p.height + 2 * margin.y == projection.height else { return nil }
            let x = margin.x + MapCamera.wrap(p.center.longitude - projection.center.longitude) * p.scale
            let y = margin.y - (p.center.latitude - projection.center.latitude) * p.scale
            // Whole device pixels, so the picture stays sharp while it moves.
            let s = key.deviceScale
            let o = Point((x * s).rounded() / s, (y * s).rounded() / s)
            guard o.x >= 0, o.y >= 0, o.x <= 2 * margin.x, o.y <= 2 * margin.y else { return nil }
            return o
        }
    }

    let surface: ImageSurface
    let frame: Frame
    var projection: MapProjection { frame.projection }
    var key: Key { frame.key }

    init(painter: MapPainter, frame: Frame, labels: [PlacesLoader.LabelCandidate], marked: Place?) {
        self.frame = frame
        let projection = frame.projection
        surface = ImageSurface(size: Size(projection.width, projection.height), scale: frame.key.deviceScale, format: .rgb)
        surface.draw { cr in
            painter.draw(cr, projection, highlight: frame.key.highlight, labels: labels, marked: marked)
        }
    }

    /// How far a picture is stretched as a preview at rest, and while a flight or zoom moves.
    static let maxStretch = 2.5
    static let maxMovingStretch = 6.0

    /// Where the image lands in view `p` at another scale (its top left, and how much it is
    /// stretched), if it still covers the whole view and is stretched at most `maxRatio` times: a
    /// preview while the zoom moves or the sharper picture is drawn (highlight and labels may be
    /// those of the last picture until then).
    func placement(for p: MapProjection, deviceScale: Double, maxRatio: Double = MapImage.maxStretch) -> (x: Double, y: Double, ratio: Double)? {
        guard deviceScale == key.deviceScale else { return nil }
        let ratio = p.scale / projection.scale
        guard ratio <= maxRatio, ratio >= 0.4 else { return nil }
        let (cx, cy) = p.point(for: projection.center)
        let x = cx - projection.width / 2 * ratio, y = cy - projection.height / 2 * ratio
        guard x <= 0, y <= 0, x + projection.width * ratio >= p.width, y + projection.height * ratio >= p.height else { return nil }
        return (x, y, ratio)
    }

    /// Where the view `p` starts inside the image, if the image covers it at this key.
    func origin(for p: MapProjection, key: Key) -> Point? { frame.origin(for: p, key: key) }
}
