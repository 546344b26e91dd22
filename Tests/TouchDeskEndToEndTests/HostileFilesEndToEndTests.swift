import Foundation
import Testing
import TouchDeskTestSupport

/// Hostile things where the program's own files belong: FIFOs (which block a plain open for ever),
/// and a state file far too large. The window must still open at once, every app must open, each
/// refusal is said on stderr, and nothing of the user's is replaced or removed.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct HostileFilesEndToEndTests {
    @Test("FIFOs as window.json, user-dirs.dirs, holes.json and maze.json: the apps open, say so, and leave them alone")
    func fifosInPlaceOfStateFiles() async throws {
        let session = try await XSession(name: "hostile-fifos")
        defer { session.close() }
        // No XDG_PICTURES_DIR: the program then reads user-dirs.dirs to find the pictures folder.
        session.extraEnvironment["XDG_PICTURES_DIR"] = ""
        let home = session.home.path
        let fifos = [home + "/.local/state/touchdesk/window.json", home + "/.config/user-dirs.dirs",
                     home + "/.local/share/touchdesk/holes.json", home + "/.local/share/touchdesk/maze.json"]
        for f in fifos {
            try FileManager.default.createDirectory(atPath: (f as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            #expect(mkfifo(f, 0o600) == 0, "mkfifo \(f)")
        }
        // A plain open of any of them would wait for a writer for ever; the launch waits 15 s at most.
        let app = try await session.launch([])
        #expect(try await app.waitForTitle("TouchDesk") == "TouchDesk")
        try await app.key("h")
        #expect(try await app.waitForTitle("TouchDesk — Holes", timeout: 10) == "TouchDesk — Holes", "\(app.log)")
        try await app.key("Escape")
        #expect(try await app.waitForTitle("TouchDesk", timeout: 10) == "TouchDesk")
        try await app.key("z")
        #expect(try await app.waitForTitle("TouchDesk — Maze", timeout: 10) == "TouchDesk — Maze", "\(app.log)")
        try await app.key("ctrl+q")
        #expect(await app.waitForExit(timeout: 15) == .exited(0), "\(app.log)")

        let log = app.log
        for f in fifos {
            let name = (f as NSString).lastPathComponent
            #expect(log.split(separator: "\n").contains { $0.hasPrefix("touchdesk:") && $0.contains(name) && $0.contains("FIFO") },
                    "no line says \(name) was refused as a FIFO: \(log)")
            var st = stat()
            #expect(lstat(f, &st) == 0 && st.st_mode & S_IFMT == S_IFIFO, "\(f) is no longer the FIFO it was")
        }
    }

    @Test("A 64 MB window.json is refused from its size alone: the window opens at once at the default size")
    func aHugeStateFileIsNotRead() async throws {
        let session = try await XSession(name: "hostile-huge-state")
        defer { session.close() }
        let dir = session.home.path + "/.local/state/touchdesk"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        // Sparse: 64 MB that cost no disk, starting like a real state file.
        let path = dir + "/window.json"
        try #require(FileManager.default.createFile(atPath: path, contents: Data("{\"width\": 400, \"height\": 400, \"pad\": \"".utf8)))
        #expect(truncate(path, 64 << 20) == 0)
        let app = try await session.launch([])
        let g = try await app.geometry()
        #expect(g.width == 900 && g.height == 640, "opened at \(g), not the default 900x640")
        #expect(app.log.contains("window.json") && app.log.contains("more than the"), "no line says the file is too large: \(app.log)")
        try await app.key("ctrl+q")
        #expect(await app.waitForExit(timeout: 15) == .exited(0), "\(app.log)")
    }
}
