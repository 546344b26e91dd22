import Foundation

/// Per-cell hill-shading of a relief grid: Lambert lighting of the surface normal.
///
/// Map Search's relief (`compute`) is lit from the north-west 45° above the horizon as on printed
/// maps, fixed to the map; the value is the brightness factor × 128: 128 on flat ground. The globe
/// keeps each cell's surface normal instead (`computeNormals`) and lights it from a sun that turns
/// with the view (`GlobeSun`), so a range reads from whichever side it is seen.
enum HillShade {
    /// Relief at 5′ averages slopes over 9 km cells, which look flat at true scale.
    static let exaggeration = 12.0
    static let flat: UInt8 = 128

    /// Shades of `grid` in rows of `stride` (≥ width) cells; columns past the width repeat from 0.
    static func compute(_ grid: ElevationGrid, into out: UnsafeMutablePointer<UInt8>, stride: Int) {
        let w = grid.width, h = grid.height
        let light = (x: -1.0 / 2, y: 1.0 / 2, z: 1.0 / 2.0.squareRoot())  // unit vector
        let flatBrightness = light.z
        slopes(grid) { r, c, gx, gy in
            let lit = (-gx * light.x - gy * light.y + light.z) / (gx * gx + gy * gy + 1).squareRoot()
            let v = max(0, lit) / flatBrightness * Double(flat)
            out[r * stride + c] = UInt8(min(255, v.rounded()))
        }
        for r in 0..<h { for c in w..<stride { out[r * stride + c] = out[r * stride + c - w] } }
    }

    /// Each cell's unit surface normal's east and north components × 127 (pairs of signed bytes:
    /// (0, 0) is flat ground; the upward component is what is left of the unit length), in rows
    /// of `stride` (≥ width) pairs; columns past the width repeat from 0.
    static func computeNormals(_ grid: ElevationGrid, into out: UnsafeMutablePointer<Int8>, stride: Int) {
        let w = grid.width, h = grid.height
        slopes(grid) { r, c, gx, gy in
            let n = 127 / (gx * gx + gy * gy + 1).squareRoot()
            out[2 * (r * stride + c)] = Int8((-gx * n).rounded())
            out[2 * (r * stride + c) + 1] = Int8((-gy * n).rounded())
        }
        for r in 0..<h {
            for c in w..<stride {
                out[2 * (r * stride + c)] = out[2 * (r * stride + c - w)]
                out[2 * (r * stride + c) + 1] = out[2 * (r * stride + c - w) + 1]
            }
        }
    }

    /// The exaggerated slope east (`gx`) and north (`gy`) at every cell, by central differences
    /// (wrapping across the date line).
    private static func slopes(_ grid: ElevationGrid, _ body: (_ row: Int, _ column: Int, _ gx: Double, _ gy: Double) -> Void) {
        let w = grid.width, h = grid.height
        let cellMetres = 6_371_000.0 * grid.rowSpacing * .pi / 180
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
                    body(r, c, gx, gy)
                }
            }
        }
    }
}
