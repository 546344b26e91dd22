import Foundation
import TouchDeskGlobe
import TouchDeskPlaces

/// The globe's and the place index's caches, built once for the tests in a fixed temporary folder
/// and shared by view tests and every Xvfb session: built from scratch, they cost seconds (the
/// place index tens of seconds unoptimised) per test. Sound caches are reused across runs; the
/// loaders check them (size, version, checksum, source) and rebuild stale ones.
public enum DataCaches {
    /// ETOPO5 is installed (Debian's ferret-datasets).
    public static let reliefAvailable = FileManager.default.fileExists(atPath: ETOPO5.defaultPath())

    /// The folder holding both caches, built on first use. The test lanes are processes of their
    /// own (scripts/test), started at once: one builds while the others wait on a lock beside the
    /// folder, then read what it built (three builds side by side on a fresh machine cost three
    /// times the CPU for the same files).
    public static let directory: String = {
        let dir = NSTemporaryDirectory() + "touchdesk-test-data-caches"
        let lock = open(dir + ".lock", O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        if lock >= 0 { _ = flock(lock, LOCK_EX) }
        defer { if lock >= 0 { close(lock) } }
        _ = try? GlobeCache.loadOrBuild(directory: dir)
        _ = try? PlaceIndexCache.load(cacheFolder: dir)
        return dir
    }()

    /// Puts the caches into `folder` (an app's `$XDG_CACHE_HOME/touchdesk`): hard links, so no
    /// 70 MB copy per session.
    public static func install(into folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for name in [GlobeCache.fileName, PlaceIndexCache.fileName] {
            let source = directory + "/" + name, target = folder + "/" + name
            guard FileManager.default.fileExists(atPath: source) else { continue }
            try? FileManager.default.removeItem(atPath: target)
            if link(source, target) != 0 { try FileManager.default.copyItem(atPath: source, toPath: target) }
        }
    }
}
