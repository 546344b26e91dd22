import TouchDeskDrawing
import Foundation
import Glibc
import Testing
import TouchDeskInterface
import TouchDeskModels
import TouchDeskTestSupport
@testable import TouchDeskToolkit

/// Finding the assets folder, loading pictures once, and what a missing or broken picture looks
/// like: a crossed box and one warning that names the file.
@Suite("Assets: locating and loading pictures")
struct AssetsTests {
    /// Writes a `width` × `height` PNG: the left half red, the right half blue.
    static func writeTestPNG(_ path: String, width: Int = 40, height: Int = 20) throws {
        let s = ImageSurface.render(size: Size(Double(width), Double(height))) { cr in
            cr.fill(Rect(x: 0, y: 0, width: Double(width) / 2, height: Double(height)), Color(1, 0, 0))
            cr.fill(Rect(x: Double(width) / 2, y: 0, width: Double(width) / 2, height: Double(height)), Color(0, 0, 1))
        }
        try ImageFile.writePNG(s, to: path)
    }

    /// Makes an empty file, and the folders above it.
    static func makeFile(_ dir: TemporaryDirectory, _ name: String) {
        let path = dir.appending(name)
        try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: path, contents: Data())
    }

    @Test func touchdeskAssetsWinsWhenSet() {
        #expect(Assets.locate(["TOUCHDESK_ASSETS": "/somewhere/pics"], executable: "/usr/bin/touchdesk") == "/somewhere/pics")
        // Empty means unset.
        #expect(Assets.locate(["TOUCHDESK_ASSETS": ""], executable: "/nonexistent/bin/touchdesk") == nil)
    }

    @Test func anAssetsFolderNextToTheBuildIsFound() {
        let dir = TemporaryDirectory(prefix: "touchdesk-assets")
        Self.makeFile(dir, "repo/assets/" + Assets.marker)
        let exe = dir.appending("repo/.build/x86_64-unknown-linux-gnu/debug/touchdesk")
        #expect(Assets.locate([:], executable: exe) == dir.appending("repo/assets"))
    }

    @Test func anInstalledBinaryFindsPrefixShare() {
        let dir = TemporaryDirectory(prefix: "touchdesk-assets")
        Self.makeFile(dir, "usr/share/touchdesk/assets/" + Assets.marker)
        #expect(Assets.locate([:], executable: dir.appending("usr/bin/touchdesk")) == dir.appending("usr/share/touchdesk/assets"))
    }

    @Test func aFolderCalledAssetsWithoutTheMarkerIsNotOurs() {
        let dir = TemporaryDirectory(prefix: "touchdesk-assets")
        Self.makeFile(dir, "repo/assets/something.png")
        #expect(Assets.locate([:], executable: dir.appending("repo/bin/touchdesk")) == nil)
    }

    @Test func theRepositorysAssetsHoldEveryStickManPicture() {
        let assets = ViewAssets.repository
        for p in StickManPicture.allCases {
            #expect(FileManager.default.fileExists(atPath: "\(assets)/stickman/\(p.rawValue).png"), "\(p.rawValue).png missing")
        }
    }

    @Test func aPictureLoadsOnceAndDrawsScaledToFitKeepingItsShape() throws {
        let dir = TemporaryDirectory(prefix: "touchdesk-store")
        try Self.writeTestPNG(dir.appending("pics/wide.png"))
        let store = ImageStore(directory: dir.appending("pics"), warn: { _ in })
        let first = store.image("wide")
        #expect(first != nil)
        #expect(store.image("wide") === first, "loaded once and cached")
        // A 2:1 picture in a 100 × 100 square: 100 × 50, centred, the rest untouched.
        store.prepare("wide", in: Rect(x: 0, y: 0, width: 100, height: 100), scale: 1)
        let img = render(Size(100, 100)) { store.draw("wide", in: Rect(x: 0, y: 0, width: 100, height: 100), $0) }.image
        #expect(img.at(20, 50) == PixelColor(r: 255, g: 0, b: 0))
        #expect(img.at(80, 50) == PixelColor(r: 0, g: 0, b: 255))
        #expect(img.at(20, 30) == PixelColor(r: 255, g: 0, b: 0))
        #expect(img.at(50, 20) == PixelColor(Theme.background))
        #expect(img.at(50, 80) == PixelColor(Theme.background))
        #expect(store.warnings.isEmpty)
    }

    /// How often `needle` occurs in `text`.
    static func occurrences(of needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    @Test("A missing, a FIFO and a damaged picture each give one warning that names the file once, with the reason")
    func brokenPicturesAreNamedOnce() throws {
        let dir = TemporaryDirectory(prefix: "touchdesk-store")
        try FileManager.default.createDirectory(atPath: dir.appending("pics"), withIntermediateDirectories: true)
        #expect(mkfifo(dir.appending("pics/fifo.png"), 0o600) == 0)
        // PNG's signature, then no IHDR chunk.
        let damaged: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] + Array("not an IHDR chunk, not a picture".utf8)
        try Data(damaged).write(to: URL(fileURLWithPath: dir.appending("pics/damaged.png")))
        var written: [String] = []
        let store = ImageStore(directory: dir.appending("pics"), warn: { written.append($0) })
        let reasons = ["missing": "no such file or directory", "fifo": "a FIFO (named pipe), not a regular file", "damaged": "damaged PNG"]
        for (name, reason) in reasons.sorted(by: { $0.key < $1.key }) {
            #expect(store.image(name) == nil)
            let path = dir.appending("pics/\(name).png")
            let message = try #require(written.last, "\(name): no warning")
            #expect(Self.occurrences(of: path, in: message) == 1, "\(name): \(message)")
            #expect(message.contains(reason), "\(name): \(message)")
        }
        #expect(written.count == 3, "\(written)")
    }

    @Test func aMissingPictureIsACrossedBoxAndOneWarningNamingIt() {
        let dir = TemporaryDirectory(prefix: "touchdesk-store")
        var written: [String] = []
        let store = ImageStore(directory: dir.path, warn: { written.append($0) })
        let rect = Rect(x: 10, y: 10, width: 80, height: 80)
        let img = render(Size(100, 100)) { cr in
            for _ in 0..<2 {
                store.prepare("stickman/hat", in: rect, scale: 1)
                store.draw("stickman/hat", in: rect, cr)
            }
        }.image
        #expect(written.count == 1, "one warning, not one per draw: \(written)")
        #expect(written.first?.contains(dir.appending("stickman/hat.png")) == true, "\(written)")
        // The box's diagonals cross in the middle; its edges are drawn; inside, off the lines, nothing.
        let grey = PixelColor(unit: 0.5, 0.5, 0.55)
        #expect(img.at(50, 50).isClose(to: grey, tolerance: 30))
        #expect(img.at(30, 30).isClose(to: grey, tolerance: 30))
        #expect(img.at(70, 30).isClose(to: grey, tolerance: 30))
        #expect(img.at(50, 12).isClose(to: grey, tolerance: 40))
        #expect(img.at(50, 30) == PixelColor(Theme.background))
    }

    @Test func aCorruptPNGIsReportedAsNotAPNG() {
        let dir = TemporaryDirectory(prefix: "touchdesk-store")
        dir.makeFile("broken.png", contents: "this is not a picture")
        var written: [String] = []
        let store = ImageStore(directory: dir.path, warn: { written.append($0) })
        #expect(store.image("broken") == nil)
        #expect(store.image("broken") == nil)
        #expect(written.count == 1)
        #expect(written.first?.contains("broken.png") == true && written.first?.contains("not a PNG") == true, "\(written)")
    }

    @Test func noAssetsFolderAtAllSaysHowToFixIt() {
        var written: [String] = []
        let store = ImageStore(directory: nil, warn: { written.append($0) })
        #expect(store.image("stickman/eyes") == nil)
        #expect(written.first?.contains("TOUCHDESK_ASSETS") == true)
        #expect(written.first?.contains("stickman/eyes.png") == true)
    }
}

/// Pictures that would hang or flood the program: refused with a crossed box and one warning.
@Suite("Assets: hostile pictures")
struct HostileAssetsTests {
    @Test func aHugePictureIsRefusedFromItsHeaderAlone() throws {
        let dir = TemporaryDirectory(prefix: "touchdesk-huge")
        try FileManager.default.createDirectory(atPath: dir.appending("pics"), withIntermediateDirectories: true)
        // A PNG signature and an IHDR chunk saying 20000 × 20000; no pixels follow.
        var bytes: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13] + Array("IHDR".utf8)
        for v in [20000, 20000] { bytes += [UInt8(v >> 24 & 0xff), UInt8(v >> 16 & 0xff), UInt8(v >> 8 & 0xff), UInt8(v & 0xff)] }
        bytes += [8, 6, 0, 0, 0, 0, 0, 0, 0]
        _ = FileManager.default.createFile(atPath: dir.appending("pics/huge.png"), contents: Data(bytes))
        var written: [String] = []
        let store = ImageStore(directory: dir.appending("pics"), warn: { written.append($0) })
        #expect(store.image("huge") == nil)
        #expect(written.count == 1 && written[0].contains("20000×20000"), "\(written)")
        #expect(PNGHeader.size(Data(bytes)).map { $0.width == 20000 && $0.height == 20000 } == true)
    }

    @Test func aFIFONamedLikeAPictureIsRefusedWithoutWaiting() throws {
        let dir = TemporaryDirectory(prefix: "touchdesk-fifo")
        try FileManager.default.createDirectory(atPath: dir.appending("pics"), withIntermediateDirectories: true)
        #expect(mkfifo(dir.appending("pics/sun.png"), 0o600) == 0)
        var written: [String] = []
        let store = ImageStore(directory: dir.appending("pics"), warn: { written.append($0) })
        // A blocking open() would wait here for a writer for ever.
        store.prepare("sun", in: Rect(x: 0, y: 0, width: 60, height: 60), scale: 1)
        let img = render(Size(60, 60)) { store.draw("sun", in: Rect(x: 0, y: 0, width: 60, height: 60), $0) }.image
        #expect(written.count == 1 && written[0].contains("FIFO"), "\(written)")
        #expect(img.at(30, 30) != PixelColor(hex: 0x1b1d23), "a crossed box is drawn")
    }

    @Test func aPictureIsResampledOncePerSizeNotPerFrame() throws {
        let dir = TemporaryDirectory(prefix: "touchdesk-scale")
        try AssetsTests.writeTestPNG(dir.appending("pics/wide.png"), width: 400, height: 200)
        let store = ImageStore(directory: dir.appending("pics"), warn: { _ in })
        let rect = Rect(x: 0, y: 0, width: 100, height: 50)
        store.prepare("wide", in: rect, scale: 1)
        let first = render(Size(100, 50)) { store.draw("wide", in: rect, $0) }.image
        let copy = store.scaled["wide"]?.surface
        store.prepare("wide", in: rect, scale: 1)
        let second = render(Size(100, 50)) { store.draw("wide", in: rect, $0) }.image
        #expect(copy != nil && store.scaled["wide"]?.surface === copy, "the same scaled copy is reused")
        #expect(first.pixels == second.pixels)
        #expect(first.at(20, 25).isClose(to: PixelColor(r: 255, g: 0, b: 0)) && first.at(80, 25).isClose(to: PixelColor(r: 0, g: 0, b: 255)))
    }
}

/// The repository's own assets folder, found from this file's place in the source tree.
enum ViewAssets {
    static let repository: String = {
        let here = URL(fileURLWithPath: #filePath)
        return here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("assets").path
    }()

    static var environment: AppEnvironment {
        var env = Sandbox().environment
        env.assetsDirectory = repository
        return env
    }
}
