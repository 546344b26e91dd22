import Foundation

/// Per-cell hill-shading of a relief grid: Lambert lighting of the surface normal, lit from the
/// north-west 45° above the horizon as on printed maps.
///
/// The light is fixed to the map, not to the viewer, so the relief reads the same way (ridges lit
/// on their north-west flank) wherever the globe is turned; precomputed once, it costs the frame
/// one lookup. The value is the brightness factor × 128: 128 on flat ground.
enum HillShade {
    /// Relief at 5′ averages slopes over 9 km cells, which look flat at true scale.
    static let exaggeration = 12.0
    static let flat: UInt8 = 128

    /// Shades of `grid` in rows of `stride` (≥ width) cells; columns past the width repeat from 0.
    static func compute(_ grid: ElevationGrid, into out: UnsafeMutablePointer<UInt8>, stride: Int) {
        let w = grid.width, h = grid.height
        let cellMetres = 6_371_000.0 * grid.rowSpacing * .pi / 180
        let light = (x: -1.0 / 2, y: 1.0 / 2, z: 1.0 / 2.0.squareRoot())  // unit vector
        let flatBrightness = light.z
        grid.elevations.withUnsafeBufferPointer { e in
            for r in 0..<h {
                let lat = grid.latitude(ofRow: r) * .pi / 180
                let dx = cellMetres * max(cos(lat), 0.02) * 2, dy = cellMetres * 2
                let up = min(r + 1, h - 1) * w, down = max(r - 1, 0) * w, row = r * w
                let dyScale = Double(min(r + 1, h - 1) - max(r - 1, 0)) / 2
                for c in 0..<w {
                    let left = c == 0 ? w - 1 : c - 1, right = c == w - 1 ? 0 : c + 1
                    let gx = Double(Int(e[row + right]) - Int(e[row + left])) / dx * exaggeration
                    let gy = Double(Int(e[up + c]) - Int(e[down + c])) / (dy * dyScale) * exaggeration
                    let lit = (-gx * light.x - gy * light.y + light.z) / (gx * gx + gy * gy + 1).squareRoot()
                    let v = max(0, lit) / flatBrightness * Double(flat)
                    out[r * stride + c] = UInt8(min(255, v.rounded()))
                }
                for c in w..<stride { out[r * stride + c] = out[r * stride + c - w] }
            }
        }
    }
}
