import TouchDeskInterface
/// Adding Images' state: the seed's five pictures as layers of one composite, back to front, each
/// shown or hidden, in an order the user can change.
public struct ImageLayers: Equatable, Sendable {
    public struct Layer: Equatable, Sendable {
        public let picture: StickManPicture
        public var isVisible = true
    }

    /// Back to front: the first is drawn first, under all the others.
    public private(set) var layers: [Layer]
    private let original: [StickManPicture]

    public init(_ pictures: [StickManPicture]) {
        original = pictures
        layers = pictures.map { Layer(picture: $0) }
    }

    /// The pictures the composite shows, back to front.
    public var visiblePictures: [StickManPicture] { layers.filter(\.isVisible).map(\.picture) }

    /// Hides a shown layer or shows a hidden one; nothing for an index out of range.
    public mutating func toggle(_ i: Int) {
        guard layers.indices.contains(i) else { return }
        layers[i].isVisible.toggle()
    }

    /// Moves the layer at `from` to stack position `to` (clamped), the others keeping their order.
    public mutating func move(from: Int, to: Int) {
        guard layers.indices.contains(from) else { return }
        let target = min(max(to, 0), layers.count - 1)
        guard target != from else { return }
        let layer = layers.remove(at: from)
        layers.insert(layer, at: target)
    }

    /// Every layer shown, in the first order.
    public mutating func reset() { layers = original.map { Layer(picture: $0) } }
}

extension StickManPicture {
    /// The picture's name in words, for captions: "Reading the paper", not "readThePaper".
    public var words: String {
        switch self {
        case .background: translatable("Background")
        case .baseline: translatable("Body")
        case .legs: translatable("Legs")
        case .legsJumping: translatable("Legs jumping")
        case .leftHandUp: translatable("Left hand up")
        case .leftHandDown: translatable("Left hand down")
        case .leftHandHorizontal: translatable("Left hand out")
        case .rightHandUp: translatable("Right hand up")
        case .rightHandDown: translatable("Right hand down")
        case .rightHandHorizontal: translatable("Right hand out")
        case .eyes: translatable("Eyes")
        case .eyesLeft: translatable("Eyes left")
        case .eyesRight: translatable("Eyes right")
        case .happy: translatable("Happy face")
        case .sad: translatable("Sad face")
        case .hat: translatable("Hat")
        case .readThePaper: translatable("Reading the paper")
        case .pendulum1, .pendulum2: translatable("Pendulum")
        case .empty: translatable("Nothing")
        }
    }
}
