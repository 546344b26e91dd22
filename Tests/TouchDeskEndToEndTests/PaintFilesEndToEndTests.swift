import Foundation
import Testing
import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskTestSupport

/// Paintbrush's files and pictures between programs, in Xvfb with the real binary: a picture
/// xclip offers as image/png pastes with Ctrl+V (a large one arrives by INCR); `touchdesk paint
/// FILE.png` opens a picture; Save As writes the typed name; a large canvas copies out by INCR.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct PaintFilesEndToEndTests {
    /// A picture of four coloured quarters: red, green / blue, yellow.
    static func quarters(width w: Double, height h: Double) -> ImageSurface {
        ImageSurface.render(size: Size(w, h), format: .rgb) { cr in
            cr.fill(Rect(x: 0, y: 0, width: w / 2, height: h / 2), Color(1, 0, 0))
            cr.fill(Rect(x: w / 2, y: 0, width: w / 2, height: h / 2), Color(0, 1, 0))
            cr.fill(Rect(x: 0, y: h / 2, width: w / 2, height: h / 2), Color(0, 0, 1))
            cr.fill(Rect(x: w / 2, y: h / 2, width: w / 2, height: h / 2), Color(1, 1, 0))
        }
    }

    /// Random pixels (seeded): a PNG of them does not compress, so it is large.
    static func noise(width: Int, height: Int, seed: UInt64) -> ImageSurface {
        let s = ImageSurface(size: Size(Double(width), Double(height)), format: .rgb)
        var rng = SplitMix64(seed: seed)
        s.withPixels { base, stride in
            for y in 0..<height {
                let row = (base + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width { row[x] = 0xff00_0000 | UInt32(truncatingIfNeeded: rng.next()) & 0xff_ffff }
            }
        }
        return s
    }

    static func write(_ s: ImageSurface, to url: URL) throws {
        try s.pngData().write(to: url)
    }

    /// Starts xclip owning the CLIPBOARD with `file` as image/png, and waits until it answers.
    static func offerPicture(_ session: XSession, _ file: URL) async throws -> ChildProcess {
        let owner = try session.start("xclip", ["-quiet", "-selection", "clipboard", "-t", "image/png", "-i", file.path], log: "xclip-png")
        var t = await session.run("xclip", ["-o", "-selection", "clipboard", "-t", "TARGETS"], timeout: 3)
        await wait(until: {
            t = await session.run("xclip", ["-o", "-selection", "clipboard", "-t", "TARGETS"], timeout: 3)
            return t.stdout.contains("image/png")
        }, timeout: 5)
        try #require(t.stdout.contains("image/png"), "xclip offers image/png: \(t); \(session.readLog("xclip-png"))")
        return owner
    }

    /// Where the canvas's (0, 0) is in a screenshot: under the shell's 44-point bar.
    static let top = 44.0

    /// The first patch of `color` in a screenshot (top to bottom): a quarter of an opened picture,
    /// which shows centred in the canvas.
    static func quarter(_ img: PixelImage, _ color: PixelColor, minimumPixels: Int = 400) -> (x: Int, y: Int, width: Int, height: Int, pixels: Int)? {
        img.regions(where: { $0.isClose(to: color) }, minimumPixels: minimumPixels).first
    }

    @Test("Ctrl+V pastes the picture xclip offers as image/png at the canvas's top left; Ctrl+Z takes it away")
    func pasteFromXclip() async throws {
        let session = try await XSession(name: "paint-paste-png")
        defer { session.close() }
        let file = session.root.appendingPathComponent("quarters.png")
        try Self.write(Self.quarters(width: 200, height: 120), to: file)
        let app = try await session.launch(["paint", "--size", "800x600"])
        _ = try await app.screenshot("start")
        let owner = try await Self.offerPicture(session, file)
        defer { owner.stop() }
        try await app.key("ctrl+v")
        let pasted = try await app.screenshot("pasted") { $0.at(50, Self.top + 30).isClose(to: .red) }
        #expect(pasted.at(50, Self.top + 30).isClose(to: .red), "red quarter in \(pasted.path)")
        #expect(pasted.at(150, Self.top + 30).isClose(to: .green))
        #expect(pasted.at(50, Self.top + 90).isClose(to: .blue))
        #expect(pasted.at(150, Self.top + 90).isClose(to: .yellow))
        #expect(pasted.at(250, Self.top + 30).isClose(to: .black), "the picture keeps its size")
        try await app.key("ctrl+z")
        let undone = try await app.screenshot("undone") { $0.at(50, Self.top + 30).isClose(to: .black) }
        #expect(undone.at(50, Self.top + 30).isClose(to: .black), "undo took the paste away: \(undone.path)")
        #expect(app.isRunning, "\(app.log)")
    }

    @Test("A 2.6 MB picture xclip sends by INCR pastes whole: the canvas shows its pixels")
    func pasteLargePictureByINCR() async throws {
        let session = try await XSession(name: "paint-paste-incr")
        defer { session.close() }
        let picture = Self.noise(width: 1100, height: 800, seed: 7)
        let file = session.root.appendingPathComponent("noise.png")
        try Self.write(picture, to: file)
        let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int ?? 0
        #expect(size > 2 << 20, "the PNG is large enough for INCR: \(size) bytes")
        let expected = PixelImage(surface: picture)
        let app = try await session.launch(["paint", "--size", "800x600"])
        _ = try await app.screenshot("start")
        let owner = try await Self.offerPicture(session, file)
        defer { owner.stop() }
        try await app.key("ctrl+v")
        let probes = [(3.0, 3.0), (400.0, 200.0), (777.0, 301.0), (10.0, 380.0)]
        func matches(_ img: PixelImage) -> Bool {
            probes.allSatisfy { img.at($0.0, Self.top + $0.1).isClose(to: expected.at($0.0, $0.1), tolerance: 2) }
        }
        let shot = try await app.screenshot("pasted", timeout: 10) { matches($0) }
        for p in probes {
            #expect(shot.at(p.0, Self.top + p.1).isClose(to: expected.at(p.0, p.1), tolerance: 2),
                    "at \(p): \(shot.at(p.0, Self.top + p.1)) vs \(expected.at(p.0, p.1)) in \(shot.path)")
        }
        #expect(app.isRunning, "\(app.log)")
    }

    @Test("Ctrl+V with only text on the clipboard says so in red and leaves the canvas black")
    func pasteTextOnly() async throws {
        let session = try await XSession(name: "paint-paste-text")
        defer { session.close() }
        let app = try await session.launch(["paint", "--size", "800x600"])
        _ = try await app.screenshot("start")
        let owner = try await ClipboardInteropEndToEndTests.own(session, "clipboard", "just words")
        defer { owner.stop() }
        try await app.key("ctrl+v")
        let error = PixelColor(r: 170, g: 38, b: 56)  // Theme.errorFill (#b3283b) at 95 % over black
        let shot = try await app.screenshot("message") { $0.count(of: error, tolerance: 12) > 2000 }
        #expect(shot.count(of: error, tolerance: 12) > 2000, "a red message in \(shot.path)")
        let read = TextReading.find("the clipboard holds only text", size: 14, in: shot, region: (x: 150, y: 420, width: 500, height: 150)) { ($0.r + $0.g + $0.b) / 3 > 170 }
        #expect(read.score < 0.3, "the message says why in \(shot.path): \(read)")
        #expect(shot.at(50, Self.top + 30).isClose(to: .black))
        #expect(app.isRunning, "\(app.log)")
    }

    @Test("touchdesk paint FILE.png opens the picture; Save As writes the typed name, and Ctrl+C of it copies out by INCR")
    func openSaveAsAndCopyLarge() async throws {
        let session = try await XSession(name: "paint-open-saveas")
        defer { session.close() }
        let file = session.root.appendingPathComponent("start.png")
        let picture = Self.noise(width: 900, height: 700, seed: 11)
        try Self.write(picture, to: file)
        let expected = PixelImage(surface: picture)
        let app = try await session.launch(["paint", file.path, "--size", "800x600"])
        let opened = try await app.screenshot("opened") { $0.at(5, Self.top + 5).isClose(to: expected.at(5, 5), tolerance: 2) }
        #expect(opened.at(5, Self.top + 5).isClose(to: expected.at(5, 5), tolerance: 2), "the picture shows: \(opened.path)")
        #expect(opened.at(600, Self.top + 200).isClose(to: expected.at(600, 200), tolerance: 2))

        // Save As, a typed name in the folder of the picture being edited (as GTK's dialogs do).
        try await app.key("ctrl+shift+s")
        _ = try await app.screenshot("save-as")
        try await app.key("ctrl+a")
        let typed = await session.run("xdotool", ["type", "--delay", "20", "typed name"], timeout: 10)
        #expect(typed.ok, "\(typed)")
        try await app.key("Return")
        let saved = session.root.appendingPathComponent("typed name.png").path
        await wait(until: { FileManager.default.fileExists(atPath: saved) }, timeout: 10, interval: 0.1)
        let png = try #require(PixelImage(pngPath: saved), "Save As wrote \(saved)")
        // The opened picture's own size, not the window's.
        #expect(png.width == 900 && png.height == 700, "\(png.width)x\(png.height)")
        #expect(png.at(850, 650).isClose(to: expected.at(850, 650), tolerance: 2))

        // Ctrl+C of the 900×700 noise (a PNG over 1 MB) goes out in INCR pieces.
        try await app.key("ctrl+c")
        let out = session.root.appendingPathComponent("copied.png")
        var copied: PixelImage?
        await wait(until: {
            _ = await session.run("sh", ["-c", "xclip -o -selection clipboard -t image/png > '\(out.path)'"], timeout: 10)
            copied = PixelImage(pngPath: out.path)
            return copied?.width == 900
        }, timeout: 10, interval: 0.2)
        let c = try #require(copied, "xclip read a PNG from the app")
        #expect(c.width == 900 && c.height == 700)
        for p in [(1.0, 1.0), (450.0, 350.0), (899.0, 699.0)] {
            #expect(c.at(p.0, p.1).isClose(to: expected.at(p.0, p.1), tolerance: 2), "at \(p)")
        }
        let bytes = try FileManager.default.attributesOfItem(atPath: out.path)[.size] as? Int ?? 0
        #expect(bytes > 1 << 20, "the copy was larger than one INCR piece: \(bytes) bytes")

        // Pasting it back into the cleared canvas: TouchDesk is both sides of the INCR transfer.
        try await app.key("Delete")
        _ = try await app.screenshot("cleared") { $0.at(450, Self.top + 300).isClose(to: .black) }
        try await app.key("ctrl+v")
        let back = try await app.screenshot("pasted-back", timeout: 10) { $0.at(450, Self.top + 300).isClose(to: expected.at(450, 300), tolerance: 2) }
        #expect(back.at(450, Self.top + 300).isClose(to: expected.at(450, 300), tolerance: 2), "pasted back: \(back.path)")
        #expect(back.at(3, Self.top + 3).isClose(to: expected.at(3, 3), tolerance: 2))
        #expect(app.isRunning, "\(app.log)")
    }

    @Test("An opened 160×120 picture shows centred with its edge; Ctrl++ makes its pixels bigger and sharp; Ctrl+wheel zooms about the pointer")
    func openedPictureCentredAndZoomed() async throws {
        let session = try await XSession(name: "paint-zoom")
        defer { session.close() }
        let file = session.root.appendingPathComponent("small.png")
        try Self.write(Self.quarters(width: 160, height: 120), to: file)
        let app = try await session.launch(["paint", file.path, "--size", "800x600"])
        func isRed(_ c: PixelColor) -> Bool { c.isClose(to: .red) }
        let opened = try await app.screenshot("opened") { $0.regions(where: isRed, minimumPixels: 2000).count == 1 }
        let red = try #require(opened.regions(where: isRed, minimumPixels: 2000).first, "the red quarter in \(opened.path)")
        // The red quarter is the picture's top-left 80×60: the picture's corner is its corner.
        #expect(red.width == 80 && red.height == 60, "\(red) in \(opened.path)")
        let pictureMid = (Double(red.x) + 80, Double(red.y) + 60)
        // The canvas runs from the bar (44) to the toolbar; the picture sits in its middle.
        let field = opened.at(20, Self.top + 20)
        #expect(!field.isClose(to: .black), "the field round the picture is not canvas: \(field)")
        #expect(abs(pictureMid.0 - 400) <= 1, "centred across: \(red) in \(opened.path)")
        // Down the right of the field to the toolbar: the canvas's height, and the picture halfway down it.
        var bottom = Self.top + 20
        while bottom < 599, opened.at(700, bottom).isClose(to: field, tolerance: 4) { bottom += 1 }
        #expect(abs(pictureMid.1 - (Self.top + bottom) / 2) <= 1, "centred down: \(red), canvas to \(bottom) in \(opened.path)")
        // The edge: one line round the picture, unlike the field and the picture.
        let edge = opened.at(Double(red.x) - 1, Double(red.y) + 30)
        #expect(!edge.isClose(to: field, tolerance: 6) && !edge.isClose(to: .red), "an edge left of the picture: \(edge) in \(opened.path)")
        #expect(opened.at(Double(red.x) + 80, Double(red.y) - 1).isClose(to: edge, tolerance: 6), "and above it")
        #expect(opened.at(Double(red.x) - 4, Double(red.y) + 30).isClose(to: field, tolerance: 6))

        // Ctrl++ twice: 300 %, each pixel a 3×3 block, the edges between quarters sharp.
        try await app.moveMouse(400, 10)
        try await app.key("ctrl+plus", "ctrl+equal")
        let zoomed = try await app.screenshot("zoomed") { ($0.regions(where: isRed, minimumPixels: 2000).first?.width ?? 0) >= 240 }
        let big = try #require(zoomed.regions(where: isRed, minimumPixels: 2000).first, "red in \(zoomed.path)")
        #expect(big.width == 240 && big.height == 180, "three times larger: \(big) in \(zoomed.path)")
        let (bx, by) = (Double(big.x), Double(big.y))
        #expect(zoomed.at(bx + 239, by + 90).isClose(to: .red, tolerance: 2) && zoomed.at(bx + 240, by + 90).isClose(to: .green, tolerance: 2),
                "red meets green with nothing between: \(zoomed.path)")
        #expect(zoomed.at(bx + 120, by + 179).isClose(to: .red, tolerance: 2) && zoomed.at(bx + 120, by + 180).isClose(to: .blue, tolerance: 2))

        // Ctrl+wheel down over the picture's red quarter zooms out one step (to 200 %) about the pointer.
        let g = try await app.geometry()
        let over = (bx + 60, by + 45)
        let args = ["mousemove", String(g.x + Int(over.0)), String(g.y + Int(over.1)), "keydown", "ctrl", "click", "5", "keyup", "ctrl"]
        #expect(await session.run("xdotool", args, timeout: 10).ok)
        let out = try await app.screenshot("ctrl-wheel") { ($0.regions(where: isRed, minimumPixels: 2000).first?.width ?? 0) == 160 }
        let two = try #require(out.regions(where: isRed, minimumPixels: 2000).first, "red in \(out.path)")
        #expect(two.width == 160 && two.height == 120, "200 %: \(two) in \(out.path)")
        #expect(app.isRunning, "\(app.log)")
    }
}
