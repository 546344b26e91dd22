import Foundation
import TouchDeskDrawing
import TouchDeskGlobe
import TouchDeskInterface
import TouchDeskModels
import TouchDeskPlaces

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

    /// The buttons, by the ids `Controls` knows them by.
    enum Control: String, CaseIterable, ControlID {
        case iceAge, today, iceMelted, seeds, drained, coastline, floodTint, reset
        /// Keys only: turning, zooming, finding, the relief's exaggeration.
        case turnLeft, turnRight, zoomIn, zoomOut, find, moreRelief, lessRelief

        var preset: SeaLevel.Preset? {
            switch self {
            case .iceAge: .iceAge
            case .today: .today
            case .iceMelted: .iceMelted
            case .seeds: .seeds
            case .drained: .drained
            default: nil
            }
        }

        var label: String {
            switch self {
            case .iceAge: "Ice age −120 m"
            case .today: "Today 0 m"
            case .iceMelted: "All ice melted +70 m"
            case .seeds: "The seed's +476 m"
            case .drained: "Drained −11,000 m"
            case .coastline: "Coastline"
            case .floodTint: "Flood tint"
            case .reset: "Reset"
            case .turnLeft: "Turn by 10° west"
            case .turnRight: "Turn by 10° east"
            case .zoomIn: "Zoom in"
            case .zoomOut: "Zoom out"
            case .find: "Find a place"
            case .moreRelief: "Exaggerate the relief more (1, 2, 5, 10, 20, 50×)"
            case .lessRelief: "Exaggerate the relief less"
            }
        }

        /// The label in a small window's compact panel.
        var short: String {
            switch self {
            case .iceAge: "−120 m"
            case .today: "0 m"
            case .iceMelted: "+70 m"
            case .seeds: "+476 m"
            case .drained: "−11 km"
            case .coastline: "Coast"
            case .floodTint: "Tint"
            default: label
            }
        }

        var keys: [KeyChord] {
            switch self {
            case .iceAge: [.key("1")]
            case .today: [.key("2")]
            case .iceMelted: [.key("3")]
            case .seeds: [.key("4")]
            case .drained: [.key("5")]
            case .coastline: [.key("c")]
            case .floodTint: [.key("f")]
            case .reset: [.key("r"), .key("Home")]
            case .turnLeft: [.key("Left", "KP_Left")]
            case .turnRight: [.key("Right", "KP_Right")]
            case .zoomIn: [.key("plus", "equal", "KP_Add", shown: "+")]
            case .zoomOut: [.key("minus", "KP_Subtract")]
            case .find: [.key("slash", "KP_Divide"), .control("f")]
            case .moreRelief: [.key("bracketright", shown: "]")]
            case .lessRelief: [.key("bracketleft", shown: "[")]
            }
        }

        static let presets: [Control] = [.iceAge, .today, .iceMelted, .seeds, .drained]
        /// The panel's buttons, in order.
        static let buttons: [Control] = presets + [.coastline, .floodTint, .reset]
    }

    public private(set) var model = GlobeModel()
    let environment: AppEnvironment
    let form = Form<Control>()
    let searchField: TextField

    // MARK: Data, arriving from the loaders

    let loader: GlobeLoader
    private let placesJob: BackgroundJob<Result<PlaceIndex, PlacesError>>
    private var floodJob: BackgroundJob<FloodedPlaces>?
    public private(set) var globe: GlobeData?
    public private(set) var globeError: String?
    private(set) var places: PlaceIndex?
    public private(set) var placesError: String?
    private(set) var flooded: FloodedPlaces?
    private(set) var readout: FloodedPlaces.Readout?
    /// The land bridges and the level each opens at, found once the relief is there.
    private(set) var bridges: [(bridge: LandBridge, opensAt: Int)] = []

    // MARK: The picture

    private let renderer = GlobeRenderer()
    private struct PictureKey: Equatable {
        var view: GlobeView, level: Int, style: GlobeStyle, size: Size, scale: Double
    }
    private var picture: (key: PictureKey, surface: ImageSurface)?
    /// How many times the globe was rendered (a test checks it stays put while nothing changes).
    private(set) var renderCount = 0

    // MARK: Layout

    private var size = Size(0, 0)
    /// Device pixels per point: the globe is rendered at the screen's own pixels.
    private var scale = 1.0
    /// Where the globe is drawn, in the app's coordinates (whole points).
    public private(set) var globeRect = Rect.zero
    private(set) var panelRect = Rect.zero
    private var headlineY = 0.0
    private(set) var sliderRect = Rect.zero
    private var listRect = Rect.zero
    private var listRows = 0
    static let rowHeight = 22.0
    static let suggestionHeight = 30.0
    static let suggestionLimit = 6

    // MARK: Interaction

    private enum Capture { case form, slider, globe(start: Point), doubleClick, listRow(Int), suggestion(Int) }
    private var capture: Capture?
    private var hover: Point?
    private(set) var suggestions: [PlaceSuggestion] = []
    private var selectedSuggestion = 0
    /// The place last chosen from the list or the search, marked on the globe.
    private(set) var marked: Place?
    /// The place or clicked point the card describes, marked on the globe.
    private(set) var pin: GlobePin?
    /// "Is my home beach-front?" for the pin at the current level.
    private(set) var card: GlobePlaceCard?
    /// Ticks since the last tap on the globe, for double-clicks.
    private var sinceTap = Int.max / 2
    private var lastTap = Point.zero
    private var loadingTicks = 0
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
            form.controls.add(c, c.label, short: c.short, key: c.keys.first, also: Array(c.keys.dropFirst()), kind: c == .reset ? .button : .toggle)
            form.order.append(.control(c))
        }
        for c in Control.allCases where !Control.buttons.contains(c) {
            form.controls.add(c, c.label, key: c.keys.first, also: Array(c.keys.dropFirst()), kind: .keys)
        }
        let cache = environment.cacheDirectory
        loader = GlobeLoader(source: reliefPath, directory: cache)
        placesJob = BackgroundJob(name: "place index loader") {
            do throws(PlacesError) { return .success(try PlaceIndexCache.loadShared(cacheFolder: cache).index) } catch { return .failure(error) }
        }
        syncControls()
    }

    // MARK: - Command line

    /// Where `touchdesk globe` opens: `--look-at LAT,LON --zoom Z --sea-level METRES`.
    public struct StartOptions: Sendable {
        public var lookAt: GeoPoint?
        public var zoom: Double?
        public var seaLevel: Int?
        public var exaggeration: Double?
    }

    public struct OptionError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Checks the command line's globe options; the error says what is wrong and what is allowed.
    public nonisolated static func startOptions(lookAt: String?, zoom: String?, seaLevel: String?,
                                                exaggeration: String? = nil) throws(OptionError) -> StartOptions {
        var o = StartOptions()
        if let exaggeration {
            let range = GlobeStyle.exaggerationRange
            guard let e = Double(exaggeration.trimmingCharacters(in: .whitespaces)), e.isFinite, range.contains(e) else {
                throw OptionError(description: "--exaggeration takes a number from \(Int(range.lowerBound)) (true scale) to \(Int(range.upperBound)), not \"\(exaggeration)\"")
            }
            o.exaggeration = e
        }
        if let lookAt {
            let parts = lookAt.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, let lat = Double(parts[0]), let lon = Double(parts[1]), lat.isFinite, lon.isFinite else {
                throw OptionError(description: "--look-at takes LAT,LON in degrees, like 52.3,5.7 (south and west negative: --look-at=-33.9,151.2)")
            }
            guard (-90...90).contains(lat), (-180...180).contains(lon) else {
                throw OptionError(description: "--look-at \(lookAt): latitude must be within -90…90 and longitude within -180…180")
            }
            o.lookAt = GeoPoint(latitude: lat, longitude: lon)
        }
        if let zoom {
            guard let z = Double(zoom.trimmingCharacters(in: .whitespaces)), z.isFinite,
                  (GlobeView.minimumZoom...GlobeView.maximumZoom).contains(z) else {
                throw OptionError(description: "--zoom takes a number from \(Int(GlobeView.minimumZoom)) (the whole globe) to \(Int(GlobeView.maximumZoom)), not \"\(zoom)\"")
            }
            o.zoom = z
        }
        if let seaLevel {
            var s = seaLevel.trimmingCharacters(in: .whitespaces)
            if s.hasSuffix("m") { s.removeLast() }
            s = s.replacingOccurrences(of: "\u{2212}", with: "-").trimmingCharacters(in: .whitespaces)
            if s.hasPrefix("+") { s.removeFirst() }
            guard let m = Int(s), SeaLevel.range.contains(m) else {
                throw OptionError(description: "--sea-level takes whole metres from \(SeaLevel.lowest) to +\(SeaLevel.highest), like 70 or --sea-level=-120, not \"\(seaLevel)\"")
            }
            o.seaLevel = m
        }
        return o
    }

    /// Opens at the command line's view and level.
    public func start(_ o: StartOptions) {
        if o.lookAt != nil || o.zoom != nil {
            var v = model.view
            if let p = o.lookAt { v.centre(on: p) }
            if let z = o.zoom { v.zoom = z }
            model.show(v)
        }
        if let m = o.seaLevel { model.setLevel(m) }
        if let e = o.exaggeration { model.style.exaggeration = e }
        levelChanged()
    }

    /// Blocks until the relief and the places are loaded and the flooded places sampled. Only for
    /// `--screenshot` and tests: the window never waits.
    public func finishLoading() {
        loader.waitUntilDone()
        _ = placesJob.wait()
        absorbLoads()
        if let job = floodJob { _ = job.wait() }
        absorbLoads()
        refreshPicture()
    }

    /// Whether anything is still loading (the relief, the places, or the sampling of places).
    public var isLoading: Bool {
        (globe == nil && globeError == nil) || (places == nil && placesError == nil) || (floodJob != nil && flooded == nil)
    }

    // MARK: - Loading

    private func absorbLoads() {
        if globe == nil && globeError == nil {
            switch loader.state {
            case .loading: break
            case .ready(let data, _):
                globe = data
                bridges = LandBridge.allCases.compactMap { b in data.highestLevelWithDryPath(b).map { (b, $0) } }
                updateCard()
            case .failed(let message): globeError = message
            }
        }
        if places == nil && placesError == nil, let result = placesJob.value {
            switch result {
            case .success(let index): places = index
            case .failure(let error): placesError = error.description
            }
        }
        if floodJob == nil, let globe, let places {
            floodJob = BackgroundJob(name: "flooded places") { FloodedPlaces(index: places, globe: globe) }
        }
        if flooded == nil, let f = floodJob?.value {
            flooded = f
            updateReadout()
        }
    }

    // MARK: - MiniApp

    public func layout(in size: Size, scale: Double) {
        self.size = size
        self.scale = scale
        defer { refreshPicture() }
        let panelW = (size.width >= 720 ? min(380, max(300, size.width * 0.3)) : max(190, size.width * 0.46)).rounded()
        let globeW = max(1, size.width - panelW).rounded(.down), globeH = max(1, size.height.rounded(.down))
        globeRect = Rect(x: 0, y: 0, width: globeW, height: globeH)
        model.setArea(width: globeW, height: globeH)
        panelRect = Rect(x: globeW, y: 0, width: size.width - globeW, height: size.height)

        let pad = 14.0
        let x = panelRect.x + pad, w = max(20, panelRect.width - 2 * pad)
        let controls = form.controls
        // Presets one per row when there is room, else two per row, then the three toggles; in a
        // window too small for their full labels, all eight two by two with short labels.
        let buttonH = 32.0, gap = 6.0
        let half = (w - gap) / 2, third = (w - 2 * gap) / 3
        controls.isCompact = false
        let fits = { (ids: [Control], width: Double) in ids.allSatisfy { c in controls[c].map(controls.preferredWidth) ?? 0 <= width } }
        let toggles = [Control.coastline, .floodTint, .reset]
        let below = size.height - (12 + TextField.height + 10 + 58 + 50)
        let oneColumn = below >= 5 * (buttonH + gap) + buttonH + 4 * Self.rowHeight + 40 && fits(Control.presets, w) && fits(toggles, third)
        let twoColumns = !oneColumn && below >= 4 * (buttonH + gap) + 2 * Self.rowHeight
            && fits(Control.presets, half) && fits(toggles, third)
        controls.isCompact = !oneColumn && !twoColumns
        var y = 12.0
        searchField.frame = Rect(x: x, y: y, width: w, height: TextField.height)
        y += TextField.height + (controls.isCompact ? 8 : 10)
        headlineY = y
        y += controls.isCompact ? 50 : 58
        sliderRect = Rect(x: x, y: y, width: w, height: 30)
        y += 30 + (controls.isCompact ? 12 : 20)
        if controls.isCompact {
            y += controls.layoutColumns(in: Rect(x: x, y: y, width: w, height: 0), columns: 2, rowFirst: true) + 14
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
            y += Double(oneColumn ? 5 : 3) * (buttonH + gap)
            for (i, c) in toggles.enumerated() {
                controls.place(c, at: Rect(x: x + Double(i) * (third + gap), y: y, width: third, height: buttonH))
            }
            y += buttonH + 14
        }
        // The list: a header line, rows, and a closing line.
        listRect = Rect(x: x, y: y, width: w, height: max(0, size.height - y - 8))
        listRows = max(0, Int((listRect.height - 2 * Self.rowHeight - 6) / Self.rowHeight))
        updateReadout()
    }

    public func handle(_ event: InputEvent) -> Bool {
        switch event {
        case .key(let k): return handleKey(k)
        case .touchBegan(let p): return touchBegan(p)
        case .touchMoved(let p): return touchMoved(p)
        case .touchEnded(let p): return touchEnded(p)
        case .scroll(let p, let dy):
            guard globeRect.contains(p) else { return false }
            model.zoom(by: pow(Self.wheelFactor, -dy), about: local(p))
            return true
        case .hover(let p):
            hover = p
            _ = form.handle(event)
            return true
        case .leave:
            hover = nil
            _ = form.handle(event)
            return true
        case .middleClick, .paste, .pastedPicture:
            if case .edited = form.handle(event) { updateSuggestions() }
            return true
        case .keyUp, .tilt, .secondaryBegan, .secondaryMoved, .secondaryEnded, .scrollSideways, .altClick:
            return false
        }
    }

    public func tick() -> Bool {
        absorbLoads()
        let loading = isLoading
        if loading { loadingTicks += 1 }
        var busy = model.tick()
        defer { refreshPicture() }
        busy = form.tick() || busy
        if sinceTap < Self.doubleClickTicks {
            sinceTap += 1
            busy = true
        }
        return busy || loading
    }

    public var cursor: PointerShape {
        if case .globe = capture { return .move }
        guard let p = hover else { return .arrow }
        if suggestionIndex(at: p) != nil || listRow(at: p) != nil { return .hand }
        if searchField.frame.contains(p) { return .text }
        if globeRect.contains(p), globe != nil, model.view.pick(x: p.x, y: p.y, width: Int(globeRect.width), height: Int(globeRect.height)) != nil {
            return .move
        }
        return .arrow
    }

    // MARK: - Keys

    private func handleKey(_ k: Key) -> Bool {
        if searchField.isFocused {
            if k.is("Escape") {
                if suggestions.isEmpty { form.setFocus(nil) } else { suggestions = [] }
                return true
            }
            if !suggestions.isEmpty && (k.is("Down") || k.is("KP_Down")) {
                selectedSuggestion = min(suggestions.count - 1, selectedSuggestion + 1)
                return true
            }
            if !suggestions.isEmpty && (k.is("Up") || k.is("KP_Up")) {
                selectedSuggestion = max(0, selectedSuggestion - 1)
                return true
            }
            if k.is("Return") || k.is("KP_Enter") {
                if suggestions.indices.contains(selectedSuggestion) {
                    choose(suggestions[selectedSuggestion].place)
                } else if let best = places?.bestMatch(for: searchField.text) {
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
            activate(c)
            return true
        case .consumed, .submitted, .stepped:
            return true
        case .ignored:
            break
        }
        return globalKey(k)
    }

    /// The sea level's keys: with Shift, they take bigger steps.
    private func globalKey(_ k: Key) -> Bool {
        if k.control { return false }
        let shift = k.shift
        if k.is("Up") || k.is("KP_Up") { changeLevel { $0.press(.up, shift: shift) } }
        else if k.is("Down") || k.is("KP_Down") { changeLevel { $0.press(.down, shift: shift) } }
        else if k.is("Prior") || k.is("Page_Up") || k.is("KP_Prior") || k.is("KP_Page_Up") { changeLevel { $0.press(.pageUp, shift: shift) } }
        else if k.is("Next") || k.is("Page_Down") || k.is("KP_Next") || k.is("KP_Page_Down") { changeLevel { $0.press(.pageDown, shift: shift) } }
        else { return false }
        return true
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
        case .turnLeft: model.turn(degrees: -10)
        case .turnRight: model.turn(degrees: 10)
        case .zoomIn: model.zoom(by: Self.wheelFactor, about: (globeRect.width / 2, globeRect.height / 2))
        case .zoomOut: model.zoom(by: 1 / Self.wheelFactor, about: (globeRect.width / 2, globeRect.height / 2))
        case .find:
            form.setFocus(.field(searchField.id))
            updateSuggestions()
        case .moreRelief, .lessRelief:
            // Seen straight down, the mountains on the rim stand off it.
            model.style.exaggeration = GlobeStyle.steppedExaggeration(model.style.exaggeration, up: c == .moreRelief)
        case .iceAge, .today, .iceMelted, .seeds, .drained: break
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
        card = GlobePlaceCard(title: pin.title, point: pin.point, level: model.level, globe: globe)
    }

    private func syncControls() {
        for c in Control.presets { form.controls.setOn(c, c.preset?.metres == model.level) }
        form.controls.setOn(.coastline, model.style.showsCoastline)
        form.controls.setOn(.floodTint, model.style.tintsFloodedLand)
    }

    private func updateReadout() {
        readout = flooded?.readout(at: model.level, limit: listRows)
    }

    // MARK: - Pointer

    /// A point in the globe's own area (the model's coordinates).
    private func local(_ p: Point) -> (x: Double, y: Double) { (p.x - globeRect.x, p.y - globeRect.y) }

    private func touchBegan(_ p: Point) -> Bool {
        if let i = suggestionIndex(at: p) {
            capture = .suggestion(i)
            return true
        }
        if sliderRect.insetBy(-6).contains(p) {
            capture = .slider
            setSlider(p)
            return true
        }
        if form.handle(.touchBegan(p)) != .ignored {
            capture = .form
            if !searchField.isFocused { suggestions = [] }
            return true
        }
        if let row = listRow(at: p) {
            capture = .listRow(row)
            return true
        }
        guard globeRect.contains(p) else { return false }
        form.setFocus(nil)
        suggestions = []
        if sinceTap < Self.doubleClickTicks && p.distance(to: lastTap) < 8 {
            sinceTap = Int.max / 2
            capture = .doubleClick
            if let place = model.view.pick(x: local(p).x, y: local(p).y, width: Int(globeRect.width), height: Int(globeRect.height)) {
                model.turn(to: place)
            }
            return true
        }
        capture = .globe(start: p)
        model.beginDrag(at: local(p))
        return true
    }

    private func touchMoved(_ p: Point) -> Bool {
        switch capture {
        case .form:
            if case .edited = form.handle(.touchMoved(p)) { updateSuggestions() }
        case .slider: setSlider(p)
        case .globe: model.drag(to: local(p))
        case .doubleClick, .listRow, .suggestion: break
        case nil: return false
        }
        return true
    }

    private func touchEnded(_ p: Point) -> Bool {
        defer { capture = nil }
        switch capture {
        case .form:
            if case .activated(let c) = form.handle(.touchEnded(p)) { activate(c) }
        case .slider: setSlider(p)
        case .globe(let start):
            model.endDrag(at: local(p))
            if p.distance(to: start) < Self.tapSlop {
                sinceTap = 0
                lastTap = p
                // A click asks "what about here?": the card answers for the clicked point.
                if let point = model.view.pick(x: local(p).x, y: local(p).y, width: Int(globeRect.width), height: Int(globeRect.height)) {
                    marked = nil
                    pin = GlobePin(title: Self.coordinates(point), label: "", point: point.normalized)
                    updateCard()
                }
            }
        case .doubleClick: break
        case .listRow(let row):
            if listRow(at: p) == row, let id = readout?.largest[row], let places { choose(places.place(id)) }
        case .suggestion(let i):
            if suggestionIndex(at: p) == i, suggestions.indices.contains(i) { choose(suggestions[i].place) }
        case nil: return false
        }
        return true
    }

    private func setSlider(_ p: Point) {
        let track = Self.track(in: sliderRect)
        var t = (p.x - track.x) / max(1, track.width)
        // Within 4 points of a preset's mark, the knob snaps to it: exact presets by mouse.
        for preset in SeaLevel.Preset.allCases {
            let mark = SeaLevel.sliderPosition(ofMetres: Double(preset.metres))
            if abs(mark - t) * track.width < 4 { t = mark }
        }
        changeLevel { $0.setSliderPosition(t) }
    }

    static func track(in r: Rect) -> Rect { Rect(x: r.x + 9, y: r.midY - 4, width: max(1, r.width - 18), height: 8) }

    /// Row `i` of the flooded-places list (row 0 is the first place, under the header).
    func listRowFrame(_ i: Int) -> Rect {
        Rect(x: listRect.x - 4, y: listRect.y + Self.rowHeight * Double(i + 1), width: listRect.width + 8, height: Self.rowHeight)
    }

    /// The row of the flooded-places list under `p`.
    private func listRow(at p: Point) -> Int? {
        guard let readout, model.level > 0 else { return nil }
        return readout.largest.indices.first { listRowFrame($0).contains(p) }
    }

    // MARK: - Search

    private var suggestionsShown: Bool { searchField.isFocused && !suggestions.isEmpty }

    private func suggestionFrame(_ i: Int) -> Rect {
        let f = searchField.frame
        return Rect(x: f.x, y: f.maxY + 2 + Double(i) * Self.suggestionHeight, width: f.width, height: Self.suggestionHeight)
    }

    private func suggestionIndex(at p: Point) -> Int? {
        guard suggestionsShown else { return nil }
        return suggestions.indices.first { suggestionFrame($0).contains(p) }
    }

    private func updateSuggestions() {
        let text = searchField.text.trimmingCharacters(in: .whitespaces)
        suggestions = text.isEmpty ? [] : places?.suggestions(for: text, limit: Self.suggestionLimit) ?? []
        selectedSuggestion = 0
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
        suggestions = []
        searchField.setText(place.name)
        form.setFocus(nil)
        model.turn(to: GeoPoint(latitude: place.coordinate.latitude, longitude: place.coordinate.longitude),
                   zoom: max(model.view.zoom, 4))
    }

    // MARK: - Drawing

    public func draw(_ cr: CairoContext) {
        drawGlobe(cr)
        drawPanel(cr)
    }

    /// Renders the globe's picture for the current state (after a layout or a tick), only when
    /// something it shows has changed since the last one.
    private func refreshPicture() {
        guard let globe, globeRect.width >= 1, globeRect.height >= 1 else { return }
        let key = PictureKey(view: model.view, level: model.level, style: model.style, size: globeRect.size, scale: scale)
        if let picture, picture.key == key { return }
        let surface: ImageSurface
        if let old = picture?.surface, picture?.key.size == key.size, picture?.key.scale == key.scale {
            surface = old
        } else {
            surface = ImageSurface(size: globeRect.size, scale: scale, format: .rgb)
        }
        surface.withPixels { base, stride in
            renderer.render(globe, view: model.view, level: model.level, style: model.style,
                            into: base, width: surface.pixelWidth, height: surface.pixelHeight, stride: stride)
        }
        picture = (key, surface)
        renderCount += 1
    }

    private func drawGlobe(_ cr: CairoContext) {
        cr.saved {
            cr.clip(to: globeRect)
            guard globe != nil, let surface = picture?.surface else {
                cr.fill(globeRect, Color(hex: model.style.background & 0xFFFFFF))
                if let globeError { drawFailure(cr, globeError) } else { drawLoading(cr) }
                return
            }
            cr.setSource(surface, at: globeRect.x, globeRect.y, filter: .nearest)
            cr.paint()
            drawMarker(cr)
            card?.draw(cr, in: globeRect)
            drawHints(cr)
        }
    }

    private func drawLoading(_ cr: CairoContext) {
        let c = globeRect.center
        let r = model.view.radius(width: Int(globeRect.width), height: Int(globeRect.height))
        Color(hex: 0x6fa8ff, alpha: 0.35).set(cr)
        cr.setLineWidth(2)
        cr.circle(c, min(r, min(globeRect.width, globeRect.height) * 0.45))
        cr.stroke()
        let step = loader.step
        let steps = GlobeCache.Step.allCases.count
        cr.text(tr("Loading the globe…"), x: c.x, y: c.y - 34, size: Theme.TextSize.headline, weight: .bold, align: .center)
        let line = "Step \(step.rawValue + 1) of \(steps): \(step)"
        cr.text(line, x: c.x, y: c.y - 6, size: Text.fittingSize(line, width: globeRect.width - 40, size: Theme.TextSize.body),
                color: Theme.dimText, align: .center)
        // The bar fills by step; a bright stripe runs along it so a long step still shows life.
        let bar = Rect(x: c.x - 130, y: c.y + 16, width: 260, height: 8)
        cr.fill(bar, Theme.control)
        let done = Double(step.rawValue) / Double(steps)
        cr.fill(Rect(x: bar.x, y: bar.y, width: bar.width * done, height: bar.height), Theme.accent)
        let phase = Double(loadingTicks % 90) / 90
        let stripeX = bar.x + bar.width * done + (bar.width * (1 - done) - 30) * phase
        cr.fill(Rect(x: stripeX, y: bar.y, width: 30, height: bar.height), Theme.accent.with(alpha: 0.5))
    }

    private func drawFailure(_ cr: CairoContext, _ message: String) {
        let w = min(globeRect.width - 40, 520)
        let x = globeRect.midX - w / 2
        var y = globeRect.midY - 70
        cr.text(tr("Sea Level needs the ETOPO5 relief"), x: x, y: y, size: Text.fittingSize(tr("Sea Level needs the ETOPO5 relief"), width: w, size: Theme.TextSize.headline, weight: .bold),
                color: Theme.error, weight: .bold)
        y += 24
        let body = message + "\n\nAs root: apt-get install --no-install-recommends ferret-datasets — then open Sea Level again."
        let l = Text.layout(body, font: Font(size: Theme.TextSize.body), width: w, wrap: true)
        cr.draw(l, x: x, y: y, color: Theme.text)
    }

    private func drawMarker(_ cr: CairoContext) {
        guard let pin else { return }
        let p = pin.point
        guard let wp = model.view.windowPoint(of: p, width: Int(globeRect.width), height: Int(globeRect.height)) else { return }
        let c = Point(globeRect.x + wp.x, globeRect.y + wp.y)
        Color(1, 1, 1).set(cr)
        cr.setLineWidth(2.5)
        cr.circle(c, 7)
        cr.stroke()
        Theme.error.set(cr)
        cr.circle(c, 3.5)
        cr.fill()
        let label = pin.label
        guard !label.isEmpty else { return }
        let lw = Text.width(label, size: Theme.TextSize.body, weight: .bold)
        let box = Rect(x: c.x + 11, y: c.y - 12, width: lw + 12, height: 24)
        Color(0, 0, 0, 0.6).set(cr)
        cr.roundedRect(box, radius: 5)
        cr.fill()
        cr.text(label, x: box.x + 6, y: box.midY, size: Theme.TextSize.body, color: Theme.overlayText, weight: .bold)
    }

    private func drawHints(_ cr: CairoContext) {
        // The longest hint that fits at its size (the keys overlay, F1, has them all).
        let relief = model.style.exaggeration > 1 ? tr("Relief {0}× ([ ])", String(Int(model.style.exaggeration.rounded()))) + " · " : ""
        let hints = [relief + tr("Drag to turn · wheel to zoom · double-click to centre · ←/→ turn"), relief + tr("Drag to turn · wheel to zoom"),
                     relief + tr("F1: keys"), tr("F1: keys")]
        let hint = hints.first { Text.width($0, size: Theme.TextSize.caption) <= globeRect.width - 28 } ?? hints[hints.count - 1]
        let hintSize = Text.fittingSize(hint, width: globeRect.width - 28, size: Theme.TextSize.caption)
        let hintBox = Rect(x: globeRect.x + 8, y: globeRect.y + 6, width: Text.width(hint, size: hintSize) + 12, height: 20)
        Color(0, 0, 0, 0.45).set(cr)
        cr.roundedRect(hintBox, radius: 5)
        cr.fill()
        cr.text(hint, x: hintBox.x + 6, y: hintBox.midY, size: hintSize, color: Theme.overlayDimText)
        // Figures from ETOPO5 alone (a data set missing): say so, and what to install.
        if let missing = globe?.missingData {
            let note = "ETOPO5 alone, figures coarser. " + missing
            let l = Text.layout(note, font: Font(size: Theme.TextSize.caption), width: min(globeRect.width - 28, 520), wrap: true)
            let box = Rect(x: globeRect.x + 8, y: hintBox.maxY + 6, width: l.width + 12, height: l.height + 8)
            Color(0.35, 0.05, 0.08, 0.75).set(cr)
            cr.roundedRect(box, radius: 5)
            cr.fill()
            cr.draw(l, x: box.x + 6, y: box.y + 4, color: Theme.text)
        }
        guard let globe, let h = hover, globeRect.contains(h),
              let place = model.view.pick(x: local(h).x, y: local(h).y, width: Int(globeRect.width), height: Int(globeRect.height))
        else { return }
        let e = Int(globe.elevation(at: place).rounded())
        let wet = globe.isUnderWater(place, level: model.level)
        let line = Self.coordinates(place) + " · " + SeaLevel.label(e)
            + " · " + (wet ? "under water" : "dry") + " at " + SeaLevel.label(model.level)
        let size = Text.fittingSize(line, width: globeRect.width - 24, size: Theme.TextSize.caption)
        let lw = Text.width(line, size: size)
        let box = Rect(x: globeRect.x + 8, y: globeRect.maxY - 30, width: lw + 12, height: 22)
        Color(0, 0, 0, 0.55).set(cr)
        cr.roundedRect(box, radius: 5)
        cr.fill()
        cr.text(line, x: box.x + 6, y: box.midY, size: size, color: Theme.overlayText)
    }

    static func coordinates(_ p: GeoPoint) -> String {
        let n = NumberStyle.current
        return n.decimal(abs(p.latitude), decimals: 2) + "° " + (p.latitude >= 0 ? "N" : "S") + ", " + n.decimal(abs(p.longitude), decimals: 2) + "° " + (p.longitude >= 0 ? "E" : "W")
    }

    private func drawPanel(_ cr: CairoContext) {
        cr.fill(panelRect, Theme.bar)
        let x = searchField.frame.x, w = searchField.frame.width
        // The level and what it means.
        let headline = tr("Sea level {0}", SeaLevel.label(model.level))
        cr.text(headline, x: x, y: headlineY + 14, size: Text.fittingSize(headline, width: w, size: Theme.TextSize.headline, weight: .bold), weight: .bold)
        let meaning = levelMeaning
        cr.text(meaning, x: x, y: headlineY + (form.controls.isCompact ? 38 : 44), size: Text.fittingSize(meaning, width: w, size: Theme.TextSize.body), color: Theme.dimText)
        drawSlider(cr)
        let keys = "↑↓ 1 m · PgUp/PgDn 10 m · Shift 100 m"
        cr.text(keys, x: x, y: sliderRect.maxY + 6, size: Text.fittingSize(keys, width: w, size: Theme.TextSize.hint), color: Theme.dimText)
        form.controls.draw(cr)
        drawList(cr)
        searchField.draw(cr)
        drawSuggestions(cr)
    }

    /// "4.1 % of today's land under water", or what a lower sea means.
    var levelMeaning: String {
        let level = model.level
        if level == 0 { return tr("Today's coastline") }
        guard let globe else { return level < 0 ? tr("The sea {0} m lower: more land, no floods", String(-level)) : tr("Loading the relief…") }
        let n = NumberStyle.current
        if level < 0 {
            let gained = globe.landShareGained(level: level)
            let km2 = gained * globe.todayLandKm2
            return tr("{0} % more land than today ({1} km²)", n.decimal(gained * 100, decimals: 1), Self.area(km2))
        }
        let share = globe.landShareUnderWater(level: level) * 100
        var text = tr("{0} % of today's land under water", n.decimal(share, decimals: share < 10 ? 1 : 0))
        let accuracy = globe.sources.verticalAccuracy
        if level < accuracy { text = tr("{0} % of land under water (data ±{1} m)", n.decimal(share, decimals: 1), String(accuracy)) }
        return text
    }

    private func drawSlider(_ cr: CairoContext) {
        let track = Self.track(in: sliderRect)
        // The track coloured as the globe colours heights: deep sea, shallow sea, lowland, peaks.
        let zero = SeaLevel.sliderPosition(ofMetres: 0)
        cr.setLinearGradient(from: Point(track.x, 0), to: Point(track.maxX, 0), stops: [
            (0, Color(hex: 0x0b2350)), (zero * 0.7, Color(hex: 0x1f5fa8)), (zero - 0.001, Color(hex: 0x7fb8e6)),
            (zero + 0.001, Color(hex: 0x5f9e52)), (SeaLevel.sliderPosition(ofMetres: 1000), Color(hex: 0xb59a62)),
            (1, Color(hex: 0xf4f4f4)),
        ])
        cr.roundedRect(track, radius: 4)
        cr.fill()
        for preset in SeaLevel.Preset.allCases {
            let mx = track.x + SeaLevel.sliderPosition(ofMetres: Double(preset.metres)) * track.width
            cr.fill(Rect(x: mx - 0.75, y: track.maxY + 2, width: 1.5, height: 5), Theme.dimText)
        }
        let kx = track.x + model.sliderPosition * track.width
        let dragging: Bool = { if case .slider = capture { return true } else { return false } }()
        Theme.text.set(cr)
        cr.circle(Point(kx, track.midY), dragging ? 10 : 9)
        cr.fill()
        Theme.accent.set(cr)
        cr.circle(Point(kx, track.midY), 4)
        cr.fill()
    }

    private func drawList(_ cr: CairoContext) {
        let x = listRect.x, w = listRect.width
        guard listRect.height >= Self.rowHeight else { return }
        var y = listRect.y + Self.rowHeight / 2
        let header = "Under water at \(SeaLevel.label(model.level)):"
        cr.text(header, x: x, y: y, size: Text.fittingSize(header, width: w, size: Theme.TextSize.body, weight: .bold), weight: .bold)
        y += Self.rowHeight
        if let placesError {
            let l = Text.layout(tr("Places are not installed, so this list is empty. ") + placesError, font: Font(size: Theme.TextSize.caption),
                                width: w, wrap: true)
            cr.saved {
                cr.clip(to: Rect(x: x, y: y - Self.rowHeight / 2, width: w, height: max(0, listRect.maxY - y + Self.rowHeight / 2)))
                cr.draw(l, x: x, y: y - 8, color: Theme.dimText)
            }
            return
        }
        guard let readout, let places else {
            cr.text(globeError == nil ? "Finding which places flood…" : "—", x: x, y: y, size: Theme.TextSize.caption, color: Theme.dimText)
            return
        }
        if model.level <= 0 {
            cr.text(model.level < 0 ? "nothing: the sea is lower than today" : "nothing that is dry land today",
                    x: x, y: y, size: Theme.TextSize.caption, color: Theme.dimText)
            drawBridges(cr, from: y + Self.rowHeight)
            return
        }
        if readout.largest.isEmpty {
            cr.text(tr("no place of the index yet"), x: x, y: y, size: Theme.TextSize.caption, color: Theme.dimText)
            return
        }
        for (i, id) in readout.largest.enumerated() {
            let place = places.place(id)
            let row = listRowFrame(i)
            if let h = hover, row.contains(h) { cr.fill(row, Theme.controlHover) }
            let people = Self.people(place.population)
            let pw = Text.width(people, size: Theme.TextSize.caption)
            let name = Text.layout(place.name + ", " + place.countryName, font: Font(size: Theme.TextSize.body), width: w - pw - 10, ellipsis: .end)
            cr.draw(name, x: x, y: row.midY - name.height / 2, color: Theme.text)
            cr.text(people, x: x + w, y: row.midY, size: Theme.TextSize.caption, color: Theme.dimText, align: .right)
            y = row.maxY + Self.rowHeight / 2
        }
        let more = readout.count > readout.largest.count ? "… " : ""
        let closing = "\(more)— \(readout.overAMillion) place\(readout.overAMillion == 1 ? "" : "s") of over a million people"
        cr.text(closing, x: x, y: y, size: Text.fittingSize(closing, width: w, size: Theme.TextSize.caption), color: Theme.dimText)
    }

    /// Below today's level, the land bridges: those that are dry, then the next to open.
    private func drawBridges(_ cr: CairoContext, from top: Double) {
        let x = listRect.x, w = listRect.width
        var y = top
        guard model.level < 0, y + Self.rowHeight <= listRect.maxY else { return }
        let open = bridges.filter { model.level <= $0.opensAt }
        let header = open.isEmpty ? "No land bridge yet" : "Land bridges at \(SeaLevel.label(model.level)):"
        cr.text(header, x: x, y: y, size: Text.fittingSize(header, width: w, size: Theme.TextSize.body, weight: .bold), weight: .bold)
        y += Self.rowHeight
        for (bridge, opensAt) in bridges.sorted(by: { $0.opensAt > $1.opensAt }) where y <= listRect.maxY - Self.rowHeight / 2 {
            let isOpen = model.level <= opensAt
            let line = "\(bridge.name): \(bridge.joins)" + (isOpen ? "" : " (below \(SeaLevel.label(opensAt)))")
            cr.text(line, x: x, y: y, size: Text.fittingSize(line, width: w, size: Theme.TextSize.caption),
                    color: isOpen ? Theme.text : Theme.dimText)
            y += Self.rowHeight
        }
    }

    /// "20.8 million", "350,000" (the user's separators).
    static func area(_ km2: Double) -> String {
        km2 >= 1e6 ? tr("{0} million", NumberStyle.current.decimal(km2 / 1e6, decimals: 1)) : people(Int(km2.rounded()))
    }

    /// "24.9 M", "741 k", "5,200" (the user's separators).
    static func people(_ n: Int) -> String {
        let style = NumberStyle.current
        if n >= 1_000_000 { return style.decimal(Double(n) / 1e6, decimals: 1) + " M" }
        if n >= 10_000 { return "\(n / 1000) k" }
        return style.integer(n)
    }

    private func drawSuggestions(_ cr: CairoContext) {
        guard suggestionsShown else {
            if searchField.isFocused, places == nil {
                let note = placesError == nil ? "Loading places…" : "Search needs the GeoNames places (scripts/data/places)"
                cr.text(note, x: searchField.frame.x, y: searchField.frame.maxY + 12, size: Theme.TextSize.caption, color: Theme.dimText)
            }
            return
        }
        let all = Rect(x: searchField.frame.x, y: searchField.frame.maxY + 2, width: searchField.frame.width,
                       height: Double(suggestions.count) * Self.suggestionHeight)
        Theme.well.set(cr)
        cr.roundedRect(all, radius: 6)
        cr.fill()
        for (i, s) in suggestions.enumerated() {
            let f = suggestionFrame(i)
            if i == selectedSuggestion || (hover.map { f.contains($0) } ?? false) {
                cr.fill(f, i == selectedSuggestion ? Theme.controlOn : Theme.controlHover)
            }
            let text = s.place.name + (s.alias.map { " (\($0))" } ?? "") + ", " + s.place.countryName
            let l = Text.layout(text, font: Font(size: Theme.TextSize.body), width: f.width - 16, ellipsis: .end)
            cr.draw(l, x: f.x + 8, y: f.midY - l.height / 2, color: Theme.text)
        }
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
    public var widgets: [any WidgetGroup] { [form] }
    /// The field and buttons, the sea-level slider, and the rows of the flooded-places list (a
    /// click turns the globe to that place).
    public var controlRects: [ControlRect] {
        form.controlRects + [ControlRect("level", sliderRect)]
            + (model.level > 0 && places != nil ? readout?.largest.indices.map { ControlRect("place.\($0 + 1)", listRowFrame($0)) } ?? [] : [])
    }
    public var extraKeys: [KeyHelp] {
        [KeyHelp("Drag, flick", "Turn the globe"), KeyHelp("Wheel, + -", "Zoom"), KeyHelp("Double-click", "Turn that point to the centre"),
         KeyHelp("Up, Down", "Sea level ±1 m"), KeyHelp("Page Up, Page Down", "Sea level ±10 m (with Shift ±100 m)")]
    }
}
