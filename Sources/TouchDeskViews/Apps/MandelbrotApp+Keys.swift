import TouchDeskInterface

extension MandelbrotApp {
    /// The toolbar; while "Save as…" asks for a size, its panel's field and buttons instead.
    public var widgets: [any WidgetGroup] { isAskingForSize ? [sizeForm] : [controls] }
    public var takesEscape: Bool { isAskingForSize }
    public var extraKeys: [KeyHelp] {
        [KeyHelp("Click, 1–4", "Zoom into that quadrant"), KeyHelp("Wheel, +", "Zoom about the pointer (+: the centre)"),
         KeyHelp("Drag, arrows", "Pan"), KeyHelp("-", "One step out"), KeyHelp("Home", "Back to the start view"),
         KeyHelp(", .", "Halve or double the cyclic palette's period"), KeyHelp("Shift+Ctrl+C", "Copy the whole journey")]
    }
}
