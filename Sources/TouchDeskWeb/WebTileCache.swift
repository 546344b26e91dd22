import Foundation
import Synchronization
import TouchDeskDrawing
import TouchDeskInterface

/// A laid-out page cut into tiles that a worker thread renders into image surfaces, so a view
/// scrolls by copying pixels instead of painting the page again.
///
/// Why: litehtml 0.6 walks every element of the page on each paint, whatever the clip, so a long
/// page costs ~50 ms per paint. A scroll frame that only copies cached tiles costs well under a
/// millisecond. Tiles are big (1024 × 512 points) for the same reason: each one pays that walk.
///
/// The owner (a view, on the main thread) asks for the tiles it shows plus a row above and
/// below (`request`), picks up finished ones (`absorb`) in its tick, and draws whatever has
/// arrived; a tile still missing shows as the page's white until it comes. A new page or a new
/// layout starts a new generation: tiles of an older one are never shown.
public final class WebTileCache {
    /// One tile: which page layout, at which scale, where.
    public struct Key: Hashable, Sendable {
        public let generation: Int
        /// Points per page pixel.
        public let scale: Double
        /// Pixels per point of the surface.
        public let deviceScale: Double
        public let column: Int
        public let row: Int
    }

    public static let tileWidth = 1024.0
    public static let tileHeight = 512.0
    /// Rows beyond the visible ones that are rendered ahead, and kept.
    static let prefetchRows = 1
    static let keepRows = 3

    public private(set) var document: WebDocument?
    private var contentSize = Size(0, 0)
    private var generation = 0
    private var tiles: [Key: ImageSurface] = [:]
    /// The last layout's tiles, after a relayout of the same page: drawn, scaled if need be, where
    /// the new ones have not arrived yet, so a resize shows the page instead of blank paper.
    private var stale: [Key: ImageSurface] = [:]
    /// Asked of the worker and not yet absorbed.
    private var pending: Set<Key> = []
    private let shared = SharedTiles()
    private let queue = DispatchQueue(label: "touchdesk-web-tiles", qos: .userInitiated)

    public init() {}

    /// Shows a new page, or the same one after a new layout (`contentSize` in page pixels).
    public func show(_ document: WebDocument?, contentSize: Size) {
        let sameDocument = document != nil && document === self.document
        // Two relayouts in a row before any tile came: the older tiles are still the best there is.
        stale = sameDocument ? (tiles.isEmpty ? stale : tiles) : [:]
        self.document = document
        self.contentSize = contentSize
        generation += 1
        shared.start(generation: generation)
        tiles.removeAll()
        pending.removeAll()
    }

    /// Whether tiles that were asked for are still being rendered.
    public var isBusy: Bool { !pending.isEmpty }

    /// Number of tiles held (for tests and the benchmark).
    public var tileCount: Int { tiles.count }

    /// One view's needs: the page scaled by `scale`, the part from `origin` (scaled-page points)
    /// of `size` points showing.
    public struct Viewport: Sendable {
        public var scale: Double
        public var origin: Point
        public var size: Size
        public init(scale: Double, origin: Point, size: Size) {
            self.scale = scale
            self.origin = origin
            self.size = size
        }
    }

    /// Asks for the tiles the views show (first) and those around them; forgets tiles far away.
    public func request(_ views: [Viewport], deviceScale: Double) {
        guard let document, contentSize.width > 0, contentSize.height > 0 else { return }
        var wanted: [Key] = []
        var keep: Set<Key> = []
        for view in views {
            let range = ranges(view)
            guard let range else { continue }
            let rows = range.rows, columns = range.columns
            let near = max(0, rows.lowerBound - Self.prefetchRows)...min(range.lastRow, rows.upperBound + Self.prefetchRows)
            let kept = max(0, rows.lowerBound - Self.keepRows)...min(range.lastRow, rows.upperBound + Self.keepRows)
            // Visible rows first, then the one below (scrolling down is likelier), then above.
            let order = Array(rows) + near.filter { $0 > rows.upperBound } + near.filter { $0 < rows.lowerBound }
            for row in order {
                for column in columns {
                    wanted.append(key(view.scale, deviceScale, column, row))
                }
            }
            for row in kept {
                for column in columns { keep.insert(key(view.scale, deviceScale, column, row)) }
            }
        }
        tiles = tiles.filter { keep.contains($0.key) }
        pending = pending.intersection(keep)
        shared.setWanted(keep)
        let size = contentSize
        for k in wanted where tiles[k] == nil && !pending.contains(k) {
            pending.insert(k)
            queue.async { [shared] in
                guard shared.isWanted(k) else { return }
                let surface = Self.render(document, size, k)
                shared.finish(k, surface)
            }
        }
    }

    /// Takes in the tiles the worker finished; true when any arrived (the view should redraw).
    @discardableResult
    public func absorb() -> Bool {
        let finished = shared.takeFinished()
        var any = false
        for (k, box) in finished where k.generation == generation && pending.contains(k) {
            tiles[k] = box.surface
            pending.remove(k)
            any = true
        }
        // Tiles no longer wanted were skipped by the worker; stop waiting for them.
        pending = pending.filter { shared.isWanted($0) }
        if pending.isEmpty { stale.removeAll() }
        return any
    }

    /// Blocks until every tile asked for so far is rendered and absorbed: for `--screenshot`,
    /// tests and the benchmark, never for the window.
    public func waitUntilIdle() {
        queue.sync {}
        absorb()
    }

    /// Draws the tiles covering a view: `frame` is where the view is, `origin` the scaled-page
    /// point at its top-left corner. Only reads; missing tiles leave what is beneath.
    public func draw(_ cr: CairoContext, frame: Rect, scale: Double, origin: Point, deviceScale: Double) {
        let view = Viewport(scale: scale, origin: origin, size: frame.size)
        guard let range = ranges(view) else { return }
        if !stale.isEmpty && !isComplete(size: frame.size, scale: scale, origin: origin, deviceScale: deviceScale) {
            drawStale(cr, frame: frame, scale: scale, origin: origin)
        }
        for row in range.rows {
            for column in range.columns {
                guard let surface = tiles[key(scale, deviceScale, column, row)] else { continue }
                let x = frame.x - origin.x + Double(column) * Self.tileWidth
                let y = frame.y - origin.y + Double(row) * Self.tileHeight
                cr.setSource(surface, at: x, y, filter: .nearest)
                cr.rectangle(Rect(x: x, y: y, width: surface.size.width, height: surface.size.height))
                cr.fill()
            }
        }
    }

    /// Whether every tile a view shows has arrived (then the view need not paint paper under them).
    public func isComplete(size: Size, scale: Double, origin: Point, deviceScale: Double) -> Bool {
        guard let range = ranges(Viewport(scale: scale, origin: origin, size: size)) else { return false }
        for row in range.rows {
            for column in range.columns where tiles[key(scale, deviceScale, column, row)] == nil { return false }
        }
        return true
    }

    /// The last layout's tiles at the scale nearest this view's, stretched to its scale.
    private func drawStale(_ cr: CairoContext, frame: Rect, scale: Double, origin: Point) {
        func distance(_ s: Double) -> Double { abs(log(s / scale)) }
        guard let nearest = stale.keys.min(by: { distance($0.scale) < distance($1.scale) })?.scale,
              distance(nearest) < log(2.0) else { return }
        let k = scale / nearest
        for (key, surface) in stale where key.scale == nearest {
            let x = frame.x - origin.x + Double(key.column) * Self.tileWidth * k
            let y = frame.y - origin.y + Double(key.row) * Self.tileHeight * k
            let rect = Rect(x: x, y: y, width: surface.size.width * k, height: surface.size.height * k)
            guard rect.maxX > frame.minX, rect.minX < frame.maxX, rect.maxY > frame.minY, rect.minY < frame.maxY else { continue }
            cr.draw(surface, in: rect, filter: k == 1 ? .nearest : .good)
        }
    }

    // MARK: - Tiles

    private func key(_ scale: Double, _ deviceScale: Double, _ column: Int, _ row: Int) -> Key {
        Key(generation: generation, scale: scale, deviceScale: deviceScale, column: column, row: row)
    }

    private func ranges(_ view: Viewport) -> (columns: ClosedRange<Int>, rows: ClosedRange<Int>, lastRow: Int)? {
        let width = contentSize.width * view.scale, height = contentSize.height * view.scale
        guard width > 0, height > 0, view.size.width > 0, view.size.height > 0 else { return nil }
        let lastColumn = max(0, Int(((width / Self.tileWidth).rounded(.up))) - 1)
        let lastRow = max(0, Int(((height / Self.tileHeight).rounded(.up))) - 1)
        let c0 = min(lastColumn, max(0, Int((view.origin.x / Self.tileWidth).rounded(.down))))
        let c1 = min(lastColumn, max(c0, Int(((view.origin.x + view.size.width) / Self.tileWidth).rounded(.down))))
        let r0 = min(lastRow, max(0, Int((view.origin.y / Self.tileHeight).rounded(.down))))
        let r1 = min(lastRow, max(r0, Int(((view.origin.y + view.size.height) / Self.tileHeight).rounded(.down))))
        return (c0...c1, r0...r1, lastRow)
    }

    /// Paints one tile: white, then the part of the page it covers.
    private nonisolated static func render(_ document: WebDocument, _ content: Size, _ k: Key) -> ImageSurface {
        let x = Double(k.column) * tileWidth, y = Double(k.row) * tileHeight
        let w = min(tileWidth, content.width * k.scale - x), h = min(tileHeight, content.height * k.scale - y)
        let surface = ImageSurface(size: Size(max(1, w), max(1, h)), scale: k.deviceScale, format: .rgb)
        surface.draw { cr in
            cr.setSourceRGB(1, 1, 1)
            cr.paint()
            let clip = WebRect(x: Int((x / k.scale).rounded(.down)) - 1, y: Int((y / k.scale).rounded(.down)) - 1,
                               width: Int((w / k.scale).rounded(.up)) + 3, height: Int((h / k.scale).rounded(.up)) + 3)
            document.draw(into: cr.pointer, x: -x, y: -y, scale: k.scale, clip: clip)
        }
        return surface
    }
}

/// A finished tile on its way from the worker to the main thread. The worker lets go of the
/// surface when it posts it, so only one thread ever holds it.
struct TileBox: @unchecked Sendable {
    let surface: ImageSurface
}

/// What the worker and the owner share, behind one lock.
final class SharedTiles: Sendable {
    private struct State {
        var generation = 0
        var wanted: Set<WebTileCache.Key> = []
        var finished: [WebTileCache.Key: TileBox] = [:]
    }
    private let state = Mutex(State())

    func start(generation: Int) {
        state.withLock { $0 = State(generation: generation) }
    }

    func setWanted(_ keys: Set<WebTileCache.Key>) {
        state.withLock { $0.wanted = keys }
    }

    func isWanted(_ k: WebTileCache.Key) -> Bool {
        state.withLock { $0.generation == k.generation && $0.wanted.contains(k) }
    }

    func finish(_ k: WebTileCache.Key, _ surface: ImageSurface) {
        let box = TileBox(surface: surface)
        state.withLock { if $0.generation == k.generation { $0.finished[k] = box } }
    }

    func takeFinished() -> [WebTileCache.Key: TileBox] {
        state.withLock { s in
            defer { s.finished.removeAll() }
            return s.finished
        }
    }
}
