/// Every mini-app, in home-screen order, with the key that opens it from the home screen.
/// Adding an app: its model file, its view file, and one line here. The command line, the home
/// screen and the benchmark all read this list.
public enum Registry {
    public static let tiles: [Shell.Tile] = [
        Shell.Tile(AppEntry(PaintApp.self), key: "p"),
        Shell.Tile(AppEntry(PolygonApp.self), key: "o"),
        Shell.Tile(AppEntry(MandelbrotApp.self), key: "m"),
        Shell.Tile(AppEntry(AccelerometerApp.self), key: "a"),
        Shell.Tile(AppEntry(HolesApp.self), key: "h"),
        Shell.Tile(AppEntry(MazeApp.self), key: "z"),
        Shell.Tile(AppEntry(SpaceBallsApp.self), key: "b"),
        Shell.Tile(AppEntry(StickManApp.self), key: "s"),
        Shell.Tile(AppEntry(ImagesApp.self), key: "i"),
        Shell.Tile(AppEntry(TemperatureApp.self), key: "t"),
        Shell.Tile(AppEntry(DoublerApp.self), key: "d"),
        Shell.Tile(AppEntry(PostalApp.self), key: "c"),
        Shell.Tile(AppEntry(WebApp.self), key: "w"),
        Shell.Tile(AppEntry(MapApp.self), key: "l"),
        Shell.Tile(AppEntry(GlobeApp.self), key: "e"),
    ]
}
