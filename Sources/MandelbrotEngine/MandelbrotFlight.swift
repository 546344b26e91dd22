/// Flying: the frames of a continuous zoom, each built from the one before the way XaoS builds
/// them (its "approximation").
///
/// A frame keeps, besides its pixels' values and colours, the place in the plane of each of its
/// columns and rows. The next frame's ideal grid is matched against those places (`match`): each
/// new column (and row) keeps an old one within a pixel of it, in order, each old one used once,
/// chosen to leave few to compute and keep the others close. A pixel whose column and row were
/// both kept takes the old pixel's value and colour as it is (it was computed for that place: the
/// picture is only moved by under a pixel there); the new columns and rows, a few percent of the
/// picture per frame at the default speed, are computed with the SIMD kernel at their exact places, on every core. The
/// places of kept columns and rows travel on, so a column once computed stays exact for its place
/// until it drifts too far from the grid and is replaced.
///
/// When the motion stops, `picture` marks the pixels whose column and row lie exactly on the
/// grid (and whose count does not depend on a changed iteration limit) final, the rest as
/// approximations, and the ordinary renderer computes those: the picture at rest is the exact
/// one, pixel for pixel.
///
/// Deep views (below `MandelbrotFrame.perturbationSpacing`) measure the places from a reference
/// orbit's centre in its own units (`DeepFrame.offsetExponent`) and compute the new pixels by
/// perturbation against it. The reference is kept from frame to frame while the view stays
/// within the disc its tables were built for (zooming in about a point of the picture never
/// leaves it), and rebuilt when the view grows past it, the limit outgrows its orbit, or the
/// view has shrunk a million times below it (its series skips would be poorer than a new one's).

import Dispatch
import Foundation
import TouchDeskModels

/// Where a flight's places are measured from: the plane point anchor + p·2^exponent. Shallow
/// views use absolute doubles (anchor 0, exponent 0), the very numbers the renderer computes its
/// pixel centres with; deep ones use a reference orbit's centre and units.
struct FlightBasis: Sendable {
    let anchor: ComplexDecimal
    let exponent: Int
    let deep: DeepFrame?

    static let shallow = FlightBasis(anchor: ComplexDecimal(0.0, 0.0), exponent: 0, deep: nil)

    /// A plane distance in this basis's units.
    func units(_ d: DecimalNumber) -> Double { units(d.extended) }
    func units(_ e: ExtendedDouble) -> Double { e.mantissa == 0 ? 0 : scalbn(e.mantissa, e.exponent - exponent) }

    /// The same basis (the same anchor, units and reference).
    func isSame(as o: FlightBasis) -> Bool {
        exponent == o.exponent && anchor == o.anchor && (deep == nil) == (o.deep == nil)
    }
}

/// One frame of a flight: the picture's values and colours and the place of each column and row.
public struct MandelbrotFlightFrame: Sendable {
    /// The view this frame shows (its ideal grid; kept columns and rows lie within half a pixel of it).
    public let frame: MandelbrotFrame
    /// Escape values, row-major (`MandelbrotValue`).
    public let values: [Float]
    /// The pixels' colours (RGB24 in 32 bits, as a Cairo image surface holds them), row-major.
    public let colors: [UInt32]
    /// The colouring the new pixels were painted in: the one on screen when the flight began.
    public let coloring: MandelbrotColoring
    /// Each column's place (x) and each row's (y), in `basis` units (plane coordinates when shallow).
    public let columns: [Double]
    public let rows: [Double]
    let basis: FlightBasis
    /// Pixels computed for this frame; the rest were taken from the last one.
    public let computedPixels: Int
    /// The smallest iteration limit any of its pixels was counted with.
    public let lowestLimit: Int
    /// A new reference orbit was computed for this frame.
    public let newReference: Bool

    /// The share of the picture computed for this frame (0…1).
    public var computedShare: Double { Double(computedPixels) / Double(max(1, frame.width * frame.height)) }
    /// Computed by perturbation against a reference orbit (a view too deep for doubles).
    public var isDeep: Bool { basis.deep != nil }

    /// The first frame of a flight: `picture` (showing `frame`), painted in `coloring`. Pixels
    /// not yet computed are taken as they are; they are recomputed when the flight ends.
    public static func start(picture: MandelbrotPicture, frame: MandelbrotFrame, coloring: MandelbrotColoring) -> MandelbrotFlightFrame {
        precondition(picture.width == frame.width && picture.height == frame.height, "picture and frame differ in size")
        let basis = Self.basis(for: frame, keeping: nil)
        let places = Self.places(frame, in: basis)
        var colors = [UInt32](repeating: 0, count: frame.width * frame.height)
        colors.withUnsafeMutableBytes { b in
            if let base = b.baseAddress { picture.paint(coloring, into: base, stride: frame.width * 4) }
        }
        return MandelbrotFlightFrame(frame: frame, values: picture.values, colors: colors, coloring: coloring,
                                     columns: places.columns, rows: places.rows, basis: basis,
                                     computedPixels: 0, lowestLimit: frame.limit, newReference: basis.deep != nil)
    }

    /// The picture at rest, for the renderer to finish: pixels whose column and row lie exactly on
    /// `frame`'s grid (and whose count holds at its limit) are final, the rest approximations.
    /// Deep frames' pixels were counted against the flight's reference, not the render's: all
    /// are approximations.
    public func picture() -> MandelbrotPicture {
        let w = frame.width, h = frame.height
        var quality = [MandelbrotPixelQuality](repeating: .scaled, count: w * h)
        if basis.deep == nil {
            let ideal = Self.places(frame, in: basis)
            let limit = Float(frame.limit), limitHeld = lowestLimit >= frame.limit
            let exactColumns = (0..<w).map { columns[$0] == ideal.columns[$0] }
            for j in 0..<h where rows[j] == ideal.rows[j] {
                for i in 0..<w where exactColumns[i] {
                    let v = values[j * w + i]
                    if v.isFinite ? v < limit : limitHeld { quality[j * w + i] = .final }
                }
            }
        }
        return MandelbrotPicture(width: w, height: h, values: values, quality: quality)
    }

    /// The next frame, showing `next` (of the same size), built from this one.
    public func next(_ next: MandelbrotFrame) -> MandelbrotFlightFrame {
        let w = next.width, h = next.height
        guard w == frame.width, h == frame.height, w > 0, h > 0, next.julia == frame.julia else {
            return .start(picture: MandelbrotPicture(width: w, height: h), frame: next, coloring: coloring)
        }
        let b = Self.basis(for: next, keeping: basis)
        var oldColumns = columns, oldRows = rows
        if !b.isSame(as: basis) {
            // The old places in the new units: p' = (a − a')·2^−e' + p·2^(e − e').
            let sx = b.units(basis.anchor.x - b.anchor.x), sy = b.units(basis.anchor.y - b.anchor.y)
            let k = basis.exponent - b.exponent
            oldColumns = oldColumns.map { sx + scalbn($0, k) }
            oldRows = oldRows.map { sy + scalbn($0, k) }
        }
        let ideal = Self.places(next, in: b)
        let step = w > 1 ? abs(ideal.columns[1] - ideal.columns[0]) : abs(b.units(next.window.extendedSpan))
        let columnMap = Self.match(old: oldColumns, new: ideal.columns, tolerance: step * Self.tolerance)
        // Rows run downwards, their y falling: matched as −y.
        let rowMap = Self.match(old: oldRows.map { -$0 }, new: ideal.rows.map { -$0 }, tolerance: step * Self.tolerance)
        let newColumns = (0..<w).map { columnMap[$0] >= 0 ? oldColumns[columnMap[$0]] : ideal.columns[$0] }
        let newRows = (0..<h).map { rowMap[$0] >= 0 ? oldRows[rowMap[$0]] : ideal.rows[$0] }
        let missing = (0..<w).filter { columnMap[$0] < 0 }
        let missingX = missing.map { newColumns[$0] }
        let freshRows = rowMap.filter { $0 < 0 }.count
        let computed = freshRows * w + (h - freshRows) * missing.count

        var values = [Float](repeating: 0, count: w * h)
        var colors = [UInt32](repeating: 0, count: w * h)
        let limit = next.limit, smooth = next.smooth, coloring = coloring, ow = frame.width, julia = next.juliaSeed
        values.withUnsafeMutableBufferPointer { vOut in
            colors.withUnsafeMutableBufferPointer { cOut in
                self.values.withUnsafeBufferPointer { vIn in
                    self.colors.withUnsafeBufferPointer { cIn in
                        let job = Job(vOut: vOut.baseAddress!, cOut: cOut.baseAddress!, vIn: vIn.baseAddress!, cIn: cIn.baseAddress!)
                        let chunks = (h + Self.rowsPerChunk - 1) / Self.rowsPerChunk
                        DispatchQueue.concurrentPerform(iterations: chunks) { k in
                            var counts = [UInt32](repeating: 0, count: w), norms = [Double](repeating: 0, count: w)
                            var fresh = [Float](repeating: 0, count: w)
                            for j in (k * Self.rowsPerChunk)..<min(h, (k + 1) * Self.rowsPerChunk) {
                                let v = job.vOut + j * w, c = job.cOut + j * w
                                if rowMap[j] >= 0 {
                                    let sv = job.vIn + rowMap[j] * ow, sc = job.cIn + rowMap[j] * ow
                                    for i in 0..<w {
                                        let s = columnMap[i]
                                        if s >= 0 { v[i] = sv[s]; c[i] = sc[s] }
                                    }
                                    guard !missing.isEmpty else { continue }
                                    Self.compute(missingX, y: newRows[j], basis: b, limit: limit, smooth: smooth, julia: julia,
                                                 counts: &counts, norms: &norms, into: &fresh)
                                    for (n, i) in missing.enumerated() { v[i] = fresh[n]; c[i] = coloring.argb(fresh[n]) }
                                } else {
                                    Self.compute(newColumns, y: newRows[j], basis: b, limit: limit, smooth: smooth, julia: julia,
                                                 counts: &counts, norms: &norms, into: &fresh)
                                    for i in 0..<w { v[i] = fresh[i]; c[i] = coloring.argb(fresh[i]) }
                                }
                            }
                        }
                    }
                }
            }
        }
        let reused = computed < w * h
        return MandelbrotFlightFrame(frame: next, values: values, colors: colors, coloring: coloring,
                                     columns: newColumns, rows: newRows, basis: b, computedPixels: computed,
                                     lowestLimit: reused ? min(lowestLimit, limit) : limit,
                                     newReference: b.deep != nil && !b.isSame(as: basis))
    }

    // MARK: - Parts

    /// How far (in pixels of the new frame) a kept column or row may lie from its grid place.
    public static let tolerance = 1.0
    static let rowsPerChunk = 8
    /// How much longer than the view's limit a flight's reference orbit is.
    static let limitHeadroom = 120

    /// The buffers the row workers share: each writes its own rows.
    private struct Job: @unchecked Sendable {
        let vOut: UnsafeMutablePointer<Float>
        let cOut: UnsafeMutablePointer<UInt32>
        let vIn: UnsafePointer<Float>
        let cIn: UnsafePointer<UInt32>
    }

    /// The values of the points (xs[k], y) into `out`, with the SIMD kernel (or by perturbation).
    private static func compute(_ xs: [Double], y: Double, basis: FlightBasis, limit: Int, smooth: Bool, julia: SIMD2<Double>?,
                                counts: inout [UInt32], norms: inout [Double], into out: inout [Float]) {
        let n = xs.count
        xs.withUnsafeBufferPointer { x in
            counts.withUnsafeMutableBufferPointer { c in
                norms.withUnsafeMutableBufferPointer { r in
                    if let deep = basis.deep {
                        deep.row(offsetsX: x.baseAddress!, y: y, count: n, counts: c.baseAddress!, norms: r.baseAddress!)
                    } else {
                        MandelbrotKernel.simdRow(cx: x.baseAddress!, cy: y, count: n, limit: limit,
                                                 counts: c.baseAddress!, norms: smooth ? r.baseAddress! : nil, julia: julia)
                    }
                }
            }
        }
        // A reference counted further than the limit: the limit decides what is inside.
        for k in 0..<n { out[k] = MandelbrotValue.make(count: Int(counts[k]), norm: norms[k], limit: limit, smooth: smooth) }
    }

    /// The ideal places of `f`'s columns and rows in `b`. Shallow: exactly the renderer's pixel
    /// centres (`PreparedFrame`), so a column computed at its ideal place is the render's column.
    static func places(_ f: MandelbrotFrame, in b: FlightBasis) -> (columns: [Double], rows: [Double]) {
        if b.deep == nil {
            let cx = f.window.center.x.double, cy = f.window.center.y.double
            let columns: [Double] = (0..<f.width).map { (i: Int) -> Double in cx + f.dx(i) }
            let rows: [Double] = (0..<f.height).map { (j: Int) -> Double in cy + f.dy(j) }
            return (columns, rows)
        }
        let ox = b.units(f.window.center.x - b.anchor.x), oy = b.units(f.window.center.y - b.anchor.y)
        let s = b.units(f.window.extendedSpan / ExtendedDouble(Double(max(1, min(f.width, f.height)))))
        let w = Double(f.width), h = Double(f.height)
        let columns: [Double] = (0..<f.width).map { (i: Int) -> Double in
            let x: Double = Double(i) + 0.5 - w / 2
            return ox + x * s
        }
        let rows: [Double] = (0..<f.height).map { (j: Int) -> Double in
            let y: Double = h / 2 - (Double(j) + 0.5)
            return oy + y * s
        }
        return (columns, rows)
    }

    /// The basis for a frame: shallow for doubles; for a deep one the old reference while it
    /// covers the view, else a new one at the view's centre.
    static func basis(for f: MandelbrotFrame, keeping old: FlightBasis?) -> FlightBasis {
        guard f.usesPerturbation else { return .shallow }
        if let old, let deep = old.deep {
            let s = old.units(f.window.extendedSpan / ExtendedDouble(Double(max(1, min(f.width, f.height)))))
            let halfDiagonal = Double(f.width * f.width + f.height * f.height).squareRoot() / 2 * s
            let off = hypot(old.units(f.window.center.x - old.anchor.x), old.units(f.window.center.y - old.anchor.y))
            let reach = ExtendedDouble(off + halfDiagonal, exponent: old.exponent)
            // The reference's own pixel spacing is about 1 in its units.
            if s > 1e-6, deep.covers(radius: reach, limit: f.limit) { return old }
        }
        // The limit grows by 30 per halving: an orbit 4 halvings longer lasts a few seconds of flight.
        let deep = DeepFrame(window: f.window, width: f.width, height: f.height, limit: f.limit + Self.limitHeadroom)
        return FlightBasis(anchor: f.window.center, exponent: deep.offsetExponent, deep: deep)
    }

    /// For each new place (ascending), the index of the old place (ascending) it keeps, or −1,
    /// as XaoS chooses them: the order kept, each old place used once, no place further than
    /// `tolerance` from its new one, and of all such choices the one of least cost, a new place
    /// left to compute costing twice the tolerance and a kept one its distance. (Taking simply
    /// the nearest old place within half a pixel leaves a sixth of the places to compute each
    /// frame: the kept places lie anywhere within the half pixel, so neighbours crowd.) Dynamic
    /// programming over the few old places within reach of each new one; the states are the last
    /// old place used, those below the reach of the next new place merged into their cheapest.
    static func match(old: [Double], new: [Double], tolerance: Double) -> [Int] {
        struct State { var last: Int; var cost: Double; var from: Int; var took: Int }
        let n = new.count, m = old.count, computeCost = 2 * tolerance
        var layers: [[State]] = []
        layers.reserveCapacity(n)
        var previous = [State(last: -1, cost: 0, from: -1, took: -1)]
        var lo = 0
        for i in 0..<n {
            let t = new[i]
            while lo < m && old[lo] < t - tolerance { lo += 1 }
            var hi = lo
            while hi < m && old[hi] <= t + tolerance { hi += 1 }
            var current: [State] = []
            current.reserveCapacity(previous.count + hi - lo)
            // Computed: every state carries on.
            for (k, s) in previous.enumerated() { current.append(State(last: s.last, cost: s.cost + computeCost, from: k, took: -1)) }
            // Kept: old place j after the cheapest state that used only places before it.
            for j in lo..<hi {
                var best = -1
                for (k, s) in previous.enumerated() where s.last < j && (best < 0 || s.cost < previous[best].cost) { best = k }
                guard best >= 0 else { continue }
                current.append(State(last: j, cost: previous[best].cost + abs(old[j] - t), from: best, took: j))
            }
            // Merge: one state per last place, and one for every last place below this reach.
            var merged: [State] = []
            merged.reserveCapacity(current.count)
            for s in current {
                let key = s.last < lo ? -1 : s.last
                if let e = merged.firstIndex(where: { ($0.last < lo ? -1 : $0.last) == key }) {
                    if s.cost < merged[e].cost { merged[e] = s }
                } else {
                    merged.append(s)
                }
            }
            layers.append(merged)
            previous = merged
        }
        var kept = [Int](repeating: -1, count: n)
        guard var state = previous.indices.min(by: { previous[$0].cost < previous[$1].cost }) else { return kept }
        for i in stride(from: n - 1, through: 0, by: -1) {
            let s = layers[i][state]
            kept[i] = s.took
            state = s.from
        }
        return kept
    }
}

/// The autopilot's eye: where the picture is most detailed, as XaoS's autopilot looks for the
/// boundary of the set, and turns away from flat regions (one colour, or the set's inside).
public enum MandelbrotAutopilot {
    /// The cells the picture is divided into, across its width.
    static let cellsAcross = 16

    /// The centre (in pixels) of the most detailed cell of the picture, preferring cells near
    /// `near` (so the flight turns rather than jumps); nil if no cell has detail enough to fly
    /// toward (the autopilot then backs out). A cell's detail is the share of neighbouring
    /// samples, 4 pixels apart, whose values differ, counting no pair inside the set.
    public static func target(values: [Float], width w: Int, height h: Int, near: (x: Double, y: Double)) -> (x: Double, y: Double)? {
        guard w >= 32, h >= 32, values.count == w * h else { return nil }
        let cell = max(8, w / cellsAcross), step = 4
        var best: (score: Double, x: Double, y: Double)?
        let reach = Double(max(w, h)) / 3
        for cy in stride(from: 0, to: h - cell + 1, by: cell) {
            for cx in stride(from: 0, to: w - cell + 1, by: cell) {
                var all = 0, pairs = 0, differ = 0
                for y in stride(from: cy, to: cy + cell - step, by: step) {
                    for x in stride(from: cx, to: cx + cell - step, by: step) {
                        let v = values[y * w + x], r = values[y * w + x + step], d = values[(y + step) * w + x]
                        for o in [r, d] {
                            all += 1
                            guard v.isFinite || o.isFinite else { continue }
                            pairs += 1
                            if !(abs(v - o) < 1) { differ += 1 }
                        }
                    }
                }
                // A cell mostly inside the set is no boundary to fly to.
                guard pairs * 2 >= all else { continue }
                let detail = Double(differ) / Double(max(1, pairs))
                let mx = Double(cx) + Double(cell) / 2, my = Double(cy) + Double(cell) / 2
                let distance = hypot(mx - near.x, my - near.y)
                let score = detail / (1 + distance / reach)
                if detail >= minimumDetail, best.map({ score > $0.score }) ?? true { best = (score, mx, my) }
            }
        }
        return best.map { ($0.x, $0.y) }
    }

    /// Below this share of differing neighbours a cell is flat.
    static let minimumDetail = 0.08
}
