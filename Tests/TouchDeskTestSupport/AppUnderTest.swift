import Foundation
import TouchDeskDrawing
#if canImport(Glibc)
import Glibc
#endif

/// The running `touchdesk` process and its window, driven as a person would: real pointer and
/// key events through XTEST (xdotool), never XSendEvent.
///
/// Every method that runs a tool or waits has an `async` form (AsyncHarness.swift), which an
/// `async` test calls with `await`: it suspends while the tool runs. The synchronous forms here
/// block a thread of the test pool and are to be converted (kept for tests not yet `async`).
public final class AppUnderTest {
    public unowned let session: XSession
    public let process: ChildProcess
    /// The X window id of the app's top-level window.
    public internal(set) var window: String = ""

    init(session: XSession, process: ChildProcess) {
        self.session = session
        self.process = process
    }

    public var pid: Int32 { process.pid }
    public var isRunning: Bool { process.isRunning }
    /// What the app printed so far.
    public var log: String { session.readLog("touchdesk") }

    func waitForWindow(timeout: TimeInterval) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            guard process.isRunning else {
                throw XSession.Failure("touchdesk ended (\(process.status.map { "\($0)" } ?? "?")) before showing a window: \(log)")
            }
            // `xdotool search --sync` would poll only every 0.5 s; poll faster here, still bounded.
            let r = session.run("xdotool", ["search", "--onlyvisible", "--classname", "touchdesk"], timeout: 2)
            if r.ok, let id = r.stdout.split(separator: "\n").first.map(String.init), !id.isEmpty {
                window = id
                break
            }
            usleep(20_000)
        }
        guard !window.isEmpty else { throw XSession.Failure("no touchdesk window within \(timeout) s: \(log)") }
        // Keyboard focus to the window (XSetInputFocus, a real focus change, not XSendEvent).
        session.run("xdotool", ["windowfocus", window], timeout: 3)
        // The first frame: the window shows more than one colour.
        while Date() < deadline {
            if let img = try? grab(), img.distinctColors(limit: 2) >= 2 { return }
            usleep(useconds_t(WindowPixels.interval * 1e6))
        }
        throw XSession.Failure("the touchdesk window never showed a frame within \(timeout) s: \(log)")
    }

    // MARK: - Geometry

    public struct Geometry: Equatable, CustomStringConvertible {
        public var x: Int, y: Int, width: Int, height: Int
        public var description: String { "\(width)x\(height)+\(x)+\(y)" }
    }

    /// Where the window is on the screen (absolute, inside any frame a window manager adds) and its size.
    public func geometry() throws -> Geometry {
        try Self.geometry(from: session.run("xwininfo", ["-id", window], timeout: 5))
    }

    /// The geometry in `xwininfo -id W`'s output.
    static func geometry(from r: XSession.Output) throws -> Geometry {
        guard r.ok else { throw XSession.Failure("xwininfo failed: \(r)") }
        func field(_ key: String) -> Int? {
            for line in r.stdout.split(separator: "\n") {
                let t = line.trimmingCharacters(in: .whitespaces)
                if t.hasPrefix(key) { return Int(t.dropFirst(key.count).trimmingCharacters(in: .whitespaces)) }
            }
            return nil
        }
        guard let x = field("Absolute upper-left X:"), let y = field("Absolute upper-left Y:"),
              let w = field("Width:"), let h = field("Height:") else { throw XSession.Failure("cannot read xwininfo: \(r.stdout)") }
        return Geometry(x: x, y: y, width: w, height: h)
    }

    // MARK: - Pointer and keyboard

    /// One step of pointer input, in window coordinates.
    public enum Pointer {
        case move(Double, Double)
        case down
        case up
    }

    /// Sends pointer steps as one xdotool command (absolute screen coordinates): as fast as a
    /// real flick of the mouse, with no pause between the steps.
    public func pointer(_ steps: [Pointer]) throws {
        let args = Self.xdotoolArguments(steps, in: try geometry())
        try Self.check(session.run("xdotool", args, timeout: 10), args)
    }

    /// xdotool's arguments for `steps` in a window at `g` (absolute screen coordinates).
    static func xdotoolArguments(_ steps: [Pointer], in g: Geometry) -> [String] {
        var args: [String] = []
        for s in steps {
            switch s {
            case .move(let x, let y):
                args += ["mousemove", String(g.x + Int(x.rounded())), String(g.y + Int(y.rounded()))]
            case .down: args += ["mousedown", "1"]
            case .up: args += ["mouseup", "1"]
            }
        }
        return args
    }

    /// Throws when an xdotool command failed.
    static func check(_ r: XSession.Output, _ args: [String]) throws {
        guard r.ok else { throw XSession.Failure("xdotool \(args.joined(separator: " ")) failed: \(r)") }
    }

    /// The points of a drag: press at the first, move through the others, release at the last.
    static func dragSteps(_ points: [(Double, Double)]) -> [Pointer] {
        guard let first = points.first else { return [] }
        var steps: [Pointer] = [.move(first.0, first.1), .down]
        steps += points.dropFirst().map { .move($0.0, $0.1) }
        steps.append(.up)
        return steps
    }

    /// Press at the first point, move through the others, release at the last.
    public func drag(_ points: [(Double, Double)]) throws {
        guard !points.isEmpty else { return }
        try pointer(Self.dragSteps(points))
    }

    public func click(_ x: Double, _ y: Double) throws {
        try pointer([.move(x, y), .down, .up])
    }

    /// A click of the middle button: X's "paste the PRIMARY selection here".
    public func middleClick(_ x: Double, _ y: Double) throws {
        let args = Self.xdotoolArguments([.move(x, y)], in: try geometry()) + ["click", "2"]
        try Self.check(session.run("xdotool", args, timeout: 10), args)
    }

    public func moveMouse(_ x: Double, _ y: Double) throws { try pointer([.move(x, y)]) }

    /// Presses keys (xdotool key names: "3", "minus", "ctrl+z", "Escape"), sent through XTEST to
    /// the focused window, as typing them would.
    public func key(_ keys: String...) throws {
        try Self.check(session.run("xdotool", ["key"] + keys, timeout: 10), ["key"] + keys)
    }

    /// Resizes the window as a window manager or a person would (XConfigureWindow through xdotool).
    public func resize(_ width: Int, _ height: Int) throws {
        let args = ["windowsize", window, String(width), String(height)]
        try Self.check(session.run("xdotool", args, timeout: 5), args)
    }

    // MARK: - Looking at it

    /// One screenshot of the window, read from the X server into pixels (`WindowPixels`).
    func grab() throws -> PixelImage { try PixelImage(surface: grabSurface()) }

    func grabSurface() throws -> ImageSurface { try WindowPixels.grab(display: session.display, window: window) }

    /// `xprop -id W -notype NAME`'s value, after " = " (nil when the property is not set).
    public func property(_ name: String) throws -> String? {
        try Self.propertyValue(session.run("xprop", ["-id", window, "-notype", name], timeout: 5), name)
    }

    /// The value in `xprop -id W -notype NAME`'s output.
    static func propertyValue(_ r: XSession.Output, _ name: String) throws -> String? {
        guard r.ok else { throw XSession.Failure("xprop \(name) failed: \(r)") }
        let out = r.stdout
        if out.contains("not found") || out.contains("no such atom") { return nil }
        if let eq = out.range(of: " = ") { return String(out[eq.upperBound...]).trimmingCharacters(in: .whitespacesAndNewlines) }
        if let colon = out.range(of: ":") { return String(out[colon.upperBound...]).trimmingCharacters(in: .whitespacesAndNewlines) }
        return out.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Everything `xprop -id W NAME` prints, type included (multi-line values such as size hints
    /// and icons).
    public func rawProperty(_ name: String) throws -> String {
        let r = session.run("xprop", ["-id", window, name], timeout: 5)
        guard r.ok else { throw XSession.Failure("xprop \(name) failed: \(r)") }
        return r.stdout
    }

    /// The window title as a window manager shows it: _NET_WM_NAME, unquoted.
    public func title() throws -> String? {
        Self.unquoted(try property("_NET_WM_NAME"))
    }

    /// A property's string value without its quotes.
    static func unquoted(_ v: String?) -> String? {
        guard let v else { return nil }
        guard v.hasPrefix("\""), v.hasSuffix("\""), v.count >= 2 else { return v }
        return String(v.dropFirst().dropLast())
    }

    /// Polls the title until it equals `expected` or `timeout` passes; returns the last title.
    public func waitForTitle(_ expected: String, timeout: TimeInterval = 3) throws -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        var t = try title()
        while t != expected && Date() < deadline {
            usleep(20_000)
            t = try title()
        }
        return t
    }

    /// Waits at most `timeout` seconds for the process to end: how it ended, nil if it still runs.
    public func waitForExit(timeout: TimeInterval) -> ChildProcess.Status? {
        process.wait(timeout: timeout)
    }
}
