import ArgumentParser
import Foundation
import TouchDeskHost
import TouchDeskDrawing
import TouchDeskFiles
import TouchDeskInterface
import TouchDeskModels
import TouchDeskApps
import TouchDeskWeb
import TouchDeskToolkit

extension Shell: WindowContent {}

/// Parses a window size on the command line: WIDTHxHEIGHT in points, each 1 to 16384.
func parseSize(_ argument: String) throws -> Size {
    guard let size = WindowState.parseSize(argument) else {
        throw ValidationError(tr("--size takes WIDTHxHEIGHT in points, like 800x600 (each 1 to 16384)"))
    }
    return size
}

@main
struct TouchDesk: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touchdesk",
        abstract: tr("A desktop toy box of small learning apps, drawn with Cairo on X11."),
        discussion: tr("Opens a window with a home screen of tiles; click a tile (or press its key) to open the app, Esc or Back returns home, Ctrl+Q quits. Name an app to open it directly: touchdesk paint. Web Pages opens an address or a file: touchdesk web https://example.org (the page is drawn by WebKitGTK in a helper process; with no display, the helper starts a private Xvfb for it, so --screenshot and --save-page work headless); Paintbrush opens a PNG picture to paint on: touchdesk paint photo.png"),
        version: AboutPage.versionText
    )

    /// The app, then its file or URL; or a file or URL alone (`app` and `address` in DesktopLaunch.swift).
    @Argument(help: ArgumentHelp(tr("The app to open (see --list; the home screen when omitted), then for web a URL or file path, for paint a PNG picture. A file or URL alone opens its app: a PNG Paintbrush, anything else Web Pages."), valueName: "app-or-file"))
    var words: [String] = []

    @Option(name: .customLong("app"), help: ArgumentHelp(tr("The app to open or render (same as the argument)."), valueName: "name"))
    var appOptions: [String] = []

    /// The one `--app` given (validation refuses two).
    var appOption: String? { appOptions.first }

    @Flag(help: ArgumentHelp(tr("List the apps and exit.")))
    var list = false

    @Flag(name: .customLong("new-window"), help: ArgumentHelp(tr("Open a window of its own even when TouchDesk already runs on this display (otherwise the running window opens the app or file).")))
    var newWindow = false

    @Flag(help: ArgumentHelp(tr("Print every screen's keys as Markdown (what F1 shows) and exit.")))
    var keys = false

    @Option(help: ArgumentHelp(tr("Window size in points, WIDTHxHEIGHT (at least {0}x{1} for the window).", String(Int(Shell.minimumSize.width)), String(Int(Shell.minimumSize.height))), valueName: "WxH"), transform: parseSize)
    var size: Size?

    @Option(help: ArgumentHelp(tr("Render one frame to this PNG file without an X server, then exit."), valueName: "file.png"))
    var screenshot: String?

    @Option(help: ArgumentHelp(tr("Device scale for --screenshot, 1 to 4 (2 draws what a 192 dpi screen shows; the window takes it from Xft.dpi)."), valueName: "n"))
    var scale: Double?

    /// The layout check's door: lays the screen out at each size and prints every control's
    /// rectangle as JSON (see LayoutEndToEndTests).
    @Option(name: .customLong("layout-json"), help: ArgumentHelp(tr("Print the controls' rectangles at each size as JSON."), valueName: "WxH,…", visibility: .hidden))
    var layoutSizes: String?

    @Option(help: ArgumentHelp(tr("The look: light, dark, or auto (follow the desktop: GTK_THEME, else the appearance portal's colour scheme, else its settings' theme name, where a name ending in -dark means dark; dark when none is named). Without it, the look last chosen with Ctrl+Shift+L."), valueName: "look"))
    var theme: ThemePreference?

    @Option(help: ArgumentHelp(tr("The X display to use (default: $DISPLAY)."), valueName: "display"))
    var display: String?

    /// Every app's own options, each declared with its app (`--journey`, `--place`, `--report`, …).
    @OptionGroup var apps: AppsCommandLine

    /// The apps' own options as given (named without dashes), for `AppOptions`.
    var givenAppOptions: [String: String] { apps.given }

    /// What the command line asks of the app it opens.
    var appOptionsGiven: AppOptions { AppOptions(values: givenAppOptions, document: address, screenshot: screenshot != nil) }

    /// The app to open: the one named, else the one the options or the document belong to.
    @MainActor
    func appToOpen() throws(AppOptionError) -> String? {
        let named = app ?? appOption
        return try AppOptionOwners.app(for: Set(givenAppOptions.keys), named: named, in: Registry.tiles.map(\.entry))
            ?? (address != nil ? LaunchRequest.webID : nil)
    }

    func validate() throws {
        try MainActor.assumeIsolated { try validateOnMain() }
    }

    @MainActor
    private func validateOnMain() throws {
        if let scale, !(1...4).contains(scale) { throw ValidationError(tr("--scale takes a number from 1 to 4, like 2")) }
        if let layoutSizes { _ = try layoutSizes.split(separator: ",").map { try parseSize(String($0)) } }
        if appOptions.count > 1 {
            throw ValidationError(tr("--app is given {0} times ({1}); name one app", String(appOptions.count), appOptions.map { echoed($0) }.joined(separator: ", ")))
        }
        if let a = app, let b = appOption, a != b {
            throw ValidationError(tr("two different apps named: {0} and {1}", echoed(a), echoed(b)))
        }
        if let id = app ?? appOption, !Registry.tiles.contains(where: { $0.entry.id == id }) {
            throw ValidationError(tr("unknown app \"{0}\"; the apps are: {1}", echoed(id), Registry.tiles.map(\.entry.id).joined(separator: ", ")))
        }
        do {
            guard let id = try appToOpen(), let entry = Registry.tiles.first(where: { $0.entry.id == id })?.entry else { return }
            try entry.check(appOptionsGiven)
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run() throws {
        // The program's one thread is the main thread: the UI lives on the main actor.
        try MainActor.assumeIsolated { try runOnMain() }
    }

    @MainActor
    private func runOnMain() throws {
        // What an app answers without a window (`--find`, `--report`, `--save-page`).
        if let id = try appToOpen(), let entry = Registry.tiles.first(where: { $0.entry.id == id })?.entry {
            let status: Int32?
            do { status = try entry.answerWithoutWindow(appOptionsGiven, AppEnvironment.fromEnvironment()) } catch { fail(error.description, code: 2) }
            if let status {
                if status != 0 { throw ExitCode(status) }
                return
            }
        }
        if list {
            let width = Registry.tiles.map(\.entry.id.count).max() ?? 0
            for t in Registry.tiles {
                print(t.entry.id.padding(toLength: width + 2, withPad: " ", startingAt: 0) + t.entry.title + " — " + t.entry.blurb)
            }
            return
        }
        if keys {
            // In a folder of its own: opening each app to read its keys must touch no state of the user's.
            let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("touchdesk-keys-\(getpid())").path
            defer { try? FileManager.default.removeItem(atPath: scratch) }
            let user = AppEnvironment.fromEnvironment()
            print(KeysReference.markdown(tiles: Registry.tiles, environment: AppEnvironment(picturesDirectory: scratch + "/pictures", dataDirectory: scratch + "/data",
                                                                     homeDirectory: scratch, assetsDirectory: user.assetsDirectory,
                                                                     cacheDirectory: user.cacheDirectory)), terminator: "")
            return
        }
        warnAboutIgnoredWords()
        if handOverToRunningWindow() { return }
        var environment = AppEnvironment.fromEnvironment()
        // A window takes the state lock; a screenshot or a layout print writes no state.
        let stateLock = screenshot == nil && layoutSizes == nil ? StateLock(folder: environment.stateDirectory) : nil
        environment.stateNotice = stateLock?.notice
        if stateLock != nil { Self.removeStaleFiles(environment) }
        let shell = Shell(tiles: Registry.tiles, environment: environment)
        shell.gtkTheme = ProcessInfo.processInfo.environment["GTK_THEME"]
        // --theme for this run; else the look last chosen by hand (Ctrl+Shift+L); else the desktop's.
        shell.themePreference = theme ?? (stateLock != nil ? SavedLook.load(from: environment.stateDirectory) : nil) ?? .auto
        if let notice = environment.stateNotice {
            warn(notice)
            shell.tell(notice.prefix(1).uppercased() + notice.dropFirst())
        }
        if let appID = try appToOpen() { shell.open(id: appID) }
        let options = appOptionsGiven
        if let app = shell.current?.app, !options.isEmpty {
            // The app's kept state is read off the UI thread and would replace, when it arrives, what
            // the options ask for (a view, a place, a file): let it arrive first.
            shell.finishRestoring()
            do { try app.apply(options) } catch { fail(error.description, code: 2) }
        }

        if let layoutSizes {
            try printLayouts(shell, sizes: layoutSizes.split(separator: ",").map { try parseSize(String($0)) })
            return
        }

        if let screenshot {
            let s = size ?? Size(900, 640)
            shell.finishRestoring()
            shell.layout(in: s, scale: scale ?? 1)
            do { try shell.current?.app.finishBackgroundWork() } catch { fail(error.description, code: 2) }
            let surface = ImageSurface.render(size: s, scale: scale ?? 1) { shell.draw($0) }
            do {
                try ImageFile.writePNG(surface, to: screenshot)
            } catch {
                fail("\(error)", code: 2)
            }
            return
        }

        // --size wins; else the size the window had when it was last closed.
        var requested = size ?? WindowState.load(from: environment.stateDirectory)?.size ?? Size(900, 640)
        requested.width = max(requested.width, Shell.minimumSize.width)
        requested.height = max(requested.height, Shell.minimumSize.height)
        let host: X11Host
        do {
            host = try X11Host(displayName: display, options: .init(
                size: requested, minimumSize: Shell.minimumSize,
                icons: [16, 32, 48, 64].map { ($0, AppIcon.argb(side: $0)) }, singleInstance: !newWindow))
        } catch {
            fail("\(error)", code: 2)
        }
        host.onHandOver = { openHandedOver($0, in: shell) }
        host.onDrop = { openDropped($0, in: shell) }
        host.onDragHover = { shell.dropHighlight = $0 }
        let stateDirectory = environment.stateDirectory
        let keepsState = environment.keepsState
        X11Host.onConnectionLost = {
            if keepsState { WindowState(size: host.size).save(to: stateDirectory) }
            shell.saveAllState()
            environment.writer.waitUntilIdle()
        }
        // A first start builds the place index and the globe's cache in the background
        // (TOUCHDESK_PREPARE_CACHES=0 leaves them to the apps' first visits, as the tests do).
        if ProcessInfo.processInfo.environment["TOUCHDESK_PREPARE_CACHES"] != "0" { shell.prepareCachesInBackground() }
        let ending = host.run(shell)
        if keepsState { WindowState(size: host.size).save(to: stateDirectory) }
        // Every app's state (a painting, a view) reaches the disk before the program ends, however it ends.
        shell.saveAllState()
        environment.writer.waitUntilIdle()
        if let notice = environment.stateNotice {
            warn(tr("quitting without saving app state: {0}", notice))
        }
        withExtendedLifetime(stateLock) {}
        switch ending {
        case .quit:
            break
        case .windowDestroyed:
            fail(tr("the window was closed by another program; the window size and the apps' state were saved"), code: 1)
        case .signal(let sig):
            let name = [SIGTERM: "SIGTERM", SIGINT: "SIGINT", SIGHUP: "SIGHUP"][sig] ?? "signal \(sig)"
            fail(tr("stopped by {0}; the window size and the apps' state were saved", name), code: 128 + sig)
        }
    }

    /// One screen laid out at one size: what `--layout-json` prints for each size.
    struct LayoutReport: Codable {
        var width: Double
        var height: Double
        var scale: Double
        var controls: [ControlRect]
    }

    /// Lays the shell out at each size in turn (as a window being resized would be), draws a frame
    /// at the device scale so drawing at that scale is exercised too, and prints the controls.
    @MainActor
    private func printLayouts(_ shell: Shell, sizes: [Size]) throws {
        let s = scale ?? 1
        var reports: [LayoutReport] = []
        for size in sizes {
            shell.layout(in: size, scale: s)
            // Drawing is not needed for the rectangles; a small frame still runs every draw path at the scale.
            _ = ImageSurface.render(size: Size(min(size.width, 1920), min(size.height, 1080)), scale: s) { shell.draw($0) }
            reports.append(LayoutReport(width: size.width, height: size.height, scale: s, controls: shell.controlRects))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        print(String(decoding: try encoder.encode(reports), as: UTF8.self))
    }

    func fail(_ message: String, code: Int32) -> Never {
        warn("\(message)")
        Self.leave(code)
    }

    /// Ends the process once what it printed is out, without the libraries' exit-time destructors:
    /// a loader thread of an app (the globe's relief, the map's places) may still be finishing, and
    /// tearing down libraries under it (the accessibility bridge, GLib) crashed `--keys` once in
    /// CI with SIGSEGV after its page was printed. Everything the user keeps is saved before this.
    static func leave(_ code: Int32) -> Never {
        fflush(nil)
        _exit(code)
    }

    /// Removes temporary files that killed writers of ours left in our folders (see `StaleFiles`):
    /// a few folder listings, milliseconds even for a large pictures folder.
    private static func removeStaleFiles(_ environment: AppEnvironment) {
        var removed: [String] = []
        for dir in [environment.stateDirectory, environment.dataDirectory, environment.cacheDirectory] {
            removed += StaleFiles.remove(in: dir, olderFormPrefix: "", depth: 2)
        }
        // Folders shared with other programs: only files whose names say they are ours.
        for dir in environment.pictureDirectoriesToTry { removed += StaleFiles.remove(in: dir, olderFormPrefix: "touchdesk-") }
        if !removed.isEmpty {
            warn(trn("removed {0} temporary file left by an interrupted save: {1}", "removed {0} temporary files left by an interrupted save: {1}", removed.count,
                     String(removed.count), removed.map(Paths.shown).joined(separator: ", ")))
        }
    }

    /// Usage errors exit with 2 (not ArgumentParser's 64), as the rest of our errors do.
    static func main() {
        // The language and number style (before anything prints); numbers stay C for machines.
        Localization.start()
        do {
            // Arguments as bytes: a file name that is not UTF-8 still names its file.
            var command = try parseAsRoot(Array(Paths.commandLineArguments().dropFirst()))
            try command.run()
            leave(0)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(ParserWords.localized(fullMessage(for: error)))
                leave(0)
            }
            // The parser quotes the argument it refused: shown safely, as every message shows input.
            FileHandle.standardError.write(Data((EchoedInput.safeMessage(ParserWords.localized(fullMessage(for: error))) + "\n").utf8))
            leave(2)
        }
    }
}

extension ThemePreference: ExpressibleByArgument {}
