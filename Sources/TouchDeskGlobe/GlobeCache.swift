import Foundation
import TouchDeskFiles
import TouchDeskInterface

/// The preprocessed globe on disk: `$XDG_CACHE_HOME/touchdesk/relief-globe.bin`.
///
/// Building it (reading ETOPO5, the priority-flood, shading) takes about a second; later runs map
/// the file and check it instead. The file is the in-memory block itself:
///
///     0   magic "TDGLOBE\0"        8 bytes
///     8   version                  UInt32
///     12  width, height            UInt32 × 2
///     20  header size (64)         UInt32
///     24  source fingerprint       UInt64 (the data sets' sizes; 0: unknown)
///     32  payload size             UInt64
///     40  payload checksum         UInt64 (four interleaved FNV-1a lanes over 64-bit words)
///     48  data sets used           UInt32 (`ReliefSources`)
///     52  reserved                 4 bytes
///     56  today's land, km²        Float64
///     64  cells, surface normals, land lost and gained tables, ETOPO1 at 0.1° (see `Layout`), native byte order
///
/// A file of the wrong size, version, grid or checksum, or made from a source file of another
/// size, is rebuilt and replaced (it is derived data, nothing a user made). Writes go through an
/// exclusive temp file in the same folder, fsync and rename, so a crash leaves the old file or
/// the new one, never half of one.
public enum GlobeCache {
    public static let fileName = "relief-globe.bin"
    static let magic: UInt64 = 0x0045_424F_4C47_4454  // "TDGLOBE\0" read as little-endian
    static let version: UInt32 = 4
    /// Where the header keeps the `ReliefSources` the globe was made from.
    static let sourcesOffset = 48
    /// Where it keeps today's land area in km² (Float64).
    static let landAreaOffset = 56
    static let headerSize = 64

    public struct LoadError: Error, CustomStringConvertible {
        public let description: String
    }

    /// How the data was obtained, for the benchmark and for a status line.
    public enum Origin: Equatable, Sendable {
        case cache
        /// Built from the source; `reason` says why the cache was not used, `saved` whether the new
        /// cache could be written.
        case built(reason: String, saved: Bool)
    }

    /// `$XDG_CACHE_HOME/touchdesk`, else `~/.cache/touchdesk`.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/touchdesk" }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return home + "/.cache/touchdesk"
    }

    // MARK: - Layout

    struct Layout {
        let width: Int, height: Int
        var stride: Int { width + 1 }
        var cellCount: Int { stride * height }
        var cellsOffset: Int { headerSize }
        /// Two signed bytes per cell (`HillShade.computeNormals`).
        var normalOffset: Int { cellsOffset + cellCount * 4 }
        var landOffset: Int { (normalOffset + cellCount * 2 + 7) & ~7 }
        var landCount: Int { SeaLevel.highest + 1 }
        var gainedOffset: Int { landOffset + landCount * 8 }
        var gainedCount: Int { -SeaLevel.lowest + 1 }
        /// ETOPO1 at its own 0.1° for places' heights (zeros without it): 16-bit metres, rows of
        /// `fineStride` (the last column repeats the first), `fineRows` from the south pole.
        var fineOffset: Int { gainedOffset + gainedCount * 8 }
        var fineStride: Int { ETOPO1.columns }
        var fineRows: Int { ETOPO1.rows }
        var fileSize: Int { fineOffset + fineStride * fineRows * 2 }
        var payloadSize: Int { fileSize - headerSize }
    }

    /// The memory behind a `GlobeData`: a read-only file mapping or a heap block.
    final class Block: @unchecked Sendable {  // the pointer is written only before the data is shared
        let base: UnsafeMutableRawPointer
        let count: Int
        private let mapped: Bool

        init(heapBytes: Int) {
            base = .allocate(byteCount: heapBytes, alignment: 64)
            count = heapBytes; mapped = false
        }

        init(mapping: UnsafeMutableRawPointer, count: Int) {
            base = mapping; self.count = count; mapped = true
        }

        deinit {
            if mapped { munmap(base, count) } else { base.deallocate() }
        }
    }

    static func writeHeader(into base: UnsafeMutableRawPointer, layout: Layout, sourceSize: UInt64, sources: ReliefSources, landKm2: Double) {
        memset(base, 0, headerSize)
        base.storeBytes(of: magic, toByteOffset: 0, as: UInt64.self)
        base.storeBytes(of: version, toByteOffset: 8, as: UInt32.self)
        base.storeBytes(of: UInt32(layout.width), toByteOffset: 12, as: UInt32.self)
        base.storeBytes(of: UInt32(layout.height), toByteOffset: 16, as: UInt32.self)
        base.storeBytes(of: UInt32(headerSize), toByteOffset: 20, as: UInt32.self)
        base.storeBytes(of: sourceSize, toByteOffset: 24, as: UInt64.self)
        base.storeBytes(of: UInt64(layout.payloadSize), toByteOffset: 32, as: UInt64.self)
        base.storeBytes(of: sources.rawValue, toByteOffset: sourcesOffset, as: UInt32.self)
        base.storeBytes(of: landKm2, toByteOffset: landAreaOffset, as: Double.self)
        base.storeBytes(of: checksum(base + headerSize, byteCount: layout.payloadSize), toByteOffset: 40, as: UInt64.self)
    }

    /// FNV-1a over 64-bit words in four independent lanes (so the multiplies overlap): about
    /// a few milliseconds for the 60 MB file. Not cryptographic; it catches truncation and damage.
    static func checksum(_ p: UnsafeRawPointer, byteCount: Int) -> UInt64 {
        let words = p.assumingMemoryBound(to: UInt64.self)
        let n = byteCount / 8
        let prime: UInt64 = 0x0000_0100_0000_01B3
        var h0: UInt64 = 0xCBF2_9CE4_8422_2325, h1 = h0 ^ 1, h2 = h0 ^ 2, h3 = h0 ^ 3
        var i = 0
        while i + 4 <= n {
            h0 = (h0 ^ words[i]) &* prime
            h1 = (h1 ^ words[i + 1]) &* prime
            h2 = (h2 ^ words[i + 2]) &* prime
            h3 = (h3 ^ words[i + 3]) &* prime
            i += 4
        }
        while i < n { h0 = (h0 ^ words[i]) &* prime; i += 1 }
        var tail: UInt64 = 0
        memcpy(&tail, p + n * 8, byteCount - n * 8)
        return ((h0 ^ tail) &* prime ^ h1 &* 3 ^ h2 &* 5 ^ h3 &* 7) &* prime
    }

    // MARK: - Reading

    /// Maps and checks the cache at `path`; throws saying what is wrong with it.
    static func load(path: String, width: Int, height: Int, sourceSize: UInt64?) throws -> GlobeData {
        let layout = Layout(width: width, height: height)
        // Non-blocking: a FIFO planted as the cache is refused, never waited on.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw LoadError(description: "no cache yet") }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG else {
            throw LoadError(description: "the cache is not a regular file")
        }
        guard Int(st.st_size) == layout.fileSize else {
            throw LoadError(description: "cache has the wrong size")
        }
        guard let map = mmap(nil, layout.fileSize, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0), map != MAP_FAILED else {
            throw LoadError(description: "cannot map the cache: \(String(cString: strerror(errno)))")
        }
        let block = Block(mapping: map, count: layout.fileSize)
        let base = UnsafeRawPointer(map)
        guard base.load(as: UInt64.self) == magic else { throw LoadError(description: "not a globe cache") }
        guard base.load(fromByteOffset: 8, as: UInt32.self) == version else { throw LoadError(description: "cache from another version") }
        guard base.load(fromByteOffset: 12, as: UInt32.self) == UInt32(width),
              base.load(fromByteOffset: 16, as: UInt32.self) == UInt32(height),
              base.load(fromByteOffset: 32, as: UInt64.self) == UInt64(layout.payloadSize)
        else { throw LoadError(description: "cache of another grid") }
        if let sourceSize, base.load(fromByteOffset: 24, as: UInt64.self) != sourceSize {
            throw LoadError(description: "cache made from other data files")
        }
        guard base.load(fromByteOffset: 40, as: UInt64.self) == checksum(base + headerSize, byteCount: layout.payloadSize) else {
            throw LoadError(description: "cache is damaged (checksum)")
        }
        return GlobeData(block: block, width: width, height: height)
    }

    /// The globe for the ETOPO5 file at `source` and the other data sets where they are installed.
    public static func loadOrBuild(source: String, directory: String = defaultDirectory(),
                                   progress: (Step) -> Void = { _ in }) throws -> (data: GlobeData, origin: Origin) {
        try loadOrBuild(paths: ReliefPaths(etopo5: source), directory: directory, progress: progress)
    }

    /// The globe for the data sets at `paths`: from the cache in `directory` when it is good and
    /// made from files of the same sizes, else built from them and saved there. Throws only when
    /// ETOPO5 is needed and cannot be read (the message names the package to install); the other
    /// data sets fall back (see `GlobeData.missingData`).
    /// `progress` hears each step as it starts (on the calling thread).
    /// `stop`, once set, ends a first run's build between its steps (`Stopped`); the cache is read whole.
    public static func loadOrBuild(paths: ReliefPaths = ReliefPaths(),
                                   directory: String = defaultDirectory(),
                                   stop: StopFlag? = nil,
                                   progress: (Step) -> Void = { _ in }) throws -> (data: GlobeData, origin: Origin) {
        let path = directory + "/" + fileName
        // Without ETOPO5 any good cache will do: nothing could be rebuilt anyway.
        let fingerprint: UInt64? = FileManager.default.fileExists(atPath: paths.etopo5) ? paths.fingerprint() : nil
        let reason: String
        progress(.checkingCache)
        do {
            return (try load(path: path, width: ETOPO5.width, height: ETOPO5.height, sourceSize: fingerprint), .cache)
        } catch let error as LoadError {
            reason = error.description
        }
        // Never beside the place index's build (`FirstRunBuilds`): the two peaks added up.
        let built = try FirstRunBuilds.oneAtATime(stop: stop, waiting: { progress(.waiting) }) { () throws -> (data: GlobeData, origin: Origin) in
            if stop?.isSet == true { throw Stopped() }
            progress(.reading)
            let relief = try MergedRelief.load(paths)
            if stop?.isSet == true { throw Stopped() }
            let data = GlobeData.build(from: consume relief, sourceSize: fingerprint ?? 0, progress: progress)
            progress(.saving)
            let saved = (try? write(data, to: path)) != nil
            return (data, .built(reason: reason, saved: saved))
        }
        guard let built else { throw Stopped() }
        return built
    }

    /// The steps of `loadOrBuild`, in order, for a progress display (in English: a view shows
    /// `tr(step.description)`). Later runs only check the cache.
    public enum Step: Int, Sendable, CaseIterable, CustomStringConvertible {
        case checkingCache, waiting, reading, flooding, shading, saving

        public var description: String {
            switch self {
            case .checkingCache: translatable("Opening the cached globe")
            case .waiting: translatable("Waiting for the place index to be built (first run only)")
            case .reading: translatable("Reading the relief, land and lakes (first run only)")
            case .flooding: translatable("Finding where the sea can reach")
            case .shading: translatable("Shading the relief")
            case .saving: translatable("Saving the globe for next time")
            }
        }
    }

    // MARK: - Writing

    /// Writes `data`'s block to `path` with the one atomic writer (an exclusive temp file in the
    /// same folder, created 0700 if missing; fsync; rename; fsync the folder).
    static func write(_ data: GlobeData, to path: String) throws {
        let block = data.blockForWriting
        do {
            try AtomicFile.write(UnsafeRawBufferPointer(start: block.base, count: block.count), to: path,
                                 fileMode: 0o600, createFolder: 0o700)
        } catch {
            throw LoadError(description: error.description)
        }
    }
}
