import TouchDeskGlobe
import TouchDeskInterface

/// Sea Level's pointer: what a press holds until it is let go (the globe turned or tilted, the
/// slider, a row, a suggestion, a profile's line, the profile's walker), whether Ctrl is held (a
/// drag then tilts), where the pointer rests, and the last tap (for double-clicks). It works the
/// gestures on the globe itself; the app routes presses on the panel.
struct GlobePointer {
    enum Capture {
        case form, slider, globe(start: Point), doubleClick, listRow(Int), suggestion(Int)
        /// Ctrl+drag or a right-drag: up and down tilt, sideways turns the heading.
        case tilt(last: Point)
        /// Drawing a profile's line from where the press began.
        case profile(start: Point, from: GeoPoint)
        /// Dragging the walker along the profile's chart.
        case walk
    }

    /// What a gesture on the globe came to, for the app to follow.
    enum Ended {
        case nothing
        /// A click (no drag) on this point of the globe: the card describes it.
        case tapped(GeoPoint)
        /// The tilt ended: the full picture follows the coarse ones.
        case tilted
        /// The profile's line changed (its walking keys follow).
        case profiled
    }

    private(set) var capture: Capture?
    /// Ctrl is held (its key went down and not yet up).
    private(set) var controlHeld = false
    /// Where the pointer rests, nil when it left the window.
    var hover: Point?
    /// Ticks since the last tap on the globe, and where it was.
    private var sinceTap = Int.max / 2
    private var lastTap = Point.zero

    static let doubleClickTicks = 24
    /// A touch that moves less than this is a tap, not a drag.
    static let tapSlop = 4.0
    /// Degrees of tilt per point of a tilting drag, and of heading per point sideways.
    static let tiltPerPoint = 0.3

    /// A press the panel takes (its form, slider, a row, a suggestion).
    mutating func hold(_ c: Capture) { capture = c }

    /// A right-drag begins: it tilts.
    mutating func beginTilt(at p: Point) { capture = .tilt(last: p) }

    /// The press ends: what it held, now let go.
    mutating func release() -> Capture? {
        defer { capture = nil }
        return capture
    }

    /// A key went down (`down`) or up: Ctrl's state.
    mutating func key(_ k: Key, down: Bool) {
        if k.name.hasPrefix("Control_") { controlHeld = down }
    }

    /// Left: nothing stays held.
    mutating func reset() {
        capture = nil
        controlHeld = false
    }

    /// One tick: true while a second click would still make a double-click.
    mutating func tick() -> Bool {
        guard sinceTap < Self.doubleClickTicks else { return false }
        sinceTap += 1
        return true
    }

    var isTilting: Bool { if case .tilt = capture { true } else { false } }
    var isTurning: Bool { if case .globe = capture { true } else { false } }
    var holdsSlider: Bool { if case .slider = capture { true } else { false } }

    // MARK: - On the globe

    /// A point of `rect` in the globe's own coordinates (the model's).
    static func local(_ p: Point, in rect: Rect) -> (x: Double, y: Double) { (p.x - rect.x, p.y - rect.y) }

    /// The place under window point `p`, or nil off the globe or in the sky.
    static func pick(_ p: Point, in rect: Rect, view: GlobeView) -> GeoPoint? {
        let l = local(p, in: rect)
        return view.pick(x: l.x, y: l.y, width: Int(rect.width), height: Int(rect.height))
    }

    /// A press on the globe at `p`: it walks the profile's chart, begins a tilt (Ctrl held), a
    /// profile's line (the tool armed), a double-click's turn to the point, or a turning drag.
    mutating func begin(at p: Point, in rect: Rect, model: inout GlobeModel, profile: inout GlobeProfileTool, globe: GlobeData?) {
        if profile.chartContains(p, in: rect) {
            capture = .walk
            profile.walk(to: p, in: rect)
        } else if controlHeld {
            capture = .tilt(last: p)
        } else if profile.isArmed, globe != nil, let from = Self.pick(p, in: rect, view: model.view) {
            capture = .profile(start: p, from: from)
        } else if sinceTap < Self.doubleClickTicks && p.distance(to: lastTap) < 8 {
            sinceTap = Int.max / 2
            capture = .doubleClick
            if let place = Self.pick(p, in: rect, view: model.view) { model.turn(to: place) }
        } else {
            capture = .globe(start: p)
            model.beginDrag(at: Self.local(p, in: rect))
        }
    }

    /// The pointer moved with a gesture on the globe held; false when what is held is not one.
    mutating func move(to p: Point, in rect: Rect, model: inout GlobeModel, profile: inout GlobeProfileTool, globe: GlobeData?) -> Bool {
        switch capture {
        case .globe: model.drag(to: Self.local(p, in: rect))
        case .tilt(let last):
            model.setTilt(model.view.tilt + (last.y - p.y) * Self.tiltPerPoint)
            if p.x != last.x { model.turnHeading(degrees: (p.x - last.x) * Self.tiltPerPoint) }
            capture = .tilt(last: p)
        case .profile(let start, let from):
            if p.distance(to: start) >= Self.tapSlop, let globe, let to = Self.pick(p, in: rect, view: model.view) {
                profile.line(from: from, to: to, on: globe)
            }
        case .walk: profile.walk(to: p, in: rect)
        case .doubleClick: break
        default: return false
        }
        return true
    }

    /// The press of a gesture on the globe (`held`, from `release`) ended at `p`; nil when
    /// `held` was none.
    mutating func end(_ held: Capture?, at p: Point, in rect: Rect, model: inout GlobeModel, profile: inout GlobeProfileTool,
                      globe: GlobeData?) -> Ended? {
        switch held {
        case .globe(let start):
            model.endDrag(at: Self.local(p, in: rect))
            guard p.distance(to: start) < Self.tapSlop else { return .nothing }
            sinceTap = 0
            lastTap = p
            // A click asks "what about here?": the card answers for the clicked point.
            return Self.pick(p, in: rect, view: model.view).map { .tapped($0) } ?? .nothing
        case .tilt: return .tilted
        case .profile(let start, let from):
            guard let globe else { return .nothing }
            if p.distance(to: start) < Self.tapSlop { profile.click(from, on: globe) }
            else if let to = Self.pick(p, in: rect, view: model.view) { profile.line(from: from, to: to, on: globe) }
            return .profiled
        case .walk:
            profile.walk(to: p, in: rect)
            return .nothing
        case .doubleClick: return .nothing
        default: return nil
        }
    }
}
