import TouchDeskInterface

extension MandelbrotApp {
    /// The toolbar; while "Save as…" asks for a size, its panel's field and buttons instead.
    public var widgets: [any WidgetGroup] { isAskingForSize ? [sizeForm] : [controls] }
    public var takesEscape: Bool { isAskingForSize }
    public var extraKeys: [KeyHelp] {
        [KeyHelp("Click", "Zoom into that quadrant"), KeyHelp("Wheel", "Zoom about the pointer"), KeyHelp("Drag", "Pan")]
    }
}
