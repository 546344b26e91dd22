import Foundation
import Testing
import TouchDeskTestSupport

/// Paintbrush's colours in the real window: a colour made in the picker with keys, taken back
/// from the canvas with Alt+click, and a half-opacity stroke that crosses itself.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct PaintColorEndToEndTests {
    static func isBlack(_ c: PixelColor) -> Bool { c.r <= 12 && c.g <= 12 && c.b <= 12 }

    /// An Alt+click at window coordinates (x, y), through XTEST as a person would hold Alt.
    static func altClick(_ app: AppUnderTest, _ x: Double, _ y: Double) async throws {
        let g = try await app.geometry()
        let args = ["mousemove", String(g.x + Int(x.rounded())), String(g.y + Int(y.rounded())),
                    "keydown", "alt", "click", "1", "keyup", "alt"]
        let r = await app.session.run("xdotool", args, timeout: 10)
        guard r.ok else { throw XSession.Failure("xdotool \(args.joined(separator: " ")) failed: \(r)") }
    }

    @Test("Paintbrush: a colour picked with keys paints; Alt+click takes it back from the canvas; half opacity crosses itself evenly")
    func pickerEyedropperAndOpacity() async throws {
        let session = try await XSession(name: "paint-colours")
        defer { session.close() }
        let app = try await session.launch(["paint", "--size", "800x600"])
        let first = try await app.screenshot("start")
        let box = try #require(first.regions(where: Self.isBlack, minimumPixels: 5000).first, "no canvas in \(first.path)")
        func at(_ fx: Double, _ fy: Double) -> (Double, Double) {
            (Double(box.x) + Double(box.width) * fx, Double(box.y) + Double(box.height) * fy)
        }

        // The picker: from white, full saturation (red), then 30° round the hue: orange, #FF8000.
        try await app.key("c")
        for _ in 0..<10 { try await app.key("shift+Right") }
        try await app.key("Tab")
        for _ in 0..<3 { try await app.key("shift+Right") }
        try await app.key("Return")
        let orange = PixelColor(r: 255, g: 128, b: 0)
        let a0 = at(0.15, 0.25), a1 = at(0.45, 0.25)
        try await app.drag([a0, at(0.3, 0.25), a1])
        try await app.moveMouse(400, 10)
        let painted = try await app.screenshot("orange") { $0.nearest(at(0.3, 0.25).0, at(0.3, 0.25).1).isClose(to: orange, tolerance: 3) }
        #expect(painted.nearest(at(0.3, 0.25).0, at(0.3, 0.25).1).isClose(to: orange, tolerance: 3), "no orange stroke in \(painted.path)")

        // White again, then the eyedropper on the orange stroke, then a stroke elsewhere.
        try await app.key("1")
        try await Self.altClick(app, at(0.3, 0.25).0, at(0.3, 0.25).1)
        let b0 = at(0.15, 0.5), b1 = at(0.45, 0.5)
        try await app.drag([b0, at(0.3, 0.5), b1])
        try await app.moveMouse(400, 10)
        let picked = try await app.screenshot("picked") { !Self.isBlack($0.nearest(at(0.3, 0.5).0, at(0.3, 0.5).1)) }
        for fx in [0.2, 0.3, 0.4] {
            let p = at(fx, 0.5)
            #expect(picked.nearest(p.0, p.1).isClose(to: orange, tolerance: 3), "at \(p): \(picked.nearest(p.0, p.1)) in \(picked.path)")
        }

        // Half opacity, white, one stroke that crosses itself: the same grey on and off the crossing.
        try await app.key("1")
        for _ in 0..<10 { try await app.key("braceleft") }
        let cross = at(0.75, 0.5)
        try await app.drag([at(0.6, 0.5), cross, at(0.9, 0.5), at(0.75, 0.3), cross, at(0.75, 0.75)])
        try await app.moveMouse(400, 10)
        let grey = PixelColor(r: 128, g: 128, b: 128)
        let shot = try await app.screenshot("half") { $0.nearest(cross.0, cross.1).isClose(to: grey, tolerance: 3) }
        for p in [cross, at(0.65, 0.5), at(0.85, 0.5), at(0.75, 0.4), at(0.75, 0.65)] {
            #expect(shot.nearest(p.0, p.1).isClose(to: grey, tolerance: 3), "at \(p): \(shot.nearest(p.0, p.1)) in \(shot.path)")
        }
        try await app.key("ctrl+q")
        try await app.key("d")
        #expect(await app.waitForExit(timeout: 10) == .exited(0))
    }
}
