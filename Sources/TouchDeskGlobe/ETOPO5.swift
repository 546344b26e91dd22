import TouchDeskInterface
import CNetCDF
import Foundation
import TouchDeskPlaces
import Synchronization

/// Reads ETOPO5 (NOAA's 5-arc-minute relief of land and sea floor) from the classic netCDF file
/// Debian's `ferret-datasets` installs, through netCDF-C (Debian's `libnetcdf-dev`).
///
/// The file holds `ROSE(ETOPO05_Y, ETOPO05_X)` as 32-bit floats in whole metres: 2161 rows from
/// 90° S to 90° N (both poles included) by 4320 columns from 0° E going east.
public enum ETOPO5 {
    public static let width = 4320
    public static let height = 2161
    public static let variableName = "ROSE"
    public static let debianPath = "/usr/share/ferret-vis/data/etopo5.cdf"
    public static let package = "ferret-datasets"

    public struct ReadError: Error, CustomStringConvertible {
        public let description: String
    }

    /// `$TOUCHDESK_ETOPO5`, else where Debian installs it.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let path = environment["TOUCHDESK_ETOPO5"], !path.isEmpty { return path }
        return debianPath
    }

    /// Reads the whole grid. A missing file names the package that installs it.
    public static func read(path: String = defaultPath()) throws -> ElevationGrid {
        try NetCDFLibrary.lock.withLock { _ in try readAlone(path: path) }
    }

    private static func readAlone(path: String) throws -> ElevationGrid {
        guard FileManager.default.fileExists(atPath: path) else {
            throw ReadError(description: tr("ETOPO5 relief not found at {0}; install it with `apt-get install --no-install-recommends {1}` (or point TOUCHDESK_ETOPO5 at etopo5.cdf)",
                                               path, package))
        }
        let values = try readGrid(path: path, variable: variableName, rows: height, columns: width)
        let elevations = values.map { v -> Int16 in
            // The file has no missing cells; clamp anyway so a damaged value cannot trap.
            v.isFinite ? Int16(max(-32000, min(32000, v.rounded()))) : 0
        }
        return ElevationGrid(width: width, height: height, elevations: elevations)
    }

    /// Reads the 2-D float variable `variable` of the netCDF file at `path`, which must be `rows`
    /// × `columns`: the one netCDF reader of ETOPO5 and ETOPO1. `hint` ends every message.
    /// The caller holds `NetCDFLibrary.lock` (netCDF-C is not thread-safe).
    static func readGrid(path: String, variable: String, rows: Int, columns: Int, hint: String = "") throws -> [Float] {
        func check(_ status: Int32, _ what: String) throws {
            guard status == NC_NOERR else {
                throw ReadError(description: "\(path): \(what): \(String(cString: nc_strerror(status)))\(hint)")
            }
        }
        NetCDFLibrary.quietHDF5()
        // netCDF-C trusts the header's counts: a damaged one could make it read for ever.
        do { try NetCDFHeader.check(path: path) } catch { throw ReadError(description: "\(path): \(error)\(hint)") }
        var ncid: Int32 = 0
        try check(nc_open(path, NC_NOWRITE, &ncid), "cannot open as netCDF")
        defer { nc_close(ncid) }
        var varid: Int32 = 0
        try check(nc_inq_varid(ncid, variable, &varid), "no variable \(variable)")
        var ndims: Int32 = 0
        try check(nc_inq_varndims(ncid, varid, &ndims), "variable \(variable)")
        guard ndims == 2 else { throw ReadError(description: "\(path): \(variable) has \(ndims) dimensions, not 2") }
        var dimids = [Int32](repeating: 0, count: 2)
        try check(nc_inq_vardimid(ncid, varid, &dimids), "variable \(variable)")
        var r = 0, c = 0
        try check(nc_inq_dimlen(ncid, dimids[0], &r), "dimension")
        try check(nc_inq_dimlen(ncid, dimids[1], &c), "dimension")
        guard r == rows, c == columns else {
            throw ReadError(description: "\(path): \(variable) is \(c) × \(r), not \(columns) × \(rows)")
        }
        var values = [Float](repeating: 0, count: rows * columns)
        try check(nc_get_var_float(ncid, varid, &values), "cannot read \(variable)")
        return values
    }
}
