import Foundation
import Glibc
import Testing
import TouchDeskFiles
import TouchDeskTestSupport

/// Two processes on one set of files, a writer killed mid-save, and file names that are not
/// UTF-8, with the real binary.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct TwoWindowsEndToEndTests {
    static func pictures(_ session: XSession) -> [String] {
        let dir = session.home.appendingPathComponent("Pictures").path
        return ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasSuffix(".png") && !$0.hasPrefix(".") }.sorted()
    }

    @Test("Two windows on one home save pictures in the same second: every picture survives; the second writes no state and says so; quitting both leaves valid state")
    func twoWindowsSavingAtOnce() async throws {
        let a = try await XSession(name: "two-windows-a")
        defer { a.close() }
        let b = try await XSession(name: "two-windows-b")
        defer { b.close() }
        // The second window's session shares the first one's home and folders.
        b.extraEnvironment = a.environment.filter { $0.key == "HOME" || $0.key.hasPrefix("XDG_") && $0.key != "XDG_RUNTIME_DIR" }
        let first = try await a.launch(["paint", "--size", "700x500"])
        let second = try await b.launch(["paint", "--size", "700x500"])
        #expect(second.log.contains("keeps the saved state"), "\(second.log)")
        #expect(second.log.contains("process \(first.pid)"), "\(second.log)")
        try await first.drag([(200, 200), (400, 300)])
        try await second.drag([(250, 150), (300, 350)])
        let rounds = 5
        for round in 1...rounds {
            // A dab in each first: Ctrl+S again on an unchanged canvas whose save is still under
            // way does nothing more (`PaintFiles.save`), and a round's file can be on disk before
            // its save has ended (the folder's fsync), so a round on unchanged canvases could lose
            // a press on a loaded machine. Then both presses land within a few milliseconds: the
            // same second, the same picture name.
            try await first.click(Double(150 + 20 * round), 240)
            try await second.click(Double(150 + 20 * round), 260)
            try await first.key("ctrl+s")
            try await second.key("ctrl+s")
            let done = await wait(until: { Self.pictures(a).count >= 2 * round }, timeout: 10)
            #expect(done, "round \(round): \(Self.pictures(a))")
        }
        let saved = Self.pictures(a)
        #expect(saved.count == 2 * rounds, "\(saved)")
        let numbered = saved.filter { $0.range(of: #"-\d{6}-\d+\.png$"#, options: .regularExpression) != nil }
        print("two windows: \(saved.count) pictures after \(2 * rounds) saves, \(numbered.count) with a counter added on a clash")
        for name in saved {
            let png = PixelImage(pngPath: a.home.appendingPathComponent("Pictures/" + name).path)
            #expect(png?.width == 700, "\(name) is a whole picture")
        }
        try await second.key("ctrl+q")
        #expect(await second.waitForExit(timeout: 10) == .exited(0), "\(second.log)")
        #expect(second.log.contains("quitting without saving app state"), "\(second.log)")
        try await first.key("ctrl+q")
        #expect(await first.waitForExit(timeout: 10) == .exited(0), "\(first.log)")
        let state = try Data(contentsOf: a.home.appendingPathComponent(".local/state/touchdesk/paint.json"))
        #expect((try? JSONSerialization.jsonObject(with: state)) != nil, "paint.json is valid JSON (\(state.count) bytes)")
    }

    @Test("kill -9 during saves: the target is always the old or a new whole picture, and the next start removes every temporary file")
    func killDuringSaves() async throws {
        let session = try await XSession(name: "kill-during-saves")
        defer { session.close() }
        let folder = session.home.appendingPathComponent("Pictures").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let target = folder + "/touchdesk-target.png"
        let binary = try XSession.binary()
        var kinds: [Int: Int] = [:]
        var leftBehind = 0
        func start(_ side: Int) throws -> ChildProcess {
            try ChildProcess(binary, ["mandelbrot", "--size", "\(side)x\(side)", "--screenshot", target],
                             environment: session.environment, directory: session.home.path, stdout: "/dev/null", stderr: "/dev/null")
        }
        // One whole run first: the old file, and how long a run takes on this machine now.
        let began = Date()
        #expect(try await start(1100).wait(timeout: 120) == .exited(0))
        let full = Date().timeIntervalSince(began)
        func temporaries() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasPrefix(".touchdesk-target.png.") }
        }
        var caughtWriting = 0
        for i in 0..<12 {
            // Each run draws a different size, so old and new differ. Even runs are killed between
            // half way and just past the end of a whole run; odd runs the moment their temporary
            // file appears, so the kill lands while the picture is being written.
            let side = 1200 + 100 * (i % 4)
            let before = Set(temporaries())
            let p = try start(side)
            if i % 2 == 0 {
                await hold(for: full * (0.5 + 0.06 * Double(i)))
            } else {
                await wait(until: { !p.isRunning || !Set(temporaries()).isSubset(of: before) }, timeout: full * 3, interval: 0.0005)
            }
            kill(p.pid, SIGKILL)
            _ = await p.wait(timeout: 10)
            if !Set(temporaries()).isSubset(of: before) { caughtWriting += 1 }
            let png = try #require(PixelImage(pngPath: target), "run \(i): the target is a whole PNG")
            #expect(png.width == png.height && [1100, 1200, 1300, 1400, 1500].contains(png.width), "run \(i): \(png.width)")
            kinds[png.width, default: 0] += 1
            leftBehind = max(leftBehind, temporaries().count)
        }
        // A temporary file of the older form, from an earlier version, an hour old.
        let older = folder + "/.touchdesk-painting-2026-01-01-000000.png.Ab12Cd"
        #expect(FileManager.default.createFile(atPath: older, contents: Data(count: 1000)))
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-7200)], ofItemAtPath: older)
        // And one from a writer that is gone.
        let dead = folder + "/.touchdesk-painting.png.touchdesk-4194000.Zz12Yy"
        #expect(FileManager.default.createFile(atPath: dead, contents: Data(count: 1000)))
        let theirs = folder + "/.notes.txt.Ab12Cd"
        #expect(FileManager.default.createFile(atPath: theirs, contents: Data("someone else's".utf8)))
        print("kill -9 loop: a whole run takes \(String(format: "%.1f", full)) s; target sizes seen \(kinds), at most \(leftBehind) temporary file(s) left at once; \(caughtWriting) of 12 runs killed while writing")
        let app = try await session.launch(["doubler"])
        let temporaries = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasPrefix(".touchdesk") }
        #expect(temporaries.isEmpty, "\(temporaries)")
        #expect(FileManager.default.fileExists(atPath: theirs), "a file that is not ours stays")
        #expect(app.log.contains("temporary file"), "\(app.log)")
    }

    @Test("touchdesk paint $'bad-\\xff\\xfe.png' opens that file, shows its name with replacement characters, and Ctrl+S writes back to it")
    func nonUTF8FileName() async throws {
        let session = try await XSession(name: "non-utf8-name")
        defer { session.close() }
        // A real picture to open: Mandelbrot's own screenshot, renamed to bytes that are not UTF-8.
        let plain = session.home.appendingPathComponent("plain.png").path
        let make = try ChildProcess(try XSession.binary(), ["mandelbrot", "--size", "640x480", "--screenshot", plain],
                                    environment: session.environment, directory: session.home.path, stdout: "/dev/null", stderr: "/dev/null")
        #expect(await make.wait(timeout: 60) == .exited(0))
        let badName = Paths.string(fromSystem: Array("bad-".utf8) + [0xFF, 0xFE] + Array(".png".utf8))
        let badPath = session.home.path + "/" + badName
        #expect(Paths.withSystemPath(badPath) { rename(plain, $0) } == 0)
        let before = try Self.readBytes(badPath)
        // Spawned with the raw bytes as its argument (a Swift String could not carry them).
        let app = try await session.launch(["paint", badName, "--size", "700x560"])
        let opened = await wait(until: { app.log.contains("Opened") || app.log.contains("cannot") }, timeout: 10)
        #expect(!app.log.contains("no such file"), "\(app.log)")
        let shot = try await app.screenshot("opened")
        // The Mandelbrot picture's black set fills part of the canvas.
        #expect(shot.count(of: .black, tolerance: 8) > 5_000, "the picture is on the canvas (\(opened))")
        try await app.drag([(100, 150), (300, 200)])
        try await app.key("ctrl+s")
        let changed = await wait(until: { (try? Self.readBytes(badPath)).map { $0 != before } ?? false }, timeout: 10)
        #expect(changed, "Ctrl+S wrote back to the file with the same bytes in its name")
        try await app.key("ctrl+q")
        _ = await app.waitForExit(timeout: 10)
    }

    static func readBytes(_ path: String) throws -> Data { try SafeFile.read(path, maxBytes: 64 << 20) }
}
