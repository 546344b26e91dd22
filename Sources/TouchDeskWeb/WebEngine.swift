import CCairo
import CWebEngineProtocol
import Foundation
import TouchDeskDrawing
import TouchDeskInterface

/// The web engine as TouchDesk sees it: the helper program `touchdesk-web-engine`, which hosts
/// WebKitGTK offscreen in its own process. We hand it input and orders as text lines over a
/// socket, and it hands back frames (through shared memory we made) and what happened to the page.
/// Nothing here blocks: `receive()` reads what has come and returns, so a stuck or dead engine can
/// never freeze the window; it only stops answering, which `receive()` reports as `.stopped`.
///
/// Views: 0 is "as the page is", 1 is "scaled to fit" (the engine sets its zoom level).
///
/// The messages both ways and the protocol's version are written once, in WebEngineProtocol.h
/// (the `CWebEngineProtocol` target): orders are its `TDWOrder`, news its `TDWNews`, and `hear`
/// switches over every piece of news, so the compiler fails a table this side does not handle.
/// The helper's first line names its version; a helper of another version is ended at once and
/// `receive()` says why (`.stopped`).
public final class WebEngine {
    /// An order for the helper, from the protocol's table (`.open`, `.size`, …).
    public typealias Order = TDWOrder
    /// The protocol's version, which the helper's first line must name.
    public static let protocolVersion = Int(TOUCHDESK_WEB_PROTOCOL_VERSION)
    /// What the engine says.
    public enum Event: Equatable {
        case ready
        /// A new picture of a view.
        case frame(view: Int)
        case address(String)
        case title(String)
        case progress(Double)
        case loading(Bool)
        case history(canGoBack: Bool, canGoForward: Bool)
        /// The page could not be loaded (the engine shows an error page too).
        case failed(url: String, message: String)
        /// The server answered with an error status (404 …); the engine shows the server's page.
        case status(code: Int, phrase: String)
        /// The link under the pointer, or nil off links.
        case hover(String?)
        case cursor(PointerShape)
        /// A navigation the engine turned down, and why.
        case refused(url: String, why: String)
        /// A page from the network tried to open a local file (a link, a script, a server's
        /// redirect): turned down before the load started.
        case localFileRefused(url: String)
        /// A view's web process died: it crashed, or was killed past the memory limit.
        case crashed(view: Int, memory: Bool)
        case found(Int)
        /// A Tab took the keyboard's focus past a view's last link or field (or, backward, its first).
        case pageEnded(view: Int, backward: Bool)
        /// The page's context menu was asked for (a right-click, or the Menu key): where, in the
        /// view's points, whether text is selected, and the link there or focused, if any.
        case menu(view: Int, x: Double, y: Double, selected: Bool, link: String?)
        /// The page was saved as a picture in this file (a `savePage` order).
        case saved(String)
        case saveFailed(String)
        /// A long page's picture is under way: rows pictured of the whole.
        case saveProgress(rows: Int, of: Int)
        /// The page's source (its main resource, as the server sent it) was written to this file.
        case savedSource(String)
        case sourceFailed(String)
        case contentSize(width: Int, height: Int)
        /// The fit view's zoom now shows the page's whole width.
        case fitted
        /// The page is too big to hold twice: the fit view let its copy go, until the next page.
        case shownOnce
        /// The page's accessible tree is offered for screen readers under this AT-SPI plug id.
        case plug(String)
        /// The helper itself is gone (crashed, killed, or stopped answering): why.
        case stopped(String)
    }

    /// Bytes of shared memory per view: room for an 8K-wide view at any sensible height. The file
    /// is sparse, so only the pixels a frame touches cost memory.
    static let slotBytes = 7680 * 4320 * 4
    /// The web processes' memory limit in MB: an eighth of the machine's memory, at least 1,024 MB
    /// and at most 4,096 MB (3,013 MB on a 24 GB machine), or `TOUCHDESK_WEB_MEMORY_MB` (at least
    /// 64). The helper ends a web process past it while it still grows, or past one and a half
    /// times it; past half of it the fit view lets its copy of the page go (docs/web.md, "the
    /// memory bound": a plain 20,000-row table takes 611 MB held once, 1,083 MB held twice).
    public static let memoryLimitMB: Int = {
        if let given = ProcessInfo.processInfo.environment["TOUCHDESK_WEB_MEMORY_MB"].flatMap({ Int($0) }) { return max(64, given) }
        let eighth = Int(ProcessInfo.processInfo.physicalMemory / 8 / 1_048_576)
        return min(4096, max(1024, eighth))
    }()
    /// How long the helper may go without answering a ping before it counts as hung.
    static let hangTimeout = 8.0

    public let pid: pid_t
    /// The helper program this engine runs.
    public let path: String
    private var socket: Int32
    private var shared: UnsafeMutableRawPointer?
    private var received: [UInt8] = []
    /// The latest picture of each view, copied out of shared memory.
    public private(set) var frames: [ImageSurface?] = [nil, nil]
    public private(set) var isRunning = true
    /// The socket, for the host's poll set: the helper's messages wake the idle window.
    public var socketDescriptor: Int32? { isRunning && socket >= 0 ? socket : nil }
    /// Whether the helper's first line named our protocol's version.
    private var greeted = false
    /// Orders the helper did not take (`badorder`): a protocol drift, also written to stderr.
    private(set) var badOrders: [String] = []
    /// Every line heard from the helper, while a test records them (nil: not recording).
    var heard: [String]?
    private var pingSent: Double?
    private var lastPong = 0.0
    private var pingNumber = 0

    /// Where the helper lives: `TOUCHDESK_WEB_ENGINE`, else beside the running program (the build
    /// folder, or PREFIX/bin after `scripts/install`).
    public static var helperPath: String {
        if let path = ProcessInfo.processInfo.environment["TOUCHDESK_WEB_ENGINE"], !path.isEmpty { return path }
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: exe).deletingLastPathComponent().appendingPathComponent("touchdesk-web-engine").path
    }

    public struct StartError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Starts the helper (`helper`, the one beside TouchDesk unless a test names another). It
    /// gets our display if we have one (its windows are offscreen), else it starts a private Xvfb.
    public init(helper path: String = WebEngine.helperPath, extraEnvironment: [String: String] = [:]) throws(StartError) {
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw StartError(description: tr("the web engine helper is missing ({0}); build or install it with TouchDesk", path))
        }
        var pair: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw StartError(description: tr("no socket for the web engine: {0}", String(cString: strerror(errno))))
        }
        // A shared memory file with no name left behind (unlinked at once): only we and the helper hold it.
        let name = "/touchdesk-web-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let memory = shm_open(name, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if memory >= 0 { shm_unlink(name) }
        guard memory >= 0, ftruncate(memory, off_t(Self.slotBytes * 2)) == 0,
              let map = mmap(nil, Self.slotBytes * 2, PROT_READ, MAP_SHARED, memory, 0), map != MAP_FAILED else {
            close(pair[0]); close(pair[1])
            throw StartError(description: tr("no shared memory for the web engine's frames: {0}", String(cString: strerror(errno))))
        }
        // High, close-on-exec copies, so the dup2s to 3 and 4 below can never be no-ops that
        // leave close-on-exec set.
        let child = fcntl(pair[1], F_DUPFD_CLOEXEC, 100), frames = fcntl(memory, F_DUPFD_CLOEXEC, 100)
        close(pair[1]); close(memory)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_adddup2(&actions, child, 3)
        posix_spawn_file_actions_adddup2(&actions, frames, 4)
        var env = ProcessInfo.processInfo.environment
        env["TOUCHDESK_WEB_MEMORY_MB"] = env["TOUCHDESK_WEB_MEMORY_MB"] ?? String(Self.memoryLimitMB)
        for (k, v) in extraEnvironment { env[k] = v }
        let args = [path, "--serve", String(Self.slotBytes)]
        var childPID: pid_t = 0
        let status = withCStrings(args) { argv in
            withCStrings(env.map { "\($0)=\($1)" }) { envp in
                posix_spawn(&childPID, path, &actions, nil, argv, envp)
            }
        }
        posix_spawn_file_actions_destroy(&actions)
        close(child); close(frames)
        guard status == 0 else {
            close(pair[0]); munmap(map, Self.slotBytes * 2)
            throw StartError(description: tr("could not start the web engine: {0}", "\(String(cString: strerror(status)))"))
        }
        pid = childPID
        self.path = path
        socket = pair[0]
        shared = map
        _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)
        lastPong = Self.now()
    }

    deinit {
        terminate()
    }

    /// Ends the helper (and with it every web process it started).
    public func terminate() {
        if isRunning {
            kill(pid, SIGKILL)
            isRunning = false
        }
        reap()
        if socket >= 0 { close(socket); socket = -1 }
        if let shared { munmap(shared, Self.slotBytes * 2); self.shared = nil }
    }

    private var reaped = false

    /// Collects the helper's exit status, so no zombie is left. A helper just sent SIGKILL has
    /// usually not died yet (the kernel frees its memory first), so a look that finds it still
    /// there hands the wait to a thread of its own rather than make the window wait.
    private func reap() {
        guard !reaped else { return }
        reaped = true
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) != 0 { return }
        let child = pid
        Thread.detachNewThread {
            var status: Int32 = 0
            while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        }
    }

    /// Whether the helper has ended on its own (a spare not taken up does), without reading what
    /// it said: its messages stay queued for whoever takes it up.
    public var hasExited: Bool {
        guard isRunning else { return true }
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid { isRunning = false; reaped = true; terminate(); return true }
        return false
    }

    /// Loads one page at `width` CSS pixels and saves its whole length as a PNG (the helper's
    /// `--save-page`); returns the picture's size. Gives up when the page has not loaded after
    /// `timeout` seconds. A long page is pictured in tiles: `progress` hears the rows done of the whole.
    public static func savePage(_ url: WebURL, to file: String, width: Int, timeout: Double = 60,
                                progress: (_ rows: Int, _ of: Int) -> Void = { _, _ in }) throws(StartError) -> (width: Int, height: Int) {
        let path = helperPath
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw StartError(description: tr("the web engine helper is missing ({0}); build or install it with TouchDesk", path))
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["--save-page", url.description, file, String(width)]
        var env = ProcessInfo.processInfo.environment
        env["TOUCHDESK_WEB_MEMORY_MB"] = env["TOUCHDESK_WEB_MEMORY_MB"] ?? String(memoryLimitMB)
        env["TOUCHDESK_WEB_TIMEOUT"] = env["TOUCHDESK_WEB_TIMEOUT"] ?? String(Int(timeout))
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        do { try process.run() } catch { throw StartError(description: tr("could not start the web engine: {0}", "\(error)")) }
        // Its stderr as it comes: progress lines are passed on, the rest kept for the message.
        var errors = Data(), pending = Data()
        while true {
            let chunk = err.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            pending.append(chunk)
            while let nl = pending.firstIndex(of: 10) {
                let line = String(decoding: pending[pending.startIndex..<nl], as: UTF8.self)
                pending.removeSubrange(pending.startIndex...nl)
                let words = line.hasPrefix("touchdesk-web-engine-progress: ") ? line.split(separator: " ").dropFirst().compactMap { Int($0) } : []
                if words.count == 2 { progress(words[0], words[1]) } else { errors.append(contentsOf: Array((line + "\n").utf8)) }
            }
        }
        errors.append(pending)
        let output = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let words = String(decoding: output, as: UTF8.self).split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        guard process.terminationStatus == 0, words.count == 2 else {
            let message = String(decoding: errors, as: UTF8.self).split(separator: "\n")
                .filter { $0.hasPrefix("touchdesk-web-engine:") }.map { $0.dropFirst("touchdesk-web-engine: ".count) }.joined(separator: "; ")
            throw StartError(description: message.isEmpty ? "the web engine could not save \(url.description)" : message)
        }
        return (words[0], words[1])
    }

    // MARK: - Orders

    /// The orders' names on the wire, by `Order`'s raw value.
    private static let orderWords: [String] = (0..<tdw_order_count()).map { String(cString: tdw_order($0)!.pointee.word) }

    /// Sends one order with its arguments (the table's fewest at least); a dead helper's orders
    /// are dropped (the next `receive` says it stopped).
    public func send(_ order: Order, _ arguments: String...) {
        assert(arguments.count >= Int(tdw_order(Int32(order.rawValue))!.pointee.fewest), "too few arguments for \(order)")
        guard isRunning, socket >= 0 else { return }
        let line = ([Self.orderWords[Int(order.rawValue)]] + arguments).joined(separator: " ").replacingOccurrences(of: "\n", with: " ") + "\n"
        var bytes = Array(line.utf8)
        while !bytes.isEmpty {
            // MSG_NOSIGNAL: a helper that died must not take us down with SIGPIPE.
            let n = Glibc.send(socket, bytes, bytes.count, Int32(MSG_NOSIGNAL))
            if n > 0 { bytes.removeFirst(n); continue }
            if n < 0 && errno == EINTR { continue }
            // A full socket means the helper stopped reading: let the ping find out; drop the order.
            return
        }
    }

    // MARK: - News

    /// Everything the helper has said since the last call; never blocks.
    public func receive() -> [Event] {
        guard isRunning else { return [] }
        var events: [Event] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = read(socket, &buffer, buffer.count)
            if n > 0 { received.append(contentsOf: buffer[0..<n]); continue }
            if n < 0 && errno == EINTR { continue }
            if n == 0 { events.append(stop(reason: exitReason())); return events }
            break
        }
        while let nl = received.firstIndex(of: 10) {
            let line = String(decoding: received[..<nl], as: UTF8.self)
            received.removeSubrange(...nl)
            heard?.append(line)
            let news = Self.hear(line)
            if !greeted {
                guard case .hello(let version)? = news, version == Self.protocolVersion else {
                    events.append(stop(reason: versionRefusal(news)))
                    return events
                }
                greeted = true
                continue
            }
            if let e = news.flatMap(take) { events.append(e) }
        }
        if received.count > 1 << 20 { received.removeAll() }
        if let hung = checkAlive() { events.append(hung) }
        return events
    }

    /// Pings now and then; a helper that stays silent past `hangTimeout` is killed as hung.
    private func checkAlive() -> Event? {
        let t = Self.now()
        if let sent = pingSent {
            if t - sent > Self.hangTimeout { return stop(reason: "it stopped answering for \(Int(Self.hangTimeout)) seconds") }
        } else if t - lastPong > 2 {
            pingNumber += 1
            pingSent = t
            send(.ping, String(pingNumber))
        }
        return nil
    }

    private func stop(reason: String) -> Event {
        terminate()
        return .stopped(reason)
    }

    private func exitReason() -> String {
        var status: Int32 = 0
        for _ in 0..<50 {
            if waitpid(pid, &status, WNOHANG) == pid {
                isRunning = false
                reaped = true
                let signal = status & 0x7f
                if signal != 0 { return tr("it was ended by signal {0}", String(signal)) }
                return tr("it exited with status {0}", String((status >> 8) & 0xff))
            }
            usleep(2000)
        }
        return tr("it closed its connection")
    }

    /// The helper's own failures arrive as a code and a number ("@noanswer 30"): the helper has
    /// no catalogue, so they are worded here, in the user's language. WebKit's messages arrive
    /// worded (WebKit translates them itself) and pass as they are.
    static func helperMessage(_ m: String) -> String {
        guard m.hasPrefix("@") else { return m }
        let parts = m.dropFirst().split(separator: " ", maxSplits: 1).map(String.init)
        let n = parts.count > 1 ? parts[1] : "?"
        switch parts.first {
        case "noanswer": return tr("The server did not answer within {0} seconds.", n)
        case "stalled": return tr("The server was still sending the page after {0} seconds: it was stopped, and what came is shown.", n)
        case "download": return tr("The page's download held more than {0} MB and was stopped.", n)
        case "toolong":
            let w = n.split(separator: " ")
            return tr("the page is {0} px long: pages up to {1} px are saved as a picture", String(w.first ?? "?"), String(w.last ?? "?"))
        default: return m
        }
    }

    /// A line from the helper, understood: an event for the app, or what the link itself acts on.
    enum News: Equatable {
        case hello(version: Int)
        case event(Event)
        case frame(view: Int, width: Int, height: Int, stride: Int, scale: Int)
        case pong
        case badOrder(String)
    }

    /// Reads one line from the helper; nil for a name the protocol does not have, or too few or
    /// malformed arguments. No side effects (the transcript and table tests call it).
    static func hear(_ line: String) -> News? {
        let space = line.firstIndex(of: " ")
        let name = Array((space.map { line[..<$0] } ?? line[...]).utf8)
        let found = name.withUnsafeBufferPointer { b in
            b.baseAddress.map { $0.withMemoryRebound(to: CChar.self, capacity: b.count) { tdw_news_named($0, Int32(b.count)) } } ?? -1
        }
        guard found >= 0, let news = TDWNews(rawValue: numericCast(found)) else { return nil }
        let rest = space.map { String(line[line.index(after: $0)...]) } ?? ""
        let a = rest.split(separator: " ").map(String.init)
        guard a.count >= Int(tdw_news(found)!.pointee.fewest) else { return nil }
        func int(_ i: Int) -> Int? { a.indices.contains(i) ? Int(a[i]) : nil }
        func tab() -> (String, String) {
            let parts = rest.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            return (parts.first ?? "", parts.count > 1 ? parts[1] : "")
        }
        func event(_ e: Event?) -> News? { e.map { .event($0) } }
        switch news {
        case .hello: return int(0).map { .hello(version: $0) }
        case .ready: return .event(.ready)
        case .frame:
            guard let v = int(0), let w = int(1), let h = int(2), let stride = int(3), let scale = int(4) else { return nil }
            return .frame(view: v, width: w, height: h, stride: stride, scale: min(4, max(1, scale)))
        case .address: return .event(.address(rest))
        case .title: return .event(.title(rest))
        case .progress: return event(Double(rest).map { .progress(min(1, max(0, $0))) })
        case .loading: return .event(.loading(rest == "1"))
        case .history: return .event(.history(canGoBack: int(0) == 1, canGoForward: int(1) == 1))
        case .failed: let (u, m) = tab(); return .event(.failed(url: u, message: Self.helperMessage(m)))
        case .status: return event(int(0).map { .status(code: $0, phrase: a.dropFirst().joined(separator: " ")) })
        case .hover: return .event(.hover(rest.isEmpty ? nil : rest))
        case .cursor: return .event(.cursor(PointerShape(cssName: rest)))
        case .refused: let (u, w) = tab(); return .event(.refused(url: u, why: w))
        case .localRefused: return .event(.localFileRefused(url: rest))
        case .crashed: return event(int(0).map { .crashed(view: $0, memory: a[1] == "memory") })
        case .found: return event(int(0).map { .found($0) })
        case .content: return event(int(0).flatMap { w in int(1).map { .contentSize(width: w, height: $0) } })
        case .fitted: return .event(.fitted)
        case .shownOnce: return .event(.shownOnce)
        case .pong: return .pong
        case .pageEnd: return event(int(0).map { .pageEnded(view: $0, backward: a[1] == "backward") })
        case .menu:
            let (head, link) = tab()
            let w = head.split(separator: " ").compactMap { Double($0) }
            guard w.count == 4, (0..<2).contains(Int(w[0])) else { return nil }
            return .event(.menu(view: Int(w[0]), x: w[1], y: w[2], selected: w[3] == 1, link: link.isEmpty ? nil : link))
        case .saved: return .event(.saved(rest))
        case .saveProgress: return event(int(0).flatMap { r in int(1).map { .saveProgress(rows: r, of: $0) } })
        case .saveFailed: return .event(.saveFailed(Self.helperMessage(rest)))
        case .sourceSaved: return .event(.savedSource(rest))
        case .sourceFailed: return .event(.sourceFailed(rest))
        case .plug: return .event(.plug(rest))
        case .badOrder: return .badOrder(rest)
        }
    }

    /// Acts on what the helper said: copies and acknowledges frames, notes pongs; the app's events.
    private func take(_ news: News) -> Event? {
        switch news {
        case .event(let e): return e
        case .frame(let v, let w, let h, let stride, let scale):
            copyFrame(v, w, h, stride, scale: scale)
            send(.ack, String(v))
            return .frame(view: v)
        case .pong:
            pingSent = nil
            lastPong = Self.now()
            return nil
        case .badOrder(let line):
            // Not the user's business, but a drift between the two sides: say it where developers look.
            badOrders.append(line)
            FileHandle.standardError.write(Data("touchdesk: the web engine helper did not take the order \"\(line)\"\n".utf8))
            return nil
        case .hello:
            return nil
        }
    }

    /// Why a helper whose first line did not name our version is refused.
    private func versionRefusal(_ first: News?) -> String {
        if case .hello(let version)? = first {
            return tr("the helper {0} speaks version {1} of the web engine's protocol and this TouchDesk version {2}: install the two from the same build",
                      path, String(version), String(Self.protocolVersion))
        }
        return tr("the helper {0} does not say which version of the web engine's protocol it speaks (this TouchDesk speaks version {1}): install the two from the same build",
                  path, String(Self.protocolVersion))
    }

    /// Copies a view's frame out of shared memory; sizes the helper claims are checked first.
    /// A frame of `scale` device pixels per point keeps its size in points, so it is drawn 1:1.
    private func copyFrame(_ v: Int, _ w: Int, _ h: Int, _ stride: Int, scale: Int) {
        guard let shared, (0..<2).contains(v), w > 0, h > 0, w <= 32767, h <= 32767, stride >= w * 4,
              stride.multipliedReportingOverflow(by: h).partialValue <= Self.slotBytes else { return }
        var surface = frames[v]
        if surface?.pixelWidth != w || surface?.pixelHeight != h || surface?.scale != Double(scale) {
            surface = ImageSurface(size: Size(Double(w) / Double(scale), Double(h) / Double(scale)), scale: Double(scale), format: .rgb)
        }
        guard let surface, surface.pixelWidth == w, surface.pixelHeight == h else { return }
        let source = shared + v * Self.slotBytes
        surface.withPixels { base, ownStride in
            for row in 0..<h {
                memcpy(base + row * ownStride, source + row * stride, w * 4)
            }
        }
        frames[v] = surface
    }

    /// Seconds on the monotonic clock.
    public static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}

/// Runs `body` with a NULL-terminated C array of C strings.
private func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    pointers.append(nil)
    defer { for p in pointers { free(p) } }
    return body(pointers)
}
