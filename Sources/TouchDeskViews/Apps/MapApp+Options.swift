import TouchDeskInterface
import TouchDeskModels

/// `touchdesk map --place NAME` (and `--find QUERY`, answered by the executable without a window).
extension MapApp {
    public nonisolated static var optionNames: Set<String> { ["place", "find"] }

    public nonisolated static func check(_ options: AppOptions) throws(AppOptionError) {
        if options.document != nil { throw AppOptionError(tr("a URL is for the web app (or a PNG file for paint), not {0}", "\(id)")) }
        if options.has("find") && options.has("place") { throw AppOptionError(tr("--find prints places and exits: give it without --place or --screenshot")) }
        if let place = options["place"], place.trimmingCharacters(in: .whitespaces).isEmpty { throw AppOptionError(tr("--place needs a place name")) }
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
