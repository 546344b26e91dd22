import Foundation

/// Hill-shading for Map Search's city views: ETOPO1's 0.1° relief, read with the globe's own
/// reader and shaded as the globe shades (lit from the north-west), so Zermatt sits among
/// mountains. Independent of the globe's cache, so it works before Sea Level was ever opened.
public enum MapShade {
    /// Columns (from 0° E eastwards) and rows (from 90° S northwards) of the shade.
    public static let width = 3600, height = 1801

    /// The shade, 128 on flat ground, `width × height` bytes (6.5 MB); the relief it comes from
    /// is let go before returning. Throws as `ETOPO1.read` does (naming the package).
    public static func read(path: String = ETOPO1.defaultPath()) throws -> [UInt8] {
        let grid = try ETOPO1.read(path: path, width: width, height: height)
        var out = [UInt8](repeating: HillShade.flat, count: width * height)
        out.withUnsafeMutableBufferPointer { HillShade.compute(grid, into: $0.baseAddress!, stride: width) }
        return out
    }
}
