import Foundation
import TouchDeskDrawing
import TouchDeskFiles
import TouchDeskInterface
import TouchDeskModels

/// The launcher: a top bar and either the home screen of tiles or one open mini-app below it.
///
/// The shell is what the host runs. It routes pointer events to the bar or to the app (a touch
/// stays with whichever it began in), translates them into the app's own coordinates, and keeps
/// Esc (back) and Ctrl+Q (quit) for itself unless the app uses Esc.
///
/// Every app opened stays alive until the program ends: leaving it and coming back finds it as it
/// was (only the app on screen is ticked, so a hidden app's animations and timers wait). Apps that
/// keep state across restarts (`StatefulApp`) are restored from the state folder when first
/// opened and saved when left, on quit, and every 30 s while they change. Quitting with unsaved
/// work (a painting) asks first, in the window.
public final class Shell {
    /// One home-screen tile: an app and the key that opens it.
    public struct Tile {
        public let entry: AppEntry
        public let key: String
        public init(_ entry: AppEntry, key: String) { self.entry = entry; self.key = key }
    }

    public nonisolated static let barHeight = 44.0
    /// The smallest size every screen is laid out for (the host sets it as the WM minimum).
    public nonisolated static let minimumSize = Size(400, 360)
    public nonisolated static let appName = "TouchDesk"

    public let tiles: [Tile]
    public let environment: AppEnvironment
    public private(set) var size = Shell.minimumSize
    /// Device pixels per point, as the host (or `--screenshot --scale`) last laid the shell out.
    public private(set) var scale = 1.0
    public private(set) var current: (index: Int, app: MiniApp)?
    public private(set) var wantsQuit = false

    /// The tiles, their icons and the keyboard's choice.
    private let home: HomeScreen
    /// The window was laid out anew while an app was shown: the home screen is laid out on coming
    /// home, not at every size (a resize storm over an open app re-drew the fifteen tile icons at
    /// each size, the Mandelbrot icon point by point: most of the UI thread's work).
    private var homeOutOfDate = false
    /// Keyboard focus on the home screen.
    var selectedTile: Int { home.selectedTile }
    /// The bar's buttons: Home over an app; About and Quit on the home screen.
    enum BarControl: String, ControlID { case home, about, quit }
    let bar = Controls<BarControl>()
    /// The keyboard moved the focus last (Tab, the arrows), not the pointer (see Shell+Focus.swift).
    var focusFromKeys = false
    /// The home screen's bar: About and Quit.
    let homeBar = Controls<BarControl>()
    /// The About screen, while it is shown (from the home screen).
    public private(set) var about: AboutPage?
    var shownApp: MiniApp? { current?.app ?? about }
    private enum Capture { case bar, app, home }
    private var capture: Capture?
    /// The keys overlay (F1 or Ctrl+?): every key of the screen it covers, until a key or click.
    private(set) var showsKeys = false
    /// A drag from another program that the window can take is over it (Shell+Drop.swift).
    public var dropHighlight = false

    /// Every app opened in this run, by tile index.
    private var apps: [Int: MiniApp] = [:]
    /// Their state across restarts.
    private let store: AppStateStore
    /// The shell's own messages (a state file set aside, a state that could not be written).
    public var toast = Toast()
    /// The question asked before quitting with unsaved work, while it shows.
    private(set) var quitDialog: QuitDialog?
    /// The work going on in apps not shown (a big save), as the last tick found it: the bar shows it.
    private(set) var workAway: [WorkGoingOn] = []
    /// A first start's caches being built in the background (nil once built, or when none were missing).
    private(set) var firstStart: FirstStartCaches?

    public init(tiles: [Tile], environment: AppEnvironment) {
        self.tiles = tiles
        self.environment = environment
        store = AppStateStore(environment: environment)
        home = HomeScreen(tiles: tiles)
        bar.add(.home, "Home", key: .key("Escape"), help: "Back to the home screen")
        homeBar.add(.about, "About", key: .key("question", shown: "?"), help: "About TouchDesk: version, licence, credits")
        homeBar.add(.quit, "Quit", key: .control("q"), help: "Quit TouchDesk")
    }

    // MARK: - Navigation

    /// The window title: the app name, and the open mini-app's title after a dash.
    public var title: String {
        if let current {
            let detail = current.app.titleDetail.map { " — " + $0 } ?? ""
            return "\(Self.appName) — \(tiles[current.index].entry.title)" + detail
        }
        if about != nil { return "\(Self.appName) — \(tr(AboutPage.title))" }
        return Self.appName
    }

    /// The shown app's wake descriptors (the web engine's socket).
    public var wakeDescriptors: [Int32] { current?.app.wakeDescriptors ?? [] }

    /// The apps' copy-and-paste requests, for the host to carry out.
    public var clipboard: Clipboard { environment.clipboard }

    var appArea: Rect {
        Rect(x: 0, y: Self.barHeight, width: size.width, height: max(0, size.height - Self.barHeight))
    }

    /// Opens the app with command-line name `id`; false if there is none.
    @discardableResult
    public func open(id: String) -> Bool {
        guard let i = tiles.firstIndex(where: { $0.entry.id == id }) else { return false }
        open(index: i)
        return true
    }

    public func open(index: Int) {
        firstStart?.opening(tiles[index].entry)
        if let c = current, c.index != index { saveState(of: c.index); c.app.didLeave(); FreedMemory.giveBack() }
        let app: MiniApp
        if let kept = apps[index] {
            app = kept
        } else {
            app = tiles[index].entry.make(environment)
            apps[index] = app
            store.startRestoring(index, app)
        }
        current = (index, app)
        home.selectedTile = index
        capture = nil
        app.layout(in: appArea.size, scale: scale)
    }

    /// Opens the app another app asked for (Postal Codes' "Show on map"), at what it asked for.
    private func followLink() {
        guard let link = environment.links.take(), let i = tiles.firstIndex(where: \.entry.showsPlaces) else { return }
        open(index: i)
        // Its kept state would replace the place asked for when it arrives: let it arrive first.
        finishRestoring()
        (current?.app as? PlaceShowing)?.open(query: link.query)
    }

    /// Shows the About screen.
    public func openAbout() {
        let page = AboutPage(environment: environment)
        about = page
        capture = nil
        page.layout(in: appArea.size, scale: scale)
    }

    func goHome() {
        if let c = current { saveState(of: c.index); c.app.didLeave(); FreedMemory.giveBack() }
        current = nil
        about = nil
        capture = nil
        home.forgetPointer()
        showsKeys = false
        if homeOutOfDate {
            home.layout(in: appArea, scale: scale)
            homeOutOfDate = false
        }
    }

    // MARK: - Controls and keys of the screen shown

    /// Every control on screen, in window coordinates: the bar's buttons, then the tiles or the
    /// open app's controls. The layout check (`touchdesk --layout-json`) reads this.
    public var controlRects: [ControlRect] {
        if let app = shownApp {
            return bar.controlRects + app.controlRects.map { $0.offsetBy(0, Self.barHeight) }
        }
        return homeBar.controlRects + home.controlRects
    }

    /// What the keys overlay lists for the screen shown: its own keys, then those that work everywhere.
    var keySections: [(title: String, keys: [KeyHelp])] {
        let everywhere = [KeyHelp("F1, Ctrl+?", tr("Show or hide this list of keys")), KeyHelp("F11", tr("Fullscreen on or off")),
                          KeyHelp("Ctrl+Shift+L", tr("Switch the look: light, dark, or as the desktop has it")),
                          KeyHelp("Ctrl+Q", tr("Quit TouchDesk"))]
        if let app = shownApp {
            let focus = [KeyHelp(tr("Tab, Shift+Tab"), tr("Move the focus ring to the next, previous control")),
                         KeyHelp(tr("Space, Enter"), tr("Press the control with the ring")),
                         KeyHelp(tr("Arrows"), tr("Step a slider with the ring; move within its group"))]
            let everywhere = focus + everywhere
            if app.takesEscape { return [(titleText, app.keyHelp), (tr("Everywhere"), everywhere)] }
            let own = app.keyHelp.filter { $0.keys != "Esc" }
            return [(titleText, own), (tr("Everywhere"), [KeyHelp("Esc", tr("Back to the home screen"))] + everywhere)]
        }
        let home = tiles.map { KeyHelp($0.key.uppercased(), tr("Open {0}", $0.entry.title)) }
            + [KeyHelp(tr("Arrows, Tab"), tr("Choose a tile")), KeyHelp(tr("Enter, Space"), tr("Open the chosen tile")),
               KeyHelp("?", tr("About TouchDesk: version, licence, credits"))]
        return [(tr("Home screen"), home), (tr("Everywhere"), everywhere)]
    }

    // MARK: - Look

    /// The look asked for (`--theme`); `.auto` follows the desktop.
    public var themePreference = ThemePreference.auto { didSet { applyTheme() } }
    /// `GTK_THEME` from the environment, which GTK itself puts before the desktop's settings.
    public var gtkTheme: String? { didSet { applyTheme() } }
    /// The desktop's theme name (XSETTINGS), as the host last said.
    private var desktopThemeName: String?
    /// The appearance portal's colour scheme, as the host last said; nil without a portal.
    private var desktopColorScheme: DesktopColorScheme?

    public func desktopColorSchemeChanged(_ scheme: DesktopColorScheme?) {
        desktopColorScheme = scheme
        applyTheme()
    }

    /// Ctrl+Shift+L: the next look (follow the desktop, then the look it does not have, then the
    /// other), kept for the next start.
    func switchLook() {
        let desktopIsDark = ThemeChoice.prefersDark(.auto, gtkTheme: gtkTheme, colorScheme: desktopColorScheme, desktopThemeName: desktopThemeName)
        themePreference = themePreference.next(desktopIsDark: desktopIsDark)
        let problem = SavedLook.save(themePreference, to: environment.stateDirectory)
        let message: String
        switch (themePreference, desktopIsDark) {
        case (.light, true): message = tr("Light look · Ctrl+Shift+L: dark")
        case (.light, false): message = tr("Light look · Ctrl+Shift+L: as the desktop has it")
        case (.dark, true): message = tr("Dark look · Ctrl+Shift+L: as the desktop has it")
        case (.dark, false): message = tr("Dark look · Ctrl+Shift+L: light")
        case (.auto, true): message = tr("The look follows the desktop · Ctrl+Shift+L: light")
        case (.auto, false): message = tr("The look follows the desktop · Ctrl+Shift+L: dark")
        }
        toast.show(problem ?? message, isError: problem != nil, seconds: 3)
    }

    public func desktopThemeChanged(name: String?) {
        desktopThemeName = name
        applyTheme()
    }

    /// Takes the dark or light palette. A change while running lays the screen out again, so
    /// whatever a view prepared in its colours is prepared anew, and the next frame shows it.
    private func applyTheme() {
        let dark = ThemeChoice.prefersDark(themePreference, gtkTheme: gtkTheme, colorScheme: desktopColorScheme, desktopThemeName: desktopThemeName)
        let palette = dark ? Theme.Palette.dark : Theme.Palette.light
        guard palette != Theme.palette else { return }
        Theme.use(palette)
        layout(in: size, scale: scale)
    }

    // MARK: - Host interface

    public func layout(in size: Size, scale: Double) {
        self.size = size
        self.scale = scale
        if let w = bar[.home].map({ bar.preferredWidth($0) }) {
            bar.place(.home, at: Rect(x: 6, y: 4, width: w, height: Self.barHeight - 8))
        }
        var x = size.width - 6
        for id in [BarControl.quit, .about] {
            guard let c = homeBar[id] else { continue }
            let w = homeBar.preferredWidth(c)
            x -= w
            homeBar.place(id, at: Rect(x: x, y: 4, width: w, height: Self.barHeight - 8))
            x -= 6
        }
        if shownApp == nil {
            home.layout(in: appArea, scale: scale)
            homeOutOfDate = false
        } else {
            homeOutOfDate = true
        }
        shownApp?.layout(in: appArea.size, scale: scale)
        quitDialog?.layout(in: size)
    }

    public func tick() -> Bool {
        let waiting = collectRestores()
        store.autosaveIfDue(apps)
        let app = shownApp?.tick() ?? false
        let handedOn = shownApp.map(passFocusOnIfAsked) ?? false
        let dialog = tickQuitDialog()
        let away = tickWorkAway()
        return app || handedOn || waiting || away || collectStateWrites() || toast.tick() || dialog
    }

    /// Moves along the work going on in apps not shown and says how each piece ended; true while
    /// some goes on.
    private func tickWorkAway() -> Bool {
        workAway = []
        for index in apps.keys.sorted() where index != current?.index {
            guard let app = apps[index] else { continue }
            for ended in app.tickWhileAway() { toast.show(ended.message, isError: ended.isError, seconds: 6) }
            workAway += app.workGoingOn
        }
        if let first = firstStart {
            workAway += first.tick()
            if !first.isBusy { firstStart = nil }
        }
        return !workAway.isEmpty
    }

    /// On a first start, builds the place index and the globe's cache in the background (see
    /// `FirstStartCaches`); nothing when they are there. The window calls it; screenshots do not.
    public func prepareCachesInBackground() {
        firstStart = FirstStartCaches(environment: environment)
        if let c = current { firstStart?.opening(tiles[c.index].entry) }
    }

    /// Blocks until a first start's caches are built (for tests).
    func finishPreparingCaches() { firstStart?.waitUntilDone() }

    public func handle(_ event: InputEvent) {
        defer { followLink() }
        _ = collectRestores()
        if quitDialog != nil { handleQuitDialog(event); return }
        if case .key(let k) = event {
            if k.is("q", control: true) { requestQuit(); return }
            if k.is("l", control: true, shift: true) { switchLook(); return }
            if k.is("F1") || k.is("question", control: true) || k.is("slash", control: true) {
                showsKeys.toggle()
                capture = nil
                return
            }
        }
        if showsKeys {
            switch event {
            // Any key or click closes the list, and does nothing else: it was aimed at the list.
            case .key, .touchBegan, .secondaryBegan, .middleClick, .altClick: showsKeys = false; return
            case .tilt: break
            default: return
            }
        }
        if let c = current, store.isRestoring(c.index) {
            // Its state is still being read: input now would be overwritten when it arrives.
            if case .key(let k) = event, k.is("Escape") { goHome() }
            return
        }
        if let app = shownApp {
            handleInApp(event, app)
        } else {
            handleOnHome(event)
        }
    }

    private func handleInApp(_ event: InputEvent, _ app: MiniApp) {
        let dy = Self.barHeight
        func local(_ p: Point) -> Point { Point(p.x, p.y - dy) }
        switch event {
        case .touchBegan(let p):
            if p.y < dy {
                capture = .bar
                _ = bar.handle(event)
            } else {
                capture = .app
                focusTouch(at: local(p), app)
                _ = app.handle(.touchBegan(local(p)))
            }
        case .touchMoved(let p), .touchEnded(let p):
            let ended: Bool
            if case .touchEnded = event { ended = true } else { ended = false }
            switch capture {
            case .bar:
                if case .activated(.home) = bar.handle(event) { goHome(); return }
            case .app:
                _ = app.handle(ended ? .touchEnded(local(p)) : .touchMoved(local(p)))
            default: break
            }
            if ended { capture = nil }
        case .hover(let p):
            _ = bar.handle(event)
            _ = app.handle(p.y < dy ? .leave : .hover(local(p)))
        case .leave:
            _ = bar.handle(event)
            _ = app.handle(.leave)
        case .scroll(let p, let d):
            if p.y >= dy { _ = app.handle(.scroll(local(p), dy: d)) }
        case .scrollSideways(let p, let d):
            if p.y >= dy { _ = app.handle(.scrollSideways(local(p), dx: d)) }
        case .secondaryBegan(let p): _ = app.handle(.secondaryBegan(local(p)))
        case .secondaryMoved(let p): _ = app.handle(.secondaryMoved(local(p)))
        case .secondaryEnded(let p): _ = app.handle(.secondaryEnded(local(p)))
        case .middleClick(let p): if p.y >= dy { _ = app.handle(.middleClick(local(p))) }
        case .altClick(let p): if p.y >= dy { _ = app.handle(.altClick(local(p))) }
        case .key(let k):
            if handleFocusKey(k, app) { return }
            if !app.handle(event) && k.is("Escape") { goHome() }
        case .keyUp, .tilt, .paste, .pastedPicture:
            _ = app.handle(event)
        }
    }

    /// The open app's pointer shape; an arrow on the home screen.
    public var cursor: PointerShape { shownApp?.cursor ?? .arrow }

    /// Draws one frame into the window's back buffer.
    public func draw(into target: DrawingTarget) {
        CairoContext.withTarget(target) { draw($0) }
    }

    public func draw(_ cr: CairoContext) {
        cr.save()
        cr.fill(Rect(x: 0, y: 0, width: size.width, height: size.height), Theme.background)
        if let app = shownApp {
            cr.save()
            cr.rectangle(appArea)
            cr.clip()
            cr.translate(0, Self.barHeight)
            app.draw(cr)
            cr.restore()
        } else {
            home.draw(cr)
        }
        drawBar(cr)
        toast.draw(cr, in: appArea)
        if dropHighlight { drawDropHighlight(cr) }
        if showsKeys { KeysOverlay.draw(cr, sections: keySections, in: Rect(x: 0, y: 0, width: size.width, height: size.height)) }
        quitDialog?.draw(cr, in: Rect(x: 0, y: 0, width: size.width, height: size.height))
        cr.restore()
    }

    var titleText: String {
        current.map { tiles[$0.index].entry.title } ?? (about != nil ? tr(AboutPage.title) : Self.appName)
    }

    private func drawBar(_ cr: CairoContext) {
        cr.fill(Rect(x: 0, y: 0, width: size.width, height: Self.barHeight), Theme.bar)
        // The title sits centred in the window when it can, else centred in the room the bar's
        // buttons leave; it never runs under them.
        let buttons = shownApp != nil ? bar.controlRects : homeBar.controlRects
        var left = buttons.filter { $0.x < size.width / 2 }.map { $0.x + $0.width }.max() ?? 0
        let workWidth = min(WorkGoingOnBar.width(workAway), size.width / 2 - left - 20)
        if !workAway.isEmpty, workWidth >= 60 {
            WorkGoingOnBar.draw(cr, workAway, x: left + 12, height: Self.barHeight, maxWidth: workWidth)
            left += 12 + workWidth
        }
        let right = buttons.filter { $0.x >= size.width / 2 }.map(\.x).min() ?? size.width
        let room = Rect(x: left + 10, y: 0, width: max(20, right - left - 20), height: Self.barHeight)
        let titleSize = Text.fittingSize(titleText, width: room.width, size: Theme.TextSize.title, weight: .bold)
        let w = Text.width(titleText, size: titleSize, weight: .bold)
        let x = min(max(size.width / 2, room.x + w / 2), room.maxX - w / 2)
        cr.text(titleText, x: x, y: Self.barHeight / 2, size: titleSize, weight: .bold, align: .center)
        if shownApp != nil {
            bar.draw(cr)
        } else {
            homeBar.draw(cr)
        }
    }

}

// MARK: - Home screen

extension Shell {
    /// Tiles grow with the window up to this side: beyond it a tile is a poster, not a button.
    nonisolated static let largestTile = HomeScreen.largestTile

    /// The frame of tile `i` on the home screen, in window coordinates.
    func tileFrame(_ i: Int) -> Rect { home.tileFrame(i) }

    fileprivate func handleOnHome(_ event: InputEvent) {
        switch homeBar.handle(event) {
        case .activated(.about): openAbout(); return
        case .activated(.quit): requestQuit(); return
        case .consumed, .activated, .changed, .stepped: if case .hover = event {} else { return }
        case .ignored: break
        }
        if let i = home.handle(event) { open(index: i); return }
        // The tile under the pointer or the keyboard's may get its app ready (Web Pages' engine).
        if let i = home.tileOfInterest(after: event), apps[i] == nil { tiles[i].entry.prepare(environment) }
    }
}

// MARK: - State across restarts

extension Shell {
    /// Hands finished state reads to their apps (shows what could not be read back); true while
    /// one is still being read.
    private func collectRestores(wait: Bool = false) -> Bool {
        let (restored, problems) = store.collectRestores(apps, titles: { self.tiles[$0].entry.title }, wait: wait)
        for message in problems { toast.show(message, isError: true, seconds: 8) }
        if let c = current, restored.contains(c.index) { c.app.layout(in: appArea.size, scale: scale) }
        return store.isReading
    }

    /// Waits for every state file being read: for screenshots and tests.
    public func finishRestoring() { _ = collectRestores(wait: true) }

    private func saveState(of index: Int) {
        if let app = apps[index] { store.save(index, app) }
    }

    /// Writes every app's changed state: when leaving, quitting, or stopped by a signal. The
    /// caller waits for `environment.writer` when the program is about to end.
    public func saveAllState() { store.saveAll(apps) }

    /// Reports a state write that failed; true while some are still under way.
    private func collectStateWrites() -> Bool {
        let (failures, busy) = store.collectWrites()
        for why in failures { toast.show(tr("State not kept: {0}", why), isError: true, seconds: 6) }
        return busy
    }

    /// Shows `message` on whatever screen is showing (a notice from the program around the shell).
    public func tell(_ message: String, isError: Bool = false, seconds: Double = 8) {
        toast.show(message, isError: isError, seconds: seconds)
    }

    /// The shell's own message showing now, if any (for tests).
    public var message: String? { toast.isVisible ? toast.message : nil }

    /// The app at tile `id` if it was opened in this run: for tests.
    func openedApp(id: String) -> MiniApp? {
        tiles.firstIndex { $0.entry.id == id }.flatMap { apps[$0] }
    }
}

// MARK: - Quitting

extension Shell {
    /// Ctrl+Q, Quit, or the window manager's close button: quits, unless an app has unsaved work,
    /// in which case the window asks first.
    public func requestQuit() {
        guard quitDialog == nil else { return }
        let unsaved = tiles.indices.compactMap { i -> (Int, DocumentApp)? in
            guard let app = apps[i] as? DocumentApp, app.hasUnsavedWork else { return nil }
            return (i, app)
        }
        guard let (index, app) = unsaved.first else { wantsQuit = true; return }
        if current?.index != index { open(index: index) }
        let dialog = QuitDialog(document: type(of: app).documentName, keptIn: shownStateDirectory)
        dialog.layout(in: size)
        quitDialog = dialog
    }

    private var shownStateDirectory: String { Paths.abbreviatingHome(environment.stateDirectory, home: environment.homeDirectory) }

    private func handleQuitDialog(_ event: InputEvent) {
        guard let dialog = quitDialog else { return }
        switch dialog.handle(event) {
        case .save?:
            guard let app = current?.app as? DocumentApp, let ticket = app.saveDocument() else { quitDialog = nil; return }
            dialog.saving = ticket
        case .discard?:
            quitDialog = nil
            wantsQuit = true
        case .cancel?:
            quitDialog = nil
        case nil:
            break
        }
    }

    /// Quits once the save asked for in the dialog is on disk; a failed save keeps the program
    /// open with the reason shown. True while waiting.
    private func tickQuitDialog() -> Bool {
        guard let dialog = quitDialog, let ticket = dialog.saving else { return false }
        guard let outcome = ticket.outcome else { return true }
        quitDialog = nil
        switch outcome {
        case .written: wantsQuit = true
        case .failed(let why): toast.show(tr("Not saved, so not quitting: {0}", why), isError: true, seconds: 8)
        }
        return false
    }
}
