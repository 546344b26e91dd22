import TouchDeskInterface
import TouchDeskModels

extension StickManApp {
    /// For a screen reader: what Stick Man is doing and saying (announced when he changes).
    public var accessibleContent: [AccessibleNode] {
        let doing: String
        switch model.mode {
        case nil: doing = "Stick Man stands with his arms up"
        case .happy?: doing = "Stick Man smiles with his arms up"
        case .sad?: doing = "Stick Man looks sad, his arms down"
        case .read?: doing = "Stick Man reads the newspaper, his eyes moving along the lines"
        case .fly?: doing = "Stick Man flies, flapping his arms as wings"
        case .pendulum?: doing = "Stick Man swings a pendulum from his outstretched arm"
        case .hat?: doing = "Stick Man stands"
        }
        return [AccessibleNode(id: "picture", role: .image, name: "Stick Man", description: doing + (model.hasHat ? ", wearing a hat" : ""),
                               frame: pictureRect),
                AccessibleNode(id: "says", role: .label, name: "Stick Man says", frame: bubbleRect,
                               text: AccessibleNode.TextState(tr(model.label)), isLive: true)]
    }
}
