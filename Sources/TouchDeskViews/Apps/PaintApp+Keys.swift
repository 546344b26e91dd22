import TouchDeskInterface

extension PaintApp {
    public var widgets: [any WidgetGroup] { fileDialog.map { [$0] } ?? (picker.isOpen ? [toolbar, picker] : [toolbar]) }
    public var takesEscape: Bool { fileDialog != nil || picker.isOpen }
    public var extraKeys: [KeyHelp] {
        [KeyHelp("Drag", "Paint"), KeyHelp("Alt+click", "Take the colour under the pointer (eyedropper)")]
    }
}
