import TouchDeskInterface

extension MazeApp {
    public var widgets: [any WidgetGroup] { [controls] }
    public var extraKeys: [KeyHelp] {
        [KeyHelp("Click a cell", "Place or remove a block (with Start or Goal on: move it there)"),
         KeyHelp("Drag", "From an empty cell: draw blocks; from a block: erase them"),
         KeyHelp("Arrows (cursor on)", "Move the cell cursor (B builds; 1, 2 place start, goal)"),
         KeyHelp("Space, Enter (cursor on)", "Toggle its block, or put the start or goal there"),
         KeyHelp("Arrows, WASD", "Tilt while held"), KeyHelp("Space", "Level at once and brake the ball"),
         KeyHelp("Right-drag", "Tilt towards the pointer")]
    }
}
