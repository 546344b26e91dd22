import TouchDeskInterface
/// Stick Man: a stick figure built from picture layers; six buttons change his face, hands,
/// hat and newspaper, and start small looping animations (reading eyes, flying hands, a pendulum).
///
/// Every button but HAT stops whatever animation runs before it sets its own layers, so one
/// action's animation never keeps playing under another's pose; HAT only puts the hat on or off.
/// READ also lowers both arms behind the paper: the newspaper picture has its own hands holding it,
/// so every other action puts the paper away (else Read then Fly showed four hands), and every
/// action but PENDULUM takes the pendulum away. `mode` is the action whose pose shows now.

/// Every picture the Stick Man artwork has (the file names under assets/stickman/).
public enum StickManPicture: String, CaseIterable, Sendable {
    case background, baseline, legs, legsJumping
    case leftHandUp, leftHandDown, leftHandHorizontal
    case rightHandUp, rightHandDown, rightHandHorizontal
    case eyes, eyesLeft, eyesRight
    case happy, sad, hat, readThePaper
    case pendulum1, pendulum2
    case empty

    /// The side of every picture, in pixels: all layers are drawn on the same square so they line up.
    public static let side = 400
}

/// The layers, back to front.
public enum StickManLayer: String, CaseIterable, Sendable {
    case background, baseline, face, legs, leftHand, rightHand, newspaper, hat, pendulum, eyes
}

/// The six buttons, in order (keys 1–6).
public enum StickManAction: Int, CaseIterable, Sendable {
    case happy = 1, sad, hat, read, fly, pendulum

    public var title: String {
        switch self {
        case .happy: translatable("Happy")
        case .sad: translatable("Sad")
        case .hat: translatable("Hat")
        case .read: translatable("Read")
        case .fly: translatable("Fly")
        case .pendulum: translatable("Pendulum")
        }
    }
}

public struct StickManModel: Equatable, Sendable {
    public static let greeting = translatable("Hello! I am Stick Man.")
    /// One pass of each animation, in seconds.
    public static let readPeriod = 4.0
    public static let flyPeriod = 1.0
    public static let pendulumPeriod = 0.75

    public private(set) var stack = LayerStack(StickManLayer.allCases.map(\.rawValue))
    /// What Stick Man says.
    public private(set) var label = StickManModel.greeting
    /// The pose showing now (Happy, Sad, Read, Fly or Pendulum); nil at the start.
    public private(set) var mode: StickManAction?
    /// Fly shows wings, flapping with the arms.
    public var hasWings: Bool { mode == .fly }

    public init() {
        show(.background, in: .background)
        show(.baseline, in: .baseline)
        show(.legs, in: .legs)
        show(.leftHandUp, in: .leftHand)
        show(.rightHandUp, in: .rightHand)
        show(.eyes, in: .eyes)
    }

    public var hasHat: Bool { stack.picture(in: StickManLayer.hat.rawValue) != nil }

    public mutating func perform(_ action: StickManAction) {
        if action != .hat {
            stack.stopAllAnimations()
            mode = action
            if action != .read { show(nil, in: .newspaper) }
            if action != .pendulum { show(nil, in: .pendulum) }
        }
        switch action {
        case .happy:
            pose(face: .happy, left: .leftHandUp, right: .rightHandUp)
            show(nil, in: .newspaper)
            label = translatable("Life is good!")
        case .sad:
            pose(face: .sad, left: .leftHandDown, right: .rightHandDown)
            show(nil, in: .newspaper)
            label = translatable("My code doesn't run")
        case .hat:
            show(hasHat ? nil : .hat, in: .hat)
        case .read:
            show(.readThePaper, in: .newspaper)
            show(.leftHandDown, in: .leftHand)
            show(.rightHandDown, in: .rightHand)
            animate(.eyes, [.eyesRight, .eyes, .eyesLeft, .eyes], period: Self.readPeriod)
            label = translatable("Anything about iPhone 6?")
        case .fly:
            show(.happy, in: .face)
            show(.eyes, in: .eyes)
            animate(.leftHand, [.leftHandUp, .leftHandDown], period: Self.flyPeriod)
            animate(.rightHand, [.rightHandUp, .rightHandDown], period: Self.flyPeriod)
            label = translatable("I am flying!")
        case .pendulum:
            pose(face: .happy, left: .leftHandHorizontal, right: .rightHandUp)
            animate(.pendulum, [.pendulum1, .pendulum2], period: Self.pendulumPeriod)
            label = translatable("Check out my pendulum..")
        }
    }

    private mutating func pose(face: StickManPicture, left: StickManPicture, right: StickManPicture) {
        show(.eyes, in: .eyes)
        show(face, in: .face)
        show(left, in: .leftHand)
        show(right, in: .rightHand)
    }

    private mutating func show(_ p: StickManPicture?, in layer: StickManLayer) {
        stack.show(p?.rawValue, in: layer.rawValue)
    }

    private mutating func animate(_ layer: StickManLayer, _ frames: [StickManPicture], period: Double) {
        stack.animate(layer.rawValue, FrameAnimation(frames.map(\.rawValue), period: period))
    }

    /// Advances one 1/60 s tick; true while something animates.
    public mutating func tick() -> Bool {
        guard stack.isAnimating else { return false }
        stack.tick()
        return true
    }

    public var isAnimating: Bool { stack.isAnimating }

    /// What `layer` shows now.
    public func picture(in layer: StickManLayer) -> StickManPicture? {
        stack.picture(in: layer.rawValue).flatMap(StickManPicture.init(rawValue:))
    }

    /// The pictures to draw now, back to front.
    public var visiblePictures: [StickManPicture] { stack.visiblePictures.compactMap(StickManPicture.init(rawValue:)) }
}
