import Foundation
import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskModels
import TouchDeskWeb
import TouchDeskToolkit

/// Web Pages: two views of one web page, as the seed had them. "As the page is" shows the page
/// at the width its own CSS gives it, 1:1, scrolling both ways; "Scaled to fit" shrinks its whole
/// width into the view with WebKit's zoom level. Each scrolls on its own.
///
/// The engine is WebKitGTK, hosted by our helper program `touchdesk-web-engine` (see `WebEngine`):
/// it sends finished frames through shared memory, at the window's device scale, and we send it
/// the input that lands on a view. This process keeps no GTK and no GLib loop; a crash, a hang or
/// a page past its memory limit ends only the helper or a web process, and the views say "This
/// page stopped working" with a button to reload.
///
/// Browsing: an address field (Ctrl+L), Back and Forward (Alt+←/→), Reload (F5), Stop (Esc),
/// scripts on or off (Ctrl+J), find in page (Ctrl+F, `WebFindBar`), the page's menu (right-click,
/// Menu, Shift+F10: `WebContextMenu`), page zoom in the as-is view (Ctrl+plus/minus/0); clicks,
/// the wheel, keys and typing go to the view under the pointer or last clicked.
///
/// `@MainActor` as its module's default isolation makes it, and said again: a release build
/// (cross-module optimisation) read the class as not isolated and refused its isolated deinit.
@MainActor public final class WebApp: MiniApp {
    public nonisolated static let id = "web"
    public nonisolated static let title = "Web Pages"
    public nonisolated static let blurb = "One web page in two views, as the page is and scaled to fit: a real web engine (WebKit), links, forms, find in page, Back and Forward, an offline start page."

    /// The controls, for the focus order and a `switch` the compiler checks.
    enum Control: String, CaseIterable, ControlID {
        case back, forward, reload, stop, scripts, find
        /// Keys only: the page's context menu.
        case menu
    }
    /// Keys that are no button and work wherever the focus is (`handleShortcut`), declared once
    /// here for F1, `--keys` and the accessible key bindings. Not the form's: a focused field
    /// does not pass them on to it.
    enum ShortcutKey: String, ControlID {
        case editAddress, zoom, copy, openFile, saveSource
    }

    /// The toolbar's buttons, left to right.
    static let toolbar: [Control] = [.back, .forward, .reload, .stop, .scripts, .find]
    static let statusHeight = 24.0
    /// How long after the last frame or input the app keeps ticking at 60 Hz to pick up frames;
    /// after that an idle window sleeps in poll() (a page animating on its own then waits for the
    /// next input to show its next frame).
    static let liveSeconds = 1.5

    let environment: AppEnvironment
    let form = Form<Control>()
    let shortcutKeys = Controls<ShortcutKey>()
    let address: TextField
    let findBar: WebFindBar
    let menu = WebContextMenu()
    /// The page as a stop of the keyboard's ring (`WebPageStop`).
    let pageStop = WebPageStop()
    /// The engine helper and what it has been told (`WebEngineLink`).
    let link = WebEngineLink()
    var engine: WebEngine? { link.engine }
    public private(set) var model = WebPagesModel()
    /// What the engine has told us of the page.
    public private(set) var page = WebPageState()
    private(set) var size = Size(0, 0)
    /// Ctrl+O's and Ctrl+S's file dialog.
    let files: WebPageFiles
    /// The file dialog, while it shows.
    var openFileDialog: FileDialog? { files.dialog }
    private var viewsArea = Rect.zero
    private(set) var progressBar = Rect.zero
    private var started = false
    let input = WebPageInput()
    lazy var saver = WebPageSaver(environment: environment)
    private var pointerOverField = false
    public var scriptsOn: Bool { link.scriptsOn }
    /// The web processes' memory limit in MB (the helper ends a process past it).
    var memoryLimitMB: Int {
        get { link.memoryLimitMB }
        set { link.memoryLimitMB = newValue; page.memoryLimitMB = newValue }
    }
    /// Seconds to a page's first answer (tests shorten it; set before the engine starts).
    var loadTimeoutSeconds: Int? {
        get { link.loadTimeoutSeconds }
        set { link.loadTimeoutSeconds = newValue }
    }
    /// The engine helper's process id, while it runs (for the benchmark's memory count and tests).
    public var enginePID: pid_t? { link.running?.pid }
    /// Frames received per view, for tests and `--screenshot`.
    public var framesReceived: [Int] { link.framesReceived }
    /// Whether both views show a frame at their present size (for the benchmark).
    public var bothViewsPainted: Bool { link.bothViewsPainted }
    private var lastActivity = 0.0
    private var hidden = false
    /// The engine was ended when Web Pages was left; the page loads again on return.
    private(set) var asleep = false

    public var pageTitle: String { page.title }
    public var currentAddress: String? { page.address }
    public var stoppedReason: String? { page.stoppedReason }
    public var activePane: WebPagesModel.Pane { input.activePane }
    public var pageHoldsKeyboard: Bool { input.holdsKeyboard }

    public init(environment: AppEnvironment) {
        self.environment = environment
        address = TextField("address", placeholder: "Address: a web address or a file (Ctrl+L)", maxLength: 2048,
                            clipboard: environment.clipboard)
        findBar = WebFindBar(clipboard: environment.clipboard)
        files = WebPageFiles(environment: environment)
        form.addButton(.back, "Back", short: "←", key: .alt("Left", shown: "Alt+←"), also: [.alt("KP_Left")])
        form.addButton(.forward, "Forward", short: "→", key: .alt("Right", shown: "Alt+→"), also: [.alt("KP_Right")])
        form.addButton(.reload, "Reload", short: "↻", key: .key("F5"), also: [.control("r")])
        form.addButton(.stop, "Stop", key: .key("Escape"))
        form.addButton(.scripts, "Scripts", short: "JS", key: .control("j"),
                       help: "Turn the pages' scripts off or on, in both views")
        form.addButton(.find, "Find", key: .control("f"), help: "Find in the page")
        form.controls.addKeys(.menu, .key("Menu"), KeyChord(["F10"], shift: true),
                              help: "The page's menu: open or copy a link, Back, Reload, Copy, save the page as a picture or as HTML")
        shortcutKeys.addKeys(.editAddress, .control("l", shown: tr("Ctrl+L, Enter")), help: "Edit the address, load it")
        shortcutKeys.addKeys(.zoom, KeyChord(Self.zoomKeys.flatMap(\.names), control: true, shown: tr("Ctrl+plus, Ctrl+minus, Ctrl+0")),
                             help: "Page zoom in the as-is view")
        shortcutKeys.addKeys(.copy, KeyChord(["c"], control: true, shown: tr("Ctrl+C")), help: "Copy the page's selection")
        shortcutKeys.addKeys(.openFile, KeyChord(["o"], control: true, shown: tr("Ctrl+O")), help: "Open an HTML file")
        shortcutKeys.addKeys(.saveSource, KeyChord(["s"], control: true, shown: tr("Ctrl+S")), help: "Save the page as HTML (its source, as the server sent it)")
        form.add(address)
        menu.toggleKeys = form.controls[.menu]?.keys ?? []
        menu.keys = [.back: form.controls[.back]?.shortcut, .forward: form.controls[.forward]?.shortcut,
                     .reload: form.controls[.reload]?.shortcut, .copy: shortcutKeys[.copy]?.shortcut,
                     .saveSource: shortcutKeys[.saveSource]?.shortcut].compactMapValues { $0 }
        // Left to right as they show, then the page (`pageStop`). Stop is no Tab stop: it is
        // there only while a page loads, and Esc does it throughout.
        form.order = Self.toolbar.filter { $0 != .stop }.map { .control($0) } + [.field("address")]
        form.controls.setTabStop(.stop, false)
        form.controls.setOn(.scripts, true)
        syncControls()
        pageStop.isAvailable = { [unowned self] in engine != nil && page.stoppedReason == nil && openFileDialog == nil }
        pageStop.holds = { [unowned self] in input.holdsKeyboard }
        pageStop.enter = { [unowned self] in enterPage(backward: $0) }
        pageStop.leave = { [unowned self] in
            input.holdsKeyboard = false
            engine?.send(.focusOut, String(index(activePane)))
        }
        pageStop.rect = { [unowned self] in pageRect(activePane) }
    }

    /// The keyboard's ring reached the page: it takes the keys, and the engine focuses its first
    /// link or field (`backward`: its last), or says the page has none (`pageEnded`).
    private func enterPage(backward: Bool) {
        guard let engine, page.stoppedReason == nil else { return }
        findBar.unfocus()
        input.holdsKeyboard = true
        engine.send(.focusIn, String(index(activePane)), backward ? "backward" : "forward")
        wake()
    }

    /// A Tab took the focus past the page's last link or field (Shift+Tab before its first): the
    /// ring moves on, as that Tab would have moved it, once the shell hears it (`WebPageStop`).
    private func pageEnded(backward: Bool) {
        guard input.holdsKeyboard else { return }
        pageStop.pageEnded(backward: backward)
    }

    isolated deinit {
        link.terminate()
    }

    /// The home screen's pointer rests on the tile: a spare engine starts loading the start page.
    public static func prepare(_ environment: AppEnvironment) {
        WebEngineLink.prepareSpare(loading: startPage(environment))
    }

    /// The offline start page in the assets folder.
    public var startPage: WebURL { Self.startPage(environment) }

    public nonisolated static func startPage(_ environment: AppEnvironment) -> WebURL {
        WebURL(filePath: (environment.assetsDirectory ?? "/nonexistent/touchdesk-assets") + "/web/index.html")
    }

    // MARK: - The engine

    /// The running engine, started (again) or a spare taken up when needed, and whether it is
    /// already loading `url`; nil with the reason in `stoppedReason`.
    private func ensureEngine(for url: String? = nil) -> (engine: WebEngine, loaded: Bool)? {
        do {
            let e = try link.ensure(for: url)
            sendSizes()
            return e
        } catch {
            page.stoppedReason = error.description
            return nil
        }
    }

    /// Where each view's page shows, scrollbars included (the engine draws the page's own).
    func pageRect(_ pane: WebPagesModel.Pane) -> Rect {
        let v = model[pane]
        return Rect(x: v.frame.x, y: v.frame.y, width: v.frame.width + WebViewport.barWidth,
                    height: v.frame.height + (v.scrollsSideways ? WebViewport.barWidth : 0))
    }

    func index(_ pane: WebPagesModel.Pane) -> Int { WebPageInput.index(pane) }

    private func sendSizes() {
        link.sendSizes(WebPagesModel.Pane.allCases.map { pane in
            let r = pageRect(pane)
            return Size(max(1, r.width.rounded()), max(1, r.height.rounded()))
        })
    }

    // MARK: - Navigation

    /// Opens an address (the command line, the address field).
    public func open(_ url: WebURL) {
        started = true
        if page.stoppedReason != nil { page.stoppedReason = nil; link.terminate() }
        guard let (engine, loaded) = ensureEngine(for: url.description) else { return }
        page.willLoad(url.description)
        address.setText(url.description)
        if !loaded { engine.send(.open, url.description) }
        wake()
        syncControls()
    }

    public func goBack() { guard page.canGoBack else { return }; page.notice = nil; engine?.send(.back); wake() }
    public func goForward() { guard page.canGoForward else { return }; page.notice = nil; engine?.send(.forward); wake() }

    public func reload() {
        page.notice = nil
        if page.stoppedReason != nil || engine?.isRunning != true {
            // The engine or the page's web process died: load the address asked for last afresh
            // (a view's own reload would bring back the page it showed, maybe the one that died).
            let url = page.address.flatMap { try? WebURL(string: $0) } ?? startPage
            page.stoppedReason = nil
            open(url)
            return
        }
        engine?.send(.reload)
        wake()
    }

    public func stop() {
        engine?.send(.stop)
        if page.isLoading { page.notice = (page.address.map { tr("Stopped loading {0}.", $0) } ?? tr("Stopped loading the page."), false) }
        page.isLoading = false
        page.awaitingLoad = false
        syncControls()
        wake()
    }

    private func toggleScripts() {
        link.setScripts(!scriptsOn)
        form.controls.setOn(.scripts, scriptsOn)
        page.notice = (scriptsOn ? tr("Scripts on: reloading the page.") : tr("Scripts off in both views: reloading the page."), false)
        engine?.send(.reload)
        wake()
    }

    private func setZoom(_ z: Double) {
        link.setZoom(z)
        page.notice = (tr("Page zoom {0} % in the as-is view.", String(Int((link.zoom * 100).rounded()))), false)
        wake()
    }

    /// Goes to what the address field says.
    private func submitAddress() {
        do {
            let url = try WebURL.fromUserInput(address.text, currentDirectory: FileManager.default.currentDirectoryPath)
                .validatedForLoading()
            form.setFocus(nil)
            open(url)
        } catch {
            page.notice = (tr("Not an address: {0}", "\(error)"), true)
        }
    }

    private func wake() { lastActivity = WebEngine.now() }

    /// Takes in what the engine said.
    func absorb() {
        guard let engine else { return }
        for event in engine.receive() {
            wake()
            page.apply(event)
            switch event {
            case .frame(let v): link.countFrame(v)
            case .loading(let on): if let again = findBar.pageChanged(loaded: !on) { find(again) }
            case .address(let a): if !address.isFocused { address.setText(a) }
            case .found(let n): findBar.found(n)
            case .pageEnded(_, let backward): pageEnded(backward: backward)
            case .menu(let v, let x, let y, let selected, let link):
                let r = pageRect(v == 0 ? .asIs : .fit)
                menu.open(at: Point(r.x + min(max(0, x), r.width - 8), r.y + min(max(0, y), r.height - 8)),
                          in: Rect(x: 0, y: 0, width: size.width, height: size.height), link: link, selected: selected,
                          canGoBack: page.canGoBack, canGoForward: page.canGoForward)
            case .saved(let file): saver.engineSaved(file)
            case .saveProgress(let rows, let total):
                saver.engineProgress(rows: rows, of: total)
                page.notice = (tr("Saving the whole page as a picture… {0} % of {1} px", String(rows * 100 / max(1, total)), String(total)), false)
            case .saveFailed(let why): saver.failed(); page.notice = (tr("Could not save the page: {0}", "\(why)"), true)
            case .savedSource(let file): saver.engineSavedSource(file)
            case .sourceFailed(let why): page.notice = saver.sourceFailed(why)
            default: break
            }
        }
        syncControls()
    }

    private func syncControls() {
        form.controls.setEnabled(.back, page.canGoBack)
        form.controls.setEnabled(.forward, page.canGoForward)
        form.controls.setEnabled(.reload, page.address != nil || page.stoppedReason != nil)
        form.controls.setEnabled(.stop, page.isLoading)
        form.controls.setOn(.find, findBar.isOpen)
    }

    /// Leaving Web Pages: the engine sleeps. Its helper is ended (and reaped) with every web and
    /// network process under it, so no page script runs and nothing is held while another screen
    /// shows; coming back loads the page again (`comeBack`). Only a picture of the page being
    /// saved keeps it, hidden, until the picture is written (`tickWhileAway`).
    public func didLeave() {
        guard !hidden else { return }
        hidden = true
        input.release()
        menu.close()
        if page.isLoading || page.awaitingLoad { stop() }
        if saver.isSaving { engine?.send(.hide) } else { sleepEngine() }
    }

    /// Ends the engine while Web Pages is not shown; `asleep` says to load the page again on return.
    private func sleepEngine() {
        guard link.engine != nil else { return }
        link.terminate()
        page.accessiblePlug = nil
        asleep = true
    }

    private func comeBack() {
        guard hidden else { return }
        hidden = false
        if asleep {
            asleep = false
            // The page shown when we left, in a new engine (or the spare the home screen started).
            open(page.address.flatMap { try? WebURL(string: $0) } ?? startPage)
        } else {
            engine?.send(.show)
        }
        wake()
    }

    /// A picture of the page still being saved when Web Pages was left: its news is taken in, and
    /// the engine sleeps once it is written.
    public func tickWhileAway() -> [WorkGoingOn.Ended] {
        guard hidden, !asleep, engine != nil else { return [] }
        absorb()
        var ended: [WorkGoingOn.Ended] = []
        if let n = saver.poll() { page.notice = n; ended.append(WorkGoingOn.Ended(n.text, isError: n.isError)) }
        if !saver.isSaving || engine?.isRunning != true { sleepEngine() }
        return ended
    }

    public var workGoingOn: [WorkGoingOn] {
        hidden && !asleep && saver.isSaving ? [WorkGoingOn(tr("Saving the web page as a picture"), progress: saver.pictureProgress)] : []
    }

    // MARK: - Find in page and the page's menu

    private func openFind() {
        findBar.open()
        form.setFocus(nil)
        input.holdsKeyboard = false
        relayout()
    }

    private func closeFind() {
        findBar.close()
        engine?.send(.find)
        relayout()
    }

    private func find(_ outcome: WebFindBar.Outcome) {
        switch outcome {
        case .search(let text): engine?.send(.find, text)
        case .next: engine?.send(.findNext)
        case .previous: engine?.send(.findPrevious)
        case .close: closeFind()
        case .consumed, .ignored: break
        }
        syncControls()
    }

    private func choose(_ item: WebContextMenu.Item, link: String?) {
        switch item {
        case .openLink:
            guard let link else { return }
            page.willLoad(link)
            engine?.send(.link, link)
        case .copyLink:
            guard let link else { return }
            environment.clipboard.copy(link)
            page.notice = (tr("Copied the link's address."), false)
        case .back: goBack()
        case .forward: goForward()
        case .reload: reload()
        case .copy: engine?.send(.copy)
        case .savePage:
            saver.start(engine)
            page.notice = (tr("Saving the whole page as a picture…"), false)
        case .saveSource: showSaveSource()
        }
        wake()
    }

    /// Saves the whole page as a picture now, waiting for it: for tests (`notice` hears the
    /// status line's texts meanwhile).
    func savePageNow(timeout: Double = 20, notice: (String) -> Void = { _ in }) -> SavedPicture? {
        choose(.savePage, link: nil)
        let deadline = WebEngine.now() + timeout
        while saver.lastSaved == nil, WebEngine.now() < deadline, engine?.isRunning == true {
            absorb()
            notice(page.statusText)
            if let n = saver.poll() { page.notice = n }
            usleep(10_000)
        }
        return saver.lastSaved
    }

    /// Save page as HTML (the page's menu, Ctrl+S): the file dialog asks where (`WebPageFiles`).
    private func showSaveSource() {
        guard engine?.isRunning == true, let shown = currentAddress, page.stoppedReason == nil else {
            page.notice = (tr("No page to save."), true)
            return
        }
        files.showSaveSource(address: shown, title: pageTitle, in: size)
    }

    /// The engine writes the page's source to a temporary file; the writer puts it at `path`.
    private func saveSource(to path: String) {
        saver.startSource(engine, to: path)
        page.notice = (tr("Saving the page as HTML…"), false)
    }

    /// Saves the page's HTML to `path` now, waiting for it: for tests.
    func saveSourceNow(to path: String, timeout: Double = 20) -> String? {
        saveSource(to: path)
        let deadline = WebEngine.now() + timeout
        while saver.isSavingSource, WebEngine.now() < deadline, engine?.isRunning == true {
            absorb()
            if let n = saver.poll() { page.notice = n }
            usleep(10_000)
        }
        return page.notice?.text
    }

    // MARK: - MiniApp

    private func relayout() { layout(in: size, scale: Double(link.deviceScale)) }

    public func layout(in size: Size, scale: Double) {
        self.size = size
        files.layout(in: size)
        comeBack()
        link.setScale(scale)
        let pad = 8.0
        let gaps = ControlSizes.gap * Double(max(0, Self.toolbar.count - 1))
        form.controls.isCompact = false
        var buttons = Self.toolbar.compactMap { form.controls[$0] }
        if buttons.map(form.controls.preferredWidth).reduce(0, +) > size.width - 2 * pad - gaps {
            form.controls.isCompact = true
            buttons = Self.toolbar.compactMap { form.controls[$0] }
        }
        let natural = buttons.map { form.controls.preferredWidth($0) }
        let fit = min(1, (size.width - 2 * pad - gaps) / max(1, natural.reduce(0, +)))
        let widths = natural.map { ($0 * fit).rounded(.down) }
        let buttonsWidth = widths.reduce(0, +) + ControlSizes.gap * Double(widths.count - 1)
        let rowH = TextField.height
        var x = pad
        for (c, w) in zip(buttons, widths) {
            form.controls.place(c.id, at: Rect(x: x, y: pad + (rowH - ControlSizes.rowHeight) / 2, width: w, height: ControlSizes.rowHeight))
            x += w + ControlSizes.gap
        }
        var toolbarBottom: Double
        if size.width - 2 * pad - buttonsWidth - 8 >= 260 {
            address.frame = Rect(x: pad + buttonsWidth + 8, y: pad, width: size.width - 2 * pad - buttonsWidth - 8, height: rowH)
            toolbarBottom = pad + rowH
        } else {
            address.frame = Rect(x: pad, y: pad + rowH + 6, width: size.width - 2 * pad, height: rowH)
            toolbarBottom = pad + 2 * rowH + 6
        }
        progressBar = Rect(x: 0, y: toolbarBottom + 4, width: size.width, height: 3)
        toolbarBottom += 10
        let findHeight = findBar.isOpen ? WebFindBar.height : 0
        findBar.layout(in: Rect(x: 0, y: size.height - Self.statusHeight - 4 - findHeight, width: size.width, height: findHeight))
        viewsArea = Rect(x: 0, y: toolbarBottom, width: size.width,
                         height: max(60, size.height - toolbarBottom - Self.statusHeight - 4 - findHeight))
        model.layout(in: viewsArea)
        menu.close()
        if !started {
            started = true
            open(startPage)
        }
        sendSizes()
        wake()
    }

    public func handle(_ event: InputEvent) -> Bool {
        comeBack()
        wake()
        if openFileDialog != nil {
            switch files.handle(event) {
            case .open(let url)?: open(url)
            case .saveSource(let path)?: saveSource(to: path)
            case nil: break
            }
            return true
        }
        // The menu, while open, takes everything: nothing reaches the page beneath it.
        if menu.isOpen {
            let link = menu.link
            if case .chose(let item) = menu.handle(event) { choose(item, link: link) }
            return true
        }
        if case .key(let k) = event {
            if k.is("Escape") { return escape() }
            if handleShortcut(k) { return true }
        }
        if case .touchBegan(let p) = event {
            // A click anywhere takes the keyboard from the page (a click in a page gives it back
            // below) and from whichever of the address and find fields it is not in.
            input.holdsKeyboard = false
            if findBar.frame.contains(p) { form.setFocus(nil) } else { findBar.unfocus() }
        }
        // The page holds the keyboard: Tab walks its links and fields, Enter follows a link.
        if case .key = event, input.holdsKeyboard, page.stoppedReason == nil, engine != nil { return handleInPage(event) }
        if findBar.isOpen, !address.isFocused {
            let outcome = findBar.handle(event)
            if outcome != .ignored { find(outcome); return true }
        }
        switch form.handle(event) {
        case .activated(let id):
            activate(id)
            return true
        case .submitted("address"):
            submitAddress()
            return true
        case .consumed, .edited, .submitted, .stepped:
            if case .hover(let p) = event { pointer(at: p) }
            return true
        case .ignored:
            break
        }
        return handleInPage(event)
    }

    /// Esc does the innermost thing first: closes the find bar being typed in; goes to a page
    /// that holds the keyboard (once: the page hears it, the keys come back); stops a load (the
    /// progress bar and the status line show it, and the status line then says it stopped);
    /// closes the find bar; else it is the shell's (home). Each press says what it did.
    private func escape() -> Bool {
        if findBar.isFocused { closeFind(); return true }
        if input.holdsKeyboard {
            // The page hears its Esc (to close its own menu or dialog) and lets go of the keys:
            // the thick outline goes, and the status line says what the next Esc does.
            input.holdsKeyboard = false
            if page.stoppedReason == nil { input.send(Key("Escape"), to: engine) }
            page.notice = (page.isLoading
                ? tr("The keys are TouchDesk's again: Esc stops the load, a click in the page gives them back.")
                : tr("The keys are TouchDesk's again: Esc goes home, a click in the page gives them back."), false)
            return true
        }
        if page.isLoading { stop(); return true }
        if findBar.isOpen { closeFind(); return true }
        return false
    }

    private func activate(_ control: Control) {
        switch control {
        case .back: goBack()
        case .forward: goForward()
        case .reload: reload()
        case .stop: stop()
        case .scripts: toggleScripts()
        case .find: findBar.isOpen && findBar.isFocused ? closeFind() : openFind()
        case .menu: engine?.send(.menu, String(index(activePane)))
        }
    }

    /// Keys that work wherever the focus is: the declared keys of the controls and of
    /// `shortcutKeys` (zoom and copy only outside the address and find fields).
    private func handleShortcut(_ k: Key) -> Bool {
        if findBar.isOpen, findBar.isStepKey(k) {
            find(findBar.handle(.key(k)))
            return true
        }
        for id in [Control.find, .menu, .back, .forward, .reload, .scripts] where form.controls.isKey(k, of: id) {
            if id == .find { openFind() } else { activate(id) }
            return true
        }
        guard case .activated(let id) = shortcutKeys.handle(.key(k)) else { return false }
        switch id {
        case .editAddress:
            form.setFocus(.field("address"))
            findBar.unfocus()
            input.holdsKeyboard = false
            address.selectAll()
        case .openFile: files.showOpen(address: currentAddress, in: size)
        case .saveSource: showSaveSource()
        case .zoom, .copy:
            guard !address.isFocused, !findBar.isFocused else { return false }
            if id == .copy { engine?.send(.copy); return true }
            guard let step = Self.zoomKeys.first(where: { $0.names.contains(k.name) })?.step else { return false }
            setZoom(step > 0 ? link.zoom * 1.1 : step < 0 ? link.zoom / 1.1 : 1)
        }
        return true
    }

    /// The page zoom's keys (with Ctrl): in (+1, 10 % more), out (−1) or back to 100 % (0).
    static let zoomKeys: [(names: [String], step: Int)] = [(["plus", "equal", "KP_Add"], 1), (["minus", "KP_Subtract"], -1), (["0"], 0)]

    private func pointer(at p: Point) {
        pointerOverField = address.frame.contains(p) || findBar.field.frame.contains(p)
        if let engine, input.handle(.hover(p), engine: engine, rect: pageRect) == .offPage { page.hoveredLink = nil }
    }

    private func handleInPage(_ event: InputEvent) -> Bool {
        guard let engine, page.stoppedReason == nil else {
            if case .hover(let p) = event { pointerOverField = address.frame.contains(p) }
            return false
        }
        if case .leave = event { pointerOverField = false }
        switch input.handle(event, engine: engine, rect: pageRect) {
        case .ignored: return false
        case .handled: return true
        case .clicked:
            form.setFocus(nil)
            findBar.unfocus()
            return true
        case .offPage:
            page.hoveredLink = nil
            return true
        }
    }

    public var cursor: PointerShape {
        if menu.isOpen { return .arrow }
        if pointerOverField { return .text }
        if input.isOverPage { return page.cursor }
        return .arrow
    }

    public func tick() -> Bool {
        let blinking = form.tick() || findBar.tick() || files.tick()
        if !hidden { absorb() }
        if let n = saver.poll() { page.notice = n }
        return blinking || page.isLoading || saver.isSaving || (!hidden && WebEngine.now() - lastActivity < Self.liveSeconds)
    }

    public static func drawIcon(_ cr: CairoContext, in r: Rect) { WebIcon.draw(cr, in: r) }
}

extension WebApp {
    /// The engine's socket: a frame, a title or the engine's death wakes the idle window.
    public var wakeDescriptors: [Int32] { hidden ? [] : engine?.socketDescriptor.map { [$0] } ?? [] }
    public var titleDetail: String? { page.title.isEmpty ? nil : page.title }
    public var widgets: [any WidgetGroup] { openFileDialog.map { [$0] } ?? [form, pageStop, findBar.form, shortcutKeys] }
    public var takesEscape: Bool { menu.isOpen || findBar.isOpen || page.isLoading || input.holdsKeyboard || openFileDialog != nil }
    public var holdsKeyboard: Bool { input.holdsKeyboard }
    /// For a screen reader: the page as WebKit describes it (its links, headings and text),
    /// joined to our tree where the as-is view shows: the web helper offers it under a plug id
    /// once TouchDesk has an accessibility bus (docs/accessibility.md).
    public var accessibleContent: [AccessibleNode] {
        guard let plug = page.accessiblePlug else { return [] }
        var node = AccessibleNode(id: "page", role: .panel, name: page.title.isEmpty ? tr("Page") : page.title, frame: pageRect(.asIs))
        node.embeddedPlug = plug
        return [node]
    }
    public var extraKeys: [KeyHelp] {
        [KeyHelp("Click, wheel, keys", "Go to the view under the pointer (the outlined view takes the keys)"),
         KeyHelp("Tab, Shift+Tab", "From the address field into the page, through its links and fields, and past its last one on (Shift+Tab: back to the address field)"),
         KeyHelp("Enter (on a link in the page)", "Follow the link"),
         KeyHelp("Esc (in the page)", "The page's own Esc, and the keys are TouchDesk's again (the thick outline goes); Esc again stops a load under way, else goes home"),
         KeyHelp("Right-click", "The page's menu (↑ ↓ and Enter choose, Esc closes it)")]
    }
}
