import Foundation
import TouchDeskFiles

/// The place index kept as a binary file under `$XDG_CACHE_HOME/touchdesk/`, so later starts
/// load it in milliseconds instead of parsing 30 MB of JSON.
///
/// Layout (little-endian): an 8-byte magic, the format version, an endianness mark, the data
/// fingerprint (`GeoNamesSource.fingerprint()`), the payload's length and checksum; then the
/// payload, a fixed sequence of arrays each as its element count and its raw bytes padded to 8.
/// A file with another magic, version, fingerprint, length or checksum, or whose arrays do not
/// fit together, is not trusted: the index is rebuilt and the file replaced.
public enum PlaceIndexCache {
    public static let formatVersion: UInt32 = 6
    public static let fileName = "places-v\(formatVersion).index"
    private static let magic = Array("TDPLACES".utf8)
    private static let endianMark: UInt32 = 0x0102_0304
    private static let headerSize = 40
    /// The largest cache file read: about eight times today's index of 60 MB.
    static let maxBytes = 512 << 20

    /// How `load` got its index.
    public enum Origin: Sendable, Equatable {
        /// Read from the cache file.
        case cache
        /// Built from the JSON; `reason` says why the cache was not used.
        case built(reason: String)
    }

    /// A loaded index and how it came, plus a warning if the cache could not be written.
    public struct Loaded: Sendable {
        public var index: PlaceIndex
        public var origin: Origin
        public var cachePath: String
        public var warning: String?
        /// The optional data sets that were not installed when the index was built.
        public var missing: [PlaceDataSet] = []
    }

    /// The index each cache file gave this process, so Map Search, Sea Level and Postal Codes share
    /// one copy (about 100 MB) instead of loading three.
    nonisolated(unsafe) private static var shared: [String: Loaded] = [:]
    private static let sharedLock = NSLock()

    /// `load` from the installed data, once per process and cache folder: later calls (from any
    /// thread; a second caller waits for the first) get the same index. A failure is not kept, so a
    /// later call tries again (after the user installed the data, say).
    public static func loadShared(
        cacheFolder: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(PlacesError) -> Loaded {
        // Without a flag nothing stops the load.
        try loadShared(cacheFolder: cacheFolder, environment: environment, stop: StopFlag())!
    }

    /// `loadShared`, or nil when `stop` was set before the index was in (the user left the app
    /// that wanted it): the load ends between its steps, and the next call starts again.
    public static func loadShared(
        cacheFolder: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment, stop: StopFlag
    ) throws(PlacesError) -> Loaded? {
        let folder = cacheFolder ?? defaultFolder(environment: environment)
        if stop.isSet { return nil }
        sharedLock.lock()
        defer { sharedLock.unlock() }
        if let loaded = shared[folder] { return loaded }
        let built = try load(cacheFolder: folder, environment: environment, stop: stop)
        // A first run's build freed the records it was built from (hundreds of MB): give them back.
        if built?.origin != .cache { FreedMemory.giveBack() }
        guard let loaded = built else { return nil }
        shared[folder] = loaded
        return loaded
    }

    /// `$XDG_CACHE_HOME/touchdesk`, else `~/.cache/touchdesk`.
    public static func defaultFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/touchdesk" }
        return (environment["HOME"] ?? NSHomeDirectory()) + "/.cache/touchdesk"
    }

    /// The index from the cache when it is sound and matches the installed data, else built
    /// from the JSON and cached. Throws only when the data is missing or unreadable. Slow the
    /// first time (about a second): call it off the UI thread.
    public static func load(
        source given: GeoNamesSource? = nil, cacheFolder: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(PlacesError) -> Loaded {
        try load(source: given, cacheFolder: cacheFolder, environment: environment, stop: StopFlag())!
    }

    /// `load`, looking at `stop` between its steps: nil once it is set.
    static func load(
        source given: GeoNamesSource? = nil, cacheFolder: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment, stop: StopFlag
    ) throws(PlacesError) -> Loaded? {
        let source: GeoNamesSource
        if let given { source = given } else { source = try GeoNamesSource.locate(environment: environment) }
        let path = (cacheFolder ?? defaultFolder(environment: environment)) + "/" + fileName
        let fingerprint = source.fingerprint()
        let reason: String
        switch read(path: path, fingerprint: fingerprint) {
        case .success(let index):
            return Loaded(index: index, origin: .cache, cachePath: path, missing: source.missing)
        case .failure(let why):
            reason = why.description
        }
        // Building takes about a second alone (first run only), never beside the globe's build
        // (`FirstRunBuilds`): stopped while it waits, and before and after reading the records.
        let built = try FirstRunBuilds.oneAtATime(stop: stop) { () throws(PlacesError) -> Loaded? in
            if stop.isSet { return nil }
            let records = try PlaceRecords.read(from: source)
            if stop.isSet { return nil }
            let index = PlaceIndexBuilder.build(from: consume records)
            if stop.isSet { return nil }
            var warning: String?
            do {
                try write(index, fingerprint: fingerprint, to: path)
            } catch {
                warning = "the place index could not be cached (\(error)); it will be built again next time"
            }
            return Loaded(index: index, origin: .built(reason: reason), cachePath: path, warning: warning, missing: source.missing)
        }
        return built ?? nil
    }

    /// Builds the index from `source` without touching any cache.
    public static func build(source: GeoNamesSource) throws(PlacesError) -> PlaceIndex {
        PlaceIndexBuilder.build(from: try PlaceRecords.read(from: source))
    }

    // MARK: - Writing

    /// Writes the cache file for `index` piece by piece, each array straight from memory: the
    /// file (67 MB) is never gathered in memory (it was, three times over, at the build's peak).
    static func write(_ index: PlaceIndex, fingerprint: UInt64, to path: String) throws(FileError) {
        var sum = Checksum()
        forEachPiece(of: index) { sum.add($0) }
        let head = header(fingerprint: fingerprint, payloadLength: sum.length, checksum: sum.value)
        try AtomicFile.write(to: path, createFolder: 0o700) { sink in
            head.withUnsafeBytes { sink.write($0) }
            forEachPiece(of: index) { sink.write($0) }
        }
    }

    /// The whole file for `index`, in memory (tests and fuzzing).
    static func encode(_ index: PlaceIndex, fingerprint: UInt64) -> [UInt8] {
        var sum = Checksum()
        forEachPiece(of: index) { sum.add($0) }
        var out = header(fingerprint: fingerprint, payloadLength: sum.length, checksum: sum.value)
        out.reserveCapacity(headerSize + sum.length)
        forEachPiece(of: index) { out.append(contentsOf: $0) }
        return out
    }

    private static func header(fingerprint: UInt64, payloadLength: Int, checksum: UInt64) -> [UInt8] {
        var out = magic
        appendRaw(formatVersion, to: &out)
        appendRaw(endianMark, to: &out)
        appendRaw(fingerprint, to: &out)
        appendRaw(UInt64(payloadLength), to: &out)
        appendRaw(checksum, to: &out)
        return out
    }

    /// The payload in order, as pieces of bytes: each array as its element count, its raw bytes
    /// and zeros padding it to 8.
    private static func forEachPiece(of index: PlaceIndex, _ body: (UnsafeRawBufferPointer) -> Void) {
        func put<T: BitwiseCopyable>(_ array: [T]) {
            withUnsafeBytes(of: UInt64(array.count).littleEndian) { body($0) }
            array.withUnsafeBytes { raw in
                body(raw)
                let padding = (8 - raw.count % 8) % 8
                withUnsafeBytes(of: UInt64(0)) { body(UnsafeRawBufferPointer(rebasing: $0[0..<padding])) }
            }
        }
        put(index.kinds)
        put(index.names)
        put(index.admin1)
        put(index.regions)
        put(index.localities)
        put(index.countries)
        put(index.populations)
        put(index.latitudes)
        put(index.longitudes)
        put(index.timezones)
        put(index.ranks)
        put(index.scores)
        put(index.regionBounds)
        put(index.subdivisionNames)
        put([UInt64(index.cityCount), UInt64(index.firstRegion)])
        put(index.countryCodes)
        put(index.countryNames)
        put(index.countryLanguages)
        put(index.strings.starts)
        put(index.strings.bytes)
        for section in index.sections {
            put(section.keyStarts)
            put(section.keyBytes)
            put(section.places)
            put(section.labels)
        }
    }

    private static func appendRaw<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// A fast 64-bit checksum over 8-byte words (the payload is padded to 8): it catches a
    /// truncated or scribbled file, which is all a cache needs.
    static func checksum(_ raw: UnsafeRawBufferPointer) -> UInt64 {
        var sum = Checksum()
        sum.add(raw)
        return sum.value
    }

    /// The checksum taken piece by piece, as the pieces are written: the same as over the
    /// pieces joined (bytes left over at the end, less than a word, count one by one).
    struct Checksum {
        private var h: UInt64 = 0x9E37_79B9_7F4A_7C15
        /// Bytes of a word begun in one piece and not yet ended, the first in the low byte.
        private var partial: UInt64 = 0
        private var partialCount = 0
        /// Bytes taken so far.
        private(set) var length = 0

        private mutating func mix(_ word: UInt64) {
            h = (h ^ word) &* 0xFF51_AFD7_ED55_8CCD
            h ^= h >> 29
        }

        mutating func add(_ raw: UnsafeRawBufferPointer) {
            length += raw.count
            var i = 0
            while partialCount > 0 && i < raw.count {
                partial |= UInt64(raw[i]) << (8 * partialCount)
                partialCount += 1
                i += 1
                if partialCount == 8 {
                    mix(partial)
                    (partial, partialCount) = (0, 0)
                }
            }
            while i + 8 <= raw.count {
                mix(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)))
                i += 8
            }
            while i < raw.count {
                partial |= UInt64(raw[i]) << (8 * partialCount)
                partialCount += 1
                i += 1
            }
        }

        var value: UInt64 {
            var h = h
            for k in 0..<partialCount { h = (h ^ (partial >> (8 * k) & 0xFF)) &* 0x100_0000_01b3 }
            return h
        }
    }

    // MARK: - Reading

    /// Why a cache file was not used.
    public struct Rejection: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// The index in the file at `path` if it is sound and built from data with `fingerprint`.
    public static func read(path: String, fingerprint: UInt64) -> Result<PlaceIndex, Rejection> {
        guard access(path, F_OK) == 0 else { return .failure(Rejection(description: "no cache at \(path)")) }
        // Never blocks on a FIFO, never reads more than any index could be.
        let data: Data
        do { data = try SafeFile.read(path, maxBytes: maxBytes) } catch { return .failure(Rejection(description: error.description)) }
        return data.withUnsafeBytes { raw in decode(raw, fingerprint: fingerprint) }
    }

    static func decode(_ raw: UnsafeRawBufferPointer, fingerprint: UInt64) -> Result<PlaceIndex, Rejection> {
        func reject(_ why: String) -> Result<PlaceIndex, Rejection> { .failure(Rejection(description: why)) }
        guard raw.count >= headerSize, Array(raw[0..<8]) == magic else { return reject("not a place index") }
        let version = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt32.self))
        guard version == formatVersion else { return reject("format version \(version), expected \(formatVersion)") }
        guard UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 12, as: UInt32.self)) == endianMark else {
            return reject("written on a machine of other byte order")
        }
        guard UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self)) == fingerprint else {
            return reject("built from other GeoNames files")
        }
        let length = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 24, as: UInt64.self))
        guard length == UInt64(raw.count - headerSize) else { return reject("truncated or padded") }
        let sum = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 32, as: UInt64.self))
        let payload = UnsafeRawBufferPointer(rebasing: raw[headerSize...])
        guard sum == checksum(payload) else { return reject("checksum mismatch (damaged)") }

        var reader = Reader(raw: payload)
        guard
            let kinds = reader.take(UInt8.self), let names = reader.take(UInt32.self),
            let admin1 = reader.take(UInt32.self), let regions = reader.take(UInt32.self),
            let localities = reader.take(UInt32.self),
            let countries = reader.take(UInt16.self), let populations = reader.take(UInt32.self),
            let latitudes = reader.take(Double.self), let longitudes = reader.take(Double.self),
            let timezones = reader.take(UInt32.self), let ranks = reader.take(UInt32.self),
            let scores = reader.take(UInt32.self),
            let regionBounds = reader.take(Double.self), let subdivisionNames = reader.take(UInt32.self),
            let firstRegionArray = reader.take(UInt64.self),
            let countryCodes = reader.take(UInt16.self), let countryNames = reader.take(UInt32.self),
            let countryLanguages = reader.take(UInt32.self),
            let stringStarts = reader.take(UInt32.self), let stringBytes = reader.take(UInt8.self)
        else { return reject("arrays cut short") }
        var sectionParts: [([UInt32], [UInt8], [UInt32], [UInt32])] = []
        for _ in PlaceIndex.Section.allCases {
            guard let starts = reader.take(UInt32.self), let bytes = reader.take(UInt8.self),
                  let places = reader.take(UInt32.self), let labels = reader.take(UInt32.self)
            else { return reject("arrays cut short") }
            sectionParts.append((starts, bytes, places, labels))
        }
        guard reader.atEnd else { return reject("trailing bytes") }

        // The checksum guards against damage; these checks guard against a writer's bug, so
        // no index read from disk can send a lookup out of bounds.
        let n = kinds.count
        guard firstRegionArray.count == 2, let cityCount = Int(exactly: firstRegionArray[0]),
              let firstRegion = Int(exactly: firstRegionArray[1]), cityCount <= firstRegion, firstRegion <= n,
              [names.count, admin1.count, regions.count, localities.count, countries.count, populations.count, latitudes.count,
               longitudes.count, timezones.count, ranks.count, scores.count].allSatisfy({ $0 == n }),
              regionBounds.count == 4 * (n - firstRegion), subdivisionNames.count == n - firstRegion,
              countryCodes.count == countryNames.count, countryLanguages.count == countryCodes.count,
              kinds.allSatisfy({ PlaceKind(rawValue: $0) != nil }),
              // Positions on the globe (the nearest-place grid turns them into cell numbers; the
              // fuzz target `placecache` found a NaN latitude trapping there).
              latitudes.allSatisfy({ $0.isFinite && abs($0) <= 90 }), longitudes.allSatisfy({ $0.isFinite && abs($0) <= 180 }),
              regionBounds.allSatisfy({ $0.isFinite }),
              countries.allSatisfy({ Int($0) < countryCodes.count }),
              ranks.allSatisfy({ Int($0) < n }),
              validOffsets(stringStarts, total: stringBytes.count)
        else { return reject("inconsistent place arrays") }
        let stringCount = UInt32(stringStarts.count - 1)
        for ids in [names, timezones, countryNames] where !ids.allSatisfy({ $0 < stringCount }) {
            return reject("string id out of range")
        }
        for ids in [admin1, regions, localities, subdivisionNames, countryLanguages] where !ids.allSatisfy({ $0 < stringCount || $0 == StringTable.none }) {
            return reject("string id out of range")
        }
        var sections: [KeySection] = []
        for (starts, bytes, places, labels) in sectionParts {
            guard validOffsets(starts, total: bytes.count), places.count == starts.count - 1, labels.count == places.count,
                  places.allSatisfy({ Int($0) < n }), labels.allSatisfy({ $0 < stringCount })
            else { return reject("inconsistent key arrays") }
            sections.append(KeySection(keyStarts: starts, keyBytes: bytes, places: places, labels: labels, ranks: ranks))
        }
        return .success(PlaceIndex(
            kinds: kinds, names: names, admin1: admin1, regions: regions, localities: localities, countries: countries,
            populations: populations, latitudes: latitudes, longitudes: longitudes, timezones: timezones,
            ranks: ranks, scores: scores, regionBounds: regionBounds, subdivisionNames: subdivisionNames,
            cityCount: cityCount, firstRegion: firstRegion, countryCodes: countryCodes,
            countryNames: countryNames, countryLanguages: countryLanguages, strings: StringTable(starts: stringStarts, bytes: stringBytes),
            sections: sections
        ))
    }

    private static func validOffsets(_ starts: [UInt32], total: Int) -> Bool {
        guard let first = starts.first, first == 0, Int(starts.last!) == total else { return false }
        var previous: UInt32 = 0
        for s in starts {
            if s < previous { return false }
            previous = s
        }
        return true
    }

    private struct Reader {
        let raw: UnsafeRawBufferPointer
        var offset = 0

        var atEnd: Bool { offset == raw.count }

        mutating func take<T: BitwiseCopyable>(_: T.Type) -> [T]? {
            guard offset + 8 <= raw.count else { return nil }
            let count = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            let size = MemoryLayout<T>.stride
            guard count <= UInt64(raw.count / max(1, size)) else { return nil }
            let byteCount = Int(count) * size
            let start = offset + 8
            guard start + byteCount <= raw.count else { return nil }
            let array = [T](unsafeUninitializedCapacity: Int(count)) { buffer, initialized in
                UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[start..<(start + byteCount)]))
                initialized = Int(count)
            }
            offset = (start + byteCount + 7) & ~7
            return array
        }
    }
}
