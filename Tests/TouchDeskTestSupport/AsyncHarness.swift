import Foundation
import TouchDeskDrawing
#if canImport(Glibc)
import Glibc
#endif

// The end-to-end harness's waits, all `async` (the session's start, the app's launch, pointer,
// keys, screenshots, properties): while a tool runs or a condition is polled, the test suspends
// (`Task.sleep`) and gives its thread back to Swift Testing's pool, so end-to-end tests, each on
// its own X display, run in parallel with each other. A few keep the name of a synchronous form
// that other code still uses (`ChildProcess.wait`, `XSession.run`); in an async context Swift
// picks these.

extension ChildProcess {
    /// Waits at most `timeout` seconds, suspending between checks; the status, or nil if still running.
    @discardableResult
    public func wait(timeout: TimeInterval) async -> Status? {
        // Short commands (xdotool, xprop) end in milliseconds: check often at first, then less.
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        var interval = 2
        while isRunning && ContinuousClock.now < deadline && !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(interval))
            interval = min(interval * 2, 50)
        }
        return status
    }

    /// SIGTERM, a bounded wait, then SIGKILL and a bounded wait, suspending while it waits.
    public func stop(grace: TimeInterval = 2) async {
        guard isRunning else { return }
        kill(pid, SIGTERM)
        if await wait(timeout: grace) == nil {
            kill(pid, SIGKILL)
            await wait(timeout: 2)
        }
    }
}

extension XSession {
    /// Runs `tool` with `args` and waits for it (suspending), killing it after `timeout` seconds.
    /// As the synchronous form: output to temp files, LC_ALL=C.UTF-8, `directory` the working folder.
    public static func runTool(_ tool: String, _ args: [String], environment: [String: String]?,
                               timeout: TimeInterval, directory: URL? = nil) async -> Output {
        let started: Started
        switch startTool(tool, args, environment: environment, directory: directory) {
        case .started(let s): started = s
        case .failed(let output): return output
        }
        var status = await started.process.wait(timeout: timeout)
        let timedOut = status == nil
        if timedOut { await started.process.stop(grace: 0.5); status = started.process.status }
        return started.finish(status, timedOut: timedOut)
    }

    /// Runs a tool in this session (DISPLAY set) and waits for it (suspending), at most `timeout` seconds.
    @discardableResult
    public func run(_ tool: String, _ args: [String], timeout: TimeInterval = 10) async -> Output {
        await XSession.runTool(tool, args, environment: environment, timeout: timeout)
    }

    /// Starts openbox and waits until it manages the screen (`wmctrl -m` answers).
    public func startWindowManager() async throws {
        let p = try spawn(XSession.tool("openbox"), ["--sm-disable"], log: "openbox")
        let managed = try await wait(until: {
            guard p.isRunning else { throw Failure("openbox ended: \(readLog("openbox"))") }
            return await run("wmctrl", ["-m"], timeout: 2).ok
        }, timeout: 10, interval: 0.03)
        guard managed else { throw Failure("openbox did not take the screen within 10 s") }
    }

    /// Starts `touchdesk` with `args` in this session and waits (bounded, suspending) for its window
    /// to be viewable, focused, and showing a first frame.
    public func launch(_ args: [String], timeout: TimeInterval = 15) async throws -> AppUnderTest {
        let p = try spawn(try XSession.binary(), args, log: "touchdesk")
        let app = AppUnderTest(session: self, process: p)
        try await app.waitForWindow(timeout: timeout)
        return app
    }

    /// Starts xsettingsd reading `config` and waits (suspending) until it owns `_XSETTINGS_S0`.
    public func startXSettings(config: URL) async throws -> ChildProcess {
        let manager = try start("xsettingsd", ["-c", config.path], log: "xsettingsd")
        let published = await wait(until: {
            let r = await run("/usr/bin/python3", ["-c", XSession.xsettingsOwnerScript])
            return r.ok && r.stdout.trimmingCharacters(in: .whitespacesAndNewlines) != "0"
        }, timeout: 5)
        guard published else { throw Failure("xsettingsd did not start: \(readLog("xsettingsd"))") }
        return manager
    }
}

extension AppUnderTest {
    func waitForWindow(timeout: TimeInterval) async throws {
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        func left() -> Double {
            let d = deadline - ContinuousClock.now
            return max(0, Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18)
        }
        // `xdotool search --sync` would poll only every 0.5 s; poll faster here, still bounded.
        let shown = try await wait(until: {
            guard process.isRunning else {
                throw XSession.Failure("touchdesk ended (\(process.status.map { "\($0)" } ?? "?")) before showing a window: \(log)")
            }
            let r = await session.run("xdotool", ["search", "--onlyvisible", "--classname", "touchdesk"], timeout: 2)
            guard r.ok, let id = r.stdout.split(separator: "\n").first.map(String.init), !id.isEmpty else { return false }
            window = id
            return true
        }, timeout: timeout, interval: 0.02)
        guard shown else { throw XSession.Failure("no touchdesk window within \(timeout) s: \(log)") }
        // Keyboard focus to the window (XSetInputFocus, a real focus change, not XSendEvent).
        await session.run("xdotool", ["windowfocus", window], timeout: 3)
        // The first frame: the window shows more than one colour.
        let framed = await wait(until: {
            if let img = try? grab(), img.distinctColors(limit: 2) >= 2 { return true }
            return false
        }, timeout: left(), interval: WindowPixels.interval)
        guard framed else { throw XSession.Failure("the touchdesk window never showed a frame within \(timeout) s: \(log)") }
    }

    /// Where the window is on the screen (absolute, inside any frame a window manager adds) and its size.
    public func geometry() async throws -> Geometry {
        try Self.geometry(from: await session.run("xwininfo", ["-id", window], timeout: 5))
    }

    /// Sends pointer steps as one xdotool command (absolute screen coordinates).
    public func pointer(_ steps: [Pointer]) async throws {
        let args = Self.xdotoolArguments(steps, in: try await geometry())
        try Self.check(await session.run("xdotool", args, timeout: 10), args)
    }

    /// Press at the first point, move through the others, release at the last.
    public func drag(_ points: [(Double, Double)]) async throws {
        guard !points.isEmpty else { return }
        try await pointer(Self.dragSteps(points))
    }

    public func click(_ x: Double, _ y: Double) async throws {
        try await pointer([.move(x, y), .down, .up])
    }

    /// A click of the middle button: X's "paste the PRIMARY selection here".
    public func middleClick(_ x: Double, _ y: Double) async throws {
        let args = Self.xdotoolArguments([.move(x, y)], in: try await geometry()) + ["click", "2"]
        try Self.check(await session.run("xdotool", args, timeout: 10), args)
    }

    public func moveMouse(_ x: Double, _ y: Double) async throws { try await pointer([.move(x, y)]) }

    /// Presses keys (xdotool key names), sent through XTEST to the focused window.
    public func key(_ keys: String...) async throws {
        try Self.check(await session.run("xdotool", ["key"] + keys, timeout: 10), ["key"] + keys)
    }

    /// Resizes the window as a window manager or a person would (XConfigureWindow through xdotool).
    public func resize(_ width: Int, _ height: Int) async throws {
        let args = ["windowsize", window, String(width), String(height)]
        try Self.check(await session.run("xdotool", args, timeout: 5), args)
    }

    /// Takes a screenshot and keeps it in the artifacts folder as <test>-<n>-<label>.png.
    public func screenshot(_ label: String) async throws -> PixelImage {
        try session.keep(grabSurface(), label: label)
    }

    /// Takes screenshots until `condition` holds on one, at most `timeout` seconds (suspending
    /// between them); returns the last one, kept as <test>-<n>-<label>.png, whether or not the
    /// condition came true: the caller asserts on it. The deadline is generous (10 s): end-to-end
    /// tests run in parallel, on machines that may be busy. `condition` may await (the title, a
    /// property).
    public func screenshot(_ label: String, timeout: TimeInterval = 10, until condition: (PixelImage) async -> Bool) async throws -> PixelImage {
        var surface = try grabSurface()
        var img = PixelImage(surface: surface)
        if !(await condition(img)) {
            _ = try await wait(until: { () async throws -> Bool in
                surface = try grabSurface()
                img = PixelImage(surface: surface)
                return await condition(img)
            }, timeout: timeout, interval: WindowPixels.interval)
        }
        return try session.keep(surface, image: img, label: label)
    }

    /// `xprop -id W -notype NAME`'s value, after " = " (nil when the property is not set).
    public func property(_ name: String) async throws -> String? {
        try Self.propertyValue(await session.run("xprop", ["-id", window, "-notype", name], timeout: 5), name)
    }

    /// Everything `xprop -id W NAME` prints, type included.
    public func rawProperty(_ name: String) async throws -> String {
        let r = await session.run("xprop", ["-id", window, name], timeout: 5)
        guard r.ok else { throw XSession.Failure("xprop \(name) failed: \(r)") }
        return r.stdout
    }

    /// The window title as a window manager shows it: _NET_WM_NAME, unquoted.
    public func title() async throws -> String? {
        Self.unquoted(try await property("_NET_WM_NAME"))
    }

    /// Polls the title until it equals `expected` or `timeout` passes (10 s by default); returns the last title.
    public func waitForTitle(_ expected: String, timeout: TimeInterval = 10) async throws -> String? {
        var t: String?
        _ = try await wait(until: {
            t = try await title()
            return t == expected
        }, timeout: timeout, interval: 0.02)
        return t
    }

    /// Waits at most `timeout` seconds (suspending) for the process to end: how it ended, nil if it still runs.
    public func waitForExit(timeout: TimeInterval) async -> ChildProcess.Status? {
        await process.wait(timeout: timeout)
    }
}
