import Dispatch
import Foundation

/// The globe's outline with the relief raised: seen straight down, a mountain range on the limb
/// stands off the rim by its height times the exaggeration (the Tibetan plateau at 20× bulges the
/// outline by 2 %; open ocean leaves it a circle).
///
/// Per screen angle around the centre it holds how far out, in globe radii, the terrain near the
/// limb reaches: the largest (1 + H)·cos ψ over points ψ behind or in front of the limb plane,
/// where H is the height above the water (metres × exaggeration / the Earth's radius). Computed
/// per frame that needs it (about 50,000 lookups at 20×), so the per-pixel work stays one comparison.
struct RimProfile {
    static let angles = 512
    static let earthRadiusMetres = 6_371_000.0
    /// Outer radius per angle (≥ 1), and the height above the water (m) of the point that reaches it.
    private(set) var radius: [Float]
    private(set) var height: [Float]
    /// The largest radius of all: pixels beyond it are plain background or glow.
    private(set) var maximum: Float = 1

    init(_ data: GlobeData, orientation m: [SIMD3<Double>], level: Int, exaggeration: Double) {
        let scale = exaggeration / Self.earthRadiusMetres
        // Beyond this angle from the limb plane even Everest cannot reach past the rim.
        let psiMax = acos(1 / (1 + 8_900 * scale))
        let step = .pi / Double(data.height - 1) * 2.5  // 2.5 cells: a pixel or two of outline at zoom 1
        let steps = max(1, Int(psiMax / step))
        var radius = [Float](repeating: 1, count: Self.angles), height = [Float](repeating: 0, count: Self.angles)
        radius.withUnsafeMutableBufferPointer { rOut in
            height.withUnsafeMutableBufferPointer { hOut in
                let out = (r: rOut.baseAddress!, h: hOut.baseAddress!)
                let job = RimJob(radius: out.r, height: out.h)
                // Angles in blocks on every core: each angle is independent.
                let blocks = 32, perBlock = Self.angles / blocks
                DispatchQueue.concurrentPerform(iterations: blocks) { b in
                    for i in b * perBlock..<(b + 1) * perBlock {
                        let phi = Double(i) / Double(Self.angles) * 2 * .pi
                        let (s, c) = (sin(phi), cos(phi))
                        var best = 1.0, bestHeight = 0.0
                        for k in -steps...steps {
                            let psi = Double(k) * step
                            let cp = cos(psi)
                            // In view axes: x right, y up, z towards the viewer.
                            let w = m[0] * (cp * c) + m[1] * (cp * s) + m[2] * sin(psi)
                            let lat = atan2(w.z, (w.x * w.x + w.y * w.y).squareRoot()) * 180 / .pi
                            let lon = atan2(w.y, w.x) * 180 / .pi
                            let h = data.heightAboveWater(at: GeoPoint(latitude: lat, longitude: lon), level: level)
                            guard h > 0 else { continue }
                            let r = (1 + h * scale) * cp
                            if r > best { best = r; bestHeight = h }
                        }
                        job.radius[i] = Float(best)
                        job.height[i] = Float(bestHeight)
                    }
                }
            }
        }
        self.radius = radius
        self.height = height
        let top = radius.max() ?? 1
        maximum = top
    }
}

/// Where the workers write: disjoint angles of the two arrays.
private struct RimJob: @unchecked Sendable {  // each worker writes its own block of angles
    let radius: UnsafeMutablePointer<Float>
    let height: UnsafeMutablePointer<Float>
}
