import Testing
import TouchDeskInterface
import TouchDeskModels

@Suite("Auto-repeat of a held button")
struct AutoRepeatTests {
    /// The ticks (1-based, counted from the press) on which a held button repeats within `ticks`.
    static func firings(_ r: inout AutoRepeat, ticks: Int) -> [Int] {
        (1...ticks).filter { _ in r.tick() }
    }

    @Test func firstRepeatAfterPointFourSecondsThenFifteenASecond() {
        var r = AutoRepeat()
        r.press()
        let fired = Self.firings(&r, ticks: 84)
        #expect(fired.first == 24, "0.4 s at 60 ticks a second")
        #expect(zip(fired, fired.dropFirst()).allSatisfy { $1 - $0 == 4 }, "every 4 ticks: 15 a second (\(fired))")
        // One second of repeating after the delay: 15 more.
        #expect(fired.filter { $0 > 24 }.count == 15)
    }

    @Test func aShortClickNeverRepeatsAndReleaseStops() {
        var r = AutoRepeat()
        r.press()
        #expect(Self.firings(&r, ticks: 23).isEmpty, "a click shorter than 0.4 s acts once, on the press")
        r.release()
        #expect(!r.isHeld)
        #expect(Self.firings(&r, ticks: 120).isEmpty, "nothing after the release")
    }

    @Test func slidingOffPausesAndPressingAgainStartsTheDelayOver() {
        var r = AutoRepeat()
        r.press()
        for _ in 0..<20 { _ = r.tick() }
        var pausedFirings = 0
        for _ in 0..<100 where r.tick(active: false) { pausedFirings += 1 }
        #expect(pausedFirings == 0)
        // Back on the button: four more ticks complete the delay.
        let resumed = (1...4).map { _ in r.tick() }
        #expect(resumed == [false, false, false, true])
        r.release()
        r.press()
        #expect(Self.firings(&r, ticks: 24) == [24], "a new press waits the whole delay again")
    }
}
