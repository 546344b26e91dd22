/// The layer compositor's state: an ordered stack of named layers, each showing one picture or
/// nothing, each able to run its own looping frame animation.
///
/// Time is counted in the ticks the stack is stepped (60 a second, the host's frame clock), so the
/// model needs no clock: an animation started at tick s shows, at tick t, the frame for
/// (t − s) / 60 seconds.

/// A looping frame animation: `frames` in turn, each shown for an equal share of `period` seconds,
/// then again from the first.
public struct FrameAnimation: Equatable, Sendable {
    public let frames: [String]
    /// Seconds for one pass through every frame.
    public let period: Double

    public init(_ frames: [String], period: Double) {
        self.frames = frames
        self.period = period
    }

    /// The index of the frame shown `t` seconds after the animation started; nil without frames.
    /// Before the start, or with a period that is not a positive number, it is the first frame.
    public func frameIndex(at t: Double) -> Int? {
        guard !frames.isEmpty else { return nil }
        guard period > 0, period.isFinite, t > 0, t.isFinite else { return 0 }
        // The small nudge keeps t = k · period / n (a tick that lands exactly on a frame change,
        // up to rounding) on the new frame.
        let slot = (t * Double(frames.count) / period + 1e-9).rounded(.down)
        let i = slot.truncatingRemainder(dividingBy: Double(frames.count))
        return Int(i)
    }

    /// The frame shown `t` seconds after the start; nil without frames.
    public func frame(at t: Double) -> String? { frameIndex(at: t).map { frames[$0] } }
}

/// An ordered stack of named layers, back to front.
public struct LayerStack: Equatable, Sendable {
    public static let ticksPerSecond = 60.0

    public struct Layer: Equatable, Sendable {
        public let name: String
        /// The picture shown when no animation runs; nil shows nothing.
        public var still: String?
        public var animation: FrameAnimation?
        /// The tick the animation started at.
        public var animationStart = 0
    }

    public private(set) var layers: [Layer]
    /// Ticks stepped so far.
    public private(set) var ticks = 0

    /// A stack of empty layers, back to front. A repeated name keeps only its first place.
    public init(_ names: [String]) {
        var seen = Set<String>()
        layers = names.filter { seen.insert($0).inserted }.map { Layer(name: $0) }
    }

    public var names: [String] { layers.map(\.name) }

    /// Shows `picture` (nil: nothing) in `layer`, stopping that layer's animation. False when
    /// there is no such layer.
    @discardableResult
    public mutating func show(_ picture: String?, in layer: String) -> Bool {
        update(layer) { $0.still = picture; $0.animation = nil }
    }

    /// Starts `animation` in `layer` from its first frame, now. False when there is no such layer.
    @discardableResult
    public mutating func animate(_ layer: String, _ animation: FrameAnimation) -> Bool {
        let now = ticks
        return update(layer) { $0.animation = animation; $0.animationStart = now }
    }

    /// Stops `layer`'s animation; the layer shows its still picture again.
    @discardableResult
    public mutating func stopAnimation(in layer: String) -> Bool {
        update(layer) { $0.animation = nil }
    }

    public mutating func stopAllAnimations() {
        for i in layers.indices { layers[i].animation = nil }
    }

    private mutating func update(_ name: String, _ f: (inout Layer) -> Void) -> Bool {
        guard let i = layers.firstIndex(where: { $0.name == name }) else { return false }
        f(&layers[i])
        return true
    }

    /// Advances one tick (1/60 s).
    public mutating func tick() { ticks += 1 }

    public var isAnimating: Bool { layers.contains { $0.animation.map { $0.frames.count > 1 } ?? false } }

    /// What `layer` shows now: its animation's current frame, else its still picture.
    public func picture(in name: String) -> String? {
        guard let layer = layers.first(where: { $0.name == name }) else { return nil }
        return picture(of: layer)
    }

    private func picture(of layer: Layer) -> String? {
        if let a = layer.animation {
            return a.frame(at: Double(ticks - layer.animationStart) / Self.ticksPerSecond)
        }
        return layer.still
    }

    /// The pictures to draw now, back to front (layers showing nothing are left out).
    public var visiblePictures: [String] { layers.compactMap { picture(of: $0) } }
}
