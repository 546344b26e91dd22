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

    /// The size from which a block is mapped on its own, and so given back the moment it is freed.
    static let ownMappingBytes: Int32 = 1 << 20

    /// From now on every block of a megabyte or more is mapped on its own (`mallopt`'s
    /// `M_MMAP_THRESHOLD`) and given back to the system as soon as it is freed. glibc starts at
    /// 128 kB but raises the threshold to the size of each mapped block freed, up to 32 MB: after
    /// the first big array was freed, arrays of up to 32 MB (a grid of the relief, a growing list
    /// of the place index's keys, each copy an array leaves behind as it grows) were carved out
    /// of the arenas, and what they left there stayed resident until the next `giveBack`. A first
    /// run's builds peaked 30 to 56 MB higher so (docs/testing.md, "Leaving an app, and memory").
    /// Called once, at the start of the program.
    public static func giveBackLargeBlocksAtOnce() {
        _ = options?(-3 /* M_MMAP_THRESHOLD */, ownMappingBytes)
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
