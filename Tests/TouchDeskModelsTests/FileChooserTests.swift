import Foundation
import Glibc
import Testing
@testable import TouchDeskFiles
import TouchDeskTestSupport

/// The file dialog's model on a real temporary tree with hostile entries: what is listed and how,
/// sorting, hidden files, filters, completion, moving around, and refusals.
@Suite("File chooser: listing, sorting, completion, hostile entries")
struct FileChooserTests {
    /// A tree: pictures with known sizes and dates, a subfolder, a hidden file, a FIFO named like
    /// a picture, a link loop, a broken link, a name that is not UTF-8, an unreadable folder.
    func makeTree() -> TemporaryDirectory {
        let dir = TemporaryDirectory(prefix: "touchdesk-chooser")
        func file(_ name: String, bytes: Int, age: Double) {
            let p = dir.makeFile(name, contents: String(repeating: "x", count: bytes))
            var times = [timespec(tv_sec: time(nil) - Int(age), tv_nsec: 0), timespec(tv_sec: time(nil) - Int(age), tv_nsec: 0)]
            _ = utimensat(AT_FDCWD, p, &times, 0)
        }
        file("photo2.png", bytes: 300, age: 100)
        file("photo10.png", bytes: 100, age: 10)
        file("Apple.PNG", bytes: 200, age: 1000)
        file("notes.txt", bytes: 50, age: 5)
        file(".secret.png", bytes: 10, age: 50)
        mkdir(dir.appending("Holiday"), 0o755)
        mkdir(dir.appending("archive"), 0o755)
        dir.makeFile("Holiday/beach.png", contents: "b")
        dir.makeFile("Holiday/beacon.png", contents: "b")
        mkdir(dir.appending("Holiday/beaches"), 0o755)
        mkfifo(dir.appending("pipe.png"), 0o600)
        symlink("loop-b.png", dir.appending("loop-a.png"))
        symlink("loop-a.png", dir.appending("loop-b.png"))
        symlink("missing.png", dir.appending("dangling.png"))
        var bad = Array(dir.path.utf8) + Array("/bad-".utf8) + [0xff, 0xfe] + Array(".png".utf8) + [0]
        bad.withUnsafeMutableBufferPointer { b in b.withMemoryRebound(to: CChar.self) { _ = close(creat($0.baseAddress!, 0o644)) } }
        mkdir(dir.appending("locked"), 0o000)
        return dir
    }

    let png = FileChooser.Filter("PNG pictures", extensions: ["png"])

    func chooser(_ dir: TemporaryDirectory, filter: FileChooser.Filter? = nil) throws -> FileChooser {
        var c = FileChooser(home: dir.path, places: [], filter: filter ?? png, start: dir.path)
        try c.open(folder: dir.path)
        return c
    }

    @Test func listsFoldersFirstThenPicturesByNaturalNameWithHostileEntriesShown() throws {
        let dir = makeTree()
        let c = try chooser(dir)
        let names = c.shown.map { Paths.shown($0.name) }
        #expect(names == ["archive", "Holiday", "locked", "Apple.PNG", "bad-\u{FFFD}\u{FFFD}.png", "dangling.png", "loop-a.png",
                          "loop-b.png", "photo2.png", "photo10.png", "pipe.png"])
        let pipe = try #require(c.shown.first { $0.name == "pipe.png" })
        #expect(pipe.kind == .fifo)
        #expect(pipe.refusal == "refused \(dir.path)/pipe.png: it is a FIFO (named pipe), not a regular file")
        #expect(c.shown.first { $0.name == "loop-a.png" }?.kind == .linkLoop)
        #expect(c.shown.first { $0.name == "dangling.png" }?.kind == .brokenLink)
        // The name that is not UTF-8 keeps its bytes: it opens.
        let bad = try #require(c.shown.first { Paths.shown($0.name).hasPrefix("bad-") })
        #expect(bad.kind == .file)
        #expect(Paths.systemBytes(bad.name) == Array("bad-".utf8) + [0xff, 0xfe] + Array(".png".utf8))
    }

    @Test func hiddenNamesShowOnlyWhenAskedAndAllFilesWithoutAFilter() throws {
        let dir = makeTree()
        var c = try chooser(dir)
        #expect(!c.shown.contains { $0.name == ".secret.png" })
        c.setShowHidden(true)
        #expect(c.shown.contains { $0.name == ".secret.png" })
        let all = try chooser(dir, filter: nil)
        #expect(try chooser(dir).shown.contains { $0.name == "notes.txt" } == false)
        var unfiltered = FileChooser(home: dir.path, places: [], filter: nil, start: dir.path)
        try unfiltered.open(folder: dir.path)
        #expect(unfiltered.shown.contains { $0.name == "notes.txt" })
        #expect(all.shown.count < unfiltered.shown.count)
    }

    @Test func sortsByDateAndSizeAndReversesOnTheSameKey() throws {
        let dir = makeTree()
        var c = try chooser(dir)
        let files = { (c: FileChooser) in c.shown.filter { $0.kind == .file && !$0.name.hasPrefix("bad") }.map(\.name) }
        c.sort(by: .modified)
        #expect(files(c) == ["photo10.png", "photo2.png", "Apple.PNG"])
        c.sort(by: .modified)
        #expect(c.isReversed)
        #expect(files(c) == ["Apple.PNG", "photo2.png", "photo10.png"])
        c.sort(by: .size)
        #expect(files(c) == ["photo2.png", "Apple.PNG", "photo10.png"])
        // Folders stay first whatever the key.
        #expect(c.shown.prefix(3).allSatisfy { $0.isFolder })
    }

    @Test func naturalOrderIsATotalOrderThatCountsNumbers() {
        #expect(FileChooser.naturalOrder("photo2", "photo10"))
        #expect(!FileChooser.naturalOrder("photo10", "photo2"))
        #expect(FileChooser.naturalOrder("apple", "Banana"))
        #expect(FileChooser.naturalOrder("a007", "a8"))
        // Same letters, other case: still ordered, one way only.
        #expect(FileChooser.naturalOrder("A", "a") != FileChooser.naturalOrder("a", "A"))
        var f = Fuzz("natural-order")
        for _ in 0..<Fuzz.rounds(500) {
            let a = f.mutate("photo12b", edits: 3), b = f.mutate("photo12b", edits: 3)
            if a != b { #expect(FileChooser.naturalOrder(a, b) != FileChooser.naturalOrder(b, a), "seed \(f.seed): \(a) \(b)") }
        }
    }

    @Test func completesLikeAShellsTab() throws {
        let dir = makeTree()
        let c = try chooser(dir)
        // One folder: completed with a slash.
        #expect(c.complete("Hol").text == "Holiday/")
        // Case is ignored when nothing matches exactly.
        #expect(c.complete("hol").text == "Holiday/")
        // Several matches: the part they share, and the list.
        let photos = c.complete("pho")
        #expect(photos.text == "photo")
        #expect(photos.candidates == ["photo2.png", "photo10.png"])
        // Inside a typed folder, relative and absolute.
        let beach = c.complete("Holiday/bea")
        #expect(beach.text == "Holiday/beac")
        #expect(beach.candidates == ["beaches/", "beach.png", "beacon.png"])
        #expect(c.complete(dir.path + "/Holiday/beaco").text == dir.path + "/Holiday/beacon.png")
        // Files the filter turns away do not complete, nor hidden ones unless a dot is typed.
        #expect(c.complete("note").problem != nil)
        #expect(c.complete("note").text == "note")
        #expect(c.complete(".sec").text == ".secret.png")
        // A folder that cannot be read says why.
        let locked = c.complete("locked/x")
        if geteuid() != 0 { #expect(locked.problem?.contains("permission denied") == true) }
        #expect(c.complete("nowhere/x").problem?.contains("no such file or directory") == true)
    }

    @Test func homeAndRelativeNamesResolve() throws {
        let dir = makeTree()
        let c = try chooser(dir)
        #expect(c.resolve("a.png") == dir.path + "/a.png")
        #expect(c.resolve("~") == dir.path)
        #expect(c.resolve("~/x/y.png") == dir.path + "/x/y.png")
        #expect(c.resolve("/etc/hosts") == "/etc/hosts")
    }

    @Test func movingIntoFoldersAndBackSelectsTheFolderLeft() throws {
        let dir = makeTree()
        var c = try chooser(dir)
        try c.open(folder: dir.appending("Holiday"))
        #expect(c.shown.map(\.name) == ["beaches", "beach.png", "beacon.png"])
        try c.openParent()
        #expect(c.folder == dir.path)
        #expect(c.selectedEntry?.name == "Holiday")
        c.moveSelection(by: 100)
        #expect(c.selectedEntry?.name == "pipe.png")
        c.moveSelection(by: -1)
        #expect(c.selectedEntry?.name == "photo10.png")
        c.selectFirst(startingWith: "app")
        #expect(c.selectedEntry?.name == "Apple.PNG")
    }

    @Test(.disabled(if: geteuid() == 0, "root reads any folder"))
    func anUnreadableFolderLeavesTheChooserWhereItWas() throws {
        let dir = makeTree()
        var c = try chooser(dir)
        #expect(throws: FileError.self) { try c.open(folder: dir.appending("locked")) }
        #expect(c.folder == dir.path)
    }

    @Test func foldersThatAreNotFoldersOrLoopsAreRefusedWithAReason() throws {
        let dir = makeTree()
        var c = try chooser(dir)
        do {
            try c.open(folder: dir.appending("loop-a.png"))
            Issue.record("a link loop opened as a folder")
        } catch {
            #expect(error.description.contains("loop of symbolic links"))
        }
        do {
            try c.open(folder: dir.appending("photo2.png"))
            Issue.record("a file opened as a folder")
        } catch {
            #expect(error.description.contains("not a folder"))
        }
        #expect(c.folder == dir.path)
    }

    @Test func aHugeFolderListsItsFirstEntriesAndSaysThereAreMore() throws {
        let dir = TemporaryDirectory(prefix: "touchdesk-chooser-big")
        for i in 0..<300 { dir.makeFile("p\(i).png") }
        let listing = try FolderListing.read(dir.path, maxEntries: 100)
        #expect(listing.entries.count == 100)
        #expect(listing.isTruncated)
        #expect(try !FolderListing.read(dir.path).isTruncated)
    }

    @Test func placesAreTheFoldersThatExistFromUserDirs() throws {
        let dir = TemporaryDirectory(prefix: "touchdesk-places")
        mkdir(dir.appending("Bilder"), 0o755)
        mkdir(dir.appending("Desktop"), 0o755)
        let dirs = UserDirs.parse("XDG_PICTURES_DIR=\"$HOME/Bilder\"\nXDG_DOWNLOAD_DIR=\"$HOME/Nowhere\"\n# XDG_DESKTOP_DIR=x\n", home: dir.path)
        #expect(dirs == ["PICTURES": dir.appending("Bilder"), "DOWNLOAD": dir.appending("Nowhere")])
        let places = FileChooser.standardPlaces(home: dir.path, userDirs: dirs)
        #expect(places.map(\.name) == ["Home", "Desktop", "Pictures", "Recent"])
        #expect(places[2].location == .folder(dir.appending("Bilder")))
    }

    @Test func recentShowsFilesThatStillExistNewestFirst() throws {
        let dir = makeTree()
        var c = try chooser(dir)
        c.showRecent([dir.appending("Apple.PNG"), dir.appending("gone.png"), dir.appending("photo10.png"), dir.appending("notes.txt")])
        #expect(c.location == .recent)
        #expect(c.shown.map(\.name) == ["photo10.png", "Apple.PNG"])
        // Names typed while Recent shows go to the home folder.
        #expect(c.folder == dir.path)
    }
}

/// The file dialog's places beyond the standard ones: GTK's bookmarks and mounted drives.
@Suite("File dialog: bookmarks and drives")
struct FileChooserPlacesTests {
    @Test func gtkBookmarksAreReadWithTheirLabelsOrFolderNames() {
        let text = """
        file:///home/ann/Projects
        file:///home/ann/Music%20Live Concerts
        sftp://server/home/ann Remote
        file:///home/ann/Projects

        file:///srv/photos%C3%A9t%C3%A9 Summer
        """
        let places = FileChooser.gtkBookmarks(text)
        #expect(places.map(\.name) == ["Projects", "Concerts", "Summer"])
        #expect(places.map(\.location) == [.folder("/home/ann/Projects"), .folder("/home/ann/Music Live"), .folder("/srv/photosété")])
    }

    @Test func mountedDrivesAreTheDisksUnderMediaAndMnt() {
        let mounts = """
        /dev/nvme0n1p2 / ext4 rw,relatime 0 0
        proc /proc proc rw 0 0
        /dev/sdb1 /media/ann/USB\\040STICK vfat rw,nosuid 0 0
        /dev/sdc1 /run/media/ann/Backup ext4 rw 0 0
        /dev/sdd1 /mnt/data ext4 rw 0 0
        tmpfs /mnt/ramdisk tmpfs rw 0 0
        /dev/sde1 /mnt ext4 rw 0 0
        /dev/sdf1 /home/ann/other ext4 rw 0 0
        """
        let places = FileChooser.mountedDrives(mounts)
        #expect(places.map(\.name) == ["USB STICK", "Backup", "data"])
        #expect(places.first?.location == .folder("/media/ann/USB STICK"))
    }

    @Test func theEnvironmentListsThemAfterTheStandardPlaces() throws {
        let dir = TemporaryDirectory(prefix: "touchdesk-places")
        let config = dir.appending("config")
        try FileManager.default.createDirectory(atPath: config + "/gtk-3.0", withIntermediateDirectories: true)
        try Data("file:///tmp Scratch\n".utf8).write(to: URL(fileURLWithPath: config + "/gtk-3.0/bookmarks"))
        try Data("/dev/sdb1 /media/ann/Camera vfat rw 0 0\n".utf8).write(to: URL(fileURLWithPath: dir.appending("mounts")))
        let places = FileChooser.extraPlaces(configHome: config, mounts: dir.appending("mounts"))
        #expect(places == [FileChooser.Place("Scratch", .folder("/tmp")), FileChooser.Place("Camera", .folder("/media/ann/Camera"))])
        #expect(FileChooser.extraPlaces(configHome: dir.appending("missing"), mounts: dir.appending("missing")).isEmpty)
    }
}
