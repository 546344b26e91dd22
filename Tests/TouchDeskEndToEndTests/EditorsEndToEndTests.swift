import Foundation
import Testing
import TouchDeskTestSupport

/// Work survives: a painting kept while visiting other apps and across a restart, the question
/// before quitting with an unsaved painting, and building a maze by dragging.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct EditorsEndToEndTests {
    static func isWhite(_ c: PixelColor) -> Bool { c.r >= 235 && c.g >= 235 && c.b >= 235 }
    static func isBlack(_ c: PixelColor) -> Bool { c.r <= 12 && c.g <= 12 && c.b <= 12 }

    static func canvas(in img: PixelImage) -> (x: Int, y: Int, width: Int, height: Int, pixels: Int)? {
        img.regions(where: isBlack, minimumPixels: 5000).first
    }

    /// Points along a horizontal stroke across the middle of `box`.
    static func stroke(_ box: (x: Int, y: Int, width: Int, height: Int, pixels: Int)) -> [(Double, Double)] {
        let y = Double(box.y) + Double(box.height) * 0.4
        return stride(from: 0.2, through: 0.8, by: 0.05).map { (Double(box.x) + Double(box.width) * $0, y) }
    }

    /// Finds the canvas in a first screenshot and drags one white stroke across it.
    static func drawStroke(_ app: AppUnderTest) async throws -> (box: (x: Int, y: Int, width: Int, height: Int, pixels: Int), points: [(Double, Double)]) {
        let first = try await app.screenshot("start")
        let box = try #require(canvas(in: first), "no canvas in \(first.path)")
        let points = stroke(box)
        try await app.drag([points.first!, points.last!])
        return (box, points)
    }

    @Test("Paintbrush: a stroke survives Esc and P, Ctrl+Q asks, Don't save exits 0, and a restart brings the canvas back")
    func paintingSurvives() async throws {
        let session = try await XSession(name: "paint-survives")
        defer { session.close() }
        let app = try await session.launch(["paint", "--size", "800x600"])
        let points = try await Self.drawStroke(app).points
        try await app.moveMouse(400, 10)
        _ = try await app.screenshot("stroke") { img in points.allSatisfy { Self.isWhite(img.nearest($0.0, $0.1)) } }

        try await app.key("Escape")
        #expect(try await app.waitForTitle("TouchDesk") == "TouchDesk")
        try await app.key("p")
        #expect(try await app.waitForTitle("TouchDesk — Paintbrush") == "TouchDesk — Paintbrush")
        let back = try await app.screenshot("back") { img in points.allSatisfy { Self.isWhite(img.nearest($0.0, $0.1)) } }
        let missing = points.filter { !Self.isWhite(back.nearest($0.0, $0.1)) }
        #expect(missing.isEmpty, "the stroke is gone after Esc, P: \(back.path)")

        try await app.key("ctrl+q")
        // The question dims the window: the white stroke is no longer pure white, and the program runs on.
        let asked = try await app.screenshot("asked") { img in !Self.isWhite(img.nearest(points[6].0, points[6].1)) }
        #expect(!Self.isWhite(asked.nearest(points[6].0, points[6].1)), "no dialog over the painting in \(asked.path)")
        #expect(await app.waitForExit(timeout: 0.5) == nil, "Ctrl+Q quit without asking")
        try await app.key("d")
        let status = await app.waitForExit(timeout: 10)
        #expect(status == .exited(0), "Don't save: \(String(describing: status)); log: \(app.log)")
        let kept = session.home.appendingPathComponent(".local/state/touchdesk/paint.json").path
        #expect(FileManager.default.fileExists(atPath: kept), "no \(kept)")

        let again = try await session.launch(["paint", "--size", "800x600"])
        try await again.moveMouse(400, 10)
        let restored = try await again.screenshot("restarted") { img in points.allSatisfy { Self.isWhite(img.nearest($0.0, $0.1)) } }
        let lost = points.filter { !Self.isWhite(restored.nearest($0.0, $0.1)) }
        #expect(lost.isEmpty, "the canvas did not come back after a restart: \(restored.path)")
        try await again.key("ctrl+q")
        #expect(await again.waitForExit(timeout: 10) == .exited(0), "a restored, unchanged painting quits without asking")
    }

    static let floor = PixelColor(hex: 0xe9e4d4)
    static let block = PixelColor(hex: 0x5b3a29)

    @Test("Maze: a drag places a row of blocks; G makes a maze")
    func mazeDragAndGenerate() async throws {
        let session = try await XSession(name: "maze-editor")
        defer { session.close() }
        let app = try await session.launch(["maze", "--size", "800x700"])
        let first = try await app.screenshot("start")
        // The floor's pixels (the faint grid lines split it into cells) span the maze square.
        let pts = first.points { $0.isClose(to: Self.floor, tolerance: 6) }
        try #require(pts.count > 20000, "no maze floor in \(first.path)")
        let floor = (x: pts.map(\.x).min()!, y: pts.map(\.y).min()!)
        let side = Double(max(pts.map(\.x).max()! - floor.x, pts.map(\.y).max()! - floor.y) + 1), cell = side / 12
        func center(_ row: Int, _ col: Int) -> (Double, Double) {
            (Double(floor.x) + cell * (Double(col) + 0.5), Double(floor.y) + cell * (Double(row) + 0.5))
        }
        let row = (2...9).map { center(6, $0) }
        try await app.drag(row)
        try await app.moveMouse(400, 5)
        let drawn = try await app.screenshot("row") { img in row.allSatisfy { img.nearest($0.0, $0.1).isClose(to: Self.block, tolerance: 8) } }
        let open = row.filter { !drawn.nearest($0.0, $0.1).isClose(to: Self.block, tolerance: 8) }
        #expect(open.isEmpty, "cells of the dragged row are not blocks in \(drawn.path)")
        #expect(drawn.nearest(center(6, 10).0, center(6, 10).1).isClose(to: Self.floor, tolerance: 8), "the row went past the drag")

        try await app.key("g")
        let maze = try await app.screenshot("generated") { img in
            img.points { $0.isClose(to: Self.block, tolerance: 8) }.count > Int(cell * cell * 40)
        }
        let blocks = maze.points { $0.isClose(to: Self.block, tolerance: 8) }.count
        #expect(blocks > Int(cell * cell * 40), "G made no maze (\(blocks) block pixels) in \(maze.path)")
        try await app.key("ctrl+q")
        #expect(await app.waitForExit(timeout: 10) == .exited(0))
    }

    @Test("Paintbrush: Ctrl+C puts the canvas on the clipboard as image/png; xclip reads a PNG of the canvas's size")
    func copyCanvasAsPNG() async throws {
        let session = try await XSession(name: "paint-copy")
        defer { session.close() }
        let app = try await session.launch(["paint", "--size", "800x600"])
        let (box, points) = try await Self.drawStroke(app)
        try await app.key("ctrl+c")
        let out = session.root.appendingPathComponent("copied.png")
        var targets = await session.run("xclip", ["-o", "-selection", "clipboard", "-t", "TARGETS"], timeout: 3)
        await wait(until: {
            targets = await session.run("xclip", ["-o", "-selection", "clipboard", "-t", "TARGETS"], timeout: 3)
            return targets.stdout.contains("image/png")
        }, timeout: 5, interval: 0.1)
        #expect(targets.stdout.contains("image/png"), "TARGETS: \(targets)")
        let r = await session.run("sh", ["-c", "xclip -o -selection clipboard -t image/png > '\(out.path)'"], timeout: 5)
        #expect(r.ok, "\(r)")
        let png = try #require(PixelImage(pngPath: out.path), "not a PNG: \(out.path)")
        // The canvas in the window, measured from the screenshot: the copy is that size (at 1×).
        #expect(abs(png.width - box.width) <= 2 && abs(png.height - box.height) <= 2, "copied \(png.width)x\(png.height), canvas \(box)")
        let mid = points[points.count / 2]
        #expect(Self.isWhite(png.nearest(mid.0 - Double(box.x), mid.1 - Double(box.y))), "the stroke is in the copy")
    }
}
