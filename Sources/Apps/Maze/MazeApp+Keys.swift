import TouchDeskInterface
import TouchDeskToolkit

extension MazeApp {
    public var widgets: [any WidgetGroup] { [controls] }
    public var extraKeys: [KeyHelp] {
        [KeyHelp("Click a cell", "Place or remove a block (with Start or Goal on: move it there)"),
         KeyHelp("Drag", "From an empty cell: draw blocks; from a block: erase them"),
         KeyHelp("Right-drag", "Tilt towards the pointer")]
    }
}
