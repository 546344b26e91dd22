import TouchDeskInterface

/// The keys of every screen as a Markdown page (`touchdesk --keys`, docs/keys.md): made from the
/// keys the apps declare, the same data the F1 overlay shows, so the page cannot drift from them.
public enum KeysReference {
    public static let heading = "# Keys"

    public static func markdown(tiles: [Shell.Tile], environment: AppEnvironment) -> String {
        let shell = Shell(tiles: tiles, environment: environment)
        shell.layout(in: Size(900, 640), scale: 1)
        var out = heading + "\n\nEvery key TouchDesk answers to, screen by screen, as the keys overlay (F1) lists it. Made by "
            + "`touchdesk --keys` from the keys each app declares; a test checks this page against it.\n"
        func section(_ title: String, _ keys: [KeyHelp]) {
            out += "\n## \(title)\n\n| Keys | What they do |\n|---|---|\n"
            for k in keys { out += "| \(escaped(k.keys)) | \(escaped(k.action)) |\n" }
        }
        for (title, keys) in shell.keySections { section(title, keys) }
        // What works in any app (the focus ring, Esc), from the first app's overlay.
        if let first = shell.tiles.first, shell.open(id: first.entry.id), let every = shell.keySections.last {
            section("In every app", every.keys)
            shell.goHome()
        }
        for tile in shell.tiles {
            _ = shell.open(id: tile.entry.id)
            section("\(tile.entry.title) (`\(tile.entry.id)`)", shell.keySections.first?.keys ?? [])
            shell.goHome()
        }
        return out
    }

    private static func escaped(_ s: String) -> String { s.replacingOccurrences(of: "|", with: "\\|") }
}
