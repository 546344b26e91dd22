import CX11
import CXShim
import Foundation
import TouchDeskFiles
import Glibc
import TouchDeskInterface
import Synchronization

/// The write and read ends of the pipe the signal handler writes to (the self-pipe trick): the
/// loop polls the read end, so SIGTERM, SIGINT and SIGHUP end it like Ctrl+Q, state saved.
private let signalPipe: (read: Int32, write: Int32) = {
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { return (-1, -1) }
    for fd in fds {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }
    return (fds[0], fds[1])
}()

/// The last X protocol error on our window (its error code; 0 for none), noted by the error
/// handler, which Xlib calls from inside any Xlib call on the main thread.
private let lastXError = Atomic<Int>(0)
/// The resource the last protocol error was about: only errors about our own window end the loop.
private let lastXErrorResource = Atomic<UInt>(0)

/// The only code that talks to X: one window, a pixmap back buffer drawn with Cairo, and a
/// poll()-based loop that sleeps on the X connection unless something animates.
///
/// Each frame is drawn once into the pixmap and copied to the window with one XCopyArea; Expose
/// copies from the pixmap again without redrawing. Physics ticks run at a fixed 60 Hz from an
/// accumulator, whatever the frame rate.
@MainActor
public final class X11Host {
    public struct Options {
        /// Initial size in points (scaled by the display's Xft.dpi).
        public var size: Size
        /// Smallest size in points, given to the window manager.
        public var minimumSize: Size
        /// Icons for _NET_WM_ICON: (side, ARGB pixels row by row).
        public var icons: [(Int, [UInt32])]
        /// Answer later launches on this display (SingleInstance.swift) instead of letting them open windows.
        public var singleInstance: Bool
        public init(size: Size, minimumSize: Size, icons: [(Int, [UInt32])] = [], singleInstance: Bool = false) {
            self.size = size; self.minimumSize = minimumSize; self.icons = icons; self.singleInstance = singleInstance
        }
    }

    static let tickSeconds = 1.0 / 60
    /// At most this many ticks are run to catch up after a stall, so a pause never becomes a spiral.
    static let maxCatchUpTicks = 5

    let dpy: OpaquePointer
    let screen: Int32
    let window: Window
    private let visual: UnsafeMutablePointer<Visual>
    private let depth: Int32
    let gc: GC
    private var im: XIM?
    var ic: XIC?
    let atoms: Atoms
    /// Points to pixels: the desktop's Xft/DPI / 96 (XSettings.swift), 1 when unset; follows changes.
    public private(set) var scale: Double
    /// The desktop's settings, watched while the window is open (XSettings.swift).
    let desktop: XSettingsWatcher
    /// F11 (Fullscreen.swift).
    lazy var fullscreen = Fullscreen(dpy: dpy, window: window, screen: screen)
    private let minimumSize: Size
    /// The running window's side of the one-instance hand-over (SingleInstance.swift), when asked for.
    var instance: SingleInstanceOwner?
    var handedOver: [String] = []
    /// What a later launch asked for (one line each, as `SingleInstance.handOver` sent it); the
    /// window is raised after.
    public var onHandOver: ((String) -> Void)?
    /// Drops from other programs (XDnd.swift).
    var dnd: XDndTarget?
    /// A drag that the window can take came over it (true) or left (false): show a drop highlight.
    public var onDragHover: ((Bool) -> Void)?
    /// Something was dropped on the window.
    public var onDrop: ((Dropped) -> Void)?

    /// The back buffer: a pixmap and the Cairo surface over it, freed together.
    final class BackBuffer {
        let dpy: OpaquePointer
        let pixmap: Pixmap
        let surface: OpaquePointer
        init(dpy: OpaquePointer, window: Window, visual: UnsafeMutablePointer<Visual>, depth: Int32, width: Int, height: Int) {
            self.dpy = dpy
            pixmap = XCreatePixmap(dpy, window, UInt32(width), UInt32(height), UInt32(depth))
            surface = cairo_xlib_surface_create(dpy, pixmap, visual, Int32(width), Int32(height))
        }
        isolated deinit {
            cairo_surface_destroy(surface)
            XFreePixmap(dpy, pixmap)
        }
    }
    var buffer: BackBuffer?
    var pixelSize = (width: 0, height: 0)
    private var title = ""
    var touchDown = false
    var secondaryDown = false
    /// Keys down now, by keycode, so they can be released if focus leaves while they are held.
    var heldKeys: [UInt32: Key] = [:]
    private let initialPixels: (width: Int, height: Int)
    /// The machine's accelerometer and joystick, read once per frame while an app animates.
    private let tiltSources = TiltSources()
    /// Copy and paste (X11Selections.swift); the app's requests come through `clipboard`.
    lazy var selections = X11Selections(dpy: dpy, window: window)
    /// The pointer shape shown now, and the X cursors made for each shape so far.
    private var shownCursor = PointerShape.arrow
    private var cursors: [PointerShape: Cursor] = [:]
    var lastEventTime: Time = 0
    /// The window for screen readers (AccessibilityBridge.swift): started after the first frame,
    /// so looking for an accessibility bus never delays the window; nil when there is none.
    var accessibility: AccessibilityBridge?
    private var accessibilityTried = false
    /// The application's name in the accessibility registry.
    public var applicationName = "TouchDesk"

    struct Atoms {
        let wmProtocols, wmDelete, netWmPing, netWmName, utf8String, netWmPid, netWmIcon, cardinal: Atom
        init(_ dpy: OpaquePointer) {
            func a(_ s: String) -> Atom { XInternAtom(dpy, s, 0) }
            wmProtocols = a("WM_PROTOCOLS"); wmDelete = a("WM_DELETE_WINDOW"); netWmPing = a("_NET_WM_PING")
            netWmName = a("_NET_WM_NAME"); utf8String = a("UTF8_STRING"); netWmPid = a("_NET_WM_PID")
            netWmIcon = a("_NET_WM_ICON"); cardinal = Atom(XA_CARDINAL)
        }
    }

    // MARK: - Opening

    /// Connects to `displayName` (DISPLAY when nil) and creates, but does not map, the window.
    public init(displayName: String? = nil, options: Options) throws {
        // Xlib's input methods read LC_CTYPE; LC_NUMERIC stays "C" (Localization.start).
        setlocale(LC_CTYPE, "")
        guard let dpy = XOpenDisplay(displayName) else {
            throw HostError.noDisplay(displayName ?? ProcessInfo.processInfo.environment["DISPLAY"] ?? "")
        }
        self.dpy = dpy
        screen = XDefaultScreen(dpy)
        visual = XDefaultVisual(dpy, screen)
        depth = XDefaultDepth(dpy, screen)
        atoms = Atoms(dpy)
        desktop = XSettingsWatcher(dpy: dpy, screen: screen)
        scale = desktop.scale
        minimumSize = options.minimumSize

        // Never larger than the screen: a huge --size or a saved size from a bigger screen would
        // ask the server for a pixmap it cannot make.
        let screenW = Double(XDisplayWidth(dpy, screen)), screenH = Double(XDisplayHeight(dpy, screen))
        let w = UInt32(max(1, min((options.size.width * scale).rounded(), screenW)))
        let h = UInt32(max(1, min((options.size.height * scale).rounded(), screenH)))
        var attrs = XSetWindowAttributes()
        // No background: the server never clears the window, so resizes and exposes cannot flicker.
        attrs.background_pixmap = 0
        // Keep the old pixels on resize until the new frame is copied in.
        attrs.bit_gravity = NorthWestGravity
        attrs.event_mask = ExposureMask | StructureNotifyMask | KeyPressMask | KeyReleaseMask | ButtonPressMask
            | ButtonReleaseMask | PointerMotionMask | LeaveWindowMask | FocusChangeMask | PropertyChangeMask
        window = XCreateWindow(dpy, XRootWindow(dpy, screen), 0, 0, w, h, 0, depth, UInt32(InputOutput), visual,
                               UInt(CWBackPixmap | CWBitGravity | CWEventMask), &attrs)
        guard window != 0 else { XCloseDisplay(dpy); throw HostError.cannotCreateWindow("XCreateWindow failed") }
        gc = XCreateGC(dpy, window, 0, nil)
        initialPixels = (Int(w), Int(h))

        setProperties(options)
        if options.singleInstance {
            instance = SingleInstanceOwner(dpy: dpy, window: window)
            instance?.claim(time: 0)
        }
        dnd = XDndTarget(dpy: dpy, window: window)
        openInputMethod()
        var supported: Int32 = 0
        // Key releases only when the key really goes up, not between auto-repeats.
        XkbSetDetectableAutoRepeat(dpy, 1, &supported)
    }

    /// Shows `shape` over the window (X's font cursors: an arrow, a hand, an I-beam …).
    private func setCursor(_ shape: PointerShape) {
        guard shape != shownCursor else { return }
        shownCursor = shape
        if cursors[shape] == nil {
            let glyph: Int32
            switch shape {
            case .arrow: glyph = XC_left_ptr
            case .hand: glyph = XC_hand2
            case .text: glyph = XC_xterm
            case .crosshair: glyph = XC_crosshair
            case .move: glyph = XC_fleur
            case .wait: glyph = XC_watch
            case .notAllowed: glyph = XC_X_cursor
            case .help: glyph = XC_question_arrow
            case .grab: glyph = XC_hand1
            case .resizeColumn: glyph = XC_sb_h_double_arrow
            case .resizeRow: glyph = XC_sb_v_double_arrow
            case .resizeDiagonalDown: glyph = XC_bottom_right_corner
            case .resizeDiagonalUp: glyph = XC_bottom_left_corner
            }
            cursors[shape] = XCreateFontCursor(dpy, UInt32(glyph))
        }
        XDefineCursor(dpy, window, cursors[shape]!)
    }

    isolated deinit {
        for c in cursors.values { XFreeCursor(dpy, c) }
        buffer = nil
        if let ic { XDestroyIC(ic) }
        if let im { XCloseIM(im) }
        XFreeGC(dpy, gc)
        XDestroyWindow(dpy, window)
        XCloseDisplay(dpy)
    }

    private func setProperties(_ options: Options) {
        // WM_CLASS: res_name "touchdesk", res_class "TouchDesk" (the .desktop StartupWMClass).
        if let hint = XAllocClassHint() {
            let name = strdup("touchdesk"), cls = strdup("TouchDesk")
            hint.pointee.res_name = name
            hint.pointee.res_class = cls
            XSetClassHint(dpy, window, hint)
            XFree(hint)
            free(name); free(cls)
        }
        var protocols = [atoms.wmDelete, atoms.netWmPing]
        XSetWMProtocols(dpy, window, &protocols, Int32(protocols.count))

        // CARDINAL/32 is a C long; the data pointer is used inside the closure only.
        let pid = [UInt(getpid())]
        pid.withUnsafeBytes { raw in
            _ = XChangeProperty(dpy, window, atoms.netWmPid, atoms.cardinal, 32, PropModeReplace,
                                raw.baseAddress!.assumingMemoryBound(to: UInt8.self), 1)
        }
        // _NET_WM_PID requires WM_CLIENT_MACHINE.
        var host = [CChar](repeating: 0, count: 256)
        gethostname(&host, 255)
        host.withUnsafeMutableBufferPointer { buf in
            var list: UnsafeMutablePointer<CChar>? = buf.baseAddress
            var prop = XTextProperty()
            if XStringListToTextProperty(&list, 1, &prop) != 0 {
                XSetWMClientMachine(dpy, window, &prop)
                XFree(prop.value)
            }
        }

        setMinimumSizeHint()

        if !options.icons.isEmpty {
            // CARDINAL/32 is C long: width, height, then ARGB rows, for each size.
            var data: [UInt] = []
            for (side, pixels) in options.icons {
                data.append(UInt(side)); data.append(UInt(side))
                data.append(contentsOf: pixels.map { UInt($0) })
            }
            data.withUnsafeBytes { raw in
                _ = XChangeProperty(dpy, window, atoms.netWmIcon, atoms.cardinal, 32, PropModeReplace,
                                    raw.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(data.count))
            }
        }
    }

    private func setMinimumSizeHint() {
        if let hints = XAllocSizeHints() {
            hints.pointee.flags = PMinSize
            hints.pointee.min_width = Int32((minimumSize.width * scale).rounded())
            hints.pointee.min_height = Int32((minimumSize.height * scale).rounded())
            XSetWMNormalHints(dpy, window, hints)
            XFree(hints)
        }
    }

    /// The desktop theme's name the content was last told.
    private var shownThemeName: String?
    /// The size in points a DPI change asked for when the screen was too small for it, and the
    /// pixels the window got instead: the next DPI change starts from the size asked for while the
    /// window still has those pixels (96 → 144 → 96 dpi gives 900 × 640 back, not 853 × 533).
    private var cutByScreen: (points: Size, pixels: (width: Int, height: Int))?

    /// The desktop's settings changed while the window is open. A new theme name goes to the
    /// content (which may switch its look). A new DPI: the window keeps its size in points
    /// (so it grows in pixels at a higher DPI), and everything is laid out and drawn at the new scale.
    func desktopSettingsChanged(_ content: WindowContent) -> Outcome {
        let newScale = desktop.scale
        if desktop.settings.themeName != shownThemeName {
            shownThemeName = desktop.settings.themeName
            content.desktopThemeChanged(name: shownThemeName)
            if abs(newScale - scale) <= 0.001 { return .redraw }
        }
        guard abs(newScale - scale) > 0.001 else { return .none }
        var points = size
        if let cut = cutByScreen, cut.pixels.width == pixelSize.width, cut.pixels.height == pixelSize.height { points = cut.points }
        scale = newScale
        setMinimumSizeHint()
        let wanted = (width: (points.width * scale).rounded(), height: (points.height * scale).rounded())
        let w = max(1, min(wanted.width, Double(XDisplayWidth(dpy, screen))))
        let h = max(1, min(wanted.height, Double(XDisplayHeight(dpy, screen))))
        if w < wanted.width || h < wanted.height {
            cutByScreen = (points: points, pixels: (width: Int(w), height: Int(h)))
        } else {
            cutByScreen = nil
        }
        XResizeWindow(dpy, window, UInt32(w), UInt32(h))
        // Until the ConfigureNotify of the new size comes, the old pixels hold more points.
        content.layout(in: Size(Double(pixelSize.width) / scale, Double(pixelSize.height) / scale), scale: scale)
        return .redraw
    }

    private func openInputMethod() {
        XSetLocaleModifiers("")
        im = XOpenIM(dpy, nil, nil, nil)
        if im == nil {
            XSetLocaleModifiers("@im=none")
            im = XOpenIM(dpy, nil, nil, nil)
        }
        if let im { ic = touchdesk_create_ic(im, window) }
    }

    private func setTitle(_ t: String) {
        guard t != title else { return }
        title = t
        // WM_NAME is Latin-1: what it cannot hold becomes "-" (the dash) or "?".
        let latin1 = String(t.map { c -> Character in
            c.unicodeScalars.count == 1 && c.unicodeScalars.first!.value < 0x100 ? c : (c == "—" ? "-" : "?")
        })
        var bytes1 = latin1.unicodeScalars.map { CChar(bitPattern: UInt8($0.value)) }
        bytes1.append(0)
        XStoreName(dpy, window, bytes1)
        let bytes = Array(t.utf8)
        XChangeProperty(dpy, window, atoms.netWmName, atoms.utf8String, 8, PropModeReplace, bytes, Int32(bytes.count))
    }

    /// The window's size in points now (after any resizing by the user).
    public var size: Size {
        let px = pixelSize.width > 0 ? pixelSize : initialPixels
        return Size(Double(px.width) / scale, Double(px.height) / scale)
    }

    // MARK: - Running

    /// How the loop ended.
    public enum Ending: Equatable, Sendable {
        /// The content asked to quit: Ctrl+Q, or the window manager's close button
        /// (WM_DELETE_WINDOW goes through `requestQuit`, so unsaved work is asked about first).
        case quit
        /// Another program destroyed the window.
        case windowDestroyed
        /// SIGTERM, SIGINT or SIGHUP.
        case signal(Int32)
    }

    /// Called when the X connection is lost (the server died): Xlib ends the process right after,
    /// so whatever must be saved is saved here. Set before `run`.
    public static var onConnectionLost: (@MainActor () -> Void)?

    /// Xlib's handlers: a protocol error is noted (the loop ends if it concerns our window, which
    /// another client may have destroyed), never Xlib's default of printing and exiting; a lost
    /// connection saves what it can and exits with one line.
    private static func installHandlers() {
        _ = XSetErrorHandler { _, event in
            if let e = event?.pointee {
                lastXErrorResource.store(UInt(e.resourceid), ordering: .relaxed)
                lastXError.store(Int(e.error_code), ordering: .relaxed)
            }
            return 0
        }
        _ = XSetIOErrorHandler { _ in
            // Xlib calls this on the thread that used the connection: the main thread.
            MainActor.assumeIsolated { X11Host.onConnectionLost?() }
            warn(tr("lost the connection to the X server; what could be saved was saved"))
            exit(1)
        }
        _ = signalPipe
        for sig in [SIGTERM, SIGINT, SIGHUP] {
            signal(sig) { sig in
                var byte = UInt8(truncatingIfNeeded: sig)
                _ = write(signalPipe.write, &byte, 1)
            }
        }
    }

    /// Maps the window and runs until the content asks to quit, the window manager closes the
    /// window, another client destroys it, or a signal asks the program to stop.
    @discardableResult
    public func run(_ content: WindowContent) -> Ending {
        Self.installHandlers()
        setTitle(content.title)
        // Without a window manager no ConfigureNotify may ever come: start at the created size.
        resizeBuffer(width: initialPixels.width, height: initialPixels.height)
        shownThemeName = desktop.settings.themeName
        content.desktopThemeChanged(name: shownThemeName)
        let portal = AppearancePortal.start()
        if let scheme = portal?.takeChange() { content.desktopColorSchemeChanged(scheme) }
        content.layout(in: Size(Double(pixelSize.width) / scale, Double(pixelSize.height) / scale), scale: scale)
        XMapWindow(dpy, window)
        let fd = XConnectionNumber(dpy)
        var dirty = true
        // Tick from the start: an app opened from the command line may animate (or render in the
        // background) before any input arrives; its first tick says whether to go on.
        var animating = true
        var lastTick = Self.now()
        var ending: Ending?

        while ending == nil && !content.wantsQuit {
            var hadEvents = false
            while ending == nil, XPending(dpy) > 0 {
                var ev = XEvent()
                XNextEvent(dpy, &ev)
                if XFilterEvent(&ev, 0) != 0 { continue }
                switch process(&ev, content) {
                case .destroyed: ending = .windowDestroyed
                case .redraw:
                    dirty = true
                    hadEvents = true
                    // Each key's edit is a text change of its own for a screen reader, as a
                    // toolkit's entry reports one insertion per key, even when keys wait in the
                    // queue behind it (typed fast, or on a busy machine: "2", "1" heard as "21").
                    if ev.type == KeyPress, accessibility != nil, XPending(dpy) > 0 { updateAccessibility(content, force: true) }
                case .none: break
                }
            }
            if accessibility?.performRequests(content) == true { dirty = true; hadEvents = true }
            if let e = windowError() { ending = e }
            if ending != nil || content.wantsQuit { break }
            if case let requests = content.clipboard.takeRequests(), !requests.isEmpty {
                selections.perform(requests, time: lastEventTime)
            }

            let now = Self.now()
            if hadEvents && !animating {
                // An event may have started an animation: look at the next tick, on time.
                animating = true
                lastTick = now
            }
            if animating {
                var due = Int((now - lastTick) / Self.tickSeconds)
                if due > Self.maxCatchUpTicks { due = Self.maxCatchUpTicks; lastTick = now - Double(due) * Self.tickSeconds }
                if due > 0, let v = tiltSources.poll() { content.handle(.tilt(v)) }
                for _ in 0..<due {
                    animating = content.tick()
                    lastTick += Self.tickSeconds
                    dirty = true
                    if !animating { break }
                }
            }
            // After ticks too: a tick takes in news from another process (a web page asking for
            // another pointer shape when the pointer came over it).
            if hadEvents || animating || dirty {
                setTitle(content.title)
                setCursor(content.cursor)
            }
            if dirty && buffer != nil {
                render(content)
                dirty = false
                updateAccessibility(content, force: hadEvents)
            }
            if !animating { accessibility?.flush(content, title: title, pixels: pixelSize, scale: scale) }
            XFlush(dpy)

            if let e = windowError() { ending = e; break }
            var pfds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
                        pollfd(fd: signalPipe.read, events: Int16(POLLIN), revents: 0)]
            if let js = tiltSources.joystickFD { pfds.append(pollfd(fd: js, events: Int16(POLLIN), revents: 0)) }
            let wakeFrom = pfds.count
            if !animating { pfds += content.wakeDescriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) } }
            let wakeTo = pfds.count
            var timeout: Int32 = animating ? Int32(max(0, ((lastTick + Self.tickSeconds - Self.now()) * 1000).rounded(.up))) : -1
            if let accessibility { accessibility.prepare(&pfds, timeout: &timeout) } else { portal?.prepare(&pfds, timeout: &timeout) }
            if XPending(dpy) == 0 {
                _ = poll(&pfds, nfds_t(pfds.count), timeout)
            }
            if let accessibility { accessibility.dispatch(pfds) } else { portal?.dispatch(pfds) }
            if let scheme = portal?.takeChange() { content.desktopColorSchemeChanged(scheme); dirty = true }
            if pfds[1].revents & Int16(POLLIN) != 0 {
                var byte: UInt8 = 0
                if read(signalPipe.read, &byte, 1) == 1 { ending = .signal(Int32(byte)) }
            }
            if pfds[wakeFrom..<wakeTo].contains(where: { $0.revents != 0 }) {
                // Another process has news for the content (a web page's frame): tick it now.
                animating = true
                lastTick = Self.now() - Self.tickSeconds
                setTitle(content.title)
                setCursor(content.cursor)
            }
            if wakeFrom > 2, pfds[2].revents != 0, !animating {
                // The stick moved while nothing animated: read it (bounded) and wake the app.
                if let v = tiltSources.poll() { content.handle(.tilt(v)); animating = true; lastTick = Self.now() }
                dirty = true
            }
        }
        return ending ?? .quit
    }

    /// The window is gone if X reported a bad window or drawable (another client destroyed it).
    private func windowError() -> Ending? {
        let code = lastXError.exchange(0, ordering: .relaxed)
        guard code != 0 else { return nil }
        let resource = lastXErrorResource.exchange(0, ordering: .relaxed)
        // A bad window that is not ours is a paste's requestor that went away mid-transfer.
        let ours = resource == UInt(window) || resource == UInt(buffer?.pixmap ?? 0) || resource == 0
        if (code == Int(BadWindow) || code == Int(BadDrawable)) && ours { return .windowDestroyed }
        warn(tr("X error {0} ignored", "\(code)"))
        return nil
    }

    // MARK: - Drawing

    func resizeBuffer(width: Int, height: Int) {
        buffer = nil
        pixelSize = (max(1, width), max(1, height))
        buffer = BackBuffer(dpy: dpy, window: window, visual: visual, depth: depth, width: pixelSize.width, height: pixelSize.height)
    }

    /// Starts the accessibility bridge after the first frame, then gives it the content's tree.
    private func updateAccessibility(_ content: WindowContent, force: Bool) {
        let first = !accessibilityTried
        if first {
            accessibilityTried = true
            accessibility = AccessibilityBridge.start(applicationName: applicationName)
        }
        accessibility?.update(content, title: title, pixels: pixelSize, scale: scale, origin: { [dpy, window] in
            var x: Int32 = 0, y: Int32 = 0
            var child: Window = 0
            guard XTranslateCoordinates(dpy, window, XDefaultRootWindow(dpy), 0, 0, &x, &y, &child) != 0 else { return nil }
            return (x, y)
        }, force: force || first)
        if first {
            // Activated once the window has its name and content, so a screen reader names it as it opens.
            var focus: Window = 0, revert: Int32 = 0
            XGetInputFocus(dpy, &focus, &revert)
            if focus == window { accessibility?.windowActivated(true, settling: true) }
        }
    }

    private func render(_ content: WindowContent) {
        guard let buffer else { return }
        content.draw(into: DrawingTarget(surface: buffer.surface, scale: scale))
        XCopyArea(dpy, buffer.pixmap, window, gc, 0, 0, UInt32(pixelSize.width), UInt32(pixelSize.height), 0, 0)
    }

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
