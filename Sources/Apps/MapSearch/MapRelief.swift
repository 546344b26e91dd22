import Foundation
import Synchronization
import TouchDeskDrawing
import TouchDeskGlobe
import TouchDeskInterface
import TouchDeskPlaces
import TouchDeskToolkit

/// Hill-shading for Map Search's city views, from the ETOPO1 relief Sea Level reads (`MapShade`):
/// so Zermatt sits among mountains.
///
/// Read once on a thread of its own when a view first reaches city zoom (3600 × 1801 bytes,
/// 6.5 MB kept); `release()` drops it when the user leaves the map.
nonisolated final class MapRelief: Sendable {
    private struct State {
        var shade: [UInt8]?
        var width = 0, height = 0
        var loading = false
        var problem: String?
        var arrivals = 0
    }

    private let state = Mutex(State())

    /// Brightness below which the ground darkens, above which it lightens (128 = flat).
    static let darkest = 0.42, brightest = 0.22

    /// Starts reading the shade if it is not in memory; false while it is not there.
    func request() -> Bool {
        let start: Bool = state.withLock { s in
            if s.shade != nil || s.loading || s.problem != nil { return false }
            s.loading = true
            return true
        }
        if start {
            let thread = Thread { [self] in load() }
            thread.name = "touchdesk map relief"
            thread.start()
        }
        return state.withLock { $0.shade != nil }
    }

    /// Blocks until the shade is read (for `--screenshot` and tests).
    func loadNow() {
        if state.withLock({ $0.shade == nil && !$0.loading && $0.problem == nil }) {
            state.withLock { $0.loading = true }
            load()
        }
        while state.withLock({ $0.loading }) { usleep(5000) }
    }

    private func load() {
        do {
            let shade = try MapShade.read()
            state.withLock { s in
                s.shade = shade
                s.width = MapShade.width
                s.height = MapShade.height
                s.loading = false
                s.arrivals += 1
            }
        } catch {
            state.withLock { s in
                s.problem = "\(error)"
                s.loading = false
            }
        }
    }

    var arrivals: Int { state.withLock { $0.arrivals } }
    var isLoading: Bool { state.withLock { $0.loading } }
    var bytesHeld: Int { state.withLock { $0.shade?.count ?? 0 } }

    func release() {
        state.withLock { s in
            if !s.loading { s.shade = nil }
        }
    }

    /// The shade of the cells covering `box` (the map's plane: x longitude, y −latitude) as a
    /// translucent picture, one pixel a cell, and the box its pixels' centres span; nil before
    /// the shade has arrived or when the box covers too many cells.
    func picture(for box: DetailBox) -> (surface: ImageSurface, x: Double, y: Double, dx: Double, dy: Double)? {
        // The shade is taken out under the lock (an array: a reference, not a copy) and the picture
        // made outside it: the UI thread asks the lock whether the shade is in on every tick, and
        // must not wait for the picture thread's million cells.
        let held = state.withLock { s -> (shade: [UInt8], width: Int, height: Int)? in
            guard let shade = s.shade, s.width > 0, s.height > 1 else { return nil }
            return (shade, s.width, s.height)
        }
        guard let s = held else { return nil }
        let shade = s.shade
        let dLon = 360 / Double(s.width), dLat = 180 / Double(s.height - 1)
        let c0 = Int(floor(box.minX / dLon)) - 1, c1 = Int(ceil(box.maxX / dLon)) + 1
        let north = min(90, -box.minY), south = max(-90, -box.maxY)
        let rTop = min(s.height - 1, Int(ceil((north + 90) / dLat)) + 1), rBottom = max(0, Int(floor((south + 90) / dLat)) - 1)
        let w = c1 - c0 + 1, h = rTop - rBottom + 1
        guard w > 1, h > 1, w * h <= 1_000_000 else { return nil }
        let surface = ImageSurface(size: Size(Double(w), Double(h)), scale: 1, format: .argb)
        surface.withPixels { base, stride in
            for j in 0..<h {
                let row = (rTop - j) * s.width
                let line = (base + j * stride).assumingMemoryBound(to: UInt32.self)
                for i in 0..<w {
                    let col = ((c0 + i) % s.width + s.width) % s.width
                    let v = Double(shade[row + col]) / 128 - 1
                    // Premultiplied: black for shadow, white for lit slopes.
                    if v < 0 {
                        let a = UInt32(min(1, -v) * Self.darkest * 255)
                        line[i] = a << 24
                    } else {
                        let a = UInt32(min(1, v) * Self.brightest * 255)
                        line[i] = a << 24 | a << 16 | a << 8 | a
                    }
                }
            }
        }
        return (surface, Double(c0) * dLon, -(Double(rTop) * dLat - 90), dLon, dLat)
    }
}
