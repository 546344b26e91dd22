import Glibc

/// Hands memory the program has freed back to the system. glibc keeps freed blocks in the arena
/// of the thread that used them (one arena per busy thread, 64 MB heaps each) and returns a
/// heap's pages only from its top: after a first run's build of the relief or the place index
/// (hundreds of megabytes of temporary grids and records, freed when the build ends) or an app's
/// pictures freed on leaving, the process kept 200 MB it no longer used (`scripts/soak`).
/// `malloc_trim(0)` walks every arena and gives back each whole free page: a few milliseconds.
public enum FreedMemory {
    /// Called where much was just freed: a load or build ended, an app was left.
    public static func giveBack() {
        _ = trim?(0)
    }

    /// The size from which a block is mapped on its own while a first run's build runs.
    static let ownMappingBytes: Int32 = 1 << 20
    /// glibc's ceiling for its moving threshold (32 MB on 64-bit systems), where it is after a
    /// few big blocks have been freed.
    static let arenaBlocksUpTo: Int32 = 32 << 20

    /// Runs `build` (a first run's build of the relief or the place index) with every block of a
    /// megabyte or more mapped on its own (`mallopt`'s `M_MMAP_THRESHOLD`), and so given back to
    /// the system as soon as it is freed. glibc starts at 128 kB but raises the threshold to the
    /// size of each mapped block freed, up to 32 MB: after the first big array was freed, arrays of
    /// up to 32 MB (a grid of the relief, a growing list of the place index's keys, each copy an
    /// array leaves behind as it grows) were carved out of the arenas, and what they left there
    /// stayed resident until the next `giveBack`: the builds peaked 30 to 56 MB higher so
    /// (docs/testing.md, "Leaving an app, and memory"). Afterwards blocks of up to 32 MB come
    /// from the arenas again, as glibc would have them by then: mapped apart for the whole run,
    /// each frame's few-megabyte pictures were mapped and zeroed afresh, which doubled
    /// `touchdesk-bench map`'s page faults and cost it a quarter more CPU.
    public static func mappingLargeBlocksApart<T, E: Error>(_ build: () throws(E) -> T) throws(E) -> T {
        _ = options?(-3 /* M_MMAP_THRESHOLD */, ownMappingBytes)
        defer {
            // With its threshold set, glibc no longer moves the top-of-heap trim threshold with
            // it (twice the threshold): set both where they would stand.
            _ = options?(-3, arenaBlocksUpTo)
            _ = options?(-1 /* M_TRIM_THRESHOLD */, 2 * arenaBlocksUpTo)
            giveBack()
        }
        return try build()
    }

    /// glibc's `malloc_trim` (not in the Glibc module's headers), found once; nil with another C library.
    nonisolated(unsafe) private static let trim: (@convention(c) (Int) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
    }()

    /// glibc's `mallopt`, likewise.
    nonisolated(unsafe) private static let options: (@convention(c) (Int32, Int32) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
    }()
}
