import Foundation
import Synchronization
import TouchDeskInterface
import TouchDeskWeb
import TouchDeskToolkit

/// Web Pages' hold on its engine helper: the running `WebEngine` and what it has been told that a
/// restarted helper must be told again (the views' sizes, the device scale, scripts, the page
/// zoom, the memory limit); the frames it sent; and a spare helper started ahead of need.
///
/// The spare: when the pointer rests on Web Pages' tile (or the keyboard moves to it) the home
/// screen calls `prepareSpare`, which starts a helper that loads the start page at once, so the
/// engine's processes are up and the page laid out by the time Web Pages opens. The helper is
/// started on a thread of its own, so the home screen does not wait even for the spawn; nothing is
/// read from it until it is taken up. A spare not
/// taken up within `spareSeconds` ends itself (the helper exits; its zombie is reaped at the next
/// look), so a person who never opens Web Pages keeps no engine running.
final class WebEngineLink {
    /// How long a spare waits to be taken up (`TOUCHDESK_WEB_SPARE_SECONDS`, default 60 s).
    static var spareSeconds: Int =
        ProcessInfo.processInfo.environment["TOUCHDESK_WEB_SPARE_SECONDS"].flatMap { Int($0) }.map { max(1, $0) } ?? 60
    /// The spare helper and the address it was told to load, made on its own thread.
    nonisolated private struct Spare: @unchecked Sendable {
        let engine: WebEngine
        let url: String
    }
    nonisolated private static let spareSlot = Mutex<(starting: Bool, made: Spare?)>((false, nil))

    /// The spare, once its thread has made it (waits for that, 5 s at most).
    static var spare: (engine: WebEngine, url: String)? {
        let deadline = WebEngine.now() + 5
        while spareSlot.withLock({ $0.starting }), WebEngine.now() < deadline { usleep(1000) }
        return spareSlot.withLock { $0.made }.map { ($0.engine, $0.url) }
    }

    private(set) var engine: WebEngine?
    /// The web processes' memory limit in MB (the helper ends a process past it).
    var memoryLimitMB = WebEngine.memoryLimitMB
    /// Seconds to a page's first answer, nil for the helper's own (30 s; tests use less). A page's
    /// document still coming after twice this is stopped where it is.
    var loadTimeoutSeconds: Int?
    /// Device pixels per point, rounded up: the engine renders at this scale.
    private(set) var deviceScale = 1
    private(set) var scriptsOn = true
    private(set) var zoom = 1.0
    /// Frames received per view, for tests and `--screenshot`.
    private(set) var framesReceived = [0, 0]
    /// The sizes last sent to the engine, per view.
    private(set) var sentSizes: [Size?] = [nil, nil]

    /// The running engine, if any.
    var running: WebEngine? { engine?.isRunning == true ? engine : nil }

    /// Starts a spare helper loading `url` unless one is there (or has just ended: then it is
    /// reaped and a new one started). Cheap to call on every pointer move.
    static func prepareSpare(loading url: WebURL, memoryLimitMB: Int = WebEngine.memoryLimitMB) {
        let busy = spareSlot.withLock { slot -> Bool in
            if slot.starting { return true }
            if let made = slot.made {
                if !made.engine.hasExited { return true }
                slot.made = nil
            }
            slot.starting = true
            return false
        }
        if busy { return }
        let seconds = spareSeconds, address = url.description
        Thread.detachNewThread {
            let e = try? WebEngine(extraEnvironment: ["TOUCHDESK_WEB_MEMORY_MB": String(memoryLimitMB)])
            e?.send(.spare, String(seconds))
            e?.send(.open, address)
            let made = e.map { Spare(engine: $0, url: address) }
            spareSlot.withLock { $0 = (false, made) }
        }
    }

    /// The spare, if it is still running; it is ours from now on.
    private static func takeSpare() -> (engine: WebEngine, url: String)? {
        guard let s = spare else { return nil }
        spareSlot.withLock { $0.made = nil }
        return s.engine.hasExited ? nil : s
    }

    /// Ends a spare that was not taken up (for tests).
    static func dropSpare() {
        spare?.engine.terminate()
        spareSlot.withLock { $0.made = nil }
    }

    /// The running engine, started (again) when needed, or the spare taken up. `loaded` says
    /// whether it is already loading `url` (a spare started for it): then it need not be told.
    func ensure(for url: String?) throws(WebEngine.StartError) -> (engine: WebEngine, loaded: Bool) {
        if let engine, engine.isRunning { return (engine, false) }
        let loaded: Bool
        let e: WebEngine
        // Asked for another page: what the spare said of its own is old news. A spare that
        // stopped meanwhile (or was refused for its protocol's version) is not taken: a new
        // helper's refusal reaches the page.
        if memoryLimitMB == WebEngine.memoryLimitMB, loadTimeoutSeconds == nil, let s = Self.takeSpare(),
           s.url == url || { _ = s.engine.receive(); return s.engine.isRunning }() {
            e = s.engine
            loaded = s.url == url
        } else {
            var environment = ["TOUCHDESK_WEB_MEMORY_MB": String(memoryLimitMB)]
            if let loadTimeoutSeconds { environment["TOUCHDESK_WEB_TIMEOUT"] = String(loadTimeoutSeconds) }
            e = try WebEngine(extraEnvironment: environment)
            loaded = false
        }
        engine = e
        sentSizes = [nil, nil]
        if deviceScale != 1 { e.send(.scale, String(deviceScale)) }
        if !scriptsOn { e.send(.javascript, "0") }
        if zoom != 1 { e.send(.zoom, String(zoom)) }
        return (e, loaded)
    }

    /// Ends the engine (a new one starts at the next `ensure`).
    func terminate() {
        engine?.terminate()
        engine = nil
    }

    /// Tells the engine each view's size in points (only what changed).
    func sendSizes(_ sizes: [Size]) {
        guard let engine else { return }
        for (v, s) in sizes.enumerated() where sentSizes[v] != s {
            sentSizes[v] = s
            engine.send(.size, String(v), String(Int(s.width)), String(Int(s.height)))
        }
    }

    /// A new device scale, from the window's.
    func setScale(_ scale: Double) {
        let s = min(4, max(1, Int(scale.rounded(.up))))
        guard s != deviceScale else { return }
        deviceScale = s
        engine?.send(.scale, String(s))
    }

    func setScripts(_ on: Bool) {
        scriptsOn = on
        engine?.send(.javascript, on ? "1" : "0")
    }

    func setZoom(_ z: Double) {
        zoom = min(5, max(0.25, z))
        engine?.send(.zoom, String(zoom))
    }

    func countFrame(_ v: Int) { if framesReceived.indices.contains(v) { framesReceived[v] += 1 } }

    /// Whether both views show a frame of the size last sent: the first full paint at that size.
    var bothViewsPainted: Bool {
        guard let engine else { return false }
        return (0..<2).allSatisfy { v in
            guard let f = engine.frames[v], let s = sentSizes[v] else { return false }
            return f.size.width == s.width && f.size.height == s.height
        }
    }
}
