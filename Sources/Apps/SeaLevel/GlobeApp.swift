import Foundation
import TouchDeskDrawing
import TouchDeskFiles
import TouchDeskGlobe
import TouchDeskInterface
import TouchDeskModels
import TouchDeskPlaces
import TouchDeskToolkit

/// Sea Level: the seed's wished-for toy globe. Real relief (ETOPO5), a sea level from the Mariana
/// trench to above Everest, honest flooding (only what the sea can reach), and what it means: the
/// share of today's land under water and the largest places that go under.
///
/// The state and its rules are `GlobeModel` (TouchDeskGlobe). This class routes input and holds the
/// pieces, each a type that owns its state: the loads (`GlobeLoads`), the panel with its slider
/// and list (`GlobePanel`), the search (`SearchBox`), the pointer's gestures (`GlobePointer`), the
/// profile (`GlobeProfileTool`), the rendered picture (`GlobePicture`) and the globe area as drawn
/// (`GlobeArea`). The relief and the place index load on threads of their own while the window
/// answers (progress shows where the globe will be). The globe is one persistent image at the
/// screen's device scale, rendered on every core only when the view, the level, the style or the
/// size changes; an idle window costs nothing.
public final class GlobeApp: MiniApp {
    public nonisolated static let id = "globe"
    public nonisolated static let title = "Sea Level"
    public nonisolated static let blurb = "A relief globe whose sea level you change: ice age, melted ice, the seed's +476 m or no ocean at all. What floods, and who lives there."

    typealias Control = GlobeControl

    public private(set) var model = GlobeModel()
    private let environment: AppEnvironment
    let form = Form<Control>()
    /// The place search: its field, the suggestions under it (the list Map Search uses too).
    let search: SearchBox<Control>
    /// The sea-level slider and the flooded places' rows, for the keyboard: Tab reaches them, the
    /// arrows step the slider and move along the rows, Enter turns the globe to a place.
    private lazy var spots = FocusSpots { [unowned self] in
        [Focusable(name: "level", frame: panel.sliderRect, role: .slider(down: .key(.key("Next")), up: .key(.key("Prior"))))]
            + panel.shownRows(level: model.level, placesLoaded: places != nil).map {
                Focusable(name: "place.\($0 + 1)", frame: panel.listRowFrame($0), role: .button, group: 1)
            }
    }
    /// The relief, the place index and the sampling of places, arriving on threads of their own.
    let loads: GlobeLoads
    let panel = GlobePanel()
    let globePicture = GlobePicture()
    /// The elevation profile: its line, chart and walker.
    private(set) var profileTool = GlobeProfileTool()
    private var pointer = GlobePointer()

    /// How many times the globe was rendered (a test checks it stays put while nothing changes).
    var renderCount: Int { globePicture.renderCount }
    public var globe: GlobeData? { loads.globe }
    public var globeError: String? { loads.globeError }
    var places: PlaceIndex? { loads.places }
    public var placesError: String? { loads.placesError }

    private var size = Size(0, 0)
    /// Device pixels per point: the globe is rendered at the screen's own pixels.
    private var scale = 1.0
    /// Where the globe is drawn, in the app's coordinates (whole points).
    public private(set) var globeRect = Rect.zero

    /// The place last chosen from the list or the search, marked on the globe.
    private(set) var marked: Place?
    /// The place or clicked point the card describes, marked on the globe.
    private var pin: GlobePin?
    /// "Is my home beach-front?" for the pin at the current level.
    private(set) var card: GlobePlaceCard?
    private var loadingTicks = 0
    static let suggestionLimit = 6
    /// One wheel notch zooms by this.
    static let wheelFactor = 1.25

    public convenience init(environment: AppEnvironment) {
        self.init(environment: environment, reliefPath: ETOPO5.defaultPath())
    }

    /// With the ETOPO5 file at `reliefPath` (tests point it at nothing to see the message).
    init(environment: AppEnvironment, reliefPath: String) {
        self.environment = environment
        search = SearchBox(form: form, placeholder: "Find a place  ( / )", maxLength: 64, clipboard: environment.clipboard, limit: Self.suggestionLimit)
        for c in Control.buttons {
            form.controls.add(c, c.label, short: c.short, key: c.keys.first, also: Array(c.keys.dropFirst()), kind: c == .reset ? .button : .toggle,
                              help: c.help)
            form.order.append(.control(c))
        }
        for c in Control.allCases where !Control.buttons.contains(c) {
            form.controls.add(c, c.label, key: c.keys.first, also: Array(c.keys.dropFirst()), kind: .keys)
        }
        loads = GlobeLoads(reliefPath: reliefPath, cacheDirectory: environment.cacheDirectory)
        syncControls()
    }

    /// Opens at the command line's view and level.
    public func start(_ o: StartOptions) {
        if o.lookAt != nil || o.zoom != nil {
            var v = model.view
            if let p = o.lookAt { v.centre(on: p) }
            if let z = o.zoom { v.zoom = z }
            model.show(v)
        }
        if let t = o.tilt { model.setTilt(t) }
        // Facing north after --look-at; turned about the centre to the heading.
        if let h = o.heading { model.turnHeading(degrees: h) }
        if let m = o.seaLevel { model.setLevel(m) }
        if let e = o.exaggeration { model.style.exaggeration = e }
        levelChanged()
    }

    // MARK: - MiniApp

    public func layout(in size: Size, scale: Double) {
        self.size = size
        self.scale = scale
        follow(loads.restartStopped())
        defer { refreshPicture() }
        // A small window's panel is at least wide enough for the compact buttons three to a row at
        // their own label size (their text never shrinks), leaving the globe 150 points.
        let compactRow = GlobePanel.compactWidth(controls: form.controls)
        let panelW = (size.width >= 720 ? min(380, max(300, size.width * 0.3))
                                         : min(max(190, size.width - 150), max(190, size.width * 0.46, compactRow))).rounded()
        let globeW = max(1, size.width - panelW).rounded(.down), globeH = max(1, size.height.rounded(.down))
        globeRect = Rect(x: 0, y: 0, width: globeW, height: globeH)
        model.setArea(width: globeW, height: globeH)
        panel.layout(in: Rect(x: globeW, y: 0, width: size.width - globeW, height: size.height), window: size,
                     controls: form.controls, search: search)
        updateReadout()
    }

    public func handle(_ event: InputEvent) -> Bool {
        switch event {
        case .key(let k):
            pointer.key(k, down: true)
            return handleKey(k)
        case .keyUp(let k):
            pointer.key(k, down: false)
            return false
        case .secondaryBegan(let p):
            guard globeRect.contains(p) else { return false }
            pointer.beginTilt(at: p)
            return true
        case .secondaryMoved(let p): return touchMoved(p)
        case .secondaryEnded(let p): return touchEnded(p)
        case .touchBegan(let p): return touchBegan(p)
        case .touchMoved(let p): return touchMoved(p)
        case .touchEnded(let p): return touchEnded(p)
        case .scroll(let p, let dy):
            guard globeRect.contains(p) else { return false }
            model.zoom(by: pow(Self.wheelFactor, -dy), about: GlobePointer.local(p, in: globeRect))
            return true
        case .hover(let p):
            pointer.hover = p
            search.hover(p)
            _ = form.handle(event)
            return true
        case .leave:
            pointer.hover = nil
            _ = form.handle(event)
            return true
        case .middleClick, .paste, .pastedPicture:
            if case .edited = form.handle(event) { search.edited(index: places) }
            return true
        case .tilt, .scrollSideways, .altClick:
            return false
        }
    }

    /// Left for the home screen: the picture (8 MB at 1920 × 1080, 32 MB at 4K) and the renderer's
    /// per-pixel geometry go; they are rebuilt in one frame when the app is laid out again. The
    /// relief stays: it is the memory-mapped cache, whose pages the system can drop on its own.
    public func didLeave() {
        loads.stop()
        globePicture.release()
        pointer.reset()
        panel.holdsKnob = false
    }

    public func tick() -> Bool {
        follow(loads.restartStopped())
        follow(loads.absorb())
        absorbSharpening()
        let loading = loads.isLoading
        if loading { loadingTicks += 1 }
        var busy = model.tick()
        // While the globe moves, a tilted view draws coarse frames; the tick it comes to rest, the full one.
        let moving = busy
        defer { refreshPicture(coarse: moving) }
        busy = form.tick() || busy
        syncWalking()
        busy = profileTool.tick() || busy
        busy = pointer.tick() || busy
        return busy || loading || globePicture.sharpening != nil
    }

    /// What arrived from the loads shows: the card once the relief is there, the list once the
    /// places are sampled.
    private func follow(_ arrived: GlobeLoads.Arrivals) {
        if arrived.contains(.relief) { updateCard() }
        if arrived.contains(.flooded) { updateReadout() }
    }

    /// Blocks until the relief and the places are loaded and the flooded places sampled, and the
    /// picture is drawn. Only for `--screenshot` and tests: the window never waits.
    public func finishLoading() {
        follow(loads.finish())
        refreshPicture()
        globePicture.waitForSharpening(wanted: pictureKey(coarse: 1))
    }

    /// Whether anything is still loading (the relief, the places, or the sampling of places).
    public var isLoading: Bool { loads.isLoading }

    public var cursor: PointerShape {
        if pointer.isTurning || pointer.isTilting { return .move }
        if profileTool.isArmed, let p = pointer.hover, globeRect.contains(p) { return .crosshair }
        guard let p = pointer.hover else { return .arrow }
        if search.row(at: p) != nil || panel.listRow(at: p, level: model.level) != nil { return .hand }
        if search.field.frame.contains(p) { return .text }
        if globeRect.contains(p), globe != nil, GlobePointer.pick(p, in: globeRect, view: model.view) != nil { return .move }
        return .arrow
    }

    // MARK: - Pointer

    private func touchBegan(_ p: Point) -> Bool {
        if let i = search.row(at: p) {
            pointer.hold(.suggestion(i))
            return true
        }
        if panel.sliderRect.insetBy(-6).contains(p) {
            pointer.hold(.slider)
            panel.holdsKnob = true
            setSlider(p)
            return true
        }
        if form.handle(.touchBegan(p)) != .ignored {
            pointer.hold(.form)
            if !search.field.isFocused { search.list.close() }
            return true
        }
        if let row = panel.listRow(at: p, level: model.level) {
            pointer.hold(.listRow(row))
            return true
        }
        guard globeRect.contains(p) else { return false }
        search.end()
        form.setFocus(nil)
        pointer.begin(at: p, in: globeRect, model: &model, profile: &profileTool, globe: globe)
        return true
    }

    private func touchMoved(_ p: Point) -> Bool {
        switch pointer.capture {
        case .form:
            if case .edited = form.handle(.touchMoved(p)) { search.edited(index: places) }
        case .slider: setSlider(p)
        case .listRow, .suggestion: break
        default: return pointer.move(to: p, in: globeRect, model: &model, profile: &profileTool, globe: globe)
        }
        return true
    }

    private func touchEnded(_ p: Point) -> Bool {
        let held = pointer.release()
        switch held {
        case .form:
            if case .activated(let c) = form.handle(.touchEnded(p)) { activate(c) }
        case .slider:
            setSlider(p)
            panel.holdsKnob = false
        case .listRow(let row):
            if panel.listRow(at: p, level: model.level) == row, let id = panel.readout?.largest[row], let places { choose(places.place(id)) }
        case .suggestion(let i):
            if search.row(at: p) == i, let place = search.pick(row: i) { choose(place) }
        default:
            switch pointer.end(held, at: p, in: globeRect, model: &model, profile: &profileTool, globe: globe) {
            case .tapped(let point)?:
                marked = nil
                pin = GlobePin(title: GlobeArea.coordinates(point), label: "", point: point.normalized)
                updateCard()
            case .tilted?: refreshPicture()
            case .profiled?: syncWalking()
            case .nothing?: break
            case nil: return false
            }
        }
        return true
    }

    private func setSlider(_ p: Point) {
        let t = panel.sliderPosition(at: p)
        changeLevel { $0.setSliderPosition(t) }
    }

    // MARK: - Keys

    private func handleKey(_ k: Key) -> Bool {
        if !search.isActive, profileTool.isShowing, k.is("Escape") {
            profileTool.close()
            syncWalking()
            return true
        }
        switch search.handle(key: k, index: places) {
        case .ignored: break
        case .handled, .unmatched, .waiting: return true
        case .chose(let place):
            choose(place)
            return true
        }
        switch form.handle(.key(k)) {
        case .edited:
            search.edited(index: places)
            return true
        case .activated(let c):
            // A level key steps by what Shift makes of it (`Control.levelKey`).
            if let key = c.levelKey { changeLevel { $0.press(key, shift: k.shift) } } else { activate(c) }
            return true
        case .consumed, .submitted, .stepped:
            return true
        case .ignored:
            return false
        }
    }

    /// A button or key: what it changes shows in the frame that answers it (a drag's many small
    /// turns wait for the tick instead, so a burst of motion renders once).
    private func activate(_ c: Control) {
        defer { refreshPicture() }
        if let preset = c.preset {
            changeLevel { $0.apply(preset) }
            return
        }
        switch c {
        case .coastline: model.style.showsCoastline.toggle()
        case .floodTint: model.style.tintsFloodedLand.toggle()
        case .reset: model.resetView()
        case .walkBack: profileTool.stepWalk(-1)
        case .walkOn: profileTool.stepWalk(1)
        case .walkPlay: profileTool.togglePlay()
        case .headingLeft: model.turnHeading(degrees: -10)
        case .headingRight: model.turnHeading(degrees: 10)
        case .turnLeft: model.turn(degrees: -10)
        case .turnRight: model.turn(degrees: 10)
        case .turnUp: model.turnNorth(degrees: 10)
        case .turnDown: model.turnNorth(degrees: -10)
        case .tiltMore: model.stepTilt(up: true)
        case .tiltLess: model.stepTilt(up: false)
        case .profile: profileTool.toggle()
        case .profileDeep, .profileEverest:
            guard let globe else { break }
            let preset: ElevationProfile.Preset = c == .profileDeep ? .challengerDeep : .everest
            profileTool.show(preset, on: globe)
            model.turn(to: preset.surveyed.point, zoom: max(model.view.zoom, 8))
        case .zoomIn: model.zoom(by: Self.wheelFactor, about: (globeRect.width / 2, globeRect.height / 2))
        case .zoomOut: model.zoom(by: 1 / Self.wheelFactor, about: (globeRect.width / 2, globeRect.height / 2))
        case .find:
            // The old text selected, as Ctrl+L in Map Search: what is typed next replaces it.
            search.focus(index: places)
        case .moreRelief, .lessRelief:
            // Seen straight down, the mountains on the rim stand off it.
            model.style.exaggeration = GlobeStyle.steppedExaggeration(model.style.exaggeration, up: c == .moreRelief)
        case .sun: model.style.sunTurn = (model.style.sunTurn + 1) % GlobeSun.turns
        // The presets are applied above; the level keys step in `handleKey`.
        case .iceAge, .today, .iceMelted, .seeds, .drained, .low2100, .high2100, .high2300, .levelUp, .levelDown, .levelPageUp, .levelPageDown: break
        }
        syncControls()
    }

    private func changeLevel(_ body: (inout GlobeModel) -> Void) {
        body(&model)
        levelChanged()
        refreshPicture()
    }

    private func levelChanged() {
        syncControls()
        updateReadout()
        updateCard()
    }

    private func updateCard() {
        guard let pin, let globe else { card = nil; return }
        card = GlobePlaceCard(title: pin.title, point: pin.point, level: model.level, globe: globe, isPlace: !pin.label.isEmpty)
    }

    /// The walking keys answer only while a profile is shown (else ←/→ turn the globe).
    private func syncWalking() {
        for c in Control.walking { form.controls.setEnabled(c, profileTool.profile != nil) }
    }

    private func syncControls() {
        syncWalking()
        for c in Control.presets { form.controls.setOn(c, c.preset?.metres == model.level) }
        form.controls.setOn(.coastline, model.style.showsCoastline)
        form.controls.setOn(.floodTint, model.style.tintsFloodedLand)
    }

    private func updateReadout() {
        panel.updateReadout(flooded: loads.flooded, gridLevel: model.gridLevel)
    }

    // MARK: - Choosing a place

    /// Chooses the best match for `query` and looks at it (the command line's `--place`); false
    /// when none matches.
    public func choose(query: String) -> Bool {
        guard let place = places?.bestMatch(for: query) else { return false }
        choose(place)
        // At once, not turning there: the command line's picture shows the place.
        model.show(GlobeView(lookingAt: GeoPoint(latitude: place.coordinate.latitude, longitude: place.coordinate.longitude),
                             zoom: max(model.view.zoom, 4)))
        return true
    }

    /// Turns the globe to `place` (zooming in to at least a country's size) and marks it.
    public func choose(_ place: Place) {
        marked = place
        pin = GlobePin(title: place.name + ", " + place.countryName, label: place.name,
                       point: GeoPoint(latitude: place.coordinate.latitude, longitude: place.coordinate.longitude))
        updateCard()
        search.settle(on: place)
        model.turn(to: GeoPoint(latitude: place.coordinate.latitude, longitude: place.coordinate.longitude),
                   zoom: max(model.view.zoom, 4))
    }

    // MARK: - Drawing

    public func draw(_ cr: CairoContext) {
        area.draw(cr)
        panel.draw(cr, GlobePanel.Scene(model: model, loads: loads, hover: pointer.hover, controls: form.controls, search: search))
        spots.draw(cr)
    }

    /// The globe area as it is to be drawn now.
    var area: GlobeArea {
        GlobeArea(rect: globeRect, model: model, globe: globe, globeError: globeError, loadStep: loads.loader.step, loadingTicks: loadingTicks,
                  surface: globe == nil ? nil : globePicture.surface, pin: pin, profile: profileTool, card: card, hover: pointer.hover)
    }

    /// Renders the globe's picture for the current state (after a layout or a tick), only when
    /// something it shows has changed since the last one.
    private func refreshPicture(coarse moving: Bool = false) {
        guard let globe, globeRect.width >= 1, globeRect.height >= 1 else { return }
        // A tilting drag moves the view too: coarse until the button comes up.
        globePicture.refresh(globe, pictureKey(coarse: moving || pointer.isTilting || model.isDragging ? 2 : 1))
    }

    private func pictureKey(coarse: Int) -> GlobePicture.Key {
        GlobePicture.Key(view: model.view, level: model.gridLevel, style: model.style, size: globeRect.size, scale: scale, coarse: coarse)
    }

    /// A tilted view's full picture, when it is traced, shows if the view is still the same.
    private func absorbSharpening() {
        globePicture.absorbSharpening(wanted: pictureKey(coarse: 1))
    }

    // MARK: - Icon

    public static func drawIcon(_ cr: CairoContext, in r: Rect) {
        let c = r.center, radius = r.width * 0.42
        cr.setLinearGradient(from: Point(c.x, c.y - radius), to: Point(c.x, c.y + radius),
                             stops: [(0, Color(hex: 0x4f8fd8)), (1, Color(hex: 0x123a78))])
        cr.circle(c, radius)
        cr.fill()
        cr.saved {
            cr.circle(c, radius)
            cr.clip()
            // Two continents, and the risen sea's line across them.
            Color(hex: 0x6a9e4f).set(cr)
            cr.circle(Point(c.x - radius * 0.35, c.y - radius * 0.2), radius * 0.45)
            cr.fill()
            Color(hex: 0xa08050).set(cr)
            cr.circle(Point(c.x + radius * 0.45, c.y + radius * 0.35), radius * 0.35)
            cr.fill()
            Color(hex: 0x7fb8e6, alpha: 0.75).set(cr)
            cr.rectangle(Rect(x: r.x, y: c.y + radius * 0.15, width: r.width, height: radius))
            cr.fill()
        }
        Color(1, 1, 1, 0.5).set(cr)
        cr.setLineWidth(max(1, r.width * 0.02))
        cr.circle(c, radius)
        cr.stroke()
    }

    public var widgets: [any WidgetGroup] { [search, spots] }
    /// Esc puts the profile away before it goes home.
    public var takesEscape: Bool { profileTool.isShowing && !search.isActive }
    /// The field and buttons, the sea-level slider, and the rows of the flooded-places list (a
    /// click turns the globe to that place).
    public var controlRects: [ControlRect] {
        form.controlRects + [ControlRect("level", panel.sliderRect)]
            + panel.shownRows(level: model.level, placesLoaded: places != nil).map { ControlRect("place.\($0 + 1)", panel.listRowFrame($0)) }
    }
    public var extraKeys: [KeyHelp] {
        [KeyHelp("Drag, flick", "Turn the globe"), KeyHelp("Ctrl+drag, right-drag", "Tilt (up, down) and turn the heading (sideways)"),
         KeyHelp("Wheel, + -", "Zoom"), KeyHelp("Double-click", "Turn that point to the centre")]
    }
}
