import Foundation
import Testing
@testable import TouchDeskGlobe

/// The relief cache under $XDG_CACHE_HOME is a file anyone with the user's rights can replace:
/// something other than a regular file there is refused at once, not waited on.
@Suite("Globe cache: hostile files")
struct HostileCacheTests {
    @Test func aFIFOAsTheCacheIsRefusedWithoutWaiting() throws {
        let dir = NSTemporaryDirectory() + "touchdesk-globe-fifo-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/" + GlobeCache.fileName
        #expect(mkfifo(path, 0o600) == 0)
        let start = Date()
        #expect(throws: (any Error).self) { try GlobeCache.load(path: path, width: 64, height: 32, sourceSize: nil) }
        // A hang guard, not a speed: an open that waited for a writer would never return; the
        // bound is far above any load.
        #expect(Date().timeIntervalSince(start) < 60, "opening the FIFO waited")
    }
}
