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

    /// glibc's `malloc_trim` (not in the Glibc module's headers), found once; nil with another C library.
    nonisolated(unsafe) private static let trim: (@convention(c) (Int) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
    }()
}
