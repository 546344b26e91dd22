/// Mandelbrot rendering: a list of pixel rectangles computed on worker threads, coarse first.
///
/// `start` bumps a generation counter and hands a frame and its tasks to one worker per core;
/// workers take tasks one at a time. A task is a rectangle of at most one band of rows, computed
/// either coarsely (one sample per 8 × 8 block, so a preview covers an area almost at once) or at
/// full resolution. By default the tasks are the whole frame, coarse then fine; a caller that
/// still has most of the picture (a pan, see `MandelbrotPicture.plan`) asks only for what is
/// missing. Tiles carry escape values (iteration count plus the smooth fraction), not colours,
/// so the picture can be recoloured when the range of counts on screen changes.
///
/// A newer `start` makes every older worker stop at its next row, and tasks of an older
/// generation are never handed out: a superseded render cannot draw over a newer one. The caller
/// (the view's tick) drains the outbox without ever waiting.

import Dispatch
import Synchronization
import Foundation
import TouchDeskModels

/// Everything that decides the pixels of one render. Sizes are in device pixels.
public struct MandelbrotFrame: Equatable, Sendable {
    public var window: MandelbrotWindow
    public var width: Int
    public var height: Int
    public var limit: Int
    public var smooth: Bool
    /// The Julia set of this c instead of the Mandelbrot set (in doubles: Julia views stay shallow).
    public var julia: ComplexDecimal?

    public init(window: MandelbrotWindow, width: Int, height: Int, limit: Int, smooth: Bool = false, julia: ComplexDecimal? = nil) {
        self.window = window; self.width = width; self.height = height; self.limit = limit; self.smooth = smooth; self.julia = julia
    }

    /// c of the Julia set, as the kernel takes it.
    public var juliaSeed: SIMD2<Double>? { julia.map { SIMD2($0.x.double, $0.y.double) } }

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
    public var usesPerturbation: Bool { julia == nil && spacing < Self.perturbationSpacing }
}

/// A rectangle of pixels.
public struct PixelRect: Equatable, Hashable, Sendable {
    public var x: Int, y: Int, width: Int, height: Int
    public init(x: Int, y: Int, width: Int, height: Int) { self.x = x; self.y = y; self.width = width; self.height = height }
    public var pixelCount: Int { max(0, width) * max(0, height) }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
}

/// One piece of a render: a rectangle within one band of rows, coarse or at full resolution.
public struct MandelbrotTask: Equatable, Sendable {
    public var rect: PixelRect
    /// One sample per `MandelbrotRenderer.block`² pixels, copied over its block: the quick preview.
    public var coarse: Bool
    public init(rect: PixelRect, coarse: Bool) { self.rect = rect; self.coarse = coarse }

    /// The work it takes, for progress: a coarse pixel costs one block's worth less.
    var cost: Double {
        let b = Double(MandelbrotRenderer.block)
        return coarse ? Double(rect.pixelCount) / (b * b) : Double(rect.pixelCount)
    }
}

/// One finished task: escape values for `rect`, row-major. For a coarse task every pixel of a
/// block holds the block's sample.
public struct MandelbrotTile: Sendable {
    public let generation: Int
    public let rect: PixelRect
    /// False for a coarse preview, true for final pixels.
    public let isFinal: Bool
    /// `MandelbrotValue`s: the count plus the smooth fraction, or `.infinity` inside the set.
    public let values: [Float]

    public init(generation: Int, rect: PixelRect, isFinal: Bool, values: [Float]) {
        self.generation = generation; self.rect = rect; self.isFinal = isFinal; self.values = values
    }

    public var y: Int { rect.y }
    public var width: Int { rect.width }
    public var height: Int { rect.height }
}

/// A pixel's escape value: the iteration count (plus, with smooth colouring, the fraction of a
/// step the escape took) as a Float, or infinity for a point that never escaped. Float keeps
/// counts up to the limit's 200,000 exact with 1/32 of a step to spare.
public enum MandelbrotValue {
    public static let interior = Float.infinity

    /// ν for a pixel that took `count` steps and had |z|² = `norm` at escape.
    @inline(__always)
    public static func make(count: Int, norm: Double, limit: Int, smooth: Bool) -> Float {
        if count >= limit { return interior }
        guard smooth else { return Float(count) }
        // ν = n + 1 − log₂(log₂|z|): continuous across the bands of equal count.
        let log2Mod = max(1, 0.5 * log2(max(norm, 4)))
        return Float(max(0, Double(count) + 1 - log2(log2Mod)))
    }
}

/// What the workers share for one frame: coordinates and (when deep) the reference orbit.
struct PreparedFrame: Sendable {
    let frame: MandelbrotFrame
    let cx: [Double]
    let centerY: Double
    /// The deep engine's frame (reference orbit, BLA table) when the view is too deep for doubles.
    let deep: DeepFrame?

    init(_ frame: MandelbrotFrame) {
        self.frame = frame
        let cx0 = frame.window.center.x.double
        cx = (0..<frame.width).map { cx0 + frame.dx($0) }
        centerY = frame.window.center.y.double
        deep = frame.usesPerturbation ? DeepFrame(window: frame.window, width: frame.width, height: frame.height, limit: frame.limit) : nil
    }

    /// The escape values of row j at columns x0, x0 + step, … (`columns` of them) into `out`.
    /// The one place the renderer calls the kernels.
    func values(row j: Int, from x0: Int, step: Int, columns: Int, into out: UnsafeMutablePointer<Float>) {
        let limit = frame.limit, smooth = frame.smooth
        var counts = [UInt32](repeating: 0, count: columns)
        var norms = [Double](repeating: 0, count: columns)
        if let deep {
            counts.withUnsafeMutableBufferPointer { c in
                norms.withUnsafeMutableBufferPointer { nb in
                    _ = deep.row(j, from: x0, step: step, count: columns, counts: c.baseAddress!, norms: nb.baseAddress)
                }
            }
        } else {
            let xs = step == 1 ? Array(cx[x0..<(x0 + columns)]) : (0..<columns).map { cx[x0 + $0 * step] }
            let cy = centerY + frame.dy(j)
            xs.withUnsafeBufferPointer { xs in
                counts.withUnsafeMutableBufferPointer { c in
                    norms.withUnsafeMutableBufferPointer { n in
                        MandelbrotKernel.simdRow(cx: xs.baseAddress!, cy: cy, count: columns, limit: limit,
                                                 counts: c.baseAddress!, norms: smooth ? n.baseAddress! : nil, julia: frame.juliaSeed)
                    }
                }
            }
        }
        for k in 0..<columns {
            out[k] = MandelbrotValue.make(count: Int(counts[k]), norm: norms[k], limit: limit, smooth: smooth)
        }
    }
}

public final class MandelbrotRenderer: Sendable {
    /// Rows per band: small enough that a task is quick, large enough to keep locking rare.
    public static let bandHeight = 16
    /// The side of a coarse pass's block.
    public static let block = 8

    public let workerCount: Int

    /// How far the current render has come.
    public struct Progress: Equatable, Sendable {
        /// 0…1, weighting each task by its work.
        public var fraction: Double
        /// Every coarse task is done: what is still missing is only refinement.
        public var previewComplete: Bool
        public init(fraction: Double, previewComplete: Bool) { self.fraction = fraction; self.previewComplete = previewComplete }
    }

    /// What the workers and the UI share; every access holds the mutex.
    private struct State {
        var generation = 0
        var outbox: [MandelbrotTile] = []
        var tasks: [MandelbrotTask] = []
        var tasksLeft = 0
        var coarseLeft = 0
        var nextTask = 0
        var totalCost = 0.0
        var doneCost = 0.0
        /// Tasks computed per generation (kept for the last few), so tests can see cancelled work stop.
        var finishedTasks: [Int: Int] = [:]
    }
    private let state = Mutex(State())

    public init(workers: Int = ProcessInfo.processInfo.activeProcessorCount) {
        workerCount = max(1, workers)
    }

    /// The current generation: every `start` and `cancel` makes a new one.
    public var currentGeneration: Int { state.withLock { $0.generation } }

    /// The whole frame, band by band: every coarse task, then every fine one.
    public static func fullPlan(width: Int, height: Int) -> [MandelbrotTask] {
        guard width > 0, height > 0 else { return [] }
        let bands = stride(from: 0, to: height, by: bandHeight).map {
            PixelRect(x: 0, y: $0, width: width, height: min(bandHeight, height - $0))
        }
        return bands.map { MandelbrotTask(rect: $0, coarse: true) } + bands.map { MandelbrotTask(rect: $0, coarse: false) }
    }

    /// Starts rendering `tasks` of `frame` (by default all of it, coarse first), superseding any
    /// render in progress; returns its generation.
    @discardableResult
    public func start(_ frame: MandelbrotFrame, tasks plan: [MandelbrotTask]? = nil) -> Int {
        let tasks = (plan ?? Self.fullPlan(width: frame.width, height: frame.height)).filter {
            $0.rect.pixelCount > 0 && $0.rect.x >= 0 && $0.rect.y >= 0 && $0.rect.maxX <= frame.width && $0.rect.maxY <= frame.height
        }
        let gen = state.withLock { s -> Int in
            s.generation += 1
            s.outbox.removeAll()
            s.tasks = tasks
            s.tasksLeft = tasks.count
            s.coarseLeft = tasks.filter(\.coarse).count
            s.nextTask = 0
            s.totalCost = tasks.reduce(0) { $0 + $1.cost }
            s.doneCost = 0
            s.finishedTasks[s.generation] = 0
            let g = s.generation
            s.finishedTasks = s.finishedTasks.filter { $0.key > g - 8 }
            return g
        }
        guard !tasks.isEmpty else { return gen }
        let workers = workerCount
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            // Preparing (the reference orbit of a deep view) happens off the caller's thread too.
            let prepared = PreparedFrame(frame)
            guard isCurrent(gen) else { return }
            for _ in 0..<workers {
                DispatchQueue.global(qos: .userInitiated).async { [self] in work(prepared, gen) }
            }
        }
        return gen
    }

    /// Stops the render in progress; nothing more of it is handed out.
    public func cancel() {
        state.withLock { s in
            s.generation += 1
            s.outbox.removeAll()
            s.tasks = []
            s.tasksLeft = 0
            s.coarseLeft = 0
        }
    }

    /// The tiles finished since the last call, all of the current generation, in the order done.
    public func drain() -> [MandelbrotTile] {
        state.withLock { s in
            let g = s.generation
            let out = s.outbox.filter { $0.generation == g }
            s.outbox.removeAll()
            return out
        }
    }

    /// True while the current render has tasks left to compute or tiles to hand out.
    public var isRendering: Bool { state.withLock { $0.tasksLeft > 0 || !$0.outbox.isEmpty } }

    /// How much of the current render is done.
    public var progress: Progress {
        state.withLock { s in
            Progress(fraction: s.totalCost == 0 ? 1 : min(1, s.doneCost / s.totalCost), previewComplete: s.coarseLeft == 0)
        }
    }

    /// How many tasks of generation `gen` were computed to the end (for tests).
    public func tasksFinished(generation gen: Int) -> Int { state.withLock { $0.finishedTasks[gen] ?? 0 } }

    /// Blocks until the current render is computed. Never call it from a tick or a draw: it is
    /// for the command line's --screenshot, the benchmark and tests.
    public func waitUntilComputed() {
        while state.withLock({ $0.tasksLeft > 0 }) { usleep(1000) }
    }

    // MARK: - Workers

    private func isCurrent(_ gen: Int) -> Bool { state.withLock { $0.generation == gen } }

    private func work(_ p: PreparedFrame, _ gen: Int) {
        while true {
            let task: MandelbrotTask? = state.withLock { s in
                guard s.generation == gen, s.nextTask < s.tasks.count else { return nil }
                s.nextTask += 1
                return s.tasks[s.nextTask - 1]
            }
            guard let task else { return }
            guard let values = compute(task, p, gen) else { return }
            state.withLock { s in
                guard s.generation == gen else { return }
                s.tasksLeft -= 1
                if task.coarse { s.coarseLeft -= 1 }
                s.doneCost += task.cost
                s.finishedTasks[gen, default: 0] += 1
                s.outbox.append(MandelbrotTile(generation: gen, rect: task.rect, isFinal: !task.coarse, values: values))
            }
        }
    }

    /// The values of one task, or nil if its generation was superseded part way.
    private func compute(_ task: MandelbrotTask, _ p: PreparedFrame, _ gen: Int) -> [Float]? {
        let r = task.rect, w = r.width
        var values = [Float](repeating: 0, count: r.pixelCount)
        var cancelled = false
        values.withUnsafeMutableBufferPointer { out in
            if task.coarse {
                // Samples on the frame's block grid, so neighbouring tasks agree.
                let b = Self.block
                let firstColumn = (r.x + b - 1) / b * b
                let sampleColumns = firstColumn < r.maxX ? (r.maxX - 1 - firstColumn) / b + 1 : 0
                var line = [Float](repeating: 0, count: max(1, sampleColumns))
                var row = r.y
                while row < r.maxY {
                    if !isCurrent(gen) { cancelled = true; return }
                    let blockEnd = min(r.maxY, (row / b + 1) * b)
                    if sampleColumns > 0 {
                        line.withUnsafeMutableBufferPointer {
                            p.values(row: row, from: firstColumn, step: b, columns: sampleColumns, into: $0.baseAddress!)
                        }
                    }
                    for rr in row..<blockEnd {
                        let base = (rr - r.y) * w
                        for x in r.x..<r.maxX {
                            // Columns left of the first sample take it too.
                            out[base + x - r.x] = sampleColumns > 0 ? line[max(0, x - firstColumn) / b] : line[0]
                        }
                    }
                    row = blockEnd
                }
                if sampleColumns == 0 {
                    // A strip narrower than a block between grid points: one sample of its own.
                    p.values(row: r.y, from: r.x, step: 1, columns: 1, into: out.baseAddress!)
                    for i in 1..<out.count { out[i] = out[0] }
                }
            } else {
                for row in r.y..<r.maxY {
                    if !isCurrent(gen) { cancelled = true; return }
                    p.values(row: row, from: r.x, step: 1, columns: w, into: out.baseAddress! + (row - r.y) * w)
                }
            }
        }
        return cancelled ? nil : values
    }
}
