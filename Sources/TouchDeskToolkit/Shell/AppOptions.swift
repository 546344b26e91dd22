import ArgumentParser
import TouchDeskInterface
import Foundation

/// One app's own command-line options, declared with the app (`MandelbrotApp.CommandLineOptions`)
/// as swift-argument-parser options with their help: the registry gathers every app's into
/// `AppsCommandLine`, which the executable takes whole (`@OptionGroup`) without naming an app.
public protocol AppCommandLine: ParsableArguments {
    /// Every option's name, without dashes ("look-at").
    nonisolated static var names: [String] { get }
    /// The options given: name → the value as typed ("" for a flag).
    nonisolated var given: [String: String] { get }
}

extension AppCommandLine {
    /// `given` from each option's name and value (nil when not given).
    nonisolated public static func given(_ values: KeyValuePairs<String, String?>) -> [String: String] {
        var d: [String: String] = [:]
        for (name, value) in values { if let value { d[name] = value } }
        return d
    }
}

/// `--place NAME`, which Map Search and Sea Level both take (one declaration: the parser allows
/// no option twice).
nonisolated public struct PlaceCommandLine: AppCommandLine {
    @Option(help: ArgumentHelp(tr("Open Map Search with the best match for this place chosen, like \"Zürich\" (exit 2 if none)."), valueName: "name"))
    public var place: String?

    public init() {}
    public static let names = ["place"]
    public var given: [String: String] { Self.given(["place": place]) }
}

/// What the command line asks of the app it opens: the app's own options (`touchdesk mandelbrot
/// --journey 1-4`) and the file or address named after it. Each app declares its options
/// (`AppCommandLine`), says which are its own (`MiniApp.optionNames`), checks them before any
/// window opens (`check`), answers those that need no window (`answerWithoutWindow`: `--find`,
/// `--report`, `--save-page`) and applies the rest once its kept state has arrived (`apply`), so
/// the executable never needs to know which app it is talking to.
nonisolated public struct AppOptions: Sendable, Equatable {
    /// Option name without its dashes ("look-at") → the value as typed; "" for a flag.
    public var values: [String: String]
    /// The file or address the command line named for the app, as typed.
    public var document: String?
    /// The folder a relative file name is read from.
    public var currentDirectory: String
    /// Whether the command line renders a screenshot (which an option that answers without a
    /// window cannot go with).
    public var screenshot: Bool

    public init(values: [String: String] = [:], document: String? = nil,
                currentDirectory: String = FileManager.default.currentDirectoryPath, screenshot: Bool = false) {
        self.values = values
        self.document = document
        self.currentDirectory = currentDirectory
        self.screenshot = screenshot
    }

    public subscript(_ name: String) -> String? { values[name] }

    /// Whether the option was given (a flag or a value).
    public func has(_ name: String) -> Bool { values[name] != nil }

    /// Nothing for the app to apply.
    public var isEmpty: Bool { values.isEmpty && document == nil }

    /// `document` as an absolute path (a relative one is taken from `currentDirectory`).
    public var documentPath: String? {
        document.map { $0.hasPrefix("/") ? $0 : currentDirectory + "/" + $0 }
    }
}

/// An option an app cannot use, said for the user (the program exits with status 2).
nonisolated public struct AppOptionError: Error, CustomStringConvertible, Equatable {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Which app a command line's options are for, and whether they fit the app named.
nonisolated public enum AppOptionOwners {
    /// The app the options belong to: `named` if it takes them all; else the first app (in the
    /// registry's order) that takes them all. Throws the message for options no one app takes.
    public static func app(for names: Set<String>, named: String?, in entries: [AppEntry]) throws(AppOptionError) -> String? {
        let dashed = { (n: String) in "--" + n }
        if let named {
            guard let entry = entries.first(where: { $0.id == named }) else { return named }
            let foreign = names.subtracting(entry.optionNames).sorted()
            guard let first = foreign.first else { return named }
            let owners = entries.filter { $0.optionNames.contains(first) }.map(\.id)
            let list = foreign.map(dashed).joined(separator: ", ")
            let apps = owners.joined(separator: tr(" and "))
            throw AppOptionError(foreign.count == 1 ? trn("{0} is for the {1} app, not {2}", "{0} is for the {1} apps, not {2}", owners.count, list, apps, named)
                                                    : trn("{0} are for the {1} app, not {2}", "{0} are for the {1} apps, not {2}", owners.count, list, apps, named))
        }
        guard !names.isEmpty else { return nil }
        if let entry = entries.first(where: { names.isSubset(of: $0.optionNames) }) { return entry.id }
        let byApp = names.sorted().map { n in
            dashed(n) + " (" + entries.filter { $0.optionNames.contains(n) }.map(\.id).joined(separator: ", ") + ")"
        }
        throw AppOptionError(tr("these options are for different apps: {0}", byApp.joined(separator: ", ")))
    }
}
