import TouchDeskInterface

extension PaintApp {
    public var widgets: [any WidgetGroup] { fileDialog.map { [$0] } ?? [controls, files.controls] }
    public var extraKeys: [KeyHelp] {
        [KeyHelp("Drag", "Paint"), KeyHelp("Ctrl+Y", "Redo"), KeyHelp("Backspace", "Clear the canvas (undoable)")]
    }
}
