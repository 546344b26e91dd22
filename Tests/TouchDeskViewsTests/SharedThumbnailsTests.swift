import Foundation
import Glibc
import Testing
import TouchDeskDrawing
import TouchDeskFiles
import TouchDeskInterface
import TouchDeskTestSupport
@testable import TouchDeskToolkit

/// The file dialog's thumbnails shared with the desktop as the freedesktop thumbnail spec keeps
/// them, checked against tools of the outside world: `md5sum` for the file's name, ImageMagick's
/// `identify` for the PNG's text chunks, and a thumbnail made by ImageMagick's `convert` as another
/// program would leave one.
@Suite("Thumbnails shared with ~/.cache/thumbnails")
struct SharedThumbnailsTests {
    let sandbox = Sandbox()
    var root: String { sandbox.dir.appending("cache/thumbnails") }
    nonisolated static func tool(_ name: String) -> String? { ["/usr/bin/", "/bin/"].map { $0 + name }.first { FileManager.default.isExecutableFile(atPath: $0) } }

    /// A 300×200 picture of one colour in a folder whose name needs percent-encoding.
    func picture(_ color: Color) throws -> String {
        let dir = sandbox.dir.appending("Bilder mit Ümlaut")
        mkdir(sandbox.dir.path, 0o700)
        mkdir(dir, 0o700)
        let path = dir + "/rot #1.png"
        try ImageFile.writePNG(ImageSurface.render(size: Size(300, 200)) { $0.fill(Rect(x: 0, y: 0, width: 300, height: 200), color) }, to: path)
        return path
    }

    func mtime(_ path: String) -> Int {
        var st = stat()
        _ = stat(path, &st)
        return Int(st.st_mtim.tv_sec)
    }

    func run(_ tool: String, _ args: [String]) throws -> String {
        let r = XSession.runTool(tool, args, environment: nil, timeout: 20)
        try #require(r.exited && r.status == 0, "\(tool) \(args): \(r.stderr)")
        return r.stdout
    }

    @Test("The URI is percent-encoded as GLib writes it; the name is md5sum's hash of it")
    func nameIsTheMD5OfTheURI() throws {
        #expect(SharedThumbnails.uri(of: "/home/a/Bilder mit Ümlaut/rot #1.png") == "file:///home/a/Bilder%20mit%20%C3%9Cmlaut/rot%20%231.png")
        #expect(SharedThumbnails.uri(of: "/tmp/a+b=c;d@e!(f)~g.png") == "file:///tmp/a+b=c;d@e!(f)~g.png")
        let md5sum = try #require(Self.tool("md5sum"), "md5sum (coreutils)")
        let uri = SharedThumbnails.uri(of: "/home/a/Bilder mit Ümlaut/rot #1.png")
        let file = sandbox.dir.appending("uri.txt")
        mkdir(sandbox.dir.path, 0o700)
        try Data(uri.utf8).write(to: URL(fileURLWithPath: file))
        let hash = String(try run(md5sum, [file]).prefix(32))
        #expect(SharedThumbnails.name(of: "/home/a/Bilder mit Ümlaut/rot #1.png") == hash + ".png")
    }

    @Test("Ours: normal/MD5.png, 128 pixels, Thumb::URI and Thumb::MTime as identify reads them, 0600 in 0700 folders")
    func oursFollowTheSpec() throws {
        let path = try picture(Color(1, 0, 0))
        let made = try #require(FileDialogThumbnails.make(path, shared: root))
        #expect(made.surface.pixelWidth == FileDialogThumbnails.side)
        let file = root + "/normal/" + SharedThumbnails.name(of: path)
        var st = stat()
        try #require(stat(file, &st) == 0, "no thumbnail at \(file)")
        #expect(st.st_mode & 0o777 == 0o600)
        var folder = stat()
        _ = stat(root + "/normal", &folder)
        #expect(folder.st_mode & 0o777 == 0o700)
        _ = stat(root, &folder)
        #expect(folder.st_mode & 0o777 == 0o700)
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: file)))
        let texts = try #require(PNGText.read(bytes))
        #expect(texts["Thumb::URI"] == SharedThumbnails.uri(of: path))
        #expect(texts["Thumb::MTime"] == String(mtime(path)))
        let header = try #require(PNGHeader.size(Data(bytes)))
        #expect(header.0 == 128 && header.1 == 85, "normal size keeps the 3:2 shape: \(header)")
        if let identify = Self.tool("identify") {
            let verbose = try run(identify, ["-verbose", file])
            #expect(verbose.contains("Thumb::URI: " + SharedThumbnails.uri(of: path)), "\(verbose.suffix(600))")
            #expect(verbose.contains("Thumb::MTime: \(mtime(path))"))
            #expect(verbose.contains("Geometry: 128x85"))
        }
    }

    @Test("Another program's thumbnail is used while its URI and MTime match; a stale one is made again",
          .enabled(if: tool("convert") != nil, "ImageMagick's convert makes the other program's thumbnail"))
    func othersAreUsed() throws {
        let path = try picture(Color(1, 0, 0))
        let file = root + "/normal/" + SharedThumbnails.name(of: path)
        mkdir(sandbox.dir.appending("cache"), 0o700)
        mkdir(root, 0o700)
        mkdir(root + "/normal", 0o700)
        let convert = try #require(Self.tool("convert"))
        // ImageMagick expands %-escapes in -set values: the URI's own % are doubled.
        let uri = SharedThumbnails.uri(of: path).replacingOccurrences(of: "%", with: "%%")
        _ = try run(convert, ["-size", "128x85", "xc:#0000ff", "-set", "Thumb::URI", uri,
                              "-set", "Thumb::MTime", String(mtime(path)), "PNG24:" + file])
        let used = try #require(FileDialogThumbnails.make(path, shared: root))
        let px = PixelImage(surface: used.surface)
        #expect(px[px.width / 2, px.height / 2].isClose(to: .blue), "the blue thumbnail is shown, not the red picture: \(px[px.width / 2, px.height / 2])")

        // Their thumbnail of an older version of the file: ours replaces it.
        _ = try run(convert, ["-size", "128x85", "xc:#0000ff", "-set", "Thumb::URI", uri,
                              "-set", "Thumb::MTime", String(mtime(path) - 60), "PNG24:" + file])
        let fresh = try #require(FileDialogThumbnails.make(path, shared: root))
        let fpx = PixelImage(surface: fresh.surface)
        #expect(fpx[fpx.width / 2, fpx.height / 2].isClose(to: .red))
        #expect(PNGText.read(try Array(Data(contentsOf: URL(fileURLWithPath: file))))?["Thumb::MTime"] == String(mtime(path)))
    }

    @Test("A picture that cannot be read leaves a mark in fail/touchdesk-VERSION/ and is not read again until it changes")
    func failuresAreRemembered() throws {
        mkdir(sandbox.dir.path, 0o700)
        let path = sandbox.dir.appending("broken.png")
        try Data("not a png at all".utf8).write(to: URL(fileURLWithPath: path))
        #expect(FileDialogThumbnails.make(path, shared: root) == nil)
        let mark = root + "/" + SharedThumbnails.failFolder + "/" + SharedThumbnails.name(of: path)
        let texts = try #require(PNGText.read(try Array(Data(contentsOf: URL(fileURLWithPath: mark)))))
        #expect(texts["Thumb::URI"] == SharedThumbnails.uri(of: path))
        #expect(SharedThumbnails.failed(path, mtime: mtime(path), root: root))
        #expect(!SharedThumbnails.failed(path, mtime: mtime(path) + 1, root: root), "a changed file is tried again")
        // A file in the thumbnail folder itself gets none written.
        let inside = root + "/normal/" + SharedThumbnails.name(of: path)
        #expect(SharedThumbnails.isInside(inside, root: root))
    }
}
