import Foundation
import Glibc
import Testing
@testable import TouchDeskFiles
import TouchDeskTestSupport

/// Two processes on one set of files, a writer killed mid-save, and file names that are not UTF-8:
/// nothing saved is replaced by another save, nothing stale piles up, every name still opens.
@Suite("Files: exclusive new files, stale temporary files, the state lock, byte paths")
struct FileSafetyTests {
    func contents(_ path: String) -> String? {
        Paths.withSystemPath(path) { p -> String? in
            guard let f = fopen(p, "r") else { return nil }
            defer { fclose(f) }
            var out: [UInt8] = []
            while true { let c = fgetc(f); if c == EOF { break }; out.append(UInt8(c)) }
            return String(decoding: out, as: UTF8.self)
        }
    }

    @Test func writeNewNeverReplacesAFileAndLeavesNoTemporaryFiles() throws {
        let dir = TemporaryDirectory()
        let path = dir.appending("pic.png")
        #expect(try AtomicFile.writeNew(Data("first".utf8), to: path))
        #expect(try !AtomicFile.writeNew(Data("second".utf8), to: path))
        #expect(contents(path) == "first")
        #expect(dir.files() == ["pic.png"])
    }

    @Test func manyWritersClaimingTheSameNamesAllKeepTheirFiles() async throws {
        let dir = TemporaryDirectory()
        let folder = dir.path
        // Eight writers each claim the first free name of pic, pic-2, … ten times, all at once.
        let claimed = await withTaskGroup(of: [String].self) { group in
            for w in 0..<8 {
                group.addTask {
                    var mine: [String] = []
                    for i in 0..<10 {
                        for n in 1...1000 {
                            let path = folder + "/pic" + (n == 1 ? "" : "-\(n)") + ".png"
                            if (try? AtomicFile.writeNew(Data("\(w).\(i)".utf8), to: path)) == true { mine.append(path); break }
                        }
                    }
                    return mine
                }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        #expect(claimed.count == 80)
        #expect(Set(claimed).count == 80)
        // Every file holds what the one writer that claimed it wrote.
        #expect(Set(claimed.compactMap { contents($0) }).count == 80)
        #expect(dir.files().count == 80)
    }

    @Test func temporaryFilesNameTheirWriter() throws {
        let stale = Array(".paint.json.touchdesk-123.aB3dE9".utf8)
        let parsed = StaleFiles.writer(of: stale)
        #expect(parsed.pid == 123 && parsed.isTemporary)
        #expect(StaleFiles.writer(of: Array(".paint.json.Ab12Cd".utf8)).pid == nil)
        #expect(!StaleFiles.writer(of: Array("paint.json".utf8)).isTemporary)
        #expect(!StaleFiles.writer(of: Array(".bashrc".utf8)).isTemporary)
    }

    @Test func staleTemporaryFilesGoAndLiveOnesStay() throws {
        let dir = TemporaryDirectory()
        // A writer that is gone: a child that has exited and been waited for.
        var child: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
        defer { for a in argv { free(a) } }
        #expect(posix_spawn(&child, "/bin/true", nil, nil, argv, nil) == 0)
        var status: Int32 = 0
        waitpid(child, &status, 0)
        let dead = dir.makeFile(".paint.json.touchdesk-\(child).Ab12Cd", contents: "half")
        let mine = dir.makeFile(".paint.json.touchdesk-\(getpid()).Zz99Yy", contents: "being written")
        // Process 1 is alive and started long before this file was written: its file stays.
        let live = dir.makeFile(".maze.json.touchdesk-1.Qq11Ww", contents: "being written")
        // Older form (no pid): removed once an hour old, and only when its name says it is ours.
        let oldOurs = dir.makeFile(".touchdesk-painting-2026.png.Ab12Cd", contents: "old")
        let oldTheirs = dir.makeFile(".notes.txt.Ab12Cd", contents: "someone else's")
        let recent = dir.makeFile(".touchdesk-mandelbrot.png.Xy12Zw", contents: "recent")
        let picture = dir.makeFile("touchdesk-painting.png", contents: "a picture")
        for path in [oldOurs, oldTheirs] {
            var times = [timespec(tv_sec: time(nil) - 7200, tv_nsec: 0), timespec(tv_sec: time(nil) - 7200, tv_nsec: 0)]
            #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        }
        let removed = StaleFiles.remove(in: dir.path, olderFormPrefix: "touchdesk-")
        #expect(Set(removed) == [dead, oldOurs])
        for kept in [mine, live, oldTheirs, recent, picture] { #expect(access(kept, F_OK) == 0, "\(kept)") }
    }

    @Test func aSecondProcessFindsTheStateLockTakenAndSaysByWhom() throws {
        let dir = TemporaryDirectory()
        let first = StateLock(folder: dir.appending("state"))
        #expect(first.ownership == .owned && first.notice == nil)
        // flock locks belong to the open file, so a second open in this process stands in for a
        // second process.
        let second = StateLock(folder: dir.appending("state"))
        #expect(second.ownership == .heldBy(getpid()))
        #expect(second.notice?.contains("process \(getpid())") == true)
        withExtendedLifetime(first) {}
    }

    @Test func theLockIsFreedWhenItsHolderEnds() throws {
        let dir = TemporaryDirectory()
        do { _ = StateLock(folder: dir.path) }
        #expect(StateLock(folder: dir.path).ownership == .owned)
    }

    @Test func namesThatAreNotUTF8RoundTripAsBytes() throws {
        let samples: [[UInt8]] = [
            Array("bad-".utf8) + [0xFF, 0xFE] + Array(".png".utf8),
            [0xC3], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xC0, 0xAF], Array("Zürich".utf8),
            // A name that really holds one of the escape scalars is kept byte for byte too.
            Array("\u{10FC80}x".utf8),
        ]
        for bytes in samples {
            let s = Paths.string(fromSystem: bytes)
            #expect(Paths.systemBytes(s) == bytes, "\(bytes)")
        }
        var fuzz = Fuzz("byte paths")
        for _ in 0..<Fuzz.rounds(2000) {
            let bytes = fuzz.bytes(fuzz.int(0...12)).map { $0 == 0 ? 1 : $0 }
            #expect(Paths.systemBytes(Paths.string(fromSystem: bytes)) == bytes, "\(bytes)")
        }
        #expect(Paths.shown(Paths.string(fromSystem: Array("bad-".utf8) + [0xFF, 0xFE] + Array(".png".utf8))) == "bad-\u{FFFD}\u{FFFD}.png")
        #expect(Paths.string(fromSystem: Array("plain.png".utf8)) == "plain.png")
    }

    @Test func aFileWhoseNameIsNotUTF8IsWrittenReadAndReported() throws {
        let dir = TemporaryDirectory()
        let path = dir.path + "/" + Paths.string(fromSystem: Array("bad-".utf8) + [0xFF, 0xFE] + Array(".png".utf8))
        try AtomicFile.write(Data("painting".utf8), to: path)
        #expect(String(decoding: try SafeFile.read(path, maxBytes: 100), as: UTF8.self) == "painting")
        // The file on disk has exactly those bytes as its name.
        var raw = Array(dir.path.utf8) + Array("/bad-".utf8) + [0xFF, 0xFE] + Array(".png".utf8) + [0]
        #expect(raw.withUnsafeMutableBufferPointer { $0.withMemoryRebound(to: CChar.self) { access($0.baseAddress!, F_OK) } } == 0)
        let missing = dir.path + "/" + Paths.string(fromSystem: Array("gone-".utf8) + [0xFF] + Array(".png".utf8))
        #expect(throws: FileError.self) { try SafeFile.read(missing, maxBytes: 10) }
        do { _ = try SafeFile.read(missing, maxBytes: 10) } catch {
            #expect(error.description.contains("gone-\u{FFFD}.png"), "\(error)")
        }
    }
}
