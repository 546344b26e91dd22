import Foundation
import TouchDeskDrawing
import TouchDeskFiles
import TouchDeskInterface
import TouchDeskPlaces
import TouchDeskToolkit

/// Map Search: type part of a place name, pick a suggestion, and the map flies there: offline,
/// over GeoNames' 69,000 places and Natural Earth's world, in every language.
///
/// The index and the map load on a thread of their own (`PlacesLoader`) while the window already
/// answers; the tick takes them in. The map is drawn by `MapPainter` into an image a little
/// larger than the view, which a drag only moves; when the drag reaches its edge, or once a
/// flight or a run of zoom steps has come to rest, `MapPicture` draws a new one on its own thread
/// while the old one, moved or stretched, stands in. While the zoom moves, frames draw the
/// outlines straight into the window (labels return when it rests). At city zoom the picture
/// has GSHHG's coasts and rivers and the globe's hill-shading, read lazily (`CoastDetail`, `MapRelief`).
public final class MapApp: MiniApp, PlaceShowing {
    public nonisolated static let id = "map"
    public nonisolated static let title = "Map Search"
    public nonisolated static let blurb = "Type part of a place name, pick a suggestion, and the map flies there: offline, in every language."
    /// The credit for a narrow map: the licensed data by name, the rest in About (whose
    /// `AboutPage.mapCredits` is the whole line, drawn on a wide map).
    public nonisolated static let shortCredits = translatable("© GeoNames (CC BY 4.0), Natural Earth · GSHHG, ETOPO1; all sources in About")

    let environment: AppEnvironment
    enum Control: String, ControlID {
        case search, zoomIn = "in", zoomOut = "out", world, copy
        case panLeft = "pan.left", panRight = "pan.right", panUp = "pan.up", panDown = "pan.down"

        /// Keys that move the map: they work from the search field too while it is empty.
        var movesMap: Bool { ![.search, .copy].contains(self) }
    }
    let form = Form<Control>()
    /// The search: its field, the suggestions under it, and how keys go between them.
    let search: SearchBox<Control>
    var field: TextField { search.field }
    /// Replaced on coming back when leaving stopped it before everything arrived, once it has
    /// ended (a step under way ends first): never two loads side by side (`loadCount` counts them).
    private var loader: PlacesLoader
    private(set) var loaderStopped = false
    let loadCount = LoadCount()

    private var painter: MapPainter?
    private let relief = MapRelief()
    /// The detail pieces (GSHHG bins, the relief) in when the coast last stood still: part of the
    /// picture's key, so their arrival redraws it once, not once per bin.
    private var detailArrivals = 0
    private var places: PlacesLoader.LoadedPlaces?
    private var mapProblem: String?
    private var placesProblem: String?

    /// What the map shows now; a flight moves it tick by tick.
    public private(set) var camera = MapCamera(width: 1, height: 1)
    private var flight: MapFlight?
    /// The place a suggestion, `--place` or a click chose: marked, its country highlighted.
    public private(set) var chosen: Place?
    private var highlight: Int?
    /// Set by a click on the map: how far the click was from the place it named.
    private var clickNote: String?
    /// A place chosen before the first layout: the camera fits it once the size is known.
    private var fitPending = false
    /// The place the camera was fitted to, until the user moves the map: a resize fits it again
    /// at the new size (`--place` chooses before the window has its real width).
    private var fittedPlace: Place?
    /// The label list was let go when the user left; the next layout builds it again.
    private var labelsReleased = false
    /// A place another app asked to show (`open(query:)`) before the index had arrived.
    private var pendingQuery: String?

    public var suggestions: [PlaceSuggestion] { search.suggestions }
    /// The suggestion Up/Down moved to; nil before the first Down.
    public var selectedRow: Int? { search.list.selectedRow }
    public var isListOpen: Bool { search.isListOpen }

    private var drag = MapDrag()
    private var toast = Toast()
    /// Announced to screen readers by the shell (`MiniApp.appToast`).
    public var appToast: Toast? { toast }

    /// Where the map is drawn, in the app's coordinates.
    public private(set) var mapRect = Rect.zero
    private var statusRect = Rect.zero
    private var size = Size(0, 0)
    /// The map drawn for the view at rest, on a thread of its own.
    private let picture = MapPicture()
    /// Ticks until a zoom step counts as at rest and the image (with labels) is redrawn: a run of
    /// wheel notches draws only outlines, never a full image per notch.
    private var settleTicks = 0
    /// The device scale of the last frame, so the tick redraws the image at the window's scale.
    /// The one thing a frame writes down: the scale is known only to the drawing context.
    private var deviceScale = 1.0

    static let statusHeight = 30.0
    /// One wheel notch, in zoom steps (a step doubles the scale).
    static let wheelStep = 0.5
    /// How long the zoom must stand still before the image is redrawn: 150 ms.
    static let settleDelay = 9

    public init(environment: AppEnvironment) {
        self.environment = environment
        search = SearchBox(form: form, placeholder: "Search places: Zürich, 東京, Londres…", maxLength: 200, clipboard: environment.clipboard)
        form.addButton(.search, "Search", key: .control("l"))
        form.addButton(.zoomIn, "Zoom in", short: "+", key: .key("plus", "equal", "KP_Add", shown: "+"))
        form.addButton(.zoomOut, "Zoom out", short: "−", key: .key("minus", "KP_Subtract", shown: "−"))
        form.addButton(.world, "World", key: .key("Home", "KP_Home"))
        form.addButton(.copy, "Copy", key: .control("c"), help: "Copy the place chosen, with its coordinates")
        for (pan, name) in [(Control.panLeft, "Left"), (.panRight, "Right"), (.panUp, "Up"), (.panDown, "Down")] {
            form.controls.addKeys(pan, .key(name, "KP_" + name), help: "Pan a quarter view")
        }
        form.setFocus(.field("search"))
        loader = PlacesLoader(count: loadCount)
        syncControls()
    }

    // MARK: - Loading

    /// Takes in whatever the loader has finished. True when something arrived.
    @discardableResult
    private func absorbArrivals() -> Bool {
        let a = loader.take()
        if a.isEmpty { return false }
        if let m = a.map {
            switch m {
            case .success(let map):
                painter = MapPainter(map: map, detail: a.detail, coast: a.coast, relief: relief)
                painter?.features = places?.featureLabels ?? []
            case .failure(let e): mapProblem = e.description
            }
        }
        if let p = a.places {
            switch p {
            case .success(let loaded):
                places = loaded
                painter?.features = loaded.featureLabels
                if let warning = loaded.loaded.warning { toast.show(warning, isError: true) }
                if let query = pendingQuery {
                    pendingQuery = nil
                    choose(query: query)
                } else if !field.text.isEmpty { updateSuggestions() }
            case .failure(let e): placesProblem = e.description
            }
        }
        if let chosen { highlight = countryFeature(for: chosen) }
        syncControls()
        return true
    }

    /// Blocks until the map and the index are in. Only for `--place`, `--screenshot` and tests:
    /// the window never calls it.
    public func finishLoading() {
        if loaderStopped {
            loader.waitUntilLoaded()
            restartStoppedLoader()
        }
        loader.waitUntilLoaded()
        absorbArrivals()
        guard mapRect.width > 1 else { return }
        let p = camera.projection
        if p.scale >= CoastDetail.minimumScale { relief.loadNow() }
        let v = p.visibleBounds
        painter?.coast?.load(DetailBox(minX: v.west - 1, minY: -v.north - 1, maxX: v.east + 1, maxY: -v.south + 1), scale: p.scale)
    }

    /// Shown again (laid out, or a tick): what the stopped loader brought is taken, and once it
    /// has ended, a new one loads what is still missing (the places; the map only if it never came).
    private func restartStoppedLoader() {
        guard loaderStopped else { return }
        absorbArrivals()
        guard loader.isDone else { return }
        absorbArrivals()
        loaderStopped = false
        if isLoading { loader = PlacesLoader(map: painter?.map, count: loadCount) }
    }

    public var isLoading: Bool { places == nil && placesProblem == nil || painter == nil && mapProblem == nil }

    /// What is missing, said so a user can install it; nil when all data is there.
    public var dataProblem: String? {
        let problems = [mapProblem, placesProblem].compactMap { $0 }
        return problems.isEmpty ? nil : problems.joined(separator: "\n")
    }

    // MARK: - Choosing

    /// Shows the best match for `query` now, or as soon as the index has arrived (another app's
    /// "Show on map").
    public func open(query: String) {
        if places == nil && placesProblem == nil {
            pendingQuery = query
            field.setText(query)
        } else {
            choose(query: query)
        }
    }

    /// Chooses the best match for `query` (the command line's `--place`); false if nothing matches
    /// or the index is not loaded.
    @discardableResult
    public func choose(query: String) -> Bool {
        guard let place = places?.index.bestMatch(for: query) else { return false }
        search.settle(on: place)
        choose(place, fly: false)
        return true
    }

    private func choose(_ place: Place, fly: Bool) {
        chosen = place
        clickNote = nil
        highlight = countryFeature(for: place)
        search.list.close()
        if size.width <= 0 || mapRect.width <= 0 {
            fitPending = true
        } else if fly {
            startFlight(to: fitted(place))
        } else {
            camera = fitted(place)
            fittedPlace = place
        }
        syncControls()
    }

    /// The camera that shows `place`: a city at city zoom, a country or state fitted to its outline.
    func fitted(_ place: Place) -> MapCamera {
        switch place.kind {
        case .city, .airport, .postcode, .peak, .landmark:
            return camera.focused(on: place.coordinate)
        case .country, .region, .lake, .island, .sea, .continent:
            var box = place.bounds
            if place.kind == .country, let f = places?.countryFeatures[place.countryCode],
               let b = painter?.map[.countries].features[f].bounds, b.east - b.west < 180 {
                box = b
            }
            guard let box else { return camera.focused(on: place.coordinate) }
            return camera.fitting(box)
        }
    }

    /// The countries-layer feature of the place's country.
    private func countryFeature(for place: Place) -> Int? {
        guard let painter else { return nil }
        if place.kind == .country, let f = places?.countryFeatures[place.countryCode] { return f }
        return painter.map.country(containing: place.coordinate) ?? places?.countryFeatures[place.countryCode]
    }

    /// Names the place nearest to a click on the map.
    private func nameNearest(at p: Point) {
        guard let index = places?.index else { return }
        let c = camera.coordinate(atX: p.x - mapRect.x, y: p.y - mapRect.y)
        guard c.latitude >= -90, c.latitude <= 90, let (place, km) = index.nearestCity(to: c) else { return }
        chosen = place
        highlight = countryFeature(for: place)
        clickNote = km < 1 ? tr("right here") : tr("{0} km from the click", NumberStyle.current.integer(Int(km.rounded())))
        syncControls()
    }

    private func copyChosen() {
        guard let chosen else {
            toast.show("Nothing to copy: choose a place first", isError: true)
            return
        }
        let text = PlaceText.clipboard(chosen)
        environment.clipboard.copy(text, to: .clipboard)
        toast.show(tr("Copied: {0}", text), isError: false, seconds: 2.5)
    }

    // MARK: - Suggestions

    private func updateSuggestions() {
        search.edited(index: places?.index)
    }

    /// Enter in the field: the selected suggestion, else the first, else the best match.
    private func submit() {
        _ = follow(search.submit(index: places?.index))
    }

    /// What the search came to: a place chosen flies there; no match says what was understood;
    /// Enter before the index has arrived shows the best match when it does.
    private func follow(_ outcome: SearchBox<Control>.Outcome) -> Bool {
        switch outcome {
        case .ignored: return false
        case .handled: break
        case .chose(let place): choose(place, fly: true)
        case .unmatched(let note): toast.show(note, isError: true)
        case .waiting(let query): if placesProblem == nil { pendingQuery = query }
        }
        return true
    }

    /// Shows `center` at `zoom` (a view kept across restarts).
    public func show(center: GeoCoordinate, zoom: Double) {
        var c = MapCamera(center: center, zoom: zoom, width: camera.width, height: camera.height)
        c.clamp()
        camera = c
        flight = nil
        fittedPlace = nil
    }

    // MARK: - MiniApp

    public func layout(in size: Size, scale: Double) {
        self.size = size
        restartStoppedLoader()
        if deviceScale != scale { deviceScale = scale; picture.release() }
        let barH = form.controls.layoutToolbar(atBottomOf: size)
        statusRect = Rect(x: 0, y: size.height - barH - Self.statusHeight, width: size.width, height: Self.statusHeight)
        mapRect = Self.mapRect(in: size, toolbarHeight: barH)
        let w = min(520, size.width - 24)
        search.place(field: Rect(x: 12, y: 10, width: max(40, w), height: TextField.height), bottom: mapRect.maxY - 4)
        let resized = camera.width != mapRect.width || camera.height != mapRect.height
        if resized {
            var c = camera
            if camera.width <= 1 { c = MapCamera(center: camera.center, zoom: camera.zoom, width: mapRect.width, height: mapRect.height) }
            // Keep the scale across a resize, so the ground does not jump.
            let scale = c.scale
            c.width = max(1, mapRect.width)
            c.height = max(1, mapRect.height)
            c.zoom = log2(scale / c.fitScale)
            c.clamp()
            camera = c
            flight = nil
            if let fittedPlace { camera = fitted(fittedPlace) }
        }
        if fitPending, let chosen, mapRect.width > 0 {
            fitPending = false
            camera = fitted(chosen)
            fittedPlace = chosen
        }
        if labelsReleased, let loaded = places {
            labelsReleased = false
            places?.labelCandidates = PlacesLoader.labelCandidates(loaded.index)
        }
    }

    /// The map's place for an app of `size` with a toolbar `toolbarHeight` high: everything
    /// above the status line. Public so end-to-end tests find the same pixels.
    public static func mapRect(in size: Size, toolbarHeight: Double) -> Rect {
        Rect(x: 0, y: 0, width: size.width, height: max(1, size.height - toolbarHeight - statusHeight))
    }

    public func handle(_ event: InputEvent) -> Bool {
        switch event {
        case .key(let k): return handleKey(k)
        case .touchBegan(let p):
            if let r = search.row(at: p) {
                if let place = search.pick(row: r) { choose(place, fly: true) }
                return true
            }
            if field.frame.contains(p) || !mapRect.contains(p) { return handleForm(event) }
            // A press on the map closes the list and leaves the field, so keys move the map.
            search.end()
            form.setFocus(nil)
            _ = form.handle(event)
            drag.begin(at: p, camera: camera)
            return true
        case .touchMoved(let p):
            guard drag.isActive else { return handleForm(event) }
            if let c = drag.camera(at: p) {
                flight = nil
                fittedPlace = nil
                camera = c
            }
            return true
        case .touchEnded(let p):
            guard drag.isActive else { return handleForm(event) }
            if drag.end() { nameNearest(at: p) }
            return true
        case .scroll(let p, let dy):
            if isListOpen, search.list.rect.contains(p) { return true }
            guard mapRect.contains(p) else { return false }
            zoom(by: dy < 0 ? Self.wheelStep : -Self.wheelStep, about: p)
            return true
        case .hover(let p):
            search.hover(p)
            return handleForm(event)
        default:
            return handleForm(event)
        }
    }

    private func handleForm(_ event: InputEvent) -> Bool {
        switch form.handle(event) {
        case .ignored: return false
        case .consumed: return true
        case .activated(let id): activate(id)
        case .stepped: break
        case .edited: updateSuggestions()
        case .submitted: submit()
        }
        return true
    }

    private func handleKey(_ k: Key) -> Bool {
        // Before the field: Ctrl+L over it selects it all, and Ctrl+C copies the place unless text is selected.
        if form.controls.isKey(k, of: .search) { activate(.search); return true }
        if form.controls.isKey(k, of: .copy), !(field.isFocused && field.editor.hasSelection) { copyChosen(); return true }
        // The search's own keys: Esc ends it (list and field together; the next goes home), the
        // list's Up, Down and Enter, Enter in the field.
        let outcome = search.handle(key: k, index: places?.index)
        if case .ignored = outcome {} else { return follow(outcome) }
        if field.isFocused {
            // With nothing typed, the arrows move the map even from the field.
            if !(field.text.isEmpty && mapKey(k)) { return handleForm(.key(k)) }
            return true
        }
        if mapKey(k) { return true }
        // Typing anywhere starts a search.
        if !k.control, !k.alt, !k.text.isEmpty, k.text != " " {
            form.setFocus(.field("search"))
            field.setText("")
            return handleForm(.key(k))
        }
        return handleForm(.key(k))
    }

    /// The keys that move the map (a zoom button's, the arrows); false if `k` is not one.
    private func mapKey(_ k: Key) -> Bool {
        guard case .activated(let c) = form.controls.handle(.key(k)), c.movesMap else { return false }
        activate(c)
        return true
    }

    private func activate(_ id: Control) {
        let step = 0.25
        switch id {
        case .search:
            search.focus(index: places?.index)
        case .zoomIn: zoom(by: 1, about: mapRect.center)
        case .zoomOut: zoom(by: -1, about: mapRect.center)
        case .world:
            fittedPlace = nil
            startFlight(to: camera.world)
        case .copy: copyChosen()
        case .panLeft: panBy(mapRect.width * step, 0)
        case .panRight: panBy(-mapRect.width * step, 0)
        case .panUp: panBy(0, mapRect.height * step)
        case .panDown: panBy(0, -mapRect.height * step)
        }
        syncControls()
    }

    private func syncControls() {
        form.controls.setEnabled(.copy, chosen != nil)
        form.controls.setEnabled(.zoomIn, camera.zoom < MapCamera.maxZoom)
        form.controls.setEnabled(.zoomOut, camera.zoom > 0)
    }

    private func zoom(by steps: Double, about p: Point) {
        flight = nil
        fittedPlace = nil
        camera.zoom(by: steps, aboutX: p.x - mapRect.x, y: p.y - mapRect.y)
        settleTicks = Self.settleDelay
        syncControls()
    }

    private func panBy(_ dx: Double, _ dy: Double) {
        flight = nil
        fittedPlace = nil
        camera.pan(dx: dx, dy: dy)
    }

    public func tick() -> Bool {
        restartStoppedLoader()
        let arrived = absorbArrivals()
        var flying = false
        if var f = flight {
            camera = f.step()
            flying = !f.isFinished
            flight = flying ? f : nil
            if !flying { syncControls() }
        }
        if settleTicks > 0 { settleTicks -= 1 }
        let settling = settleTicks > 0
        if camera.scale >= CoastDetail.minimumScale { _ = relief.request() }
        if painter?.coast?.isReading != true { detailArrivals = (painter?.coast?.arrivals ?? 0) + relief.arrivals }
        let pictured = picture.take()
        if !isMoving { refreshImage() }
        updateStandIn()
        let formTicking = form.tick()
        let toastShowing = toast.tick()
        let reading = painter?.coast?.isReading == true || relief.isLoading
        return isLoading || arrived || flying || settling || formTicking || toastShowing || reading || pictured || picture.isDrawing
    }

    /// Whether the zoom is in motion (a flight, or wheel steps not yet at rest): frames show a picture stretched, or outlines.
    var isMoving: Bool { flight != nil || settleTicks > 0 }

    private var imageKey: MapImage.Key { imageKey(scale: camera.scale) }
    private func imageKey(scale: Double) -> MapImage.Key {
        MapImage.Key(scale: scale, deviceScale: deviceScale, highlight: highlight, chosen: chosen?.id, labels: places != nil, detail: detailArrivals)
    }

    /// Flies to `target`, and has the picture there drawn at once, off the UI thread: it is
    /// ready, or nearly, when the flight lands (half a second), and stands in for its last frames.
    private func startFlight(to target: MapCamera) {
        flight = MapFlight(from: camera, to: target)
        requestPicture(for: target)
    }

    /// Has the picture for `c` drawn off the UI thread unless it, or the one being drawn, covers it.
    private func requestPicture(for c: MapCamera) {
        guard let painter, mapRect.width > 0 else { return }
        picture.request(c.projection, key: imageKey(scale: c.scale), parts: painter.parts, labels: places?.labelCandidates ?? [], marked: chosen)
    }

    /// At rest: the picture redrawn when it no longer covers the view (a new zoom, a highlight, a
    /// drag past its margin), the world's drawn once for previews, the picture before let go.
    private func refreshImage() {
        requestPicture(for: camera)
        picture.forgetPrevious()
        guard let painter, mapRect.width > 0 else { return }
        let world = camera.world
        picture.requestWorld(world.projection, key: imageKey(scale: world.scale), parts: painter.parts, labels: places?.labelCandidates ?? [])
    }

    /// While the picture for a still view is drawn, frames copy one stand-in (not while panning).
    private func updateStandIn() {
        let p = camera.projection
        let wanted = painter != nil && mapRect.width > 0 && !isMoving && !drag.isPanning
        picture.updateStandIn(p, key: imageKey, wanted: wanted) { cr in drawOutlines(cr, p) }
    }

    /// Leaving the map lets go of what is quick to rebuild: the picture, GSHHG's bins, the
    /// relief's shade and the label list (together tens of megabytes).
    public func didLeave() {
        // The opening load stops between its steps; the next layout starts what is missing again.
        if isLoading { loader.stop(); loaderStopped = true }
        picture.release()
        painter?.coast?.release()
        relief.release()
        if places != nil {
            places?.labelCandidates = []
            labelsReleased = true
        }
    }

    public var cursor: PointerShape { drag.isPanning ? .move : .arrow }

    // MARK: - Drawing

    public func draw(_ cr: CairoContext) {
        drawMap(cr)
        drawMarker(cr)
        drawOverlay(cr)
        drawSearch(cr)
        drawStatus(cr)
        form.controls.draw(cr)
        toast.draw(cr, in: mapRect)
    }

    /// The map for the current camera: from the image when it covers the view at this zoom,
    /// else drawn afresh: outlines only while the zoom moves (labels return when it rests), the
    /// whole map when there has been no tick to redraw the image yet (a screenshot, a test).
    private func drawMap(_ cr: CairoContext) {
        guard painter != nil else {
            cr.fill(mapRect, MapPainter.sea)
            return
        }
        let p = camera.projection
        cr.saved {
            cr.clip(to: mapRect)
            cr.translate(mapRect.x, mapRect.y)
            picture.draw(cr, p, key: imageKey, moving: isMoving) { cr in drawOutlines(cr, p) }
        }
    }

    /// The map drawn afresh when no picture covers the view: outlines only while the zoom moves
    /// or the picture is drawn; the whole map when no tick has run to draw it (a screenshot, a test).
    private func drawOutlines(_ cr: CairoContext, _ p: MapProjection) {
        guard let painter else { return }
        let quick = isMoving || picture.isDrawing
        painter.draw(cr, p, highlight: highlight, labels: quick ? [] : places?.labelCandidates ?? [], marked: chosen, moving: quick)
    }

    /// Where the chosen place is on screen, if it is in view.
    public var markerPoint: Point? {
        guard let chosen else { return nil }
        let (x, y) = camera.point(for: chosen.coordinate)
        let pt = Point(mapRect.x + x, mapRect.y + y)
        return mapRect.contains(pt) ? pt : nil
    }

    public static let markerColor = MapOverlay.markerColor

    private func drawMarker(_ cr: CairoContext) {
        guard let chosen, let pt = markerPoint else { return }
        MapOverlay.pin(cr, at: pt, name: chosen.localName(), in: mapRect)
    }

    /// The scale bar, the credits, and loading or missing-data messages over the map.
    private func drawOverlay(_ cr: CairoContext) {
        if let problem = dataProblem, painter == nil || places == nil {
            MapOverlay.problem(cr, problem, in: mapRect)
        } else if isLoading {
            MapOverlay.note(cr, painter == nil ? tr("Loading the map…") : tr("Loading places…"), in: mapRect)
        }
        if painter != nil { MapOverlay.scaleBar(cr, kilometresPerPoint: camera.projection.kilometresPerPoint, in: mapRect) }
        MapOverlay.credits(cr, tr(AboutPage.mapCredits), short: tr(Self.shortCredits), in: mapRect)
    }

    private func drawSearch(_ cr: CairoContext) {
        search.draw(cr, loading: places == nil)
    }

    private func drawStatus(_ cr: CairoContext) {
        MapOverlay.status(cr, in: statusRect, chosen: chosen, clickNote: clickNote, problem: dataProblem, loading: isLoading)
    }

    public static func drawIcon(_ cr: CairoContext, in r: Rect) { MapOverlay.icon(cr, in: r) }

    /// The message showing at the bottom, if any (for tests).
    public var toastMessage: String? { toast.isVisible ? toast.message : nil }
}
