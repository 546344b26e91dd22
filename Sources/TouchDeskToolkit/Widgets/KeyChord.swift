import TouchDeskInterface

/// A key with its modifiers, as a control declares it once: the toolbar shows it, `Controls`
/// answers it, and the keys overlay (F1) lists it, so the three cannot disagree.
///
/// A chord may name several keysyms that do the same ("minus" and "KP_Subtract"); the first is
/// the one shown.
public struct KeyChord: Equatable, Sendable, CustomStringConvertible {
    /// X keysym names ("z", "Left", "bracketleft"); any of them matches.
    public var names: [String]
    public var control: Bool
    /// nil: Shift either way (for keys whose shifted form is another symbol, "plus", "braceleft").
    public var shift: Bool?
    public var alt: Bool
    /// How the chord is written on a button and in the keys overlay: "Ctrl+Shift+Z", "[", "Space".
    public var shown: String

    public init(_ names: [String], control: Bool = false, shift: Bool? = nil, alt: Bool = false, shown: String? = nil) {
        self.names = names
        self.control = control
        self.shift = shift
        self.alt = alt
        self.shown = shown ?? Self.written(names.first ?? "", control: control, shift: shift ?? false, alt: alt)
    }

    /// A key without Ctrl or Alt: `.key("d")`, `.key("minus", "KP_Subtract", shown: "-")`.
    public static func key(_ names: String..., shift: Bool? = nil, shown: String? = nil) -> KeyChord {
        KeyChord(names, shift: shift, shown: shown)
    }

    /// Ctrl and a key: `.control("z")`, `.control("z", shift: true)` for Ctrl+Shift+Z.
    public static func control(_ name: String, shift: Bool = false, shown: String? = nil) -> KeyChord {
        KeyChord([name], control: true, shift: shift, shown: shown)
    }

    /// Alt and a key: `.alt("Left", shown: "Alt+←")`.
    public static func alt(_ name: String, shown: String? = nil) -> KeyChord {
        KeyChord([name], alt: true, shown: shown)
    }

    /// Whether the key pressed is this chord.
    public func matches(_ k: Key) -> Bool {
        guard k.control == control, k.alt == alt else { return false }
        if let shift, k.shift != shift { return false }
        return names.contains { name in k.name == name || (name.count == 1 && k.name.lowercased() == name.lowercased()) }
    }

    public var description: String { shown }

    /// Two chords written as one, what they share said once: "Ctrl+Up" and "Ctrl+Down" →
    /// "Ctrl+Up/Down", "Page Up" and "Page Down" → "Page Up/Down", "[" and "]" → "[/]".
    public static func pair(_ a: KeyChord, _ b: KeyChord) -> String {
        let x = Array(a.shown), y = Array(b.shown)
        var cut = 0
        for i in 0..<min(x.count, y.count) {
            guard x[i] == y[i] else { break }
            if x[i] == "+" || x[i] == " " { cut = i + 1 }
        }
        return a.shown + "/" + String(y[cut...])
    }

    /// Keysyms written as people know them.
    public static let names: [String: String] = [
        "minus": "-", "plus": "+", "equal": "=", "bracketleft": "[", "bracketright": "]", "braceleft": "{", "braceright": "}",
        "comma": ",", "period": ".", "slash": "/", "question": "?", "Escape": "Esc", "Return": "Enter", "space": "Space",
        "BackSpace": "⌫", "Delete": "Del", "Prior": "PgUp", "Next": "PgDn", "Left": "←", "Right": "→", "Up": "↑", "Down": "↓",
        "KP_Add": "+", "KP_Subtract": "-", "KP_Enter": "Enter",
    ]

    public static func written(_ name: String, control: Bool, shift: Bool, alt: Bool) -> String {
        let key = names[name] ?? (name.count == 1 ? name.uppercased() : name)
        return (control ? "Ctrl+" : "") + (alt ? "Alt+" : "") + (shift ? "Shift+" : "") + key
    }
}

/// What names a control: each app's `enum Control`. The name is what the layout check
/// (`--layout-json`) and the accessibility tree report; the app itself only ever switches on the case.
public protocol ControlID: Hashable {
    var name: String { get }
}

extension ControlID where Self: RawRepresentable, RawValue == String {
    public var name: String { rawValue }
}
