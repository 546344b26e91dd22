import TouchDeskInterface

/// Which look the window takes: asked for by hand (`--theme light|dark`), or following the
/// desktop (`auto`).
public enum ThemePreference: String, CaseIterable, Sendable, Codable {
    case auto, light, dark

    /// The next look of the key that switches it by hand: follow the desktop, light, dark, and round.
    public var next: ThemePreference { next(desktopIsDark: true) }

    /// The next look, going first to the look the desktop does not have, so the first press always
    /// changes what shows: on a dark desktop follow, light, dark; on a light one follow, dark, light.
    public func next(desktopIsDark: Bool) -> ThemePreference {
        switch self {
        case .auto: desktopIsDark ? .light : .dark
        case .light: desktopIsDark ? .dark : .auto
        case .dark: desktopIsDark ? .auto : .light
        }
    }
}

/// Decides between the dark and the light look from what the desktop says.
///
/// GTK reads `GTK_THEME` before anything the desktop says, so we do too; then the freedesktop
/// appearance portal's colour scheme (GNOME's and KDE's "prefer dark" switch), when a portal runs
/// and the person chose one; then the settings manager's `Net/ThemeName`. A theme
/// is dark by its name's convention: "Adwaita-dark", "Arc-Dark", "Yaru-dark", "Arc-Dark-solid",
/// and `GTK_THEME`'s "Adwaita:dark" variant. When no desktop names a theme (a bare X server,
/// a window manager without a settings daemon) TouchDesk keeps its own dark look.
public enum ThemeChoice {
    public static func prefersDark(_ preference: ThemePreference, gtkTheme: String?, colorScheme: DesktopColorScheme? = nil,
                                   desktopThemeName: String?) -> Bool {
        switch preference {
        case .light: return false
        case .dark: return true
        case .auto:
            if let g = gtkTheme, !g.isEmpty { return isDarkName(g) }
            if colorScheme == .preferDark { return true }
            if colorScheme == .preferLight { return false }
            if let n = desktopThemeName, !n.isEmpty { return isDarkName(n) }
            return true
        }
    }

    /// Whether a theme's name says dark ("Adwaita-dark", "Adwaita:dark"); "Darkness" alone does not.
    public static func isDarkName(_ name: String) -> Bool {
        let l = name.lowercased()
        return l.hasSuffix("-dark") || l.hasSuffix(":dark") || l.hasSuffix("_dark") || l.contains("-dark-")
    }
}
