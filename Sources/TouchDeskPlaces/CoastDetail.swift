import Foundation
import Synchronization

/// GSHHG's coastlines and rivers at city zoom, read bin by bin as views ask for them.
///
/// A view asks for the bins it covers with `bins(in:scale:)`: the ones already read come back at
/// once, the others are read on a thread of the detail's own and counted in `arrivals`, so the map
/// redraws when they land; the UI never waits on the disk. Bins read are kept (most recently used
/// last) up to `pointBudget` points, a few megabytes; `release()` drops them all.
public final class CoastDetail: Sendable {
    /// One bin, in the map's plane (x = longitude, y = −latitude), as single floats: a metre is
    /// 10⁻⁵ degrees, well inside a float's seven digits.
    public struct Bin: Sendable {
        public var xs: [Float] = []
        public var ys: [Float] = []
        /// Rings that, filled even-odd, cover the bin's dry ground.
        public var land: [Range<Int>] = []
        /// The shoreline itself (no bin edges), to stroke.
        public var shore: [Range<Int>] = []
        /// Rivers, with their GSHHG class (1 double-lined … 4 minor, 5–7 intermittent, 8–10 canals).
        public var rivers: [(range: Range<Int>, level: Int)] = []
        public var box: DetailBox

        public var pointCount: Int { xs.count }

        mutating func add(_ points: [SIMD2<Double>]) -> Range<Int> {
            let start = xs.count
            for p in points {
                xs.append(Float(p.x))
                ys.append(Float(-p.y))
            }
            return start..<xs.count
        }
    }

    /// The resolution for a scale: none below `minimumScale` (Natural Earth draws the view), high
    /// from there, full from `fullScale` where a file for it is installed.
    public static let minimumScale = 90.0
    public static let fullScale = 700.0
    /// A view over more bins than this draws Natural Earth instead.
    public static let maximumBins = 160
    public static let pointBudget = 1_500_000

    struct Files: Sendable {
        var shore: GSHHGFile
        var rivers: GSHHGFile?
    }

    private let high: Files?
    private let full: Files?
    /// Why GSHHG is not drawn, when no file could be opened.
    public let problem: String?

    private struct Key: Hashable, Sendable {
        var full: Bool
        var bin: Int
    }

    private struct State: Sendable {
        var bins: [Key: Bin] = [:]
        var order: [Key] = []
        var points = 0
        var pending: Set<Key> = []
        var arrivals = 0
        /// Counts `release()`s: reads queued before one are dropped, not done.
        var generation = 0
    }

    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "touchdesk coast detail")

    /// Opens the installed GSHHG files (`$TOUCHDESK_GSHHG` or Debian's folder); never throws: with
    /// none, `problem` says which package to install and the map keeps Natural Earth.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        func open(_ r: GSHHGFile.Resolution) -> Result<Files, GSHHGFile.ReadError> {
            Result { () throws(GSHHGFile.ReadError) in
                let shore = try GSHHGFile(path: GSHHGFile.path(kind: .shore, resolution: r, environment: environment), kind: .shore, package: r.package)
                let rivers = try? GSHHGFile(path: GSHHGFile.path(kind: .river, resolution: r, environment: environment), kind: .river, package: r.package)
                return Files(shore: shore, rivers: rivers)
            }
        }
        let h = open(.high), f = open(.full)
        high = try? h.get()
        full = try? f.get()
        if high == nil, full == nil, case .failure(let e) = h {
            problem = e.description
        } else {
            problem = nil
        }
    }

    public var isAvailable: Bool { high != nil || full != nil }

    private func files(forScale scale: Double) -> (Files, Bool)? {
        guard scale >= Self.minimumScale else { return nil }
        if scale >= Self.fullScale, let full { return (full, true) }
        if let high { return (high, false) }
        return full.map { ($0, true) }
    }

    /// The bins covering `box` (in the map's plane, longitudes possibly past ±180°) for a view at
    /// `scale` points per degree, and whether all of them are in; nil when GSHHG does not draw at
    /// this scale or the view covers too many bins. Missing bins are read in the background.
    public func bins(in box: DetailBox, scale: Double) -> (bins: [Bin], complete: Bool)? {
        guard let (files, isFull) = files(forScale: scale), let keys = keys(in: box, file: files.shore, full: isFull) else { return nil }
        var missing: [Key] = []
        var generation = 0
        let found: [Bin] = state.withLock { s in
            generation = s.generation
            var out: [Bin] = []
            for k in keys {
                if let b = s.bins[k] { out.append(b) } else if !s.pending.contains(k) { missing.append(k); s.pending.insert(k) }
            }
            return out
        }
        if !missing.isEmpty {
            let wanted = missing
            queue.async { [self, generation] in
                for k in wanted {
                    // Left since (the map was released): the rest of the reads are not wanted.
                    guard state.withLock({ $0.generation == generation }) else { return }
                    store(k, read(k, files), generation: generation)
                }
            }
        }
        return (found, found.count == keys.count)
    }

    /// Reads every bin `box` needs at `scale` now, on the calling thread (for `--screenshot` and
    /// tests: the window never calls it).
    public func load(_ box: DetailBox, scale: Double) {
        guard let (files, isFull) = files(forScale: scale), let keys = keys(in: box, file: files.shore, full: isFull) else { return }
        queue.sync {}
        for k in keys where state.withLock({ $0.bins[k] == nil }) { store(k, read(k, files), generation: state.withLock { $0.generation }) }
    }

    /// Whether bins are being read now (the window keeps ticking to take them in).
    public var isReading: Bool { state.withLock { !$0.pending.isEmpty } }

    /// How many reads have landed so far: the map redraws when it changes.
    public var arrivals: Int { state.withLock { $0.arrivals } }

    /// Points held now (8 bytes each), for the memory figures.
    public var pointsHeld: Int { state.withLock { $0.points } }

    /// Drops every bin read (leaving the app), and the reads still queued; they are read again when needed.
    public func release() {
        state.withLock { s in
            s.generation += 1
            s.pending = []
            s.bins = [:]
            s.order = []
            s.points = 0
        }
    }

    private func keys(in box: DetailBox, file: GSHHGFile, full: Bool) -> [Key]? {
        let d = file.binDegrees
        let south = max(-90, -box.maxY), north = min(90, -box.minY)
        guard north > south, box.maxX > box.minX else { return [] }
        let c0 = Int(floor(box.minX / d)), c1 = Int(floor(box.maxX / d))
        let r0 = max(0, Int(floor((90 - north) / d))), r1 = min(file.rows - 1, Int(floor((90 - south) / d)))
        guard (c1 - c0 + 1) * (r1 - r0 + 1) <= Self.maximumBins else { return nil }
        var keys: [Key] = []
        for r in r0...max(r0, r1) {
            for c in c0...c1 {
                let col = ((c % file.columns) + file.columns) % file.columns
                keys.append(Key(full: full, bin: r * file.columns + col))
            }
        }
        return keys
    }

    private func read(_ k: Key, _ files: Files) -> Bin {
        let shore = files.shore
        let sw = shore.southWest(ofBin: k.bin)
        let size = shore.binDegrees
        var bin = Bin(box: DetailBox(minX: sw.x, minY: -(sw.y + size), maxX: sw.x + size, maxY: -sw.y))
        // A damaged bin draws as Natural Earth would: nothing of its own.
        let segments = (try? shore.segments(inBin: k.bin)) ?? []
        for ring in ShoreAssembler.rings(segments, southWest: sw, size: size, cornerLevels: shore.cornerLevels(ofBin: k.bin)) {
            bin.land.append(bin.add(ring))
        }
        for s in segments { bin.shore.append(bin.add(s.points + (s.entry == 4 ? [s.points[0]] : []))) }
        if let rivers = files.rivers, rivers.binDegrees == size, rivers.columns == shore.columns {
            for s in (try? rivers.segments(inBin: k.bin)) ?? [] where s.points.count >= 2 {
                bin.rivers.append((bin.add(s.points), s.level))
            }
        }
        return bin
    }

    private func store(_ k: Key, _ bin: Bin, generation: Int) {
        state.withLock { s in
            guard s.generation == generation else { return }
            s.pending.remove(k)
            if s.bins[k] == nil {
                s.bins[k] = bin
                s.order.append(k)
                s.points += bin.pointCount
            }
            while s.points > Self.pointBudget, s.order.count > 1 {
                let old = s.order.removeFirst()
                s.points -= s.bins.removeValue(forKey: old)?.pointCount ?? 0
            }
            s.arrivals += 1
        }
    }
}
