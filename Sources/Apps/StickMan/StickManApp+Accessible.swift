import TouchDeskInterface
import TouchDeskModels
import TouchDeskToolkit

extension StickManApp {
    /// For a screen reader: what Stick Man is doing and saying (announced when he changes).
    public var accessibleContent: [AccessibleNode] {
        let doing: String
        switch model.mode {
        case nil: doing = tr("Stick Man stands with his arms up")
        case .happy?: doing = tr("Stick Man smiles with his arms up")
        case .sad?: doing = tr("Stick Man looks sad, his arms down")
        case .read?: doing = tr("Stick Man reads the newspaper, his eyes moving along the lines")
        case .fly?: doing = tr("Stick Man flies, flapping his arms as wings")
        case .pendulum?: doing = tr("Stick Man swings a pendulum from his outstretched arm")
        case .hat?: doing = tr("Stick Man stands")
        }
        return [AccessibleNode(id: "picture", role: .image, name: tr("Stick Man"), description: model.hasHat ? tr("{0}, wearing a hat", doing) : doing,
                               frame: pictureRect),
                AccessibleNode(id: "says", role: .label, name: tr("Stick Man says"), frame: bubbleRect,
                               text: AccessibleNode.TextState(tr(model.label)), isLive: true)]
    }
}
