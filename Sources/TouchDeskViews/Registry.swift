/// Every mini-app, in home-screen order, with the key that opens it from the home screen.
/// Adding an app: its model file, its view file, and one line here. The command line, the home
/// screen and the benchmark all read this list.
public enum Registry {
    public static let tiles: [Shell.Tile] = [
        Shell.Tile(AppEntry(PaintApp.self), key: "p"),
        Shell.Tile(AppEntry(PolygonApp.self), key: "o"),
        Shell.Tile(AppEntry(TemperatureApp.self), key: "t"),
        Shell.Tile(AppEntry(DoublerApp.self), key: "d"),
        Shell.Tile(AppEntry(PostalApp.self), key: "c"),
    ]
}
