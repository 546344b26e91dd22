import Foundation
import Testing
import TouchDeskTestSupport
import TouchDeskInterface
import TouchDeskModels

/// The layer compositor's rules: layers draw back to front, each shows one picture or nothing,
/// and an animation shows the frame its period says at each moment, looping.
@Suite("Layer stack and frame animations")
struct LayerStackTests {
    @Test func frameAtTimeT() {
        let a = FrameAnimation(["a", "b"], period: 0.75)
        #expect(a.frame(at: 0) == "a")
        #expect(a.frame(at: 0.374) == "a")
        #expect(a.frame(at: 0.375) == "b")
        #expect(a.frame(at: 0.749) == "b")
        #expect(a.frame(at: 0.75) == "a", "it loops")
        #expect(a.frame(at: 75.4) == "b")
        let four = FrameAnimation(["r", "c", "l", "c2"], period: 4)
        #expect([0.5, 1.5, 2.5, 3.5, 4.5].map { four.frame(at: $0) } == ["r", "c", "l", "c2", "r"])
        // Exactly on a frame change (t = k · period / n), the new frame shows.
        #expect([1.0, 2.0, 3.0, 4.0].map { four.frameIndex(at: $0) } == [1, 2, 3, 0])
    }

    @Test func oddAnimationsNeverCrash() {
        #expect(FrameAnimation([], period: 1).frame(at: 3) == nil)
        #expect(FrameAnimation(["x", "y"], period: 0).frame(at: 3) == "x")
        #expect(FrameAnimation(["x", "y"], period: -2).frame(at: 3) == "x")
        #expect(FrameAnimation(["x", "y"], period: .nan).frame(at: 3) == "x")
        #expect(FrameAnimation(["x", "y"], period: 1).frame(at: -0.7) == "x")
        #expect(FrameAnimation(["x", "y"], period: 1).frame(at: .infinity) == "x")
    }

    @Test(arguments: [1, 7, 99, 2024, 0xfeed] as [UInt64])
    func everyFrameGetsItsShareOfEachLoop(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        for _ in 0..<40 {
            let n = Int.random(in: 1...8, using: &rng)
            let period = Double.random(in: 0.1...6, using: &rng)
            let a = FrameAnimation((0..<n).map { "f\($0)" }, period: period)
            // Sampled finely over three loops: frames come in order, each for period / n.
            let step = period / Double(n) / 50
            var runs: [(index: Int, length: Int)] = []
            var t = step / 2
            while t < 3 * period {
                let i = a.frameIndex(at: t)!
                #expect((0..<n).contains(i))
                if runs.last?.index == i { runs[runs.count - 1].length += 1 } else { runs.append((i, 1)) }
                #expect(a.frameIndex(at: t + period) == i, "seed \(seed): not periodic at \(t)")
                t += step
            }
            #expect(runs.count == (n == 1 ? 1 : 3 * n), "seed \(seed): \(runs.count) runs for \(n) frames")
            for (k, run) in runs.enumerated() where n > 1 {
                #expect(run.index == k % n, "seed \(seed): frames out of order")
                #expect(abs(run.length - 50) <= 1, "seed \(seed): frame \(run.index) shown \(run.length) samples, not 50")
            }
        }
    }

    @Test func layersDrawBackToFrontAndEmptyOnesAreLeftOut() {
        var s = LayerStack(["back", "middle", "front"])
        #expect(s.visiblePictures.isEmpty)
        s.show("sky", in: "back")
        s.show("hat", in: "front")
        #expect(s.visiblePictures == ["sky", "hat"])
        // Setting a middle layer later still draws it between them: order is the stack's.
        s.show("man", in: "middle")
        #expect(s.visiblePictures == ["sky", "man", "hat"])
        s.show(nil, in: "back")
        #expect(s.visiblePictures == ["man", "hat"])
        #expect(s.picture(in: "back") == nil)
        #expect(s.picture(in: "front") == "hat")
    }

    @Test func unknownLayersAreRefusedAndChangeNothing() {
        var s = LayerStack(["a", "b", "a"])
        #expect(s.names == ["a", "b"])
        s.show("x", in: "a")
        let before = s
        let shown = s.show("y", in: "nope")
        let animated = s.animate("nope", FrameAnimation(["p"], period: 1))
        let stopped = s.stopAnimation(in: "nope")
        #expect(!shown && !animated && !stopped)
        #expect(s == before)
        #expect(s.picture(in: "nope") == nil)
    }

    @Test func eachLayerAnimatesOnItsOwnClock() {
        var s = LayerStack(["eyes", "hand"])
        s.show("still", in: "hand")
        s.animate("eyes", FrameAnimation(["e1", "e2"], period: 1))    // 30 ticks a frame
        for _ in 0..<20 { s.tick() }
        s.animate("hand", FrameAnimation(["h1", "h2", "h3"], period: 0.5))  // 10 ticks a frame, from tick 20
        #expect(s.isAnimating)
        #expect(s.visiblePictures == ["e1", "h1"])
        for _ in 0..<10 { s.tick() }   // tick 30
        #expect(s.visiblePictures == ["e2", "h2"])
        for _ in 0..<20 { s.tick() }   // tick 50
        #expect(s.visiblePictures == ["e2", "h1"])
        for _ in 0..<10 { s.tick() }   // tick 60
        #expect(s.visiblePictures == ["e1", "h2"])
        // Stopping one animation shows that layer's still picture again; the other keeps going.
        s.stopAnimation(in: "hand")
        #expect(s.visiblePictures == ["e1", "still"])
        s.stopAllAnimations()
        #expect(!s.isAnimating)
        #expect(s.visiblePictures == ["still"])
    }

    @Test func showingAPictureStopsThatLayersAnimation() {
        var s = LayerStack(["p"])
        s.animate("p", FrameAnimation(["1", "2"], period: 1))
        #expect(s.isAnimating)
        s.show("x", in: "p")
        #expect(!s.isAnimating)
        #expect(s.visiblePictures == ["x"])
    }

    @Test func aRestartedAnimationBeginsAtItsFirstFrame() {
        var s = LayerStack(["p"])
        s.animate("p", FrameAnimation(["1", "2"], period: 1))
        for _ in 0..<40 { s.tick() }
        #expect(s.picture(in: "p") == "2")
        s.animate("p", FrameAnimation(["1", "2"], period: 1))
        #expect(s.picture(in: "p") == "1")
    }
}
