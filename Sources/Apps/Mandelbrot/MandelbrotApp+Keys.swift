import TouchDeskInterface
import TouchDeskToolkit

extension MandelbrotApp {
    /// The toolbar; while "Save as…" asks for a size or a file, its panel's or dialog's controls instead.
    public var widgets: [any WidgetGroup] { bigSave.widgets ?? [controls] }
    public var takesEscape: Bool { bigSave.isOpen }
    public var extraKeys: [KeyHelp] {
        [KeyHelp("Click", "Zoom into that quadrant"), KeyHelp("Wheel", "Zoom about the pointer"), KeyHelp("Drag", "Pan"),
         KeyHelp("Hold click", "Fly in toward the pointer; move it to steer"), KeyHelp("Hold right button", "Fly out"),
         KeyHelp("Wheel while flying", "Change the flight's speed")]
    }
}
