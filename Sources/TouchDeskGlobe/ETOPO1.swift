import TouchDeskInterface
import CNetCDF
import Foundation
import TouchDeskPlaces

/// Reads NOAA's ETOPO1 bedrock relief resampled to 0.1°, as the PyPI package `pybacktrack` bundles
/// it (`bundle_data/topography/ETOPO1_0.1.grd`, netCDF-4: `z(lat, lon)` as 32-bit floats, 1801 rows
/// from 90° S to 90° N by 3601 columns from 0° to 360° E, the last repeating the first).
///
/// Unlike ETOPO5, whose land heights between 1 and 299 m mostly sit on 50-foot (15.24 m) steps,
/// ETOPO1 is step-free, so the share of land a rising sea takes grows smoothly. It is bedrock:
/// the ice of Greenland and Antarctica is removed, which is why `ReliefMerge` keeps ETOPO5 there.
public enum ETOPO1 {
    public static let package = "pybacktrack"
    public static let packageVersion = "1.5.0"
    static let relativePath = "pybacktrack/bundle_data/topography/ETOPO1_0.1.grd"
    static let columns = 3601, rows = 1801
    static let variableName = "z"

    /// `$TOUCHDESK_ETOPO1`, else where `scripts/data/relief` puts it.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let path = environment["TOUCHDESK_ETOPO1"], !path.isEmpty { return path }
        return PyPIData.locate(relativePath, environment: environment)
    }

    /// Reads the 0.1° grid and samples it bilinearly at the nodes of a `width × height` global grid
    /// laid out as `ElevationGrid`. A missing file names the package.
    public static func read(path: String = defaultPath(), width: Int, height: Int) throws -> ElevationGrid {
        try readWithFine(path: path, width: width, height: height).resampled
    }

    /// The grid at its own 0.1° (`fine`: 3600 columns from 0° E, 1801 rows from 90° S, laid out as
    /// `ElevationGrid`), and sampled bilinearly at the nodes of a `width × height` grid.
    public static func readWithFine(path: String = defaultPath(), width: Int, height: Int) throws -> (fine: ElevationGrid, resampled: ElevationGrid) {
        let values = try NetCDFLibrary.lock.withLock { _ in try readAlone(path: path) }
        func metres(_ v: Double) -> Int16 { Int16(max(-32000, min(32000, v.rounded()))) }
        var out = [Int16](repeating: 0, count: width * height)
        for r in 0..<height {
            let y = Double(r) * Double(rows - 1) / Double(height - 1)
            let y0 = min(Int(y), rows - 2), fy = y - Double(y0)
            for c in 0..<width {
                let x = Double(c) * Double(columns - 1) / Double(width)
                let x0 = min(Int(x), columns - 2), fx = x - Double(x0)
                let i = y0 * columns + x0
                let top = Double(values[i]) + (Double(values[i + 1]) - Double(values[i])) * fx
                let bottom = Double(values[i + columns]) + (Double(values[i + columns + 1]) - Double(values[i + columns])) * fx
                out[r * width + c] = metres(top + (bottom - top) * fy)
            }
        }
        var fine = [Int16](repeating: 0, count: (columns - 1) * rows)
        for r in 0..<rows {
            for c in 0..<(columns - 1) { fine[r * (columns - 1) + c] = metres(Double(values[r * columns + c])) }
        }
        return (ElevationGrid(width: columns - 1, height: rows, elevations: fine),
                ElevationGrid(width: width, height: height, elevations: out))
    }

    private static func readAlone(path: String) throws -> [Float] {
        guard FileManager.default.fileExists(atPath: path) else {
            throw ETOPO5.ReadError(description: tr("ETOPO1 (0.1°) not found at {0}; run scripts/data/relief (it takes ETOPO1_0.1.grd out of the PyPI package {1} {2}) or point TOUCHDESK_ETOPO1 at it",
                                                      path, package, packageVersion))
        }
        var values = try ETOPO5.readGrid(path: path, variable: variableName, rows: rows, columns: columns,
                                         hint: "; reinstall with scripts/data/relief")
        for i in values.indices where !values[i].isFinite || abs(values[i]) > 12_000 { values[i] = 0 }
        return values
    }
}
