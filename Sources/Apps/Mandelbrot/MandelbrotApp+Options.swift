import ArgumentParser
import TouchDeskInterface
import TouchDeskModels
import TouchDeskToolkit

/// `touchdesk mandelbrot --journey 1-4-4 | --center RE,IM --width W`.
extension MandelbrotApp {
    nonisolated public struct CommandLineOptions: AppCommandLine {
        @Option(help: ArgumentHelp(tr("Open Mandelbrot at the end of this quadrant journey, like 1-4-4-1-3-3."), valueName: "steps"))
        var journey: String?

        // Both take the next word whatever it looks like, so `--center -0.75,0.1` works and
        // `--width -1` is refused as a width, not as a missing value.
        @Option(parsing: .unconditional, help: ArgumentHelp(tr("Open Mandelbrot centred exactly here: RE,IM as decimals of any length, like -0.75,0.1."), valueName: "re,im"))
        var center: String?

        @Option(parsing: .unconditional, help: ArgumentHelp(tr("With --center: the width of the Mandelbrot view, like 3 or 1.5e-300 (down to 1e-1000)."), valueName: "w"))
        var width: String?

        public init() {}
        public static let names = ["journey", "center", "width"]
        public var given: [String: String] { Self.given(["journey": journey, "center": center, "width": width]) }
    }

    public nonisolated static var optionNames: Set<String> { Set(CommandLineOptions.names) }

    public nonisolated static func check(_ options: AppOptions) throws(AppOptionError) {
        // First: a value left out of --width leaves the next option's words as stray arguments.
        if options.has("center") || options.has("width") {
            if options.has("journey") { throw AppOptionError(tr("give either --journey or --center and --width, not both: they both say where the view is")) }
            _ = try window(options)
        }
        if options.document != nil { throw AppOptionError(tr("a URL is for the web app (or a PNG file for paint), not {0}", "\(id)")) }
        if let journey = options["journey"] {
            do { _ = try MandelbrotJourney.parse(journey) } catch { throw AppOptionError(tr("--journey: {0}", "\(error)")) }
        }
    }

    /// The view `--center` and `--width` give, if any; both are needed.
    nonisolated static func window(_ options: AppOptions) throws(AppOptionError) -> MandelbrotWindow? {
        guard options.has("center") || options.has("width") else { return nil }
        guard let center = options["center"], let width = options["width"] else {
            throw AppOptionError(options.has("center") ? "--center needs --width W too" : "--width needs --center RE,IM too")
        }
        // Both take the next word unconditionally: an option there means the value was left out.
        if center.hasPrefix("--") { throw AppOptionError(tr("--center needs RE,IM before the next option (it got {0})", echoed(center, limit: 40))) }
        if width.hasPrefix("--") { throw AppOptionError(tr("--width needs W before the next option (it got {0})", echoed(width, limit: 40))) }
        do { return try MandelbrotWindow.parse(center: center, width: width) } catch { throw AppOptionError("\(error)") }
    }

    public func apply(_ options: AppOptions) throws(AppOptionError) {
        if let journey = options["journey"] {
            do { try go(journey: journey) } catch { throw AppOptionError(tr("--journey: {0}", "\(error)")) }
        }
        if let window = try Self.window(options) { go(window: window) }
    }

    public func finishBackgroundWork() throws(AppOptionError) { finishRendering() }
}
