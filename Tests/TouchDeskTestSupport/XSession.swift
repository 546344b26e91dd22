import Foundation
import TouchDeskDrawing
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// End-to-end harness: a private Xvfb server, the real `touchdesk` binary in it, and the command
/// line tools a person's desktop would have (xdotool, xprop, xwininfo, import, openbox, wmctrl).
///
/// Every wait is bounded and every process this harness starts is stopped by `close()` (also called
/// from `deinit`), by its own pid, so a failing test never leaves a server or an app behind.
public final class XSession {
    /// Something that went wrong in the harness itself (not an assertion about the app).
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        public init(_ d: String) { description = d }
    }

    /// The output of one finished (or timed-out) command.
    public struct Output: CustomStringConvertible {
        /// The exit status; minus the signal number when a signal ended it.
        public let status: Int32
        /// False when the command was killed (timed out, or died of a signal).
        public let exited: Bool
        public let timedOut: Bool
        public let stdout: String
        public let stderr: String
        public var ok: Bool { exited && status == 0 }
        public var description: String {
            "status \(status)\(exited ? "" : " (signal)")\(timedOut ? " (timed out)" : ""); stdout: \(stdout.prefix(600)); stderr: \(stderr.prefix(600))"
        }
    }

    /// ":N", the display of this session's Xvfb.
    public let display: String
    /// A private folder for this session: logs, the app's HOME and XDG folders. Removed by `close()`.
    public let root: URL
    /// The app's HOME; XDG_* folders live under it.
    public let home: URL
    /// Where screenshots of this test are kept (they stay after the test, to look at).
    public let artifacts: URL
    /// The test's name, used to name screenshots.
    public let name: String

    /// Variables added to the environment of everything started from now on (e.g. a fake
    /// TOUCHDESK_IIO_ROOT).
    public var extraEnvironment: [String: String] = [:]

    private var xvfb: ChildProcess?
    private var children: [ChildProcess] = []
    private var counter = 0

    // MARK: - Starting and stopping

    private init(name: String, root: URL, display: String, xvfb: ChildProcess) {
        self.name = name
        self.root = root
        self.display = display
        self.xvfb = xvfb
        home = root.appendingPathComponent("home")
        artifacts = XSession.artifactsDirectory
    }

    /// Starts `Xvfb :N -screen 0 <screen> -noreset` on a free display and waits (bounded, suspending
    /// between its polls) until `xdpyinfo` answers.
    public convenience init(name: String, screen: String = "1280x1024x24") async throws {
        let root = try XSession.makeRoot(name: name)
        var lastError = "no free display number"
        for n in XSession.candidateDisplays() {
            let (d, p, log) = try XSession.startServer(n, screen: screen, root: root)
            let answered = try await wait(until: {
                guard p.isRunning else { return true }
                return await XSession.runTool("xdpyinfo", ["-display", d], environment: nil, timeout: 3).ok && XSession.serves(p, n)
            }, timeout: 10, interval: 0.03)
            if answered && XSession.serves(p, n) {
                self.init(name: name, root: root, display: d, xvfb: p)
                return
            }
            lastError = "Xvfb \(d) did not come up: " + ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")
            await p.stop()
        }
        try? FileManager.default.removeItem(at: root)
        throw Failure(lastError)
    }

    /// The session's private folder (home, XDG folders, logs), and the artifacts folder cleared
    /// of this test's old screenshots.
    static func makeRoot(name: String) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("touchdesk-e2e-\(getpid())-\(name)-\(UUID().uuidString.prefix(8))")
        let artifacts = XSession.artifactsDirectory
        for sub in ["home", "home/.local/share", "home/.config", "home/.cache", "home/.local/state", "home/Pictures", "runtime", "logs"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        chmod(root.appendingPathComponent("runtime").path, 0o700)
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        // Old screenshots of this test would only confuse.
        if let old = try? FileManager.default.contentsOfDirectory(atPath: artifacts.path) {
            for f in old where f.hasPrefix(name + "-") && f.hasSuffix(".png") {
                try? FileManager.default.removeItem(at: artifacts.appendingPathComponent(f))
            }
        }
        return root
    }

    /// Starts Xvfb on display `n`: the display name, the process and its log's path.
    static func startServer(_ n: Int, screen: String, root: URL) throws -> (String, ChildProcess, String) {
        let d = ":\(n)"
        let log = root.appendingPathComponent("logs/xvfb-\(n).log").path
        let p = try ChildProcess(try XSession.tool("Xvfb"), [d, "-screen", "0", screen, "-noreset", "-nolisten", "tcp"],
                                 environment: ProcessInfo.processInfo.environment, stdout: log, stderr: log)
        return (d, p, log)
    }

    /// The Xvfb `p` runs, and display `n`'s lock file names it (not another test's server that
    /// took the same number a moment earlier).
    static func serves(_ p: ChildProcess, _ n: Int) -> Bool { p.isRunning && XSession.lockOwner(n) == p.pid }

    deinit { close() }

    /// Kills the X server under the running programs, as a crash of the server would.
    public func killServer() {
        if let xvfb { kill(xvfb.pid, SIGKILL); _ = xvfb.wait(timeout: 5) }
        xvfb = nil
    }

    /// Stops everything this session started, newest first, then the X server. Safe to call twice.
    public func close() {
        for p in children.reversed() { p.stop() }
        children.removeAll()
        xvfb?.stop()
        xvfb = nil
        try? FileManager.default.removeItem(at: root)
    }

    /// Display numbers to try, starting at a per-process offset so that parallel test runs rarely
    /// collide; only numbers with neither a socket nor a lock file. 199 is left alone: tests use it
    /// as "a display nobody serves".
    static func candidateDisplays() -> [Int] {
        // Sessions of one process (tests running in parallel) each start further along.
        let offset = Int(getpid() % 200) + nextOffset.withLock { n in defer { n += 7 }; return n }
        return (0..<200).map { 100 + (offset + $0) % 200 }.filter { $0 != 199 && displayIsFree($0) }.prefix(8).map { $0 }
    }

    private static let nextOffset = Mutex(0)

    /// The pid written in display `n`'s lock file by the X server that holds it.
    static func lockOwner(_ n: Int) -> pid_t? {
        guard let text = try? String(contentsOfFile: "/tmp/.X\(n)-lock", encoding: .utf8) else { return nil }
        return pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// True when no X server seems to hold display `n` (no socket, no lock file).
    public static func displayIsFree(_ n: Int) -> Bool {
        !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(n)") && !FileManager.default.fileExists(atPath: "/tmp/.X\(n)-lock")
    }

    /// `TOUCHDESK_E2E_ARTIFACTS` if set (absolute), else $TMPDIR/touchdesk-e2e.
    public static var artifactsDirectory: URL {
        if let d = ProcessInfo.processInfo.environment["TOUCHDESK_E2E_ARTIFACTS"], d.hasPrefix("/") {
            return URL(fileURLWithPath: d)
        }
        return FileManager.default.temporaryDirectory.appendingPathComponent("touchdesk-e2e")
    }

    // MARK: - Environment

    /// The environment the app and the helper tools run with: this session's display, a private
    /// HOME and XDG folders (nothing is written to the real home), and a UTF-8 locale.
    public var environment: [String: String] {
        var env = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("XDG_") && !$0.key.hasPrefix("TOUCHDESK_") }
        env["DISPLAY"] = display
        env["HOME"] = home.path
        env["XDG_DATA_HOME"] = home.appendingPathComponent(".local/share").path
        env["XDG_CONFIG_HOME"] = home.appendingPathComponent(".config").path
        env["XDG_CACHE_HOME"] = home.appendingPathComponent(".cache").path
        env["XDG_STATE_HOME"] = home.appendingPathComponent(".local/state").path
        env["XDG_PICTURES_DIR"] = home.appendingPathComponent("Pictures").path
        env["XDG_RUNTIME_DIR"] = root.appendingPathComponent("runtime").path
        env["LC_ALL"] = "C.UTF-8"
        // Each session's home is fresh: a first start's background build of the caches would
        // load every test (tests that want it set it back through extraEnvironment).
        env["TOUCHDESK_PREPARE_CACHES"] = "0"
        if let assets = ProcessInfo.processInfo.environment["TOUCHDESK_ASSETS"] { env["TOUCHDESK_ASSETS"] = assets }
        env.merge(extraEnvironment) { $1 }
        return env
    }

    /// Runs a tool in this session (DISPLAY set) and waits for it, at most `timeout` seconds.
    @discardableResult
    public func run(_ tool: String, _ args: [String], timeout: TimeInterval = 10) -> Output {
        XSession.runTool(tool, args, environment: environment, timeout: timeout)
    }

    // MARK: - The window manager

    // MARK: - The app

    /// Starts a tool in this session that keeps running (e.g. `xclip -i`, which stays as the owner
    /// of a selection): `close()` stops it by its pid if the test has not already. Its output goes
    /// to logs/<log>.out and .err (`readLog`).
    public func start(_ tool: String, _ args: [String], log: String) throws -> ChildProcess {
        try spawn(try XSession.tool(tool), args, log: log)
    }

    /// Prints the window that owns `_XSETTINGS_S0` (0 for none).
    static let xsettingsOwnerScript = "from Xlib import display; d = display.Display(); o = d.get_selection_owner(d.intern_atom('_XSETTINGS_S0')); print(getattr(o, 'id', o))"

    func spawn(_ executable: String, _ args: [String], log: String) throws -> ChildProcess {
        let p = try ChildProcess(executable, args, environment: environment, directory: home.path,
                                 stdout: logURL(log, "out").path, stderr: logURL(log, "err").path)
        children.append(p)
        return p
    }

    func logURL(_ name: String, _ kind: String) -> URL { root.appendingPathComponent("logs/\(name).\(kind)") }

    /// What a process started by this session wrote to stderr and stdout so far.
    public func readLog(_ name: String) -> String {
        let err = (try? String(contentsOf: logURL(name, "err"), encoding: .utf8)) ?? ""
        let out = (try? String(contentsOf: logURL(name, "out"), encoding: .utf8)) ?? ""
        return (err + out).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A fresh path for a screenshot of this test: artifacts/<test>-<n>-<label>.png.
    func screenshotPath(_ label: String) -> URL {
        counter += 1
        return artifacts.appendingPathComponent("\(name)-\(counter)-\(label).png")
    }

    /// Keeps a screenshot as artifacts/<test>-<n>-<label>.png, to look at when a test fails, and
    /// gives back its pixels (`image`, when the caller has read them already) with that path.
    func keep(_ surface: ImageSurface, image: PixelImage? = nil, label: String) throws -> PixelImage {
        let url = screenshotPath(label)
        do {
            try QuickPNG.data(surface).write(to: url)
        } catch {
            throw Failure("cannot keep the screenshot \(url.path): \(error)")
        }
        var img = image ?? PixelImage(surface: surface)
        img.path = url.path
        return img
    }

    // MARK: - Finding things

    /// The `touchdesk` executable: $TOUCHDESK_BIN, else the one in the build folder of the running
    /// test bundle (found by walking up from it).
    public static func binary() throws -> String {
        let fm = FileManager.default
        if let env = ProcessInfo.processInfo.environment["TOUCHDESK_BIN"], !env.isEmpty {
            guard fm.isExecutableFile(atPath: env) else { throw Failure("TOUCHDESK_BIN=\(env) is not an executable file") }
            return env
        }
        var starts: [String] = []
        if let exe = try? fm.destinationOfSymbolicLink(atPath: "/proc/self/exe") { starts.append(exe) }
        if let a0 = CommandLine.arguments.first { starts.append(URL(fileURLWithPath: a0).standardizedFileURL.path) }
        if let b = Bundle.main.executablePath { starts.append(b) }
        starts.append(Bundle.main.bundlePath)
        for start in starts {
            var dir = URL(fileURLWithPath: start).deletingLastPathComponent()
            for _ in 0..<6 {
                let candidate = dir.appendingPathComponent("touchdesk").path
                var isDir: ObjCBool = false
                if fm.fileExists(atPath: candidate, isDirectory: &isDir), !isDir.boolValue, fm.isExecutableFile(atPath: candidate) {
                    return candidate
                }
                if dir.path == "/" { break }
                dir = dir.deletingLastPathComponent()
            }
        }
        throw Failure("cannot find the touchdesk executable near the test bundle (looked up from \(starts)); build it (swift build) or set TOUCHDESK_BIN")
    }

    /// The full path of a command line tool, or a clear failure naming the package to install.
    public static func tool(_ name: String) throws -> String {
        if name.hasPrefix("/") { return name }
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init) + ["/usr/bin", "/bin"] {
            let p = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: p) { return p }
        }
        let package = ["Xvfb": "xvfb", "xdotool": "xdotool", "xprop": "x11-utils", "xwininfo": "x11-utils",
                       "xdpyinfo": "x11-utils", "import": "imagemagick", "openbox": "openbox", "wmctrl": "wmctrl",
                       "xclip": "xclip"][name] ?? name
        throw Failure("\(name) not found on PATH (apt-get install \(package))")
    }

    // MARK: - Running commands

    /// Runs `tool` with `args` and waits for it, killing it after `timeout` seconds. Output goes to
    /// temp files, never a pipe that could fill up. `environment` nil: ours. LC_ALL is C.UTF-8, so
    /// xprop prints UTF-8 titles as text. `directory`: the working folder.
    public static func runTool(_ tool: String, _ args: [String], environment: [String: String]?,
                               timeout: TimeInterval, directory: URL? = nil) -> Output {
        let started: Started
        switch startTool(tool, args, environment: environment, directory: directory) {
        case .started(let s): started = s
        case .failed(let output): return output
        }
        var status = started.process.wait(timeout: timeout)
        let timedOut = status == nil
        if timedOut { started.process.stop(grace: 0.5); status = started.process.status }
        return started.finish(status, timedOut: timedOut)
    }

    /// A tool started by `runTool`, and where its output goes.
    struct Started {
        let process: ChildProcess
        let outURL: URL, errURL: URL

        /// Reads the output, removes its files, and says how the tool ended.
        func finish(_ status: ChildProcess.Status?, timedOut: Bool) -> Output {
            defer { try? FileManager.default.removeItem(at: outURL); try? FileManager.default.removeItem(at: errURL) }
            let stdout = (try? String(contentsOf: outURL, encoding: .utf8)) ?? ""
            let stderr = (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
            switch status {
            case .exited(let code)?:
                return Output(status: code, exited: !timedOut, timedOut: timedOut, stdout: stdout, stderr: stderr)
            case .signaled(let sig)?:
                return Output(status: -sig, exited: false, timedOut: timedOut, stdout: stdout, stderr: stderr)
            case nil:
                return Output(status: -1, exited: false, timedOut: true, stdout: stdout, stderr: stderr)
            }
        }
    }

    /// A tool started, or the output that says why it could not start.
    enum Launch {
        case started(Started)
        case failed(Output)
    }

    /// Starts `tool` for `runTool`, or the output that says why it could not start.
    static func startTool(_ tool: String, _ args: [String], environment: [String: String]?,
                          directory: URL?) -> Launch {
        let exe: String
        do { exe = try XSession.tool(tool) } catch {
            return .failed(Output(status: 127, exited: true, timedOut: false, stdout: "", stderr: "\(error)"))
        }
        let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("touchdesk-e2e-run-\(UUID().uuidString)")
        let outURL = tmp.appendingPathExtension("out"), errURL = tmp.appendingPathExtension("err")
        var env = environment ?? ProcessInfo.processInfo.environment
        env["LC_ALL"] = "C.UTF-8"
        do {
            let p = try ChildProcess(exe, args, environment: env, directory: directory?.path, stdout: outURL.path, stderr: errURL.path)
            return .started(Started(process: p, outURL: outURL, errURL: errURL))
        } catch {
            return .failed(Output(status: 126, exited: true, timedOut: false, stdout: "", stderr: "\(error)"))
        }
    }
}
