import TouchDeskInterface
import TouchDeskToolkit

extension MapApp {
    /// For a screen reader: the suggestions as a list whose items are chosen as a click on the
    /// row chooses them, the one the arrows picked selected; and the app's message, announced.
    public var accessibleContent: [AccessibleNode] {
        var nodes: [AccessibleNode] = []
        if let list = search.accessibleList(verb: { tr("Show {0} on the map", $0.name) }) { nodes.append(list) }
        return nodes
    }
}

extension MapApp {
    public var widgets: [any WidgetGroup] { [search] }
    public var extraKeys: [KeyHelp] {
        [KeyHelp("Typing", "Search (typing on the map starts a new search)"), KeyHelp("Up, Down, Enter", "Move through the suggestions, pick one"),
         KeyHelp("Esc", "Close the list, leave the field, then go home"), KeyHelp("Drag, wheel", "Pan, zoom about the pointer"),
         KeyHelp("Click the map", "Name the nearest place")]
    }
}
