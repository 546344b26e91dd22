import TouchDeskInterface

extension MazeApp {
    public var widgets: [any WidgetGroup] { [controls] }
    public var extraKeys: [KeyHelp] {
        [KeyHelp("Click or drag cells", "Place or remove blocks (with Start or Goal on: move it there)"),
         KeyHelp("Arrows, Space (Build on)", "Move the cell cursor; place or remove a block"), KeyHelp("Ctrl+Y", "Redo"),
         KeyHelp("Arrows, WASD", "Tilt while held"), KeyHelp("Space", "Level at once"),
         KeyHelp("Right-drag", "Tilt towards the pointer")]
    }
}
