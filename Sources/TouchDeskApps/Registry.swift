import ArgumentParser
import TouchDeskToolkit
import AppPaintbrush
import AppPolygon
import AppMandelbrot
import AppAccelerometer
import AppHoles
import AppMaze
import AppSpaceBalls
import AppStickMan
import AppAddingImages
import AppTemperature
import AppDoubler
import AppPostalCodes
import AppWebPages
import AppMapSearch
import AppSeaLevel

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

/// Every app's own command-line options (each declared with its app), for the executable's
/// `@OptionGroup`: `touchdesk --help` lists them in this order. An app with options of its own
/// adds its group here and names them in its `optionNames`.
public struct AppsCommandLine: nonisolated ParsableArguments {
    @OptionGroup var mandelbrot: MandelbrotApp.CommandLineOptions
    @OptionGroup var place: PlaceCommandLine
    @OptionGroup var map: MapApp.CommandLineOptions
    @OptionGroup var globe: GlobeApp.CommandLineOptions
    @OptionGroup var web: WebApp.CommandLineOptions

    nonisolated public init() {}

    /// The options given, name (without dashes) → value as typed ("" for a flag), for `AppOptions`.
    nonisolated public var given: [String: String] {
        [mandelbrot.given, place.given, map.given, globe.given, web.given].reduce(into: [:]) { $0.merge($1) { a, _ in a } }
    }
}

/// The parser fills it once, on the main thread, and it is only read after. (Its property wrappers
/// hold plain values; Swift 6.3 refuses `Sendable` on the declaration of a `nonisolated` struct
/// with wrapped properties.)
extension AppsCommandLine: @unchecked Sendable {}
