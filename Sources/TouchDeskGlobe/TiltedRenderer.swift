import Dispatch
import Foundation

/// Draws a tilted view (`GlobeView.tilt` > 0) through its perspective camera: relief standing up by
/// the exaggeration, the sea at the chosen level meeting it, haze towards the horizon and the sky
/// above it, into a caller's ARGB32 buffer like `GlobeRenderer`.
///
/// Each window column is one vertical plane of rays. Its rays are marched from the bottom row
/// up: a ray starts where the one below it met the terrain (a higher ray cannot meet it nearer),
/// so a column costs its rows plus one march to the horizon, not rows × march. Steps are a cell
/// near the camera and grow with the distance to a pixel's footprint. Once a ray passes over all
/// the terrain, every ray above it is sky. `coarse` > 1 traces every coarse-th ray both ways and
/// fills blocks: the cheap frame while the view moves.
///
/// Not thread-safe: one renderer per window, used from one thread at a time.
public final class TiltedRenderer {
    private let palette = GlobePalette()

    public init() {}

    public func render(_ data: GlobeData, view: GlobeView, level: Int, style: GlobeStyle = GlobeStyle(),
                       into pixels: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int, coarse: Int = 1) {
        guard width > 0, height > 0 else { return }
        precondition(stride >= width * 4, "stride too small")
        let camera = view.camera(width: width, height: height)
        let block = max(1, coarse)
        let scale = Float(style.exaggeration / RimProfile.earthRadiusMetres)
        let sky = Self.skyRamp(background: style.background)
        palette.land.withUnsafeBufferPointer { land in
            palette.sea.withUnsafeBufferPointer { sea in
                palette.flooded.withUnsafeBufferPointer { flooded in
                    sky.withUnsafeBufferPointer { skyLUT in
                        let job = TiltJob(
                            cells: data.cells, normal: data.normal, gridStride: data.stride,
                            gridWidth: data.width, gridHeight: data.height,
                            land: land.baseAddress!, sea: sea.baseAddress!,
                            flooded: (style.tintsFloodedLand ? flooded : sea).baseAddress!, sky: skyLUT.baseAddress!,
                            level: Int32(level), scale: scale,
                            landScale: level < 0 ? min(1, Float(GlobeRenderer.baredRamp) / Float(-level)) : 1,
                            reliefLight: Float(min(2.5, 1 + log2(style.exaggeration) * 0.3)),
                            sun: GlobeSun.direction(orientation: view.orientation, tilted: true, turn: style.sunTurn),
                            camera: camera, pixels: pixels, width: width, height: height, stride: stride, block: block)
                        let columns = (width + block - 1) / block
                        let band = 8
                        DispatchQueue.concurrentPerform(iterations: (columns + band - 1) / band) { k in
                            for c in k * band..<min(columns, k * band + band) { job.column(c * block) }
                        }
                    }
                }
            }
        }
    }

    /// The sky by how close a ray passes to the Earth (0: grazing the horizon, 1: a thickness of
    /// atmosphere or more above it): pale haze, blue, then the background of space.
    static func skyRamp(background: UInt32) -> [UInt32] {
        (0..<256).map { i in
            let s = Float(i) / 255
            if s < 0.4 { return GlobeRenderer.mix(0xFFB4_D2F2, 0xFF4A_7EC8, s / 0.4) }
            return GlobeRenderer.mix(0xFF4A_7EC8, background, min(1, (s - 0.4) / 0.6))
        }
    }

    /// The haze near the horizon that distant land fades into (the sky's grazing colour).
    static let haze: UInt32 = 0xFFB4_D2F2
    /// Atmosphere drawn this many Earth radii thick (about 380 km: thicker than the real one, so the
    /// whole globe's limb glows as the straight-down view's does).
    static let atmosphere: Float = 0.06
}

/// One frame's inputs for the worker threads (see `FrameJob`): each worker writes its own columns.
private struct TiltJob: @unchecked Sendable {  // workers write disjoint columns of `pixels` and only read the rest
    let cells: UnsafePointer<UInt32>
    let normal: UnsafePointer<Int8>
    let gridStride: Int, gridWidth: Int, gridHeight: Int
    let land: UnsafePointer<UInt32>, sea: UnsafePointer<UInt32>, flooded: UnsafePointer<UInt32>
    let sky: UnsafePointer<UInt32>
    let level: Int32
    /// Earth radii per metre of relief, exaggerated.
    let scale: Float
    let landScale: Float
    /// How much more the hill-shade's contrast shows with the relief exaggerated.
    let reliefLight: Float
    /// Where the light comes from, world axes (`GlobeSun.direction`).
    let sun: SIMD3<Float>
    let pixels: UnsafeMutableRawPointer
    let width: Int, height: Int, stride: Int, block: Int
    let position: SIMD3<Float>, forward: SIMD3<Float>, right: SIMD3<Float>, up: SIMD3<Float>
    let focal: Float
    /// Outer radius of the shell the surface lies in at this level and exaggeration.
    let top: Float
    /// Distance from the camera to the sea-level horizon.
    let horizonDistance: Float

    init(cells: UnsafePointer<UInt32>, normal: UnsafePointer<Int8>, gridStride: Int, gridWidth: Int, gridHeight: Int,
         land: UnsafePointer<UInt32>, sea: UnsafePointer<UInt32>, flooded: UnsafePointer<UInt32>, sky: UnsafePointer<UInt32>,
         level: Int32, scale: Float, landScale: Float, reliefLight: Float, sun: SIMD3<Float>, camera: GlobeCamera,
         pixels: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int, block: Int) {
        self.cells = cells; self.normal = normal; self.gridStride = gridStride; self.gridWidth = gridWidth; self.gridHeight = gridHeight
        self.land = land; self.sea = sea; self.flooded = flooded; self.sky = sky
        self.level = level; self.scale = scale; self.landScale = landScale; self.reliefLight = reliefLight; self.sun = sun
        self.pixels = pixels; self.width = width; self.height = height; self.stride = stride; self.block = block
        func f(_ v: SIMD3<Double>) -> SIMD3<Float> { SIMD3(Float(v.x), Float(v.y), Float(v.z)) }
        position = f(camera.position); forward = f(camera.forward); right = f(camera.right); up = f(camera.up)
        focal = Float(camera.focal)
        // Everest is 8,849 m; the surface is never above the higher of it and the water.
        top = 1 + Float(max(Int32(8_900), level)) * scale
        let r2 = (position * position).sum()
        horizonDistance = max(1e-4, (max(r2 - 1, 0)).squareRoot())
    }

    /// The surface's height (metres above today's sea, the water's or the land's) and the height
    /// above the water at world point `p` (any length), bilinear between the four cells around it.
    @inline(__always)
    func surface(_ p: SIMD3<Float>) -> (radius: Float, aboveWater: Float, index: Int, fx: Float, fy: Float) {
        let lon = FastMath.atan2(p.y, p.x), lat = FastMath.atan2(p.z, (p.x * p.x + p.y * p.y).squareRoot())
        var gx = lon * (Float(gridWidth) / (2 * .pi))
        if gx < 0 { gx += Float(gridWidth) }
        let gy = (lat + .pi / 2) * (Float(gridHeight - 1) / .pi)
        let x0 = min(Int(gx), gridWidth - 1), y0 = min(max(Int(gy), 0), gridHeight - 2)
        let fx = gx - Float(x0), fy = gy - Float(y0)
        let i = y0 &* gridStride &+ x0
        let h00 = Float(GlobeData.heightAboveWater(cells[i], level: level)), h01 = Float(GlobeData.heightAboveWater(cells[i &+ 1], level: level))
        let h10 = Float(GlobeData.heightAboveWater(cells[i &+ gridStride], level: level))
        let h11 = Float(GlobeData.heightAboveWater(cells[i &+ gridStride &+ 1], level: level))
        let top = h00 + (h01 - h00) * fx, bottom = h10 + (h11 - h10) * fx
        let h = top + (bottom - top) * fy
        // The surface: the water's at the level, or the land standing above it.
        let metres = Float(level) + max(h, 0)
        return (1 + metres * scale, h, i, fx, fy)
    }

    func column(_ x0: Int) {
        let xc = Float(x0) + Float(block) * 0.5 - Float(width) / 2
        let across = forward * focal + right * xc
        let c2 = (position * position).sum()
        let pixelAngle = Float(block) / focal
        let cellAngle = Float.pi / Float(gridHeight - 1)
        var resume: Float = 0
        var overTheTop = false
        var y = height - ((height - 1) % block) - 1  // the bottom block's first row
        // Rows from the bottom block up; each block is traced once through its centre.
        while y >= 0 {
            let yc = Float(height) / 2 - (Float(y) + Float(block) * 0.5)
            var d = across + up * yc
            d /= (d * d).sum().squareRoot()
            let b = (position * d).sum()
            var color: UInt32
            if overTheTop {
                color = skyColor(d, b, c2)
            } else {
                let disc = b * b - (c2 - top * top)
                if disc < 0 || -b + disc.squareRoot() <= 0 {
                    color = skyColor(d, b, c2)
                } else {
                    let root = disc.squareRoot()
                    let enter = max(0, -b - root), leave = -b + root
                    var t = max(enter, resume)
                    var hitT: Float = -1
                    var hitPoint = SIMD3<Float>.zero
                    var prevT = t, prevGap: Float = 1
                    var sample: (radius: Float, aboveWater: Float, index: Int, fx: Float, fy: Float) = (0, 0, 0, 0, 0)
                    while t <= leave {
                        let p = position + d * t
                        let r = (p * p).sum().squareRoot()
                        sample = surface(p)
                        let gap = r - sample.radius
                        if gap <= 0 {
                            hitPoint = p
                            // Between the last sample above and this one below: where the gap closes.
                            hitT = prevGap > 0 && t > prevT ? prevT + (t - prevT) * prevGap / (prevGap - gap) : t
                            break
                        }
                        prevT = t; prevGap = gap
                        t += max(cellAngle * 0.5, t * pixelAngle)
                    }
                    if hitT >= 0 {
                        resume = hitT
                        color = shadeHit(sample, at: hitPoint, distance: hitT)
                    } else {
                        // Past everything in this column (or a ray grazing the far limb below it):
                        // above the terrain's horizon every higher ray is sky too.
                        if resume > 0 { overTheTop = true }
                        color = skyColor(d, b, c2)
                    }
                }
            }
            fill(x0, y, color)
            y -= block
        }
    }

    @inline(__always)
    func fill(_ x0: Int, _ y0: Int, _ color: UInt32) {
        for y in y0..<min(height, y0 + block) {
            let row = (pixels + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in x0..<min(width, x0 + block) { row[x] = color }
        }
    }

    /// The sky along ray `d`: by how high above the Earth it passes at its closest.
    @inline(__always)
    func skyColor(_ d: SIMD3<Float>, _ b: Float, _ c2: Float) -> UInt32 {
        let t = max(0, -b)
        let closest = max(0, c2 - t * t).squareRoot()  // |position + t·d| for unit d
        let s = min(1, max(0, (closest - 1) / TiltedRenderer.atmosphere))
        return sky[Int(s * 255)]
    }

    /// The colour where a ray meets the surface: as the straight-down view colours heights, lit by
    /// the sun (`GlobeSun`), fading into the haze towards the horizon.
    @inline(__always)
    func shadeHit(_ s: (radius: Float, aboveWater: Float, index: Int, fx: Float, fy: Float), at p: SIMD3<Float>, distance: Float) -> UInt32 {
        let h = s.aboveWater
        let i = s.index
        func part(_ k: Int) -> Float {
            let n00 = Float(normal[2 &* i &+ k]), n01 = Float(normal[2 &* (i &+ 1) &+ k])
            let n10 = Float(normal[2 &* (i &+ gridStride) &+ k]), n11 = Float(normal[2 &* (i &+ gridStride &+ 1) &+ k])
            let top = n00 + (n01 - n00) * s.fx, bottom = n10 + (n11 - n10) * s.fx
            return (top + (bottom - top) * s.fy) * (1 / 127)
        }
        let lit = GlobeSun.light(nx: part(0), ny: part(1), x: p.x, y: p.y, z: p.z, sun: sun)
        var light = 1 + (lit - 1) * reliefLight
        let color = GlobePalette.color(aboveWater: h, level: level, landScale: landScale,
                                       dryToday: h <= 0 && GlobeData.heightAboveWater(cells[i], level: 0) > 0,
                                       underwaterRelief: 0.4, light: &light, land: land, sea: sea, flooded: flooded)
        light = max(0.2, min(1.6, light))
        let f = distance / horizonDistance
        let fog = min(0.75, 0.55 * f * f)
        let hz = TiltedRenderer.haze
        func ch(_ c: UInt32, _ sh: UInt32) -> Float { Float((c >> sh) & 0xFF) }
        let r = min(255, ch(color, 16) * light) * (1 - fog) + ch(hz, 16) * fog
        let g = min(255, ch(color, 8) * light) * (1 - fog) + ch(hz, 8) * fog
        let b = min(255, ch(color, 0) * light) * (1 - fog) + ch(hz, 0) * fog
        return 0xFF00_0000 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
    }
}
