/// The explorer's picture as escape values, with how good each pixel is: what lets a pan move the
/// pixels it already has and compute only the uncovered strip, and a zoom show the old picture
/// scaled as its preview, as XaoS does.
///
/// Colours are not stored: `MandelbrotColoring` turns values into colours, so the palette can be
/// refitted to the counts on screen whenever the picture changes.

/// How good one pixel of the picture is, worst first.
import TouchDeskModels

public enum MandelbrotPixelQuality: UInt8, Comparable, Sendable {
    /// Not computed: shown as neutral grey.
    case unknown
    /// A coarse pass's block sample.
    case coarse
    /// Taken from the previous view, scaled: close, but not this pixel's own value.
    case scaled
    /// Computed for this pixel.
    case final

    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}

public struct MandelbrotPicture: Sendable {
    public let width: Int
    public let height: Int
    /// Escape values, row-major (`MandelbrotValue`).
    public private(set) var values: [Float]
    public private(set) var quality: [MandelbrotPixelQuality]

    /// An empty picture: every pixel unknown.
    public init(width: Int, height: Int) {
        self.width = max(0, width); self.height = max(0, height)
        values = [Float](repeating: 0, count: self.width * self.height)
        quality = [MandelbrotPixelQuality](repeating: .unknown, count: self.width * self.height)
    }

    /// A picture of these values and qualities (row-major, `width` × `height` of each).
    public init(width: Int, height: Int, values: [Float], quality: [MandelbrotPixelQuality]) {
        precondition(width >= 0 && height >= 0 && values.count == width * height && quality.count == width * height,
                     "a picture's values and qualities are width × height")
        self.width = width; self.height = height
        self.values = values; self.quality = quality
    }

    /// True when every pixel is final.
    public var isComplete: Bool { !quality.contains { $0 != .final } }

    public func value(_ x: Int, _ y: Int) -> Float { values[y * width + x] }
    public func quality(_ x: Int, _ y: Int) -> MandelbrotPixelQuality { quality[y * width + x] }

    // MARK: - Reuse

    /// The picture moved by (dx, dy) whole pixels, into a picture of `width` × `height`: moved
    /// pixels keep their value and quality exactly (a pan by whole pixels keeps every pixel's
    /// point), the uncovered strips are unknown.
    public func shifted(dx: Int, dy: Int, width w: Int? = nil, height h: Int? = nil) -> MandelbrotPicture {
        var out = MandelbrotPicture(width: w ?? width, height: h ?? height)
        let x0 = max(0, dx), x1 = min(out.width, width + dx)
        let y0 = max(0, dy), y1 = min(out.height, height + dy)
        // A shift past any edge (a fling, or a window shrunk under it) leaves nothing to copy.
        guard x1 > x0, y1 > y0 else { return out }
        for y in y0..<y1 {
            let src = (y - dy) * width + (x0 - dx), dst = y * out.width + x0
            out.values.withUnsafeMutableBufferPointer { o in
                values.withUnsafeBufferPointer { v in (o.baseAddress! + dst).update(from: v.baseAddress! + src, count: x1 - x0) }
            }
            out.quality.withUnsafeMutableBufferPointer { o in
                quality.withUnsafeBufferPointer { q in (o.baseAddress! + dst).update(from: q.baseAddress! + src, count: x1 - x0) }
            }
        }
        return out
    }

    /// The picture scaled by `scale` and moved by `offset` (in pixels: new = old·scale + offset),
    /// into a picture of `width` × `height`, nearest pixel: the preview of a zoom. What the old
    /// picture does not cover is unknown; the rest is at best `.scaled`.
    public func resampled(width w: Int, height h: Int, scale k: Double, offsetX ox: Double, offsetY oy: Double) -> MandelbrotPicture {
        if k == 1, ox == ox.rounded(), oy == oy.rounded(), abs(ox) < 1e9, abs(oy) < 1e9 {
            return shifted(dx: Int(ox), dy: Int(oy), width: w, height: h)
        }
        var out = MandelbrotPicture(width: w, height: h)
        guard k.isFinite, k > 0, width > 0, height > 0 else { return out }
        let columns: [Int] = (0..<w).map { x in
            let s = ((Double(x) + 0.5 - ox) / k).rounded(.down)
            return s >= 0 && s < Double(width) ? Int(s) : -1
        }
        for y in 0..<h {
            let sy = ((Double(y) + 0.5 - oy) / k).rounded(.down)
            guard sy >= 0, sy < Double(height) else { continue }
            let row = Int(sy) * width
            for x in 0..<w where columns[x] >= 0 {
                out.values[y * w + x] = values[row + columns[x]]
                out.quality[y * w + x] = min(quality[row + columns[x]], .scaled)
            }
        }
        return out
    }

    // MARK: - Rendering

    /// Takes in a finished tile: a final tile replaces its pixels, a coarse one fills only pixels
    /// still unknown (a late preview must not cover better pixels). False if it does not fit.
    @discardableResult
    public mutating func apply(_ tile: MandelbrotTile) -> Bool {
        let r = tile.rect
        guard r.x >= 0, r.y >= 0, r.maxX <= width, r.maxY <= height, tile.values.count == r.pixelCount else { return false }
        for row in 0..<r.height {
            let base = (r.y + row) * width + r.x
            for x in 0..<r.width where tile.isFinal || quality[base + x] == .unknown {
                values[base + x] = tile.values[row * r.width + x]
                quality[base + x] = tile.isFinal ? .final : .coarse
            }
        }
        return true
    }

    /// What is left to compute, band by band: a coarse task over the unknown pixels of each band
    /// (so nothing stays grey for long), then a final task over every pixel not yet final. A
    /// picture moved by a pan thus asks only for its uncovered strips.
    public func plan(bandHeight: Int = MandelbrotRenderer.bandHeight) -> [MandelbrotTask] {
        var coarse: [MandelbrotTask] = [], fine: [MandelbrotTask] = []
        for y0 in stride(from: 0, to: height, by: bandHeight) {
            let rows = min(bandHeight, height - y0)
            var unknownLo = width, unknownHi = -1, pendingLo = width, pendingHi = -1
            for y in y0..<(y0 + rows) {
                let base = y * width
                for x in 0..<width {
                    let q = quality[base + x]
                    if q == .final { continue }
                    pendingLo = min(pendingLo, x); pendingHi = max(pendingHi, x)
                    if q == .unknown { unknownLo = min(unknownLo, x); unknownHi = max(unknownHi, x) }
                }
            }
            if unknownHi >= 0 {
                coarse.append(MandelbrotTask(rect: PixelRect(x: unknownLo, y: y0, width: unknownHi - unknownLo + 1, height: rows), coarse: true))
            }
            if pendingHi >= 0 {
                fine.append(MandelbrotTask(rect: PixelRect(x: pendingLo, y: y0, width: pendingHi - pendingLo + 1, height: rows), coarse: false))
            }
        }
        return coarse + fine
    }

    // MARK: - Colours

    /// The statistics a colouring is fitted to, over the pixels computed so far (coarse, scaled
    /// or final), gathered on every core.
    public func stats(histogram: Bool) -> MandelbrotValueStats {
        values.withUnsafeBufferPointer { v in
            quality.withUnsafeBufferPointer { q in MandelbrotValueStats(values: v, quality: q, histogram: histogram) }
        }
    }

    /// Fits `kind` to the pixels computed so far (coarse, scaled or final).
    public func coloring(_ kind: MandelbrotPaletteKind, period: Int) -> MandelbrotColoring {
        MandelbrotColoring(kind: kind, period: period, stats: stats(histogram: kind == .histogram))
    }

    /// Writes the colours of `rect` (the whole picture by default) into 32-bit pixel rows at
    /// `base`, `stride` bytes apart, the layout of a Cairo image surface of the picture's size.
    /// Large rectangles are painted on every core, in parts of whole rows. `stop`, asked every
    /// 16 rows, ends the painting early (the rows not reached keep their old colours).
    /// `reference` paints with the plain row painter (the benchmark's baseline).
    public func paint(_ coloring: MandelbrotColoring, rect: PixelRect? = nil, into base: UnsafeMutableRawPointer, stride: Int,
                      stop: (@Sendable () -> Bool)? = nil, reference: Bool = false) {
        let r = rect ?? PixelRect(x: 0, y: 0, width: width, height: height)
        let x0 = max(0, r.x), x1 = min(width, r.maxX)
        let y0 = max(0, r.y), y1 = min(height, r.maxY)
        guard x1 > x0, y1 > y0 else { return }
        values.withUnsafeBufferPointer { v in
            quality.withUnsafeBufferPointer { q in
                let job = PaintJob(values: v.baseAddress!, quality: q.baseAddress!, base: base, stride: stride, width: width,
                                   x0: x0, columns: x1 - x0, y0: y0, coloring: coloring, reference: reference)
                MandelbrotParts(count: y1 - y0, minimumPart: max(1, (1 << 16) / (x1 - x0))).run { _, rows in job.paint(rows, stop: stop) }
            }
        }
    }

    /// What the painting threads share: each writes its own rows of the image.
    private struct PaintJob: @unchecked Sendable {
        let values: UnsafePointer<Float>
        let quality: UnsafePointer<MandelbrotPixelQuality>
        let base: UnsafeMutableRawPointer
        let stride: Int, width: Int, x0: Int, columns: Int, y0: Int
        let coloring: MandelbrotColoring
        let reference: Bool

        func paint(_ rows: Range<Int>, stop: (@Sendable () -> Bool)?) {
            for k in rows {
                if let stop, (k - rows.lowerBound) % 16 == 0, stop() { return }
                let y = y0 + k, i = y * width + x0
                let out = (base + y * stride).assumingMemoryBound(to: UInt32.self) + x0
                if reference {
                    coloring.paintRowReference(values: values + i, quality: quality + i, columns: columns, into: out)
                } else {
                    coloring.paintRow(values: values + i, quality: quality + i, columns: columns, into: out)
                }
            }
        }
    }
}
