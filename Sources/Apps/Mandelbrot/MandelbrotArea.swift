import TouchDeskInterface

/// Where Mandelbrot's picture lies: its rectangle in the app (points), its device pixels per point
/// and its size in device pixels. It turns points of the app into the view's widths from the
/// centre, which the model's zooms, flights and Julia sets take. The app makes one when it needs
/// it, from what it holds.
struct MandelbrotArea {
    var rect: Rect
    var scale: Double
    /// The picture's size in device pixels (0 before there is one).
    var width: Int
    var height: Int

    /// The picture's shorter side in device pixels: the view's width spans it.
    var side: Double { Double(max(1, min(width, height))) }

    /// A point of the app in device pixels of the picture.
    func devicePoint(_ p: Point) -> Point {
        Point((p.x - rect.x) * scale, (p.y - rect.y) * scale)
    }

    /// A device pixel of the picture as widths from the centre (x to the right, y upwards).
    func widths(at local: Point) -> (Double, Double) {
        ((local.x - Double(width) / 2) / side, (Double(height) / 2 - local.y) / side)
    }

    /// `p` moved onto the picture's rectangle.
    func clamped(_ p: Point) -> Point {
        Point(min(max(p.x, rect.minX), rect.maxX), min(max(p.y, rect.minY), rect.maxY))
    }
}
