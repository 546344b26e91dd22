import Testing
@testable import TouchDeskGlobe

/// Walking a profile: keys step a fiftieth of the line and stop at its ends, a drag on the chart
/// puts the marker at that share of the line, playing walks start to end in `secondsToWalk`.
@Suite("Sea Level: walking a profile")
struct ProfileWalkTests {
    @Test func keysStepAndStopAtTheEnds() {
        var w = ProfileWalk(count: 600)
        #expect(w.index == 0 && w.keyStep == 12)
        w.step(-1)
        #expect(w.index == 0)
        w.step(3)
        #expect(w.index == 36)
        w.step(1000)
        #expect(w.index == 599 && w.isAtEnd && w.fraction == 1)
    }

    @Test func dragPutsTheMarkerAtTheShareOfTheLine() {
        var w = ProfileWalk(count: 601)
        w.move(toFraction: 0.25)
        #expect(w.index == 150)
        w.move(toFraction: -3)
        #expect(w.index == 0)
        w.move(toFraction: 7)
        #expect(w.index == 600)
        w.move(toFraction: .nan)
        #expect(w.index == 600)
    }

    @Test func playingWalksTheWholeLineInItsTimeThenStops() {
        for count in [2, 37, 600] {
            var w = ProfileWalk(count: count)
            w.togglePlay()
            var ticks = 0
            while w.tick() { ticks += 1; if ticks > 10_000 { break } }
            #expect(w.isAtEnd && !w.isPlaying)
            // 8 s at 60 ticks a second, within a tick or two, whatever the samples.
            #expect(abs(Double(ticks) - ProfileWalk.secondsToWalk * 60) <= 2, "\(count) samples: \(ticks) ticks")
            // Play again at the end: from the start.
            w.togglePlay()
            #expect(w.isPlaying && w.index == 0)
            _ = w.tick()
            w.togglePlay()
            let paused = w.index
            #expect(!w.tick() && w.index == paused)
        }
    }

    @Test func aKeyOrDragStopsPlaying() {
        var w = ProfileWalk(count: 100)
        w.togglePlay()
        _ = w.tick()
        w.step(1)
        #expect(!w.isPlaying)
        w.togglePlay()
        w.move(toFraction: 0.5)
        #expect(!w.isPlaying && w.index == 50)
        var one = ProfileWalk(count: 0)
        one.togglePlay()
        #expect(one.count == 1 && !one.isPlaying && !one.tick())
    }
}
