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
/// The state and its rules are `GlobeModel` (TouchDeskGlobe); this file lays out, routes input and
/// draws. The relief and the place index load on threads of their own while the window answers
/// (progress shows where the globe will be). The globe is one persistent image at the screen's
/// device scale, rendered on every core only when the view, the level, the style or the size
/// changes; an idle window costs nothing.
public final class GlobeApp: MiniApp {
    public nonisolated static let id = "globe"
    public nonisolated static let title = "Sea Level"
    public nonisolated static let blurb = "A relief globe whose sea level you change: ice age, melted ice, the seed's +476 m or no ocean at all. What floods, and who lives there."

    public internal(set) var model = GlobeModel()
    let environment: AppEnvironment
    let form = Form<Control>()
    /// The sea-level slider and the flooded places' rows, for the keyboard: Tab reaches them, the
    /// arrows step the slider and move along the rows, Enter turns the globe to a place.
    lazy var spots = FocusSpots { [unowned self] in
        [Focusable(name: "level", frame: sliderRect, role: .slider(down: .key(.key("Next")), up: .key(.key("Prior"))))]
            + (model.level > 0 && places != nil
               ? readout?.largest.indices.map { Focusable(name: "place.\($0 + 1)", frame: listRowFrame($0), role: .button, group: 1) } ?? [] : [])
    }
    let searchField: TextField

    // MARK: Data, arriving from the loaders

    /// The loaders (`GlobeApp+Loading`): replaced when leaving stopped one before it finished.
    var loader: GlobeLoader
    /// The index, or nil when stopped.
    var placesJob: BackgroundJob<Result<PlaceIndex, PlacesError>?>
    /// The sampled places, or nil when stopped.
    var floodJob: BackgroundJob<FloodedPlaces?>?
    /// How many of each load run (a test checks there is never more than one of each).
    let loadCounts = (globe: LoadCount(), places: LoadCount(), flood: LoadCount())
    let reliefPath: String
    public internal(set) var globe: GlobeData?
    public internal(set) var globeError: String?
    var places: PlaceIndex?
    public internal(set) var placesError: String?
    var flooded: FloodedPlaces?
    var readout: FloodedPlaces.Readout?
    /// The land bridges and the level each opens at, found once the relief is there.
    var bridges: [(bridge: LandBridge, opensAt: Int)] = []

    // MARK: The picture

    let globePicture = GlobePicture()
    /// How many times the globe was rendered (a test checks it stays put while nothing changes).
    var renderCount: Int { globePicture.renderCount }

    // MARK: Layout

    var size = Size(0, 0)
    /// Device pixels per point: the globe is rendered at the screen's own pixels.
    var scale = 1.0
    /// Where the globe is drawn, in the app's coordinates (whole points).
    public internal(set) var globeRect = Rect.zero
    var panelRect = Rect.zero
    var headlineY = 0.0
    var sliderRect = Rect.zero
    var listRect = Rect.zero
    var listRows = 0
    static let rowHeight = 22.0
    static let suggestionLimit = 6

    // MARK: Interaction

    enum Capture {
        case form, slider, globe(start: Point), doubleClick, listRow(Int), suggestion(Int)
        /// Ctrl+drag or a right-drag: up and down tilt, sideways turns the heading.
        case tilt(last: Point)
        /// Drawing a profile's line from where the press began.
        case profile(start: Point, from: GeoPoint)
        /// Dragging the walker along the profile's chart.
        case walk
    }
    var capture: Capture?
    /// Ctrl is held (its key went down and not yet up): a drag then tilts.
    var controlHeld = false
    /// Degrees of tilt per point of a tilting drag, and of heading per point sideways.
    static let tiltPerPoint = 0.3
    /// The elevation profile: its line, chart and state.
    var profileTool = GlobeProfileTool()
    var hover: Point?
    /// The place search's suggestions under the field (the list Map Search uses too).
    let search = PlaceSearchList()
    var suggestions: [PlaceSuggestion] { search.suggestions }
    /// The place last chosen from the list or the search, marked on the globe.
    var marked: Place?
    /// The place or clicked point the card describes, marked on the globe.
    var pin: GlobePin?
    /// "Is my home beach-front?" for the pin at the current level.
    var card: GlobePlaceCard?
    /// Ticks since the last tap on the globe, for double-clicks.
    var sinceTap = Int.max / 2
    var lastTap = Point.zero
    var loadingTicks = 0
    static let doubleClickTicks = 24
    /// A touch that moves less than this is a tap, not a drag.
    static let tapSlop = 4.0
    /// One wheel notch zooms by this.
    static let wheelFactor = 1.25

    public convenience init(environment: AppEnvironment) {
        self.init(environment: environment, reliefPath: ETOPO5.defaultPath())
    }

    /// With the ETOPO5 file at `reliefPath` (tests point it at nothing to see the message).
    init(environment: AppEnvironment, reliefPath: String) {
        self.environment = environment
        searchField = TextField("search", placeholder: "Find a place  ( / )", maxLength: 64, clipboard: environment.clipboard)
        form.add(searchField)
        for c in Control.buttons {
            form.controls.add(c, c.label, short: c.short, key: c.keys.first, also: Array(c.keys.dropFirst()), kind: c == .reset ? .button : .toggle,
                              help: c.help)
            form.order.append(.control(c))
        }
        for c in Control.allCases where !Control.buttons.contains(c) {
            form.controls.add(c, c.label, key: c.keys.first, also: Array(c.keys.dropFirst()), kind: .keys)
        }
        self.reliefPath = reliefPath
        loader = GlobeLoader(source: reliefPath, directory: environment.cacheDirectory, count: loadCounts.globe)
        placesJob = Self.placesJob(cacheFolder: environment.cacheDirectory, count: loadCounts.places)
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
        restartStoppedLoads()
        defer { refreshPicture() }
        // A small window's panel is at least wide enough for the compact buttons three to a row at
        // their own label size (their text never shrinks), leaving the globe 150 points.
        let compactPad = 10.0, compactGap = 4.0
        let toggles = [Control.coastline, .floodTint, .reset]
        let compactRow: Double = {
            let controls = form.controls
            let was = controls.isCompact
            controls.isCompact = true
            defer { controls.isCompact = was }
            let widest = (Control.presets + toggles).compactMap { controls[$0].map(controls.preferredWidth) }.max() ?? 0
            return 3 * (widest + 4) + 2 * compactGap + 2 * compactPad
        }()
        let panelW = (size.width >= 720 ? min(380, max(300, size.width * 0.3))
                                         : min(max(190, size.width - 150), max(190, size.width * 0.46, compactRow))).rounded()
        let globeW = max(1, size.width - panelW).rounded(.down), globeH = max(1, size.height.rounded(.down))
        globeRect = Rect(x: 0, y: 0, width: globeW, height: globeH)
        model.setArea(width: globeW, height: globeH)
        panelRect = Rect(x: globeW, y: 0, width: size.width - globeW, height: size.height)

        let pad = 14.0
        let x = panelRect.x + pad, w = max(20, panelRect.width - 2 * pad)
        let controls = form.controls
        // Presets one per row when there is room, else two per row, then the three toggles; in a
        // window too small for their full labels, all of them three to a row with short labels.
        let buttonH = 32.0, gap = 6.0
        let half = (w - gap) / 2, third = (w - 2 * gap) / 3
        controls.isCompact = false
        let fits = { (ids: [Control], width: Double) in ids.allSatisfy { c in controls[c].map(controls.preferredWidth) ?? 0 <= width } }
        let below = size.height - (12 + TextField.height + 10 + 58 + 50)
        let presetRows = Double(Control.presets.count), presetPairs = Double((Control.presets.count + 1) / 2)
        let oneColumn = below >= presetRows * (buttonH + gap) + buttonH + 4 * Self.rowHeight + 40 && fits(Control.presets, w) && fits(toggles, third)
        let twoColumns = !oneColumn && below >= (presetPairs + 1) * (buttonH + gap) + 2 * Self.rowHeight
            && fits(Control.presets, half) && fits(toggles, third)
        controls.isCompact = !oneColumn && !twoColumns
        var y = 12.0
        searchField.frame = Rect(x: x, y: y, width: w, height: TextField.height)
        search.anchor = searchField.frame
        y += TextField.height + (controls.isCompact ? 8 : 10)
        headlineY = y
        y += controls.isCompact ? 46 : 58
        sliderRect = Rect(x: x, y: y, width: w, height: 30)
        y += 30 + (controls.isCompact ? 10 : 20)
        if controls.isCompact {
            // Three to a row (short labels), so the flooded-places list keeps a few rows below
            // them; where a row more would leave the list under two rows (the smallest window,
            // 400 × 360), the IPCC projections answer their keys only (6–8; F1 lists them). A zero
            // frame is a control not shown.
            let cx = panelRect.x + compactPad, cw = max(20, panelRect.width - 2 * compactPad)
            let bw = (cw - 2 * compactGap) / 3, bh = controls.height
            func height(_ n: Int) -> Double { let rows = Double((n + 2) / 3); return rows * bh + (rows - 1) * compactGap + 8 }
            let roomy = Self.listRows(height: size.height - y - height(Control.buttons.count) - 6) >= 2
            let shown = roomy ? Control.buttons : Control.buttons.filter { !Control.projections.contains($0) }
            for (k, c) in shown.enumerated() {
                controls.place(c, at: Rect(x: cx + Double(k % 3) * (bw + compactGap), y: y + Double(k / 3) * (bh + compactGap), width: bw, height: bh))
            }
            for c in Control.buttons where !shown.contains(c) { controls.place(c, at: .zero) }
            y += height(shown.count)
        } else {
            for (i, c) in Control.presets.enumerated() {
                let frame: Rect
                if oneColumn {
                    frame = Rect(x: x, y: y + Double(i) * (buttonH + gap), width: w, height: buttonH)
                } else {
                    frame = Rect(x: x + Double(i % 2) * (half + gap), y: y + Double(i / 2) * (buttonH + gap), width: half, height: buttonH)
                }
                controls.place(c, at: frame)
            }
            y += (oneColumn ? presetRows : presetPairs) * (buttonH + gap)
            for (i, c) in toggles.enumerated() {
                controls.place(c, at: Rect(x: x + Double(i) * (third + gap), y: y, width: third, height: buttonH))
            }
            y += buttonH + 14
        }
        // The list: a header line, rows, and a closing line.
        listRect = Rect(x: x, y: y, width: w, height: max(0, size.height - y - 6))
        listRows = Self.listRows(height: listRect.height)
        updateReadout()
    }

    /// How many places the list shows in `height`: under its header, with the closing line
    /// ("— N places of over a million people") below them where there is room for it, else
    /// without it, so a small window still lists a place or two.
    static func listRows(height: Double) -> Int {
        let withClosing = Int((height - 2 * rowHeight - 6) / rowHeight)
        return withClosing > 0 ? withClosing : max(0, Int((height - rowHeight - 4) / rowHeight))
    }

    /// Whether the list's closing line fits under its rows.
    var listShowsClosing: Bool { listRect.height >= Double(listRows + 2) * Self.rowHeight + 6 }

    public func handle(_ event: InputEvent) -> Bool {
        switch event {
        case .key(let k):
            if k.name.hasPrefix("Control_") { controlHeld = true }
            return handleKey(k)
        case .keyUp(let k):
            if k.name.hasPrefix("Control_") { controlHeld = false }
            return false
        case .secondaryBegan(let p):
            guard globeRect.contains(p) else { return false }
            capture = .tilt(last: p)
            return true
        case .secondaryMoved(let p): return touchMoved(p)
        case .secondaryEnded(let p): return touchEnded(p)
        case .touchBegan(let p): return touchBegan(p)
        case .touchMoved(let p): return touchMoved(p)
        case .touchEnded(let p): return touchEnded(p)
        case .scroll(let p, let dy):
            guard globeRect.contains(p) else { return false }
            model.zoom(by: pow(Self.wheelFactor, -dy), about: local(p))
            return true
        case .hover(let p):
            hover = p
            search.hover(p)
            _ = form.handle(event)
            return true
        case .leave:
            hover = nil
            _ = form.handle(event)
            return true
        case .middleClick, .paste, .pastedPicture:
            if case .edited = form.handle(event) { updateSuggestions() }
            return true
        case .tilt, .scrollSideways, .altClick:
            return false
        }
    }

    /// Left for the home screen: the picture (8 MB at 1920 × 1080, 32 MB at 4K) and the renderer's
    /// per-pixel geometry go; they are rebuilt in one frame when the app is laid out again. The
    /// relief stays: it is the memory-mapped cache, whose pages the system can drop on its own.
    public func didLeave() {
        stopLoads()
        globePicture.release()
        capture = nil
        controlHeld = false
    }

    public func tick() -> Bool {
        restartStoppedLoads()
        absorbLoads()
        absorbSharpening()
        let loading = isLoading
        if loading { loadingTicks += 1 }
        var busy = model.tick()
        // While the globe moves, a tilted view draws coarse frames; the tick it comes to rest, the full one.
        let moving = busy
        defer { refreshPicture(coarse: moving) }
        busy = form.tick() || busy
        syncWalking()
        busy = profileTool.tick() || busy
        if sinceTap < Self.doubleClickTicks {
            sinceTap += 1
            busy = true
        }
        return busy || loading || globePicture.sharpening != nil
    }

    public var cursor: PointerShape {
        if case .globe = capture { return .move }
        if case .tilt = capture { return .move }
        if profileTool.isArmed, let p = hover, globeRect.contains(p) { return .crosshair }
        guard let p = hover else { return .arrow }
        if suggestionIndex(at: p) != nil || listRow(at: p) != nil { return .hand }
        if searchField.frame.contains(p) { return .text }
        if globeRect.contains(p), globe != nil, model.view.pick(x: p.x, y: p.y, width: Int(globeRect.width), height: Int(globeRect.height)) != nil {
            return .move
        }
        return .arrow
    }

    // MARK: - Keys

    func handleKey(_ k: Key) -> Bool {
        if !searchField.isFocused, profileTool.isShowing, k.is("Escape") {
            profileTool.close()
            syncWalking()
            return true
        }
        if searchField.isFocused {
            if k.is("Escape") {
                // One Esc ends the search, suggestions and field together; the next goes home.
                search.close()
                form.setFocus(nil)
                return true
            }
            switch search.handle(key: k) {
            case .moved: return true
            case .picked(let row):
                if let place = search.place(row: row) { choose(place) }
                return true
            case .ignored: break
            }
            if k.is("Return") || k.is("KP_Enter") {
                // No row chosen with the arrows: the best match, as Map Search does.
                if let best = places?.bestMatch(for: searchField.text) {
                    choose(best)
                }
                return true
            }
        }
        switch form.handle(.key(k)) {
        case .edited:
            updateSuggestions()
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
    func activate(_ c: Control) {
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
            form.setFocus(.field(searchField.id))
            searchField.selectAll()
            updateSuggestions()
        case .moreRelief, .lessRelief:
            // Seen straight down, the mountains on the rim stand off it.
            model.style.exaggeration = GlobeStyle.steppedExaggeration(model.style.exaggeration, up: c == .moreRelief)
        case .sun: model.style.sunTurn = (model.style.sunTurn + 1) % GlobeSun.turns
        // The presets are applied above; the level keys step in `handleKey`.
        case .iceAge, .today, .iceMelted, .seeds, .drained, .low2100, .high2100, .high2300, .levelUp, .levelDown, .levelPageUp, .levelPageDown: break
        }
        syncControls()
    }

    func changeLevel(_ body: (inout GlobeModel) -> Void) {
        body(&model)
        levelChanged()
        refreshPicture()
    }

    func levelChanged() {
        syncControls()
        updateReadout()
        updateCard()
    }

    func updateCard() {
        guard let pin, let globe else { card = nil; return }
        card = GlobePlaceCard(title: pin.title, point: pin.point, level: model.level, globe: globe, isPlace: !pin.label.isEmpty)
    }

    /// The walking keys answer only while a profile is shown (else ←/→ turn the globe).
    func syncWalking() {
        for c in Control.walking { form.controls.setEnabled(c, profileTool.profile != nil) }
    }

    func syncControls() {
        syncWalking()
        for c in Control.presets { form.controls.setOn(c, c.preset?.metres == model.level) }
        form.controls.setOn(.coastline, model.style.showsCoastline)
        form.controls.setOn(.floodTint, model.style.tintsFloodedLand)
    }

    func updateReadout() {
        readout = flooded?.readout(at: model.gridLevel, limit: listRows)
    }

    // MARK: - Search

    var suggestionsShown: Bool { searchField.isFocused && search.isOpen }

    func suggestionIndex(at p: Point) -> Int? {
        searchField.isFocused ? search.row(at: p) : nil
    }

    func updateSuggestions() {
        search.update(text: searchField.text.trimmingCharacters(in: .whitespaces), index: places, limit: Self.suggestionLimit)
    }

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
        search.close()
        searchField.setText(place.name)
        form.setFocus(nil)
        model.turn(to: GeoPoint(latitude: place.coordinate.latitude, longitude: place.coordinate.longitude),
                   zoom: max(model.view.zoom, 4))
    }

    // MARK: - Drawing

    public func draw(_ cr: CairoContext) {
        drawGlobe(cr)
        drawPanel(cr)
        spots.draw(cr)
    }

    /// Renders the globe's picture for the current state (after a layout or a tick), only when
    /// something it shows has changed since the last one.
    func refreshPicture(coarse moving: Bool = false) {
        guard let globe, globeRect.width >= 1, globeRect.height >= 1 else { return }
        // A tilting drag moves the view too: coarse until the button comes up.
        let tilting: Bool = { if case .tilt = capture { return true } else { return false } }()
        globePicture.refresh(globe, pictureKey(coarse: moving || tilting || model.isDragging ? 2 : 1))
    }

    func pictureKey(coarse: Int) -> GlobePicture.Key {
        GlobePicture.Key(view: model.view, level: model.gridLevel, style: model.style, size: globeRect.size, scale: scale, coarse: coarse)
    }

    /// A tilted view's full picture, when it is traced, shows if the view is still the same.
    func absorbSharpening() {
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
}

extension GlobeApp {
    public var widgets: [any WidgetGroup] { [form, spots] }
    /// Esc puts the profile away before it goes home.
    public var takesEscape: Bool { profileTool.isShowing && !searchField.isFocused }
    /// The field and buttons, the sea-level slider, and the rows of the flooded-places list (a
    /// click turns the globe to that place).
    public var controlRects: [ControlRect] {
        form.controlRects + [ControlRect("level", sliderRect)]
            + (model.level > 0 && places != nil ? readout?.largest.indices.map { ControlRect("place.\($0 + 1)", listRowFrame($0)) } ?? [] : [])
    }
    public var extraKeys: [KeyHelp] {
        [KeyHelp("Drag, flick", "Turn the globe"), KeyHelp("Ctrl+drag, right-drag", "Tilt (up, down) and turn the heading (sideways)"),
         KeyHelp("Wheel, + -", "Zoom"), KeyHelp("Double-click", "Turn that point to the centre")]
    }
}
