import TouchDeskInterface

/// What Web Pages knows of the page it shows, as the engine has told it: address, title, the
/// load and its progress, history, a notice for the status line, and why the page stopped
/// working if it did. One engine event at a time goes through `apply`; the app reads the rest.
public struct WebPageState: Sendable {
    public var title = ""
    public var address: String?
    /// The address of the page the views show (the engine's last commit), which `address` runs
    /// ahead of while a new load is on its way.
    public var shownAddress: String?
    public var isLoading = false
    public var progress = 0.0
    public var canGoBack = false
    public var canGoForward = false
    /// A message for the status line (a refused link, an error) until the next navigation.
    public var notice: (text: String, isError: Bool)?
    /// Why the load asked for last was turned down (a page from the network sent it to a local
    /// file), until the next one: `--screenshot` ends with it.
    public var refusal: String?
    /// Why the page stopped working (a crash, the memory limit, a hung engine), until Reload.
    public var stoppedReason: String?
    /// The laid-out page's size in CSS pixels, once the engine has measured it.
    public var contentSize: (width: Int, height: Int)?
    /// Whether the fit view's zoom has been set for the page shown.
    public var fitted = false
    /// The page is too big to hold twice (its web process passed half the memory limit): the fit
    /// view let its copy go and shows why instead, until the next load.
    public var shownOnce = false
    /// A load was asked for and the engine has not yet said it started (a late "loading 0" of the
    /// page before must not count as this one's end).
    public var awaitingLoad = false
    /// The link under the pointer, for the status line.
    public var hoveredLink: String?
    public var cursor = PointerShape.arrow
    /// The AT-SPI plug id under which the helper offers the page's accessible tree, if it does.
    public var accessiblePlug: String?
    /// The web processes' memory limit, for the message when one is killed past it.
    public var memoryLimitMB = WebEngine.memoryLimitMB

    public init() {}

    /// A load was asked for (an address, the command line).
    public mutating func willLoad(_ url: String) {
        notice = nil
        refusal = nil
        hoveredLink = nil
        address = url
        isLoading = true
        awaitingLoad = true
        progress = 0
    }

    /// Takes in one thing the engine said. Events the page's state has no part in (frames, menus,
    /// matches, saves) change nothing here.
    public mutating func apply(_ event: WebEngine.Event) {
        switch event {
        case .ready, .frame, .found, .pageEnded, .menu, .saved, .saveFailed, .saveProgress, .savedSource, .sourceFailed: break
        case .address(let a): address = a; shownAddress = a
        case .title(let t): title = t
        case .progress(let p): progress = p
        case .loading(let on):
            isLoading = on
            if on { contentSize = nil; fitted = false; shownOnce = false; awaitingLoad = false }
            if !on && awaitingLoad { isLoading = true }
        case .history(let back, let forward): canGoBack = back; canGoForward = forward
        case .failed(_, let message): notice = (message, true); awaitingLoad = false
        case .status(let code, let phrase): notice = ("\(code) \(phrase)", true)
        case .hover(let link): hoveredLink = link
        case .cursor(let shape): cursor = shape
        case .refused(let url, let why):
            // News of the page still shown ("not responding"), heard after a new address was
            // asked for, is that page's, not the new load's: it neither ends the load nor takes the
            // status line (under load the two cross: the new page was then never waited for).
            if awaitingLoad, url == shownAddress, url != address { break }
            notice = (tr("Not opened: {0}: {1}", url, why), true)
            if awaitingLoad { awaitingLoad = false; isLoading = false }
        case .localFileRefused(let url):
            notice = (tr("A page from the network may not open local files: {0}", url), true)
            refusal = notice?.text
            // The pointer may still rest on the link that was clicked: the refusal is what the status line says.
            hoveredLink = nil
            if awaitingLoad { awaitingLoad = false; isLoading = false }
        case .crashed(_, let memory):
            awaitingLoad = false
            stoppedReason = memory
                ? tr("The page used more than {0} MB and was stopped.", String(memoryLimitMB))
                : tr("The page's web process crashed.")
            isLoading = false
        case .contentSize(let w, let h): contentSize = (w, h)
        case .fitted: fitted = true
        case .shownOnce: shownOnce = true
        case .plug(let id): accessiblePlug = id
        case .stopped(let why):
            accessiblePlug = nil
            stoppedReason = tr("The web engine stopped: {0}.", why)
            isLoading = false
            awaitingLoad = false
        }
    }

    /// The status line: a link's target, why the page stopped, a notice, the load's progress, or
    /// the page's title.
    public var statusText: String {
        if let hoveredLink { return "→ \(hoveredLink)" }
        if let stoppedReason { return stoppedReason }
        if let notice { return notice.text }
        if isLoading { return tr("Loading {0}… {1} %", address ?? "", String(Int((progress * 100).rounded()))) }
        return title
    }

    /// Whether the status line shows an error (in red).
    public var statusIsError: Bool { hoveredLink == nil && (stoppedReason != nil || notice?.isError == true) }

}
