import TouchDeskInterface
import TouchDeskPlaces
import TouchDeskToolkit

/// A press on the map and where it goes: a tap names the nearest place, a move past a few
/// points pans the map from the camera it started with.
struct MapDrag {
    /// How far a press must move before it pans rather than taps.
    static let threshold = 4.0

    private var start: Point?
    private var startCamera: MapCamera?
    /// Whether the press has moved far enough to pan.
    private(set) var isPanning = false

    /// Whether a press on the map is down.
    var isActive: Bool { start != nil }

    mutating func begin(at p: Point, camera: MapCamera) {
        start = p
        startCamera = camera
        isPanning = false
    }

    /// The camera for the finger at `p`: nil while it stays within the threshold of a tap.
    mutating func camera(at p: Point) -> MapCamera? {
        guard let start, var c = startCamera else { return nil }
        let d = p - start
        guard isPanning || abs(d.x) > Self.threshold || abs(d.y) > Self.threshold else { return nil }
        isPanning = true
        c.pan(dx: d.x, dy: d.y)
        return c
    }

    /// Lets go; true when the press was a tap.
    mutating func end() -> Bool {
        defer { self = MapDrag() }
        return !isPanning
    }
}
