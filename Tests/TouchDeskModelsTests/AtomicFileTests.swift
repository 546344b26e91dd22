import Foundation
import Glibc
import Testing
import TouchDeskFiles
import TouchDeskTestSupport

/// The one writer and the safe reader: nothing half-written, nothing but a regular file replaced or
/// read, nothing the user made deleted.
@Suite("Files: atomic writes, safe reads, damaged files set aside")
struct AtomicFileTests {
    func contents(_ path: String) -> String? { FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } }

    @Test func writesANewFileAndReplacesARegularOneLeavingNoTemporaryFiles() throws {
        let dir = TemporaryDirectory()
        let path = dir.appending("sub/folder/out.txt")
        try AtomicFile.write(Data("one".utf8), to: path)
        #expect(contents(path) == "one")
        try AtomicFile.write(Data("two".utf8), to: path)
        #expect(contents(path) == "two")
        #expect(dir.files(in: dir.appending("sub/folder")) == ["out.txt"])
    }

    @Test func bareAndOddRelativeNamesAreFilesInTheCurrentFolder() {
        #expect(Paths.folder(of: "a") == ".")
        #expect(Paths.folder(of: "-") == ".")
        #expect(Paths.folder(of: "~") == ".")
        #expect(Paths.folder(of: "/x") == "/")
        #expect(Paths.folder(of: "a/b/c.png") == "a/b")
        #expect(Paths.name(of: "a/b/c.png") == "c.png")
        #expect(Paths.name(of: "a/") == "")
    }

    @Test func refusesFoldersFIFOsAndDevicesAndLeavesThemAlone() throws {
        let dir = TemporaryDirectory()
        let fifo = dir.appending("pipe.png")
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(throws: FileError.self) { try AtomicFile.write(Data("x".utf8), to: fifo) }
        var st = stat()
        #expect(lstat(fifo, &st) == 0 && st.st_mode & S_IFMT == S_IFIFO, "the FIFO is still a FIFO")
        #expect(throws: FileError.self) { try AtomicFile.write(Data("x".utf8), to: dir.path) }
        #expect(throws: FileError.self) { try AtomicFile.write(Data("x".utf8), to: dir.appending("a/")) }
        // A device node of our own (a copy of /dev/full's numbers), where we are allowed to make one.
        let device = dir.appending("full")
        // makedev(1, 7), as glibc encodes it: (major << 8) | minor for small numbers.
        if mknod(device, S_IFCHR | 0o600, dev_t(1 << 8 | 7)) == 0 {
            do {
                try AtomicFile.write(Data("x".utf8), to: device)
                Issue.record("wrote over a device node")
            } catch {
                #expect(error.description.contains("character device"), "\(error)")
            }
            #expect(lstat(device, &st) == 0 && st.st_mode & S_IFMT == S_IFCHR, "the device node is still there")
        }
        #expect(!dir.files().contains { $0.hasPrefix(".") }, "no temporary file left behind: \(dir.files())")
    }

    @Test func aLinkToOurOwnRegularFileIsFollowedAndKeptOthersAreRefused() throws {
        let dir = TemporaryDirectory()
        let real = dir.makeFile("real.txt", contents: "old")
        let link = dir.appending("link.txt")
        #expect(symlink(real, link) == 0)
        try AtomicFile.write(Data("new".utf8), to: link)
        #expect(contents(real) == "new")
        var st = stat()
        #expect(lstat(link, &st) == 0 && st.st_mode & S_IFMT == S_IFLNK, "the link is still a link")
        let toFolder = dir.appending("to-folder")
        #expect(symlink(dir.path, toFolder) == 0)
        #expect(throws: FileError.self) { try AtomicFile.write(Data("x".utf8), to: toFolder) }
        let dangling = dir.appending("dangling")
        #expect(symlink(dir.appending("nothing-here"), dangling) == 0)
        #expect(throws: FileError.self) { try AtomicFile.write(Data("x".utf8), to: dangling) }
    }

    @Test func errorsSayTheSystemsReason() {
        let dir = TemporaryDirectory()
        _ = dir.makeFile("blocker", contents: "a file where a folder should be")
        do {
            try AtomicFile.write(Data("x".utf8), to: dir.appending("blocker/out.png"))
            Issue.record("wrote under a file")
        } catch {
            #expect(error.description.contains("not a directory"), "the system's reason: \(error)")
        }
        #expect(FileError.reason(EROFS) == "read-only file system")
        #expect(FileError.reason(ENOSPC) == "no space left on device")
        #expect(FileError.reason(EACCES) == "permission denied")
    }

    @Test func damagedFilesAreNumberedNeverReplaced() throws {
        let dir = TemporaryDirectory()
        let path = dir.appending("maze.json")
        for round in 1...3 {
            _ = dir.makeFile("maze.json", contents: "broken \(round)")
            guard case .success(let aside) = AtomicFile.setAside(path) else { Issue.record("not set aside"); return }
            #expect(aside == path + ".corrupt" + (round == 1 ? "" : ".\(round)"))
        }
        #expect(contents(path + ".corrupt") == "broken 1")
        #expect(contents(path + ".corrupt.2") == "broken 2")
        #expect(contents(path + ".corrupt.3") == "broken 3")
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func readingAFIFOReturnsAtOnceWithAReason() throws {
        let dir = TemporaryDirectory()
        let fifo = dir.appending("in_accel_x_raw")
        #expect(mkfifo(fifo, 0o600) == 0)
        // A blocking open() would hang here.
        do {
            _ = try SafeFile.read(fifo, maxBytes: 64)
            Issue.record("read a FIFO")
        } catch {
            #expect(error.description.contains("FIFO"), "\(error)")
        }
        let big = dir.makeFile("big.json", contents: String(repeating: "x", count: 5000))
        #expect(throws: FileError.self) { try SafeFile.read(big, maxBytes: 4096) }
        #expect(try SafeFile.read(big, maxBytes: 5000).count == 5000)
    }
}
