import TouchDeskDrawing

/// The one palette every screen draws with.
public enum Theme {
    public static let background = Color(hex: 0x1b1d23)
    public static let bar = Color(hex: 0x262932)
    public static let control = Color(hex: 0x363a46)
    public static let controlHover = Color(hex: 0x454a59)
    public static let controlPressed = Color(hex: 0x5a61d6)
    public static let controlOn = Color(hex: 0x4a51b8)
    public static let text = Color(hex: 0xf2f3f7)
    public static let dimText = Color(hex: 0xa3a8b8)
    public static let accent = Color(hex: 0x7b83ff)
    public static let error = Color(hex: 0xd9485b)
    public static let success = Color(hex: 0x3aa66b)
}
