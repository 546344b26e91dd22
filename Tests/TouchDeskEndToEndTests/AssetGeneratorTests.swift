import Foundation
import Testing
import TouchDeskTestSupport

/// The project's own artwork: the generator (make-assets) draws every Stick Man layer at
/// 400 × 400, transparent except the background, and what it draws is what the repository holds.
@Suite(.timeLimit(.minutes(1)))
struct AssetGeneratorTests {
    static let names = ["background", "baseline", "legs", "legsJumping", "leftHandUp", "leftHandDown", "leftHandHorizontal",
                        "rightHandUp", "rightHandDown", "rightHandHorizontal", "eyes", "eyesLeft", "eyesRight", "happy", "sad",
                        "hat", "readThePaper", "pendulum1", "pendulum2", "empty"]

    static var repositoryAssets: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("assets").path
    }

    @Test("make-assets writes every named Stick Man layer at 400 × 400, matching the committed PNGs")
    func generatorDrawsEveryLayer() async throws {
        let generator = (try XSession.binary() as NSString).deletingLastPathComponent + "/make-assets"
        try #require(FileManager.default.isExecutableFile(atPath: generator), "no make-assets next to touchdesk (swift build)")
        let out = TemporaryDirectory(prefix: "touchdesk-make-assets")
        let run = await XSession.runTool(generator, [out.path], environment: nil, timeout: 30)
        #expect(run.ok, "\(run)")
        #expect(Set(out.files(in: out.appending("stickman"))) == Set(Self.names.map { $0 + ".png" }))
        for name in Self.names {
            let path = out.appending("stickman/\(name).png")
            let made = try #require(PixelImage(pngPath: path), "\(name).png is not a PNG")
            #expect(made.width == 400 && made.height == 400, "\(name).png is \(made.width)x\(made.height)")
            let corners = [made[0, 0], made[399, 0], made[0, 399], made[399, 399], made[5, 200]]
            if name == "background" {
                #expect(corners.allSatisfy { $0.a == 255 }, "the background has holes")
                #expect(made.pixels.allSatisfy { $0.a == 255 })
            } else {
                #expect(corners.allSatisfy { $0.a == 0 }, "\(name).png is not transparent around the drawing")
                let drawn = made.pixels.filter { $0.a > 0 }.count
                #expect(name == "empty" ? drawn == 0 : drawn > 150, "\(name).png has \(drawn) drawn pixels")
            }
            // The committed picture is the one the generator draws.
            let committed = try #require(PixelImage(pngPath: Self.repositoryAssets + "/stickman/\(name).png"), "\(name).png not committed")
            let differing = zip(made.pixels, committed.pixels).filter { !$0.isClose(to: $1, tolerance: 2) }.count
            #expect(differing == 0, "assets/stickman/\(name).png differs from the generator's in \(differing) pixels: run swift run make-assets")
        }
    }

    @Test("Every layer lines up: arms start at the shoulder, the pendulum hangs from the horizontal left hand")
    func layersLineUp() throws {
        func load(_ name: String) throws -> PixelImage {
            try #require(PixelImage(pngPath: Self.repositoryAssets + "/stickman/\(name).png"))
        }
        let baseline = try load("baseline")
        // The body passes through the shoulder (200, 196); every arm covers that point too.
        #expect(baseline[200, 196].a == 255)
        for arm in ["leftHandUp", "leftHandDown", "leftHandHorizontal", "rightHandUp", "rightHandDown", "rightHandHorizontal"] {
            #expect(try load(arm)[200, 196].a == 255, "\(arm) does not start at the shoulder")
        }
        for legs in ["legs", "legsJumping"] {
            #expect(try load(legs)[200, 272].a == 255 && baseline[200, 272].a == 255, "\(legs) does not start at the hip")
        }
        // Both pendulum frames hang from where the horizontal left hand is.
        let hand = try load("leftHandHorizontal")
        #expect(hand[96, 198].a == 255)
        for p in ["pendulum1", "pendulum2"] { #expect(try load(p)[96, 198].a == 255, "\(p) does not hang from the hand") }
        // The hat sits on the head: its brim overlaps the top of the head outline.
        let hat = try load("hat")
        #expect(hat[200, 80].a == 255 && baseline[200, 80].a == 255)
        #expect(baseline[200, 40].a == 0 && hat[200, 40].a == 255)
    }
}
