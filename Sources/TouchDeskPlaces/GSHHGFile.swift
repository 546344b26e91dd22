import TouchDeskInterface
import CNetCDF
import Foundation
import Synchronization

/// netCDF-C keeps global state (its table of open files) without locks, so every netCDF call of
/// the process takes turns on this one lock: the globe's relief reader and the map's coastlines.
public enum NetCDFLibrary {
    public static let lock = Mutex(())

    /// HDF5, under netCDF-4 files, prints a page of "error" diagnostics to standard error for
    /// every optional attribute it looks for and does not find, on any thread where printing was
    /// not turned off, and netCDF turns it off only on the thread that first opened a file.
    /// Turned off here for the calling thread (through the symbol, as HDF5's headers are not
    /// installed). Call with `lock` held.
    public static func quietHDF5() {
        typealias SetAuto = @convention(c) (Int64, UnsafeRawPointer?, UnsafeRawPointer?) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "H5Eset_auto2") else { return }
        _ = unsafeBitCast(symbol, to: SetAuto.self)(0, nil, nil)
    }
}

/// One of GSHHG's binned netCDF files as Debian's `gmt-gshhg-high` and `gmt-gshhg-full` install
/// them (`/usr/share/gmt-gshhg/binned_GSHHS_h.nc`, `binned_river_f.nc`, …): the world cut into
/// square bins, each holding the pieces of shoreline (or river) inside it. A point is stored as
/// two unsigned 16-bit steps from the bin's south-west corner (65535 = the bin's width).
///
/// Only the bin tables are read when the file opens (a quarter of a megabyte); a bin's points
/// are read when asked for, so a view at city zoom reads the few bins it shows.
public final class GSHHGFile: Sendable {
    public enum Kind: String, Sendable {
        case shore = "GSHHS", river
    }

    public enum Resolution: String, Sendable, CaseIterable {
        /// 0.2 km Douglas–Peucker tolerance, Debian `gmt-gshhg-high`.
        case high = "h"
        /// The complete World Vector Shoreline, Debian `gmt-gshhg-full`.
        case full = "f"

        public var package: String { self == .high ? "gmt-gshhg-high" : "gmt-gshhg-full" }
    }

    public struct ReadError: Error, CustomStringConvertible, Equatable {
        public let description: String
    }

    /// A piece of shore or river inside one bin: its points (longitude, latitude in degrees), its
    /// level (shore: 1 land, 2 lake, 3 island in a lake, 4 pond; river: its class, 1 = double-lined
    /// river … 10 = canal) and, for a shore piece that crosses the bin, the sides it enters and
    /// leaves by (0 south, 1 east, 2 north, 3 west; 4 = a closed ring inside the bin).
    public struct Segment: Sendable, Equatable {
        public var points: [SIMD2<Double>]
        public var level: Int
        public var entry: Int
        public var exit: Int
    }

    public static let debianFolder = "/usr/share/gmt-gshhg"

    public let path: String
    public let kind: Kind
    /// Degrees per bin.
    public let binDegrees: Double
    public let columns: Int
    public let rows: Int
    private let ncid: Int32
    /// Shore files only: the levels of the bin's four corners (south-west, south-east, north-east,
    /// north-west), three bits each.
    private let cornerLevels: [UInt16]
    private let segmentCounts: [Int32]
    private let firstSegments: [Int32]
    private let vars: Variables

    private struct Variables: Sendable {
        var segmentInfo: Int32 = -1, segmentPoints: Int32 = -1, segmentLevel: Int32 = -1
        var segmentStart: Int32 = 0, dx: Int32 = 0, dy: Int32 = 0
    }

    /// `$TOUCHDESK_GSHHG` or Debian's folder, then `binned_<kind>_<resolution>.nc`.
    public static func path(kind: Kind, resolution: Resolution,
                            environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let folder = environment["TOUCHDESK_GSHHG"].flatMap { $0.isEmpty ? nil : $0 } ?? debianFolder
        return folder + "/binned_\(kind.rawValue)_\(resolution.rawValue).nc"
    }

    /// Opens `path` and reads its bin tables. A missing file names the Debian package.
    public init(path: String, kind: Kind, package: String = "gmt-gshhg-high") throws(ReadError) {
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw ReadError(description: tr("GSHHG coastlines not found at {0}; install Debian's {1}", path, package))
        }
        self.path = path
        self.kind = kind
        let result: Result<(Int32, Int, Int, Double, [UInt16], [Int32], [Int32], Variables), ReadError> = NetCDFLibrary.lock.withLock { _ in
            NetCDFLibrary.quietHDF5()
            return Result { () throws(ReadError) in try Self.open(path: path, kind: kind) }
        }
        let opened = try result.get()
        (ncid, columns, rows, binDegrees, cornerLevels, segmentCounts, firstSegments, vars) = opened
    }

    deinit {
        let id = ncid
        NetCDFLibrary.lock.withLock { _ in _ = nc_close(id) }
    }

    private static func check(_ status: Int32, _ path: String, _ what: String) throws(ReadError) {
        guard status == NC_NOERR else {
            throw ReadError(description: "\(path): \(what): \(String(cString: nc_strerror(status))) (reinstall the gmt-gshhg package)")
        }
    }

    private static func open(path: String, kind: Kind) throws(ReadError) -> (Int32, Int, Int, Double, [UInt16], [Int32], [Int32], Variables) {
        var ncid: Int32 = 0
        try check(nc_open(path, NC_NOWRITE, &ncid), path, "cannot open as netCDF")
        var ok = false
        defer { if !ok { nc_close(ncid) } }
        func varid(_ name: String) throws(ReadError) -> Int32 {
            var id: Int32 = 0
            try check(nc_inq_varid(ncid, name, &id), path, "no variable \(name)")
            return id
        }
        func scalar(_ name: String) throws(ReadError) -> Int {
            var v: Int32 = 0
            var start = 0
            try check(nc_get_var1_int(ncid, try varid(name), &start, &v), path, name)
            return Int(v)
        }
        let minutes = try scalar("Bin_size_in_minutes")
        let columns = try scalar("N_bins_in_360_longitude_range")
        let rows = try scalar("N_bins_in_180_degree_latitude_range")
        let bins = try scalar("N_bins_in_file")
        guard minutes > 0, columns > 0, rows > 0, bins == columns * rows, columns * minutes == 360 * 60, rows * minutes == 180 * 60 else {
            throw ReadError(description: "\(path): bins of \(minutes)′ in \(columns) × \(rows) do not tile the world (\(bins) bins)")
        }
        var start = 0, count = bins
        var counts = [Int32](repeating: 0, count: bins)
        var shortCounts = [Int16](repeating: 0, count: bins)
        try check(nc_get_vara_short(ncid, try varid("N_segments_in_a_bin"), &start, &count, &shortCounts), path, "segment counts")
        for i in 0..<bins { counts[i] = Int32(UInt16(bitPattern: shortCounts[i])) }
        var firsts = [Int32](repeating: 0, count: bins)
        try check(nc_get_vara_int(ncid, try varid("Id_of_first_segment_in_a_bin"), &start, &count, &firsts), path, "first segments")
        var corners: [UInt16] = []
        var v = Variables()
        switch kind {
        case .shore:
            var info = [Int16](repeating: 0, count: bins)
            try check(nc_get_vara_short(ncid, try varid("Embedded_node_levels_in_a_bin"), &start, &count, &info), path, "corner levels")
            corners = info.map { UInt16(bitPattern: $0) }
            v.segmentInfo = try varid("Embedded_npts_levels_exit_entry_for_a_segment")
        case .river:
            v.segmentPoints = try varid("N_points_for_a_segment")
            v.segmentLevel = try varid("Hierarchial_level_of_a_segment")
        }
        v.segmentStart = try varid("Id_of_first_point_in_a_segment")
        v.dx = try varid("Relative_longitude_from_SW_corner_of_bin")
        v.dy = try varid("Relative_latitude_from_SW_corner_of_bin")
        ok = true
        return (ncid, columns, rows, Double(minutes) / 60, corners, counts, firsts, v)
    }

    // MARK: - Bins

    public var binCount: Int { columns * rows }

    /// The bin holding a point; bins run west to east from 0° E, rows from the north pole down.
    public func bin(latitude: Double, longitude: Double) -> Int {
        var lon = longitude.truncatingRemainder(dividingBy: 360)
        if lon < 0 { lon += 360 }
        let c = min(columns - 1, max(0, Int(lon / binDegrees)))
        let r = min(rows - 1, max(0, Int((90 - latitude) / binDegrees)))
        return r * columns + c
    }

    /// The bin's south-west corner, with longitudes from −180° to 180°.
    public func southWest(ofBin b: Int) -> SIMD2<Double> {
        var lon = Double(b % columns) * binDegrees
        if lon >= 180 { lon -= 360 }
        return SIMD2(lon, 90 - Double(b / columns + 1) * binDegrees)
    }

    /// The levels of the bin's corners: south-west, south-east, north-east, north-west (shore files).
    public func cornerLevels(ofBin b: Int) -> [Int] {
        guard cornerLevels.indices.contains(b) else { return [0, 0, 0, 0] }
        let v = Int(cornerLevels[b])
        return [(v >> 9) & 7, (v >> 6) & 7, (v >> 3) & 7, v & 7]
    }

    /// Reads the pieces inside bin `b`.
    public func segments(inBin b: Int) throws(ReadError) -> [Segment] {
        guard segmentCounts.indices.contains(b), segmentCounts[b] > 0 else { return [] }
        let result: Result<[Segment], ReadError> = NetCDFLibrary.lock.withLock { _ in
            NetCDFLibrary.quietHDF5()
            return Result { () throws(ReadError) in try readSegments(b) }
        }
        return try result.get()
    }

    private func readSegments(_ b: Int) throws(ReadError) -> [Segment] {
        let n = Int(segmentCounts[b])
        var start = Int(firstSegments[b]), count = n
        var starts = [Int32](repeating: 0, count: n)
        try Self.check(nc_get_vara_int(ncid, vars.segmentStart, &start, &count, &starts), path, "segment starts")
        var sizes = [Int](repeating: 0, count: n), levels = sizes, entries = sizes, exits = sizes
        switch kind {
        case .shore:
            var info = [Int32](repeating: 0, count: n)
            try Self.check(nc_get_vara_int(ncid, vars.segmentInfo, &start, &count, &info), path, "segment info")
            for i in 0..<n {
                let v = Int(UInt32(bitPattern: info[i]))
                sizes[i] = v >> 9
                levels[i] = (v >> 6) & 7
                entries[i] = (v >> 3) & 7
                exits[i] = v & 7
            }
        case .river:
            var s = [Int16](repeating: 0, count: n), l = s
            try Self.check(nc_get_vara_short(ncid, vars.segmentPoints, &start, &count, &s), path, "segment sizes")
            try Self.check(nc_get_vara_short(ncid, vars.segmentLevel, &start, &count, &l), path, "segment levels")
            for i in 0..<n {
                sizes[i] = Int(UInt16(bitPattern: s[i]))
                levels[i] = Int(l[i])
                entries[i] = 4
                exits[i] = 4
            }
        }
        // A bin's points lie in one run of the file: read it in two calls, not two per piece.
        var first = Int.max, end = 0
        for i in 0..<n where sizes[i] > 0 {
            first = min(first, Int(starts[i]))
            end = max(end, Int(starts[i]) + sizes[i])
        }
        guard first < end else { return [] }
        guard end - first <= 4_000_000 else { throw ReadError(description: "\(path): bin \(b) claims \(end - first) points") }
        var dx = [Int16](repeating: 0, count: end - first), dy = dx
        var pstart = first, pcount = end - first
        try Self.check(nc_get_vara_short(ncid, vars.dx, &pstart, &pcount, &dx), path, "longitudes")
        try Self.check(nc_get_vara_short(ncid, vars.dy, &pstart, &pcount, &dy), path, "latitudes")
        let sw = southWest(ofBin: b)
        let step = binDegrees / 65535
        var out: [Segment] = []
        out.reserveCapacity(n)
        for i in 0..<n where sizes[i] > 0 {
            let o = Int(starts[i]) - first
            var pts: [SIMD2<Double>] = []
            pts.reserveCapacity(sizes[i])
            for k in o..<(o + sizes[i]) {
                pts.append(SIMD2(sw.x + Double(UInt16(bitPattern: dx[k])) * step, sw.y + Double(UInt16(bitPattern: dy[k])) * step))
            }
            out.append(Segment(points: pts, level: levels[i], entry: entries[i], exit: exits[i]))
        }
        return out
    }
}
