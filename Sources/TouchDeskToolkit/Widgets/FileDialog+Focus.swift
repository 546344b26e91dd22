/// The file dialog keeps its own keyboard: Tab completes the name typed or moves between the field
/// and the list, the arrows move in the list, Enter opens or chooses. So it holds the focus with
/// nothing for the shell's ring (`FocusChain`): every key reaches the dialog as before.
extension FileDialog: Focusing {
    public var focusables: [Focusable] { [] }
    public func isFocused(_ item: Focusable) -> Bool { false }
    public func setKeyboardFocus(_ item: Focusable?) {}
    public var holdsFocus: Bool { true }
}
