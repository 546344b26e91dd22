import TouchDeskInterface

extension MapApp {
    /// For a screen reader: the suggestions as a list whose items are chosen as a click on the
    /// row chooses them, the one the arrows picked selected; and the app's message, announced.
    public var accessibleContent: [AccessibleNode] {
        var nodes: [AccessibleNode] = []
        if let list = list.accessibleNode(focused: searchFocus.isListFocused, verb: { tr("Show {0} on the map", $0.name) }) { nodes.append(list) }
        return nodes
    }
}
