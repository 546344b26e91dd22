import TouchDeskDrawing
import TouchDeskFiles
import Foundation
import Testing
import TouchDeskInterface
import TouchDeskModels
import TouchDeskTestSupport
@testable import TouchDeskToolkit

/// Where pictures and data go (the XDG rules) and how picture files are named and written.
@Suite("Files: folders and picture files")
struct FilesTests {
    @Test func defaultsFollowHome() {
        let env = AppEnvironment.fromEnvironment(["HOME": "/home/ada", "XDG_CONFIG_HOME": "/nonexistent-config"])
        #expect(env.homeDirectory == "/home/ada")
        #expect(env.picturesDirectory == "/home/ada/Pictures")
        #expect(env.dataDirectory == "/home/ada/.local/share/touchdesk")
        #expect(env.pictureDirectoriesToTry == ["/home/ada/Pictures", "/home/ada"])
    }

    @Test func absoluteXDGFoldersWinAndRelativeOnesAreIgnored() {
        let absolute = AppEnvironment.fromEnvironment([
            "HOME": "/home/ada", "XDG_DATA_HOME": "/data", "XDG_PICTURES_DIR": "/pics", "XDG_CONFIG_HOME": "/nonexistent-config",
        ])
        #expect(absolute.dataDirectory == "/data/touchdesk")
        #expect(absolute.picturesDirectory == "/pics")
        let relative = AppEnvironment.fromEnvironment([
            "HOME": "/home/ada", "XDG_DATA_HOME": "data", "XDG_PICTURES_DIR": "", "XDG_CONFIG_HOME": "cfg",
        ])
        #expect(relative.dataDirectory == "/home/ada/.local/share/touchdesk")
        #expect(relative.picturesDirectory == "/home/ada/Pictures")
    }

    @Test func userDirsNamesThePicturesFolder() throws {
        let dir = TemporaryDirectory(prefix: "touchdesk-xdg")
        dir.makeFile("user-dirs.dirs", contents: """
            # written by xdg-user-dirs-update
            XDG_DESKTOP_DIR="$HOME/Schreibtisch"
            XDG_PICTURES_DIR="$HOME/Bilder"

            """)
        let env = AppEnvironment.fromEnvironment(["HOME": "/home/ada", "XDG_CONFIG_HOME": dir.path])
        #expect(env.picturesDirectory == "/home/ada/Bilder")
        // An explicit XDG_PICTURES_DIR still wins over the file.
        let explicit = AppEnvironment.fromEnvironment(["HOME": "/home/ada", "XDG_CONFIG_HOME": dir.path, "XDG_PICTURES_DIR": "/pics"])
        #expect(explicit.picturesDirectory == "/pics")
    }

    @Test func aPicturesFolderWithANulByteIsIgnored() {
        // scripts/fuzz userdirs: the system call would cut the path at the NUL ("/home/ada/Pict\u{1}"),
        // a folder nobody named; the line is ignored and pictures go to ~/Pictures.
        let text = "XDG_PICTURES_DIR=\"$HOME/Pict\u{1}\u{0}\u{0}urds\"\n"
        #expect(UserDirs.parse(text, home: "/home/ada")["PICTURES"] == nil)
        #expect(UserDirs.parse("XDG_PICTURES_DIR=\"$HOME/Bilder\"", home: "/home/ada")["PICTURES"] == "/home/ada/Bilder")
    }

    @Test func aFileWithWindowsLineEndsKeepsEachLineApart() {
        // scripts/fuzz userdirs (CI, stop 31): "\r\n" is one Swift Character, so a split at "\n"
        // joined a CRLF file's lines and a folder ran on into the next line.
        let text = "XDG_DESKTOP_DIR=\"$HOME/Desk\"\r\nXDG_PICTURES_DIR=\"$HOME/Bilder\"\r\n"
        let dirs = UserDirs.parse(text, home: "/home/ada")
        #expect(dirs["DESKTOP"] == "/home/ada/Desk")
        #expect(dirs["PICTURES"] == "/home/ada/Bilder")
        #expect(UserDirs.parse("XDG_PICTURES_DIR=\"$HOME/a\rb\"\n", home: "/home/ada")["PICTURES"] == nil)
    }

    @Test func picturesInHomeAreTriedOnce() {
        let env = AppEnvironment(picturesDirectory: "/home/ada", dataDirectory: "/d", homeDirectory: "/home/ada")
        #expect(env.pictureDirectoriesToTry == ["/home/ada"])
    }

    @Test func freshNamesNeverOverwrite() throws {
        let dir = TemporaryDirectory(prefix: "touchdesk-names")
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let first = try ImageFile.writeFresh(Data("1".utf8), folders: [dir.path], stem: "pic", date: date)
        let name = (first as NSString).lastPathComponent
        #expect(name.range(of: #"^pic-\d{4}-\d{2}-\d{2}-\d{6}\.png$"#, options: .regularExpression) != nil, "\(name)")
        let second = try ImageFile.writeFresh(Data("2".utf8), folders: [dir.path], stem: "pic", date: date)
        #expect(second == first.replacingOccurrences(of: ".png", with: "-2.png"))
        let third = try ImageFile.writeFresh(Data("3".utf8), folders: [dir.path], stem: "pic", date: date)
        #expect(third == first.replacingOccurrences(of: ".png", with: "-3.png"))
        #expect(FileManager.default.contents(atPath: first) == Data("1".utf8))
        #expect(FileManager.default.contents(atPath: second) == Data("2".utf8))
    }

    @Test func writePNGMakesTheFolderAndAReadableFile() throws {
        let dir = TemporaryDirectory(prefix: "touchdesk-png")
        let surface = ImageSurface.render(size: Size(20, 10)) { cr in
            cr.fill(Rect(x: 0, y: 0, width: 10, height: 10), Color(1, 0, 0))
            cr.fill(Rect(x: 10, y: 0, width: 10, height: 10), Color(0, 0, 1))
        }
        let path = dir.appending("new/deeper/out.png")
        try ImageFile.writePNG(surface, to: path)
        let img = try #require(PixelImage(pngPath: path))
        #expect(img.width == 20 && img.height == 10)
        #expect(img[5, 5] == PixelColor(r: 255, g: 0, b: 0))
        #expect(img[15, 5] == PixelColor(r: 0, g: 0, b: 255))
        #expect(dir.files(in: dir.appending("new/deeper")) == ["out.png"], "no temp file left behind")
    }

    @Test func writePNGFailsCleanlyWhereNoFolderCanBe() {
        let dir = TemporaryDirectory(prefix: "touchdesk-png")
        let blocker = dir.makeFile("file")
        let surface = ImageSurface.render(size: Size(4, 4)) { _ in }
        #expect(throws: ImageFile.WriteError.self) { try ImageFile.writePNG(surface, to: blocker + "/sub/out.png") }
        #expect(dir.files() == ["file"])
    }
}
