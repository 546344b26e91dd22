import ArgumentParser
import TouchDeskInterface
import TouchDeskModels
import TouchDeskToolkit

/// `touchdesk map --place NAME` (`PlaceCommandLine`), and `--find QUERY`, answered without a window.
extension MapApp {
    nonisolated public struct CommandLineOptions: AppCommandLine {
        @Option(help: ArgumentHelp(tr("Print Map Search's suggestions for this query and exit (no X server): one per line, best first, tab-separated name, region, country, ISO code, latitude, longitude, kind. \"-\" reads one query per line from standard input and ends each query's rows with an empty line. Exit 2 when a single query matches nothing."), valueName: "query"))
        var find: String?

        public init() {}
        public static let names = ["find"]
        public var given: [String: String] { Self.given(["find": find]) }
    }

    public nonisolated static var optionNames: Set<String> { Set(PlaceCommandLine.names + CommandLineOptions.names) }

    public nonisolated static func check(_ options: AppOptions) throws(AppOptionError) {
        if options.document != nil { throw AppOptionError(tr("a URL is for the web app (or a PNG file for paint), not {0}", "\(id)")) }
        if options.has("find") && (options.has("place") || options.screenshot) { throw AppOptionError(tr("--find prints places and exits: give it without --place or --screenshot")) }
        if let place = options["place"], place.trimmingCharacters(in: .whitespaces).isEmpty { throw AppOptionError(tr("--place needs a place name")) }
    }

    /// `--find QUERY`: the suggestions as text (`FindPlaces`).
    public static func answerWithoutWindow(_ options: AppOptions, environment: AppEnvironment) throws(AppOptionError) -> Int32? {
        options["find"].map(FindPlaces.run)
    }

    public func apply(_ options: AppOptions) throws(AppOptionError) {
        guard let place = options["place"] else { return }
        // The index loads in milliseconds from its cache (a second the first time): wait for it here.
        finishLoading()
        if let problem = dataProblem { throw AppOptionError(problem) }
        if !choose(query: place) { throw AppOptionError(tr("no place matches \"{0}\"", echoed(place))) }
    }

    public func finishBackgroundWork() throws(AppOptionError) { finishLoading() }
}
