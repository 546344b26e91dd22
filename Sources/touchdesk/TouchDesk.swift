import ArgumentParser
import Foundation
import TouchDeskFiles
import TouchDeskHost
import TouchDeskDrawing
import TouchDeskFiles
import TouchDeskInterface
import TouchDeskModels
import TouchDeskViews
import TouchDeskWeb

extension Shell: WindowContent {}

/// Parses a window size on the command line: WIDTHxHEIGHT in points, each 1 to 16384.
func parseSize(_ argument: String) throws -> Size {
    guard let size = WindowState.parseSize(argument) else {
        throw ValidationError("--size takes WIDTHxHEIGHT in points, like 800x600 (each 1 to 16384)")
    }
    return size
}

@main
struct TouchDesk: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touchdesk",
        abstract: "A desktop toy box of small learning apps, drawn with Cairo on X11.",
        discussion: """
        Opens a window with a home screen of tiles; click a tile (or press its key) to open the app, \
        Esc or Back returns home, Ctrl+Q quits. Name an app to open it directly: touchdesk paint. \
        Web Pages opens an address or a file: touchdesk web https://example.org (the page is drawn \
        by WebKitGTK in a helper process; with no display, the helper starts a private Xvfb for it, \
        so --screenshot and --save-page work headless); Paintbrush opens \
        a PNG picture to paint on: touchdesk paint photo.png
        """,
        version: AboutPage.versionText
    )

    /// The app, then its file or URL; or a file or URL alone (`app` and `address` in DesktopLaunch.swift).
    @Argument(help: ArgumentHelp("The app to open (see --list; the home screen when omitted), then for web a URL or file path, for paint a PNG picture. A file or URL alone opens its app: a PNG Paintbrush, anything else Web Pages.", valueName: "app-or-file"))
    var words: [String] = []

    @Option(name: .customLong("app"), help: ArgumentHelp("The app to open or render (same as the argument).", valueName: "name"))
    var appOptions: [String] = []

    /// The one `--app` given (validation refuses two).
    var appOption: String? { appOptions.first }

    @Flag(help: "List the apps and exit.")
    var list = false

    @Flag(name: .customLong("new-window"), help: "Open a window of its own even when TouchDesk already runs on this display (otherwise the running window opens the app or file).")
    var newWindow = false

    @Flag(help: "Print every screen's keys as Markdown (what F1 shows) and exit.")
    var keys = false

    @Option(help: ArgumentHelp("Window size in points, WIDTHxHEIGHT (at least \(Int(Shell.minimumSize.width))x\(Int(Shell.minimumSize.height)) for the window).", valueName: "WxH"), transform: parseSize)
    var size: Size?

    @Option(help: ArgumentHelp("Render one frame to this PNG file without an X server, then exit.", valueName: "file.png"))
    var screenshot: String?

    @Option(name: .customLong("save-page"), help: ArgumentHelp("For the web app: save the whole page (its full length) as a PNG picture, then exit. Needs no X server: without a display the web engine starts a private Xvfb of its own.", valueName: "file.png"))
    var savePage: String?

    @Option(name: .customLong("page-width"), help: ArgumentHelp("The CSS width to lay the page out at for --save-page, 64 to 16384 (default 1280).", valueName: "px"))
    var pageWidth: Int?

    @Option(help: ArgumentHelp("Device scale for --screenshot, 1 to 4 (2 draws what a 192 dpi screen shows; the window takes it from Xft.dpi).", valueName: "n"))
    var scale: Double?

    /// The layout check's door: lays the screen out at each size and prints every control's
    /// rectangle as JSON (see LayoutEndToEndTests).
    @Option(name: .customLong("layout-json"), help: ArgumentHelp("Print the controls' rectangles at each size as JSON.", valueName: "WxH,…", visibility: .hidden))
    var layoutSizes: String?

    @Option(help: ArgumentHelp("The look: light, dark, or auto (follow the desktop: GTK_THEME, else its settings' theme name, where a name ending in -dark means dark; dark when none is named).", valueName: "look"))
    var theme: ThemePreference = .auto

    @Option(help: ArgumentHelp("The X display to use (default: $DISPLAY).", valueName: "display"))
    var display: String?

    @Option(help: ArgumentHelp("Open Mandelbrot at the end of this quadrant journey, like 1-4-4-1-3-3.", valueName: "steps"))
    var journey: String?

    // Both take the next word whatever it looks like, so `--center -0.75,0.1` works and
    // `--width -1` is refused as a width, not as a missing value.
    @Option(parsing: .unconditional, help: ArgumentHelp("Open Mandelbrot centred exactly here: RE,IM as decimals of any length, like -0.75,0.1.", valueName: "re,im"))
    var center: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("With --center: the width of the Mandelbrot view, like 3 or 1.5e-300 (down to 1e-1000).", valueName: "w"))
    var width: String?

    @Option(help: ArgumentHelp("Open Map Search with the best match for this place chosen, like \"Zürich\" (exit 2 if none).", valueName: "name"))
    var place: String?

    @Option(help: ArgumentHelp("Print Map Search's suggestions for this query and exit (no X server): one per line, best first, tab-separated name, region, country, ISO code, latitude, longitude, kind. \"-\" reads one query per line from standard input and ends each query's rows with an empty line. Exit 2 when a single query matches nothing.", valueName: "query"))
    var find: String?

    @Option(name: .customLong("look-at"), help: ArgumentHelp("Open Sea Level looking down at LAT,LON in degrees (south and west negative: --look-at=-33.9,151.2).", valueName: "lat,lon"))
    var lookAt: String?

    @Option(help: ArgumentHelp("Open Sea Level at this zoom: 1 shows the whole globe, 48 single 5′ cells.", valueName: "z"))
    var zoom: String?

    @Option(name: .customLong("sea-level"), help: ArgumentHelp("Open Sea Level with the sea this many metres above today's (-11000 to 9000; --sea-level=-120 for below).", valueName: "metres"))
    var seaLevel: String?

    @Option(help: ArgumentHelp("Open Sea Level with the relief exaggerated this many times, 1 to 50 (mountains on the rim stand off it).", valueName: "n"))
    var exaggeration: String?

    @Flag(help: "With --sea-level (and --place NAME): print what the level means as JSON, without an X server, and exit.")
    var report = false

    private var globeOptionsGiven: Bool { lookAt != nil || zoom != nil || seaLevel != nil || exaggeration != nil || report }

    func validate() throws {
        try MainActor.assumeIsolated { try validateOnMain() }
    }

    @MainActor
    private func validateOnMain() throws {
        if let scale, !(1...4).contains(scale) { throw ValidationError("--scale takes a number from 1 to 4, like 2") }
        if let layoutSizes { _ = try layoutSizes.split(separator: ",").map { try parseSize(String($0)) } }
        if appOptions.count > 1 {
            throw ValidationError("--app is given \(appOptions.count) times (\(appOptions.joined(separator: ", "))); name one app")
        }
        if let a = app, let b = appOption, a != b {
            throw ValidationError("two different apps named: \(a) and \(b)")
        }
        if let id = app ?? appOption, !Registry.tiles.contains(where: { $0.entry.id == id }) {
            throw ValidationError("unknown app \"\(id)\"; the apps are: \(Registry.tiles.map(\.entry.id).joined(separator: ", "))")
        }
        // First: a value left out of --width leaves the next option's words as stray arguments.
        if center != nil || width != nil {
            if let id = app ?? appOption, id != MandelbrotApp.id { throw ValidationError("--center and --width are for the mandelbrot app, not \(id)") }
            if journey != nil { throw ValidationError("give either --journey or --center and --width, not both: they both say where the view is") }
            _ = try mandelbrotWindow()
        }
        try validatePlace()
        if let address, app ?? appOption == PaintApp.id {
            if address.contains("://") { throw ValidationError("paint opens a PNG file, not a URL: \(address)") }
        } else if let address {
            if let id = app ?? appOption, id != WebApp.id { throw ValidationError("a URL is for the web app (or a PNG file for paint), not \(id)") }
            do {
                _ = try webAddress(address)
            } catch {
                throw ValidationError("cannot open \"\(address)\": \(error)")
            }
        }
        if savePage != nil || pageWidth != nil {
            if let id = app ?? appOption, id != WebApp.id { throw ValidationError("--save-page and --page-width are for the web app, not \(id)") }
            if savePage == nil { throw ValidationError("--page-width goes with --save-page FILE.png") }
            if screenshot != nil { throw ValidationError("give either --save-page or --screenshot, not both") }
            if let w = pageWidth, !(64...16384).contains(w) { throw ValidationError("--page-width must be 64 to 16384, not \(w)") }
        }
        if let journey {
            if let id = app ?? appOption, id != MandelbrotApp.id { throw ValidationError("--journey is for the mandelbrot app, not \(id)") }
            do { _ = try MandelbrotJourney.parse(journey) } catch { throw ValidationError("--journey: \(error)") }
        }
        if globeOptionsGiven {
            if let id = app ?? appOption, id != GlobeApp.id {
                throw ValidationError("--look-at, --zoom, --sea-level, --exaggeration and --report are for the globe app, not \(id)")
            }
            if report, screenshot != nil { throw ValidationError("give either --report or --screenshot, not both") }
            if journey != nil { throw ValidationError("--journey is for the mandelbrot app, not the globe") }
            do { _ = try GlobeApp.startOptions(lookAt: lookAt, zoom: zoom, seaLevel: seaLevel, exaggeration: exaggeration) } catch { throw ValidationError(error.description) }
        }
    }

    /// The view `--center` and `--width` give, if any; both are needed.
    func mandelbrotWindow() throws -> MandelbrotWindow? {
        guard center != nil || width != nil else { return nil }
        guard let center, let width else {
            throw ValidationError(center == nil ? "--width needs --center RE,IM too" : "--center needs --width W too")
        }
        // Both take the next word unconditionally: an option there means the value was left out.
        if center.hasPrefix("--") { throw ValidationError("--center needs RE,IM before the next option (it got \(center.prefix(40)))") }
        if width.hasPrefix("--") { throw ValidationError("--width needs W before the next option (it got \(width.prefix(40)))") }
        do { return try MandelbrotWindow.parse(center: center, width: width) } catch { throw ValidationError("\(error)") }
    }

    func validatePlace() throws {
        if find != nil {
            if let id = app ?? appOption, id != MapApp.id { throw ValidationError("--find is for the map app, not \(id)") }
            if place != nil || screenshot != nil { throw ValidationError("--find prints places and exits: give it without --place or --screenshot") }
        }
        if let place {
            if report {
                if let id = app ?? appOption, id != GlobeApp.id { throw ValidationError("--report is for the globe app, not \(id)") }
            } else if let id = app ?? appOption, id != MapApp.id, id != GlobeApp.id {
                throw ValidationError("--place is for the map and globe apps, not \(id)")
            }
            if place.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("--place needs a place name") }
        }
    }

    func run() throws {
        // The program's one thread is the main thread: the UI lives on the main actor.
        try MainActor.assumeIsolated { try runOnMain() }
    }

    @MainActor
    private func runOnMain() throws {
        if let find {
            let status = FindPlaces.run(find)
            if status != 0 { throw ExitCode(status) }
            return
        }
        if list {
            let width = Registry.tiles.map(\.entry.id.count).max() ?? 0
            for t in Registry.tiles {
                print(t.entry.id.padding(toLength: width + 2, withPad: " ", startingAt: 0) + t.entry.title + " — " + t.entry.blurb)
            }
            return
        }
        if report {
            let level = try GlobeApp.startOptions(lookAt: lookAt, zoom: zoom, seaLevel: seaLevel, exaggeration: exaggeration).seaLevel ?? 0
            do {
                print(try GlobeReport.json(level: level, placeName: place, cacheDirectory: AppEnvironment.fromEnvironment().cacheDirectory) {
                    FileHandle.standardError.write(Data(("touchdesk: " + $0 + "\n").utf8))
                })
            } catch {
                fail(error.description, code: 2)
            }
            return
        }
        if keys {
            // In a folder of its own: opening each app to read its keys must touch no state of the user's.
            let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("touchdesk-keys-\(getpid())").path
            defer { try? FileManager.default.removeItem(atPath: scratch) }
            let user = AppEnvironment.fromEnvironment()
            print(KeysReference.markdown(environment: AppEnvironment(picturesDirectory: scratch + "/pictures", dataDirectory: scratch + "/data",
                                                                     homeDirectory: scratch, assetsDirectory: user.assetsDirectory,
                                                                     cacheDirectory: user.cacheDirectory)), terminator: "")
            return
        }
        if let savePage {
            let environment = AppEnvironment.fromEnvironment()
            let url = try address.map(webAddress) ?? WebApp.startPage(environment)
            do {
                let size = try WebEngine.savePage(url, to: savePage, width: pageWidth ?? 1280)
                print("\(savePage): \(size.width) × \(size.height) px")
            } catch {
                fail("\(error)", code: 2)
            }
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
        shell.themePreference = theme
        if let notice = environment.stateNotice {
            warn(notice)
            shell.tell(notice.prefix(1).uppercased() + notice.dropFirst())
        }
        let appID = app ?? appOption ?? (journey != nil || center != nil || width != nil ? MandelbrotApp.id : place != nil && !globeOptionsGiven ? MapApp.id : globeOptionsGiven ? GlobeApp.id
            : address != nil ? WebApp.id : nil)
        if let appID { shell.open(id: appID) }
        // The app's kept state is read off the UI thread and would replace, when it arrives, what
        // the options ask for (a view, a place, a file): let it arrive first.
        if journey != nil || center != nil || width != nil || globeOptionsGiven || place != nil || address != nil { shell.finishRestoring() }
        if let journey, let mandelbrot = shell.current?.app as? MandelbrotApp { try mandelbrot.go(journey: journey) }
        if let window = try mandelbrotWindow(), let mandelbrot = shell.current?.app as? MandelbrotApp { mandelbrot.go(window: window) }
        if globeOptionsGiven, let globe = shell.current?.app as? GlobeApp {
            globe.start(try GlobeApp.startOptions(lookAt: lookAt, zoom: zoom, seaLevel: seaLevel, exaggeration: exaggeration))
        }
        if let place, let globe = shell.current?.app as? GlobeApp {
            globe.finishLoading()
            if let problem = globe.placesError { fail(problem, code: 2) }
            if !globe.choose(query: place) { fail("no place matches \"\(place)\"", code: 2) }
        }
        if let place, let map = shell.current?.app as? MapApp {
            // The index loads in milliseconds from its cache (a second the first time): wait for it here.
            map.finishLoading()
            if let problem = map.dataProblem { fail(problem, code: 2) }
            if !map.choose(query: place) { fail("no place matches \"\(place)\"", code: 2) }
        }
        if let address, let web = shell.current?.app as? WebApp { web.open(try webAddress(address)) }
        if let address, let paint = shell.current?.app as? PaintApp {
            paint.open(path: address.hasPrefix("/") ? address : FileManager.default.currentDirectoryPath + "/" + address)
        }

        if let layoutSizes {
            try printLayouts(shell, sizes: layoutSizes.split(separator: ",").map { try parseSize(String($0)) })
            return
        }

        if let screenshot {
            let s = size ?? Size(900, 640)
            shell.finishRestoring()
            shell.layout(in: s, scale: scale ?? 1)
            (shell.current?.app as? MandelbrotApp)?.finishRendering()
            (shell.current?.app as? MapApp)?.finishLoading()
            (shell.current?.app as? GlobeApp)?.finishLoading()
            (shell.current?.app as? WebApp)?.finishLoading()
            if let paint = shell.current?.app as? PaintApp, let problem = paint.finishOpening() { fail(problem, code: 2) }
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
        let ending = host.run(shell)
        if keepsState { WindowState(size: host.size).save(to: stateDirectory) }
        // Every app's state (a painting, a view) reaches the disk before the program ends, however it ends.
        shell.saveAllState()
        environment.writer.waitUntilIdle()
        if let notice = environment.stateNotice {
            FileHandle.standardError.write(Data("touchdesk: quitting without saving app state: \(notice)\n".utf8))
        }
        withExtendedLifetime(stateLock) {}
        switch ending {
        case .quit:
            break
        case .windowDestroyed:
            fail("the window was closed by another program; the window size and the apps' state were saved", code: 1)
        case .signal(let sig):
            let name = [SIGTERM: "SIGTERM", SIGINT: "SIGINT", SIGHUP: "SIGHUP"][sig] ?? "signal \(sig)"
            fail("stopped by \(name); the window size and the apps' state were saved", code: 128 + sig)
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

    /// What `touchdesk web URL` opens: a URL, or a plain path as a file.
    private func webAddress(_ text: String) throws -> WebURL {
        try WebURL.fromUserInput(text, currentDirectory: FileManager.default.currentDirectoryPath).validatedForLoading()
    }

    func fail(_ message: String, code: Int32) -> Never {
        warn("\(message)")
        Foundation.exit(code)
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
            FileHandle.standardError.write(Data("touchdesk: removed \(removed.count) temporary file(s) left by an interrupted save: \(removed.map(Paths.shown).joined(separator: ", "))\n".utf8))
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
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                Foundation.exit(0)
            }
            FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
            Foundation.exit(2)
        }
    }
}

extension ThemePreference: ExpressibleByArgument {}
