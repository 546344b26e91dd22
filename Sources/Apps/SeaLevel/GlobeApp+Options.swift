import ArgumentParser
import TouchDeskFiles
import TouchDeskInterface
import TouchDeskModels
import TouchDeskToolkit

/// `touchdesk globe --look-at LAT,LON --zoom Z --sea-level M --exaggeration N --tilt DEGREES --heading DEGREES --place NAME`
/// (`--place` is `PlaceCommandLine`), and `--report`, answered without a window.
extension GlobeApp {
    nonisolated public struct CommandLineOptions: AppCommandLine {
        @Option(name: .customLong("look-at"), help: ArgumentHelp(tr("Open Sea Level looking down at LAT,LON in degrees (south and west negative: --look-at=-33.9,151.2)."), valueName: "lat,lon"))
        var lookAt: String?

        @Option(help: ArgumentHelp(tr("Open Sea Level at this zoom: 1 shows the whole globe, 48 single 5′ cells."), valueName: "z"))
        var zoom: String?

        @Option(name: .customLong("sea-level"), help: ArgumentHelp(tr("Open Sea Level with the sea this many metres above today's (-11000 to 9000; --sea-level=-120 for below)."), valueName: "metres"))
        var seaLevel: String?

        @Option(help: ArgumentHelp(tr("Open Sea Level with the relief exaggerated this many times, 1 to 50 (mountains on the rim stand off it)."), valueName: "n"))
        var exaggeration: String?

        @Option(help: ArgumentHelp(tr("Open Sea Level tilted this many degrees from straight down towards the horizon, 0 to 80."), valueName: "degrees"))
        var tilt: String?

        @Option(help: ArgumentHelp(tr("Open Sea Level facing this compass direction, 0 to 360 degrees (0 north, 90 east)."), valueName: "degrees"))
        var heading: String?

        @Flag(help: ArgumentHelp(tr("With --sea-level (and --place NAME): print what the level means as JSON, without an X server, and exit.")))
        var report = false

        public init() {}
        public static let names = ["look-at", "zoom", "sea-level", "exaggeration", "tilt", "heading", "report"]
        public var given: [String: String] {
            Self.given(["look-at": lookAt, "zoom": zoom, "sea-level": seaLevel, "exaggeration": exaggeration, "tilt": tilt,
                        "heading": heading, "report": report ? "" : nil])
        }
    }

    public nonisolated static var optionNames: Set<String> { Set(PlaceCommandLine.names + CommandLineOptions.names) }

    public nonisolated static func check(_ options: AppOptions) throws(AppOptionError) {
        if options.document != nil { throw AppOptionError(tr("a URL is for the web app (or a PNG file for paint), not {0}", "\(id)")) }
        if options.has("report"), options.screenshot { throw AppOptionError(tr("give either --report or --screenshot, not both")) }
        if let place = options["place"], place.trimmingCharacters(in: .whitespaces).isEmpty { throw AppOptionError(tr("--place needs a place name")) }
        _ = try startOptions(options)
    }

    /// The view and level the options ask for.
    nonisolated static func startOptions(_ options: AppOptions) throws(AppOptionError) -> StartOptions {
        do {
            return try startOptions(lookAt: options["look-at"], zoom: options["zoom"], seaLevel: options["sea-level"],
                                    exaggeration: options["exaggeration"], tilt: options["tilt"], heading: options["heading"])
        } catch {
            throw AppOptionError(error.description)
        }
    }

    /// `--report`: what the level means, as JSON (`GlobeReport`).
    public static func answerWithoutWindow(_ options: AppOptions, environment: AppEnvironment) throws(AppOptionError) -> Int32? {
        guard options.has("report") else { return nil }
        let level = try startOptions(options).seaLevel ?? 0
        do {
            print(try GlobeReport.json(level: level, placeName: options["place"], cacheDirectory: environment.cacheDirectory) { warn($0) })
        } catch {
            throw AppOptionError("\(error)")
        }
        return 0
    }

    public func apply(_ options: AppOptions) throws(AppOptionError) {
        let start = try Self.startOptions(options)
        if options.has("look-at") || options.has("zoom") || options.has("sea-level") || options.has("exaggeration") || options.has("tilt") || options.has("heading") { self.start(start) }
        guard let place = options["place"] else { return }
        finishLoading()
        if let placesError { throw AppOptionError(placesError) }
        if !choose(query: place) { throw AppOptionError(tr("no place matches \"{0}\"", echoed(place))) }
    }

    public func finishBackgroundWork() throws(AppOptionError) { finishLoading() }
}
