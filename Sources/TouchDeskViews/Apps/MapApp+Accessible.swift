import TouchDeskInterface

extension MapApp {
    /// For a screen reader: the suggestions as a list whose items are chosen as a click on the
    /// row chooses them, the one the arrows picked selected; and the app's message, announced.
    public var accessibleContent: [AccessibleNode] {
        var nodes: [AccessibleNode] = []
        if isListOpen {
            let items = suggestions.indices.map { i -> AccessibleNode in
                let s = suggestions[i], frame = list.rowRect(i)
                let name = s.place.name + (s.alias.map { " (\($0))" } ?? "")
                var states: AccessibleNode.States = [.enabled, .showing, .selectable]
                if i == selectedRow { states.insert(.selected) }
                return AccessibleNode(id: "suggestion.\(i)", role: .listItem, name: name, description: PlaceSearchList.detail(s.place), states: states,
                                      actions: [.click("choose", "Show \(s.place.name) on the map", on: frame)], frame: frame)
            }
            var states: AccessibleNode.States = [.enabled, .showing, .focusable]
            if searchFocus.isListFocused { states.insert(.focused) }
            nodes.append(AccessibleNode(id: "suggestions", role: .list, name: "Suggestions", states: states, frame: list.rect, children: items))
        }
        return nodes
    }
}
