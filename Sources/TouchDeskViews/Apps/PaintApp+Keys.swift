import TouchDeskInterface

extension PaintApp {
    public var widgets: [any WidgetGroup] { [controls] }
    public var extraKeys: [KeyHelp] {
        [KeyHelp("Drag", "Paint"), KeyHelp("Ctrl+Y", "Redo"), KeyHelp("Backspace", "Clear the canvas (undoable)")]
    }
}
