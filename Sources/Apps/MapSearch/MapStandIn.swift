import Foundation
import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskPlaces
import TouchDeskToolkit

/// What the map shows while the picture for a view at rest is drawn on its thread: the frame's
/// map (the last picture stretched, or outlines) made once, in a tick, and copied by every frame
/// until the picture lands. Without it each waiting frame drew the outlines again on the UI
/// thread, up to 60 times a second, beside the picture thread on the same cores.
final class MapStandIn {
    private var surface: ImageSurface?
    private var projection: MapProjection?

    /// The stand-in for `p` at `deviceScale`, if one was made for exactly that view.
    func surface(for p: MapProjection, deviceScale: Double) -> ImageSurface? {
        guard let surface, projection == p, surface.scale == deviceScale else { return nil }
        return surface
    }

    /// Draws the stand-in for `p` (a view `p.width` × `p.height` points) with `body`, unless it is there.
    func make(_ p: MapProjection, deviceScale: Double, _ body: (CairoContext) -> Void) {
        if surface(for: p, deviceScale: deviceScale) != nil { return }
        let s = surface?.scale == deviceScale && surface?.size == Size(p.width, p.height)
            ? surface! : ImageSurface(size: Size(p.width, p.height), scale: deviceScale, format: .rgb)
        s.draw(body)
        surface = s
        projection = p
    }

    /// Not needed now (the picture landed, the view moved): the memory goes.
    func release() {
        surface = nil
        projection = nil
    }
}
