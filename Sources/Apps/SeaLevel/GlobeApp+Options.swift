import ArgumentParser
import Foundation
import TouchDeskDrawing
import TouchDeskFiles
import TouchDeskGlobe
import TouchDeskInterface
import TouchDeskModels
import TouchDeskPlaces
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

/// Sea Level's command-line options (`--look-at`, `--zoom`, `--sea-level`, `--exaggeration`,
/// `--tilt`, `--heading`), checked with a message that says what is allowed.
extension GlobeApp {
    // MARK: - Command line

    /// Where `touchdesk globe` opens: `--look-at LAT,LON --zoom Z --sea-level METRES`.
    public struct StartOptions: Sendable {
        public var lookAt: GeoPoint?
        public var zoom: Double?
        public var seaLevel: Double?
        public var exaggeration: Double?
        public var tilt: Double?
        /// The compass direction the view faces, degrees (0 north, 90 east).
        public var heading: Double?
    }

    public struct OptionError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Checks the command line's globe options; the error says what is wrong and what is allowed.
    public nonisolated static func startOptions(lookAt: String?, zoom: String?, seaLevel: String?,
                                                exaggeration: String? = nil, tilt: String? = nil, heading: String? = nil) throws(OptionError) -> StartOptions {
        var o = StartOptions()
        if let heading {
            var s = heading.trimmingCharacters(in: .whitespaces)
            if s.hasSuffix("°") { s.removeLast() }
            guard let h = Double(s), h.isFinite, (0...360).contains(h) else {
                throw OptionError(description: tr("--heading takes the compass direction the view faces in degrees from 0 to 360 (0 north, 90 east), not \"{0}\"", echoed(heading)))
            }
            o.heading = h
        }
        if let tilt {
            let range = GlobeView.tiltRange
            var s = tilt.trimmingCharacters(in: .whitespaces)
            if s.hasSuffix("°") { s.removeLast() }
            guard let t = Double(s), t.isFinite, range.contains(t) else {
                throw OptionError(description: tr("--tilt takes degrees from {0} (straight down) to {1} (across the land to the horizon), not \"{2}\"", "\(Int(range.lowerBound))", "\(Int(range.upperBound))", echoed(tilt)))
            }
            o.tilt = t
        }
        if let exaggeration {
            let range = GlobeStyle.exaggerationRange
            guard let e = Double(exaggeration.trimmingCharacters(in: .whitespaces)), e.isFinite, range.contains(e) else {
                throw OptionError(description: tr("--exaggeration takes a number from {0} (true scale) to {1}, not \"{2}\"", "\(Int(range.lowerBound))", "\(Int(range.upperBound))", echoed(exaggeration)))
            }
            o.exaggeration = e
        }
        if let lookAt {
            let parts = lookAt.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, let lat = Double(parts[0]), let lon = Double(parts[1]), lat.isFinite, lon.isFinite else {
                throw OptionError(description: tr("--look-at takes LAT,LON in degrees, like 52.3,5.7 (south and west negative: --look-at=-33.9,151.2)"))
            }
            guard (-90...90).contains(lat), (-180...180).contains(lon) else {
                throw OptionError(description: tr("--look-at {0}: latitude must be within -90…90 and longitude within -180…180", echoed(lookAt)))
            }
            o.lookAt = GeoPoint(latitude: lat, longitude: lon)
        }
        if let zoom {
            guard let z = Double(zoom.trimmingCharacters(in: .whitespaces)), z.isFinite,
                  (GlobeView.minimumZoom...GlobeView.maximumZoom).contains(z) else {
                throw OptionError(description: tr("--zoom takes a number from {0} (the whole globe) to {1}, not \"{2}\"", "\(Int(GlobeView.minimumZoom))", "\(Int(GlobeView.maximumZoom))", echoed(zoom)))
            }
            o.zoom = z
        }
        if let seaLevel {
            var s = seaLevel.trimmingCharacters(in: .whitespaces)
            if s.hasSuffix("m") { s.removeLast() }
            s = s.replacingOccurrences(of: "\u{2212}", with: "-").trimmingCharacters(in: .whitespaces)
            if s.hasPrefix("+") { s.removeFirst() }
            guard let m = Double(s), m.isFinite, SeaLevel.metresRange.contains(m) else {
                throw OptionError(description: tr("--sea-level takes metres from {0} to +{1}, like 70, 0.44 or --sea-level=-120, not \"{2}\"", "\(SeaLevel.lowest)", "\(SeaLevel.highest)", echoed(seaLevel)))
            }
            o.seaLevel = m
        }
        return o
    }
}
