/// Mandelbrot rendering: a frame split into bands, computed on worker threads, coarse first.
///
/// `start` bumps a generation counter and hands the frame to one worker per core; workers take
/// bands one at a time, first a coarse pass (one sample per 8 × 8 block, so a preview covers the
/// whole view almost at once) then the full-resolution pass, and put finished bands in an outbox.
/// A newer `start` makes every older worker stop at its next row, and bands of an older
/// generation are never handed out: a superseded render cannot draw over a newer one. The caller
/// (the view's tick) drains the outbox without ever waiting.

import Dispatch
import Synchronization
import Foundation
import TouchDeskModels

/// Everything that decides the pixels of one render.
public struct MandelbrotFrame: Equatable, Sendable {
    public var window: MandelbrotWindow
    public var width: Int
    public var height: Int
    public var limit: Int
    public var smooth: Bool

    public init(window: MandelbrotWindow, width: Int, height: Int, limit: Int, smooth: Bool = false) {
        self.window = window; self.width = width; self.height = height; self.limit = limit; self.smooth = smooth
    }

    /// The plane's distance between neighbouring pixel centres: the square window fits the
    /// shorter side.
    public var spacing: Double { window.span / Double(max(1, min(width, height))) }

    /// Offset of column i's centre from the window centre.
    @inline(__always)
    public func dx(_ i: Int) -> Double { (Double(i) + 0.5 - Double(width) / 2) * spacing }
    /// Offset of row j's centre from the window centre (row 0 is the top, the highest y).
    @inline(__always)
    public func dy(_ j: Int) -> Double { (Double(height) / 2 - (Double(j) + 0.5)) * spacing }

    /// Below this spacing doubles can no longer tell pixels apart well enough near |c| ≈ 2, and
    /// the render switches to perturbation against a high-precision reference orbit.
    public static let perturbationSpacing = 2e-12
    public var usesPerturbation: Bool { spacing < Self.perturbationSpacing }
}

/// One finished band of pixels (0xFFRRGGBB, row-major) for rows y..<y+height, full width.
public struct MandelbrotTile: Sendable {
    public let generation: Int
    public let y: Int
    public let width: Int
    public let height: Int
    /// False for the coarse preview of the band, true for its final pixels.
    public let isFinal: Bool
    public let pixels: [UInt32]
}

/// What the workers share for one frame: coordinates, palette and (when deep) the reference orbit.
struct PreparedFrame: Sendable {
    let frame: MandelbrotFrame
    let cx: [Double]
    let coarseCX: [Double]
    let centerY: Double
    let palette: [UInt32]
    /// The deep engine's frame (reference orbit, BLA table) when the view is too deep for doubles.
    let deep: DeepFrame?

    static let block = 8

    init(_ frame: MandelbrotFrame) {
        self.frame = frame
        let cx0 = frame.window.center.x.double
        cx = (0..<frame.width).map { cx0 + frame.dx($0) }
        coarseCX = stride(from: 0, to: frame.width, by: Self.block).map { cx0 + frame.dx($0) }
        centerY = frame.window.center.y.double
        palette = (0...frame.limit).map { MandelbrotPalette.argb(MandelbrotPalette.color(count: $0, limit: frame.limit)) }
        deep = frame.usesPerturbation ? DeepFrame(window: frame.window, width: frame.width, height: frame.height, limit: frame.limit) : nil
    }

    /// The colours of row j at every `step`-th column into `out`.
    func row(_ j: Int, step: Int, into out: UnsafeMutablePointer<UInt32>) {
        let columns = step == 1 ? cx.count : coarseCX.count
        let limit = frame.limit
        var counts = [UInt32](repeating: 0, count: columns)
        var norms = [Double](repeating: 0, count: frame.smooth ? columns : 0)
        if let deep {
            counts.withUnsafeMutableBufferPointer { c in
                norms.withUnsafeMutableBufferPointer { nb in
                    _ = deep.row(j, step: step, count: columns, counts: c.baseAddress!, norms: frame.smooth ? nb.baseAddress : nil)
                }
            }
        } else {
            let cy = centerY + frame.dy(j)
            (step == 1 ? cx : coarseCX).withUnsafeBufferPointer { xs in
                counts.withUnsafeMutableBufferPointer { c in
                    if frame.smooth {
                        norms.withUnsafeMutableBufferPointer { n in
                            MandelbrotKernel.simdRow(cx: xs.baseAddress!, cy: cy, count: columns, limit: limit,
                                                     counts: c.baseAddress!, norms: n.baseAddress!)
                        }
                    } else {
                        MandelbrotKernel.simdRow(cx: xs.baseAddress!, cy: cy, count: columns, limit: limit, counts: c.baseAddress!)
                    }
                }
            }
        }
        for k in 0..<columns {
            let n = Int(counts[k])
            out[k] = frame.smooth
                ? MandelbrotPalette.argb(MandelbrotPalette.smoothColor(count: n, norm: norms[k], limit: limit))
                : palette[n]
        }
    }
}

public final class MandelbrotRenderer: Sendable {
    /// Rows per band: small enough that a band is quick, large enough to keep locking rare.
    public static let bandHeight = 16

    public let workerCount: Int

    /// What the workers and the UI share; every access holds the mutex.
    private struct State {
        var generation = 0
        var outbox: [MandelbrotTile] = []
        var bandsLeft = 0
        var nextTask = 0
        /// Bands of the current generation whose final pixels are out: a late coarse band must not cover them.
        var finalBands = Set<Int>()
        /// Bands computed per generation (kept for the last few), so tests can see cancelled work stop.
        var finishedBands: [Int: Int] = [:]
    }
    private let state = Mutex(State())

    public init(workers: Int = ProcessInfo.processInfo.activeProcessorCount) {
        workerCount = max(1, workers)
    }

    /// The current generation: every `start` and `cancel` makes a new one.
    public var currentGeneration: Int { state.withLock { $0.generation } }

    /// Starts rendering `frame`, superseding any render in progress; returns its generation.
    @discardableResult
    public func start(_ frame: MandelbrotFrame) -> Int {
        let (gen, bands) = state.withLock { s -> (Int, Int) in
            s.generation += 1
            s.outbox.removeAll()
            let bands = (frame.height + Self.bandHeight - 1) / Self.bandHeight
            s.bandsLeft = frame.width > 0 ? 2 * bands : 0
            s.nextTask = 0
            s.finalBands.removeAll()
            s.finishedBands[s.generation] = 0
            let g = s.generation
            s.finishedBands = s.finishedBands.filter { $0.key > g - 8 }
            return (s.generation, bands)
        }
        guard frame.width > 0, bands > 0 else { return gen }
        let workers = workerCount
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            // Preparing (the reference orbit of a deep view) happens off the caller's thread too.
            let prepared = PreparedFrame(frame)
            guard isCurrent(gen) else { return }
            for _ in 0..<workers {
                DispatchQueue.global(qos: .userInitiated).async { [self] in work(prepared, gen, bands) }
            }
        }
        return gen
    }

    /// Stops the render in progress; nothing more of it is handed out.
    public func cancel() {
        state.withLock { s in
            s.generation += 1
            s.outbox.removeAll()
            s.bandsLeft = 0
        }
    }

    /// The bands finished since the last call, all of the current generation, coarse before fine.
    public func drain() -> [MandelbrotTile] {
        state.withLock { s in
            let g = s.generation
            let out = s.outbox.filter { $0.generation == g }
            s.outbox.removeAll()
            return out
        }
    }

    /// True while the current render has bands left to compute or to hand out.
    public var isRendering: Bool { state.withLock { $0.bandsLeft > 0 || !$0.outbox.isEmpty } }

    /// 0…1: how much of the current render is done (coarse and fine passes).
    public func progress(of frame: MandelbrotFrame) -> Double {
        let total = 2 * ((frame.height + Self.bandHeight - 1) / Self.bandHeight)
        return state.withLock { total == 0 ? 1 : 1 - Double($0.bandsLeft) / Double(total) }
    }

    /// How many bands of generation `gen` were computed to the end (for tests).
    public func bandsFinished(generation gen: Int) -> Int { state.withLock { $0.finishedBands[gen] ?? 0 } }

    /// Blocks until the current render is computed. Never call it from a tick or a draw: it is
    /// for the command line's --screenshot, the benchmark and tests.
    public func waitUntilComputed() {
        while state.withLock({ $0.bandsLeft > 0 }) { usleep(1000) }
    }

    // MARK: - Workers

    private func isCurrent(_ gen: Int) -> Bool { state.withLock { $0.generation == gen } }

    private func work(_ p: PreparedFrame, _ gen: Int, _ bands: Int) {
        let w = p.frame.width, h = p.frame.height, bh = Self.bandHeight, block = PreparedFrame.block
        while true {
            let task: Int? = state.withLock { s in
                guard s.generation == gen, s.nextTask < 2 * bands else { return nil }
                s.nextTask += 1
                return s.nextTask - 1
            }
            guard let task else { return }
            let coarse = task < bands
            let band = coarse ? task : task - bands
            let y0 = band * bh, rows = min(bh, h - y0)
            var pixels = [UInt32](repeating: 0, count: w * rows)
            var cancelled = false
            pixels.withUnsafeMutableBufferPointer { px in
                if coarse {
                    var line = [UInt32](repeating: 0, count: p.coarseCX.count)
                    for r in stride(from: 0, to: rows, by: block) {
                        if !isCurrent(gen) { cancelled = true; return }
                        line.withUnsafeMutableBufferPointer { p.row(y0 + r, step: block, into: $0.baseAddress!) }
                        for rr in r..<min(r + block, rows) {
                            for x in 0..<w { px[rr * w + x] = line[x / block] }
                        }
                    }
                } else {
                    for r in 0..<rows {
                        if !isCurrent(gen) { cancelled = true; return }
                        p.row(y0 + r, step: 1, into: px.baseAddress! + r * w)
                    }
                }
            }
            if cancelled { return }
            state.withLock { s in
                guard s.generation == gen else { return }
                s.bandsLeft -= 1
                s.finishedBands[gen, default: 0] += 1
                if coarse && s.finalBands.contains(band) { return }
                if !coarse { s.finalBands.insert(band) }
                s.outbox.append(MandelbrotTile(generation: gen, y: y0, width: w, height: rows, isFinal: !coarse, pixels: pixels))
            }
        }
    }
}
