import Foundation
import TouchDeskDrawing
#if canImport(Glibc)
import Glibc
#endif

/// The running `touchdesk` process and its window, driven as a person would: real pointer and
/// key events through XTEST (xdotool), never XSendEvent.
///
/// Every method that runs a tool or waits is `async` (AsyncHarness.swift): a test calls it with
/// `await`, and it suspends while the tool runs, so the thread runs other tests meanwhile. What is
/// here is what they share: the window's geometry, xdotool's arguments, reading xprop's answers.
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

    // MARK: - Geometry

    public struct Geometry: Equatable, CustomStringConvertible {
        public var x: Int, y: Int, width: Int, height: Int
        public var description: String { "\(width)x\(height)+\(x)+\(y)" }
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

    // MARK: - Looking at it

    /// One screenshot of the window, read from the X server into pixels (`WindowPixels`).
    func grab() throws -> PixelImage { try PixelImage(surface: grabSurface()) }

    func grabSurface() throws -> ImageSurface { try WindowPixels.grab(display: session.display, window: window) }

    /// The value in `xprop -id W -notype NAME`'s output.
    static func propertyValue(_ r: XSession.Output, _ name: String) throws -> String? {
        guard r.ok else { throw XSession.Failure("xprop \(name) failed: \(r)") }
        let out = r.stdout
        if out.contains("not found") || out.contains("no such atom") { return nil }
        if let eq = out.range(of: " = ") { return String(out[eq.upperBound...]).trimmingCharacters(in: .whitespacesAndNewlines) }
        if let colon = out.range(of: ":") { return String(out[colon.upperBound...]).trimmingCharacters(in: .whitespacesAndNewlines) }
        return out.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A property's string value without its quotes.
    static func unquoted(_ v: String?) -> String? {
        guard let v else { return nil }
        guard v.hasPrefix("\""), v.hasSuffix("\""), v.count >= 2 else { return v }
        return String(v.dropFirst().dropLast())
    }

}
