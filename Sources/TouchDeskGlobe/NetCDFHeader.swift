import Foundation
import TouchDeskFiles

/// A walk over the header of a classic netCDF file (CDF-1, CDF-2, CDF-5: ETOPO5's format), done
/// before netCDF-C opens it: every count in the header must fit in the bytes that follow.
///
/// netCDF-C trusts those counts. The libFuzzer target `netcdf` found that a 13-byte file whose
/// dimension count runs past its end makes `nc_open` read for ever (the relief loader, and every
/// later read waiting on its lock, would hang), and that a 190-byte one makes it ask for 13 GB.
/// Files of another kind (netCDF-4, which is HDF5: ETOPO1's format) are left to the library.
enum NetCDFHeader {
    /// The most of a file's start read to check its header: ETOPO5's header is 600 bytes.
    static let maxHeaderBytes = 1 << 20

    struct Damaged: Error, CustomStringConvertible {
        let description: String
    }

    /// Checks the header of the file at `path` when it is a classic netCDF file; throws saying
    /// what is wrong with it.
    static func check(path: String) throws {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return }  // netCDF-C says why it cannot open it
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { return }
        var head = [UInt8](repeating: 0, count: min(Int(st.st_size), maxHeaderBytes))
        let got = head.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard got >= 0 else { return }
        head.removeSubrange(got...)
        try check(head, fileSize: Int(st.st_size))
    }

    /// Checks `head`, the first bytes of a file of `fileSize` bytes.
    static func check(_ head: [UInt8], fileSize: Int) throws {
        guard head.count >= 4, head[0] == UInt8(ascii: "C"), head[1] == UInt8(ascii: "D"), head[2] == UInt8(ascii: "F") else { return }
        let version = head[3]
        guard [1, 2, 5].contains(version) else { throw Damaged(description: "a netCDF file of unknown version \(version)") }
        var walk = Walk(bytes: head, wide: version == 5, truncatedAt: head.count < fileSize ? head.count : nil)
        _ = try walk.count()  // the number of records
        // Dimensions: a name and a length each.
        for _ in 0..<(try walk.list(tag: 0x0A, smallest: 8)) {
            try walk.name()
            _ = try walk.count()
        }
        try walk.attributes()
        // Variables: a name, dimension ids, attributes, type, size and start each.
        for _ in 0..<(try walk.list(tag: 0x0B, smallest: 28)) {
            try walk.name()
            let dims = try walk.count()
            try walk.skip(dims, each: walk.wide ? 8 : 4, what: "dimension ids")
            try walk.attributes()
            _ = try walk.type()
            _ = try walk.count()  // size
            try walk.skip(1, each: version == 1 ? 4 : 8, what: "data start")
        }
    }

    /// A cursor over the header's big-endian fields.
    private struct Walk {
        let bytes: [UInt8]
        let wide: Bool
        /// Where the bytes read stop short of the file, if they do.
        let truncatedAt: Int?
        var offset = 4

        func fail(_ what: String) -> Damaged {
            if truncatedAt != nil { return Damaged(description: "a netCDF header larger than \(NetCDFHeader.maxHeaderBytes >> 20) MB (at \(what))") }
            return Damaged(description: "a damaged netCDF header: \(what) runs past the end of the file")
        }

        mutating func word(_ n: Int, _ what: String) throws -> Int {
            guard offset + n <= bytes.count else { throw fail(what) }
            var v = 0
            for b in bytes[offset..<offset + n] { v = v << 8 | Int(b) }
            offset += n
            // A count of 2⁶³ or more cannot fit anywhere: read as negative, refused below.
            return v
        }

        /// A count (4 bytes, 8 in CDF-5).
        mutating func count() throws -> Int {
            let v = try word(wide ? 8 : 4, "a count")
            guard v >= 0 else { throw Damaged(description: "a damaged netCDF header: a count of \(UInt64(bitPattern: Int64(v)))") }
            return v
        }

        mutating func skip(_ n: Int, each size: Int, what: String) throws {
            guard n >= 0, n <= (bytes.count - offset) / size else { throw fail(what) }
            offset += n * size
        }

        /// A list's tag and length; each element takes at least `smallest` bytes.
        mutating func list(tag: Int, smallest: Int) throws -> Int {
            let t = try word(4, "a list's tag"), n = try count()
            guard t == tag || (t == 0 && n == 0) else { throw Damaged(description: "a damaged netCDF header: tag \(t) where \(tag) belongs") }
            guard n <= (bytes.count - offset) / smallest else { throw fail("a list of \(n)") }
            return n
        }

        mutating func name() throws {
            let n = try count()
            try skip((n + 3) / 4, each: 4, what: "a name of \(n) bytes")
        }

        /// An element type; returns its size in bytes.
        mutating func type() throws -> Int {
            let t = try word(4, "a type")
            let sizes = [1: 1, 2: 1, 3: 2, 4: 4, 5: 4, 6: 8, 7: 1, 8: 2, 9: 4, 10: 8, 11: 8]
            guard let size = sizes[t] else { throw Damaged(description: "a damaged netCDF header: type \(t)") }
            return size
        }

        mutating func attributes() throws {
            for _ in 0..<(try list(tag: 0x0C, smallest: 12)) {
                try name()
                let size = try type(), n = try count()
                guard n <= (bytes.count - offset) / size else { throw fail("an attribute of \(n) values") }
                try skip((n * size + 3) / 4, each: 4, what: "an attribute's values")
            }
        }
    }
}
