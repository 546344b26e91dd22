import Foundation
import Testing
import TouchDeskInterface
import TouchDeskModels

/// Stick Man's rules: the layer order, the start, and what each of the six buttons shows and says.
@Suite("Stick Man model")
struct StickManModelTests {
    typealias L = StickManLayer

    /// Every layer's picture, for comparing whole states.
    func layers(_ m: StickManModel) -> [L: StickManPicture] {
        var out: [L: StickManPicture] = [:]
        for l in L.allCases { out[l] = m.picture(in: l) }
        return out
    }

    func ticks(_ m: inout StickManModel, seconds: Double) {
        for _ in 0..<Int((seconds * 60).rounded()) { _ = m.tick() }
    }

    @Test func layersGoBackToFrontInTheIssuesOrder() {
        #expect(StickManModel().stack.names == ["background", "baseline", "face", "legs", "leftHand", "rightHand",
                                               "newspaper", "hat", "pendulum", "eyes"])
    }

    @Test func theStartIsAStandingManWithHandsUpWhoSaysHello() {
        var m = StickManModel()
        #expect(layers(m) == [.background: .background, .baseline: .baseline, .legs: .legs,
                              .leftHand: .leftHandUp, .rightHand: .rightHandUp, .eyes: .eyes])
        #expect(m.visiblePictures == [.background, .baseline, .legs, .leftHandUp, .rightHandUp, .eyes])
        #expect(m.label == "Hello! I am Stick Man.")
        #expect(!m.isAnimating)
        let animates = m.tick()
        #expect(!animates, "nothing animates: the window may sleep")
    }

    @Test func happy() {
        var m = StickManModel()
        m.perform(.read)
        m.perform(.happy)
        #expect(layers(m) == [.background: .background, .baseline: .baseline, .face: .happy, .legs: .legs,
                              .leftHand: .leftHandUp, .rightHand: .rightHandUp, .eyes: .eyes])
        #expect(m.label == "Life is good!")
        #expect(!m.isAnimating)
    }

    @Test func sad() {
        var m = StickManModel()
        m.perform(.read)
        m.perform(.sad)
        #expect(layers(m) == [.background: .background, .baseline: .baseline, .face: .sad, .legs: .legs,
                              .leftHand: .leftHandDown, .rightHand: .rightHandDown, .eyes: .eyes])
        #expect(m.label == "My code doesn't run")
        #expect(!m.isAnimating)
    }

    @Test func hatTogglesTheHatAndNothingElse() {
        var m = StickManModel()
        m.perform(.fly)
        ticks(&m, seconds: 0.6)
        let before = m
        m.perform(.hat)
        #expect(m.hasHat)
        #expect(m.picture(in: .hat) == .hat)
        #expect(m.label == "I am flying!")
        #expect(m.isAnimating, "the hat does not stop the flying")
        var without = layers(m)
        without[.hat] = nil
        #expect(without == layers(before))
        m.perform(.hat)
        #expect(!m.hasHat)
        #expect(m.picture(in: .hat) == nil)
        // The hat is drawn over the newspaper and under the pendulum and the eyes.
        m.perform(.hat)
        m.perform(.read)
        #expect(m.visiblePictures == [.background, .baseline, .happy, .legs, .leftHandDown, .rightHandDown, .readThePaper, .hat, .eyesRight])
        m.perform(.pendulum)
        // The paper, with its own hands, is put away: two hands, not four.
        #expect(m.visiblePictures == [.background, .baseline, .happy, .legs, .leftHandHorizontal, .rightHandUp, .hat, .pendulum1, .eyes])
    }

    @Test func readShowsThePaperAndTheEyesReadRightCentreLeftCentreOverFourSeconds() {
        var m = StickManModel()
        m.perform(.read)
        #expect(m.picture(in: .newspaper) == .readThePaper)
        #expect(m.label == "Anything about iPhone 6?")
        var seen: [StickManPicture] = []
        for _ in 0..<(2 * 4 * 60) {
            seen.append(m.picture(in: .eyes)!)
            let animates = m.tick()
            #expect(animates)
        }
        // Each second of each loop, one look: 60 ticks each, in order, twice.
        let expected: [StickManPicture] = [.eyesRight, .eyes, .eyesLeft, .eyes, .eyesRight, .eyes, .eyesLeft, .eyes]
        for (i, look) in expected.enumerated() {
            #expect(seen[(i * 60)..<(i * 60 + 60)].allSatisfy { $0 == look }, "second \(i) shows \(Set(seen[(i * 60)..<(i * 60 + 60)]))")
        }
        // The paper is in front of the hands and under the hat and eyes.
        // Both arms go down behind the paper (its picture has the hands that hold it).
        #expect(m.visiblePictures == [.background, .baseline, .legs, .leftHandDown, .rightHandDown, .readThePaper, .eyesRight])
    }

    @Test func flyFlapsBothHandsOncePerSecond() {
        var m = StickManModel()
        m.perform(.fly)
        #expect(m.picture(in: .face) == .happy)
        #expect(m.label == "I am flying!")
        var left: [StickManPicture] = [], right: [StickManPicture] = []
        for _ in 0..<120 {
            left.append(m.picture(in: .leftHand)!)
            right.append(m.picture(in: .rightHand)!)
            _ = m.tick()
        }
        for (range, l, r) in [(0..<30, StickManPicture.leftHandUp, StickManPicture.rightHandUp), (30..<60, .leftHandDown, .rightHandDown),
                              (60..<90, .leftHandUp, .rightHandUp), (90..<120, .leftHandDown, .rightHandDown)] {
            #expect(left[range].allSatisfy { $0 == l } && right[range].allSatisfy { $0 == r }, "ticks \(range)")
        }
    }

    @Test func pendulumSwingsBetweenItsTwoFramesEvery0_375Seconds() {
        var m = StickManModel()
        m.perform(.pendulum)
        #expect(m.picture(in: .face) == .happy)
        #expect(m.picture(in: .leftHand) == .leftHandHorizontal)
        #expect(m.picture(in: .rightHand) == .rightHandUp)
        #expect(m.label == "Check out my pendulum..")
        var frames: [StickManPicture] = []
        for _ in 0..<90 {
            frames.append(m.picture(in: .pendulum)!)
            _ = m.tick()
        }
        // 0.375 s = 22.5 ticks: a frame shows at tick t when floor(t / 22.5) is even.
        for (t, f) in frames.enumerated() {
            let expected: StickManPicture = Int(Double(t) / 22.5) % 2 == 0 ? .pendulum1 : .pendulum2
            #expect(f == expected, "tick \(t)")
        }
        #expect(Set(frames[0..<60]).count == 2, "two different frames within a second")
    }

    @Test func everyButtonButHatStopsTheAnimationsBeforeIt() {
        for first in [StickManAction.read, .fly, .pendulum] {
            for second in StickManAction.allCases where second != .hat {
                var m = StickManModel()
                m.perform(first)
                ticks(&m, seconds: 0.5)
                m.perform(second)
                var alone = StickManModel()
                alone.perform(second)
                // What animates now is only what `second` starts.
                let animated = Set(m.stack.layers.filter { $0.animation != nil }.map(\.name))
                let expected = Set(alone.stack.layers.filter { $0.animation != nil }.map(\.name))
                #expect(animated == expected, "\(first) then \(second): \(animated)")
                #expect(m.label == alone.label)
                // The layers `second` sets look as they would had it been pressed first.
                let set: [L] = switch second {
                case .read: [.eyes, .newspaper, .leftHand, .rightHand]
                case .fly: [.face, .leftHand, .rightHand]
                default: [.face, .leftHand, .rightHand, .eyes, .pendulum]
                }
                for l in set {
                    #expect(m.picture(in: l) == alone.picture(in: l), "\(first) then \(second): \(l)")
                }
            }
        }
    }

    @Test func thePendulumGoesWhenItsAnimationStops() {
        var m = StickManModel()
        m.perform(.pendulum)
        m.perform(.happy)
        #expect(m.picture(in: .pendulum) == nil)
        #expect(!m.visiblePictures.contains(.pendulum1) && !m.visiblePictures.contains(.pendulum2))
    }

    @Test func happyAndSadPutThePaperAway() {
        for action in [StickManAction.happy, .sad] {
            var m = StickManModel()
            m.perform(.read)
            m.perform(action)
            #expect(m.picture(in: .newspaper) == nil)
        }
    }

    @Test func everyPictureIsNamedOnceAndTheArtworkIsSquare() {
        #expect(StickManPicture.allCases.count == 20)
        #expect(Set(StickManPicture.allCases.map(\.rawValue)) == ["background", "baseline", "legs", "legsJumping", "leftHandUp",
            "leftHandDown", "leftHandHorizontal", "rightHandUp", "rightHandDown", "rightHandHorizontal", "eyes", "eyesLeft",
            "eyesRight", "happy", "sad", "hat", "readThePaper", "pendulum1", "pendulum2", "empty"])
    }

    @Test(arguments: [StickManAction.fly, .pendulum, .happy, .sad])
    func afterReadingNoActionShowsFourHands(next: StickManAction) {
        var m = StickManModel()
        m.perform(.read)
        #expect(m.picture(in: .newspaper) == .readThePaper && m.mode == .read)
        m.perform(next)
        #expect(m.picture(in: .newspaper) == nil, "the paper (with its own hands) is put away for \(next.title)")
        #expect(m.picture(in: .leftHand) != nil && m.picture(in: .rightHand) != nil)
        #expect(m.mode == next)
        #expect(m.hasWings == (next == .fly))
    }

    @Test func thePendulumGoesAwayWithTheNextPoseAndTheHatStaysOutOfIt() {
        var m = StickManModel()
        m.perform(.pendulum)
        #expect(m.picture(in: .pendulum) != nil)
        m.perform(.hat)
        #expect(m.mode == .pendulum && m.hasHat, "the hat does not change the pose")
        m.perform(.read)
        #expect(m.picture(in: .pendulum) == nil)
        #expect(m.hasHat)
    }
}
