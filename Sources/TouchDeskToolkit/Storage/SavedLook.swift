import TouchDeskFiles
import TouchDeskInterface
import TouchDeskModels

/// The look chosen by hand (Ctrl+Shift+L), kept across restarts in `look.json` under the state
/// folder; "auto" (follow the desktop) is a choice like the others, so it comes back too.
nonisolated public struct SavedLook: Codable, Equatable, Sendable {
    public var look: ThemePreference

    public init(_ look: ThemePreference) { self.look = look }

    /// The kept choice, or nil when none was made (a damaged file is set aside by `DataFile`).
    public static func load(from dir: String) -> ThemePreference? {
        if case .loaded(let saved) = DataFile.load(SavedLook.self, name: "look.json", in: dir) { return saved.look }
        return nil
    }

    /// Keeps the choice; nil, or why not in one line (the look still changes for this run).
    public static func save(_ look: ThemePreference, to dir: String) -> String? {
        do {
            try DataFile.save(SavedLook(look), name: "look.json", in: dir)
            return nil
        } catch {
            return tr("The look is not kept for the next start: {0}", "\(error)")
        }
    }
}
