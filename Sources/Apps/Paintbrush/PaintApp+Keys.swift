import TouchDeskInterface
import TouchDeskToolkit

extension PaintApp {
    public var widgets: [any WidgetGroup] { fileDialog.map { [$0] } ?? (picker.isOpen ? [toolbar, picker] : toolbar.isPanelOpen ? [toolbar] : [toolbar, viewControls, brushKeys]) }
    public var takesEscape: Bool { fileDialog != nil || picker.isOpen || toolbar.isPanelOpen || picksNext }
    public var extraKeys: [KeyHelp] {
        [KeyHelp("Drag", "Paint"), KeyHelp("Alt+click", "Take the colour under the pointer (eyedropper)"),
         KeyHelp("Ctrl+wheel", "Zoom about the pointer"), KeyHelp("Wheel, Shift+wheel", "Scroll up and down, across"),
         KeyHelp("Space+drag", "Scroll by dragging the picture")]
    }
}
