import TouchDeskInterface

extension MandelbrotApp {
    public var widgets: [any WidgetGroup] { [controls] }
    public var extraKeys: [KeyHelp] {
        [KeyHelp("Click, 1–4", "Zoom into that quadrant"), KeyHelp("Wheel, +", "Zoom about the pointer (+: the centre)"),
         KeyHelp("Drag, arrows", "Pan"), KeyHelp("-", "One step out"), KeyHelp("Home", "Back to the start view"),
         KeyHelp(", .", "Halve or double the cyclic palette's period"), KeyHelp("Shift+Ctrl+C", "Copy the whole journey")]
    }
}
