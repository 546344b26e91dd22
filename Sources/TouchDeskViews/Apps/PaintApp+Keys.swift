import TouchDeskInterface

extension PaintApp {
    public var widgets: [any WidgetGroup] { fileDialog.map { [$0] } ?? (picker.isOpen ? [toolbar, picker] : toolbar.isPanelOpen ? [toolbar] : [toolbar, viewControls]) }
    public var takesEscape: Bool { fileDialog != nil || picker.isOpen || toolbar.isPanelOpen || picksNext }
    public var extraKeys: [KeyHelp] {
        [KeyHelp("Drag", "Paint"), KeyHelp("← → ↑ ↓", "Move the keyboard brush"), KeyHelp("Space", "Paint a dab; hold with the arrows to paint"),
         KeyHelp("Shift+← → ↑ ↓", "Draw a straight line"), KeyHelp("Alt+click", "Take the colour under the pointer (eyedropper)"),
         KeyHelp("Ctrl+wheel", "Zoom about the pointer"), KeyHelp("Wheel, Shift+wheel", "Scroll up and down, across"),
         KeyHelp("Space+drag", "Scroll by dragging the picture")]
    }
}
