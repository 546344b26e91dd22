import TouchDeskDrawing
import Foundation
import Testing
import TouchDeskInterface
import TouchDeskModels
import TouchDeskTestSupport
@testable import AppStickMan
@testable import TouchDeskToolkit

/// Stick Man as a user sees him: drawn from the project's pictures, the hat above his head, the
/// pendulum swinging, the buttons and keys 1–6, and a window of any size.
@Suite("Stick Man view")
struct StickManAppTests {
    static let size = Size(800, 556)
    static let skin = PixelColor(hex: 0xffd9a8)
    static let hatCrown = PixelColor(hex: 0x3b2f6b)
    static let bob = PixelColor(hex: 0xf5a623)

    func makeApp(size: Size = StickManAppTests.size, environment: AppEnvironment = ViewAssets.environment) -> StickManApp {
        let app = StickManApp(environment: environment)
        app.layout(in: size)
        return app
    }

    /// A point of the 400-pixel artwork, in the app's coordinates.
    func art(_ app: StickManApp, _ x: Double, _ y: Double) -> (Double, Double) {
        let k = app.pictureRect.width / Double(StickManPicture.side)
        return (app.pictureRect.x + x * k, app.pictureRect.y + y * k)
    }

    func color(_ img: PixelImage, _ p: (Double, Double)) -> PixelColor { img.at(p.0, p.1) }

    @Test(arguments: [Size(800, 556), Size(400, 316), Size(1200, 400), Size(420, 900)])
    func everythingFitsAndNothingOverlaps(size: Size) {
        let app = makeApp(size: size)
        let whole = Rect(x: 0, y: 0, width: size.width, height: size.height)
        #expect(app.pictureRect.width >= 100, "picture \(app.pictureRect) at \(size)")
        #expect(app.pictureRect.width == app.pictureRect.height)
        #expect(whole.contains(app.pictureRect) && whole.contains(app.bubbleRect))
        #expect(app.controls.items.count == 6)
        for c in app.controls.items {
            #expect(whole.contains(c.frame), "\(c.id) at \(c.frame) outside \(size)")
            #expect(!c.frame.intersects(app.pictureRect) && !c.frame.intersects(app.bubbleRect), "\(c.id) overlaps at \(size)")
            #expect(!c.shortcut.isEmpty)
        }
        #expect(!app.bubbleRect.intersects(app.pictureRect))
    }

    @Test func heStandsInHisLandscapeWithHisHeadWhereTheArtworkPutsIt() {
        let app = makeApp()
        let img = frame(of: app, size: Self.size)
        #expect(color(img, art(app, 200, 120)).isClose(to: Self.skin, tolerance: 6), "head: \(color(img, art(app, 200, 120)))")
        // Sky above him, grass at his feet.
        let sky = color(img, art(app, 200, 40))
        #expect(sky.b > 240 && sky.r < 200, "sky: \(sky)")
        let grass = color(img, art(app, 300, 390))
        #expect(grass.g > grass.r + 40 && grass.g > grass.b + 40, "grass: \(grass)")
    }

    @Test func key3PutsTheHatOnAboveHisHeadAndTheButtonTakesItOff() throws {
        let app = makeApp()
        let above = [art(app, 200, 40), art(app, 185, 30), art(app, 215, 50)]
        #expect(frame(of: app, size: Self.size).mismatches(above, expected: Self.hatCrown, tolerance: 10).count == 3)
        #expect(app.press("3"))
        var img = frame(of: app, size: Self.size)
        #expect(img.mismatches(above, expected: Self.hatCrown, tolerance: 10).isEmpty, "no hat above the head")
        #expect(color(img, art(app, 200, 120)).isClose(to: Self.skin, tolerance: 6), "the hat covers the face")
        #expect(app.controls[StickManAction.hat]?.isOn == true, "the Hat toggle shows it is on")
        let hat = try #require(app.controls[StickManAction.hat])
        app.tap(hat.frame.center)
        img = frame(of: app, size: Self.size)
        #expect(img.mismatches(above, expected: Self.hatCrown, tolerance: 10).count == 3, "the hat is still there")
        #expect(app.controls[StickManAction.hat]?.isOn == false)
    }

    @Test func thePendulumSwingsFromHisHandBetweenTwoPlaces() {
        let app = makeApp()
        #expect(!app.tick(), "nothing animates at the start")
        #expect(app.press("6"))
        // Bob centres: the hand at (96, 198), a 96-pixel rod, ±0.5 rad.
        let one = art(app, 96 + 96 * sin(0.5), 198 + 96 * cos(0.5)), two = art(app, 96 - 96 * sin(0.5), 198 + 96 * cos(0.5))
        var img = frame(of: app, size: Self.size)
        #expect(color(img, one).isClose(to: Self.bob, tolerance: 10), "bob not at \(one): \(color(img, one))")
        #expect(!color(img, two).isClose(to: Self.bob, tolerance: 40))
        for _ in 0..<23 { #expect(app.tick()) }
        img = frame(of: app, size: Self.size)
        #expect(color(img, two).isClose(to: Self.bob, tolerance: 10), "bob not at \(two) after 23 ticks: \(color(img, two))")
        #expect(!color(img, one).isClose(to: Self.bob, tolerance: 40))
        for _ in 0..<22 { _ = app.tick() }
        img = frame(of: app, size: Self.size)
        #expect(color(img, one).isClose(to: Self.bob, tolerance: 10), "back after 0.75 s")
        // Happy stops it: the pendulum is gone and nothing animates.
        app.press("1")
        #expect(!app.tick())
        img = frame(of: app, size: Self.size)
        #expect(!color(img, one).isClose(to: Self.bob, tolerance: 40) && !color(img, two).isClose(to: Self.bob, tolerance: 40))
    }

    @Test func keysOneToSixAndTheButtonsPressTheSixActionsInOrder() throws {
        let labels = ["Life is good!", "My code doesn't run", nil, "Anything about iPhone 6?", "I am flying!", "Check out my pendulum.."]
        for (i, action) in StickManAction.allCases.enumerated() {
            let byKey = makeApp()
            #expect(byKey.press("\(i + 1)"))
            let byButton = makeApp()
            let button = try #require(byButton.controls[action])
            #expect(button.shortcut == "\(i + 1)")
            byButton.tap(button.frame.center)
            var expected = StickManModel()
            expected.perform(action)
            #expect(byKey.model == expected && byButton.model == expected, "\(action)")
            #expect(byKey.model.label == labels[i] ?? StickManModel.greeting)
        }
        #expect(!makeApp().press("7"), "other keys are left for the shell")
    }

    @Test func theSpeechBubbleShowsTheLabel() {
        let app = makeApp()
        var img = frame(of: app, size: Self.size)
        let bubble = app.bubbleRect
        let paper = PixelColor(StickManApp.bubbleFill), ink = PixelColor(StickManApp.bubbleText)
        func inked(_ img: PixelImage) -> Int { img.count(of: ink, tolerance: 12, x: Int(bubble.x), y: Int(bubble.y), width: Int(bubble.width), height: Int(bubble.height)) }
        #expect(img.count(of: paper, x: Int(bubble.x), y: Int(bubble.y), width: Int(bubble.width), height: Int(bubble.height)) > 2000)
        let hello = inked(img)
        #expect(hello > 100, "no text in the bubble")
        // A longer line has more ink.
        app.press("4")
        img = frame(of: app, size: Self.size)
        #expect(inked(img) > hello)
    }

    @Test("drawn, not loaded: Stick Man needs no picture files, and is sharp at 2×")
    func drawnWithoutFilesAndSharpAtTwiceTheScale() {
        let sandbox = Sandbox()
        var env = sandbox.environment
        env.assetsDirectory = sandbox.dir.appending("no-assets-here")
        let app = makeApp(environment: env)
        let (img, status) = render(Self.size) { app.draw($0) }
        #expect(status == nil)
        #expect(app.compositor.store.warnings.isEmpty)
        // His face, where the 400-point artwork puts the head (200, 120).
        #expect(color(img, art(app, 200, 150)).isClose(to: PixelColor(hex: 0xffd9a8), tolerance: 16), "no face at the head")
        // At 2× the layers are drawn into a composite of twice the pixels.
        app.layout(in: Self.size, scale: 2)
        _ = ImageSurface.render(size: Self.size, scale: 2) { app.draw($0) }
        #expect(app.compositor.pixelSize.width == Int((app.pictureRect.width * 2).rounded(.up)))
    }

    @Test func theCompositeIsReusedWhileNothingChanges() {
        let app = makeApp()
        _ = frame(of: app, size: Self.size)
        _ = frame(of: app, size: Self.size)
        #expect(app.compositor.cachedCount == 1)
        app.press("6")
        for _ in 0..<100 { _ = app.tick(); _ = frame(of: app, size: Self.size) }
        // Two pendulum frames: two more composites, no more however long it swings.
        #expect(app.compositor.cachedCount == 3)
    }

    @Test func flyShowsWingsAndTheActiveModeIsLitOnItsButton() throws {
        let app = makeApp()
        let wing = PixelColor(StickManApp.wingFill, alpha: 0.85, over: Color(hex: 0xffffff))
        func wingPixels() -> Int {
            frame(of: app, size: Self.size).points(in: nil) { $0.isClose(to: wing, tolerance: 40) && $0.b > 230 && $0.r > 215 && $0.r < 250 }.count
        }
        app.perform(.read)
        #expect(app.controls[StickManAction.read]?.isOn == true)
        let without = wingPixels()
        app.perform(.fly)
        #expect(app.model.hasWings)
        #expect(app.controls[StickManAction.fly]?.isOn == true && app.controls[StickManAction.read]?.isOn == false)
        let with = wingPixels()
        #expect(with > without + 500, "wings: \(with) wing-coloured pixels, \(without) before")
        #expect(app.model.picture(in: .newspaper) == nil, "no paper (and its two extra hands) while flying")
    }
}
