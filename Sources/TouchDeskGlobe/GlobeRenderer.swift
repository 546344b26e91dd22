import Dispatch
import Foundation

/// What a frame shows besides the view and the sea level.
public struct GlobeStyle: Equatable, Sendable {
    /// Today's coastline as a thin dark line (the C key).
    public var showsCoastline: Bool
    /// Land that is under water now but dry today drawn tinted rather than as plain sea (F).
    public var tintsFloodedLand: Bool
    /// Behind the globe, opaque 0xFFRRGGBB.
    public var background: UInt32
    /// The glow around the rim, opaque 0xFFRRGGBB, mixed into the background.
    public var glow: UInt32
    /// Vertical exaggeration of the relief, `exaggerationRange`: above 1 the relief on the limb
    /// stands off the rim (`RimProfile`); at 1 the globe is drawn exactly as without it.
    public var exaggeration: Double
    /// Eighths of a turn clockwise the sun stands from its default (`GlobeSun`), 0 ..< 8.
    public var sunTurn: Int

    public static let exaggerationRange = 1.0...50.0
    /// The relief's exaggeration on tilting from straight down at 1×: the Alps and the Himalaya
    /// stand against the sky, a coastal plain stays flat.
    public static let tiltedExaggeration = 10.0

    public init(showsCoastline: Bool = true, tintsFloodedLand: Bool = true,
                background: UInt32 = 0xFF0B_0F1A, glow: UInt32 = 0xFF6F_A8FF, exaggeration: Double = 1, sunTurn: Int = 0) {
        self.showsCoastline = showsCoastline; self.tintsFloodedLand = tintsFloodedLand
        self.sunTurn = ((sunTurn % GlobeSun.turns) + GlobeSun.turns) % GlobeSun.turns
        self.background = background; self.glow = glow
        self.exaggeration = min(Self.exaggerationRange.upperBound, max(Self.exaggerationRange.lowerBound, exaggeration))
    }

    /// The exaggeration one key step up or down: 1, 2, 5, 10, 20, 50.
    public static func steppedExaggeration(_ e: Double, up: Bool) -> Double {
        let steps = [1.0, 2, 5, 10, 20, 50]
        if up { return steps.first { $0 > e + 1e-9 } ?? steps[steps.count - 1] }
        return steps.last { $0 < e - 1e-9 } ?? steps[0]
    }
}

/// Draws the globe into a caller's ARGB32 pixel buffer (cairo's format: premultiplied
/// 0xAARRGGBB in native byte order, here always opaque), on every core.
///
/// Per window size and zoom it precomputes where pixels meet the sphere in view axes: x per
/// column, y per row, and per row the run of columns on the globe; the depth z = √(1 − x² − y²)
/// is worked out per pixel on vector lanes (a per-pixel table of it cost 33 MB at 4K and saved
/// nothing measurable), the rim's glow only in the thin ring where it shows.
/// A frame then rotates that vector into world axes (six multiply-adds with the row's share
/// hoisted), turns it into grid coordinates (two polynomial arctangents), and reads the four
/// surrounding cells: bilinear height above the water so 5′ cells are not blocky when zoomed,
/// the bilinear surface normal lit by the sun (`GlobeSun`, its direction along the ground worked
/// out on the vector lanes), a palette lookup. A sea-level change costs nothing extra: the flood is a
/// comparison of each corner's precomputed spill level with the level.
///
/// Not thread-safe: one renderer per window, used from one thread at a time.
public final class GlobeRenderer {
    /// Metres of the land ramp that bared sea floor is coloured across below today's sea.
    static let baredRamp = 1200
    private let palette = GlobePalette()
    private var geometryKey: (width: Int, height: Int, zoom: Double) = (0, 0, 0)
    private var columnX: [Float] = []
    private var rowY: [Float] = []
    /// The glow's width beyond the rim, in globe radii.
    private var glowWidth: Float = 0.06
    /// Per row, the columns `first ..< end` that are on the globe (a disk meets a row in one run).
    private var rowSpan: [SIMD2<Int32>] = []

    public init() {}

    /// The picture at a `coarse`-th of the size, for `coarse` > 1.
    private var coarseBuffer: [UInt32] = []

    /// Renders `view` at sea level `level` into `pixels` (`height` rows of `stride` bytes).
    /// `coarse` > 1 (while the globe moves in a big window): the picture is rendered at a
    /// `coarse`-th of the size each way and each of its pixels fills a `coarse` × `coarse` block.
    public func render(_ data: GlobeData, view: GlobeView, level: Int, style: GlobeStyle = GlobeStyle(),
                       into pixels: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int, coarse: Int = 1) {
        guard width > 0, height > 0 else { return }
        precondition(stride >= width * 4, "stride too small")
        if coarse > 1 {
            let cw = (width + coarse - 1) / coarse, ch = (height + coarse - 1) / coarse
            if coarseBuffer.count != cw * ch { coarseBuffer = [UInt32](repeating: 0, count: cw * ch) }
            var small = coarseBuffer
            coarseBuffer = []  // `small` is the one reference while the frame writes it
            small.withUnsafeMutableBytes { buf in
                renderFull(data, view: view, level: level, style: style, into: buf.baseAddress!, width: cw, height: ch, stride: cw * 4)
            }
            coarseBuffer = small
            coarseBuffer.withUnsafeBufferPointer { buf in
                let job = Expand(source: buf.baseAddress!, sourceWidth: cw, block: coarse, pixels: pixels, width: width, stride: stride)
                let band = 16
                DispatchQueue.concurrentPerform(iterations: (height + band - 1) / band) { k in
                    for y in k * band..<min(height, k * band + band) { job.row(y) }
                }
            }
            return
        }
        coarseBuffer = []
        renderFull(data, view: view, level: level, style: style, into: pixels, width: width, height: height, stride: stride)
    }

    private func renderFull(_ data: GlobeData, view: GlobeView, level: Int, style: GlobeStyle,
                            into pixels: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int) {
        prepareGeometry(width: width, height: height, zoom: view.zoom)
        let radius = view.radius(width: width, height: height)
        let glowLUT = (0..<256).map { i in Self.mix(style.background, style.glow, Float(i) / 255 * 0.55) }
        let m = view.orientation.m
        let rim = style.exaggeration > 1 ? RimProfile(data, orientation: m, level: level, exaggeration: style.exaggeration) : nil
        let rimRadius = rim?.radius ?? [], rimHeight = rim?.height ?? []
        columnX.withUnsafeBufferPointer { cx in
            rowY.withUnsafeBufferPointer { ry in
                  rowSpan.withUnsafeBufferPointer { spans in
                    palette.land.withUnsafeBufferPointer { land in
                        palette.sea.withUnsafeBufferPointer { sea in
                            palette.flooded.withUnsafeBufferPointer { flooded in
                                palette.limb.withUnsafeBufferPointer { limb in
                                    glowLUT.withUnsafeBufferPointer { glow in
                                      rimRadius.withUnsafeBufferPointer { rimR in
                                       rimHeight.withUnsafeBufferPointer { rimH in
                                        let job = FrameJob(
                                            cells: data.cells, normal: data.normal, gridStride: data.stride,
                                            gridWidth: data.width, gridHeight: data.height,
                                            columnX: cx.baseAddress!, rowY: ry.baseAddress!, glowWidth: glowWidth,
                                            spans: spans.baseAddress!,
                                            land: land.baseAddress!, sea: sea.baseAddress!,
                                            flooded: (style.tintsFloodedLand ? flooded : sea).baseAddress!,
                                            limb: limb.baseAddress!, glow: glow.baseAddress!,
                                            background: style.background, coastline: style.showsCoastline,
                                            level: Int32(level),
                                            landScale: level < 0 ? min(1, Float(GlobeRenderer.baredRamp) / Float(-level)) : 1,
                                            r0: SIMD3(Float(m[0].x), Float(m[0].y), Float(m[0].z)),
                                            r1: SIMD3(Float(m[1].x), Float(m[1].y), Float(m[1].z)),
                                            r2: SIMD3(Float(m[2].x), Float(m[2].y), Float(m[2].z)),
                                            sun: GlobeSun.direction(orientation: view.orientation, tilted: false, turn: style.sunTurn),
                                            rowsPerPixel: Float(Double(data.height - 1) / Double.pi / radius),
                                            pixels: pixels, width: width, stride: stride,
                                            rimRadius: rim == nil ? nil : rimR.baseAddress, rimHeight: rimH.baseAddress,
                                            rimMaximum: rim?.maximum ?? 1)
                                        // Bands of a few rows, many more than cores: rows through the
                                        // globe cost far more than rows of background.
                                        let band = 4
                                        DispatchQueue.concurrentPerform(iterations: (height + band - 1) / band) { k in
                                            for y in k * band..<min(height, k * band + band) { job.row(y) }
                                        }
                                       }
                                      }
                                    }
                                }
                            }
                        }
                    }
                  }
            }
        }
    }

    /// Recomputes the per-pixel sphere coordinates when the window size or the zoom changed.
    private func prepareGeometry(width: Int, height: Int, zoom: Double) {
        guard geometryKey != (width, height, zoom) else { return }
        geometryKey = (width, height, zoom)
        let r = zoom * 0.45 * Double(min(width, height))
        // Eight spare entries: the frame reads eight lanes at a time past a row's last pixel.
        let halfWidth = Double(width) / 2, halfHeight = Double(height) / 2
        columnX = (0..<width + 8).map { (i: Int) -> Float in
            let x: Double = Double(i) + 0.5 - halfWidth
            return Float(x / r)
        }
        rowY = (0..<height).map { (j: Int) -> Float in
            let y: Double = halfHeight - (Double(j) + 0.5)
            return Float(y / r)
        }
        // The glow fades over 6 % of the radius, but at least 8 pixels.
        glowWidth = Float(max(0.06, 8 / r))
        if rowSpan.count != height { rowSpan = [SIMD2<Int32>](repeating: .zero, count: height) }
        // Each row's run on the disk, from the circle's equation, then nudged so it holds exactly
        // the columns whose x² + y² < 1 in the frame's own float arithmetic.
        let cx = columnX
        for y in 0..<height {
            let vy = rowY[y]
            func inside(_ x: Int) -> Bool { let vx = cx[x]; return vx * vx + vy * vy < 1 }
            let reach = 1 - Double(vy) * Double(vy)
            guard reach > 0 else { rowSpan[y] = .zero; continue }
            let half = reach.squareRoot() * r, middle = Double(width) / 2 - 0.5
            var first = min(width, max(0, Int((middle - half).rounded(.up))))
            while first > 0 && inside(first - 1) { first -= 1 }
            while first < width && !inside(first) { first += 1 }
            var end = max(first, min(width, Int((middle + half).rounded(.down)) + 1))
            while end < width && inside(end) { end += 1 }
            while end > first && !inside(end - 1) { end -= 1 }
            rowSpan[y] = first < end ? SIMD2(Int32(first), Int32(end)) : .zero
        }
    }

    /// `a` mixed towards `b` by `f` (0…1), opaque.
    static func mix(_ a: UInt32, _ b: UInt32, _ f: Float) -> UInt32 {
        func ch(_ v: UInt32, _ s: UInt32) -> Float { Float((v >> s) & 0xFF) }
        func c(_ s: UInt32) -> UInt32 { UInt32(ch(a, s) + (ch(b, s) - ch(a, s)) * f) << s }
        return 0xFF00_0000 | c(16) | c(8) | c(0)
    }
}

/// A coarse picture's rows widened into the caller's buffer, each pixel a block.
private struct Expand: @unchecked Sendable {  // workers write disjoint rows of `pixels`
    let source: UnsafePointer<UInt32>
    let sourceWidth: Int, block: Int
    let pixels: UnsafeMutableRawPointer
    let width: Int, stride: Int

    func row(_ y: Int) {
        let out = (pixels + y * stride).assumingMemoryBound(to: UInt32.self)
        let src = source + (y / block) * sourceWidth
        var x = 0
        for sx in 0..<sourceWidth {
            let c = src[sx]
            for _ in 0..<block where x < width { out[x] = c; x += 1 }
        }
    }
}

/// The four cells around a pixel, unpacked: heights above the water now and today, normals.
private struct Corners {
    var index = -1
    var h00: Float = 0, h01: Float = 0, h10: Float = 0, h11: Float = 0
    var t00: Float = 0, t01: Float = 0, t10: Float = 0, t11: Float = 0
    /// Surface normals' east (x) and north (y) parts, as unit vectors.
    var x00: Float = 0, x01: Float = 0, x10: Float = 0, x11: Float = 0
    var y00: Float = 0, y01: Float = 0, y10: Float = 0, y11: Float = 0
    var straddles = false

    init() {}

    @inline(__always)
    init(cells: UnsafePointer<UInt32>, normal: UnsafePointer<Int8>, index i: Int, stride gs: Int, level: Int32) {
        index = i
        let c00 = cells[i], c01 = cells[i &+ 1], c10 = cells[i &+ gs], c11 = cells[i &+ gs &+ 1]
        h00 = Float(GlobeData.heightAboveWater(c00, level: level)); h01 = Float(GlobeData.heightAboveWater(c01, level: level))
        h10 = Float(GlobeData.heightAboveWater(c10, level: level)); h11 = Float(GlobeData.heightAboveWater(c11, level: level))
        t00 = Float(GlobeData.heightAboveWater(c00, level: 0)); t01 = Float(GlobeData.heightAboveWater(c01, level: 0))
        t10 = Float(GlobeData.heightAboveWater(c10, level: 0)); t11 = Float(GlobeData.heightAboveWater(c11, level: 0))
        let dry = t00 > 0
        straddles = dry != (t01 > 0) || dry != (t10 > 0) || dry != (t11 > 0)
        let u: Float = 1 / 127
        let n00 = normal + 2 &* i, n01 = n00 + 2, n10 = normal + 2 &* (i &+ gs), n11 = n10 + 2
        x00 = Float(n00[0]) * u; x01 = Float(n01[0]) * u; x10 = Float(n10[0]) * u; x11 = Float(n11[0]) * u
        y00 = Float(n00[1]) * u; y01 = Float(n01[1]) * u; y10 = Float(n10[1]) * u; y11 = Float(n11[1]) * u
    }
}

/// One frame's inputs for the worker threads: raw pointers into buffers that outlive the
/// frame (the renderer's, the data's and the caller's), read-only except `pixels`, where every
/// worker writes its own rows.
private struct FrameJob: @unchecked Sendable {  // workers write disjoint rows of `pixels` and only read the rest
    let cells: UnsafePointer<UInt32>
    let normal: UnsafePointer<Int8>
    let gridStride: Int, gridWidth: Int, gridHeight: Int
    let columnX: UnsafePointer<Float>, rowY: UnsafePointer<Float>
    /// The glow's width beyond the rim, in globe radii.
    let glowWidth: Float
    let spans: UnsafePointer<SIMD2<Int32>>
    let land: UnsafePointer<UInt32>, sea: UnsafePointer<UInt32>, flooded: UnsafePointer<UInt32>
    let limb: UnsafePointer<Float>, glow: UnsafePointer<UInt32>
    let background: UInt32
    let coastline: Bool
    let level: Int32
    /// Below today's level, today's land keeps today's colours (by its height above today's sea)
    /// and the bared sea floor is coloured by its height above the water squeezed into the ramp's
    /// first `GlobeRenderer.baredRamp` metres: drained, the continents stand out by their relief
    /// and the abyssal plains come out green to brown rather than all snow-white.
    let landScale: Float
    /// World-to-view rows; the frame applies the transpose.
    let r0: SIMD3<Float>, r1: SIMD3<Float>, r2: SIMD3<Float>
    /// Where the light comes from, world axes (`GlobeSun.direction`).
    let sun: SIMD3<Float>
    /// Grid rows per window pixel at the centre of the globe.
    let rowsPerPixel: Float
    let pixels: UnsafeMutableRawPointer
    let width: Int, stride: Int
    /// With exaggerated relief: the outline's radius and height per angle (`RimProfile`), else nil.
    let rimRadius: UnsafePointer<Float>?
    let rimHeight: UnsafePointer<Float>?
    let rimMaximum: Float

    @inline(__always)
    func row(_ y: Int) {
        let out = (pixels + y * stride).assumingMemoryBound(to: UInt32.self)
        let vy = rowY[y]
        // World = x·row0 + y·row1 + z·row2 (transpose); the y term is the same along the row.
        let base = r1 * vy
        let colsPerRadian = Float(gridWidth) / (2 * .pi), rowsPerRadian = Float(gridHeight - 1) / .pi
        let maxColumn = gridWidth - 1, maxRow = gridHeight - 2
        let gs = gridStride
        let steps = GlobePalette.steps - 1
        let level = self.level
        let span = spans[y]
        let first = Int(span.x), end = Int(span.y)
        // Off the globe: the glow only within its ring, plain background beyond.
        let vy2 = vy * vy
        let outer = (1 + glowWidth) * (1 + glowWidth)
        for x in 0..<width where x < first || x >= end {
            let vx = columnX[x]
            let q = vx * vx + vy2
            if let rimRadius, let rimHeight {
                // Off the sphere but within the raised relief's reach: the mountains' flank, lit
                // from the side, darker than their tops.
                if q <= rimMaximum * rimMaximum {
                    var a = atan2(vy, vx)
                    if a < 0 { a += 2 * .pi }
                    let i = min(Int(a / (2 * .pi) * Float(RimProfile.angles)), RimProfile.angles - 1)
                    if q <= rimRadius[i] * rimRadius[i] {
                        let c = land[min(Int(rimHeight[i]) >> 2, steps)]
                        let r = Float((c >> 16) & 0xFF) * 0.6, g = Float((c >> 8) & 0xFF) * 0.6, b = Float(c & 0xFF) * 0.6
                        out[x] = 0xFF00_0000 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
                        continue
                    }
                }
            }
            if q >= outer {
                out[x] = background
            } else {
                let o = (q.squareRoot() - 1) / glowWidth
                out[x] = o < 1 ? glow[Int((1 - o) * (1 - o) * 255)] : background
            }
        }
        // The globe's run of the row, eight pixels at a time: rotation and the two arctangents
        // on vector lanes, then the lookups and colours one pixel at a time.
        var corner = Corners()
        var x8 = first
        while x8 < end {
            typealias Lanes = FastMath.Lanes
            let vx = UnsafeRawPointer(columnX + x8).loadUnaligned(as: Lanes.self)
            // The depth on the sphere (a tiny positive floor past the run's end, as those lanes are unused).
            var inside = 1 - (vx * vx + vy2)
            inside.replace(with: 0, where: inside .< 0)
            let root = inside.squareRoot()
            let vz = root.replacing(with: 1e-6, where: root .< 1e-6)
            let wx = vx * r0.x + vz * r2.x + base.x
            let wy = vx * r0.y + vz * r2.y + base.y
            let wz = vx * r0.z + vz * r2.z + base.z
            let horizontal8 = (wx * wx + wy * wy).squareRoot()
            var gx8 = FastMath.atan2(wy, wx) * colsPerRadian
            gx8 = gx8.replacing(with: gx8 + Float(gridWidth), where: gx8 .< 0)
            var gy8 = FastMath.atan2(wz, horizontal8) * rowsPerRadian + Float(gridHeight - 1) / 2
            gy8.replace(with: 0, where: gy8 .< 0)
            // The sun's direction along the ground at each pixel (`GlobeSun.light`), unit length.
            let sunEast8 = wx * sun.y - wy * sun.x
            let sunNorth8 = (wx * wx + wy * wy) * sun.z - wz * (wx * sun.x + wy * sun.y)
            var sunLength8 = sunEast8 * sunEast8 + sunNorth8 * sunNorth8
            sunLength8.replace(with: 1e-12, where: sunLength8 .< 1e-12)
            let sunScale8 = 1 / sunLength8.squareRoot()
            let sunX8 = sunEast8 * sunScale8, sunY8 = sunNorth8 * sunScale8
            for lane in 0..<min(8, end - x8) {
            let x = x8 + lane
            let z = vz[lane], horizontal = horizontal8[lane], gx = gx8[lane], gy = gy8[lane]
            let x0 = min(Int(gx), maxColumn), y0 = min(Int(gy), maxRow)
            let fx = gx - Float(x0), fy = gy - Float(y0)
            let i = y0 &* gs &+ x0
            // Zoomed in, neighbouring pixels share their four cells (a cell spans many pixels):
            // the corners' values are kept from the previous pixel while the cell is the same.
            if i != corner.index { corner = Corners(cells: cells, normal: normal, index: i, stride: gs, level: level) }
            let k = corner

            // Height above the water now, bilinear.
            let hTop = k.h00 + (k.h01 - k.h00) * fx, hBottom = k.h10 + (k.h11 - k.h10) * fx
            let h = hTop + (hBottom - hTop) * fy

            // Today's height above the water, for the flood tint and the coastline: where the
            // corners disagree, else the sign they share.
            let straddles = k.straddles
            var t = k.t00, tTop: Float = 0, tBottom: Float = 0
            if straddles {
                tTop = k.t00 + (k.t01 - k.t00) * fx; tBottom = k.t10 + (k.t11 - k.t10) * fx
                t = tTop + (tBottom - tTop) * fy
            }

            let nxTop = k.x00 + (k.x01 - k.x00) * fx, nxBottom = k.x10 + (k.x11 - k.x10) * fx
            let nyTop = k.y00 + (k.y01 - k.y00) * fx, nyBottom = k.y10 + (k.y11 - k.y10) * fx
            let nx = nxTop + (nxBottom - nxTop) * fy, ny = nyTop + (nyBottom - nyTop) * fy
            let nz = max(0, 1 - nx * nx - ny * ny).squareRoot()
            var light = max(0, min(2, nx * sunX8[lane] + ny * sunY8[lane] + nz))

            let color = GlobePalette.color(aboveWater: h, level: level, landScale: landScale, dryToday: t > 0,
                                           underwaterRelief: t > 0 ? 0.25 : 0.5, light: &light,
                                           land: land, sea: sea, flooded: flooded)
            light *= limb[Int(z * 255)]
            var r = Float((color >> 16) & 0xFF) * light
            var g = Float((color >> 8) & 0xFF) * light
            var b = Float(color & 0xFF) * light

            // Today's coastline: where t crosses 0 within about a pixel of here.
            if coastline, straddles {
                let dx = (1 - fy) * (k.t01 - k.t00) + fy * (k.t11 - k.t10)
                let dy = tBottom - tTop
                // Pixel footprint in grid units: columns shrink towards the poles by the
                // cosine of the latitude, everything by the foreshortening z near the rim.
                let footprint = rowsPerPixel / z
                let gradient = ((dx / max(horizontal, 0.05)) * (dx / max(horizontal, 0.05)) + dy * dy).squareRoot() * footprint
                let distance = abs(t) / max(gradient, 1e-6)  // in pixels
                if distance < 0.9 {
                    let f = 0.75 * (1 - distance / 0.9)
                    r *= 1 - f; g *= 1 - f; b *= 1 - f
                }
            }
            out[x] = 0xFF00_0000 | UInt32(min(r, 255)) << 16 | UInt32(min(g, 255)) << 8 | UInt32(min(b, 255))
            }
            x8 += 8
        }
    }
}
