import Foundation
import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskModels
import TouchDeskWeb

/// Web Pages: two views of one web page, as the seed had them. "As the page is" shows the page
/// at the width its own CSS gives it, 1:1, scrolling both ways; "Scaled to fit" shrinks its whole
/// width into the view with WebKit's zoom level. Each scrolls on its own.
///
/// The engine is WebKitGTK, hosted by our helper program `touchdesk-web-engine` (see `WebEngine`):
/// it sends finished frames through shared memory and we send it the input that lands on a
/// view. This process keeps no GTK and no GLib loop; a crash, a hang or a page past its memory
/// limit ends only the helper or a web process, and the views say "This page stopped working"
/// with a button to reload.
///
/// Browsing: an address field (Ctrl+L), Back and Forward (Alt+←/→), Reload (F5), Stop (Esc),
/// scripts on or off (Ctrl+J), page zoom in the as-is view (Ctrl+plus/minus/0); clicks, the wheel,
/// keys and typing go to the view under the pointer or last clicked.
public final class WebApp: MiniApp {
    public nonisolated static let id = "web"
    public nonisolated static let title = "Web Pages"
    public nonisolated static let blurb = "One web page in two views, as the page is and scaled to fit: a real web engine (WebKit), links, forms, Back and Forward, an offline start page."

    /// The controls, for the focus order and a `switch` the compiler checks.
    enum Control: String, CaseIterable, ControlID {
        case back, forward, reload, stop, scripts
    }

    static let statusHeight = 24.0
    /// How long after the last frame or input the app keeps ticking at 60 Hz to pick up frames;
    /// after that an idle window sleeps in poll() (a page animating on its own then waits for the
    /// next input to show its next frame).
    static let liveSeconds = 1.5

    let environment: AppEnvironment
    let form = Form<Control>()
    let address: TextField
    private var engine: WebEngine?
    public private(set) var model = WebPagesModel()
    private(set) var size = Size(0, 0)
    /// Ctrl+O's file dialog, while it shows (`WebApp+OpenFile`).
    var openFileDialog: FileDialog?
    private var viewsArea = Rect.zero
    private var progressBar = Rect.zero
    private var started = false
    /// The view keys go to: the one last clicked.
    public private(set) var activePane = WebPagesModel.Pane.asIs
    /// The pane a button went down in: its motion and release go there even off it.
    private var pressedPane: WebPagesModel.Pane?
    /// A click in a page gives it the keyboard (Esc included, for the page's own dialogs); one Esc
    /// hands the keyboard back, so the next Esc goes home as in every other app.
    public private(set) var pageHoldsKeyboard = false
    /// The link under the pointer, for the status line.
    public private(set) var hoveredLink: String?
    private var pageCursor = PointerShape.arrow
    private var pointerOverField = false
    private var pointerOverPage = false
    /// A message for the status line (a refused link, an error) until the next navigation.
    public private(set) var notice: (text: String, isError: Bool)?
    public private(set) var pageTitle = ""
    public private(set) var currentAddress: String?
    public private(set) var isLoading = false
    private var progress = 0.0
    private var canGoBack = false
    private var canGoForward = false
    public private(set) var scriptsOn = true
    private var zoom = 1.0
    /// Why the page stopped working (a crash, the memory limit, a hung engine), until Reload.
    public private(set) var stoppedReason: String?
    private var contentSize: (width: Int, height: Int)?
    /// The engine helper's process id, while it runs (for the benchmark's memory count and tests).
    public var enginePID: pid_t? { engine?.isRunning == true ? engine?.pid : nil }
    /// Frames received per view, for tests and `--screenshot`.
    public private(set) var framesReceived = [0, 0]
    private var lastActivity = 0.0
    /// Whether the fit view's zoom has been set for the page shown.
    private var fitted = false
    /// A load was asked for and the engine has not yet said it started (a late "loading 0" of the
    /// page before must not count as this one's end).
    private var awaitingLoad = false
    private var hidden = false
    /// The sizes last sent to the engine.
    private var sentSizes: [Size?] = [nil, nil]

    public init(environment: AppEnvironment) {
        self.environment = environment
        address = TextField("address", placeholder: "Address: a web address or a file (Ctrl+L)", maxLength: 2048,
                            clipboard: environment.clipboard)
        form.addButton(.back, "Back", key: .alt("Left", shown: "Alt+←"), also: [.alt("KP_Left")])
        form.addButton(.forward, "Forward", key: .alt("Right", shown: "Alt+→"), also: [.alt("KP_Right")])
        form.addButton(.reload, "Reload", key: .key("F5"), also: [.control("r")])
        form.addButton(.stop, "Stop", key: .key("Escape"))
        form.addButton(.scripts, "Scripts", short: "JS", key: .control("j"),
                       help: "Turn the pages' scripts off or on, in both views")
        form.add(address)
        form.order = [.field("address")] + Control.allCases.map { .control($0) }
        form.controls.setOn(.scripts, true)
        syncControls()
    }

    isolated deinit {
        engine?.terminate()
    }

    /// The offline start page in the assets folder.
    public var startPage: WebURL { Self.startPage(environment) }

    public nonisolated static func startPage(_ environment: AppEnvironment) -> WebURL {
        WebURL(filePath: (environment.assetsDirectory ?? "/nonexistent/touchdesk-assets") + "/web/index.html")
    }

    // MARK: - The engine

    /// The running engine, started (again) when needed; nil with the reason in `stoppedReason`.
    @discardableResult
    private func ensureEngine() -> WebEngine? {
        if let engine, engine.isRunning { return engine }
        do {
            let e = try WebEngine()
            engine = e
            sentSizes = [nil, nil]
            if !scriptsOn { e.send("javascript", "0") }
            if zoom != 1 { e.send("zoom", String(zoom)) }
            sendSizes()
            return e
        } catch {
            engine = nil
            stoppedReason = error.description
            return nil
        }
    }

    /// Where each view's page shows, scrollbars included (the engine draws the page's own).
    func pageRect(_ pane: WebPagesModel.Pane) -> Rect {
        let v = model[pane]
        return Rect(x: v.frame.x, y: v.frame.y, width: v.frame.width + WebViewport.barWidth,
                    height: v.frame.height + (v.scrollsSideways ? WebViewport.barWidth : 0))
    }

    private func index(_ pane: WebPagesModel.Pane) -> Int { pane == .asIs ? 0 : 1 }

    private func sendSizes() {
        guard let engine else { return }
        for pane in WebPagesModel.Pane.allCases {
            let r = pageRect(pane)
            let s = Size(max(1, r.width.rounded()), max(1, r.height.rounded()))
            if sentSizes[index(pane)] != s {
                sentSizes[index(pane)] = s
                engine.send("size", String(index(pane)), String(Int(s.width)), String(Int(s.height)))
            }
        }
    }

    private func pane(at p: Point) -> WebPagesModel.Pane? {
        WebPagesModel.Pane.allCases.first { pageRect($0).contains(p) }
    }

    // MARK: - Navigation

    /// Opens an address (the command line, the address field).
    public func open(_ url: WebURL) {
        started = true
        notice = nil
        hoveredLink = nil
        if stoppedReason != nil { stoppedReason = nil; engine?.terminate(); engine = nil }
        guard let engine = ensureEngine() else { return }
        currentAddress = url.description
        address.setText(url.description)
        isLoading = true
        awaitingLoad = true
        progress = 0
        engine.send("open", url.description)
        wake()
        syncControls()
    }

    public func goBack() { guard canGoBack else { return }; notice = nil; engine?.send("back"); wake() }
    public func goForward() { guard canGoForward else { return }; notice = nil; engine?.send("forward"); wake() }

    public func reload() {
        notice = nil
        if stoppedReason != nil || engine?.isRunning != true {
            // The engine or a web process died: start afresh at the same address.
            let url = currentAddress.flatMap { try? WebURL(string: $0) } ?? startPage
            stoppedReason = nil
            if engine?.isRunning == true { engine?.send("reload"); wake(); syncControls(); return }
            open(url)
            return
        }
        engine?.send("reload")
        wake()
    }

    public func stop() {
        engine?.send("stop")
        if isLoading { notice = ("Stopped loading \(currentAddress ?? "the page").", false) }
        isLoading = false
        syncControls()
        wake()
    }

    private func toggleScripts() {
        scriptsOn.toggle()
        engine?.send("javascript", scriptsOn ? "1" : "0")
        form.controls.setOn(.scripts, scriptsOn)
        notice = (scriptsOn ? "Scripts on: reloading the page." : "Scripts off in both views: reloading the page.", false)
        engine?.send("reload")
        wake()
    }

    private func setZoom(_ z: Double) {
        zoom = min(5, max(0.25, z))
        engine?.send("zoom", String(zoom))
        notice = ("Page zoom \(Int((zoom * 100).rounded())) % in the as-is view.", false)
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
            notice = ("Not an address: \(error)", true)
        }
    }

    private func wake() { lastActivity = WebEngine.now() }

    /// Takes in what the engine said.
    private func absorb() {
        guard let engine else { return }
        for event in engine.receive() {
            wake()
            switch event {
            case .ready: break
            case .frame(let v): if (0..<2).contains(v) { framesReceived[v] += 1 }
            case .address(let a):
                currentAddress = a
                if !address.isFocused { address.setText(a) }
            case .title(let t): pageTitle = t
            case .progress(let p): progress = p
            case .loading(let on):
                isLoading = on
                if on { contentSize = nil; fitted = false; awaitingLoad = false }
                if !on && awaitingLoad { isLoading = true }
            case .history(let back, let forward): canGoBack = back; canGoForward = forward
            case .failed(_, let message): notice = (message, true); awaitingLoad = false
            case .status(let code, let phrase): notice = ("\(code) \(phrase)", true)
            case .hover(let link): hoveredLink = link
            case .cursor(let shape): pageCursor = shape
            case .refused(let url, let why):
                notice = ("Not opened: \(url): \(why)", true)
                if awaitingLoad { awaitingLoad = false; isLoading = false }
            case .crashed(_, let memory):
                awaitingLoad = false
                stoppedReason = memory
                    ? "The page used more than \(WebEngine.memoryLimitMB) MB and was stopped."
                    : "The page's web process crashed."
                isLoading = false
            case .found(let n): notice = (n == 0 ? "Not found on this page." : "\(n) found on this page.", n == 0)
            case .contentSize(let w, let h): contentSize = (w, h)
            case .fitted: fitted = true
            case .stopped(let why):
                stoppedReason = "The web engine stopped: \(why)."
                isLoading = false
                awaitingLoad = false
            }
        }
        syncControls()
    }

    /// Blocks until the page that is loading has arrived and both views have shown it. Only for
    /// `--screenshot`, tests and the benchmark: the window never calls it.
    public func finishLoading(timeout: Double = 30) {
        absorb()
        if !isLoading, !awaitingLoad, framesReceived.allSatisfy({ $0 > 0 }) {
            settle(timeout: min(timeout, 5))
            return
        }
        let deadline = WebEngine.now() + timeout
        var quietSince = WebEngine.now()
        var seen = framesReceived
        var sinceLoaded = [0, 0]
        while WebEngine.now() < deadline, let engine, engine.isRunning, stoppedReason == nil {
            absorb()
            if framesReceived != seen {
                if !isLoading { for v in 0..<2 { sinceLoaded[v] += framesReceived[v] - seen[v] } }
                seen = framesReceived
                quietSince = WebEngine.now()
            }
            // Loaded, both views painted since, and no frame for a moment (the fit view's zoom
            // and late pictures come just after the load).
            if !isLoading, fitted || WebEngine.now() - quietSince > 3, sinceLoaded.allSatisfy({ $0 > 0 }) || WebEngine.now() - quietSince > 2,
               WebEngine.now() - quietSince > 0.5 { break }
            usleep(10_000)
        }
    }

    /// Waits until no frame has come for a moment (what input changed is on screen), at most `timeout` s.
    public func settle(timeout: Double = 5) {
        let deadline = WebEngine.now() + timeout
        var quietSince = WebEngine.now()
        var seen = framesReceived
        while WebEngine.now() < deadline, engine?.isRunning == true {
            absorb()
            if framesReceived != seen { seen = framesReceived; quietSince = WebEngine.now() }
            if isLoading { quietSince = WebEngine.now() }
            if WebEngine.now() - quietSince > 0.4 { break }
            usleep(10_000)
        }
    }

    private func syncControls() {
        form.controls.setEnabled(.back, canGoBack)
        form.controls.setEnabled(.forward, canGoForward)
        form.controls.setEnabled(.reload, currentAddress != nil || stoppedReason != nil)
        form.controls.setEnabled(.stop, isLoading)
    }

    /// Leaving Web Pages: the page stops its work (a stuck script's process is ended) until we come back.
    public func didLeave() {
        guard !hidden else { return }
        hidden = true
        pageHoldsKeyboard = false
        engine?.send("hide")
    }

    private func comeBack() {
        guard hidden else { return }
        hidden = false
        engine?.send("show")
        wake()
    }

    // MARK: - MiniApp

    public func layout(in size: Size, scale: Double) {
        self.size = size
        openFileDialog?.layout(in: size)
        comeBack()
        let pad = 8.0
        let gaps = ControlSizes.gap * Double(max(0, Control.allCases.count - 1))
        form.controls.isCompact = false
        var buttons = Control.allCases.compactMap { form.controls[$0] }
        if buttons.map(form.controls.preferredWidth).reduce(0, +) > size.width - 2 * pad - gaps {
            form.controls.isCompact = true
            buttons = Control.allCases.compactMap { form.controls[$0] }
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
        viewsArea = Rect(x: 0, y: toolbarBottom, width: size.width,
                         height: max(60, size.height - toolbarBottom - Self.statusHeight - 4))
        model.layout(in: viewsArea)
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
        if openFileDialog != nil { return handleOpenFileDialog(event) }
        if case .key(let k) = event, handleShortcut(k) { return true }
        // A click anywhere takes the keyboard from the page; a click in a page gives it back below.
        if case .touchBegan = event { pageHoldsKeyboard = false }
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

    private func activate(_ control: Control) {
        switch control {
        case .back: goBack()
        case .forward: goForward()
        case .reload: reload()
        case .stop: stop()
        case .scripts: toggleScripts()
        }
    }

    /// Keys that work wherever the focus is.
    private func handleShortcut(_ k: Key) -> Bool {
        if k.is("l", control: true) {
            form.setFocus(.field("address"))
            pageHoldsKeyboard = false
            address.selectAll()
            return true
        }
        if k.alt && !k.control && (k.name == "Left" || k.name == "KP_Left") { goBack(); return true }
        if k.alt && !k.control && (k.name == "Right" || k.name == "KP_Right") { goForward(); return true }
        if k.is("F5") || k.is("r", control: true) { reload(); return true }
        if k.is("j", control: true) { toggleScripts(); return true }
        if k.is("o", control: true) { showOpenFile(); return true }
        if k.is("Escape"), isLoading { stop(); return true }
        guard !address.isFocused else { return false }
        if k.control && !k.alt && ["plus", "equal", "KP_Add"].contains(k.name) { setZoom(zoom * 1.1); return true }
        if k.control && !k.alt && ["minus", "KP_Subtract"].contains(k.name) { setZoom(zoom / 1.1); return true }
        if k.is("0", control: true) { setZoom(1); return true }
        if k.is("c", control: true) { engine?.send("copy"); return true }
        return false
    }

    /// GDK's modifier bits: Shift, Control, Alt (Mod1), the first button held.
    private static func modifiers(_ k: Key) -> Int { (k.shift ? 1 : 0) | (k.control ? 4 : 0) | (k.alt ? 8 : 0) }
    private static let button1Held = 256

    private func local(_ p: Point, _ pane: WebPagesModel.Pane) -> (String, String) {
        let r = pageRect(pane)
        return (String(format: "%.1f", p.x - r.x), String(format: "%.1f", p.y - r.y))
    }

    private func pointer(at p: Point) {
        pointerOverField = address.frame.contains(p)
        pointerOverPage = pane(at: p) != nil
        if let pane = pane(at: p) {
            let (x, y) = local(p, pane)
            engine?.send("motion", String(index(pane)), x, y, "0")
        } else {
            hoveredLink = nil
        }
    }

    private func handleInPage(_ event: InputEvent) -> Bool {
        guard let engine, stoppedReason == nil else {
            if case .hover(let p) = event { pointerOverField = address.frame.contains(p) }
            return false
        }
        switch event {
        case .touchBegan(let p), .secondaryBegan(let p), .middleClick(let p):
            guard let pane = pane(at: p) else { return false }
            form.setFocus(nil)
            activePane = pane
            pageHoldsKeyboard = true
            let (x, y) = local(p, pane)
            let button: String
            switch event {
            case .secondaryBegan: button = "3"
            case .middleClick: button = "2"
            default: button = "1"
            }
            engine.send("button", String(index(pane)), "press", x, y, button, "0")
            if case .touchBegan = event { pressedPane = pane } else {
                engine.send("button", String(index(pane)), "release", x, y, button, "0")
            }
            return true
        case .touchMoved(let p):
            guard let pane = pressedPane else { return false }
            let (x, y) = local(p, pane)
            engine.send("motion", String(index(pane)), x, y, String(Self.button1Held))
            return true
        case .touchEnded(let p):
            guard let pane = pressedPane else { return false }
            pressedPane = nil
            let (x, y) = local(p, pane)
            engine.send("button", String(index(pane)), "release", x, y, "1", String(Self.button1Held))
            return true
        case .hover(let p):
            pointer(at: p)
            return true
        case .leave:
            pointerOverField = false
            pointerOverPage = false
            hoveredLink = nil
            return true
        case .scroll(let p, let dy):
            guard let pane = pane(at: p) else { return false }
            let (x, y) = local(p, pane)
            engine.send("scroll", String(index(pane)), x, y, "0", String(dy))
            return true
        case .scrollSideways(let p, let dx):
            guard let pane = pane(at: p) else { return false }
            let (x, y) = local(p, pane)
            engine.send("scroll", String(index(pane)), x, y, String(dx), "0")
            return true
        case .key(let k):
            if k.is("Escape") {
                // The page sees its Esc once; with the keyboard back, Esc is the app's (home).
                guard pageHoldsKeyboard else { return false }
                pageHoldsKeyboard = false
            }
            let v = String(index(activePane))
            if !k.text.isEmpty && !k.control && !k.alt {
                engine.send("text", v, k.text)
            } else {
                engine.send("key", v, "press", k.name, String(Self.modifiers(k)))
                engine.send("key", v, "release", k.name, String(Self.modifiers(k)))
            }
            return true
        case .keyUp, .secondaryMoved, .secondaryEnded, .altClick, .tilt, .paste, .pastedPicture:
            return false
        }
    }

    public var cursor: PointerShape {
        if pointerOverField { return .text }
        if pointerOverPage { return pageCursor }
        return .arrow
    }

    public func tick() -> Bool {
        let blinking = form.tick() || openFileDialog?.tick() == true
        if !hidden { absorb() }
        return blinking || isLoading || (!hidden && WebEngine.now() - lastActivity < Self.liveSeconds)
    }

    // MARK: - Drawing

    public func draw(_ cr: CairoContext) {
        form.draw(cr)
        drawProgress(cr)
        drawView(cr, .asIs)
        drawView(cr, .fit)
        drawStatus(cr)
        openFileDialog?.draw(cr, in: Rect(x: 0, y: 0, width: size.width, height: size.height))
    }

    private func drawView(_ cr: CairoContext, _ pane: WebPagesModel.Pane) {
        let label = pane == .asIs ? model.asIsLabel : model.fitLabel
        let active = pane == activePane
        let name = pane == .asIs ? "As the page is" : "Scaled to fit"
        var detail = ""
        if let contentSize, stoppedReason == nil {
            let fitWidth = pageRect(.fit).width - 20
            let scale = min(1, fitWidth / Double(max(contentSize.width, Int(pageRect(.asIs).width))))
            detail = pane == .asIs ? "\(contentSize.width) × \(contentSize.height) px, 1:1" + (zoom != 1 ? ", zoom \(Int((zoom * 100).rounded())) %" : "")
                                   : "\(Int((scale * 100).rounded())) %"
        }
        let nameWidth = Text.width(name, size: Theme.TextSize.label, weight: .bold)
        cr.text(name, x: label.x + 2, y: label.midY - 2, size: Theme.TextSize.label, color: active ? Theme.text : Theme.dimText, weight: .bold)
        if !detail.isEmpty, Text.width(detail, size: Theme.TextSize.caption) <= label.width - nameWidth - 16 {
            cr.text(detail, x: label.x + nameWidth + 12, y: label.midY - 2, size: Theme.TextSize.caption, color: Theme.dimText)
        }
        let r = pageRect(pane)
        cr.saved {
            cr.clip(to: r)
            if let stoppedReason {
                cr.fill(r, Color(hex: 0x2c2f38))
                cr.text("This page stopped working", x: r.midX, y: r.midY - 14, size: Theme.TextSize.body,
                        color: Theme.text, weight: .bold, align: .center)
                let l = Text.layout(stoppedReason + " Reload (F5) to try again.", font: Font(size: Theme.TextSize.caption),
                                    width: r.width - 24, ellipsis: .end)
                cr.draw(l, x: r.midX - l.width / 2, y: r.midY + 4, color: Theme.dimText)
            } else if let frame = engine?.frames[index(pane)] {
                cr.fill(r, Color(1, 1, 1))
                cr.draw(frame, in: Rect(x: r.x, y: r.y, width: frame.size.width, height: frame.size.height))
            } else {
                cr.fill(r, Color(hex: 0x2c2f38))
                cr.text(isLoading || engine != nil ? "Loading…" : "No page", x: r.midX, y: r.midY, size: Theme.TextSize.body,
                        color: Theme.dimText, align: .center)
            }
        }
        // The outline as four thin boxes: a stroked rectangle would be rasterised over its whole area.
        let color = active ? Theme.accent : Theme.controlHover
        let box = Rect(x: r.x - 1, y: r.y - 1, width: r.width + 2, height: r.height + 2)
        cr.fill(Rect(x: box.x, y: box.y, width: box.width, height: 1), color)
        cr.fill(Rect(x: box.x, y: box.maxY - 1, width: box.width, height: 1), color)
        cr.fill(Rect(x: box.x, y: box.y, width: 1, height: box.height), color)
        cr.fill(Rect(x: box.maxX - 1, y: box.y, width: 1, height: box.height), color)
    }

    private func drawProgress(_ cr: CairoContext) {
        guard isLoading else { return }
        cr.fill(progressBar, Theme.control)
        cr.fill(Rect(x: progressBar.x, y: progressBar.y, width: progressBar.width * max(0.05, progress),
                     height: progressBar.height), Theme.accent)
    }

    /// The status line: a link's target, the load's progress, a notice, or the page's title.
    public var statusText: String {
        if let hoveredLink { return "→ \(hoveredLink)" }
        if let stoppedReason { return stoppedReason }
        if let notice { return notice.text }
        if isLoading { return "Loading \(currentAddress ?? "")… \(Int((progress * 100).rounded())) %" }
        return pageTitle
    }

    private func drawStatus(_ cr: CairoContext) {
        let r = Rect(x: 8, y: size.height - Self.statusHeight, width: size.width - 16, height: Self.statusHeight)
        let isError = hoveredLink == nil && (stoppedReason != nil || notice?.isError == true)
        let l = Text.layout(statusText, font: Font(size: Theme.TextSize.caption), width: r.width, ellipsis: .middle)
        cr.draw(l, x: r.x, y: r.midY - l.height / 2, color: isError ? Theme.error : Theme.dimText)
    }

    // MARK: - Icon

    public static func drawIcon(_ cr: CairoContext, in r: Rect) {
        // Two pages of one site: the whole one, and the same shrunk beside it.
        func page(_ frame: Rect) {
            Color(1, 1, 1).set(cr)
            cr.roundedRect(frame, radius: frame.width * 0.06)
            cr.fill()
            Color(hex: 0x2f4858).set(cr)
            cr.rectangle(Rect(x: frame.x, y: frame.y + frame.height * 0.02, width: frame.width, height: frame.height * 0.2))
            cr.fill()
            Color(hex: 0xf5a623).set(cr)
            cr.rectangle(Rect(x: frame.x + frame.width * 0.1, y: frame.y + frame.height * 0.32,
                              width: frame.width * 0.35, height: frame.height * 0.28))
            cr.fill()
            Color(hex: 0x9aa3b5).set(cr)
            for i in 0..<3 {
                cr.rectangle(Rect(x: frame.x + frame.width * 0.52, y: frame.y + frame.height * (0.34 + 0.1 * Double(i)),
                                  width: frame.width * 0.38, height: frame.height * 0.04))
            }
            for i in 0..<2 {
                cr.rectangle(Rect(x: frame.x + frame.width * 0.1, y: frame.y + frame.height * (0.7 + 0.1 * Double(i)),
                                  width: frame.width * 0.8, height: frame.height * 0.04))
            }
            cr.fill()
        }
        page(Rect(x: r.x + r.width * 0.06, y: r.y + r.height * 0.14, width: r.width * 0.5, height: r.height * 0.72))
        page(Rect(x: r.x + r.width * 0.62, y: r.y + r.height * 0.3, width: r.width * 0.32, height: r.height * 0.46))
        Theme.accent.set(cr)
        cr.setLineWidth(max(1, r.width * 0.025))
        cr.moveTo(r.x + r.width * 0.57, r.y + r.height * 0.5)
        cr.lineTo(r.x + r.width * 0.61, r.y + r.height * 0.5)
        cr.stroke()
    }
}

extension WebApp {
    /// The engine's socket: a frame, a title or the engine's death wakes the idle window.
    public var wakeDescriptors: [Int32] { hidden ? [] : engine?.socketDescriptor.map { [$0] } ?? [] }
    public var titleDetail: String? { pageTitle.isEmpty ? nil : pageTitle }
    public var widgets: [any WidgetGroup] { openFileDialog.map { [$0] } ?? [form] }
    public var takesEscape: Bool { isLoading || openFileDialog != nil }
    public var extraKeys: [KeyHelp] {
        [KeyHelp("Ctrl+L, Enter", "Edit the address, load it"),
         KeyHelp("Click, wheel, keys", "Go to the view under the pointer (the outlined view takes the keys)"),
         KeyHelp("Ctrl+plus, Ctrl+minus, Ctrl+0", "Page zoom in the as-is view"),
         KeyHelp("Ctrl+C", "Copy the page's selection"), KeyHelp("Ctrl+O", "Open an HTML file")]
    }
}
