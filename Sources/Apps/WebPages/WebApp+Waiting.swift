import Foundation
import TouchDeskWeb
import TouchDeskToolkit

/// Waiting for the engine, for `--screenshot`, `--save-page`, tests and the benchmark: the window
/// itself never waits, it takes in what has come on each tick.
extension WebApp {
    /// Blocks until the page that is loading has arrived and both views have shown it. Only for
    /// `--screenshot`, tests and the benchmark: the window never calls it.
    public func finishLoading(timeout: Double = 30) {
        absorb()
        if !page.isLoading, !page.awaitingLoad, framesReceived.allSatisfy({ $0 > 0 }) {
            settle(timeout: min(timeout, 5))
            return
        }
        let deadline = WebEngine.now() + timeout
        var quietSince = WebEngine.now()
        var seen = framesReceived
        var sinceLoaded = [0, 0], sinceFitted = [0, 0]
        while WebEngine.now() < deadline, let engine, engine.isRunning, page.stoppedReason == nil, page.refusal == nil {
            absorb()
            if framesReceived != seen {
                if !page.isLoading { for v in 0..<2 { sinceLoaded[v] += framesReceived[v] - seen[v] } }
                if page.fitted { for v in 0..<2 { sinceFitted[v] += framesReceived[v] - seen[v] } }
                seen = framesReceived
                quietSince = WebEngine.now()
            }
            // Loaded, both views painted since, and no frame for a moment (the fit view's zoom
            // and late pictures come just after the load). A page too big to hold twice: the fit
            // view has nothing more to paint, and the as-is view is painted after its layout,
            // which can keep its web process busy for seconds after the load on a loaded machine
            // (20–30 s beside two busy loops; no frame comes until then): it waits, up to the
            // timeout, for a frame of the as-is view after the page's size was measured.
            let quiet = WebEngine.now() - quietSince
            let painted = page.shownOnce ? sinceFitted[0] > 0 : sinceLoaded.allSatisfy({ $0 > 0 }) || quiet > 2
            if !page.isLoading, page.fitted || quiet > 3, painted, quiet > 0.5 { break }
            usleep(10_000)
        }
    }

    /// Waits until no frame has come for a moment (what input changed is on screen), at most `timeout` s.
    public func settle(timeout: Double = 5) {
        let deadline = WebEngine.now() + timeout
        var quietSince = WebEngine.now()
        var seen = framesReceived
        while WebEngine.now() < deadline, engine?.isRunning == true {
            absorb()
            if framesReceived != seen { seen = framesReceived; quietSince = WebEngine.now() }
            if page.isLoading { quietSince = WebEngine.now() }
            if WebEngine.now() - quietSince > 0.4 { break }
            usleep(10_000)
        }
    }
}
