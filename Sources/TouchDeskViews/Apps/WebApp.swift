import Foundation
import Synchronization
import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskModels
import TouchDeskWeb

/// Web Pages: two views of one web page, as the seed had them. "As the page is" shows the page
/// at the width its own CSS gives it and scrolls both ways; "Scaled to fit" shrinks its whole
/// width into the view. A real HTML/CSS engine (litehtml) lays the page out once; our container
/// paints it with Cairo and Pango.
///
/// Browsing: an address field (Ctrl+L), Back and Forward (Alt+←/→), Reload (F5), Stop (Esc);
/// links under the pointer show a hand and their target in the status line, a click follows them
/// in either view. Pages load on the loader's own thread and are painted into tiles on another
/// (`WebTileCache`); tick picks up what they finish, so the window never waits for either.
public final class WebApp: MiniApp {
    public nonisolated static let id = "web"
    public nonisolated static let title = "Web Pages"
    public nonisolated static let blurb = "One web page in two views, as the page is and scaled to fit: real HTML and CSS, links, Back and Forward, an offline start page."

    /// The controls, for the focus order and a `switch` the compiler checks.
    enum Control: String, CaseIterable, ControlID {
        case back, forward, reload, stop
    }

    /// Why a load was started: it decides what happens to the history and the scroll position.
    enum Intent {
        /// A new page (typed, a link): a history entry once it arrives; top of the page or its anchor.
        case visit
        /// Back or Forward: the entry is already current; return to where it was scrolled.
        case history(BrowsingHistory.Entry)
        /// The same page again, kept where it was.
        case reload(Point)
    }

    /// A load in flight.
    struct Loading {
        let url: WebURL
        let intent: Intent
        let task: LoadTask
        let inbox: LoadInbox
        let layoutWidth: Int
        var progress: LoadProgress?
    }

    /// A touch in progress: scrolling a view by dragging its page or a scrollbar thumb.
    enum Drag {
        case page(WebPagesModel.Pane, start: Point, scroll: Point, moved: Bool)
        case thumb(WebPagesModel.Pane, vertical: Bool, start: Point, scroll: Point)
    }

    static let wheelStep = 48.0
    static let arrowStep = 40.0
    static let statusHeight = 24.0
    static let dragThreshold = 4.0

    let environment: AppEnvironment
    let form = Form<Control>()
    let address: TextField
    let loader = PageLoader()
    /// The page painted into tiles, shared by both views.
    public let tiles = WebTileCache()
    public private(set) var model = WebPagesModel()
    public private(set) var history = BrowsingHistory()
    /// The page both views show.
    public private(set) var page: LoadedPage?
    private var loading: Loading?
    /// The page width the shown document is laid out at.
    private var laidOutWidth = 0
    private var size = Size(0, 0)
    private var viewsArea = Rect.zero
    private var progressBar = Rect.zero
    private var started = false
    /// The view the keys scroll: the one last clicked or wheeled.
    public private(set) var activePane = WebPagesModel.Pane.asIs
    private var drag: Drag?
    /// The link under the pointer (resolved), for the status line and the hand cursor.
    public private(set) var hoveredLink: String?
    private var pointerOverField = false
    /// A message for the status line (a refused link, a bad address) until the next navigation.
    public private(set) var notice: (text: String, isError: Bool)?
    /// Pixels per point the tiles are rendered at, and the one the window was last drawn at.
    private(set) var tileScale = 1.0

    public init(environment: AppEnvironment) {
        self.environment = environment
        address = TextField("address", placeholder: "Address: a web address or a file (Ctrl+L)", maxLength: 2048,
                            clipboard: environment.clipboard)
        form.addButton(.back, "Back", key: .alt("Left", shown: "Alt+←"), also: [.alt("KP_Left")])
        form.addButton(.forward, "Forward", key: .alt("Right", shown: "Alt+→"), also: [.alt("KP_Right")])
        form.addButton(.reload, "Reload", key: .key("F5"), also: [.control("r")])
        form.addButton(.stop, "Stop", key: .key("Escape"))
        form.add(address)
        form.order = [.field("address")] + Control.allCases.map { .control($0) }
        syncControls()
    }

    isolated deinit {
        loading?.task.cancel()
    }

    /// The offline start page in the assets folder.
    public var startPage: WebURL {
        WebURL(filePath: (environment.assetsDirectory ?? "/nonexistent/touchdesk-assets") + "/web/index.html")
    }

    // MARK: - Navigation

    /// Opens an address (the command line, the address field).
    public func open(_ url: WebURL) {
        started = true
        navigate(to: url, intent: .visit)
    }

    /// Blocks until the page that is loading has arrived and the views' tiles are painted. Only
    /// for `--screenshot`, tests and the benchmark: the window never calls it.
    public func finishLoading() {
        while let current = loading {
            current.inbox.waitUntilFinished()
            absorbLoad()
        }
        requestTiles()
        tiles.waitUntilIdle()
    }

    public var isLoading: Bool { loading != nil }

    private func navigate(to url: WebURL, intent: Intent) {
        notice = nil
        hoveredLink = nil
        // A link to another place on the page shown: scroll there, no load.
        if case .visit = intent, let page, let fragment = url.fragment, loading == nil, page.kind == .html,
           url.withoutFragment == page.url.withoutFragment {
            history.rememberScroll(x: model.asIs.scroll.x, y: model.asIs.scroll.y)
            history.visit(url)
            scrollToAnchor(fragment)
            address.setText(url.description)
            syncControls()
            return
        }
        loading?.task.cancel()
        let inbox = LoadInbox()
        let width = model.layoutWidth
        let task = loader.start(url, layoutWidth: width, viewportHeight: model.layoutHeight,
                                progress: { inbox.post($0) }, completion: { inbox.finish($0) })
        loading = Loading(url: url, intent: intent, task: task, inbox: inbox, layoutWidth: width)
        address.setText(url.description)
        syncControls()
    }

    public func goBack() {
        history.rememberScroll(x: model.asIs.scroll.x, y: model.asIs.scroll.y)
        guard let entry = history.goBack() else { return }
        revisit(entry)
    }

    public func goForward() {
        history.rememberScroll(x: model.asIs.scroll.x, y: model.asIs.scroll.y)
        guard let entry = history.goForward() else { return }
        revisit(entry)
    }

    private func revisit(_ entry: BrowsingHistory.Entry) {
        if let page, page.kind == .html, loading == nil, entry.url.withoutFragment == page.url.withoutFragment {
            // Another place on the same page: no load.
            notice = nil
            model.scrollBoth(to: Point(entry.scrollX, entry.scrollY))
            address.setText(entry.url.description)
            requestTiles()
            syncControls()
            return
        }
        navigate(to: entry.url, intent: .history(entry))
    }

    public func reload() {
        guard let url = loading?.url ?? page?.requestedURL else { return }
        navigate(to: url, intent: .reload(model.asIs.scroll))
    }

    public func stop() {
        guard let loading else { return }
        loading.task.cancel()
        notice = ("Stopped loading \(loading.url.description).", false)
    }

    /// Goes to what the address field says.
    private func submitAddress() {
        do {
            let url = try WebURL.fromUserInput(address.text, currentDirectory: FileManager.default.currentDirectoryPath)
            form.setFocus(nil)
            navigate(to: url, intent: .visit)
        } catch {
            notice = ("Not an address: \(error)", true)
        }
    }

    /// Follows a link as written in the page; other schemes (mailto:, javascript:) are refused.
    private func follow(_ href: String, in page: LoadedPage) {
        do {
            let url = try page.document.resolveLink(href)
            navigate(to: url, intent: .visit)
        } catch {
            notice = ("Link not followed: \(error)", true)
        }
    }

    private func scrollToAnchor(_ fragment: String) {
        guard let page, let (x, y) = page.document.anchorPosition(fragment) else { return }
        // Sideways only when the anchor would be out of view.
        let sideways = Double(x) > model.asIs.visibleSize.width ? Double(x) : 0
        model.scrollBoth(to: Point(sideways, Double(y)))
        requestTiles()
    }

    /// Takes in what the loader posted; shows the page when it has arrived.
    private func absorbLoad() {
        guard let current = loading else { return }
        let (progress, arrived) = current.inbox.take()
        if let progress { loading?.progress = progress }
        guard let arrived else { return }
        loading = nil
        show(arrived, intent: current.intent, laidOutAt: current.layoutWidth)
    }

    private func show(_ arrived: LoadedPage, intent: Intent, laidOutAt width: Int) {
        if case .error(.cancelled) = arrived.kind, page != nil {
            // Stopped before the page came: the old page stays, and so does the address it had.
            if case .visit = intent { address.setText(page?.url.description ?? "") }
            syncControls()
            return
        }
        var scroll = Point.zero
        switch intent {
        case .visit:
            if page != nil { history.rememberScroll(x: model.asIs.scroll.x, y: model.asIs.scroll.y) }
            history.visit(arrived.requestedURL)
            if arrived.url != arrived.requestedURL { history.replaceCurrent(with: arrived.url) }
        case .history(let entry):
            scroll = Point(entry.scrollX, entry.scrollY)
            if arrived.url != arrived.requestedURL { history.replaceCurrent(with: arrived.url) }
        case .reload(let kept):
            scroll = kept
        }
        page = arrived
        laidOutWidth = width
        let content = arrived.size ?? arrived.document.layout(width: width, height: model.layoutHeight)
        model.setContentSize(Size(Double(content.width), Double(content.height)))
        tiles.show(arrived.document, contentSize: model.asIs.contentSize)
        relayoutIfNeeded()
        model.scrollBoth(to: scroll)
        if case .visit = intent, let fragment = arrived.url.fragment { scrollToAnchor(fragment) }
        if !address.isFocused { address.setText(arrived.url.description) }
        if !arrived.skippedResources.isEmpty {
            notice = ("\(arrived.skippedResources.count) of the page's files not shown: \(arrived.skippedResources[0])", false)
        }
        requestTiles()
        syncControls()
    }

    /// Lays the page out again when the as-is view's width changed.
    private func relayoutIfNeeded() {
        guard let page, model.layoutWidth != laidOutWidth else { return }
        laidOutWidth = model.layoutWidth
        let content = page.document.layout(width: laidOutWidth, height: model.layoutHeight)
        model.setContentSize(Size(Double(content.width), Double(content.height)))
        tiles.show(page.document, contentSize: model.asIs.contentSize)
    }

    private func syncControls() {
        form.controls.setEnabled(.back, history.canGoBack)
        form.controls.setEnabled(.forward, history.canGoForward)
        form.controls.setEnabled(.reload, page != nil || loading != nil)
        form.controls.setEnabled(.stop, loading != nil)
    }

    /// Asks for the tiles both views show now.
    private func requestTiles() {
        tiles.request(WebPagesModel.Pane.allCases.map { pane in
            let v = model[pane]
            return WebTileCache.Viewport(scale: v.scale, origin: origin(of: v, deviceScale: tileScale), size: v.frame.size)
        }, deviceScale: tileScale)
    }

    /// The scaled-page point at a view's top-left corner, on a whole device pixel so tiles stay sharp.
    private func origin(of v: WebViewport, deviceScale: Double) -> Point {
        Point((v.scroll.x * v.scale * deviceScale).rounded() / deviceScale,
              (v.scroll.y * v.scale * deviceScale).rounded() / deviceScale)
    }

    // MARK: - MiniApp

    public func layout(in size: Size, scale: Double) {
        self.size = size
        // Tiles are rendered at the screen's own device pixels.
        tileScale = scale
        let pad = 8.0
        // In a narrow window the buttons go compact (chord hints left to the keys overlay), then
        // share the row, rather than running off its edge.
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
        relayoutIfNeeded()
        if !started {
            started = true
            navigate(to: startPage, intent: .visit)
        }
        requestTiles()
    }

    public func handle(_ event: InputEvent) -> Bool {
        if case .key(let k) = event, handleShortcut(k) { return true }
        switch form.handle(event) {
        case .activated(let id):
            activate(id)
            return true
        case .submitted("address"):
            submitAddress()
            return true
        case .consumed, .edited, .submitted, .stepped:
            updatePointer(event)
            return true
        case .ignored:
            break
        }
        switch event {
        case .touchBegan(let p):
            form.setFocus(nil)
            return beginTouch(at: p)
        case .touchMoved(let p):
            return moveTouch(to: p)
        case .touchEnded(let p):
            return endTouch(at: p)
        case .hover, .leave:
            updatePointer(event)
            return true
        case .scroll(let p, let dy):
            guard let pane = model.pane(at: p) else { return false }
            activePane = pane
            scroll(pane, by: 0, dy * Self.wheelStep)
            updatePointer(.hover(p))
            return true
        case .scrollSideways(let p, let dx):
            guard model.pane(at: p) != nil else { return false }
            activePane = .asIs
            scroll(.asIs, by: dx * Self.wheelStep, 0)
            return true
        case .key(let k):
            return scrollKey(k)
        default:
            return false
        }
    }

    private func activate(_ control: Control) {
        switch control {
        case .back: goBack()
        case .forward: goForward()
        case .reload: reload()
        case .stop: stop()
        }
    }

    /// Keys that work wherever the focus is.
    private func handleShortcut(_ k: Key) -> Bool {
        if k.is("l", control: true) {
            form.setFocus(.field("address"))
            address.selectAll()
            return true
        }
        if k.alt && !k.control && (k.name == "Left" || k.name == "KP_Left") { goBack(); return true }
        if k.alt && !k.control && (k.name == "Right" || k.name == "KP_Right") { goForward(); return true }
        if k.is("F5") || k.is("r", control: true) { reload(); return true }
        if k.is("Escape"), loading != nil { stop(); return true }
        return false
    }

    /// Arrows, Page Up/Down, Home/End and Space scroll the view last used.
    private func scrollKey(_ k: Key) -> Bool {
        let v = model[activePane]
        let page = max(Self.arrowStep, v.frame.height - Self.arrowStep)
        switch k.name {
        case "Up", "KP_Up": scroll(activePane, by: 0, -Self.arrowStep)
        case "Down", "KP_Down": scroll(activePane, by: 0, Self.arrowStep)
        case "Left", "KP_Left": scroll(activePane, by: -Self.arrowStep, 0)
        case "Right", "KP_Right": scroll(activePane, by: Self.arrowStep, 0)
        case "Page_Up", "KP_Page_Up": scroll(activePane, by: 0, -page)
        case "Page_Down", "KP_Page_Down": scroll(activePane, by: 0, page)
        case "space": scroll(activePane, by: 0, k.shift ? -page : page)
        case "Home", "KP_Home": model.scroll(activePane, to: Point(v.scroll.x, 0)); requestTiles()
        case "End", "KP_End": model.scroll(activePane, to: Point(v.scroll.x, .greatestFiniteMagnitude)); requestTiles()
        default: return false
        }
        return true
    }

    private func scroll(_ pane: WebPagesModel.Pane, by dx: Double, _ dy: Double) {
        model.scroll(pane, byPoints: dx, dy)
        requestTiles()
    }

    // MARK: - Touches

    private func beginTouch(at p: Point) -> Bool {
        guard let pane = model.pane(at: p) else { return false }
        activePane = pane
        let v = model[pane]
        for vertical in [true, false] {
            let thumb = vertical ? v.verticalThumb : v.horizontalThumb
            let track = vertical ? v.verticalTrack : v.horizontalTrack
            if let thumb, thumb.contains(p) {
                drag = .thumb(pane, vertical: vertical, start: p, scroll: v.scroll)
                return true
            }
            if let track, track.contains(p), let thumb {
                // A click on the track pages toward it.
                let before = vertical ? p.y < thumb.minY : p.x < thumb.minX
                let step = (vertical ? v.frame.height : v.frame.width) - Self.arrowStep
                scroll(pane, by: vertical ? 0 : (before ? -step : step), vertical ? (before ? -step : step) : 0)
                return true
            }
        }
        guard v.frame.contains(p) else { return true }
        drag = .page(pane, start: p, scroll: v.scroll, moved: false)
        return true
    }

    private func moveTouch(to p: Point) -> Bool {
        switch drag {
        case .page(let pane, let start, let scroll, var moved):
            let d = p - start
            if !moved && (abs(d.x) > Self.dragThreshold || abs(d.y) > Self.dragThreshold) { moved = true }
            if moved {
                let scale = model[pane].scale
                model.scroll(pane, to: Point(scroll.x - d.x / scale, scroll.y - d.y / scale))
                requestTiles()
            }
            drag = .page(pane, start: start, scroll: scroll, moved: moved)
            return true
        case .thumb(let pane, let vertical, let start, let scroll):
            let perPoint = model[pane].pagePixelsPerThumbPoint(vertical: vertical)
            let target = vertical ? Point(scroll.x, scroll.y + (p.y - start.y) * perPoint)
                                  : Point(scroll.x + (p.x - start.x) * perPoint, scroll.y)
            model.scroll(pane, to: target)
            requestTiles()
            return true
        case nil:
            return false
        }
    }

    private func endTouch(at p: Point) -> Bool {
        defer { drag = nil }
        guard let current = drag else { return false }
        if case .page(let pane, let start, _, let moved) = current, !moved, let page,
           let point = model[pane].pagePoint(at: start),
           let href = page.document.linkHref(atX: Int(point.x), y: Int(point.y)) {
            follow(href, in: page)
        }
        return true
    }

    /// The link under the pointer and the cursor shape.
    private func updatePointer(_ event: InputEvent) {
        switch event {
        case .hover(let p):
            pointerOverField = address.frame.contains(p)
            hoveredLink = link(at: p)?.description
        case .leave:
            pointerOverField = false
            hoveredLink = nil
        default:
            break
        }
    }

    private func link(at p: Point) -> WebURL? {
        guard let page, let pane = model.pane(at: p), let point = model[pane].pagePoint(at: p),
              let href = page.document.linkHref(atX: Int(point.x), y: Int(point.y)) else { return nil }
        return page.document.baseURL.resolving(href)
    }

    public var cursor: PointerShape {
        if hoveredLink != nil { return .hand }
        if pointerOverField { return .text }
        if case .page(_, _, _, true) = drag { return .move }
        return .arrow
    }

    public func tick() -> Bool {
        let blinking = form.tick()
        absorbLoad()
        tiles.absorb()
        return blinking || loading != nil || tiles.isBusy
    }

    // MARK: - Drawing

    public func draw(_ cr: CairoContext) {
        form.draw(cr)
        drawProgress(cr)
        drawView(cr, .asIs)
        drawView(cr, .fit)
        drawStatus(cr)
    }

    private func drawView(_ cr: CairoContext, _ pane: WebPagesModel.Pane) {
        let v = model[pane]
        let label = pane == .asIs ? model.asIsLabel : model.fitLabel
        let active = pane == activePane
        let name = pane == .asIs ? "As the page is" : "Scaled to fit"
        var detail = ""
        if page != nil {
            detail = pane == .asIs ? "\(Int(v.contentSize.width)) × \(Int(v.contentSize.height)) px, 1:1"
                                   : "\(Int((v.scale * 100).rounded())) %"
        }
        let nameWidth = Text.width(name, size: Theme.TextSize.label, weight: .bold)
        cr.text(name, x: label.x + 2, y: label.midY - 2, size: Theme.TextSize.label, color: active ? Theme.text : Theme.dimText, weight: .bold)
        // The detail where it fits at its size (a narrow view has no room for it).
        if !detail.isEmpty, Text.width(detail, size: Theme.TextSize.caption) <= label.width - nameWidth - 16 {
            cr.text(detail, x: label.x + nameWidth + 12, y: label.midY - 2, size: Theme.TextSize.caption, color: Theme.dimText)
        }
        // The page: white paper, then whatever tiles have arrived.
        cr.saved {
            cr.clip(to: v.frame)
            if page != nil {
                let o = origin(of: v, deviceScale: tileScale)
                paper(cr, v, origin: o)
                tiles.draw(cr, frame: v.frame, scale: v.scale, origin: o, deviceScale: tileScale)
            } else {
                cr.fill(v.frame, Color(hex: 0x2c2f38))
                cr.text(loading == nil ? "No page" : "Loading…", x: v.frame.midX, y: v.frame.midY, size: Theme.TextSize.body,
                        color: Theme.dimText, align: .center)
            }
        }
        drawScrollbar(cr, track: v.verticalTrack, thumb: v.verticalThumb, pane: pane, vertical: true)
        if let track = v.horizontalTrack {
            drawScrollbar(cr, track: track, thumb: v.horizontalThumb, pane: pane, vertical: false)
        }
        // The outline as four thin boxes: a stroked rectangle would be rasterised over its whole area.
        let color = active ? Theme.accent : Theme.controlHover
        let box = Rect(x: v.frame.x - 1, y: v.frame.y - 1, width: v.frame.width + WebViewport.barWidth + 2,
                       height: v.frame.height + (v.scrollsSideways ? WebViewport.barWidth : 0) + 2)
        cr.fill(Rect(x: box.x, y: box.y, width: box.width, height: 1), color)
        cr.fill(Rect(x: box.x, y: box.maxY - 1, width: box.width, height: 1), color)
        cr.fill(Rect(x: box.x, y: box.y, width: 1, height: box.height), color)
        cr.fill(Rect(x: box.maxX - 1, y: box.y, width: 1, height: box.height), color)
    }

    /// White where no tile covers the view: all of it while tiles are on their way, else only
    /// beside and below a page smaller than the view (a full-view fill would double the frame's
    /// memory traffic, the main cost of a scroll frame).
    private func paper(_ cr: CairoContext, _ v: WebViewport, origin o: Point) {
        let white = Color(1, 1, 1)
        guard tiles.isComplete(size: v.frame.size, scale: v.scale, origin: o, deviceScale: tileScale) else {
            cr.fill(v.frame, white)
            return
        }
        let right = v.frame.x - o.x + v.contentSize.width * v.scale
        let bottom = v.frame.y - o.y + v.contentSize.height * v.scale
        if right < v.frame.maxX {
            cr.fill(Rect(x: right, y: v.frame.y, width: v.frame.maxX - right, height: v.frame.height), white)
        }
        if bottom < v.frame.maxY {
            cr.fill(Rect(x: v.frame.x, y: bottom, width: v.frame.width, height: v.frame.maxY - bottom), white)
        }
    }

    private func drawScrollbar(_ cr: CairoContext, track: Rect, thumb: Rect?, pane: WebPagesModel.Pane, vertical: Bool) {
        cr.fill(track, Theme.bar)
        guard let thumb else { return }
        var held = false
        if case .thumb(let p, let v, _, _) = drag, p == pane, v == vertical { held = true }
        (held ? Theme.text : Theme.dimText.with(alpha: 0.8)).set(cr)
        cr.roundedRect(thumb, radius: min(thumb.width, thumb.height) / 2)
        cr.fill()
    }

    private func drawProgress(_ cr: CairoContext) {
        guard let loading else { return }
        cr.fill(progressBar, Theme.control)
        cr.fill(Rect(x: progressBar.x, y: progressBar.y, width: progressBar.width * fraction(loading.progress),
                     height: progressBar.height), Theme.accent)
    }

    /// How far the load has come, 0…1: resources done, plus the share of the current one.
    private func fraction(_ p: LoadProgress?) -> Double {
        guard let p, p.resourcesTotal > 0 else { return 0.05 }
        let current = p.bytesExpected.map { $0 > 0 ? min(1, Double(p.bytesReceived) / Double($0)) : 0 } ?? 0.5
        return max(0.05, min(1, (Double(p.resourcesDone) + current) / Double(p.resourcesTotal)))
    }

    /// The status line: a link's target, the load's progress, a notice, or the page's title.
    public var statusText: String {
        if let hoveredLink { return "→ \(hoveredLink)" }
        if let loading {
            guard let p = loading.progress else { return "Loading \(loading.url.description)…" }
            let total = p.bytesExpected.map { " of \(Self.bytes($0))" } ?? ""
            return "Loading \(p.url.lastPathComponent.isEmpty ? p.url.description : p.url.lastPathComponent): "
                + "\(Self.bytes(p.bytesReceived))\(total) · \(p.resourcesDone) of \(p.resourcesTotal) files"
        }
        if let notice { return notice.text }
        guard let page else { return "" }
        return page.title
    }

    private func drawStatus(_ cr: CairoContext) {
        let r = Rect(x: 8, y: size.height - Self.statusHeight, width: size.width - 16, height: Self.statusHeight)
        let isError = hoveredLink == nil && loading == nil && notice?.isError == true
        let text = statusText
        let l = Text.layout(text, font: Font(size: Theme.TextSize.caption), width: r.width, ellipsis: .middle)
        cr.draw(l, x: r.x, y: r.midY - l.height / 2, color: isError ? Theme.error : Theme.dimText)
    }

    static func bytes(_ n: Int) -> String {
        if n < 1000 { return "\(n) B" }
        if n < 1_000_000 { return String(format: "%.1f kB", Double(n) / 1000) }
        return String(format: "%.1f MB", Double(n) / 1_000_000)
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

/// Where the loader's thread leaves progress and the finished page for the main thread's tick.
/// One per load: a stopped load's late answers go to an inbox nobody reads any more.
nonisolated final class LoadInbox: Sendable {
    private struct State {
        var progress: LoadProgress?
        var page: LoadedPage?
    }
    private let state = Mutex(State())
    private let finished = DispatchSemaphore(value: 0)

    func post(_ progress: LoadProgress) {
        state.withLock { $0.progress = progress }
    }

    func finish(_ page: LoadedPage) {
        state.withLock { $0.page = page }
        finished.signal()
    }

    /// The latest progress and the page, if it has come; each is handed out once.
    func take() -> (LoadProgress?, LoadedPage?) {
        state.withLock { s in
            defer { s.progress = nil; s.page = nil }
            return (s.progress, s.page)
        }
    }

    /// Blocks until the page has come (then returns at once every time after).
    func waitUntilFinished() {
        finished.wait()
        finished.signal()
    }
}

extension WebApp {
    public var widgets: [any WidgetGroup] { [form] }
    public var takesEscape: Bool { loading != nil }
    /// The buttons and the address, and each view's scrollbars while it scrolls (a drag moves the
    /// thumb, a click on the track pages).
    public var controlRects: [ControlRect] {
        form.controlRects + WebPagesModel.Pane.allCases.flatMap { pane -> [ControlRect] in
            let v = model[pane], name = pane == .asIs ? "asIs" : "fit"
            var rects: [ControlRect] = []
            if v.verticalThumb != nil { rects.append(ControlRect(name + ".vertical", v.verticalTrack)) }
            if v.horizontalThumb != nil, let t = v.horizontalTrack { rects.append(ControlRect(name + ".horizontal", t)) }
            return rects
        }
    }
    public var extraKeys: [KeyHelp] {
        [KeyHelp("Ctrl+L, Enter", "Edit the address, load it"),
         KeyHelp("Wheel, drag", "Scroll the view under the pointer"), KeyHelp("Arrows, Page Up/Down, Space", "Scroll the outlined view"),
         KeyHelp("Home, End", "Top, bottom of the page"), KeyHelp("Click a link", "Follow it")]
    }
}
