import TouchDeskInterface
import TouchDeskDrawing
import TouchDeskModels

/// The contract every mini-app's controller keeps (see DESIGN.md): it owns no window and no loop;
/// the shell lays it out, feeds it input in its own coordinates, ticks it at 60 Hz while it
/// animates, and asks it to draw the whole app into a Cairo context.
public protocol MiniApp: AnyObject {
    /// The command-line name, e.g. "paint".
    nonisolated static var id: String { get }
    /// The tile and window title, e.g. "Paintbrush".
    nonisolated static var title: String { get }
    /// One paragraph for the home screen and `--list`.
    nonisolated static var blurb: String { get }
    /// Draws the app's home-screen icon into `rect`.
    static func drawIcon(_ cr: CairoContext, in rect: Rect)

    init(environment: AppEnvironment)

    /// Places controls and content for a new size or device scale (pixels per point); called on
    /// every resize and scale change. Caches that depend on either are rebuilt here (or started
    /// here and picked up by `tick`), never in `draw`.
    func layout(in size: Size, scale: Double)
    /// Handles one input event; false if the app had no use for it (the shell may then use it).
    func handle(_ event: InputEvent) -> Bool
    /// Advances one 1/60 s step; false when nothing animates.
    func tick() -> Bool
    /// Draws the whole app, from (0, 0) to the size it was laid out in, at the scale it was laid
    /// out at. Only reads: drawing twice in a row gives the same pixels and changes nothing.
    func draw(_ cr: CairoContext)
    /// The pointer shape the app wants now (a hand over a link); an arrow unless it says otherwise.
    var cursor: PointerShape { get }

    /// The app's buttons, sliders and fields: the keys overlay (F1) lists their keys, and the
    /// layout check their rectangles.
    var widgets: [any WidgetGroup] { get }
    /// Keys no button shows (arrows that tilt, a click that zooms): declared once here, listed by
    /// the keys overlay after the buttons' own.
    var extraKeys: [KeyHelp] { get }
    /// Whether Esc now does something inside the app (closes its dialog, stops a load) rather
    /// than going back to the home screen: the keys overlay then lists the app's own Esc.
    var takesEscape: Bool { get }
    /// Whether the app takes every key now, Tab, Space and arrows included (a web page after a
    /// click), so the keyboard's focus ring (`FocusChain`) leaves them alone.
    var holdsKeyboard: Bool { get }
    /// Whether the app takes the arrows, Space and Enter now, whichever control holds the focus
    /// ring (Maze's cell cursor while building); Tab still moves the ring.
    var holdsCursorKeys: Bool { get }
    /// Where every control lies now, in the app's coordinates: each must lie inside the size the
    /// app was laid out in, and no two may overlap. By default, those of `widgets`.
    var controlRects: [ControlRect] { get }
    /// The app is no longer shown (the home screen came back): work that only serves what is
    /// seen stops until it is laid out again, and what `visitMemory` says is freed goes.
    func didLeave()
    /// What the app keeps warm between visits, what it frees when left, which read-only data it
    /// shares with the rest of the process, and what leaving during its opening load does: the
    /// decision DESIGN.md asks each app to make, written down (docs/testing.md lists them).
    nonisolated static var visitMemory: VisitMemory { get }
    /// The caches a first start builds in the background (`FirstStartCaches`) that this app builds
    /// itself once opened: the shell's build then stops, so nothing is built twice at once.
    nonisolated static var buildsOnOpening: Set<FirstStartCache> { get }
    /// Work the person started here that goes on after the app is left (a big save), each with
    /// its name and progress: the bar of the other screens shows it. Everything else stops (or
    /// ends within a moment) when the app is left. Empty by default.
    var workGoingOn: [WorkGoingOn] { get }
    /// Moves that work along while the app is not shown (hands a finished render to the writer),
    /// called from the shell's tick; returns what to tell the person when a piece of it ended.
    func tickWhileAway() -> [WorkGoingOn.Ended]
    /// Descriptors whose input should wake the idle window for a tick (see `WindowContent`).
    var wakeDescriptors: [Int32] { get }
    /// What the window title adds after the app's name (a web page's title), if anything.
    var titleDetail: String? { get }
    /// What a screen reader is told beyond the controls of `widgets`: pictures described in
    /// words, readouts whose changes are announced (live). In the app's coordinates.
    var accessibleContent: [AccessibleNode] { get }
    /// The app's own message line (a toast over its picture), if it has one: the shell describes
    /// it to screen readers as a live region, so every app's messages are announced one way.
    var appToast: Toast? { get }

    // The command line and the desktop (see `AppOptions`).

    /// The command-line options this app takes, without dashes; given with another app they are refused.
    nonisolated static var optionNames: Set<String> { get }
    /// Checks the options (and the file or address named) before any window opens.
    nonisolated static func check(_ options: AppOptions) throws(AppOptionError)
    /// Answers checked options that need no window (`--find` prints places) and returns the exit
    /// status; nil to open the window. Throws what to say when the answer fails (exit status 2).
    static func answerWithoutWindow(_ options: AppOptions, environment: AppEnvironment) throws(AppOptionError) -> Int32?
    /// Applies checked options once the app's kept state has arrived (which would otherwise replace them).
    func apply(_ options: AppOptions) throws(AppOptionError)
    /// Blocks until the work the app began on opening or in `apply` is done: for `--screenshot`,
    /// never the window. Throws when what was asked cannot be shown (a picture that will not open).
    func finishBackgroundWork() throws(AppOptionError)
    /// A file or address a later launch handed over or a drop brought; false if the app takes none.
    /// Unsaved work is asked about first.
    func offer(document: String) -> Bool
    /// Text dropped on the app that it reads as an address rather than text to paste (a link on
    /// Web Pages); false to have it pasted.
    func offer(droppedText: String) -> Bool

    /// The home screen's pointer rests on the app's tile, or the keyboard moved to it, and the app
    /// is not open yet: work that makes opening it quicker may start (Web Pages starts its engine).
    /// Called often: cheap when there is nothing (more) to do.
    static func prepare(_ environment: AppEnvironment)
}

extension MiniApp {
    public var cursor: PointerShape { .arrow }
    public var widgets: [any WidgetGroup] { [] }
    public var extraKeys: [KeyHelp] { [] }
    public var takesEscape: Bool { false }
    public var holdsKeyboard: Bool { false }
    public var holdsCursorKeys: Bool { false }
    public func didLeave() {}
    public nonisolated static var visitMemory: VisitMemory { VisitMemory(kept: ["its state (small)"]) }
    public nonisolated static var buildsOnOpening: Set<FirstStartCache> { [] }
    public var workGoingOn: [WorkGoingOn] { [] }
    public func tickWhileAway() -> [WorkGoingOn.Ended] { [] }
    public var wakeDescriptors: [Int32] { [] }
    public var titleDetail: String? { nil }
    public var accessibleContent: [AccessibleNode] { [] }
    public var appToast: Toast? { nil }
    public nonisolated static var optionNames: Set<String> { [] }
    public nonisolated static func check(_ options: AppOptions) throws(AppOptionError) {
        if options.document != nil { throw AppOptionError(tr("a URL is for the web app (or a PNG file for paint), not {0}", "\(id)")) }
    }
    public static func answerWithoutWindow(_ options: AppOptions, environment: AppEnvironment) throws(AppOptionError) -> Int32? { nil }
    public func apply(_ options: AppOptions) throws(AppOptionError) {}
    public func finishBackgroundWork() throws(AppOptionError) {}
    public func offer(document: String) -> Bool { false }
    public func offer(droppedText: String) -> Bool { false }
    public static func prepare(_ environment: AppEnvironment) {}
    public var controlRects: [ControlRect] { widgets.flatMap(\.controlRects) }
    /// Every key the app answers to: its buttons' and its own.
    public var keyHelp: [KeyHelp] { widgets.flatMap(\.keyHelp) + extraKeys.map { KeyHelp(tr($0.keys), tr($0.action)) } }
}

/// One line of the registry: everything the home screen and the command line know of an app.
public struct AppEntry {
    public let id: String
    public let title: String
    public let blurb: String
    public let drawIcon: (CairoContext, Rect) -> Void
    public let make: (AppEnvironment) -> MiniApp
    /// The command-line options the app takes, and their check (see `AppOptions`).
    public let optionNames: Set<String>
    public let check: (AppOptions) throws(AppOptionError) -> Void
    /// Answers the options that need no window (see `MiniApp.answerWithoutWindow`).
    public let answerWithoutWindow: (AppOptions, AppEnvironment) throws(AppOptionError) -> Int32?
    /// Gets the app ready ahead of opening (see `MiniApp.prepare`).
    public let prepare: (AppEnvironment) -> Void
    /// What it keeps between visits and frees when left (see `MiniApp.visitMemory`).
    public let visitMemory: VisitMemory
    /// What it builds itself once opened (see `MiniApp.buildsOnOpening`).
    public let buildsOnOpening: Set<FirstStartCache>
    /// Whether it shows a place named in words (`PlaceShowing`): where "Show on map" leads.
    public let showsPlaces: Bool

    public init<App: MiniApp>(_ type: App.Type) {
        id = App.id
        title = tr(App.title)
        blurb = tr(App.blurb)
        drawIcon = { App.drawIcon($0, in: $1) }
        make = { App(environment: $0) }
        optionNames = App.optionNames
        check = { (o: AppOptions) throws(AppOptionError) in try App.check(o) }
        answerWithoutWindow = { (o: AppOptions, e: AppEnvironment) throws(AppOptionError) in try App.answerWithoutWindow(o, environment: e) }
        prepare = { App.prepare($0) }
        visitMemory = App.visitMemory
        buildsOnOpening = App.buildsOnOpening
        showsPlaces = App.self is any PlaceShowing.Type
    }
}

/// What an app holds between visits (see `MiniApp.visitMemory`). An app's object lives as long as
/// the process (the shell keeps it), so everything it does not free on leaving stays resident.
nonisolated public struct VisitMemory: Sendable {
    /// Loaded once per process and shared, read-only, by every app that needs it; never loaded
    /// a second time into another copy.
    public var shared: [String]
    /// Kept in the app for the next visit: state, and what is slow to rebuild and small.
    public var kept: [String]
    /// Let go when the app is left, rebuilt on the next visit: per-visit surfaces, caches, threads.
    public var freed: [String]
    /// What leaving during the opening load does.
    public var leavingDuringLoad: LeavingDuringLoad

    public enum LeavingDuringLoad: Sendable, Equatable {
        /// Nothing loads on opening.
        case nothingLoads
        /// The load stops at its next step; coming back takes what it brought and, once it has
        /// ended, loads what is missing: never two loads of one thing side by side.
        case stopsThenResumesOnceEnded
        /// The load is stopped and started again from what it had (a render).
        case pausesThenRestarts
    }

    public init(shared: [String] = [], kept: [String], freed: [String] = [], leavingDuringLoad: LeavingDuringLoad = .nothingLoads) {
        self.shared = shared
        self.kept = kept
        self.freed = freed
        self.leavingDuringLoad = leavingDuringLoad
    }
}

/// One piece of work that goes on after its app is left: "Saving 7680×4320", 0.42 done (nil
/// when the work cannot tell).
nonisolated public struct WorkGoingOn: Equatable, Sendable {
    public var name: String
    public var progress: Double?
    public init(_ name: String, progress: Double?) { self.name = name; self.progress = progress }

    /// What a piece of work came to ("Saved ~/Pictures/…", or why not).
    public struct Ended: Equatable, Sendable {
        public var message: String
        public var isError: Bool
        public init(_ message: String, isError: Bool) { self.message = message; self.isError = isError }
    }
}
