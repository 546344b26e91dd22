/// What a mini-app is told: the host turns X events into these, so no app ever sees an XEvent.

/// A key press, named by its X keysym name ("Left", "Return", "a", "bracketleft").
public struct Key: Equatable, Sendable, CustomStringConvertible {
    /// The keysym name without modifiers, e.g. "z", "Z", "Escape", "plus", "KP_Add".
    public var name: String
    /// The text the key types, if any ("" for Return, arrows and with Ctrl held).
    public var text: String
    public var control: Bool
    public var shift: Bool
    public var alt: Bool

    public init(_ name: String, text: String = "", control: Bool = false, shift: Bool = false, alt: Bool = false) {
        self.name = name; self.text = text; self.control = control; self.shift = shift; self.alt = alt
    }

    /// True when this is `name` (case-insensitive for single letters) with exactly these modifiers.
    /// Shift is ignored for keys whose shifted form is a different symbol ("plus", "bracketright").
    public func `is`(_ name: String, control: Bool = false, shift: Bool? = nil) -> Bool {
        let sameName = self.name == name || (name.count == 1 && self.name.lowercased() == name.lowercased())
        guard sameName, self.control == control, !alt else { return false }
        if let shift { return self.shift == shift }
        return true
    }

    public var description: String {
        (control ? "Ctrl+" : "") + (alt ? "Alt+" : "") + (shift ? "Shift+" : "") + name
    }
}

/// One input event in an app's own coordinates.
public enum InputEvent: Equatable, Sendable {
    /// The primary button went down (a touch began).
    case touchBegan(Point)
    /// The pointer moved with the primary button held.
    case touchMoved(Point)
    /// The primary button was released.
    case touchEnded(Point)
    /// The secondary (right) button went down, moved, came up: e.g. tilting by mouse.
    case secondaryBegan(Point)
    case secondaryMoved(Point)
    case secondaryEnded(Point)
    /// The primary button went down with Alt held: "take what is under the pointer" (the paint
    /// eyedropper). No touch follows it; apps with no use for it ignore it.
    case altClick(Point)
    /// The middle button was pressed: X's "paste the primary selection here".
    case middleClick(Point)
    /// The pointer moved with no button held (for hover feedback).
    case hover(Point)
    /// The pointer left the window.
    case leave
    /// The mouse wheel turned at a point: `dy` < 0 is away from the user (up).
    case scroll(Point, dy: Double)
    /// The wheel turned sideways (Shift+wheel, or a tilt wheel): `dx` < 0 is to the left.
    case scrollSideways(Point, dx: Double)
    case key(Key)
    case keyUp(Key)
    /// A tilt of the "device" in g.
    case tilt(Vector3)
    /// Text arrived from the clipboard or the primary selection, as the app asked.
    case paste(String)
    /// A picture arrived from the clipboard, as the app asked (`Clipboard.requestPicturePaste`).
    case pastedPicture(PastedPicture)
}

/// What came of asking the clipboard for a picture.
public enum PastedPicture: Equatable, Sendable {
    /// The picture, as PNG bytes (not yet checked: they come from another program).
    case png([UInt8])
    /// No PNG picture: why, as a phrase for the user ("the clipboard holds only text").
    case unavailable(String)
}
