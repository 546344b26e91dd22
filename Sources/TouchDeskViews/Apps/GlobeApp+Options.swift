import TouchDeskInterface
import TouchDeskModels

/// `touchdesk globe --look-at LAT,LON --zoom Z --sea-level M --exaggeration N --tilt DEGREES --heading DEGREES --place NAME`
/// (and `--report`, answered by the executable without a window).
extension GlobeApp {
    public nonisolated static var optionNames: Set<String> { ["look-at", "zoom", "sea-level", "exaggeration", "tilt", "heading", "place", "report"] }

    public nonisolated static func check(_ options: AppOptions) throws(AppOptionError) {
        if options.document != nil { throw AppOptionError(tr("a URL is for the web app (or a PNG file for paint), not {0}", "\(id)")) }
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
