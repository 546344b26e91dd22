import Foundation

/// Sea Level's state and rules, apart from any drawing: which part of the globe shows, the sea
/// level, what the picture shows, and the motion that outlives a gesture (a flick's spin, a turn
/// to a place). Input arrives as positions in the globe's own area (points, (0, 0) top left) and as
/// 1/60 s ticks; no clock, no threads.
public struct GlobeModel: Equatable, Sendable {
    public private(set) var view = GlobeView.start
    /// Metres to the centimetre, within `SeaLevel.range` (see `SeaLevel` for how the whole-metre
    /// relief reads a fraction).
    public private(set) var level = 0.0
    /// The whole metres that flood what `level` floods, for the relief's and the places' tables.
    public var gridLevel: Int { SeaLevel.gridLevel(level) }
    public var style = GlobeStyle()
    /// The size of the area the globe is drawn in, in points.
    public private(set) var area = (width: 900.0, height: 640.0)

    // MARK: - Motion constants

    /// A flick's spin keeps this share of its speed per tick: it halves in about a seventh of a second,
    /// so the globe turns on by at most `spinLimit / (1 − spinDecay)` (36°) and stops within two seconds.
    public static let spinDecay = 0.92
    /// The spin stops below this angle per tick (radians; 0.02°, under a pixel at zoom 1).
    public static let spinStop = 0.000_35
    /// The fastest spin a flick can start (radians per tick).
    public static let spinLimit = 0.05
    /// A release counts as a flick only when the pointer moved within this many ticks before it.
    public static let flickWindow = 3
    /// Ticks a turn to a place takes.
    public static let flightTicks = 36
    /// Ticks of drag history a flick's speed is measured over.
    static let historyTicks = 4

    // MARK: - Gesture state

    /// The last point of a drag in progress.
    private var dragPoint: (x: Double, y: Double)?
    /// The drag's turns per tick, as rotation vectors in view axes, newest last (the last one is
    /// the tick under way).
    private var history: [SIMD3<Double>] = []
    private var ticksSinceMove = 0
    /// A flick's spin per tick, as a rotation vector in view axes.
    public private(set) var spin: SIMD3<Double>?
    private var flight: Flight?

    /// A turn (and zoom) to a place, eased over `flightTicks`.
    private struct Flight: Equatable, Sendable {
        var start: Rotation
        var axis: SIMD3<Double>
        var angle: Double
        var fromZoom: Double
        var toZoom: Double
        var tick = 0
    }

    public init() {}

    public static func == (a: GlobeModel, b: GlobeModel) -> Bool {
        a.view == b.view && a.level == b.level && a.style == b.style && a.area == b.area && a.spin == b.spin
            && a.flight == b.flight && a.history == b.history && a.ticksSinceMove == b.ticksSinceMove
            && a.dragPoint?.x == b.dragPoint?.x && a.dragPoint?.y == b.dragPoint?.y
    }

    /// Something moves on its own (a spin or a turn to a place): the app must keep ticking.
    public var isMoving: Bool { spin != nil || flight != nil }
    public var isDragging: Bool { dragPoint != nil }

    public mutating func setArea(width: Double, height: Double) {
        area = (max(1, width), max(1, height))
    }

    private var w: Int { Int(area.width.rounded()) }
    private var h: Int { Int(area.height.rounded()) }

    // MARK: - Turning

    /// A drag begins at `p`; it stops any spin or turn under way, as a hand on a spinning globe would.
    public mutating func beginDrag(at p: (x: Double, y: Double)) {
        dragPoint = p
        history = [.zero]
        ticksSinceMove = 0
        spin = nil
        flight = nil
    }

    /// The drag moves to `p`: the place under the pointer follows it (a trackball).
    public mutating func drag(to p: (x: Double, y: Double)) {
        guard let from = dragPoint, p != from else { return }
        let turn = view.dragTurn(from: from, to: p, width: w, height: h)
        let length = (turn.axis * turn.axis).sum().squareRoot()
        if length > 0, turn.angle > 0 {
            history[history.count - 1] += turn.axis / length * turn.angle
        }
        view.drag(from: from, to: p, width: w, height: h)
        dragPoint = p
        ticksSinceMove = 0
    }

    /// The drag ends at `p`. A flick (moving in its last ticks) leaves the globe spinning at the
    /// speed of those ticks, slowing to a stop.
    public mutating func endDrag(at p: (x: Double, y: Double)) {
        guard dragPoint != nil else { return }
        drag(to: p)
        dragPoint = nil
        guard ticksSinceMove <= Self.flickWindow else { history = []; return }
        // The tick under way counts as a whole one: a flick made between two ticks spins at its
        // full size per tick, which is what the eye saw.
        let ticks = Double(max(1, history.count - 1))
        var v = history.reduce(SIMD3<Double>.zero, +) / ticks
        let speed = (v * v).sum().squareRoot()
        if speed > Self.spinLimit { v *= Self.spinLimit / speed }
        spin = speed >= Self.spinStop * 4 ? v : nil
        history = []
    }

    /// One 1/60 s step; false when nothing moves and the app may stop ticking. While a drag is
    /// held still, ticking stops too once the flick window has passed.
    public mutating func tick() -> Bool {
        if dragPoint != nil {
            ticksSinceMove += 1
            history.append(.zero)
            if history.count > Self.historyTicks { history.removeFirst(history.count - Self.historyTicks) }
            return ticksSinceMove <= Self.flickWindow
        }
        if var f = flight {
            f.tick += 1
            let t = Double(f.tick) / Double(Self.flightTicks)
            let s = t >= 1 ? 1 : t * t * (3 - 2 * t)
            view.orientation = Rotation(axis: f.axis, angle: f.angle * s).composed(after: f.start).orthonormalized()
            view.zoom = f.fromZoom * pow(f.toZoom / f.fromZoom, s)
            flight = t >= 1 ? nil : f
            return flight != nil
        }
        if let v = spin {
            let angle = (v * v).sum().squareRoot()
            view.spin(axis: v, angle: angle)
            let next = v * Self.spinDecay
            spin = angle * Self.spinDecay < Self.spinStop ? nil : next
            return spin != nil
        }
        return false
    }

    /// Multiplies the zoom by `factor` keeping the place under `p` where it is (the wheel).
    public mutating func zoom(by factor: Double, about p: (x: Double, y: Double)) {
        flight = nil
        view.zoom(by: factor, about: p, width: w, height: h)
    }

    /// Turns by `degrees` about the view's vertical axis (the Left and Right keys: positive
    /// brings what lies east to the centre).
    public mutating func turn(degrees: Double) {
        flight = nil
        spin = nil
        view.spin(axis: SIMD3(0, 1, 0), angle: degrees * .pi / 180)
    }

    /// Turns by `degrees` about the window's horizontal axis (the Up and Down keys: positive
    /// brings what lies above the centre, north when north is up, to it).
    public mutating func turnNorth(degrees: Double) {
        flight = nil
        spin = nil
        view.spin(axis: SIMD3(1, 0, 0), angle: degrees * .pi / 180)
    }

    /// Turns the globe about the centre of the window (the heading: a sideways tilting drag).
    public mutating func turnHeading(degrees: Double) {
        flight = nil
        spin = nil
        view.spin(axis: SIMD3(0, 0, 1), angle: degrees * .pi / 180)
    }

    /// Tilts the view to `degrees` from straight down, within `GlobeView.tiltRange`. Tilting from
    /// straight down with the relief at 1× raises it to `GlobeStyle.tiltedExaggeration`: at true
    /// scale nothing stands up across the land (the hint says the exaggeration; [ lowers it).
    public mutating func setTilt(_ degrees: Double) {
        let wasTilted = view.isTilted
        view.tilt = degrees
        if !wasTilted, view.isTilted, style.exaggeration == 1 { style.exaggeration = GlobeStyle.tiltedExaggeration }
    }

    /// The tilt one key step more or less: steps of 10°, to the range's ends.
    public mutating func stepTilt(up: Bool) {
        let t = view.tilt
        setTilt(up ? (t / 10 + 1e-9).rounded(.down) * 10 + 10 : (t / 10 - 1e-9).rounded(.up) * 10 - 10)
    }

    /// Turns the globe to look straight down at `point`, north up, over `flightTicks` ticks;
    /// `zoom`, if given, is reached on the way.
    public mutating func turn(to point: GeoPoint, zoom: Double? = nil) {
        spin = nil
        let target = Rotation(lookingAt: point)
        // The turn from now to the target, in view axes: target · nowᵀ.
        let now = view.orientation
        let relative = target.composed(after: now.transposed)
        let (axis, angle) = relative.axisAngle
        let toZoom = min(GlobeView.maximumZoom, max(GlobeView.minimumZoom, zoom ?? view.zoom))
        guard angle > 1e-9 || abs(toZoom - view.zoom) > 1e-9 else { flight = nil; return }
        flight = Flight(start: now, axis: axis, angle: angle, fromZoom: view.zoom, toZoom: toZoom)
    }

    /// Jumps to a view at once (the command line, tests); keeps the tilt unless `view` is tilted.
    public mutating func show(_ view: GlobeView) {
        spin = nil
        flight = nil
        let tilt = self.view.tilt
        self.view = view
        if !view.isTilted { self.view.tilt = tilt }
    }

    /// The start view: the whole globe, Europe and Africa facing, straight down.
    public mutating func resetView() {
        show(.start)
        view.tilt = 0
    }

    // MARK: - Sea level

    public mutating func setLevel(_ metres: Double) {
        level = SeaLevel.rounded(metres)
    }

    /// Up/Down move 1 m (with Shift 0.1 m), Page Up/Page Down 10 m (with Shift 100 m).
    public enum LevelKey: Sendable, CaseIterable {
        case up, down, pageUp, pageDown
    }

    public mutating func press(_ key: LevelKey, shift: Bool = false) {
        let arrow = key == .up || key == .down
        let step: SeaLevel.Step = arrow ? (shift ? .tenth : .metre) : (shift ? .hundredMetres : .tenMetres)
        level = SeaLevel.stepped(level, by: step, count: key == .up || key == .pageUp ? 1 : -1)
    }

    public mutating func apply(_ preset: SeaLevel.Preset) { setLevel(preset.metres) }

    /// The slider's position (0…1) for the level.
    public var sliderPosition: Double { SeaLevel.sliderPosition(ofMetres: level) }

    public mutating func setSliderPosition(_ t: Double) { setLevel(SeaLevel.level(atSliderPosition: t)) }
}

extension Rotation {
    /// The inverse rotation.
    var transposed: Rotation {
        Rotation(rows: [SIMD3(m[0].x, m[1].x, m[2].x), SIMD3(m[0].y, m[1].y, m[2].y), SIMD3(m[0].z, m[1].z, m[2].z)])
    }

    /// The axis (unit) and angle (0…π) of this rotation.
    var axisAngle: (axis: SIMD3<Double>, angle: Double) {
        let trace = m[0].x + m[1].y + m[2].z
        let angle = acos(min(1, max(-1, (trace - 1) / 2)))
        if angle < 1e-12 { return (SIMD3(0, 0, 1), 0) }
        let skew = SIMD3(m[2].y - m[1].z, m[0].z - m[2].x, m[1].x - m[0].y)
        let s = (skew * skew).sum().squareRoot()
        if s > 1e-6 { return (skew / s, angle) }
        // Half a turn: the axis is the largest column of (R + I) / 2.
        let cols = [SIMD3(m[0].x + 1, m[1].x, m[2].x), SIMD3(m[0].y, m[1].y + 1, m[2].y), SIMD3(m[0].z, m[1].z, m[2].z + 1)]
        let best = cols.max { ($0 * $0).sum() < ($1 * $1).sum() }!
        return (best / (best * best).sum().squareRoot(), angle)
    }
}
